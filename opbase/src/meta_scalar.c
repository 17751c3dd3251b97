/* aclScalar: a host value of some dtype, copied at creation. */
#include <stdlib.h>
#include <string.h>

#include "aclemu_op/dtype.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/objects.h"

#define SCALAR_MAGIC 0x5343414cu /* "SCAL" */

ACL_FUNC_VISIBILITY aclScalar *aclCreateScalar(void *value, aclDataType dataType)
{
    size_t sz = aclemu_dtype_size(dataType);
    if (!value || sz == 0 || sz > 16)
        return NULL;
    aclScalar *s = (aclScalar *)calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->magic = SCALAR_MAGIC;
    s->dtype = dataType;
    memcpy(s->v.raw, value, sz);
    return s;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar *scalar)
{
    free((void *)scalar);
    return ACLNN_SUCCESS;
}

double aclemu_scalar_to_f64(const aclScalar *s)
{
    switch (s->dtype) {
    case ACL_FLOAT: return s->v.f32;
    case ACL_DOUBLE: return s->v.f64;
    case ACL_FLOAT16: return aclemu_half_to_float(s->v.half_bits);
    case ACL_BF16: return aclemu_bf16_to_float(s->v.half_bits);
    case ACL_COMPLEX64: return s->v.c64[0];
    case ACL_COMPLEX128: return s->v.c128[0];
    case ACL_UINT64: return (double)s->v.u64;
    case ACL_BOOL: case ACL_INT8: case ACL_UINT8: case ACL_INT16: case ACL_UINT16: case ACL_INT32:
    case ACL_UINT32: case ACL_INT64: return (double)aclemu_scalar_to_i64(s);
    /* no numeric reading (INT4, HIFLOAT8, FLOAT8, COMPLEX32 ...): the op's dtype check refuses
     * such a scalar; this must not defer to aclemu_scalar_to_i64, which defers back */
    default: return 0.0;
    }
}

int64_t aclemu_scalar_to_i64(const aclScalar *s)
{
    switch (s->dtype) {
    case ACL_BOOL: return s->v.u8 != 0; /* the byte the caller gave: any non-zero one is true */
    case ACL_INT8: return s->v.i8;
    case ACL_UINT8: return s->v.u8;
    case ACL_INT16: return s->v.i16;
    case ACL_UINT16: return s->v.u16;
    case ACL_INT32: return s->v.i32;
    case ACL_UINT32: return s->v.u32;
    case ACL_INT64: return s->v.i64;
    case ACL_UINT64: return (int64_t)s->v.u64;
    default: {
        double d = aclemu_scalar_to_f64(s);
        if (d != d) return 0;
        if (d >= 9.2233720368547758e18) return INT64_MAX;
        if (d <= -9.2233720368547758e18) return INT64_MIN;
        return (int64_t)d;
    }
    }
}
