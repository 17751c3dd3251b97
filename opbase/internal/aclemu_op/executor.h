/* aclOpExecutor: what stage 1 records and stage 2 replays.
 *
 * An executor holds the API's tensor arguments (for address rebinding), the workspace size and a
 * short list of kernel launches, each a kernel name + blockDim + argument blob. Blobs live in
 * one buffer inside the executor; "patches" name the 8-byte address fields inside blobs that
 * stage 2 rewrites (workspace + offset, or the current address of an API tensor). Stage 2 does
 * no allocation: patch, drv_launch each blob, free (unless repeatable). */
#ifndef ACLEMU_OP_EXECUTOR_H
#define ACLEMU_OP_EXECUTOR_H

#include "aclemu_op/kargs.h"
#include "aclemu_op/objects.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libnnopbase for the op libraries (the project builds with hidden visibility). */
#pragma GCC visibility push(default)

/* Direction of an API tensor parameter as the op declaration gives it. */
enum { ACLEMU_IO_IN = 1, ACLEMU_IO_OUT = 2, ACLEMU_IO_INOUT = 3 };

/* One tensor-typed parameter of an API, in declaration order (generated code fills these). */
typedef struct aclemu_io_param {
    const void *obj;   /* const aclTensor* or const aclTensorList* (may be NULL: optional) */
    uint8_t is_list;
    uint8_t dir;
    const char *name;  /* the parameter's name, for messages and memory-checker reports (NULL: "tensor") */
} aclemu_io_param;

/* ---- stage-1 prologue / epilogue (called by generated code) ------------------------------ */
/* Checks the out-pointers (ACLNN_ERR_PARAM_NULLPTR) and that every tensor parameter's sizes fit
 * int64 (ACLNN_ERR_PARAM_INVALID, see aclemu_tensor_sizes_fit), allocates an executor and records
 * the API name and its tensor parameters. */
aclnnStatus aclemu_phase1_begin(const char *api, uint64_t *workspaceSize, aclOpExecutor **executor,
                                const aclemu_io_param *io, uint32_t nio, aclOpExecutor **ex);
/* On success hands the executor and workspace size to the caller; on failure frees it. */
aclnnStatus aclemu_phase1_end(aclOpExecutor *ex, aclnnStatus status, uint64_t *workspaceSize,
                              aclOpExecutor **executor);
/* Stage 2: validates, patches, launches on the stream, frees unless repeatable. */
aclnnStatus aclemu_phase2_run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                              aclrtStream stream, const char *api);

/* ---- for planners (an op's stage-1 code) ------------------------------------------------- */
const char *aclemu_exec_api(const aclOpExecutor *ex);
/* Launch i of an executor (after stage 1; NULL past the last): its kernel name, blob (writable: a
 * model's load-time pass may retune a launch of an executor it owns) and blob size. */
void *aclemu_exec_launch_at(aclOpExecutor *ex, uint32_t i, const char **kernel, size_t *size);
/* Adds a launch and returns its zeroed blob of `size` bytes (<= ACLEMU_KERNEL_ARGS_MAX). The
 * pointer stays valid until the next aclemu_exec_add_launch. NULL (and an error pushed) when
 * the executor is full. */
void *aclemu_exec_add_launch(aclOpExecutor *ex, const char *kernel, uint32_t block_dim, size_t size);
/* Reserves workspace bytes (64-byte aligned) and returns their offset in the workspace. */
uint64_t aclemu_exec_alloc_workspace(aclOpExecutor *ex, uint64_t bytes);
/* Makes stage 2 write into the 8-byte field `*field` (inside `blob`, the last launch's blob):
 *  - aclemu_exec_bind_tensor: the tensor's device address (followed when it is rebound);
 *  - aclemu_exec_bind_workspace: workspace + offset. */
aclnnStatus aclemu_exec_bind_tensor(aclOpExecutor *ex, void *blob, uint64_t *field, const aclTensor *t);
aclnnStatus aclemu_exec_bind_workspace(aclOpExecutor *ex, void *blob, uint64_t *field, uint64_t offset);
/* Fills a descriptor of t's view inside the last launch's blob and binds its address. */
aclnnStatus aclemu_exec_tdesc(aclOpExecutor *ex, void *blob, aclemu_tdesc *d, const aclTensor *t);
/* A data-dependent output shape (Unique, Nonzero ...), as the real ops' OP_OUTSHAPE outputs:
 * the kernels leave t->ndim int64 dims at workspace offset `ws_off`; after its launches stage 2
 * waits for them, reads the dims and makes them t's view shape (each at most the dim t had;
 * strides made contiguous, offset kept: the kernels write the real result compactly). At most
 * 4 per executor. */
aclnnStatus aclemu_exec_out_shape(aclOpExecutor *ex, aclTensor *t, uint64_t ws_off);
/* The same where the result's rank is decided by the op, not by t (the real Unique family sets
 * valueOut's view shape whatever rank it came with): the kernels leave `rank` dims; t must be
 * contiguous and have room for their product (t's elements at stage 1; a result that does not
 * fit must be written by no kernel, and fails stage 2). */
aclnnStatus aclemu_exec_out_shape_rank(aclOpExecutor *ex, aclTensor *t, uint64_t ws_off, uint32_t rank);

/* Test hooks. Executors alive in this process (allocated and not yet freed): */
ACLNN_API int64_t aclemu_exec_live_count(void);
/* The i-th recorded launch (kernel, blockDim, blob as stage 1 left it, with every bound tensor
 * at its stage-1 address); -1 if there is none. Lets unit tests inspect blobs and run kernels
 * in-process. */
ACLNN_API int aclemu_exec_get_launch(const aclOpExecutor *ex, uint32_t i, const char **kernel,
                                     uint32_t *block_dim, const void **blob, size_t *size);
/* Number of recorded launches and the workspace size. */
ACLNN_API uint32_t aclemu_exec_launch_count(const aclOpExecutor *ex);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
