/* Blob of the index-along-a-dim ops (IndexSelect, GatherV2, IndexCopy, IndexFill,
 * IndexFillTensor): with pre = the dims before `dim` and post = the dims after it,
 *   GATHER:  dst[p, k..., q] = src[p, index[k...], q]   (k over the index's shape; with
 *            nbatch batch dims, index[p[:nbatch], k...] and k over the index's other dims)
 *   COPY:    dst[p, index[k], q] = src[p, k, q]
 *   FILL:    dst[p, index[k], q] = value
 *   ADD:     dst[p, index[k], q] += alpha * src[p, k, q]   (alpha in fval / ival; IndexAdd)
 *   SEGSUM:  dst[p, k, q] = sum of src[p, s_k .. s_k + c_k, q] over K consecutive segments
 *            (RepeatInterleaveGrad): c_k = index[k] (the repeats, all >= 0 and adding up to
 *            len = src's dim; else the stream fails before anything is written) or, with no
 *            index tensor, every c_k = ival; summed in double, one rounding.
 * Indices come from a tensor (any shape, INT32 / INT64) or inline (IndexFillTensor). An index
 * outside [-len, len) stops the kernel with ACL_ERROR_RT_AICORE_EXCEPTION before it writes. */
#ifndef OPS_NN_INDEX_DIM_ARGS_H
#define OPS_NN_INDEX_DIM_ARGS_H

#include "aclemu_op/kargs.h"

#define IDX_MAX_INLINE 256

enum idx_mode { IDX_GATHER = 0, IDX_COPY, IDX_FILL, IDX_ADD, IDX_SEGSUM };

typedef struct idx_dim_args {
    aclemu_tdesc src, dst, index;  /* src unused for FILL; index unused with inline indices */
    int32_t mode;
    int32_t npre, npost, nk;       /* dims of pre / post, and of the index in dst (GATHER) */
    int64_t pre[ACLEMU_KMAX_RANK], post[ACLEMU_KMAX_RANK];
    int64_t src_pre[ACLEMU_KMAX_RANK], src_post[ACLEMU_KMAX_RANK], src_dim;
    int64_t dst_pre[ACLEMU_KMAX_RANK], dst_post[ACLEMU_KMAX_RANK], dst_dim;
    int64_t kshape[ACLEMU_KMAX_RANK], dst_k[ACLEMU_KMAX_RANK]; /* GATHER: dst strides of the index dims */
    int64_t len;                   /* size of `dim` in the indexed tensor (SEGSUM: in src) */
    int64_t K;                     /* number of indices */
    double fval;
    int64_t ival;
    int64_t npre_total, items_per_block; /* blocks take ranges of pre positions (whole rows of k) */
    int32_t ninline;
    int32_t seg_fixed;             /* SEGSUM: counts are ival, not the index tensor */
    int32_t nbatch;                /* GATHER (GatherV3 batchDims): the first nbatch pre dims are
                                    * also the index's first dims; K counts the rest */
    int64_t idx_batch[ACLEMU_KMAX_RANK]; /* index strides of those dims */
    int64_t inline_idx[IDX_MAX_INLINE];
} idx_dim_args;

#endif
