/* aclnnNLLLoss2d / aclnnNLLLoss2dBackward: self (N, C, H, W) FLOAT, FLOAT16 (+ BF16 on A2/A3/950),
 * target (N, H, W) INT64 / UINT8 / INT32, weight (C) (required), out (N, H, W) for reduction none
 * else one element, totalWeight one element. The 2-D loss is the 1-D one over N*H*W rows of C
 * classes: self (and the gradient) are staged as the (N, H, W, C) permutation. */
#include "aclemu_plans.h"
#include "nll_loss_plan.h"
#include "nn_check.h"
#include "nn_stage.h"

static const int32_t NHWC[4] = {0, 2, 3, 1};

static aclnnStatus check_2d(const char *api, const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                            int64_t reduction, int64_t *rows, int64_t *C)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target",
                                 ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_same_dtype(api, self, "self", weight, "weight")))
        return st;
    if (reduction < 0 || reduction > 2)
        return ACLEMU_PARAM_ERROR(api, "Reduction should be between 0 and 2, but current is [%lld].", (long long)reduction);
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = aclemu_check_shape(api, target, "target", 8)) ||
        (st = aclemu_check_shape(api, weight, "weight", 8)))
        return st;
    if (self->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "Input tensor dim should be 4D, other dim not supported.");
    if (weight->ndim != 1 || weight->shape[0] != self->shape[1])
        return ACLEMU_PARAM_ERROR(api, "Input tensor x[1] should be equal to weight[0].");
    if (target->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "target tensor dim should be 3D, other dim not supported.");
    char s1[256], s2[256];
    if (target->shape[0] != self->shape[0] || target->shape[1] != self->shape[2] || target->shape[2] != self->shape[3])
        return ACLEMU_PARAM_ERROR(api, "size mismatch got input: [%s], target: [%s].",
                                  aclemu_shape_str(self->shape, 4, s1, sizeof s1),
                                  aclemu_shape_str(target->shape, 3, s2, sizeof s2));
    *C = self->shape[1];
    *rows = nn_prod(target->shape, 0, 3);
    if (*C == 0 && *rows > 0)
        return ACLEMU_PARAM_ERROR(api, "self class dim should not be 0.");
    return ACLNN_SUCCESS;
}

/* The loss tensor: target's shape for reduction none, else one element. */
static aclnnStatus check_loss(const char *api, const aclTensor *t, const char *name, const aclTensor *target,
                              int64_t reduction)
{
    char s[256];
    if (reduction == 0)
        return aclemu_check_shape_is(api, t, name, target->shape, 3);
    if (aclemu_tensor_numel(t) != 1)
        return ACLEMU_PARAM_ERROR(api, "Shape of %s tensor should be [1], but current is %s.", name,
                                  aclemu_shape_str(t->shape, t->ndim, s, sizeof s));
    return ACLNN_SUCCESS;
}

static aclnnStatus check_one(const char *api, const aclTensor *t, const char *name)
{
    char s[256];
    if (aclemu_tensor_numel(t) == 1)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "Shape of %s tensor should be [1], but current is %s.", name,
                              aclemu_shape_str(t->shape, t->ndim, s, sizeof s));
}

aclnnStatus aclemu_plan_NLLLoss2d(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                  const aclTensor *weight, int64_t reduction, int64_t ignoreIndex, aclTensor *out,
                                  aclTensor *totalWeightOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, target, "target")) ||
        (st = aclemu_check_notnull(api, weight, "weight")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, totalWeightOut, "totalWeightOut")))
        return st;
    int64_t rows, C;
    if ((st = check_2d(api, self, target, weight, reduction, &rows, &C)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, totalWeightOut, "totalWeightOut", NN_FLOATS)) ||
        (st = check_loss(api, out, "out", target, reduction)) || (st = check_one(api, totalWeightOut, "totalWeightOut")))
        return st;
    return nll_launch_forward(executor, self, NHWC, target, weight, rows, C, reduction, ignoreIndex, out,
                              totalWeightOut);
}

aclnnStatus aclemu_plan_NLLLoss2dBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                          const aclTensor *target, const aclTensor *weight, int64_t reduction,
                                          int64_t ignoreIndex, aclTensor *totalWeight, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, target, "target")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, totalWeight, "totalWeight")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    int64_t rows, C;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", NN_FLOATS)) ||
        (st = check_2d(api, self, target, weight, reduction, &rows, &C)) ||
        (st = aclemu_check_dtype(api, totalWeight, "totalWeight", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = check_loss(api, gradOutput, "gradOutput", target, reduction)) ||
        (st = check_one(api, totalWeight, "totalWeight")) || (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (rows * C == 0)
        return ACLNN_SUCCESS;
    return nll_launch_backward(executor, gradOutput, target, weight, totalWeight, rows, C, reduction, ignoreIndex, out,
                               NHWC);
}
