/* dtype facts and torch-style promotion for host-side validation. */
#include <stdio.h>
#include <string.h>

#include "aclemu_op/dtype.h"

size_t aclemu_dtype_size(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: case ACL_INT4: case ACL_UINT1:
    case ACL_HIFLOAT8: case ACL_FLOAT8_E5M2: case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E8M0:
    case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2: /* sub-byte types count as one byte, like INT4 */
        return 1;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 0;
    }
}

unsigned aclemu_dtype_bits(aclDataType dt)
{
    switch (dt) {
    case ACL_INT4: case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2: return 4;
    case ACL_UINT1: return 1;
    default: return 8u * (unsigned)aclemu_dtype_size(dt);
    }
}

const char *aclemu_dtype_name(aclDataType dt)
{
    switch (dt) {
    case ACL_DT_UNDEFINED: return "DT_UNDEFINED";
    case ACL_FLOAT: return "DT_FLOAT";
    case ACL_FLOAT16: return "DT_FLOAT16";
    case ACL_INT8: return "DT_INT8";
    case ACL_INT32: return "DT_INT32";
    case ACL_UINT8: return "DT_UINT8";
    case ACL_INT16: return "DT_INT16";
    case ACL_UINT16: return "DT_UINT16";
    case ACL_UINT32: return "DT_UINT32";
    case ACL_INT64: return "DT_INT64";
    case ACL_UINT64: return "DT_UINT64";
    case ACL_DOUBLE: return "DT_DOUBLE";
    case ACL_BOOL: return "DT_BOOL";
    case ACL_STRING: return "DT_STRING";
    case ACL_COMPLEX64: return "DT_COMPLEX64";
    case ACL_COMPLEX128: return "DT_COMPLEX128";
    case ACL_BF16: return "DT_BF16";
    case ACL_INT4: return "DT_INT4";
    case ACL_UINT1: return "DT_UINT1";
    case ACL_COMPLEX32: return "DT_COMPLEX32";
    case ACL_HIFLOAT8: return "DT_HIFLOAT8";
    case ACL_FLOAT8_E5M2: return "DT_FLOAT8_E5M2";
    case ACL_FLOAT8_E4M3FN: return "DT_FLOAT8_E4M3FN";
    case ACL_FLOAT8_E8M0: return "DT_FLOAT8_E8M0";
    case ACL_FLOAT4_E2M1: return "DT_FLOAT4_E2M1";
    case ACL_FLOAT4_E1M2: return "DT_FLOAT4_E1M2";
    default: return "DT_UNKNOWN";
    }
}

const char *aclemu_dtype_set_str(aclemu_dtype_set set, char *buf, size_t len)
{
    size_t n = 0;
    n += (size_t)snprintf(buf, len, "[");
    int first = 1;
    for (int i = 0; i < 64 && n < len; i++) {
        if (!(set & ((aclemu_dtype_set)1 << i)))
            continue;
        n += (size_t)snprintf(buf + n, len - n, "%s%s", first ? "" : ", ", aclemu_dtype_name((aclDataType)i));
        first = 0;
    }
    if (n < len)
        snprintf(buf + n, len - n, "]");
    return buf;
}

int aclemu_dtype_is_float(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

int aclemu_dtype_is_int(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8: case ACL_UINT8: case ACL_INT16: case ACL_UINT16: case ACL_INT32: case ACL_UINT32:
    case ACL_INT64: case ACL_UINT64: return 1;
    default: return 0;
    }
}

int aclemu_dtype_is_complex(aclDataType dt)
{
    return dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128 || dt == ACL_COMPLEX32;
}

/* Category: 0 bool, 1 integer, 2 floating, 3 complex, -1 other. */
static int category(aclDataType dt)
{
    if (dt == ACL_BOOL) return 0;
    if (aclemu_dtype_is_int(dt)) return 1;
    if (aclemu_dtype_is_float(dt)) return 2;
    if (dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128) return 3;
    return -1;
}

/* Width rank inside a category. */
static int int_rank(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8: case ACL_UINT8: return 1;
    case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_INT32: case ACL_UINT32: return 3;
    default: return 4;
    }
}

static int is_unsigned(aclDataType dt)
{
    return dt == ACL_UINT8 || dt == ACL_UINT16 || dt == ACL_UINT32 || dt == ACL_UINT64;
}

aclDataType aclemu_promote_types(aclDataType a, aclDataType b)
{
    if (a == b)
        return a;
    int ca = category(a), cb = category(b);
    if (ca < 0 || cb < 0)
        return ACL_DT_UNDEFINED;
    if (ca != cb) {
        aclDataType hi = ca > cb ? a : b, lo = ca > cb ? b : a;
        if (hi == ACL_COMPLEX64 && lo == ACL_DOUBLE)
            return ACL_COMPLEX128;
        return hi;
    }
    switch (ca) {
    case 1: {
        /* torch only defines uint8 among the unsigned types; wider unsigned mixes have none */
        int ua = is_unsigned(a), ub = is_unsigned(b);
        if (ua && ub)
            return int_rank(a) > int_rank(b) ? a : b;
        if (ua || ub) {
            aclDataType u = ua ? a : b, s = ua ? b : a;
            if (u != ACL_UINT8)
                return ACL_DT_UNDEFINED;
            return int_rank(s) > 1 ? s : ACL_INT16; /* uint8 + int8 -> int16 */
        }
        return int_rank(a) > int_rank(b) ? a : b;
    }
    case 2:
        if (a == ACL_DOUBLE || b == ACL_DOUBLE) return ACL_DOUBLE;
        return ACL_FLOAT; /* FLOAT16 + BF16 -> FLOAT, anything + FLOAT -> FLOAT */
    case 3:
        return ACL_COMPLEX128;
    default:
        return ACL_DT_UNDEFINED;
    }
}

aclDataType aclemu_promote_with_scalar(aclDataType tensor_dt, aclDataType scalar_dt)
{
    int ct = category(tensor_dt), cs = category(scalar_dt);
    if (ct < 0 || cs < 0) /* a scalar of INT4, HIFLOAT8, FLOAT8 ... has no value to promote */
        return ACL_DT_UNDEFINED;
    if (cs <= ct)
        return tensor_dt;
    switch (cs) {
    case 1: return ACL_INT64;
    case 2: return ACL_FLOAT;
    case 3: return tensor_dt == ACL_DOUBLE ? ACL_COMPLEX128 : ACL_COMPLEX64;
    default: return tensor_dt;
    }
}

int aclemu_can_cast(aclDataType from, aclDataType to)
{
    int cf = category(from), ct = category(to);
    if (cf < 0 || ct < 0)
        return 0;
    if (cf == 3 && ct != 3) return 0;
    if (cf == 2 && ct < 2) return 0;
    if (cf != 0 && ct == 0) return 0;
    return 1;
}
