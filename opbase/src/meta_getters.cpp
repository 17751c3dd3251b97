// Shape and stride getters of aclTensor. The real opbase allocates the returned arrays with
// new[] and the caller releases them with delete[]; this file is C++ so that pairing is exact.
#include <cstring>
#include <new>

#include "aclemu_op/objects.h"

static aclnnStatus copy_dims(const int64_t *src, uint32_t n, int64_t **out, uint64_t *num)
{
    int64_t *a = new (std::nothrow) int64_t[n ? n : 1];
    if (!a)
        return ACLNN_ERR_INNER;
    if (n)
        std::memcpy(a, src, n * sizeof(int64_t));
    *out = a;
    *num = n;
    return ACLNN_SUCCESS;
}

extern "C" {

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum)
{
    if (!tensor || !viewDims || !viewDimsNum)
        return ACLNN_ERR_PARAM_NULLPTR;
    return copy_dims(tensor->shape, tensor->ndim, viewDims, viewDimsNum);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims,
                                                   uint64_t *storageDimsNum)
{
    if (!tensor || !storageDims || !storageDimsNum)
        return ACLNN_ERR_PARAM_NULLPTR;
    return copy_dims(tensor->storage_shape, tensor->storage_ndim, storageDims, storageDimsNum);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue,
                                                  uint64_t *stridesNum)
{
    if (!tensor || !stridesValue || !stridesNum)
        return ACLNN_ERR_PARAM_NULLPTR;
    return copy_dims(tensor->stride, tensor->ndim, stridesValue, stridesNum);
}

} // extern "C"
