/* Elementwise launch planning: broadcast strides, dimension coalescing, 1-D tiling. */
#include <string.h>

#include "aclemu_op/check.h"
#include "aclemu_op/dtype.h"
#include "aclemu_op/eltwise.h"
#include "aclemu_op/errors.h"
#include "aclemu_op/tiling.h"

/* Smallest piece of work worth a block of its own, in elements. */
#define EW_MIN_PER_BLOCK 4096
/* Per-block ranges are multiples of this many elements (whole 32-byte UB blocks for 1-byte
 * types, and cache lines for the larger ones). */
#define EW_ALIGN 64

void *aclemu_ew_launch(aclOpExecutor *ex, const char *kernel, size_t args_size, const aclTensor *out,
                       const aclTensor *const *ins, uint32_t nin, aclnnStatus *st)
{
    const char *api = aclemu_exec_api(ex);
    *st = ACLNN_SUCCESS;
    int64_t numel = aclemu_tensor_numel(out);
    if (numel == 0)
        return NULL; /* empty: nothing to launch, workspace 0 */
    if (nin + 1 > ACLEMU_EW_MAX_OPS || out->ndim > ACLEMU_KMAX_RANK || args_size < sizeof(aclemu_ew)) {
        *st = aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "elementwise plan out of range.");
        return NULL;
    }
    const aclTensor *ops[ACLEMU_EW_MAX_OPS];
    ops[0] = out;
    for (uint32_t k = 0; k < nin; k++)
        ops[k + 1] = ins[k];
    uint32_t nops = nin + 1;

    /* strides of every operand over out's dims (0 where an input is broadcast) */
    int64_t shape[ACLEMU_KMAX_RANK], strd[ACLEMU_EW_MAX_OPS][ACLEMU_KMAX_RANK];
    uint32_t nd = 0;
    for (uint32_t d = 0; d < out->ndim; d++) {
        if (out->shape[d] == 1)
            continue; /* size-1 dims never advance */
        shape[nd] = out->shape[d];
        for (uint32_t k = 0; k < nops; k++) {
            const aclTensor *t = ops[k];
            int64_t di = (int64_t)d - (int64_t)(out->ndim - t->ndim);
            strd[k][nd] = (di < 0 || t->shape[di] == 1) ? 0 : t->stride[di];
        }
        nd++;
    }
    if (nd == 0) {
        shape[0] = 1;
        for (uint32_t k = 0; k < nops; k++)
            strd[k][0] = 0;
        nd = 1;
    }
    /* merge dim i into i+1 when every operand walks them as one */
    uint32_t m = 0;
    for (uint32_t i = 1; i < nd; i++) {
        int merge = 1;
        for (uint32_t k = 0; k < nops && merge; k++)
            merge = strd[k][m] == strd[k][i] * shape[i];
        if (merge) {
            shape[m] *= shape[i];
            for (uint32_t k = 0; k < nops; k++)
                strd[k][m] = strd[k][i];
        } else {
            m++;
            shape[m] = shape[i];
            for (uint32_t k = 0; k < nops; k++)
                strd[k][m] = strd[k][i];
        }
    }
    nd = m + 1;

    uint32_t block_dim;
    uint64_t per_block;
    aclemu_tile_1d((uint64_t)numel, aclemu_vector_core_num(aclemu_op_profile()), EW_MIN_PER_BLOCK, EW_ALIGN,
                   &block_dim, &per_block);
    aclemu_ew *ew = (aclemu_ew *)aclemu_exec_add_launch(ex, kernel, block_dim, args_size);
    if (!ew) {
        *st = ACLNN_ERR_INNER;
        return NULL;
    }
    ew->numel = (uint64_t)numel;
    ew->per_block = per_block;
    ew->ndim = nd;
    ew->nops = nops;
    memcpy(ew->shape, shape, nd * sizeof(int64_t));
    for (uint32_t k = 0; k < nops; k++) {
        ew->op[k].offset = ops[k]->offset;
        ew->op[k].dtype = (int32_t)ops[k]->dtype;
        memcpy(ew->op[k].stride, strd[k], nd * sizeof(int64_t));
        *st = aclemu_exec_bind_tensor(ex, ew, &ew->op[k].addr, ops[k]);
        if (*st)
            return NULL;
    }
    return ew;
}
