/* Error reporting of the aclnn layer: every failed check returns the real aclnnStatus and leaves
 * an "EZ1001"-style message for aclGetRecentErrMsg (through the runtime's error store). */
#ifndef ACLEMU_OP_ERRORS_H
#define ACLEMU_OP_ERRORS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libnnopbase for the op libraries (the project builds with hidden visibility). */
#pragma GCC visibility push(default)

/* Parameter errors of aclnn APIs are reported with the error code EZ1001 in CANN. */
#define ACLEMU_ERRCODE_PARAM "EZ1001"
/* Internal / runtime failures of the operator layer. */
#define ACLEMU_ERRCODE_INNER "EZ9999"

/* Pushes "<api>: <message>" under `code` and returns `status`. */
aclnnStatus aclemu_op_error(aclnnStatus status, const char *code, const char *api, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#define ACLEMU_PARAM_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)
#define ACLEMU_NULL_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
