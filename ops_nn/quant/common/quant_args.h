/* Blob of the quant driver's kernel (host planner <-> device kernel), shared by the
 * DynamicQuant family (scale computed per token / per tensor / per channel) and the AscendQuant
 * family (scale and offset given, broadcast along one axis). x is walked as rows x cols: cols is
 * its last dim, rows the product of the others. */
#ifndef OPS_NN_QUANT_ARGS_H
#define OPS_NN_QUANT_ARGS_H

#include "aclemu_op/kargs.h"

/* where the scale comes from / what it is computed over */
enum {
    QUANT_STATIC = 0,     /* AscendQuant: given scale / offset */
    QUANT_PER_TOKEN = 1,  /* one scale per row */
    QUANT_PER_TENSOR = 2, /* one scale for everything */
    QUANT_PER_CHANNEL = 3, /* one scale per (batch, column), reduced over the second-to-last dim */
    QUANT_SWIGLU_DYN = 5,  /* SwiGluQuant: v = swish(A) * B (A, B the halves of an x row), times the
                            * group's smooth scales; scale = DMAX / rowmax|v|, y = rint(v * scale) */
    QUANT_SWIGLU_STATIC = 6, /* y = rint(v * smooth + offset), smooth / offset of the row's group */
    QUANT_FAKE = 7,        /* FakeQuantPer{Tensor,Channel}AffineCachemask: q = rint(x * (1/scale)) + zp (INT32
                            * zp; float zp: rint(x * (1/scale) + zp)), mask = qmin <= q <= qmax, y =
                            * (clamp(q) - zp) * scale in param_dtype; scale / zp indexed as STATIC */
    QUANT_GROUP = 8,       /* GroupQuant: y = rint(x * scale[e, c] + offset) with e the first expert whose
                            * cumulative row end (group) exceeds the row; a bad group index traps */
    QUANT_MAX = 9,         /* QuantMax: y = Cast(x * scale) (scale one FP32 value, the round mode's
                            * rounding, saturating), aux = max |x| (in x's dtype); one unit */
    QUANT_DEQUANT_BIAS = 10, /* DequantBias: INT32 x [M, N] -> y = float(x [+ INT32 bias]) * ws[c]
                              * [* as[r]] [+ float bias[c]], rounded to y (FP16 / BF16); ws in scale,
                              * bias in offset, as in aux */
    QUANT_BLOCK = 11,      /* DynamicBlockQuant (A2): per row, blocks of block_cols columns: m = max |x|,
                            * q = (1 / m) * DMAX [max minScale], scale = m * (1 / DMAX) [min 1 / minScale],
                            * y = rint(x * q) */
    QUANT_MX = 12,         /* DynamicMxQuant: x as [mx_pre, mx_len, mx_post], blocks of block_cols along
                            * mx_len; per block the E8M0 scale of quant_mx_scale_of (mx_alg), y =
                            * cast(x * multiplier) to FP8 / FP4 (round), scale [pre, ceil(nb / 2),
                            * post, 2] (the odd block's pad 0) */
    QUANT_GROUPED_MX = 14, /* GroupedDynamicMxQuant: x [M, N], groups of rows (group: cumulative ends),
                            * each QUANT_MX along the rows from its start; scale [M / 64 + G, N, 2],
                            * group g's rows from start / 64 + g, the rows between groups zeroed */
    QUANT_GROUPED_MAX = 15, /* GroupedQuantMax: groups of dim-0 slices (group: cumulative ends over
                             * mx_len = x's dim 0, mx_post elements a slice), y = Cast(x * scale[g]),
                             * aux[g] = max |x| of the group */
    QUANT_ANTI_MX = 13,    /* AntiMxQuant: x FP8 / FP4 codes as [mx_pre, mx_len, mx_post], y = value *
                            * 2^(mxscale - 127) (block block_cols along mx_len, scale laid out as
                            * QUANT_MX's), rounded to y (nearest even, finite overflow saturating) */
    QUANT_DEQUANT_SWIGLU = 16, /* DequantSwigluQuant / V2: per row of x [rows, 2 * cols]: (INT32 x [+ INT32
                                * bias]) * weight [* act] [+ float bias] (FP16 / BF16 x as FP32), the
                                * swiglu of swiglu_mode, then dynamic (x smooth, scale = max / DMAX) or
                                * static (/ scale + offset) quantisation of the row's group */
    QUANT_SWIGLU_MX = 17,  /* SwigluMxQuant: QUANT_MX over the swiglu (swiglu_mode 0 / 1 of
                            * DEQUANT_SWIGLU) of x along act_dim, rounded to x's dtype; the MX
                            * shape [pre, len, post] is y's (x with act_dim halved) */
    QUANT_BLOCK_MX = 18,   /* DynamicBlockMxQuant: x as [mx_pre, mx_len, cols], square blocks of block_cols
                            * x block_cols; per block the E8M0 scale of quant_mx_scale_of, y = cast(x *
                            * multiplier); the block's scale broadcast to scale [pre, len, ceil(nbc / 2), 2]
                            * (each of its rows) and aux [pre, ceil(nbr / 2), cols, 2] (each of its
                            * columns), the odd block count's pad 0; a unit is one row of blocks.
                            * MxToBlockMxQuant: x FP4 codes with their DynamicMxQuant row scales in
                            * `smooth`, the block scale max(row scales) - max_offset (mx_emax), y FP8 */
    QUANT_DUAL_LEVEL_MX = 19, /* DynamicDualLevelMxQuant: per row of x (times smooth, in x's dtype), blocks of
                               * 512: l0 = max|v| * fp32(1 / 6) (0 below FP32 normals) to aux (FP32), t =
                               * x's dtype(v / l0) (v = 0 kept); then QUANT_MX of t along the row in blocks of
                               * block_cols (OCP, FP4 E2M1) -> y, scale [rows, ceil(nb / 2), 2] */
    QUANT_GROUPED_BLOCK = 20, /* GroupedDynamicBlockQuant (950): x [mx_pre, mx_len, cols], row groups (group:
                               * cumulative ends, a row in the first group holding it; rows in none are
                               * not written); blocks = a group's rows within one absolute block of
                               * block_rows rows x block_cols columns: m = max |x|, scale = m / DMAX
                               * [min 1 / minScale when finite], y = cast(x / scale); scale row
                               * row / block_rows + g. Units: (batch, group) */
    QUANT_ANTI = 4         /* AscendAntiQuant: x codes -> y = (x + offset) * scale [* scale]; rows x
                            * cols are y's, scale / offset per column (scale_axis 1) or single */
};

/* mx_act: what a QUANT_MX / QUANT_GROUPED_MX launch quantizes (y's element e):
 *  SWIGLU: SWIGLU_MX's activation of x (swiglu_mode, activate_left, act_half, act_inner);
 *  SWIGLU_GRAD: SwigluBackwardMxQuantWithDualAxis's dx over rows of 2 * act_half: x [rows, 2H], dy
 *  [rows, H] in `w`; the first half of a dx row is grad A, the second grad B (A the activated half). */
enum { QUANT_MX_ACT_NONE = 0, QUANT_MX_ACT_SWIGLU = 1, QUANT_MX_ACT_SWIGLU_GRAD = 2 };

/* pre_act: x's activation before the quantisation (GeluQuant: GeluV2 then Quant in one pass) */
enum { QUANT_ACT_NONE = 0, QUANT_ACT_GELU_ERF = 1, QUANT_ACT_GELU_TANH = 2 };

/* float -> integer rounding (the Cast round modes of the vector unit) */
enum { QUANT_RINT = 0, QUANT_FLOOR = 1, QUANT_CEIL = 2, QUANT_TRUNC = 3, QUANT_ROUND = 4 /* half away */ };

/* the scale arithmetic of the chip's kernels:
 *  A2: scale = max * (1/DMAX), y = rint(v * (DMAX/max)); asymmetric scale clamped to 1e-12 and
 *      y = rint(v * (1/scale) + offset);
 *  950 (regbase): y = v / scale (+ offset), no clamp. */
enum { QUANT_STYLE_A2 = 0, QUANT_STYLE_950 = 1 };

/* DequantSwigluQuant's kernels (their FP32 steps differ):
 *  A2: (no group index) scale = max / 127, y = v * (1 / scale); static per tensor v * (1 / s) + o;
 *  A2_GROUP: scale = max * fp32(1 / 127), y = v / scale; static per tensor v * (s == 0 ? 1 : 1 / s) + o;
 *  950: scale = max / DMAX, y = v / scale; static v / s (+ o).
 * Static per channel everywhere: v / s[c] + o[c]. */
enum { QUANT_DSQ_A2 = 0, QUANT_DSQ_A2_GROUP = 1, QUANT_DSQ_950 = 2,
       /* DequantSituQuant (swiglu_mode QUANT_SITU): SITU8 (INT8 x): scale = max * fp32(1 / 127) (0
        * written, 1 used), y = v * (1 / scale), static per tensor v * (s == 0 ? 1 : 1 / s) + o[0];
        * SITU_K3 (INT32 / FP16 / BF16 x, dynamic only): the scale is 1 when max * fp32(1 / 127) <= 0
        * (written so), y = v * (1 / scale) */
       QUANT_DSQ_SITU8 = 3, QUANT_DSQ_SITU_K3 = 4 };
/* DequantSituQuant's activation: beta * tanh(gate / beta) * sigmoid(gate) * up, up = linear_beta *
 * tanh(up / linear_beta) when linear_beta > 0 */
enum { QUANT_SITU = 4 };

typedef struct quant_args {
    aclemu_tdesc x;      /* FLOAT / FLOAT16 / BF16 */
    aclemu_tdesc y;      /* INT8 / INT4 / FP8 of x's shape, or INT32 holding 8 INT4 along the last dim */
    aclemu_tdesc smooth; /* optional (addr 0): [cols] or, with group, [experts, cols]; perchannel [M] */
    aclemu_tdesc group;  /* optional: cumulative row counts per expert (INT32 / INT64) */
    aclemu_tdesc scale;  /* STATIC: input; dynamic: FLOAT output */
    aclemu_tdesc offset; /* optional (addr 0); like scale; FAKE: the zero points */
    aclemu_tdesc aux;    /* FAKE: the BOOL mask (x's shape); MAX: amax [1]; DEQUANT_BIAS: as;
                          * DEQUANT_SWIGLU: bias */
    aclemu_tdesc w;      /* DEQUANT_SWIGLU: weight scale ([2 * cols] or [G, 2 * cols]) */
    aclemu_tdesc act;    /* DEQUANT_SWIGLU: activation scale (one per row) */
    int32_t mode;        /* QUANT_STATIC ... */
    int32_t round;       /* QUANT_RINT ... (integer targets) */
    int32_t style;       /* QUANT_STYLE_* */
    int32_t symmetric;   /* dynamic: no offset */
    int32_t code;        /* target encoding: ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT4 (in an INT4 y or packed
                          * eight per INT32 word), ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2 */
    int32_t sqrt_mode;   /* STATIC: x * scale * scale */
    int32_t param_dtype; /* STATIC: the dtype scale / offset are cast to before use (x's dtype) */
    int32_t scale_axis;  /* STATIC: 1 scale varies along the last dim, 0 along a leading dim (index
                          * (row / scale_div) % scale_mod), -1 a single value */
    int64_t scale_step;  /* STATIC: element stride of scale / offset along that axis */
    int64_t offset_step;
    int64_t scale_div, scale_mod;
    int32_t divide;      /* STATIC: x / scale + offset (Quantize) instead of x * scale + offset */
    int32_t activate_left; /* SWIGLU: swish of the first half (else of the second) */
    int32_t group_count;   /* SWIGLU: group holds counts per expert (else cumulative ends) */
    int32_t fake_off;      /* FAKE: fakeQuantEnabled < 1 (y = x in param_dtype, mask all true) */
    int64_t qmin, qmax;    /* FAKE: the clamp range */
    int64_t block_cols;    /* BLOCK: columns of a block */
    float min_scale;       /* BLOCK: 0 = none */
    int32_t pre_act;     /* STATIC / PER_TOKEN: activation applied to x first (QUANT_ACT_*; GeluQuant) */
    int32_t mx_alg;      /* MX: QUANT_MX_OCP ... (quant_codec.h) */
    int32_t mx_emax;     /* MX: emax of the element type (OCP) */
    float mx_inv_max;    /* MX: fp32(1 / DMAX) of the cuBLAS rules */
    float mx_low_bound;  /* MX: maxLowBound (CUBLAS) */
    uint32_t mx_add_bits; /* MX: the BF16 mantissa carry of the RANGE rule */
    int32_t mx_act;       /* MX / GROUPED_MX: the quantized values are not x itself (QUANT_MX_ACT_*); the MX
                           * shape and rows x cols are y's */
    int64_t mx_pre, mx_len, mx_post; /* MX: x as [pre, len, post], len the quantized axis */
    int64_t rows, cols;  /* x as rows x cols */
    int64_t chan_rows;   /* PER_CHANNEL: the second-to-last dim M (rows = batches * M) */
    int64_t units;       /* work units: rows (STATIC / PER_TOKEN), batches (PER_CHANNEL), 1 (PER_TENSOR) */
    int64_t units_per_block;
    float dst_max;       /* DMAX of the target */
    float range;         /* asymmetric divisor: 255 / 15 (integers), 2 * DMAX (floats) */
    int32_t swiglu_mode;   /* DEQUANT_SWIGLU: 0 swish(A) * B, 1 / 2 the GPT-OSS variant (1: even / odd
                            * elements, 2: halves), 3 the Step3.5 variant (clamped SiLU, halves) */
    int32_t dsq_path;      /* DEQUANT_SWIGLU: QUANT_DSQ_* (the chip kernel's scale arithmetic) */
    float clamp_limit, glu_alpha, glu_bias;
    int32_t group_pairs;   /* DEQUANT_SWIGLU: group is [G, 2] (group id, count) pairs */
    float situ_beta, situ_linear_beta; /* QUANT_SITU */
    int64_t act_half, act_inner; /* SWIGLU_MX: y's size along act_dim and the elements after it */
    int64_t block_rows;  /* GROUPED_BLOCK: rows of a block */
} quant_args;

#endif
