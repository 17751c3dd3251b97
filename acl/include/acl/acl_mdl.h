/*
 * aclemu public header: offline-model (.om) API, core subset.
 *
 * Declares model descriptors (aclmdlDesc), input/output datasets (aclmdlDataset),
 * the load/execute/unload entry points and the size/shape queries that inference
 * samples use. Bundle, AIPP, queue and config-handle APIs of CANN's acl_mdl.h are
 * not declared. Prototypes, constants and struct layouts follow CANN exactly.
 * Note: aclemu cannot run compiled .om graphs; datasets and descriptors are plain
 * containers and work, loading a model reports an error.
 */
#ifndef INC_EXTERNAL_ACL_ACL_MODEL_H_
#define INC_EXTERNAL_ACL_ACL_MODEL_H_

#include <stddef.h>
#include <stdint.h>
#include "acl_base.h"
#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_DIM_ENDPOINTS 2
#define ACL_MAX_DIM_CNT 128
#define ACL_MAX_TENSOR_NAME_LEN 128
#define ACL_MAX_BATCH_NUM 128
#define ACL_MAX_HW_NUM 128
#define ACL_MAX_SHAPE_COUNT 128
#define ACL_INVALID_NODE_INDEX 0xFFFFFFFF

#define ACL_MDL_LOAD_FROM_FILE 1
#define ACL_MDL_LOAD_FROM_FILE_WITH_MEM 2
#define ACL_MDL_LOAD_FROM_MEM 3
#define ACL_MDL_LOAD_FROM_MEM_WITH_MEM 4
#define ACL_MDL_LOAD_FROM_FILE_WITH_Q 5
#define ACL_MDL_LOAD_FROM_MEM_WITH_Q 6

#define ACL_DYNAMIC_TENSOR_NAME "ascend_mbatch_shape_data"
#define ACL_DYNAMIC_AIPP_NAME "ascend_dynamic_aipp_data"
#define ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES "_datadump_original_op_names"

#define ACL_WORKSPACE_MEM_OPTIMIZE_DEFAULT 0
#define ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT 1

#define ACL_MODEL_STREAM_FLAG_HEAD 0x00000000U
#define ACL_MODEL_STREAM_FLAG_DEFAULT 0x7FFFFFFFU

typedef struct aclmdlDataset aclmdlDataset;
typedef struct aclmdlDesc aclmdlDesc;
typedef struct aclmdlAIPP aclmdlAIPP;
typedef struct aclAippExtendInfo aclAippExtendInfo;
typedef struct aclmdlConfigHandle aclmdlConfigHandle;
typedef struct aclmdlExecConfigHandle aclmdlExecConfigHandle;
typedef struct aclmdlBundleQueryInfo aclmdlBundleQueryInfo;
typedef void* aclmdlModel;

typedef enum { ACL_MDL_ATTR_PRIORITY_INT32 = 0 } aclmdlAttr;

typedef union {
    uint32_t mdlPriority;
    uint32_t reserved[8];
} aclmdlAttrValue_t;

typedef enum {
    ACL_DATA_WITHOUT_AIPP = 0,
    ACL_DATA_WITH_STATIC_AIPP,
    ACL_DATA_WITH_DYNAMIC_AIPP,
    ACL_DYNAMIC_AIPP_NODE
} aclmdlInputAippType;

/* Name and shape of one model input/output. */
typedef struct aclmdlIODims {
    char name[ACL_MAX_TENSOR_NAME_LEN];
    size_t dimCount;
    int64_t dims[ACL_MAX_DIM_CNT];
} aclmdlIODims;

/* Per-dimension {min, max} of a dynamic-shape input. */
typedef struct aclmdlIODimsRange {
    size_t rangeCount;
    int64_t range[ACL_MAX_DIM_CNT][ACL_DIM_ENDPOINTS];
} aclmdlIODimsRange;

typedef struct aclmdlBatch {
    size_t batchCount;
    uint64_t batch[ACL_MAX_BATCH_NUM];
} aclmdlBatch;

typedef struct aclmdlHW {
    size_t hwCount;
    uint64_t hw[ACL_MAX_HW_NUM][2];
} aclmdlHW;

/* ---- model description ---------------------------------------------------------- */

ACL_FUNC_VISIBILITY aclmdlDesc* aclmdlCreateDesc();

ACL_FUNC_VISIBILITY aclError aclmdlDestroyDesc(aclmdlDesc* modelDesc);

ACL_FUNC_VISIBILITY aclError aclmdlGetDesc(aclmdlDesc* modelDesc, uint32_t modelId);

ACL_FUNC_VISIBILITY aclError aclmdlGetDescFromFile(aclmdlDesc* modelDesc, const char* modelPath);

ACL_FUNC_VISIBILITY aclError aclmdlGetDescFromMem(aclmdlDesc* modelDesc, const void* model, size_t modelSize);

ACL_FUNC_VISIBILITY size_t aclmdlGetNumInputs(aclmdlDesc* modelDesc);

ACL_FUNC_VISIBILITY size_t aclmdlGetNumOutputs(aclmdlDesc* modelDesc);

ACL_FUNC_VISIBILITY size_t aclmdlGetInputSizeByIndex(aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY size_t aclmdlGetOutputSizeByIndex(aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDimsV2(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDimsRange(
    const aclmdlDesc* modelDesc, size_t index, aclmdlIODimsRange* dimsRange);

ACL_FUNC_VISIBILITY aclError aclmdlGetOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

ACL_FUNC_VISIBILITY aclError aclmdlGetCurOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

ACL_FUNC_VISIBILITY const char* aclmdlGetInputNameByIndex(const aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY const char* aclmdlGetOutputNameByIndex(const aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY aclFormat aclmdlGetInputFormat(const aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY aclFormat aclmdlGetOutputFormat(const aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY aclDataType aclmdlGetInputDataType(const aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY aclDataType aclmdlGetOutputDataType(const aclmdlDesc* modelDesc, size_t index);

ACL_FUNC_VISIBILITY aclError aclmdlGetInputIndexByName(const aclmdlDesc* modelDesc, const char* name, size_t* index);

ACL_FUNC_VISIBILITY aclError aclmdlGetOutputIndexByName(const aclmdlDesc* modelDesc, const char* name, size_t* index);

/* ---- datasets: ordered lists of data buffers (and optional tensor descs) ------- */

ACL_FUNC_VISIBILITY aclmdlDataset* aclmdlCreateDataset();

/* Destroys the container only; the buffers it holds stay owned by the caller. */
ACL_FUNC_VISIBILITY aclError aclmdlDestroyDataset(const aclmdlDataset* dataset);

ACL_FUNC_VISIBILITY aclError aclmdlAddDatasetBuffer(aclmdlDataset* dataset, aclDataBuffer* dataBuffer);

ACL_FUNC_VISIBILITY aclError aclmdlSetDatasetTensorDesc(aclmdlDataset* dataset, aclTensorDesc* tensorDesc, size_t index);

ACL_FUNC_VISIBILITY aclTensorDesc* aclmdlGetDatasetTensorDesc(const aclmdlDataset* dataset, size_t index);

ACL_FUNC_VISIBILITY size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset* dataset);

ACL_FUNC_VISIBILITY aclDataBuffer* aclmdlGetDatasetBuffer(const aclmdlDataset* dataset, size_t index);

/* ---- load / execute / unload ---------------------------------------------------- */

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFile(const char* modelPath, uint32_t* modelId);

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMem(const void* model, size_t modelSize, uint32_t* modelId);

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFileWithMem(
    const char* modelPath, uint32_t* modelId, void* workPtr, size_t workSize, void* weightPtr, size_t weightSize);

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMemWithMem(
    const void* model, size_t modelSize, uint32_t* modelId, void* workPtr, size_t workSize, void* weightPtr,
    size_t weightSize);

ACL_FUNC_VISIBILITY aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output);

ACL_FUNC_VISIBILITY aclError aclmdlExecuteAsync(
    uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream);

ACL_FUNC_VISIBILITY aclError aclmdlUnload(uint32_t modelId);

/* Work and weight memory a model file needs when loaded with *WithMem. */
ACL_FUNC_VISIBILITY aclError aclmdlQuerySize(const char* fileName, size_t* workSize, size_t* weightSize);

ACL_FUNC_VISIBILITY aclError aclmdlQuerySizeFromMem(
    const void* model, size_t modelSize, size_t* workSize, size_t* weightSize);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_MODEL_H_ */
