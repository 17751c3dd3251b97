/* aclnnAdaptiveAvgPool3dBackward (ops-nn pooling/adaptive_avg_pool3d_grad) and
 * aclnnAdaptiveMaxPool3dBackward / aclnnAdaptiveMaxPool2dBackward (pooling/adaptive_max_pool3d_grad),
 * checks in the real order.
 * Avg: null (gradOutput, self, out) -> dims (4-D / 5-D, non-empty; one rank; self's dims > 0;
 *   out = self; gradOutput's leading dims = self's, its spatial dims > 0) -> dtypes (FLOAT,
 *   FLOAT16, DOUBLE (+ BF16 on A2 / A3; FLOAT, FLOAT16, BF16 on the 950); all three one dtype) ->
 *   format (gradOutput = self = out, NCDHW / ND).
 * Max: null (gradOutput, self, indices, gradInput) -> dtypes (gradOutput FLOAT, FLOAT16, BF16 on
 *   A2 / A3 / 950; self and gradInput of its dtype) -> shapes (gradInput = self, indices =
 *   gradOutput, leading dims of gradOutput = self's) -> formats (all four one format, not
 *   private) and ranks (4-D / 5-D, or 3-D / 4-D for the 2-D form) -> self's plane <= 2^31 - 1 ->
 *   indices INT32 (+ INT64 on the 950; the 2-D form takes INT32 / INT64). Empty: nothing to run.
 * Index values outside the plane fail the launch before anything is written. */
#include "aclemu_plans.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)

static int family_is(int a, int b) { int f = aclemu_op_profile()->family; return f == a || f == b; }

aclnnStatus aclemu_plan_AdaptiveAvgPool3dBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                  const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    uint32_t n = self->ndim;
    if ((n != 4 && n != 5) || aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(gradOutput) == 0)
        return ACLEMU_PARAM_ERROR(api, "non-empty 4D or 5D tensor expected for inputs.");
    if (gradOutput->ndim != n || out->ndim != n)
        return ACLEMU_PARAM_ERROR(api, "inputs and out must have same DimNum.");
    for (uint32_t i = 0; i < n; i++) {
        if (self->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "self'dims is invalid, self No.[%u] dim is not bigger than [0].", i);
        if (out->shape[i] != self->shape[i])
            return ACLEMU_PARAM_ERROR(api, "out dims No.[%u] must match self dims.", i);
    }
    for (uint32_t i = 0; i < n; i++) {
        if (i < n - 3 && gradOutput->shape[i] != self->shape[i])
            return ACLEMU_PARAM_ERROR(api, "gradOutput dims No.[%u] must match self dims.", i);
        if (gradOutput->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "gradOutput dims is invalid, self No.[%u] dim is not bigger than [0].", i);
    }
    int fam = aclemu_op_profile()->family;
    aclemu_dtype_set list = fam == ACLEMU_FAMILY_950 ? DT(FLOAT) | DT(FLOAT16) | DT(BF16)
                            : DT(FLOAT) | DT(DOUBLE) | DT(FLOAT16) | (family_is(ACLEMU_FAMILY_A2, ACLEMU_FAMILY_A3) ? DT(BF16) : 0);
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", list)) || (st = aclemu_check_dtype(api, self, "self", list)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (gradOutput->format != self->format)
        return ACLEMU_PARAM_ERROR(api, "Format of inputs should be equal, gradOutput [%s], self [%s]",
                                  aclemu_format_name(gradOutput->format), aclemu_format_name(self->format));
    if (out->format != self->format)
        return ACLEMU_PARAM_ERROR(api, "Format of self and out should be equal, out [%s], self [%s]",
                                  aclemu_format_name(out->format), aclemu_format_name(self->format));
    if (self->format != ACL_FORMAT_NCDHW && self->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "Format only support NCDHW、ND.");
    int64_t planes, in[3], os[3];
    pool3d_geom(self, 3, &planes, in);
    pool3d_geom(gradOutput, 3, &planes, os);
    pool3d_args p = {0};
    pool3d_adaptive(&p, in, os);
    const aclTensor *ins[1] = {gradOutput}, *outs[1] = {out};
    return pool3d_launch(executor, "Pool3dAvgGrad", &p, planes, ins, 1, outs, 1, 1);
}

/* The max backward of 2-D (sdims 2: 3-D / 4-D tensors) or 3-D (sdims 3: 4-D / 5-D) planes. */
static aclnnStatus plan_max_backward(aclOpExecutor *ex, const aclTensor *gradOutput, const aclTensor *self,
                                     const aclTensor *indices, const aclTensor *gradInput, uint32_t sdims)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, indices, "indices")) || (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    int fam = aclemu_op_profile()->family, is950 = fam == ACLEMU_FAMILY_950;
    aclemu_dtype_set list = family_is(ACLEMU_FAMILY_A2, ACLEMU_FAMILY_A3) || is950 ? DT(FLOAT) | DT(FLOAT16) | DT(BF16) : 0;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", list)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", gradInput, "gradInput")))
        return st;
    if ((st = aclemu_check_same_shape(api, gradInput, "gradInput", self, "self")) ||
        (st = aclemu_check_same_shape(api, indices, "indices", gradOutput, "gradOutput")))
        return st;
    if (self->format != gradOutput->format || self->format != gradInput->format || self->format != indices->format)
        return ACLEMU_PARAM_ERROR(api,
                                  "Format of self and gradOutput and gradInput and indices should be same, self[%s], "
                                  "gradOutput[%s], gradInput[%s], indices[%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(gradOutput->format),
                                  aclemu_format_name(gradInput->format), aclemu_format_name(indices->format));
    if (aclemu_format_is_private(self->format))
        return ACLEMU_PARAM_ERROR(api, sdims == 3 ? "Format only support NCDHW or CDHW" : "Format only support NCHW or NCL");
    const aclTensor *ts[4] = {self, gradInput, gradOutput, indices};
    const char *names[4] = {"self", "gradInput", "gradOutput", "indices"};
    for (int i = 0; i < 4; i++)
        if (ts[i]->ndim != sdims + 1 && ts[i]->ndim != sdims + 2)
            return ACLEMU_PARAM_ERROR(api, "%uD or %uD tensor expected for %s but got dim num:%u", sdims + 1, sdims + 2,
                                      names[i], ts[i]->ndim);
    if (gradOutput->ndim != self->ndim)
        return ACLEMU_PARAM_ERROR(api, "gradOutput and self must have same DimNum.");
    for (uint32_t i = 0; i + sdims < self->ndim; i++)
        if (gradOutput->shape[i] != self->shape[i])
            return ACLEMU_PARAM_ERROR(api, "gradOutput dims No.[%u] must match self dims.", i);
    int64_t planes, in[3], os[3];
    pool3d_geom(self, sdims, &planes, in);
    pool3d_geom(gradOutput, sdims, &planes, os);
    int64_t plane = 1;
    for (int i = 0; i < 3; i++)
        plane = in[i] && plane > INT64_MAX / in[i] ? INT64_MAX : plane * in[i];
    if (!is950 && plane > 2147483647)
        return ACLEMU_PARAM_ERROR(api, "The size of self should be less than or equal to 2^31 - 1, but got selfSize:%lld",
                                  (long long)plane);
    if ((st = aclemu_check_dtype(api, indices, "indices", DT(INT32) | (is950 || sdims == 2 ? DT(INT64) : 0))))
        return st;
    if (aclemu_tensor_numel(gradOutput) == 0 || aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    pool3d_args p = {0};
    pool3d_adaptive(&p, in, os);
    const aclTensor *ins[2] = {gradOutput, indices}, *outs[1] = {gradInput};
    return pool3d_launch(ex, "Pool3dMaxGrad", &p, planes, ins, 2, outs, 1, 1);
}

aclnnStatus aclemu_plan_AdaptiveMaxPool3dBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                  const aclTensor *self, const aclTensor *indices, aclTensor *gradInput)
{
    return plan_max_backward(executor, gradOutput, self, indices, gradInput, 3);
}

aclnnStatus aclemu_plan_AdaptiveMaxPool2dBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                  const aclTensor *self, const aclTensor *indices, aclTensor *gradInput)
{
    return plan_max_backward(executor, gradOutput, self, indices, gradInput, 2);
}
