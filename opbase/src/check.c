/* Stage-1 parameter checks with the real status codes and EZ1001 messages. */
#include <stdio.h>
#include <string.h>

#include "aclemu_op/check.h"
#include "aclemu_op/errors.h"
#include "aclemu_runtime.h"

const aclemu_chip_profile *aclemu_op_profile(void)
{
    return aclemu_current_profile();
}

aclemu_dtype_set aclemu_family_dtypes(aclemu_family family, aclemu_dtype_set set)
{
    if (family != ACLEMU_FAMILY_A2 && family != ACLEMU_FAMILY_A3 && family != ACLEMU_FAMILY_950)
        set &= ~ACLEMU_DT(ACL_BF16);
    if (family != ACLEMU_FAMILY_950)
        set &= ~(ACLEMU_DT_FP8 | ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2));
    return set;
}

aclemu_dtype_set aclemu_chip_dtypes(aclemu_dtype_set set)
{
    const aclemu_chip_profile *p = aclemu_op_profile();
    set = aclemu_family_dtypes(p->family, set);
    if (!p->support_bf16) /* a profile may also switch BF16 off explicitly */
        set &= ~ACLEMU_DT(ACL_BF16);
    return set;
}

int aclemu_chip_in(aclemu_chip_set chips)
{
    return (chips & ACLEMU_CHIP(aclemu_op_profile()->family)) != 0;
}

aclnnStatus aclemu_check_chip(const char *api, aclemu_chip_set chips)
{
    if (aclemu_chip_in(chips))
        return ACLNN_SUCCESS;
    return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "support for %s is not implemented",
                           aclemu_op_profile()->short_soc_version);
}

const char *aclemu_shape_str(const int64_t *shape, uint32_t ndim, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "[");
    for (uint32_t i = 0; i < ndim && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%lld", i ? ", " : "", (long long)shape[i]);
    if (n < len)
        snprintf(buf + n, len - n, "]");
    return buf;
}

aclnnStatus aclemu_check_notnull(const char *api, const void *p, const char *name)
{
    if (p)
        return ACLNN_SUCCESS;
    return ACLEMU_NULL_ERROR(api, "%s should not be nullptr.", name);
}

aclnnStatus aclemu_check_dtype_value(const char *api, aclDataType dt, const char *name, aclemu_dtype_set allowed)
{
    aclemu_dtype_set chip = aclemu_chip_dtypes(allowed);
    if (aclemu_dtype_in(dt, chip))
        return ACLNN_SUCCESS;
    char list[512];
    aclemu_dtype_set_str(chip, list, sizeof list);
    if (aclemu_dtype_in(dt, allowed)) /* known to the op, missing on this chip */
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be in dtype support list %s: %s does not support %s.", name,
                                  aclemu_dtype_name(dt), list, aclemu_op_profile()->soc_version,
                                  aclemu_dtype_name(dt));
    return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be in dtype support list %s.", name, aclemu_dtype_name(dt),
                              list);
}

aclnnStatus aclemu_check_dtype(const char *api, const aclTensor *t, const char *name, aclemu_dtype_set allowed)
{
    return aclemu_check_dtype_value(api, t->dtype, name, allowed);
}

aclnnStatus aclemu_check_same_dtype(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                                    const char *bn)
{
    if (a->dtype == b->dtype)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be the same as %s dtype %s.", bn, aclemu_dtype_name(b->dtype),
                              an, aclemu_dtype_name(a->dtype));
}

aclnnStatus aclemu_check_can_cast(const char *api, aclDataType from, const aclTensor *t, const char *name)
{
    if (aclemu_can_cast(from, t->dtype))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "result dtype %s can not cast to %s dtype %s.", aclemu_dtype_name(from), name,
                              aclemu_dtype_name(t->dtype));
}

aclnnStatus aclemu_check_format(const char *api, const aclTensor *t, const char *name)
{
    if (!aclemu_format_is_private(t->format) && t->format != ACL_FORMAT_UNDEFINED)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s format %s is not supported: expected a public format such as ND.", name,
                              aclemu_format_name(t->format));
}

aclnnStatus aclemu_check_shape(const char *api, const aclTensor *t, const char *name, uint32_t max_rank)
{
    char s[256];
    if (t->ndim > max_rank)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be no more than %u.", name, t->ndim, max_rank);
    for (uint32_t i = 0; i < t->ndim; i++) {
        if (t->shape[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "%s shape %s has a negative dimension.", name,
                                      aclemu_shape_str(t->shape, t->ndim, s, sizeof s));
        if (t->stride[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "%s strides %s has a negative stride.", name,
                                      aclemu_shape_str(t->stride, t->ndim, s, sizeof s));
    }
    return ACLNN_SUCCESS;
}

/* Row-major without gaps (size-1 dims may carry any stride), after swapping the last two dims
 * when `swap_last2`. */
static int row_major(const aclTensor *t, int swap_last2)
{
    int64_t expect = 1;
    int32_t n = (int32_t)t->ndim;
    for (int32_t k = n - 1; k >= 0; k--) {
        int32_t i = swap_last2 && n >= 2 && k >= n - 2 ? (k == n - 1 ? n - 2 : n - 1) : k;
        if (t->shape[i] == 1)
            continue;
        if (t->stride[i] != expect)
            return 0;
        expect *= t->shape[i];
    }
    return 1;
}

/* The views the real ops use in place (no l0op::Contiguous copy, hence no storage check):
 * contiguous ones, and the transposed last two dims the matmul family reads directly. */
static int view_used_in_place(const aclTensor *t)
{
    return row_major(t, 0) || row_major(t, 1);
}

aclnnStatus aclemu_check_view_in_storage(const char *api, const aclTensor *t)
{
    if (aclemu_format_is_private(t->format) || aclemu_tensor_numel(t) == 0)
        return ACLNN_SUCCESS; /* private layouts describe their storage themselves */
    int64_t lo = t->offset, hi = t->offset;
    for (uint32_t i = 0; i < t->ndim; i++) {
        int64_t span = t->stride[i] * (t->shape[i] - 1);
        if (span > 0)
            hi += span;
        else
            lo += span;
    }
    int64_t storage = 1;
    for (uint32_t i = 0; i < t->storage_ndim; i++)
        storage *= t->storage_shape[i];
    if (lo >= 0 && hi < storage)
        return ACLNN_SUCCESS;
    /* The real stack checks the storage shape only where l0op::Contiguous copies a
     * non-contiguous view; a contiguous (or last-two-dims transposed) view is used as data +
     * offset whatever storage shape it declares (ggml's CANN backend declares storage shapes
     * that leave its offset out). Accept that as long as the elements reached lie inside the
     * device allocation behind data, so no kernel reads past real memory. */
    if (view_used_in_place(t) && t->data) {
        void *base;
        size_t size;
        /* bytes up to the last element reached: 4-bit types (ggml's Q4_0 weights as INT4) pack two per byte */
        uint64_t bits = aclemu_dtype_bits(t->dtype) ? aclemu_dtype_bits(t->dtype) : 8;
        const char *d = (const char *)t->data;
        if (lo >= 0 && (uint64_t)hi < UINT64_MAX / 8 / bits && aclemu_device_alloc_of(d, &base, &size) &&
            d >= (const char *)base &&
            (uint64_t)(d - (const char *)base) + ((uint64_t)(hi + 1) * bits + 7) / 8 <= (uint64_t)size)
            return ACLNN_SUCCESS;
    }
    char v[256], st[256], ss[256];
    return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                           "Invalid tensor view: shape %s, strides %s, offset %lld reaches elements [%lld, %lld] "
                           "outside its storage shape %s.",
                           aclemu_shape_str(t->shape, t->ndim, v, sizeof v),
                           aclemu_shape_str(t->stride, t->ndim, st, sizeof st), (long long)t->offset, (long long)lo,
                           (long long)hi, aclemu_shape_str(t->storage_shape, t->storage_ndim, ss, sizeof ss));
}

aclnnStatus aclemu_check_device_bytes(const char *api, const aclTensor *t, const char *name, uint64_t bytes)
{
    if (!t->data)
        return ACLNN_SUCCESS;
    void *base;
    size_t size;
    const char *d = (const char *)t->data;
    uint64_t off = (uint64_t)t->offset * (aclemu_dtype_size(t->dtype) ? aclemu_dtype_size(t->dtype) : 1);
    if (t->offset >= 0 && aclemu_device_alloc_of(d, &base, &size) && d >= (const char *)base) {
        uint64_t room = (uint64_t)(size - (size_t)(d - (const char *)base));
        if (off <= room && bytes <= room - off)
            return ACLNN_SUCCESS;
        return ACLEMU_PARAM_ERROR(api, "%s needs %llu bytes of device memory from its address (view offset %lld), "
                                       "but its allocation holds %llu.",
                                  name, (unsigned long long)(off + bytes), (long long)t->offset,
                                  (unsigned long long)room);
    }
    return ACLEMU_PARAM_ERROR(api, "%s address %p is not inside a live device allocation.", name, t->data);
}

aclnnStatus aclemu_check_shape_is(const char *api, const aclTensor *t, const char *name, const int64_t *shape,
                                  uint32_t ndim)
{
    int same = t->ndim == ndim;
    for (uint32_t i = 0; same && i < ndim; i++)
        same = t->shape[i] == shape[i];
    if (same)
        return ACLNN_SUCCESS;
    char a[256], b[256];
    return ACLEMU_PARAM_ERROR(api, "%s shape %s should be %s.", name, aclemu_shape_str(t->shape, t->ndim, a, sizeof a),
                              aclemu_shape_str(shape, ndim, b, sizeof b));
}

aclnnStatus aclemu_check_same_shape(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                                    const char *bn)
{
    int same = a->ndim == b->ndim;
    for (uint32_t i = 0; same && i < a->ndim; i++)
        same = a->shape[i] == b->shape[i];
    if (same)
        return ACLNN_SUCCESS;
    char sa[256], sb[256];
    return ACLEMU_PARAM_ERROR(api, "%s shape %s should be the same as %s shape %s.", bn,
                              aclemu_shape_str(b->shape, b->ndim, sb, sizeof sb), an,
                              aclemu_shape_str(a->shape, a->ndim, sa, sizeof sa));
}

aclnnStatus aclemu_broadcast_shape(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                                   const char *bn, int64_t *out, uint32_t *out_ndim)
{
    uint32_t n = a->ndim > b->ndim ? a->ndim : b->ndim;
    if (n > ACLEMU_MAX_RANK) /* out holds ACLEMU_MAX_RANK dims: refused before anything is written */
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u and %s dim num %u: the broadcast rank should be at most %d.", an,
                                  a->ndim, bn, b->ndim, ACLEMU_MAX_RANK);
    for (uint32_t i = 0; i < n; i++) {
        int64_t da = i < a->ndim ? a->shape[a->ndim - 1 - i] : 1;
        int64_t db = i < b->ndim ? b->shape[b->ndim - 1 - i] : 1;
        if (da != db && da != 1 && db != 1) {
            char sa[256], sb[256];
            return ACLEMU_PARAM_ERROR(api, "%s shape %s and %s shape %s can not broadcast.", an,
                                      aclemu_shape_str(a->shape, a->ndim, sa, sizeof sa), bn,
                                      aclemu_shape_str(b->shape, b->ndim, sb, sizeof sb));
        }
        out[n - 1 - i] = da == 1 ? db : da;
    }
    *out_ndim = n;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_check_unary(const char *api, const aclTensor *self, const aclTensor *out,
                               aclemu_dtype_set allowed)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", allowed)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    return aclemu_check_same_shape(api, self, "self", out, "out");
}
