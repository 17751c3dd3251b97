/* Blob of the NormDynQuant kernel (norm_dyn_quant.c), shared by the fused norm + dynamic quant
 * ops (RmsNormDynamicQuant, AddRmsNormDynamicQuant(V2), AddLayerNormQuant dynamic mode ...): x1
 * (+ x2 + bias) seen as (rows, n); the RmsNorm- or LayerNorm-normalised row times each smooth scale is quantised symmetrically with one scale per row. */
#ifndef OPS_NN_NORM_DYN_QUANT_ARGS_H
#define OPS_NN_NORM_DYN_QUANT_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

/* scale arithmetic of the chip's kernels */
enum { NDQ_STYLE_A2 = 0, NDQ_STYLE_950 = 1 };

typedef struct norm_dyn_quant_args {
    nr_rows h;
    nn_cbuf x1, x2, gamma, beta, smooth1, smooth2; /* x2 / beta / smooth absent: not added / used */
    nn_cbuf y1, y2, xout, scale1, scale2;          /* y2 / scale2 absent: not computed */
    int32_t code;     /* y's encoding: ACL_INT8, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2 */
    int32_t style;    /* NDQ_STYLE_* */
    float dst_max;    /* 127, 448, 57344 */
    int32_t layer;    /* 1: LayerNorm statistics (mean and variance), y = (x - mean) * rstd * gamma + beta */
    nn_cbuf bias;     /* absent: not added; else added to x1 (+ x2) before the norm */
    int32_t bias_rows; /* 1: bias holds x1's shape (else n values) */
    int32_t reserved;
} norm_dyn_quant_args;

#endif
