/* What the aclop adapters (op_run*.c) share: one call's aclnn objects (tensors, scalars, int
 * arrays, scratch device memory) released together, NCHW views of NHWC / HWCN data (strided
 * aclTensors, no copies), and calling an aclnn two-stage API by name. */
#ifndef ACLEMU_ACLOP_OP_RUN_H
#define ACLEMU_ACLOP_OP_RUN_H

#include <stdbool.h>

#include "aclnn_bridge.h"
#include "op_infer.h"

#define RUN_MAX_OBJ 32

typedef struct aclop_run {
    aclop_call *c;
    const aclop_nn *nn;
    aclTensor *t[RUN_MAX_OBJ];
    int nt;
    aclScalar *s[RUN_MAX_OBJ];
    int ns;
    aclIntArray *a[RUN_MAX_OBJ];
    int na;
    void *scratch[8]; /* device memory the launches use: freed after the stream drains */
    int nscratch;
    bool oom;         /* an object could not be created */
} aclop_run;

/* Loads the aclnn layer (ACL_ERROR_KERNEL_NOT_FOUND with a message when it cannot). */
int run_begin(aclop_run *r, aclop_call *c);
/* Destroys the objects; with scratch memory, waits for the stream first. Returns rc, or the
 * synchronisation error when rc was a success. */
int run_end(aclop_run *r, int rc);

/* A tensor view over addr: dims, strides (NULL: contiguous) and offset in elements. The storage
 * is described as a flat run covering the view. */
aclTensor *run_view(aclop_run *r, aclDataType dt, aclFormat fmt, size_t nd, const int64_t *dims, const int64_t *strides,
                    int64_t offset, void *addr);
/* Contiguous tensor of input k (its descriptor's dims) / output k (the inferred dims); ND
 * unless the descriptor says NCHW-like. */
aclTensor *run_input(aclop_run *r, int k);
aclTensor *run_output(aclop_run *r, int k);
/* A 4-D tensor stored with dims `dims`, viewed as (N, C, H, W): pos[i] is where N, C, H, W sit
 * in the stored dims. Format NCHW. */
aclTensor *run_nchw(aclop_run *r, aclDataType dt, const int64_t dims[4], const int pos[4], void *addr);

aclScalar *run_scalar_f64(aclop_run *r, double v);
aclScalar *run_scalar_f32(aclop_run *r, float v);
/* The value 1 in dtype dt. */
aclScalar *run_scalar_one(aclop_run *r, aclDataType dt);
aclIntArray *run_ints(aclop_run *r, const int64_t *v, size_t n);
/* Scratch device memory of `bytes` (NULL + message on failure). */
void *run_scratch(aclop_run *r, size_t bytes);

/* ACL_ERROR_BAD_ALLOC with a message when an object could not be created, else 0. */
int run_check_objects(aclop_run *r);

/* Stage 1 + stage 2 of `api` with the arguments given (without workspaceSize / executor):
 *     rc = RUN_NN(r, "aclnnRelu", aclnnStatus (*)(const aclTensor *, aclTensor *, uint64_t *,
 *                 aclOpExecutor **), x, y);
 * Evaluates to an ACL code; nothing runs if an object could not be created. */
#define RUN_NN(r, api, fn_type, ...)                                                            \
    ({                                                                                          \
        int rc_ = run_check_objects(r);                                                         \
        if (rc_ == ACL_SUCCESS) {                                                               \
            fn_type f_ = (fn_type)aclop_nn_stage1((r)->c, api);                                 \
            if (f_ == NULL) {                                                                   \
                rc_ = ACL_ERROR_KERNEL_NOT_FOUND;                                               \
            } else {                                                                            \
                uint64_t ws_ = 0;                                                               \
                aclOpExecutor *ex_ = NULL;                                                      \
                aclnnStatus st_ = f_(__VA_ARGS__, &ws_, &ex_);                                  \
                rc_ = aclop_nn_launch((r)->c, api, st_, ws_, ex_);                              \
            }                                                                                   \
        }                                                                                       \
        rc_;                                                                                    \
    })

#endif
