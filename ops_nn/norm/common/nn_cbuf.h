/* A contiguous operand as the kernels of norm/pooling/loss/index/optim see it: a device address,
 * the element offset of its first element and its dtype. Either the user's tensor (when its view
 * is contiguous) or a staging buffer in the workspace (see nn_stage.h). Plain C: kernels include
 * it too. */
#ifndef OPS_NN_COMMON_NN_CBUF_H
#define OPS_NN_COMMON_NN_CBUF_H

#include <stdint.h>

typedef struct nn_cbuf {
    uint64_t addr;    /* patched by stage 2 (tensor address or workspace + offset) */
    int64_t offset;   /* elements */
    int32_t dtype;    /* aclDataType */
    int32_t present;  /* 0 for an absent optional operand */
} nn_cbuf;

#endif
