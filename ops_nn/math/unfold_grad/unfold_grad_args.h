/* Blob of the UnfoldGrad kernel. gradIn (rank R = inputSizes' length) element i, at index j
 * along `dim`, is the sum of gradOut[i with j -> w, ..., k (the extra last dim)] over the
 * windows w with w * step + k == j, 0 <= k < size, 0 <= w < windows; accumulated in double,
 * rounded once to gradIn's dtype. */
#ifndef OPS_MATH_UNFOLD_GRAD_ARGS_H
#define OPS_MATH_UNFOLD_GRAD_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct unfold_grad_args {
    aclemu_tdesc grad, out; /* grad: gradOut (rank R + 1), out: gradIn (rank R) */
    int64_t dim, size, step, windows;
    int64_t per_block;      /* gradIn elements per block */
} unfold_grad_args;

#endif
