/* Blob of the Unique kernel (Unique, Unique2, UniqueConsecutive, UniqueDim): self seen as `len`
 * slices of outer x inner elements along a dim (flattened: 1 x numel x 1); slices sorted
 * (stable, keys ordered like torch, NaN last) or kept in order (consecutive), equal neighbours
 * grouped (== on the values: NaNs never equal, -0 equals +0), one slice per group written
 * compactly to valueOut, group ids to inverseOut, group sizes to countsOut. The real number of
 * groups U decides valueOut's / countsOut's view shapes: the kernel leaves their dims in the
 * workspace for stage 2 (aclemu_exec_out_shape). One block. */
#ifndef OPS_MATH_UNIQUE_ARGS_H
#define OPS_MATH_UNIQUE_ARGS_H

#include <stdint.h>

#define UNIQUE_MAX_DIMS 8

typedef struct unique_args {
    int32_t dtype, val_dtype;
    int32_t consecutive;      /* 1: no sort, groups of equal neighbours */
    int32_t nd;               /* self's rank */
    int32_t dim;              /* the slice dim, or -1: flattened */
    int32_t val_rank;         /* the result's rank: self's (dim `dim` becomes U), or 1 flattened */
    uint64_t in, val, inv, cnt, ws;   /* inv / cnt 0: not written */
    int64_t in_off, val_off, inv_off, cnt_off;
    int64_t shape[UNIQUE_MAX_DIMS], stride[UNIQUE_MAX_DIMS];  /* self's view */
    int64_t inv_stride[UNIQUE_MAX_DIMS]; /* inverseOut: self-shaped (flattened) or [len] */
    int64_t outer, len, inner, numel;
    int64_t val_cap, cnt_cap; /* elements valueOut / countsOut have room for (a result past them: none written) */
    /* workspace: keys, values, offsets (numel each), order, group ids (len each), val / cnt dims */
    int64_t ws_keys, ws_vals, ws_offs, ws_perm, ws_gid, ws_val_dims, ws_cnt_dims;
} unique_args;

#endif
