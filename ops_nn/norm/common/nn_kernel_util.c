/* Per-element access of contiguous operands for the scalar parts of the kernels. */
#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "nn_kernel.h"

double nn_load(const nn_cbuf *b, int64_t i)
{
    const char *p = (const char *)nn_ptr(b);
    switch (b->dtype) {
    case ACL_FLOAT: return ((const float *)p)[i];
    case ACL_FLOAT16: return aclemu_half_to_float(((const uint16_t *)p)[i]);
    case ACL_BF16: return aclemu_bf16_to_float(((const uint16_t *)p)[i]);
    case ACL_DOUBLE: return ((const double *)p)[i];
    default: return (double)nn_load_int(b, i);
    }
}

void nn_store(const nn_cbuf *b, int64_t i, double v)
{
    char *p = (char *)nn_ptr(b);
    switch (b->dtype) {
    case ACL_FLOAT: ((float *)p)[i] = (float)v; break;
    case ACL_FLOAT16: ((uint16_t *)p)[i] = aclemu_float_to_half((float)v); break;
    case ACL_BF16: ((uint16_t *)p)[i] = aclemu_float_to_bf16((float)v); break;
    case ACL_DOUBLE: ((double *)p)[i] = v; break;
    default: nn_store_int(b, i, (int64_t)v); break;
    }
}

int64_t nn_load_int(const nn_cbuf *b, int64_t i)
{
    const char *p = (const char *)nn_ptr(b);
    switch (b->dtype) {
    case ACL_INT8: return ((const int8_t *)p)[i];
    case ACL_UINT8: return ((const uint8_t *)p)[i];
    case ACL_BOOL: return ((const uint8_t *)p)[i] != 0;
    case ACL_INT16: return ((const int16_t *)p)[i];
    case ACL_UINT16: return ((const uint16_t *)p)[i];
    case ACL_INT32: return ((const int32_t *)p)[i];
    case ACL_UINT32: return ((const uint32_t *)p)[i];
    case ACL_INT64: return ((const int64_t *)p)[i];
    case ACL_UINT64: return (int64_t)((const uint64_t *)p)[i];
    case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: case ACL_DOUBLE: return (int64_t)nn_load(b, i);
    default: return 0;
    }
}

void nn_store_int(const nn_cbuf *b, int64_t i, int64_t v)
{
    char *p = (char *)nn_ptr(b);
    switch (b->dtype) {
    case ACL_INT8: ((int8_t *)p)[i] = (int8_t)v; break;
    case ACL_UINT8: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case ACL_BOOL: ((uint8_t *)p)[i] = v != 0; break;
    case ACL_INT16: ((int16_t *)p)[i] = (int16_t)v; break;
    case ACL_UINT16: ((uint16_t *)p)[i] = (uint16_t)v; break;
    case ACL_INT32: ((int32_t *)p)[i] = (int32_t)v; break;
    case ACL_UINT32: ((uint32_t *)p)[i] = (uint32_t)v; break;
    case ACL_INT64: ((int64_t *)p)[i] = v; break;
    case ACL_UINT64: ((uint64_t *)p)[i] = (uint64_t)v; break;
    default: nn_store(b, i, (double)v); break;
    }
}
