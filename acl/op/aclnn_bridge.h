/* The aclop layer runs every op type on the aclnn operators (one registry of kernels, one set
 * of checks). libascendcl sits below libnnopbase/libopapi in the link order, so the aclnn
 * entry points are resolved at run time: from the process if the program linked libopapi, else
 * by loading libopapi.so from libascendcl's own directory ($ACLEMU_OPAPI_LIB overrides). */
#ifndef ACLEMU_ACLOP_ACLNN_BRIDGE_H
#define ACLEMU_ACLOP_ACLNN_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#include "aclnn/aclnn_base.h"
#include "op_spec.h"

typedef struct aclop_nn {
    aclTensor *(*create_tensor)(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                const int64_t *stride, int64_t offset, aclFormat format, const int64_t *storageDims,
                                uint64_t storageDimsNum, void *tensorData);
    aclnnStatus (*destroy_tensor)(const aclTensor *t);
    aclScalar *(*create_scalar)(void *value, aclDataType dataType);
    aclnnStatus (*destroy_scalar)(const aclScalar *s);
    aclIntArray *(*create_int_array)(const int64_t *value, uint64_t size);
    aclnnStatus (*destroy_int_array)(const aclIntArray *a);
} aclop_nn;

/* The meta API, NULL (and a message naming the op) if libopapi / libnnopbase cannot be loaded. */
const aclop_nn *aclop_nn_get(const aclop_call *c);
/* An aclnn entry point by name, NULL if the loaded libraries lack it. */
void *aclop_nn_sym(const char *name);

/* Contiguous tensor over a device address; strides NULL. */
aclTensor *aclop_nn_tensor(const aclop_nn *nn, aclDataType dt, aclFormat fmt, size_t ndims, const int64_t *dims,
                           void *addr);
/* Tensor of input k (its descriptor's shape) / output k (the inferred shape). */
aclTensor *aclop_nn_input(const aclop_nn *nn, const aclop_call *c, int k);
aclTensor *aclop_nn_output(const aclop_nn *nn, const aclop_call *c, int k);

/* Looks up "<api>GetWorkspaceSize"; on absence pushes a message and returns NULL. */
void *aclop_nn_stage1(const aclop_call *c, const char *api);
/* Stage 2: checks the stage-1 status, provides the workspace (a per-stream cache) and calls
 * <api>(workspace, size, executor, stream). Returns an ACL code. */
int aclop_nn_launch(const aclop_call *c, const char *api, aclnnStatus st, uint64_t ws_size, aclOpExecutor *ex);

#endif
