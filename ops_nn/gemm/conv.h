/* Convolution on the GEMM engine: forward (plain and transposed, 1D/2D/3D, stride, asymmetric
 * padding, dilation, groups), the backward passes ConvolutionBackward needs (grad input, grad
 * weight, grad bias), and a direct depthwise kernel. Tensors are contiguous NC[D]HW; weights are
 * [Cout, Cin/groups, k...] (transposed: [Cin, Cout/groups, k...]). Implicit GEMM: the B operand is
 * generated from the input while packing, no im2col buffer exists. */
#ifndef ACLEMU_GEMM_CONV_H
#define ACLEMU_GEMM_CONV_H

#include "gemm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gemm_conv_params {
    int32_t nsp;        /* spatial dims: 1, 2 or 3 */
    int32_t transposed; /* 0 / 1 */
    int64_t batch, cin, cout, groups;
    int64_t in[3];      /* input spatial sizes */
    int64_t ksz[3];     /* kernel spatial sizes */
    int64_t out[3];     /* output spatial sizes (must equal gemm_conv_out_size) */
    int64_t stride[3], pad_lo[3], pad_hi[3], dil[3], out_pad[3];
    int32_t math, hf32_round; /* gemm_math, gemm_hf32_round */
    int32_t x_dtype, w_dtype, y_dtype, bias_dtype; /* gemm_dtype of input, weight, output, bias */
} gemm_conv_params;

/* Output size along spatial dim d (plain: floor((X+pl+ph-dil*(k-1)-1)/s)+1; transposed:
 * (X-1)*s - pl - ph + dil*(k-1) + out_pad + 1). */
GEMM_API int64_t gemm_conv_out_size(const gemm_conv_params *cp, int d);

/* Forward y = conv(x, w) + bias (bias optional, per output channel, added in FP32). */
GEMM_API int gemm_conv_fwd_plan(gemm_plan *plan, const gemm_conv_params *cp, const void *x, const void *w,
                                const void *bias, void *y, uint32_t max_blocks, uint32_t workers);

/* Grad input dx (dtype cp->x_dtype) from dy (dtype cp->y_dtype) and w. */
GEMM_API int gemm_conv_dgrad_plan(gemm_plan *plan, const gemm_conv_params *cp, const void *dy, const void *w,
                                  void *dx, uint32_t max_blocks, uint32_t workers);

/* Grad weight dw (dtype dw_dtype, layout of w) from x and dy; sums over the batch in FP32. */
GEMM_API int gemm_conv_wgrad_plan(gemm_plan *plan, const gemm_conv_params *cp, const void *x, const void *dy,
                                  void *dw, int32_t dw_dtype, uint32_t max_blocks, uint32_t workers);

/* Grad bias: db[c] = sum over batch and positions of dy[n, c, ...], channels [c0, c1). Sums in
 * double, rounded once to db_dtype. */
GEMM_API void gemm_conv_bias_grad(const void *dy, int32_t dy_dtype, int64_t batch, int64_t channels,
                                  int64_t positions, void *db, int32_t db_dtype, int64_t c0, int64_t c1);

/* Direct depthwise convolution (2-D, groups == cin == cout). Blocks own whole (image, channel)
 * planes. */
typedef struct gemm_dw_plan {
    gemm_conv_params cp;
    const void *x, *w, *bias;
    void *y;
    int32_t isa;
    int32_t nblocks;
    int64_t planes; /* batch * channels */
    int32_t act;    /* gemm_act applied to each output (atc's fused depthwise conv); 0 after init */
    float act_param[2];
} gemm_dw_plan;

/* 1 when cp is a depthwise conv the direct kernel serves (2-D, not transposed, groups == cin == cout). */
GEMM_API int gemm_dw_supported(const gemm_conv_params *cp);
GEMM_API int gemm_dw_plan_init(gemm_dw_plan *plan, const gemm_conv_params *cp, const void *x, const void *w,
                               const void *bias, void *y, uint32_t max_blocks);
GEMM_API int gemm_dw_run_block(const gemm_dw_plan *plan, uint32_t block_idx);

#ifdef __cplusplus
}
#endif
#endif
