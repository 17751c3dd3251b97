/* Internal interface of libascendcl for the other aclemu libraries (opbase, aclop, tools).
 *
 * Not a public header: user programs never see it. Everything here is exported from
 * libascendcl.so (default visibility) so that libnnopbase, libopapi* and libacl_op_compiler
 * share the runtime state (current device, error messages, log settings) of the process. */
#ifndef ACLEMU_RUNTIME_H
#define ACLEMU_RUNTIME_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base_rt.h"
#include "aclemu/drv.h"
#include "aclemu/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACLEMU_API __attribute__((visibility("default")))

/* Log levels: the first four equal aclLogLevel; EVENT goes to the run log. */
#define ACLEMU_LOG_DEBUG 0
#define ACLEMU_LOG_INFO 1
#define ACLEMU_LOG_WARNING 2
#define ACLEMU_LOG_ERROR 3
#define ACLEMU_LOG_EVENT 16

/* Pushes a message for aclGetRecentErrMsg. errcode is a 6-character code of the real error
 * catalogue ("EH0001", "EE1001", "EZ1001", ...); the text is the already filled-in template
 * (printf format). Codes ending in 9999/8888 are "inner" errors and print as such. */
ACLEMU_API void aclemu_errmsg_push(const char *errcode, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
ACLEMU_API void aclemu_errmsg_vpush(const char *errcode, const char *fmt, va_list ap);

/* Resolves a user stream (NULL = the current context's default stream) to the driver stream.
 * Returns an ACL code (ACL_ERROR_RT_CONTEXT_NULL without a current context,
 * ACL_ERROR_RT_STREAM_CONTEXT for a stream of another device, ACL_ERROR_INVALID_PARAM for a
 * handle that is not a live stream) and leaves an error message on failure. */
ACLEMU_API int aclemu_resolve_stream(aclrtStream stream, drv_stream **out);

/* The user allocator registered on stream with aclrtAllocatorRegister (acl_rt_allocator.h):
 * true with its object and callbacks, false when none is (or stream is NULL). */
typedef struct aclemu_user_allocator {
    void *obj;
    void *(*alloc)(void *obj, size_t size);
    void (*free)(void *obj, void *block);
    void *(*addr)(void *block);
} aclemu_user_allocator;
ACLEMU_API bool aclemu_stream_allocator(aclrtStream stream, aclemu_user_allocator *out);

/* Chip profile of the current thread's device (device 0 when none is set); never NULL. */
ACLEMU_API const aclemu_chip_profile *aclemu_current_profile(void);

/* Host view of [devptr, devptr+len) if it lies inside one live device allocation of this
 * process, else NULL. For host-side reads of small tensors (aclop / atc paths). */
ACLEMU_API void *aclemu_host_view(const void *devptr, size_t len);

/* The live device allocation (or run of adjacent VMM mappings) containing ptr: 1 with its base
 * and size, else 0. */
ACLEMU_API int aclemu_device_alloc_of(const void *ptr, void **base, size_t *size);

/* Single-operator dump (dump_op_switch "on", acl/mdl/op_dump.c). aclemu_opdump_mode: the dump_mode
 * bits (1 inputs, 2 outputs) an operator launched on stream now is dumped with; 0 when no such
 * dump is configured or stream is being captured into a model runtime instance. */
#define ACLEMU_OPDUMP_MAX 64  /* tensors per side an operator's dump holds */
#define ACLEMU_OPDUMP_RANK 8
ACLEMU_API int aclemu_opdump_mode(aclrtStream stream);
typedef struct aclemu_dump_tensor {
    int32_t dtype, format;   /* aclDataType, aclFormat */
    uint32_t ndims;          /* <= ACLEMU_OPDUMP_RANK */
    const int64_t *dims;
    const void *bytes;       /* host copy of the elements, contiguous in dims order */
    uint64_t size;           /* bytes */
    uint64_t address;        /* device address of the view's first element */
} aclemu_dump_tensor;
/* Writes one operator execution's dump file (op_type / op_name name it); ACL code, with an
 * error message on failure. */
ACLEMU_API int aclemu_opdump_write(aclrtStream stream, const char *op_type, const char *op_name,
                                   const aclemu_dump_tensor *in, size_t nin, const aclemu_dump_tensor *out,
                                   size_t nout);

/* Logging in the real plog format; module is "ASCENDCL", "RUNTIME", "OP", "APP", ... */
ACLEMU_API void aclemu_log(int level, const char *module, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
ACLEMU_API void aclemu_log_at(int level, const char *module, const char *file, int line,
                              const char *func, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
ACLEMU_API void aclemu_vlog_at(int level, const char *module, const char *file, int line,
                               const char *func, const char *fmt, va_list ap);
/* 1 if a message of this level for this module would be written (cheap; use before
 * building expensive log text). */
ACLEMU_API int aclemu_log_enabled(int level, const char *module);

#define ACLEMU_LOG(level, module, ...) \
    aclemu_log_at((level), (module), __FILE__, __LINE__, __func__, __VA_ARGS__)

#ifdef __cplusplus
}
#endif
#endif
