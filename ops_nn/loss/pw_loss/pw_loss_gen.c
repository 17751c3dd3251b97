/* The experimental losses of ops-nn on the pointwise loss kernel: BinaryCrossEntropyV2,
 * BinaryCrossEntropyGradV2, HingeLoss(+Grad), HuberLoss(+Grad), MseLossGrad, L2Loss,
 * HingeEmbeddingLoss, GaussianNllLoss. Their aclnn layer is generated from the op definition (no op_api in the tree), which registers an AI Core
 * kernel for ascend910b only, so: nulls (161001) -> the chip (161002 off the A2) -> the first
 * tensor's dtype in the op definition's list, the others of that dtype (161002) -> ND formats ->
 * then what the host tiling refuses (561002): operands of other shapes than the first (the kernels
 * walk one flat element count; HuberLoss says "requires equal shapes"), HuberLoss's delta <= 0,
 * L2Loss's y of other than one element. Inputs of any strides are accepted (AutoContiguous in the
 * definition); an empty input launches nothing (no reduction but L2Loss, whose sum of nothing is 0). */
#include <math.h>
#include <string.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "pw_loss_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)

#define GEN_TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* The generated checks over the tensors of one call, in prototype order (pw_loss_plan.h). */
aclnnStatus pw_gen_check(const char *api, const aclTensor *const *ts, const char *const *ns, int n,
                         aclemu_dtype_set dtypes)
{
    aclnnStatus st;
    for (int i = 0; i < n; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))) || (st = aclemu_check_dtype(api, ts[0], ns[0], dtypes)))
        return st;
    for (int i = 1; i < n; i++)
        if ((st = aclemu_check_same_dtype(api, ts[0], ns[0], ts[i], ns[i])))
            return st;
    for (int i = 0; i < n; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    return ACLNN_SUCCESS;
}

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    return a->ndim == b->ndim && memcmp(a->shape, b->shape, a->ndim * sizeof(int64_t)) == 0;
}

/* The tiling's refusal of t (named n) whose shape is not ref's (named rn). */
static aclnnStatus shape_error(const char *api, const aclTensor *t, const char *n, const aclTensor *ref, const char *rn)
{
    char s0[256], s1[256];
    return GEN_TILING_ERROR(api, "%s shape %s should be the same as %s shape %s.", n,
                            aclemu_shape_str(t->shape, t->ndim, s0, sizeof s0), rn,
                            aclemu_shape_str(ref->shape, ref->ndim, s1, sizeof s1));
}

/* pw_gen_check, then every tensor of ts[0]'s shape. */
static aclnnStatus gen_check_same(const char *api, const aclTensor *const *ts, const char *const *ns, int n,
                                  aclemu_dtype_set dtypes)
{
    aclnnStatus st = pw_gen_check(api, ts, ns, n, dtypes);
    for (int i = 1; i < n && !st; i++)
        if (!same_shape(ts[i], ts[0]))
            st = shape_error(api, ts[i], ns[i], ts[0], ns[0]);
    return st;
}

/* out = f(x, t) * mults * scale; an empty x launches nothing. */
static aclnnStatus gen_ew(aclOpExecutor *ex, pw_loss_op op, const aclTensor *x, const aclTensor *t,
                          const aclTensor *const *mults, int nmul, double beta, double scale, const aclTensor *out,
                          const char *oname)
{
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    pw_call c = {NULL, x, t, NULL, NULL, out, NULL, oname, 0, beta};
    return pw_loss_ew(ex, op, &c, mults, nmul, scale);
}

#define GEN_FLOATS (DT(FLOAT) | DT(FLOAT16) | DT(BF16))

aclnnStatus aclemu_plan_BinaryCrossEntropyV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *y,
                                             const aclTensor *z)
{
    const aclTensor *ts[] = {x, y, z};
    const char *ns[] = {"x", "y", "z"};
    aclnnStatus st = gen_check_same(aclemu_exec_api(executor), ts, ns, 3, DT(FLOAT) | DT(FLOAT16));
    return st ? st : gen_ew(executor, PW_BCE_NOCLAMP, x, y, NULL, 0, 0, 1.0, z, "z");
}

/* z = (logits - labels) * grad * weight; reduction is read by the tiling and not used. */
aclnnStatus aclemu_plan_BinaryCrossEntropyGradV2(aclOpExecutor *executor, const aclTensor *grad,
                                                 const aclTensor *logits, const aclTensor *labels,
                                                 const aclTensor *weight, int64_t reduction, const aclTensor *z)
{
    (void)reduction;
    const aclTensor *ts[] = {grad, logits, labels, weight, z};
    const char *ns[] = {"grad", "logits", "labels", "weight", "z"};
    aclnnStatus st = gen_check_same(aclemu_exec_api(executor), ts, ns, 5, DT(FLOAT) | DT(FLOAT16) | DT(INT32) | DT(INT16));
    const aclTensor *mults[] = {grad, weight};
    return st ? st : gen_ew(executor, PW_SUB, logits, labels, mults, 2, 0, 1.0, z, "z");
}

aclnnStatus aclemu_plan_HingeLoss(aclOpExecutor *executor, const aclTensor *predict, const aclTensor *target,
                                  const aclTensor *loss)
{
    const aclTensor *ts[] = {predict, target, loss};
    const char *ns[] = {"predict", "target", "loss"};
    aclnnStatus st = gen_check_same(aclemu_exec_api(executor), ts, ns, 3, GEN_FLOATS);
    return st ? st : gen_ew(executor, PW_HINGE, predict, target, NULL, 0, 0, 1.0, loss, "loss");
}

aclnnStatus aclemu_plan_HingeLossGrad(aclOpExecutor *executor, const aclTensor *predict, const aclTensor *target,
                                      const aclTensor *gradOutput, const aclTensor *gradInput)
{
    const aclTensor *ts[] = {predict, target, gradOutput, gradInput};
    const char *ns[] = {"predict", "target", "gradOutput", "gradInput"};
    aclnnStatus st = gen_check_same(aclemu_exec_api(executor), ts, ns, 4, GEN_FLOATS);
    const aclTensor *mults[] = {gradOutput};
    return st ? st : gen_ew(executor, PW_HINGE_BWD, predict, target, mults, 1, 0, 1.0, gradInput, "gradInput");
}

aclnnStatus aclemu_plan_HuberLoss(aclOpExecutor *executor, const aclTensor *predictions, const aclTensor *targets,
                                  double delta, const aclTensor *loss)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[] = {predictions, targets, loss};
    const char *ns[] = {"predictions", "targets", "loss"};
    aclnnStatus st = gen_check_same(api, ts, ns, 3, GEN_FLOATS);
    if (st)
        return st;
    float d = (float)delta; /* the attribute is a float */
    if (!(d > 0.0f))
        return GEN_TILING_ERROR(api, "HuberLoss requires delta > 0, but delta is %g.", (double)d);
    return gen_ew(executor, PW_HUBER, predictions, targets, NULL, 0, d, 1.0, loss, "loss");
}

aclnnStatus aclemu_plan_HuberLossGrad(aclOpExecutor *executor, const aclTensor *predictions, const aclTensor *targets,
                                      double delta, const aclTensor *gradOutput)
{
    const aclTensor *ts[] = {predictions, targets, gradOutput};
    const char *ns[] = {"predictions", "targets", "gradOutput"};
    aclnnStatus st = gen_check_same(aclemu_exec_api(executor), ts, ns, 3, GEN_FLOATS);
    return st ? st : gen_ew(executor, PW_HUBER_BWD, predictions, targets, NULL, 0, (float)delta, 1.0, gradOutput,
                            "gradOutput");
}

/* y = (predict - label) * dout * (reduction "mean" ? 2 / numel : 2); any other reduction string
 * scales by 2 (the tiling compares with "mean" only). dout holds predict's shape or one element. */
aclnnStatus aclemu_plan_MseLossGrad(aclOpExecutor *executor, const aclTensor *predict, const aclTensor *label,
                                    const aclTensor *dout, char *reduction, const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[] = {predict, label, dout, y};
    const char *ns[] = {"predict", "label", "dout", "y"};
    aclnnStatus st = pw_gen_check(api, ts, ns, 4, GEN_FLOATS);
    if (st)
        return st;
    if (!same_shape(label, predict))
        return shape_error(api, label, "label", predict, "predict");
    if (!same_shape(y, predict))
        return shape_error(api, y, "y", predict, "predict");
    if (!same_shape(dout, predict) && (aclemu_tensor_numel(dout) != 1 || dout->ndim > predict->ndim))
        return shape_error(api, dout, "dout", predict, "predict");
    if (!reduction)
        return aclemu_check_notnull(api, reduction, "reduction");
    int64_t n = aclemu_tensor_numel(predict);
    double scale = strcmp(reduction, "mean") == 0 ? (float)(1.0f / (float)n * 2.0f) : 2.0;
    const aclTensor *mults[] = {dout};
    return gen_ew(executor, PW_SUB, predict, label, mults, 1, 0, scale, y, "y");
}

/* y = sum(x^2) / 2 into one element. */
aclnnStatus aclemu_plan_L2Loss(aclOpExecutor *executor, const aclTensor *x, const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[] = {x, y};
    const char *ns[] = {"x", "y"};
    aclnnStatus st = pw_gen_check(api, ts, ns, 2, GEN_FLOATS);
    if (st)
        return st;
    if (aclemu_tensor_numel(y) != 1)
        return GEN_TILING_ERROR(api, "y should hold one element, but holds %lld.", (long long)aclemu_tensor_numel(y));
    pw_call c = {NULL, x, NULL, NULL, NULL, y, NULL, "y", 2, 0};
    return pw_loss_reduce(executor, PW_HALF_SQUARE, &c, x->shape, x->ndim, 0);
}

/* The reduction attribute of HingeEmbeddingLoss / GaussianNllLoss (0 none, 1 mean, 2 sum) and
 * their tilings' check of loss: input's shape for none, one element otherwise (561002). */
static aclnnStatus reduced_loss(const char *api, const char *reduction, const aclTensor *loss, const aclTensor *input,
                                int *red)
{
    *red = strcmp(reduction, "none") == 0 ? 0 : strcmp(reduction, "mean") == 0 ? 1 : strcmp(reduction, "sum") == 0 ? 2 : -1;
    if (*red < 0)
        return GEN_TILING_ERROR(api, "reduction must be none, sum, or mean, but is \"%s\".", reduction);
    if (*red == 0 && !same_shape(loss, input))
        return shape_error(api, loss, "loss", input, "input");
    if (*red && aclemu_tensor_numel(loss) != 1)
        return GEN_TILING_ERROR(api, "reduced loss must contain one element, but holds %lld.",
                                (long long)aclemu_tensor_numel(loss));
    return ACLNN_SUCCESS;
}

/* HingeEmbeddingLoss: the tiling then refuses a non-finite margin, a reduction other than
 * "none" / "sum" / "mean", a none loss of other than input's shape, a reduced loss of other than
 * one element (561002). */
aclnnStatus aclemu_plan_HingeEmbeddingLoss(aclOpExecutor *executor, const aclTensor *input, const aclTensor *target,
                                           double margin, char *reduction, const aclTensor *loss)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[] = {input, target, loss};
    const char *ns[] = {"input", "target", "loss"};
    aclnnStatus st;
    if ((st = pw_gen_check(api, ts, ns, 3, GEN_FLOATS)) || (st = aclemu_check_notnull(api, reduction, "reduction")))
        return st;
    if (!same_shape(target, input))
        return shape_error(api, target, "target", input, "input");
    float m = (float)margin;
    if (!isfinite(m))
        return GEN_TILING_ERROR(api, "margin must be finite, but is %g.", (double)m);
    int red;
    if ((st = reduced_loss(api, reduction, loss, input, &red)))
        return st;
    if (red == 0)
        return gen_ew(executor, PW_HINGE_EMBEDDING, input, target, NULL, 0, m, 1.0, loss, "loss");
    pw_call c = {NULL, input, target, NULL, NULL, loss, NULL, "loss", red, m};
    return pw_loss_reduce(executor, PW_HINGE_EMBEDDING, &c, input->shape, input->ndim, red == 1);
}

/* GaussianNllLoss: after the generated checks, its tiling's refusals (561002) in order: target
 * neither input's shape nor of its rank with exactly one differing dim, that dim 1; var neither
 * input's shape, nor 0-d, nor input's shape with the last dim 1, nor input's shape without its
 * last dim (broadcast along it); eps not finite and > 0; a reduction other than "none" / "sum" /
 * "mean"; a none loss of other than input's shape, a reduced loss of other than one element. */
static aclnnStatus gnll_shapes(const char *api, const aclTensor *input, const aclTensor *target, const aclTensor *var,
                               int *trailing)
{
    *trailing = 0;
    if (!same_shape(target, input)) {
        int diff = 0;
        if (target->ndim != input->ndim)
            return GEN_TILING_ERROR(api, "target must have the same rank as input");
        for (uint32_t d = 0; d < input->ndim; d++)
            if (target->shape[d] != input->shape[d]) {
                if (target->shape[d] != 1 || diff++)
                    return GEN_TILING_ERROR(api, "target may broadcast exactly one dimension of size 1");
            }
    }
    if (same_shape(var, input) || var->ndim == 0)
        return ACLNN_SUCCESS;
    if (input->ndim == 0)
        return GEN_TILING_ERROR(api, "non-scalar var is invalid for scalar input");
    int ok = 0;
    if (var->ndim == input->ndim && var->shape[var->ndim - 1] == 1)
        ok = memcmp(var->shape, input->shape, (input->ndim - 1) * sizeof(int64_t)) == 0;
    else if (var->ndim + 1 == input->ndim)
        ok = memcmp(var->shape, input->shape, var->ndim * sizeof(int64_t)) == 0, *trailing = ok;
    if (!ok)
        return GEN_TILING_ERROR(api, "var must match input, have trailing dimension 1, omit the last dimension, or be scalar");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_GaussianNllLoss(aclOpExecutor *executor, const aclTensor *input, const aclTensor *target,
                                        const aclTensor *var, bool full, double eps, char *reduction,
                                        const aclTensor *loss)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[] = {input, target, var, loss};
    const char *ns[] = {"input", "target", "var", "loss"};
    aclnnStatus st;
    int trailing;
    if ((st = pw_gen_check(api, ts, ns, 4, GEN_FLOATS)) || (st = aclemu_check_notnull(api, reduction, "reduction")) ||
        (st = gnll_shapes(api, input, target, var, &trailing)))
        return st;
    float e = (float)eps;
    if (!isfinite(e) || e <= 0.0f)
        return GEN_TILING_ERROR(api, "eps must be finite and greater than zero, but is %g.", (double)e);
    int red;
    if ((st = reduced_loss(api, reduction, loss, input, &red)))
        return st;
    pw_call c = {NULL, input, target, NULL, var, loss, NULL, "loss", red, e, full ? 1 : 0, trailing};
    if (red == 0)
        return aclemu_tensor_numel(input) ? pw_loss_ew(executor, PW_GAUSS_NLL, &c, NULL, 0, 1.0) : ACLNN_SUCCESS;
    return pw_loss_reduce(executor, PW_GAUSS_NLL, &c, input->shape, input->ndim, red == 1);
}
