/*
 * aclemu public header: tensor descriptors (aclTensorDesc).
 *
 * A tensor descriptor carries data type, format, shape (optionally with ranges for
 * dynamic shapes), a name, an optional constant payload and a placement hint. It
 * describes operator inputs/outputs for aclop* and model APIs; the data itself is
 * passed separately in an aclDataBuffer. Prototypes follow the CANN toolkit.
 */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_MODEL_H_
#define INC_EXTERNAL_ACL_ACL_BASE_MODEL_H_

#include <stdint.h>
#include <stddef.h>
#include "acl/acl_base_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Each shape/value range entry is a {min, max} pair. */
#define ACL_TENSOR_SHAPE_RANGE_NUM 2
#define ACL_TENSOR_VALUE_RANGE_NUM 2
/* aclGetTensorDescNumDims result for a descriptor of unknown rank (dims = {-2}). */
#define ACL_UNKNOWN_RANK 0xFFFFFFFFFFFFFFFE

typedef struct aclTensorDesc aclTensorDesc;

/* numDims == 0 describes a scalar; dims is copied. Returns NULL on bad input. */
ACL_FUNC_VISIBILITY aclTensorDesc* aclCreateTensorDesc(
    aclDataType dataType, int numDims, const int64_t* dims, aclFormat format);

ACL_FUNC_VISIBILITY void aclDestroyTensorDesc(const aclTensorDesc* desc);

ACL_FUNC_VISIBILITY aclError aclSetTensorShapeRange(
    aclTensorDesc* desc, size_t dimsCount, int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM]);

ACL_FUNC_VISIBILITY aclError aclSetTensorValueRange(
    aclTensorDesc* desc, size_t valueCount, int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM]);

ACL_FUNC_VISIBILITY aclDataType aclGetTensorDescType(const aclTensorDesc* desc);

ACL_FUNC_VISIBILITY aclFormat aclGetTensorDescFormat(const aclTensorDesc* desc);

/* Bytes = element count * aclDataTypeSize(type); 0 for NULL. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescSize(const aclTensorDesc* desc);

ACL_FUNC_VISIBILITY size_t aclGetTensorDescElementCount(const aclTensorDesc* desc);

ACL_FUNC_VISIBILITY size_t aclGetTensorDescNumDims(const aclTensorDesc* desc);

ACL_DEPRECATED_MESSAGE("aclGetTensorDescDim is deprecated, use aclGetTensorDescDimV2 instead")
ACL_FUNC_VISIBILITY int64_t aclGetTensorDescDim(const aclTensorDesc* desc, size_t index);

ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimV2(const aclTensorDesc* desc, size_t index, int64_t* dimSize);

ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimRange(
    const aclTensorDesc* desc, size_t index, size_t dimRangeNum, int64_t* dimRange);

ACL_FUNC_VISIBILITY void aclSetTensorDescName(aclTensorDesc* desc, const char* name);

ACL_FUNC_VISIBILITY const char* aclGetTensorDescName(aclTensorDesc* desc);

ACL_FUNC_VISIBILITY aclError aclTransTensorDescFormat(
    const aclTensorDesc* srcDesc, aclFormat dstFormat, aclTensorDesc** dstDesc);

ACL_DEPRECATED_MESSAGE("aclSetTensorStorageFormat is deprecated, use aclSetTensorFormat instead")
ACL_FUNC_VISIBILITY aclError aclSetTensorStorageFormat(aclTensorDesc* desc, aclFormat format);

ACL_DEPRECATED_MESSAGE("aclSetTensorStorageShape is deprecated, use aclSetTensorShape instead")
ACL_FUNC_VISIBILITY aclError aclSetTensorStorageShape(aclTensorDesc* desc, int numDims, const int64_t* dims);

ACL_FUNC_VISIBILITY aclError aclSetTensorFormat(aclTensorDesc* desc, aclFormat format);

ACL_FUNC_VISIBILITY aclError aclSetTensorShape(aclTensorDesc* desc, int numDims, const int64_t* dims);

ACL_FUNC_VISIBILITY aclError aclSetTensorOriginFormat(aclTensorDesc* desc, aclFormat format);

ACL_FUNC_VISIBILITY aclError aclSetTensorOriginShape(aclTensorDesc* desc, int numDims, const int64_t* dims);

ACL_FUNC_VISIBILITY aclTensorDesc* aclGetTensorDescByIndex(aclTensorDesc* desc, size_t index);

ACL_FUNC_VISIBILITY void* aclGetTensorDescAddress(const aclTensorDesc* desc);

ACL_FUNC_VISIBILITY aclError aclSetTensorDynamicInput(aclTensorDesc* desc, const char* dynamicInputName);

/* Marks the tensor as a compile-time constant whose value is dataBuffer[0..length). */
ACL_FUNC_VISIBILITY aclError aclSetTensorConst(aclTensorDesc* desc, void* dataBuffer, size_t length);

/* ACL_MEMTYPE_HOST marks an input whose data stays in host memory. */
ACL_FUNC_VISIBILITY aclError aclSetTensorPlaceMent(aclTensorDesc* desc, aclMemType memType);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_BASE_MODEL_H_ */
