/* Blob of the AdvIndex kernel: torch advanced indexing of `self` by a list of index tensors
 * (aclnnIndex gathers, aclnnIndexPutImpl puts). Entry e of the list covers `dims[e]` dims of
 * self, starting where the previous entries end; dims after the list are kept whole:
 *  - ADV_SLICE: an undefined (empty) entry, the dim is kept whole;
 *  - ADV_INT:   INT32 / INT64 values (negative ones count from the end) select along the dim;
 *  - ADV_BOOL:  a mask over its dims, replaced by the row-major list of its true positions.
 * The defined entries broadcast together (a mask as a 1-D tensor of its true count) to B. The
 * result is [kept dims before, B, kept dims after] when the defined entries are adjacent in the
 * list, else [B, every kept dim] (torch's rule). GATHER: other (the result's shape) = self[...];
 * PUT: self[...] = other broadcast to the result (+= with accumulate), one block, positions in
 * row-major order (a repeated position: the last write wins, or the sum in order). Masks are
 * listed first into the workspace (one int64 per mask element); every index is range-checked
 * before anything is written; a shape the kernel finds inconsistent fails the launch. */
#ifndef OPS_NN_ADV_INDEX_ARGS_H
#define OPS_NN_ADV_INDEX_ARGS_H

#include "aclemu_op/kargs.h"

enum { ADV_SLICE = 0, ADV_INT = 1, ADV_BOOL = 2 };
enum { ADV_GATHER = 0, ADV_PUT = 1 };

typedef struct adv_index_args {
    aclemu_tdesc self, other;
    aclemu_tdesc idx[ACLEMU_KMAX_RANK];  /* entry e's tensor (ADV_INT / ADV_BOOL) */
    uint64_t ws;                         /* mask position lists (int64), ws_elems of them */
    uint64_t ws_elems;
    int32_t mode, accumulate;
    int32_t nentries;
    int32_t kind[ACLEMU_KMAX_RANK];
    int32_t dims[ACLEMU_KMAX_RANK];
    uint64_t numel, per_block;           /* GATHER: elements of other per block */
} adv_index_args;

/* The result layout, shared by the planner (no masks: it checks out / values at stage 1) and
 * the kernel (after counting each mask's true elements). Entry e's defined shape is ishape[e]
 * (indim[e] dims) for ADV_INT, [cnt[e]] for ADV_BOOL. */
typedef struct adv_layout {
    int32_t start[ACLEMU_KMAX_RANK];  /* first self dim of entry e */
    int64_t bshape[ACLEMU_KMAX_RANK]; /* the broadcast index shape B */
    int32_t bnd;
    int64_t rshape[ACLEMU_KMAX_RANK];
    int32_t role[ACLEMU_KMAX_RANK];   /* result dim r: >= 0 the kept self dim, -1 - k dim k of B */
    int32_t rnd;
} adv_layout;

enum { ADV_OK = 0, ADV_TOO_MANY = 1, ADV_NO_BROADCAST = 2, ADV_RANK = 3 };

/* Broadcasts shape s (n dims, right-aligned) into L->bshape; 0 when it does not fit. */
static inline int adv_broadcast_into(adv_layout *L, const int64_t *s, int32_t n)
{
    if (n > ACLEMU_KMAX_RANK)
        return 0;
    if (n > L->bnd) {
        int32_t grow = n - L->bnd;
        for (int32_t k = L->bnd - 1; k >= 0; k--)
            L->bshape[k + grow] = L->bshape[k];
        for (int32_t k = 0; k < grow; k++)
            L->bshape[k] = 1;
        L->bnd = n;
    }
    for (int32_t j = 0; j < n; j++) {
        int64_t *b = &L->bshape[L->bnd - n + j];
        if (*b == 1)
            *b = s[j];
        else if (s[j] != 1 && s[j] != *b)
            return 0;
    }
    return 1;
}

/* ADV_OK, or why the entries do not fit self: more dims than self has (ADV_TOO_MANY), index
 * shapes that do not broadcast (ADV_NO_BROADCAST), a result of more than 8 dims (ADV_RANK). */
static inline int adv_index_layout(int32_t nself, const int64_t *self_shape, int32_t n, const int32_t *kind,
                                   const int32_t *dims, const aclemu_tdesc *idx, const int64_t *cnt, adv_layout *L)
{
    int32_t at = 0, first = -1, last = -1;
    L->bnd = 0, L->rnd = 0;
    for (int32_t e = 0; e < n; e++) {
        L->start[e] = at;
        at += dims[e];
        if (dims[e] < 0 || at > nself)
            return ADV_TOO_MANY;
        if (kind[e] == ADV_SLICE)
            continue;
        if (first < 0)
            first = e;
        last = e;
        if (!(kind[e] == ADV_INT ? adv_broadcast_into(L, idx[e].shape, (int32_t)idx[e].ndim)
                                 : adv_broadcast_into(L, &cnt[e], 1)))
            return ADV_NO_BROADCAST;
    }
    /* adjacent defined entries keep their place, else the broadcast dims go first */
    int adjacent = first >= 0;
    for (int32_t e = first; adjacent && e <= last; e++)
        adjacent = kind[e] != ADV_SLICE;
    const int32_t lead = adjacent ? L->start[first] : 0;
    for (int32_t r = 0; r < lead; r++)
        L->role[r] = r, L->rshape[r] = self_shape[r];
    L->rnd = lead;
    for (int32_t k = 0; k < L->bnd; k++) {
        if (L->rnd >= ACLEMU_KMAX_RANK)
            return ADV_RANK;
        L->role[L->rnd] = -1 - k, L->rshape[L->rnd++] = L->bshape[k];
    }
    for (int32_t d = lead; d < nself; d++) {
        int kept = 1;
        for (int32_t e = 0; e < n; e++)
            if (kind[e] != ADV_SLICE && d >= L->start[e] && d < L->start[e] + dims[e])
                kept = 0;
        if (!kept)
            continue;
        if (L->rnd >= ACLEMU_KMAX_RANK)
            return ADV_RANK;
        L->role[L->rnd] = d, L->rshape[L->rnd++] = self_shape[d];
    }
    return ADV_OK;
}

#endif
