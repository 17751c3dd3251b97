/* The operator registry: aclop op type -> device kernel name, and the list of aclnn APIs with
 * their header and library. The tables are generated from the op declarations (*.def) and
 * registered by libopapi.so when it loads; the aclop layer looks kernels up here. Plain
 * functions of the headers (e.g. aclnnCalculateMatmulWeightSize) are listed with two_stage 0. */
#ifndef ACLEMU_OP_REGISTRY_H
#define ACLEMU_OP_REGISTRY_H

#include <stddef.h>

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclemu_op_kernel {
    const char *op_type; /* "Relu", "Add", ... as aclopExecuteV2 names them */
    const char *kernel;  /* kernel registered with ACLEMU_KERNEL in the device process */
} aclemu_op_kernel;

typedef struct aclemu_api_info {
    const char *api;     /* "aclnnRelu" (a two-stage pair by its stage-2 name) or a plain function */
    const char *header;  /* "aclnnop/aclnn_relu.h" */
    const char *library; /* "nn" or "math" */
    int two_stage;       /* 1: aclnn<X>GetWorkspaceSize + aclnn<X>; 0: a plain function ("func") */
} aclemu_api_info;

/* Both tables end with an all-NULL entry and must outlive the process (static data). */
ACLNN_API void aclemu_op_register(const aclemu_op_kernel *kernels, const aclemu_api_info *apis);
/* Kernel name for an aclop type, NULL if none. */
ACLNN_API const char *aclemu_op_find_kernel(const char *op_type);
/* API description, NULL if unknown. */
ACLNN_API const aclemu_api_info *aclemu_op_find_api(const char *api);

#ifdef __cplusplus
}
#endif
#endif
