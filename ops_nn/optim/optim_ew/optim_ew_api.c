/* Entry points of the elementwise optimizers of experimental/optim (optim_ew_plan.h): one spec
 * per API with the op definition's names, dtypes and chips. */
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
