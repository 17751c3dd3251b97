/* Blob of the ScatterList kernel (aclnnScatterList, the KV-cache style update of a tensor list).
 * var[b] (every one of the list's shape [pre..., V (axis), post...]) and updates [B, pre..., U,
 * post...]; for list entry b with mask[b] == 1 (or no mask): start s = indice[b] (1-D) or
 * indice[b][0] (2-D [B, 2], then len = indice[b][1], else len = U), and
 *   var[b][p, s + k, q] = updates[b, p, k, q]   for k < len.
 * One launch covers entries first .. first + nvar - 1 (their views in `var`); every active entry's
 * s and len are checked first (s >= 0, 0 <= len <= U, s + len <= V), or nothing is written.
 * Blocks take ranges of (entry, pre) rows. */
#ifndef OPS_NN_SCATTER_LIST_ARGS_H
#define OPS_NN_SCATTER_LIST_ARGS_H

#include "aclemu_op/kargs.h"

#define SL_MAX_VARS 16

typedef struct sl_var {
    uint64_t addr;
    int64_t offset;
    int64_t stride[ACLEMU_KMAX_RANK];
} sl_var;

typedef struct scatter_list_args {
    aclemu_tdesc indice, updates, mask; /* mask.addr 0: none */
    int32_t axis;                       /* in var's dims */
    int32_t ndim;                       /* var's rank */
    int64_t shape[ACLEMU_KMAX_RANK];    /* var's shape */
    int64_t first, nvar;
    int64_t rows_per_block;             /* over nvar * pre rows */
    sl_var var[SL_MAX_VARS];
} scatter_list_args;

#endif
