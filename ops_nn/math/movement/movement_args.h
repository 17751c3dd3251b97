/* Blobs of the data-movement kernels that are not plain view copies (those go through the
 * ViewCopy kernel): the triangle mask of Tril / Triu and the Arange / Range fill. */
#ifndef OPS_MATH_MOVEMENT_ARGS_H
#define OPS_MATH_MOVEMENT_ARGS_H

#include "aclemu_op/kargs.h"

/* out = self where (j - i) <= diagonal (lower) or >= diagonal (upper), else 0; over the last two
 * dims (i, j) of matching views. */
typedef struct mv_triangle_args {
    aclemu_tdesc self, out;
    int64_t diagonal;
    int32_t upper;
    int32_t pad;
    int64_t rows_per_block; /* rows = all but the last dim */
} mv_triangle_args;

/* out[k] = start + k * step, in double (floats) or int64 (integers), stored in out's dtype. */
typedef struct mv_arange_args {
    aclemu_tdesc out;
    double fstart, fstep;
    int64_t istart, istep;
    int32_t integral;
    int32_t pad;
    int64_t per_block;
} mv_arange_args;

/* out[o] = self[map(o)] per dim d: in_d = o_d - shift[d], then by kind: KEEP (in range by
 * construction), CONST (out of range -> the constant), REFLECT (mirrored at the edges without
 * repeating them), REPLICATE (clamped to the edges), ROLL (modulo the input size). Used by the
 * constant / reflection / replication pads and Roll. Both views of rank ndim (same rank). */
enum mv_map_kind { MV_KEEP = 0, MV_CONST, MV_REFLECT, MV_REPLICATE, MV_ROLL };

typedef struct mv_map_args {
    aclemu_tdesc self, out;
    int32_t kind[ACLEMU_KMAX_RANK];
    int64_t shift[ACLEMU_KMAX_RANK];
    double cval_f;    /* the constant, for float outputs */
    int64_t cval_i;   /* for integer / BOOL outputs */
    int64_t rows_per_block;
} mv_map_args;

#endif
