/* aclnnUnfoldGrad (ops-math conversion/unfold_grad, A2 / A3 / 950): checks in the order of
 * op_api/aclnn_unfold_grad.cpp — null gradOut / inputSizes / gradIn (ACLNN_ERR_INNER_NULLPTR
 * there), both dtypes FLOAT / FLOAT16 / BF16, ranks 1..8, inputSizes' length == gradOut's rank
 * - 1, gradIn's shape == inputSizes, 0 <= dim < rank - 1, size > 0, step > 0, no FRACTAL_NZ
 * gradOut (161002) — then those of its tiling (561002): gradOut[dim] == (inputSizes[dim] -
 * size) / step + 1, gradOut's last dim == size; here also the other dims of gradOut equal to
 * inputSizes' (the kernel reads them so). The result is cast to gradOut's dtype and view-copied
 * into gradIn: another gradIn dtype fails there (561103). */
#include "aclemu_plans.h"
#include "unfold_grad_args.h"

#define UG_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

static aclnnStatus tiling_error(const char *api, const char *msg, long long a, long long b)
{
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, msg, a, b);
}

aclnnStatus aclemu_plan_UnfoldGrad(aclOpExecutor *executor, const aclTensor *gradOut, const aclIntArray *inputSizes,
                                   int64_t dim, int64_t size, int64_t step, const aclTensor *gradIn)
{
    const char *api = aclemu_exec_api(executor);
    const void *ps[3] = {gradOut, inputSizes, gradIn};
    const char *ns[3] = {"gradOut", "inputSizes", "gradIn"};
    for (int i = 0; i < 3; i++)
        if (!ps[i])
            return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.", ns[i]);
    aclnnStatus st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, gradOut, "gradOut", UG_DTYPES)) ||
        (st = aclemu_check_dtype(api, gradIn, "gradIn", UG_DTYPES)))
        return st;
    const aclTensor *ts[2] = {gradOut, gradIn};
    for (int i = 0; i < 2; i++)
        if (ts[i]->ndim > 8)
            return ACLEMU_PARAM_ERROR(api, "%s's dim num %u should not be greater than 8.", ns[2 * i], ts[i]->ndim);
    for (int i = 0; i < 2; i++)
        if (ts[i]->ndim < 1)
            return ACLEMU_PARAM_ERROR(api, "%s's dim num %u should not be less than 1.", ns[2 * i], ts[i]->ndim);
    uint32_t R = gradOut->ndim - 1;
    if (inputSizes->size != R)
        return ACLEMU_PARAM_ERROR(api, "inputSizes length should be equal to Dim of gradOut - 1, but got %llu.",
                                  (unsigned long long)inputSizes->size);
    if ((st = aclemu_check_shape_is(api, gradIn, "gradIn", inputSizes->data, R)))
        return st;
    if (dim < 0 || dim >= (int64_t)R)
        return ACLEMU_PARAM_ERROR(api, "dim %lld should be in [0, %u).", (long long)dim, R);
    if (size <= 0)
        return ACLEMU_PARAM_ERROR(api, "size %lld should be greater than 0.", (long long)size);
    if (step <= 0)
        return ACLEMU_PARAM_ERROR(api, "step %lld should be greater than 0.", (long long)step);
    if (gradOut->format == ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "Format of gradOut gets [%s], this format not support.",
                                  aclemu_format_name(gradOut->format));
    int64_t numel_o = 1, numel_i = 1;
    for (uint32_t i = 0; i <= R; i++)
        numel_o *= gradOut->shape[i];
    for (uint32_t i = 0; i < R; i++)
        numel_i *= gradIn->shape[i];
    if (numel_o == 0 || numel_i == 0)
        return ACLNN_SUCCESS; /* the real op returns before its kernel */
    int64_t windows = (inputSizes->data[dim] - size) / step + 1;
    if (gradOut->shape[dim] != windows)
        return tiling_error(api, "The size of dimension dim in the gradOut %lld must be ((inputSize[dim] - size) / "
                                 "step + 1) %lld.", (long long)gradOut->shape[dim], (long long)windows);
    if (gradOut->shape[R] != size)
        return tiling_error(api, "The last dimension of gradOut %lld must be size %lld.", (long long)gradOut->shape[R],
                            (long long)size);
    for (uint32_t i = 0; i < R; i++)
        if (i != (uint32_t)dim && gradOut->shape[i] != inputSizes->data[i])
            return tiling_error(api, "Dimension %lld of gradOut must be inputSizes' %lld.", (long long)i,
                                (long long)inputSizes->data[i]);
    if (windows <= 0) /* size > inputSizes[dim] with no window: nothing was unfolded */
        return tiling_error(api, "size %lld must not exceed inputSizes[dim] %lld.", (long long)size,
                            (long long)inputSizes->data[dim]);
    if (gradIn->dtype != gradOut->dtype)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "the %s result can not be copied into gradIn of dtype %s.",
                               aclemu_dtype_name(gradOut->dtype), aclemu_dtype_name(gradIn->dtype));
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)numel_i, aclemu_vector_core_num(aclemu_op_profile()), 4096, 64, &bd, &per);
    unfold_grad_args *a = (unfold_grad_args *)aclemu_exec_add_launch(executor, "UnfoldGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->dim = dim;
    a->size = size;
    a->step = step;
    a->windows = windows;
    a->per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->grad, gradOut)))
        return st;
    return aclemu_exec_tdesc(executor, a, &a->out, gradIn);
}
