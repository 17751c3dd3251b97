/* Layouts shared by a stage-1 planner (host) and its kernel (device): what an argument blob
 * holds about tensors. Plain C, no ACL headers: kernels include it too.
 *
 * Device addresses sit in `addr` fields; stage 2 patches them (workspace, and tensors rebound
 * with aclSetInputTensorAddr) right before the launch. In the device process they are valid
 * pointers. Strides and offsets are in elements. */
#ifndef ACLEMU_OP_KARGS_H
#define ACLEMU_OP_KARGS_H

#include <stdint.h>

#define ACLEMU_KMAX_RANK 8

/* One tensor view. */
typedef struct aclemu_tdesc {
    uint64_t addr;                  /* storage base */
    int64_t offset;                 /* of the first element, in elements */
    int32_t dtype;                  /* aclDataType */
    uint32_t ndim;
    int64_t shape[ACLEMU_KMAX_RANK];
    int64_t stride[ACLEMU_KMAX_RANK];
} aclemu_tdesc;

/* Element offset of flat (row-major) index idx over the first n dims of t's view. */
static inline int64_t aclemu_tdesc_flat_off(const aclemu_tdesc *t, int64_t idx, uint32_t n)
{
    int64_t off = t->offset;
    for (int32_t d = (int32_t)n - 1; d >= 0; d--) {
        off += (idx % t->shape[d]) * t->stride[d];
        idx /= t->shape[d];
    }
    return off;
}

/* An elementwise iteration space: every operand is walked over the same (broadcast, coalesced)
 * shape with its own strides (0 on broadcast dims). op[0] is the output by convention. Blocks
 * take consecutive ranges of `per_block` flat indices. */
#define ACLEMU_EW_MAX_OPS 4
typedef struct aclemu_ew_operand {
    uint64_t addr;
    int64_t offset;
    int32_t dtype;
    int32_t reserved;
    int64_t stride[ACLEMU_KMAX_RANK];
} aclemu_ew_operand;

typedef struct aclemu_ew {
    uint64_t numel;
    uint64_t per_block;
    uint32_t ndim;
    uint32_t nops;
    int64_t shape[ACLEMU_KMAX_RANK];
    aclemu_ew_operand op[ACLEMU_EW_MAX_OPS];
} aclemu_ew;

#endif
