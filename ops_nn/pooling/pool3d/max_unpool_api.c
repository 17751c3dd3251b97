/* aclnnMaxUnpool2d / 3d (ops-nn index/scatter_elements) and their backwards (index/gather_elements)
 * on the N-d window driver's planes (Pool3dUnpool / Pool3dUnpoolGrad), checks in the real order:
 *  - null (self, indices, outputSize (+ stride, padding), out; backward: gradOutput first);
 *  - 3-D forward: outRef contiguous;
 *  - dtypes: FLOAT, FLOAT16, INT8, UINT8, INT16, INT32, INT64, DOUBLE (backward: BOOL for
 *    DOUBLE), out / gradOutput of self's dtype, indices INT32 / INT64;
 *  - ranks (2-D: 3-D / 4-D; 3-D: 4-D / 5-D), indices = self; non-empty spatial dims;
 *    outputSize (2 / 3 values > 0, the unpooled plane no smaller than self's) and out's shape
 *    (leading dims of self, spatial dims of outputSize; backward: gradOutput that shape, out =
 *    self). stride / padding of the 3-D forms are checked for length only (3 values).
 * Index values outside the unpooled plane fail the launch before anything is written. */
#include "aclemu_plans.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define UNPOOL_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT8) | DT(UINT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(DOUBLE))
#define UNPOOL_GRAD_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT8) | DT(UINT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(BOOL))

/* The checks common to the four APIs (sd = 2 or 3 spatial dims); `big` is the unpooled tensor
 * (out forward, gradOutput backward) to check against outputSize. Only the forward needs room
 * for every input element: the real backward's CheckShape has no volume rule, and its example
 * gathers a [2, 2] plane from a [3, 1] gradOutput (the kernel bounds every index). */
static aclnnStatus check_common(const char *api, const aclTensor *self, const aclTensor *indices,
                                const aclIntArray *outputSize, const aclTensor *big, const char *bigname, uint32_t sd,
                                int forward)
{
    aclnnStatus st;
    uint32_t n = self->ndim;
    if (n != sd + 1 && n != sd + 2)
        return ACLEMU_PARAM_ERROR(api, "Expected self to be a %ud or %ud Tensor, instead got: %u", sd + 1, sd + 2, n);
    if (indices->ndim != n)
        return ACLEMU_PARAM_ERROR(api, "Expected dim of self and indices to be equal, instead got self: %u, gradOutput: %u", n,
                                  indices->ndim);
    if ((st = aclemu_check_same_shape(api, self, "self", indices, "indices")))
        return st;
    for (uint32_t i = 1; i < n; i++)
        if (self->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "max_unpool%ud():expected input to have non-empty spatiak dimensions, but input has "
                                           "sizes %u with dimension %u being empty.", sd, n, i);
    if (outputSize->size != sd)
        return ACLEMU_PARAM_ERROR(api, "outputSize length should be %u, but now is %llu.", sd, (unsigned long long)outputSize->size);
    int64_t outv = 1, inv = 1;
    for (uint32_t i = 0; i < sd; i++) {
        if (outputSize->data[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "outputSize value should greater than 0, but the sizes of %u is %lld.", i,
                                      (long long)outputSize->data[i]);
        outv = outv > INT64_MAX / outputSize->data[i] ? INT64_MAX : outv * outputSize->data[i];
        inv *= self->shape[n - sd + i];
    }
    if (forward && outv < inv)
        return ACLEMU_PARAM_ERROR(api, "The output volums are smaller than self's (%lld < %lld).", (long long)outv, (long long)inv);
    int64_t want[5];
    for (uint32_t i = 0; i < n - sd; i++)
        want[i] = self->shape[i];
    for (uint32_t i = 0; i < sd; i++)
        want[n - sd + i] = outputSize->data[i];
    return aclemu_check_shape_is(api, big, bigname, want, n);
}

static aclnnStatus check_dtypes(const char *api, const aclTensor *self, const aclTensor *indices, const aclTensor *other,
                                const char *oname, aclemu_dtype_set list)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, self, "self", list)) || (st = aclemu_check_same_dtype(api, self, "self", other, oname)) ||
        (st = aclemu_check_dtype(api, indices, "indices", DT(INT32) | DT(INT64))))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus launch(aclOpExecutor *ex, const char *kernel, const aclTensor *small, const aclTensor *big,
                          const aclTensor *src, const aclTensor *indices, const aclTensor *dst, uint32_t sd)
{
    if (aclemu_tensor_numel(small) == 0)
        return ACLNN_SUCCESS;
    pool3d_args p = {0};
    int64_t planes, bp, sp_[3], bp_[3];
    pool3d_geom(small, sd, &planes, sp_);
    pool3d_geom(big, sd, &bp, bp_);
    pool3d_adaptive(&p, bp_, sp_); /* in = unpooled plane, out = pooled plane; the windows are unused */
    const aclTensor *ins[2] = {src, indices}, *outs[1] = {dst};
    return pool3d_launch(ex, kernel, &p, planes, ins, 2, outs, 1, 0);
}

static aclnnStatus plan_forward(aclOpExecutor *ex, const aclTensor *self, const aclTensor *indices, const aclIntArray *outputSize,
                                const aclIntArray *stride, const aclIntArray *padding, const aclTensor *out, uint32_t sd)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, outputSize, "outputSize")) ||
        (sd == 3 && ((st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, padding, "padding")))) ||
        (st = aclemu_check_notnull(api, out, sd == 3 ? "outRef" : "out")))
        return st;
    if (sd == 3) {
        int64_t s = 1;
        for (int i = (int)out->ndim - 1; i >= 0; i--) {
            if (out->shape[i] != 1 && out->stride[i] != s)
                return ACLEMU_PARAM_ERROR(api, "outRef must be contiguous");
            s *= out->shape[i];
        }
    }
    if ((st = check_dtypes(api, self, indices, out, sd == 3 ? "outRef" : "out", UNPOOL_DTYPES)))
        return st;
    if (sd == 3 && (stride->size != 3 || padding->size != 3))
        return ACLEMU_PARAM_ERROR(api, "stride and padding should have 3 values, but got %llu and %llu.",
                                  (unsigned long long)stride->size, (unsigned long long)padding->size);
    if ((st = check_common(api, self, indices, outputSize, out, sd == 3 ? "outRef" : "out", sd, 1)))
        return st;
    return launch(ex, "Pool3dUnpool", self, out, self, indices, out, sd);
}

static aclnnStatus plan_backward(aclOpExecutor *ex, const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,
                                 const aclIntArray *outputSize, const aclIntArray *stride, const aclIntArray *padding,
                                 const aclTensor *out, uint32_t sd)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, indices, "indices")) || (st = aclemu_check_notnull(api, outputSize, "outputSize")) ||
        (sd == 3 && ((st = aclemu_check_notnull(api, stride, "stride")) || (st = aclemu_check_notnull(api, padding, "padding")))) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", UNPOOL_GRAD_DTYPES)) ||
        (st = check_dtypes(api, self, indices, out, "out", UNPOOL_GRAD_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", gradOutput, "gradOutput")))
        return st;
    if ((st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (sd == 3 && (stride->size != 3 || padding->size != 3))
        return ACLEMU_PARAM_ERROR(api, "stride and padding should have 3 values, but got %llu and %llu.",
                                  (unsigned long long)stride->size, (unsigned long long)padding->size);
    if ((st = check_common(api, self, indices, outputSize, gradOutput, "gradOutput", sd, 0)))
        return st;
    return launch(ex, "Pool3dUnpoolGrad", self, gradOutput, gradOutput, indices, out, sd);
}

aclnnStatus aclemu_plan_MaxUnpool2d(aclOpExecutor *executor, const aclTensor *self, const aclTensor *indices,
                                    const aclIntArray *outputSize, aclTensor *out)
{
    return plan_forward(executor, self, indices, outputSize, NULL, NULL, out, 2);
}

aclnnStatus aclemu_plan_MaxUnpool3d(aclOpExecutor *executor, const aclTensor *self, const aclTensor *indices,
                                    const aclIntArray *outputSize, const aclIntArray *stride, const aclIntArray *padding,
                                    aclTensor *outRef)
{
    return plan_forward(executor, self, indices, outputSize, stride, padding, outRef, 3);
}

aclnnStatus aclemu_plan_MaxUnpool2dBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                            const aclTensor *indices, const aclIntArray *outputSize, aclTensor *out)
{
    return plan_backward(executor, gradOutput, self, indices, outputSize, NULL, NULL, out, 2);
}

aclnnStatus aclemu_plan_MaxUnpool3dBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                            const aclTensor *indices, const aclIntArray *outputSize,
                                            const aclIntArray *stride, const aclIntArray *padding, aclTensor *out)
{
    return plan_backward(executor, gradOutput, self, indices, outputSize, stride, padding, out, 3);
}
