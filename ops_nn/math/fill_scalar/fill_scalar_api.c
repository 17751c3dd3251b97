/* aclnnInplaceFillScalar: FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8, DOUBLE, BOOL, BF16,
 * UINT16, UINT32, UINT64, COMPLEX64, COMPLEX128 (BF16 / UINT16-64 on A2/A3/950 lists); self and
 * value dtypes must promote; the value is converted once here into selfRef's element (a real
 * value fills a complex tensor with imaginary part 0). */
#include <math.h>
#include <string.h>

#include "act_plan.h"
#include "aclemu_plans.h"
#include "fill_scalar_args.h"

#define FILL_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_FLOAT16) |     \
     ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_DOUBLE) |       \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_UINT16) | ACLEMU_DT(ACL_UINT32) |       \
     ACLEMU_DT(ACL_UINT64) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))

/* The value as one element of dt (float -> integer truncates toward zero, like a cast; out of
 * int64 range it saturates and NaN gives 0, see aclemu_scalar_to_i64). */
static void encode(unsigned char *elem, aclDataType dt, const aclScalar *v)
{
    double f = aclemu_scalar_to_f64(v);
    double im = v->dtype == ACL_COMPLEX64 ? v->v.c64[1] : v->dtype == ACL_COMPLEX128 ? v->v.c128[1] : 0.0;
    int64_t i = aclemu_scalar_to_i64(v);
    switch (dt) {
    case ACL_FLOAT: { float x = (float)f; memcpy(elem, &x, 4); break; }
    case ACL_DOUBLE: memcpy(elem, &f, 8); break;
    case ACL_FLOAT16: { uint16_t h = aclemu_float_to_half((float)f); memcpy(elem, &h, 2); break; }
    case ACL_BF16: { uint16_t h = aclemu_float_to_bf16((float)f); memcpy(elem, &h, 2); break; }
    case ACL_BOOL: elem[0] = f != 0.0; break;
    case ACL_COMPLEX64: { float c[2] = {(float)f, (float)im}; memcpy(elem, c, 8); break; }
    case ACL_COMPLEX128: { double c[2] = {f, im}; memcpy(elem, c, 16); break; }
    case ACL_INT8: case ACL_UINT8: elem[0] = (unsigned char)i; break;
    case ACL_INT16: case ACL_UINT16: { uint16_t x = (uint16_t)i; memcpy(elem, &x, 2); break; }
    case ACL_INT32: case ACL_UINT32: { uint32_t x = (uint32_t)i; memcpy(elem, &x, 4); break; }
    default: memcpy(elem, &i, 8); break;
    }
}

aclnnStatus aclemu_plan_InplaceFillScalar(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *value)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_notnull(api, value, "value")))
        return st;
    if ((st = aclemu_check_dtype(api, selfRef, "selfRef", FILL_DTYPES)))
        return st;
    if (aclemu_promote_types(selfRef->dtype, value->dtype) == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "selfRef dtype %s and value dtype %s can not promote dtype.",
                                  aclemu_dtype_name(selfRef->dtype), aclemu_dtype_name(value->dtype));
    if ((st = aclemu_check_format(api, selfRef, "selfRef")) ||
        (st = aclemu_check_shape(api, selfRef, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    fill_scalar_args *a =
        (fill_scalar_args *)aclemu_ew_launch(executor, "Fill", sizeof(fill_scalar_args), selfRef, NULL, 0, &st);
    if (a)
        encode(a->elem, selfRef->dtype, value);
    return st;
}

/* ---- aclnnInplaceOne (ops-math math/ones_like, aclnn_ones.h) ----------------------------------
 * selfRef = 1 through the same Fill kernel. FLOAT, FLOAT16, INT8, INT16, INT32, INT64, UINT8,
 * BOOL, DOUBLE, BF16 (BF16 on the 910B / 910_93 / 950 list only, as the chip rules drop it);
 * null -> dtype -> at most 8 dims, as aclnn_ones.cpp. */
#define ONE_DTYPES                                                                                     \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT16) |       \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_BOOL) |         \
     ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_BF16))

aclnnStatus aclemu_plan_InplaceOne(aclOpExecutor *executor, const aclTensor *selfRef)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_dtype(api, selfRef, "selfRef", ONE_DTYPES)) ||
        (st = aclemu_check_shape(api, selfRef, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    fill_scalar_args *a =
        (fill_scalar_args *)aclemu_ew_launch(executor, "Fill", sizeof(fill_scalar_args), selfRef, NULL, 0, &st);
    if (a) {
        aclScalar one;
        memset(&one, 0, sizeof one);
        one.dtype = ACL_INT64;
        one.v.i64 = 1;
        encode(a->elem, selfRef->dtype, &one);
    }
    return st;
}

/* ---- aclnnInplaceFillTensor (ops-math conversion/fill, aclnn_fill_tensor.h) --------------------
 * selfRef = value[0] (value 0-d or of shape [1], any dtype, converted to selfRef's) through the
 * ViewCopy kernel with value broadcast; the dtype list and null -> dtype -> shape order of
 * aclnn_fill_tensor.cpp (BF16 on the 910B / 910_93 / 950 list only). */
#define FILL_TENSOR_DTYPES                                                                             \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_FLOAT16) |     \
     ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_DOUBLE) |       \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128) | ACLEMU_DT(ACL_BF16))

aclnnStatus aclemu_plan_InplaceFillTensor(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *value)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    char s[256];
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_notnull(api, value, "value")))
        return st;
    if ((st = aclemu_check_dtype(api, selfRef, "selfRef", FILL_TENSOR_DTYPES)) ||
        (st = aclemu_check_shape(api, selfRef, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    if (value->ndim > 1 || (value->ndim == 1 && value->shape[0] != 1))
        return ACLEMU_PARAM_ERROR(api, "value shape should be 0D or 1D with size = 1, but got %s.",
                                  aclemu_shape_str(value->shape, value->ndim, s, sizeof s));
    int complex_self = selfRef->dtype == ACL_COMPLEX64 || selfRef->dtype == ACL_COMPLEX128;
    int complex_value = value->dtype == ACL_COMPLEX64 || value->dtype == ACL_COMPLEX128;
    if ((complex_self || complex_value) && value->dtype != selfRef->dtype)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                               "converting a %s value into a %s selfRef is not supported yet.",
                               aclemu_dtype_name(value->dtype), aclemu_dtype_name(selfRef->dtype));
    /* value as a 0-d view (same element), so it broadcasts to any selfRef, also a 0-d one */
    act_view v;
    act_view_of(&v, value);
    v.view.ndim = 0;
    const aclTensor *in[1] = {&v.view};
    aclemu_ew *ew = (aclemu_ew *)aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), selfRef, in, 1, &st);
    if (!ew)
        return st; /* empty selfRef: nothing to fill */
    return aclemu_exec_bind_tensor(executor, ew, &ew->op[1].addr, value);
}

/* ---- aclnnInplaceFillDiagonal (ops-math conversion/fill_diagonal_v2, aclnn_fill_diagonal.h) ------
 * torch.Tensor.fill_diagonal_: the Fill kernel on diagonal views of selfRef. A matrix (R, C):
 * (i, i) for i < min(R, C); with `wrap` a tall matrix continues every C + 1 rows (the flat
 * positions k * (C + 1)), i.e. blocks b of C elements at (b * (C + 1) + j, j). More dims (all
 * equal): (i, i, ..., i). Checks as aclnn_fill_diagonal.cpp: null, dtype, 2..8 dims of one
 * length beyond 2-D, value castable to FLOAT and inside selfRef's range. */
#define FILL_DIAG_DTYPES                                                                               \
    (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_INT8) |     \
     ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) |       \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_BF16))
#define FILL_DIAG_CHIPS (ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P))

/* 1 if the value lies outside what selfRef's dtype holds (the real CheckOverflows; BF16 and
 * BOOL are not checked there). */
static int fill_value_overflows(aclDataType dt, const aclScalar *v, int *as_float)
{
    double f = aclemu_scalar_to_f64(v), lim;
    int int_value = !aclemu_dtype_is_float(v->dtype) && v->dtype != ACL_COMPLEX64 && v->dtype != ACL_COMPLEX128;
    *as_float = 1;
    switch (dt) {
    case ACL_FLOAT: lim = 3.4028234663852886e38; break;
    case ACL_FLOAT16: lim = 65504.0; break;
    case ACL_DOUBLE: return 0;
    case ACL_INT8: case ACL_INT16: case ACL_INT32: case ACL_INT64: case ACL_UINT8: {
        *as_float = 0;
        int64_t lo = dt == ACL_INT8 ? INT8_MIN : dt == ACL_INT16 ? INT16_MIN : dt == ACL_INT32 ? INT32_MIN : dt == ACL_UINT8 ? 0 : INT64_MIN;
        int64_t hi = dt == ACL_INT8 ? INT8_MAX : dt == ACL_INT16 ? INT16_MAX : dt == ACL_INT32 ? INT32_MAX : dt == ACL_UINT8 ? UINT8_MAX : INT64_MAX;
        if (int_value) {
            if (v->dtype == ACL_UINT64) return v->v.u64 > (uint64_t)hi;
            int64_t i = aclemu_scalar_to_i64(v);
            return i < lo || i > hi;
        }
        return !(f >= (double)lo && f <= (double)hi); /* NaN too */
    }
    default: return 0;
    }
    return isfinite(f) && (f > lim || f < -lim); /* finite values past the largest (Inf / NaN fill as they are) */
}

aclnnStatus aclemu_plan_InplaceFillDiagonal(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *fillValue,
                                            bool wrap)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_notnull(api, fillValue, "fillValue")))
        return st;
    if ((st = aclemu_check_dtype(api, selfRef, "selfRef", FILL_DIAG_DTYPES)) ||
        (st = aclemu_check_shape(api, selfRef, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    uint32_t n = selfRef->ndim;
    if (n < 2)
        return ACLEMU_PARAM_ERROR(api, "selfRef dim num %u should be at least 2.", n);
    for (uint32_t d = 1; n > 2 && d < n; d++)
        if (selfRef->shape[d] != selfRef->shape[0])
            return ACLEMU_PARAM_ERROR(api, "Dim of selfRef[%u] greater than 2, all dimensions of input must be of equal "
                                           "length.",
                                      n);
    if (!aclemu_can_cast(fillValue->dtype, ACL_FLOAT))
        return ACLEMU_PARAM_ERROR(api, "fillValue dtype %s can't be cast to the desired output type DT_FLOAT.",
                                  aclemu_dtype_name(fillValue->dtype));
    int as_float;
    if (fill_value_overflows(selfRef->dtype, fillValue, &as_float))
        return as_float ? ACLEMU_PARAM_ERROR(api, "value cannot be converted to type %s without overflow : %f.",
                                             aclemu_dtype_name(selfRef->dtype), aclemu_scalar_to_f64(fillValue))
                        : ACLEMU_PARAM_ERROR(api, "value cannot be converted to type %s without overflow : %lld.",
                                             aclemu_dtype_name(selfRef->dtype), (long long)aclemu_scalar_to_i64(fillValue));
    if ((st = aclemu_check_chip(api, FILL_DIAG_CHIPS)))
        return st;
    if (aclemu_tensor_numel(selfRef) == 0)
        return ACLNN_SUCCESS;
    /* up to two diagonal views: the whole diagonal (or the full wrapped blocks) and a wrap's tail */
    act_view views[2];
    int nv = 0;
    int64_t diag_stride = 0;
    for (uint32_t d = 0; d < n; d++) diag_stride += selfRef->stride[d];
    int64_t R = selfRef->shape[0], C = selfRef->shape[1], m = R < C ? R : C;
    act_view_of(&views[0], selfRef);
    views[0].view.ndim = 1;
    views[0].view.shape[0] = m;
    views[0].view.stride[0] = diag_stride;
    nv = 1;
    if (n == 2 && wrap && R > C) {
        /* blocks of C diagonal elements every C + 1 rows; block b starts at row b * (C + 1) */
        int64_t full = (R + 1) / (C + 1), tail = R - full * (C + 1); /* block b is whole when (b + 1)(C + 1) - 1 <= R */
        act_view *v = &views[0];
        v->view.ndim = 2;
        v->view.shape[0] = full;
        v->view.stride[0] = (C + 1) * selfRef->stride[0];
        v->view.shape[1] = C;
        v->view.stride[1] = diag_stride;
        if (tail > 0) {
            act_view_of(&views[1], selfRef);
            views[1].view.ndim = 1;
            views[1].view.offset = selfRef->offset + full * (C + 1) * selfRef->stride[0];
            views[1].view.shape[0] = tail < C ? tail : C;
            views[1].view.stride[0] = diag_stride;
            nv = 2;
        }
    }
    for (int i = 0; i < nv; i++) {
        fill_scalar_args *a = (fill_scalar_args *)aclemu_ew_launch(executor, "Fill", sizeof(fill_scalar_args),
                                                                   &views[i].view, NULL, 0, &st);
        if (!a) {
            if (st) return st;
            continue;
        }
        encode(a->elem, selfRef->dtype, fillValue);
        if ((st = aclemu_exec_bind_tensor(executor, a, &a->ew.op[0].addr, selfRef)))
            return st;
    }
    return ACLNN_SUCCESS;
}
