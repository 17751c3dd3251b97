/*
 * aclemu public header: data-dump and exception-dump control.
 *
 * Queries the directory a dump kind is written to, and (weak) saves extra tensors with an
 * exception report. Prototypes follow CANN. Not provided, so not declared here: the dump
 * callback (acldumpRegCallback / acldumpUnregCallback: which data it receives without an
 * aclmdlSetDump config is not documented) and aclopStartDumpArgs / aclopStopDumpArgs (the
 * operator-info file format is not documented).
 */
#ifndef INC_EXTERNAL_ACL_DUMP_H_
#define INC_EXTERNAL_ACL_DUMP_H_

#include <stdint.h>
#include "acl_base.h"

/* The exception helpers are weak, as in CANN, so that a program still links and loads against
 * a runtime that lacks them (this one does: test the function's address before calling). */
#if (defined(_WIN32) || defined(_WIN64) || defined(_MSC_VER))
#define ACL_DUMP_WEAK
#else
#define ACL_DUMP_WEAK __attribute__((weak))
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_DUMP_MAX_FILE_PATH_LENGTH 4096

/* One piece of a dump file handed to the registered callback; dataBuf holds bufLen
 * bytes that belong at byte offset `offset` of fileName. */
typedef struct acldumpChunk {
    char fileName[ACL_DUMP_MAX_FILE_PATH_LENGTH];
    uint32_t bufLen;
    uint32_t isLastChunk;
    int64_t offset;
    int32_t flag;
#ifdef __cplusplus
    __extension__ uint8_t dataBuf[0]; /* GNU zero-length array; __extension__ keeps -pedantic quiet */
#else
    uint8_t dataBuf[]; /* C99 flexible array member: same layout as CANN's dataBuf[0] */
#endif
} acldumpChunk;

#define ACL_OP_DUMP_OP_AICORE_ARGS 0x00000001U

typedef enum acldumpType {
    AIC_ERR_BRIEF_DUMP = 1,
    AIC_ERR_NORM_DUMP = 2,
    AIC_ERR_DETAIL_DUMP = 3,
    DATA_DUMP = 4,
    OVERFLOW_DUMP = 5
} acldumpType;

/* Directory the given dump kind is written to, or NULL if not configured. */
ACL_FUNC_VISIBILITY const char* acldumpGetPath(acldumpType dumpType);

#define ACL_DUMP_MAX_SHAPE_NUM 25

typedef enum acldumpTensorType {
    ACL_DUMP_TENSOR_INPUT = 0,
    ACL_DUMP_TENSOR_OUTPUT,
    ACL_DUMP_TENSOR_WORKSPACE
} acldumpTensorType;

typedef enum acldumpTensorAddressType {
    ACL_DUMP_ADDR_PTR = 0,
    ACL_DUMP_ADDR_PTR_PTR,
    ACL_DUMP_ADDR_RAW
} acldumpTensorAddressType;

typedef enum acldumpTensorPlacement {
    ACL_DUMP_PLACEMENT_DEVICE = 0,
    ACL_DUMP_PLACEMENT_HOST,
    ACL_DUMP_PLACEMENT_END
} acldumpTensorPlacement;

typedef struct acldumpTensorInfo {
    acldumpTensorType type;
    size_t tensorSize;
    int32_t format;
    int32_t dataType;
    int64_t* tensorAddr;
    acldumpTensorAddressType addrType;
    acldumpTensorPlacement placement;
    uint32_t argsOffset;
    uint32_t shapeNum;
    uint32_t originShapeNum;
    uint64_t shape[ACL_DUMP_MAX_SHAPE_NUM];
    uint64_t originShape[ACL_DUMP_MAX_SHAPE_NUM];
} acldumpTensorInfo;

ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpSaveExceptionInfo(
    const char* fileName, const char* userTag, const acldumpTensorInfo* tensors, size_t tensorCount);

ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_DUMP_H_ */
