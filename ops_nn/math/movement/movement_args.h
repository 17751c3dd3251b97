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

/* out[k] = start + k * step, in double (floats) or int64 (integers), stored in out's dtype;
 * Linspace (`linspace` 1): the second half counted back from `fend`, as torch.linspace does,
 * so both ends are exact. Eye (`eye` 1): out (n, m) is 1 on the diagonal, 0 elsewhere. */
typedef struct mv_arange_args {
    aclemu_tdesc out;
    double fstart, fstep, fend;
    int64_t istart, istep;
    int32_t integral;
    int32_t linspace;
    int32_t eye;
    int32_t logspace; /* LogSpace: out[k] = base ^ (the Linspace value) */
    int64_t per_block;
    double base;
} mv_arange_args;

/* out[o] = self[map(o)] per dim d: in_d = o_d - shift[d], then by kind: KEEP (in range by
 * construction), CONST (out of range -> the constant), REFLECT (mirrored at the edges without
 * repeating them), REPLICATE (clamped to the edges), ROLL (modulo the input size), FLIP
 * (n - 1 - o). Used by the constant / reflection / replication pads, Roll and Flip. Both views of rank ndim (same rank). */
enum mv_map_kind { MV_KEEP = 0, MV_CONST, MV_REFLECT, MV_REPLICATE, MV_ROLL, MV_FLIP };

typedef struct mv_map_args {
    aclemu_tdesc self, out;
    int32_t kind[ACLEMU_KMAX_RANK];
    int64_t shift[ACLEMU_KMAX_RANK];
    double cval_f;    /* the constant, for float outputs */
    int64_t cval_i;   /* for integer / BOOL outputs */
    int64_t elems_per_block; /* out elements (row-major), so a few long rows still split */
} mv_map_args;

/* torch.nn.functional.unfold: out[n][(c*kh + i)*kw + j][oh*OW + ow] =
 * self[n][c][oh*sh - ph + i*dh][ow*sw - pw + j*dw], 0 outside. A 3-D self is one image (n
 * absent in both views: `batched` 0). */
typedef struct mv_im2col_args {
    aclemu_tdesc self, out;
    int64_t kh, kw, dh, dw, ph, pw, sh, sw, OH, OW;
    int32_t batched;
    int32_t pad;
    int64_t rows_per_block; /* out rows: n * C*kh*kw */
} mv_im2col_args;

/* RepeatInterleave with a repeats tensor (INT32 / INT64; one count per element along `dim`, or
 * a single count for all): out[p, c_i + r, q] = self[p, i, q] for r < repeats[i], c_i the
 * running sum; dim -1: self flattened row-major, out 1-D. `tensor_only`: out[c_i + r] = i
 * (RepeatInterleaveTensor). A negative count or a total other than out's length fails the
 * stream (507015) before anything is written. */
typedef struct mv_rpt_args {
    aclemu_tdesc self, out, repeats;
    int32_t dim;
    int32_t tensor_only;
    int64_t len, total;
    int64_t pre_per_block; /* blocks over the positions before dim ... */
    int64_t len_per_block; /* ... or, when > 0, over the len counts (all pre positions each): */
    uint64_t starts;       /* then int64 [nblocks + 1] in the workspace, by RepeatInterleaveScan: */
    uint32_t nblocks;      /* each block's sum of counts (-1: invalid), added up by the fill blocks */
    uint32_t pad_;
} mv_rpt_args;

/* Diag / DiagFlat of a vector: out (R, R) is 0 except out[r][r + diagonal] = self[k] (k = r for
 * diagonal >= 0, r + diagonal otherwise; self's n elements taken row-major from any view). */
typedef struct mv_diag_args {
    aclemu_tdesc self, out;
    int64_t diagonal, n;
    int64_t rows_per_block;
} mv_diag_args;

/* OneHot: out[..., c (at dim `axis`), ...] = self[...] == c ? on : off for c < classes (an index
 * outside [0, classes) gives a row of off); on / off: element 0 of their tensors. */
typedef struct mv_one_hot_args {
    aclemu_tdesc self, out, on, off;
    int32_t axis;
    int32_t pad;
    int64_t classes;
    int64_t per_block; /* self elements per block */
} mv_one_hot_args;

/* Adjoint of the IndexMap pads (reflection / replication / circular backward): grad_in[i] is
 * the sum of grad_out[o] over every o the forward map sends to i, per dim the preimage of i_d
 * (MV_KEEP: i_d itself). `shift` is the low pad of each dim; [inner_lo, inner_hi) the indices
 * whose preimage is the single o = i + shift (plain copies), the host's conservative bound. */
typedef struct mv_pad_grad_args {
    aclemu_tdesc grad, out; /* grad: gradOutput (padded), out: gradInput */
    int32_t kind[ACLEMU_KMAX_RANK];
    int64_t shift[ACLEMU_KMAX_RANK];
    int64_t inner_lo[ACLEMU_KMAX_RANK], inner_hi[ACLEMU_KMAX_RANK];
    int64_t rows_per_block; /* rows of out: all dims but the last */
} mv_pad_grad_args;

#endif
