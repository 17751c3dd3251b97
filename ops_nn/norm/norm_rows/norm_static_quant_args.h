/* Blob of the NormStaticQuant kernel (norm_static_quant.c), shared by the fused LayerNorm /
 * RmsNorm + static quant ops (LayerNormQuant, AddLayerNormQuant(V2) static mode, RmsNormQuantV3): x1 (+ x2 + bias)
 * seen as (rows, n) contiguous, LayerNorm over the row, then each enabled output quantised to
 * INT8 (or INT4 / FP8) with its scale / zero point (one value or n values); RmsNorm with `rms`. */
#ifndef OPS_NN_NORM_STATIC_QUANT_ARGS_H
#define OPS_NN_NORM_STATIC_QUANT_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

/* How v = y (*|/) scale + zero point is formed. */
enum {
    NSQ_DIV = 0,   /* v = y / scale + zp */
    NSQ_MUL = 1,   /* v = y * scale + zp */
    NSQ_RECIP = 2, /* v = y * (1 / scale) + zp, a zero scale read as 1 (LayerNormQuant kernels) */
};

typedef struct norm_static_quant_args {
    nr_rows h;
    nn_cbuf x1, x2, bias, gamma, beta; /* x2 / bias absent: not added */
    nn_cbuf s1, s2, z1, z2;            /* s2 absent: y2 not computed; z absent: 0 */
    nn_cbuf y1, y2, xout;              /* xout absent: not written */
    nn_cbuf yn;                        /* the LayerNorm result in its dtype (absent: not written) */
    int64_t scale_n;                   /* values in s / z: 1 (per tensor) or n */
    int32_t mode;                      /* NSQ_* */
    int32_t fp16_stage;                /* 1: v rounded to FP16 before the INT8 cast */
    int32_t bias_rows;                 /* 1: bias holds x1's shape (else gamma's) */
    int32_t round_sum;                 /* 1: the norm reads x rounded to x1's dtype (else the FP32 sum) */
    int32_t rms;                       /* 1: RmsNorm statistic, y = x * rstd * gamma (+ beta) */
    int32_t code;                      /* y's encoding: 0 / ACL_INT8, ACL_INT4 (packed, also in INT32 words),
                                        * ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2 (y written as bytes) */
    nn_cbuf rstd;                      /* per-row 1 / Rms(x) (rms only; absent: not written) */
    int32_t yn_pre_beta;               /* 1: yn holds the normalised row before beta is added */
    int32_t reserved;
} norm_static_quant_args;

#endif
