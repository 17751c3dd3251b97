/* Entry points of the elementwise optimizers of experimental/optim (optim_ew_plan.h): one spec
 * per API with the op definition's names, dtypes and chips. */
#include <string.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "optim_ew_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define A2 NN_CHIP(ACLEMU_FAMILY_A2)
#define C950 NN_CHIP(ACLEMU_FAMILY_950)

static const oe_spec adam_apply_one = {
    OE_ADAM_APPLY_ONE, A2, NN_FLOATS, 0, 10, 3, 0,
    {"input0", "input1", "input2", "input3", "input4", "mul0_x", "mul1_x", "mul2_x", "mul3_x", "add2_y"},
    {"output0", "output1", "output2"}};
static const oe_spec adam_apply_one_decay = {
    OE_ADAM_APPLY_ONE_DECAY, A2, NN_FLOATS, 0, 11, 3, 0,
    {"input0", "input1", "input2", "input3", "input4", "mul0_x", "mul1_x", "mul2_x", "mul3_x", "mul4_x", "add2_y"},
    {"output0", "output1", "output2"}};
static const oe_spec gradient_descent = {OE_GRADIENT_DESCENT, A2, NN_FLOATS, 1u << 1, 3, 1, 1,
                                         {"varRef", "alpha", "delta"}, {"varRef"}};
static const oe_spec adagrad_d = {OE_ADAGRAD, A2, NN_FLOATS, 1u << 2, 4, 2, 1,
                                  {"varRef", "accumRef", "lr", "grad"}, {"varRef", "accumRef"}};
static const oe_spec adam_d = {
    OE_ADAM, A2, NN_FLOATS, 0x1f8u /* beta1Power .. epsilon */, 10, 3, 0,
    {"var", "m", "v", "beta1Power", "beta2Power", "lr", "beta1", "beta2", "epsilon", "grad"},
    {"varOut", "mOut", "vOut"}};
static const oe_spec rms_prop = {OE_RMS_PROP, C950, NN_FLOATS, 0, 4, 3, 0, {"var", "ms", "mom", "grad"},
                                 {"varOut", "msOut", "momOut"}};
static const oe_spec centered_rms_prop = {
    OE_CENTERED_RMS_PROP, C950, DT(FLOAT) | DT(FLOAT16), 0xf0u /* lr .. epsilon */, 9, 4, 0,
    {"var", "mg", "ms", "mom", "lr", "rho", "momentum", "epsilon", "grad"},
    {"varOut", "mgOut", "msOut", "momOut"}};
/* ApplyProximalGradientDescent: the tiling compares the element counts of var, delta and varOut
 * only (apply_proximal_gradient_descent_tiling.cpp, GetShapeAttrsInfo); alpha / l1 / l2 are read
 * at element 0 (the README: 0-d or [1]). */
static const oe_spec proximal_gd = {OE_PROXIMAL_GD, C950, DT(FLOAT) | DT(FLOAT16), 0xeu /* alpha l1 l2 */, 5, 1, 0,
                                    {"var", "alpha", "l1", "l2", "delta"}, {"varOut"}, 1, NULL};
static const oe_spec proximal_adagrad = {OE_PROXIMAL_ADAGRAD, C950, DT(FLOAT), 0x1cu /* lr l1 l2 */, 6, 2, 0,
                                         {"var", "accum", "lr", "l1", "l2", "grad"}, {"varOut", "accumOut"}};

aclnnStatus aclemu_plan_AdamApplyOne(aclOpExecutor *executor, const aclTensor *input0, const aclTensor *input1,
                                     const aclTensor *input2, const aclTensor *input3, const aclTensor *input4,
                                     const aclTensor *mul0_x, const aclTensor *mul1_x, const aclTensor *mul2_x,
                                     const aclTensor *mul3_x, const aclTensor *add2_y, const aclTensor *output0,
                                     const aclTensor *output1, const aclTensor *output2)
{
    const aclTensor *in[] = {input0, input1, input2, input3, input4, mul0_x, mul1_x, mul2_x, mul3_x, add2_y};
    const aclTensor *out[] = {output0, output1, output2};
    return oe_plan(executor, &adam_apply_one, in, out, NULL, 0, 0);
}

aclnnStatus aclemu_plan_AdamApplyOneWithDecay(aclOpExecutor *executor, const aclTensor *input0, const aclTensor *input1,
                                              const aclTensor *input2, const aclTensor *input3, const aclTensor *input4,
                                              const aclTensor *mul0_x, const aclTensor *mul1_x, const aclTensor *mul2_x,
                                              const aclTensor *mul3_x, const aclTensor *mul4_x, const aclTensor *add2_y,
                                              const aclTensor *output0, const aclTensor *output1,
                                              const aclTensor *output2)
{
    const aclTensor *in[] = {input0, input1, input2, input3, input4, mul0_x, mul1_x, mul2_x, mul3_x, mul4_x, add2_y};
    const aclTensor *out[] = {output0, output1, output2};
    return oe_plan(executor, &adam_apply_one_decay, in, out, NULL, 0, 0);
}

/* The Assign variant computes the same three results (its kernel writes output0..2 only). */
aclnnStatus aclemu_plan_AdamApplyOneWithDecayAssign(aclOpExecutor *executor, const aclTensor *input0,
                                                    const aclTensor *input1, const aclTensor *input2,
                                                    const aclTensor *input3, const aclTensor *input4,
                                                    const aclTensor *mul0_x, const aclTensor *mul1_x,
                                                    const aclTensor *mul2_x, const aclTensor *mul3_x,
                                                    const aclTensor *mul4_x, const aclTensor *add2_y,
                                                    const aclTensor *output0, const aclTensor *output1,
                                                    const aclTensor *output2)
{
    const aclTensor *in[] = {input0, input1, input2, input3, input4, mul0_x, mul1_x, mul2_x, mul3_x, mul4_x, add2_y};
    const aclTensor *out[] = {output0, output1, output2};
    return oe_plan(executor, &adam_apply_one_decay, in, out, NULL, 0, 0);
}

aclnnStatus aclemu_plan_ApplyGradientDescent(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *alpha,
                                             const aclTensor *delta)
{
    const aclTensor *in[] = {varRef, alpha, delta};
    return oe_plan(executor, &gradient_descent, in, NULL, NULL, 0, 0);
}

aclnnStatus aclemu_plan_ApplyAdagradD(aclOpExecutor *executor, aclTensor *varRef, aclTensor *accumRef,
                                      const aclTensor *lr, const aclTensor *grad, bool updateSlots, bool useLocking)
{
    (void)useLocking; /* no concurrent updates to guard against */
    const aclTensor *in[] = {varRef, accumRef, lr, grad};
    return oe_plan(executor, &adagrad_d, in, NULL, NULL, 0, updateSlots);
}

aclnnStatus aclemu_plan_ApplyAdamD(aclOpExecutor *executor, const aclTensor *var, const aclTensor *m,
                                   const aclTensor *v, const aclTensor *beta1Power, const aclTensor *beta2Power,
                                   const aclTensor *lr, const aclTensor *beta1, const aclTensor *beta2,
                                   const aclTensor *epsilon, const aclTensor *grad, bool useLocking, bool useNesterov,
                                   const aclTensor *varOut, const aclTensor *mOut, const aclTensor *vOut)
{
    (void)useLocking;
    const aclTensor *in[] = {var, m, v, beta1Power, beta2Power, lr, beta1, beta2, epsilon, grad};
    const aclTensor *out[] = {varOut, mOut, vOut};
    return oe_plan(executor, &adam_d, in, out, NULL, 0, useNesterov);
}

aclnnStatus aclemu_plan_ApplyRmsProp(aclOpExecutor *executor, const aclTensor *var, const aclTensor *ms,
                                     const aclTensor *mom, const aclTensor *grad, double lr, double rho,
                                     double momentum, double epsilon, const aclTensor *varOut, const aclTensor *msOut,
                                     const aclTensor *momOut)
{
    const aclTensor *in[] = {var, ms, mom, grad};
    const aclTensor *out[] = {varOut, msOut, momOut};
    const double s[] = {(float)lr, (float)rho, (float)momentum, (float)epsilon}; /* float attributes */
    return oe_plan(executor, &rms_prop, in, out, s, 4, 0);
}

aclnnStatus aclemu_plan_ApplyCenteredRMSProp(aclOpExecutor *executor, const aclTensor *var, const aclTensor *mg,
                                             const aclTensor *ms, const aclTensor *mom, const aclTensor *lr,
                                             const aclTensor *rho, const aclTensor *momentum, const aclTensor *epsilon,
                                             const aclTensor *grad, const aclTensor *varOut, const aclTensor *mgOut,
                                             const aclTensor *msOut, const aclTensor *momOut)
{
    const aclTensor *in[] = {var, mg, ms, mom, lr, rho, momentum, epsilon, grad};
    const aclTensor *out[] = {varOut, mgOut, msOut, momOut};
    return oe_plan(executor, &centered_rms_prop, in, out, NULL, 0, 0);
}

aclnnStatus aclemu_plan_ApplyProximalAdagrad(aclOpExecutor *executor, const aclTensor *var, const aclTensor *accum,
                                             const aclTensor *lr, const aclTensor *l1, const aclTensor *l2,
                                             const aclTensor *grad, const aclTensor *varOut, const aclTensor *accumOut)
{
    const aclTensor *in[] = {var, accum, lr, l1, l2, grad};
    const aclTensor *out[] = {varOut, accumOut};
    return oe_plan(executor, &proximal_adagrad, in, out, NULL, 0, 0);
}

aclnnStatus aclemu_plan_ApplyProximalGradientDescent(aclOpExecutor *executor, const aclTensor *var,
                                                     const aclTensor *alpha, const aclTensor *l1, const aclTensor *l2,
                                                     const aclTensor *delta, aclTensor *varOut)
{
    const aclTensor *in[] = {var, alpha, l1, l2, delta};
    const aclTensor *out[] = {varOut};
    return oe_plan(executor, &proximal_gd, in, out, NULL, 0, 0);
}

/* ApplyAdadelta / ApplyAdamax have hand-written op_apis (experimental/optim/apply_adadelta,
 * apply_adamax; 950 kernels) with their own checks: nulls (scalars included; 161001) -> var FLOAT
 * or FLOAT16, the other inputs of var's dtype -> ranks 1..8 (a 0-d tensor is refused) and the
 * inputs' shapes equal -> the scalars' ranges (161002). The outputs are written by a ViewCopy of
 * var-shaped results: we ask them to have var's dtype and shape (161002). An empty var returns
 * before any launch; other chips than the 950 are refused after the checks. */
static aclnnStatus hw_check(const char *api, const aclTensor *const *ts, const char *const *ns, int nin)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, ts[0], ns[0], DT(FLOAT) | DT(FLOAT16))))
        return st;
    for (int i = 1; i < nin; i++)
        if ((st = aclemu_check_same_dtype(api, ts[0], ns[0], ts[i], ns[i])))
            return st;
    for (int i = 0; i < nin; i++) {
        if (ts[i]->ndim == 0)
            return ACLEMU_PARAM_ERROR(api, "0-dim scalar Tensor is not supported; supported dim range is 1~8.");
        if ((st = aclemu_check_shape(api, ts[i], ns[i], 8)))
            return st;
    }
    for (int i = 1; i < nin; i++)
        if ((st = aclemu_check_same_shape(api, ts[0], ns[0], ts[i], ns[i])))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus hw_outputs(const char *api, const aclTensor *var, const aclTensor *const *outs,
                              const char *const *ons, int nout)
{
    aclnnStatus st;
    for (int k = 0; k < nout; k++)
        if ((st = aclemu_check_same_dtype(api, var, "var", outs[k], ons[k])) ||
            (st = aclemu_check_same_shape(api, var, "var", outs[k], ons[k])))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus hw_range(const char *api, const char *name, float v, float lo, int lo_open, float hi)
{
    if ((lo_open ? v > lo : v >= lo) && v < hi)
        return ACLNN_SUCCESS;
    if (hi > 1e30f)
        return ACLEMU_PARAM_ERROR(api, "%s must be %s %g, got %f", name, lo_open ? ">" : ">=", (double)lo, (double)v);
    return ACLEMU_PARAM_ERROR(api, "%s must be in [%g, %g), got %f", name, (double)lo, (double)hi, (double)v);
}

static const oe_spec adadelta = {OE_ADADELTA, C950, DT(FLOAT) | DT(FLOAT16), 0, 4, 3, 0,
                                 {"var", "accum", "accumUpdate", "grad"}, {"varOut", "accumOut", "accumUpdateOut"}};
static const oe_spec adamax = {OE_ADAMAX, C950, DT(FLOAT) | DT(FLOAT16), 0, 4, 3, 0, {"var", "m", "v", "grad"},
                               {"varOut", "mOut", "vOut"}};

aclnnStatus aclemu_plan_ApplyAdadelta(aclOpExecutor *executor, const aclTensor *var, const aclTensor *accum,
                                      const aclTensor *accumUpdate, const aclScalar *lr, const aclScalar *rho,
                                      const aclScalar *epsilon, const aclTensor *grad, aclTensor *varOut,
                                      aclTensor *accumOut, aclTensor *accumUpdateOut)
{
    const char *api = aclemu_exec_api(executor);
    const void *all[] = {var, accum, accumUpdate, lr, rho, epsilon, grad, varOut, accumOut, accumUpdateOut};
    const char *names[] = {"var", "accum", "accumUpdate", "lr", "rho", "epsilon", "grad", "varOut", "accumOut",
                           "accumUpdateOut"};
    aclnnStatus st;
    for (int i = 0; i < 10; i++)
        if ((st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    const aclTensor *in[] = {var, accum, accumUpdate, grad};
    const aclTensor *out[] = {varOut, accumOut, accumUpdateOut};
    float s[] = {(float)aclemu_scalar_to_f64(lr), (float)aclemu_scalar_to_f64(rho), (float)aclemu_scalar_to_f64(epsilon)};
    if ((st = hw_check(api, in, adadelta.in_names, 4)) ||
        (st = hw_range(api, "lr", s[0], 0.0f, 0, 3e38f)) || (st = hw_range(api, "epsilon", s[2], 0.0f, 1, 3e38f)) ||
        (st = hw_range(api, "rho", s[1], 0.0f, 0, 1.0f)) ||
        (st = hw_outputs(api, var, out, adadelta.out_names, 3)))
        return st;
    if (aclemu_tensor_numel(var) == 0)
        return ACLNN_SUCCESS;
    if ((st = nn_chip_gate(api, C950)))
        return st;
    const double sd[] = {s[0], s[1], s[2]};
    return oe_launch(executor, &adadelta, in, out, sd, 3, 0);
}

aclnnStatus aclemu_plan_ApplyAdamax(aclOpExecutor *executor, const aclTensor *var, const aclTensor *m,
                                    const aclTensor *v, const aclScalar *beta1Power, const aclScalar *lr,
                                    const aclScalar *beta1, const aclScalar *beta2, const aclScalar *epsilon,
                                    const aclTensor *grad, aclTensor *varOut, aclTensor *mOut, aclTensor *vOut)
{
    const char *api = aclemu_exec_api(executor);
    const void *all[] = {var, m, v, beta1Power, lr, beta1, beta2, epsilon, grad, varOut, mOut, vOut};
    const char *names[] = {"var", "m", "v", "beta1Power", "lr", "beta1", "beta2", "epsilon", "grad", "varOut",
                           "mOut", "vOut"};
    aclnnStatus st;
    for (int i = 0; i < 12; i++)
        if ((st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    const aclTensor *in[] = {var, m, v, grad};
    const aclTensor *out[] = {varOut, mOut, vOut};
    float s[] = {(float)aclemu_scalar_to_f64(beta1Power), (float)aclemu_scalar_to_f64(lr),
                 (float)aclemu_scalar_to_f64(beta1), (float)aclemu_scalar_to_f64(beta2),
                 (float)aclemu_scalar_to_f64(epsilon)};
    if ((st = hw_check(api, in, adamax.in_names, 4)) ||
        (st = hw_range(api, "epsilon", s[4], 0.0f, 0, 3e38f)) || (st = hw_range(api, "beta1Power", s[0], 0.0f, 0, 1.0f)) ||
        (st = hw_range(api, "beta1", s[2], 0.0f, 0, 1.0f)) || (st = hw_range(api, "beta2", s[3], 0.0f, 0, 1.0f)) ||
        (st = hw_outputs(api, var, out, adamax.out_names, 3)))
        return st;
    if (aclemu_tensor_numel(var) == 0)
        return ACLNN_SUCCESS;
    if ((st = nn_chip_gate(api, C950)))
        return st;
    const double sd[] = {s[0], s[1], s[2], s[3], s[4]};
    return oe_launch(executor, &adamax, in, out, sd, 5, 0);
}

/* ApplyFtrl (experimental/optim/apply_ftrl, hand-written op_api, an ascend910b kernel): nulls
 * (161001) -> varRef FLOAT / FLOAT16 / BF16, every other tensor of its dtype -> accumRef /
 * linearRef / grad of varRef's shape, lr / l1 / l2 / lrPower of one element each (161002) -> an
 * empty var returns; other chips than the 910B are refused after the checks. var, accum and
 * linear are updated in place. */
static const oe_spec ftrl = {OE_FTRL, A2, NN_FLOATS, 0xf0u /* lr l1 l2 lrPower */, 8, 3, 1,
                             {"varRef", "accumRef", "linearRef", "grad", "lr", "l1", "l2", "lrPower"},
                             {"varRef", "accumRef", "linearRef"}};

aclnnStatus aclemu_plan_ApplyFtrl(aclOpExecutor *executor, aclTensor *varRef, aclTensor *accumRef, aclTensor *linearRef,
                                  const aclTensor *grad, const aclTensor *lr, const aclTensor *l1, const aclTensor *l2,
                                  const aclTensor *lrPower, bool useLocking)
{
    (void)useLocking;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *in[] = {varRef, accumRef, linearRef, grad, lr, l1, l2, lrPower};
    aclnnStatus st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_notnull(api, in[i], ftrl.in_names[i])))
            return st;
    if ((st = aclemu_check_dtype(api, varRef, "varRef", NN_FLOATS)))
        return st;
    for (int i = 1; i < 8; i++)
        if ((st = aclemu_check_same_dtype(api, varRef, "varRef", in[i], ftrl.in_names[i])))
            return st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_shape(api, in[i], ftrl.in_names[i], 8)))
            return st;
    for (int i = 1; i < 4; i++)
        if ((st = aclemu_check_same_shape(api, varRef, "varRef", in[i], ftrl.in_names[i])))
            return st;
    if (aclemu_tensor_numel(lr) != 1 || aclemu_tensor_numel(l1) != 1 || aclemu_tensor_numel(l2) != 1 ||
        aclemu_tensor_numel(lrPower) != 1)
        return ACLEMU_PARAM_ERROR(api, "lr/l1/l2/lrPower must be scalar (0-D or 1-element). Got numel lr=%lld, l1=%lld, "
                                  "l2=%lld, lrPower=%lld.", (long long)aclemu_tensor_numel(lr),
                                  (long long)aclemu_tensor_numel(l1), (long long)aclemu_tensor_numel(l2),
                                  (long long)aclemu_tensor_numel(lrPower));
    if (aclemu_tensor_numel(varRef) == 0)
        return ACLNN_SUCCESS;
    if ((st = nn_chip_gate(api, A2)))
        return st;
    return oe_launch(executor, &ftrl, in, NULL, NULL, 0, 0);
}

/* ApplyKerasMomentum (optim/apply_keras_momentum; generated aclnn layer, an ascend950 kernel):
 * nulls (161001) -> the 950 (161002) -> var FLOAT / FLOAT16 / BF16 with accum and grad of its
 * dtype, lr and momentum FLOAT whatever var is (the definition's dtype table; 161002) -> ND
 * formats -> the arch35 tiling's refusals (561002): rank above 8, accum or grad of another shape
 * than var (a 0-d tensor counts as [1]). lr and momentum are read at element 0 (we also refuse an
 * empty one, which the kernel would read past). var and accum are updated in place; the header
 * declares accum const, as the generated layers of reference-updating ops do. */
static const oe_spec keras_momentum = {OE_KERAS_MOMENTUM, C950, NN_FLOATS, 0x14u /* lr momentum */, 5, 2, 1,
                                       {"varRef", "accum", "lr", "grad", "momentum"}, {"varRef", "accum"}};

static int km_same_shape(const aclTensor *a, const aclTensor *b)
{
    static const int64_t one = 1;
    const int64_t *sa = a->ndim ? a->shape : &one, *sb = b->ndim ? b->shape : &one;
    int na = a->ndim ? (int)a->ndim : 1, nb = b->ndim ? (int)b->ndim : 1;
    return na == nb && memcmp(sa, sb, (size_t)na * sizeof(int64_t)) == 0;
}

aclnnStatus aclemu_plan_ApplyKerasMomentum(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *accum,
                                           const aclTensor *lr, const aclTensor *grad, const aclTensor *momentum,
                                           bool useLocking, bool useNesterov)
{
    (void)useLocking;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *in[] = {varRef, accum, lr, grad, momentum};
    const char *const *ns = keras_momentum.in_names;
    aclnnStatus st;
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_notnull(api, in[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, C950)) || (st = aclemu_check_dtype(api, varRef, ns[0], NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, varRef, ns[0], accum, ns[1])) ||
        (st = aclemu_check_same_dtype(api, varRef, ns[0], grad, ns[3])) ||
        (st = aclemu_check_dtype(api, lr, ns[2], DT(FLOAT))) || (st = aclemu_check_dtype(api, momentum, ns[4], DT(FLOAT))))
        return st;
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_format(api, in[i], ns[i])))
            return st;
    if (varRef->ndim > 8)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "var rank must be in [0, 8], got %d", (int)varRef->ndim);
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_shape(api, in[i], ns[i], 8)))
            return st;
    if (!km_same_shape(varRef, accum))
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, "shape(var) != shape(accum)");
    if (!km_same_shape(varRef, grad))
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, "shape(var) != shape(grad)");
    for (int i = 2; i < 5; i += 2)
        if (aclemu_tensor_numel(in[i]) < 1)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                                   "%s should hold one element, but is empty.", ns[i]);
    if (aclemu_tensor_numel(varRef) == 0)
        return ACLNN_SUCCESS;
    return oe_launch(executor, &keras_momentum, in, NULL, NULL, 0, useNesterov);
}
