/* aclnnAdaptiveAvgPool3d / aclnnAdaptiveMaxPool3d (ops-nn pooling/adaptive_avg_pool3d,
 * adaptive_max_pool3d), checks in the real order.
 * Avg: null (self, outputSize, out) -> dims (self 4-D CDHW or 5-D NCDHW, out of self's rank,
 *   self's dims > 0, out's leading dims = self's, out's spatial dims > 0) -> dtypes (FLOAT,
 *   FLOAT16, + BF16 on A2 / A3; out of self's dtype) -> format (self = out, not private) ->
 *   outputSize (3 values, > 0, = out's spatial dims).
 * Max: null (+ indicesOut) -> dims (self, out, indices 4-D or 5-D) -> dtypes (FLOAT, FLOAT16,
 *   BF16 on A2 / A3 / 950 only; indices INT32, + INT64 on the 950) -> format (NCDHW / NCHW, or
 *   ND on the 950; self = out) -> outputSize (3 values, or 0 / 1 on the 950; = out's spatial
 *   dims; the first len(outputSize) dims of indices = out's) -> out of self's dtype -> chip ->
 *   self's dims >= 1, D*H*W <= 2^31 - 1 for INT32 indices, outputSize values >= 1.
 * Both run the N-d window driver (pool3d_kernel.c) with adaptive windows. */
#include "aclemu_plans.h"
#include "pool3d_common.h"

#define DT(x) ACLEMU_DT(ACL_##x)

static int is_family(int a, int b) { int f = aclemu_op_profile()->family; return f == a || f == b; }

aclnnStatus aclemu_plan_AdaptiveAvgPool3d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *outputSize,
                                          aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, outputSize, "outputSize")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    uint32_t n = self->ndim;
    if (n != 4 && n != 5)
        return ACLEMU_PARAM_ERROR(api, "Self dims %u should be in 4 or 5.", n);
    if (out->ndim != n)
        return ACLEMU_PARAM_ERROR(api, "Out dims %u should equal to self dims %u.", out->ndim, n);
    for (uint32_t i = 0; i < n; i++)
        if (self->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "self'dims is invalid, self No.[%u] dim is not bigger than [0].", i);
    for (uint32_t i = 0; i < n - 3; i++)
        if (self->shape[i] != out->shape[i])
            return ACLEMU_PARAM_ERROR(api, "Out dims No.[%u] must match self dims.", i);
    for (uint32_t i = n - 3; i < n; i++)
        if (out->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "Out dims is invalid, out No.[%u] dim is not bigger than [0].", i);
    aclemu_dtype_set list = DT(FLOAT) | DT(FLOAT16) | (is_family(ACLEMU_FAMILY_A2, ACLEMU_FAMILY_A3) ? DT(BF16) : 0);
    if ((st = aclemu_check_dtype(api, self, "self", list)) || (st = aclemu_check_dtype(api, out, "out", list)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and out should be equal, input [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (aclemu_format_is_private(self->format))
        return ACLEMU_PARAM_ERROR(api, "Format don't support private format.");
    if (outputSize->size != 3)
        return ACLEMU_PARAM_ERROR(api, "outputSize length should be 3.");
    for (uint32_t i = 0; i < 3; i++)
        if (outputSize->data[i] <= 0 || outputSize->data[i] != out->shape[n - 3 + i])
            return ACLEMU_PARAM_ERROR(api, "outShape value should match the outputSize value and greater than 0.");
    int64_t planes, in[3], os[3];
    pool3d_geom(self, 3, &planes, in);
    pool3d_geom(out, 3, &planes, os);
    pool3d_args p = {0};
    pool3d_adaptive(&p, in, os);
    const aclTensor *ins[1] = {self}, *outs[1] = {out};
    return pool3d_launch(executor, "Pool3dAvg", &p, planes, ins, 1, outs, 1, 0);
}

aclnnStatus aclemu_plan_AdaptiveMaxPool3d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *outputSize,
                                          aclTensor *outputOut, aclTensor *indicesOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int is950 = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    int a23 = is_family(ACLEMU_FAMILY_A2, ACLEMU_FAMILY_A3);
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, outputSize, "outputSize")) ||
        (st = aclemu_check_notnull(api, outputOut, "out")) || (st = aclemu_check_notnull(api, indicesOut, "indices")))
        return st;
    if (self->ndim != 4 && self->ndim != 5)
        return ACLEMU_PARAM_ERROR(api, "Self dims %u should be 5 or 4.", self->ndim);
    if (outputOut->ndim != 4 && outputOut->ndim != 5)
        return ACLEMU_PARAM_ERROR(api, "Out dims %u should be 5 or 4.", outputOut->ndim);
    if (indicesOut->ndim != 4 && indicesOut->ndim != 5)
        return ACLEMU_PARAM_ERROR(api, "Indices dims %u should be 5 or 4.", indicesOut->ndim);
    aclemu_dtype_set list = a23 || is950 ? DT(FLOAT) | DT(FLOAT16) | DT(BF16) : 0;
    if ((st = aclemu_check_dtype(api, self, "self", list)) || (st = aclemu_check_dtype(api, outputOut, "out", list)) ||
        (st = aclemu_check_dtype(api, indicesOut, "indices", DT(INT32) | (is950 ? DT(INT64) : 0))))
        return st;
    if (is950 ? (self->format != ACL_FORMAT_NCDHW && self->format != ACL_FORMAT_NCHW && self->format != ACL_FORMAT_ND)
              : (self->format != ACL_FORMAT_NCDHW && self->format != ACL_FORMAT_NCHW))
        return is950 ? ACLEMU_PARAM_ERROR(api, "Format of input is not supported, self [%s].", aclemu_format_name(self->format))
                     : ACLEMU_PARAM_ERROR(api, "Format of input should be NCDHW or NCHW.");
    if (self->format != outputOut->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and out should be equal, input [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(outputOut->format));
    uint64_t size = outputSize->size;
    if (is950 ? (size != 0 && size != 1 && size != 3) : size != 3)
        return is950 ? ACLEMU_PARAM_ERROR(api, "outputSize length should be 0, 1 or 3.")
                     : ACLEMU_PARAM_ERROR(api, "outputSize length should be 3.");
    uint32_t on = outputOut->ndim, off = on == 4 ? 1 : 2;
    if (self->ndim != on)
        return ACLEMU_PARAM_ERROR(api, "Out dims %u should equal to self dims %u.", on, self->ndim);
    for (uint32_t i = 0; i < off; i++)
        if (self->shape[i] != outputOut->shape[i])
            return ACLEMU_PARAM_ERROR(api, "The [%u] dim of outShape value should match the selfShape's.", i);
    int64_t want[3];
    for (uint32_t i = 0; i < 3; i++) {
        want[i] = size == 3 ? outputSize->data[i] : size == 1 ? outputSize->data[0] : self->shape[off + i];
        if (want[i] != outputOut->shape[off + i])
            return ACLEMU_PARAM_ERROR(api, "outShape value should match the outputSize value.");
    }
    for (uint32_t i = 0; i < size && i < indicesOut->ndim; i++)
        if (indicesOut->shape[i] != outputOut->shape[i])
            return ACLEMU_PARAM_ERROR(api, "The [%u] dim of outShape value should match the indicesShape value.", i);
    if ((st = aclemu_check_same_dtype(api, self, "self", outputOut, "out")))
        return st;
    for (uint32_t i = 1; i < self->ndim; i++)
        if (self->shape[i] < 1)
            return ACLEMU_PARAM_ERROR(api, "The [%u] dim of selfShape is with size smaller than 1.", i);
    int64_t planes, in[3];
    pool3d_geom(self, 3, &planes, in); /* dims >= 1 and bounded by the tensor: no overflow */
    int64_t plane = in[0] * in[1] * in[2];
    if (plane > 2147483647 && (!is950 || indicesOut->dtype == ACL_INT32))
        return is950 ? ACLEMU_PARAM_ERROR(api, "The size of self is more than MAX_INT32, but the data type of indices "
                                               "should be int64.")
                     : ACLEMU_PARAM_ERROR(api, "The size of self should be less than or equal to 2^31 - 1, but got "
                                               "selfSize:%lld", (long long)plane);
    for (uint32_t i = 0; i < size; i++)
        if (outputSize->data[i] < 1)
            return ACLEMU_PARAM_ERROR(api, "The [%u] dim of outputSize is less than 1.", i);
    if ((st = aclemu_check_same_shape(api, outputOut, "out", indicesOut, "indices")))
        return st;
    pool3d_args p = {0};
    pool3d_adaptive(&p, in, want);
    const aclTensor *ins[1] = {self}, *outs[2] = {outputOut, indicesOut};
    return pool3d_launch(executor, "Pool3dMax", &p, planes, ins, 1, outs, 2, 0);
}
