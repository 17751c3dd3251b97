/* aclTensor: creation, re-initialisation, destruction and raw addresses. The shape getters that
 * hand out new[] arrays are in meta_getters.cpp. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu_op/objects.h"

#define TENSOR_MAGIC 0x54454e53u /* "TENS" */

static int64_t *dims_store(int64_t *inl, uint64_t n)
{
    return n <= ACLEMU_INLINE_RANK ? inl : (int64_t *)malloc(n * sizeof(int64_t));
}

static void dims_release(aclTensor *t)
{
    if (t->shape != t->inl_shape) free(t->shape);
    if (t->stride != t->inl_stride) free(t->stride);
    if (t->storage_shape != t->inl_storage) free(t->storage_shape);
    t->shape = t->inl_shape;
    t->stride = t->inl_stride;
    t->storage_shape = t->inl_storage;
}

/* Fills t from the creation arguments; -1 on bad arguments or out of memory. */
static int tensor_fill(aclTensor *t, const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                       const int64_t *stride, int64_t offset, aclFormat format, const int64_t *storageDims,
                       uint64_t storageDimsNum, void *data)
{
    if ((viewDims == NULL && viewDimsNum > 0) || (storageDims == NULL && storageDimsNum > 0))
        return -1;
    if (viewDimsNum > (1u << 16) || storageDimsNum > (1u << 16))
        return -1;
    t->shape = dims_store(t->inl_shape, viewDimsNum);
    t->stride = dims_store(t->inl_stride, viewDimsNum);
    t->storage_shape = dims_store(t->inl_storage, storageDimsNum);
    if (!t->shape || !t->stride || !t->storage_shape) {
        dims_release(t);
        return -1;
    }
    t->magic = TENSOR_MAGIC;
    t->dtype = dataType;
    t->format = format;
    t->ndim = (uint32_t)viewDimsNum;
    t->storage_ndim = (uint32_t)storageDimsNum;
    t->offset = offset;
    t->data = data;
    if (viewDimsNum)
        memcpy(t->shape, viewDims, viewDimsNum * sizeof(int64_t));
    if (storageDimsNum)
        memcpy(t->storage_shape, storageDims, storageDimsNum * sizeof(int64_t));
    if (stride) {
        if (viewDimsNum)
            memcpy(t->stride, stride, viewDimsNum * sizeof(int64_t));
    } else {
        int64_t s = 1; /* row-major contiguous; saturates for shapes past int64 (checked later) */
        for (uint64_t i = viewDimsNum; i-- > 0;) {
            t->stride[i] = s;
            int64_t d = viewDims[i] > 0 ? viewDims[i] : 1;
            s = s > INT64_MAX / d ? INT64_MAX : s * d;
        }
    }
    return 0;
}

ACL_FUNC_VISIBILITY aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                               const int64_t *stride, int64_t offset, aclFormat format,
                                               const int64_t *storageDims, uint64_t storageDimsNum,
                                               void *tensorData)
{
    aclTensor *t = (aclTensor *)calloc(1, sizeof(*t));
    if (!t)
        return NULL;
    t->shape = t->inl_shape;
    t->stride = t->inl_stride;
    t->storage_shape = t->inl_storage;
    if (tensor_fill(t, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                    tensorData) != 0) {
        free(t);
        return NULL;
    }
    return t;
}

ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor *tensor, const int64_t *viewDims, uint64_t viewDimsNum,
                                              aclDataType dataType, const int64_t *stride, int64_t offset,
                                              aclFormat format, const int64_t *storageDims, uint64_t storageDimsNum,
                                              void *tensorDataAddr)
{
    if (!tensor)
        return ACLNN_ERR_PARAM_NULLPTR;
    if ((viewDims == NULL && viewDimsNum > 0) || (storageDims == NULL && storageDimsNum > 0))
        return ACLNN_ERR_PARAM_NULLPTR;
    dims_release(tensor);
    if (tensor_fill(tensor, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                    tensorDataAddr) != 0)
        return ACLNN_ERR_INNER;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor *tensor)
{
    if (!tensor)
        return ACLNN_SUCCESS;
    aclTensor *t = (aclTensor *)tensor;
    dims_release(t);
    t->magic = 0;
    free(t);
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr)
{
    if (!tensor)
        return ACLNN_ERR_PARAM_NULLPTR;
    tensor->data = addr;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr)
{
    if (!tensor || !addr)
        return ACLNN_ERR_PARAM_NULLPTR;
    *addr = tensor->data;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset)
{
    if (!tensor || !offset)
        return ACLNN_ERR_PARAM_NULLPTR;
    *offset = tensor->offset;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format)
{
    if (!tensor || !format)
        return ACLNN_ERR_PARAM_NULLPTR;
    *format = tensor->format;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType)
{
    if (!tensor || !dataType)
        return ACLNN_ERR_PARAM_NULLPTR;
    *dataType = tensor->dtype;
    return ACLNN_SUCCESS;
}

int64_t aclemu_tensor_numel(const aclTensor *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < t->ndim; i++)
        n *= t->shape[i];
    return n;
}

static uint64_t magnitude(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* a * b, or 0 when it passes ACLEMU_TENSOR_SIZE_MAX (a, b <= ACLEMU_TENSOR_SIZE_MAX) */
static uint64_t mul_bounded(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) || r > (uint64_t)ACLEMU_TENSOR_SIZE_MAX ? 0 : r;
}

int aclemu_tensor_sizes_fit(const aclTensor *t)
{
    const uint64_t max = (uint64_t)ACLEMU_TENSOR_SIZE_MAX;
    uint64_t numel = 1, storage = 1, reach = magnitude(t->offset);
    if (reach > max)
        return 0;
    for (uint32_t i = 0; i < t->ndim; i++) {
        uint64_t d = magnitude(t->shape[i]), s = magnitude(t->stride[i]);
        if (d > max || s > max)
            return 0;
        /* empty dims count as 1: a later dim may be multiplied before the 0 is seen */
        if ((numel = mul_bounded(numel, d ? d : 1)) == 0)
            return 0;
        uint64_t span = mul_bounded(s, d);
        if ((s && d && span == 0) || (reach += span) > max)
            return 0;
    }
    for (uint32_t i = 0; i < t->storage_ndim; i++) {
        uint64_t d = magnitude(t->storage_shape[i]);
        if (d > max || (storage = mul_bounded(storage, d ? d : 1)) == 0)
            return 0;
    }
    return 1;
}

int aclemu_tensor_is_contiguous(const aclTensor *t)
{
    int64_t s = 1;
    for (uint32_t i = t->ndim; i-- > 0;) {
        if (t->shape[i] != 1 && t->stride[i] != s)
            return 0;
        s *= t->shape[i];
    }
    return 1;
}
