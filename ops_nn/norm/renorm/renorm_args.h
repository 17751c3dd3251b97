/* Blob of the Renorm kernel: x seen as (outer, dim, inner) contiguous; slice d holds the
 * outer * inner elements with index d on dim (h.rows = dim slices, h.n = outer * inner). With
 * idx present (EmbeddingRenorm) x is (V, D) with outer = 1, inner = D, and only the rows named
 * by the h.rows indices are renormed (in place). */
#ifndef OPS_NN_RENORM_ARGS_H
#define OPS_NN_RENORM_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct renorm_args {
    nr_rows h;
    nn_cbuf x, y, idx;
    int64_t outer, dim, inner;
    float p, maxnorm, eps; /* eps: the norm's floor (1e-7 for FLOAT16 / BF16 inputs, 1e-12 for FLOAT) */
    int32_t round_factor;  /* the factor is rounded to x's dtype before the multiply (A2 / A3 / 310P) */
} renorm_args;

#endif
