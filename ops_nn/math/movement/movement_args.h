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

#endif
