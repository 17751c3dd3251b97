/* aclDataBuffer: a (pointer, size) pair describing op inputs/outputs; the data itself is not
 * owned. aclCreateDataBuffer(NULL, 0) is legal (optional op inputs). */
#include <stdlib.h>

#include "acl/acl_base_rt.h"
#include "aclemu_runtime.h"
#include "data_buffer.h"

ACL_FUNC_VISIBILITY aclDataBuffer *aclCreateDataBuffer(void *data, size_t size)
{
    aclDataBuffer *b = malloc(sizeof(*b));
    if (b == NULL) {
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*b), "malloc");
        return NULL;
    }
    b->data = data;
    b->length = size;
    return b;
}

ACL_FUNC_VISIBILITY aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer)
{
    if (dataBuffer == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dataBuffer");
        return ACL_ERROR_INVALID_PARAM;
    }
    free((void *)dataBuffer);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data, size_t size)
{
    if (dataBuffer == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dataBuffer");
        return ACL_ERROR_INVALID_PARAM;
    }
    dataBuffer->data = data;
    dataBuffer->length = size;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? dataBuffer->data : NULL;
}

ACL_FUNC_VISIBILITY uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? (uint32_t)dataBuffer->length : 0u;
}

ACL_FUNC_VISIBILITY size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? dataBuffer->length : 0u;
}

/* Element size in bytes; sub-byte types count as one byte and types without a fixed size
 * report 0. Unknown enumerators fall through to 8 bytes, as in the real runtime. */
ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType)
{
    switch (dataType) {
    case ACL_STRING:
    case ACL_DT_UNDEFINED:
        return 0;
    case ACL_UINT1:
    case ACL_INT4:
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
        return 1;
    case ACL_FLOAT16:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_BF16:
        return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32:
        return 4;
    case ACL_COMPLEX128:
        return 16;
    default:
        return 8;
    }
}
