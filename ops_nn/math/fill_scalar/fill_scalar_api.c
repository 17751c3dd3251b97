/* aclnnInplaceFillScalar: FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8, DOUBLE, BOOL, BF16,
 * UINT16, UINT32, UINT64, COMPLEX64, COMPLEX128 (BF16 / UINT16-64 on A2/A3/950 lists); self and
 * value dtypes must promote; the value is converted once here into selfRef's element (a real
 * value fills a complex tensor with imaginary part 0). */
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
