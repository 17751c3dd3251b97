/* Host side: giving a kernel contiguous operands. An operand whose view is contiguous is used in
 * place; any other view (strided, sliced, transposed, or a permutation such as NHWC seen as
 * NCHW) is packed into a workspace buffer by an NnPack launch before the compute launch
 * (inputs), or computed into the workspace and unpacked into the user's view after it
 * (outputs) — what l0op::Contiguous and l0op::ViewCopy do in the real operators. */
#ifndef OPS_NN_COMMON_NN_STAGE_H
#define OPS_NN_COMMON_NN_STAGE_H

#include "aclemu_op/op_api.h"
#include "nn_cbuf.h"

typedef struct nn_stage {
    const aclTensor *t;   /* NULL: absent operand */
    int staged;           /* 1 when the kernel works on a workspace copy */
    uint64_t ws;          /* workspace offset of the copy */
    uint32_t ndim;        /* logical (possibly permuted) view */
    int64_t shape[ACLEMU_MAX_RANK];
    int64_t stride[ACLEMU_MAX_RANK];
    int32_t dtype;        /* dtype the kernel sees (the tensor's, unless converted) */
} nn_stage;

/* Logical view of t with dims reordered by perm (perm[i] = tensor dim shown as dim i; NULL =
 * identity), then staged if not contiguous. `dtype` < 0 keeps t's dtype, otherwise the copy is
 * converted (forcing staging when it differs). t may be NULL (absent optional). */
aclnnStatus nn_stage_in(aclOpExecutor *ex, const aclTensor *t, const int32_t *perm, int32_t dtype, nn_stage *s);
/* Same for an output; the unpack launch is added by nn_stage_out_finish after the compute. */
aclnnStatus nn_stage_out(aclOpExecutor *ex, const aclTensor *t, const int32_t *perm, int32_t dtype, nn_stage *s);
aclnnStatus nn_stage_out_finish(aclOpExecutor *ex, const nn_stage *s);
/* Points b (inside the last launch's blob) at the operand: tensor or workspace copy. */
aclnnStatus nn_stage_bind(aclOpExecutor *ex, void *blob, nn_cbuf *b, const nn_stage *s);

/* Adds an NnFill launch writing `value` into every element of t's view (after the shape check of
 * t, named `name` in its message). */
aclnnStatus nn_fill(aclOpExecutor *ex, const aclTensor *t, const char *name, double value);

/* Adds an NnSumParts launch: `out` (staged output) = column sums of nparts x n FP32 partial
 * sums at workspace offset `parts_ws`. */
aclnnStatus nn_sum_parts(aclOpExecutor *ex, uint64_t parts_ws, int64_t nparts, int64_t n, const nn_stage *out);

/* Fills an elementwise iteration space over shape[0..nd) (nd 0 = one element) with the given
 * tensors as operands (each broadcast to the shape) inside blob `ew` of the last launch, binding
 * their addresses. per_block from nn_tile. */
aclnnStatus nn_ew_fill(aclOpExecutor *ex, void *blob, aclemu_ew *ew, const int64_t *shape, uint32_t nd,
                       const aclTensor *const *ts, uint32_t nts, uint64_t per_block);

/* Same, with a contiguous row-major workspace buffer (offset ws, dtype ws_dtype) of that shape
 * as operand 0 and the tensors after it. */
aclnnStatus nn_ew_fill_ws(aclOpExecutor *ex, void *blob, aclemu_ew *ew, const int64_t *shape, uint32_t nd,
                          uint64_t ws, aclDataType ws_dtype, const aclTensor *const *ts, uint32_t nts,
                          uint64_t per_block);

/* Block count and items per block for `items` work items of ~`item_cost` elements each on the
 * chip's vector cores (blocks get at least ~16K elements of work). */
void nn_tile(uint64_t items, uint64_t item_cost, uint32_t *block_dim, uint64_t *per);

/* Product of shape[lo..hi). */
int64_t nn_prod(const int64_t *shape, uint32_t lo, uint32_t hi);

#endif
