/* "QConv": the vector steps around aclnnQuantConvolution's GEMM-engine convolution, shared by the
 * planner (quant_conv_api.c) and the kernel (qconv_kernel.c).
 *
 * The Cube unit multiplies INT8 / FLOAT8_E4M3FN / HIFLOAT8 codes exactly. Every such code is exact
 * in FP32, so the emulation decodes input and weight to FP32 (QCONV_DECODE), lets the existing
 * implicit-GEMM convolution accumulate in FP32 (exact while the partial sums stay below 2^24 in
 * magnitude, e.g. INT8 with Cin*kD*kH*kW <= 1040), and applies the fixpipe's dequantisation
 * (QCONV_DEQUANT).
 *
 * QCONV_DECODE: dst (FP32, contiguous [N][C][P0][P1][P2], Pd = Sd + lo[d] + hi[d]) =
 *     decode(src[n, c, s0, s1, s2]) (strided view, strides in elements), `fill` on the border
 *     (offsetx, the pad value of INT8 inputs); blocks own (n, c) planes.
 * QCONV_DEQUANT: out[n, c, o...] (strided view) = round(v) to out_dtype, with acc FP32 contiguous
 *     [N][C][O0*O1*O2] and, per channel c,
 *       INT32 bias:  v = (acc + bias[c]) * scale[c]   (bias added in the INT32 accumulator)
 *       float bias:  v = acc * scale[c] + bias[c]
 *     scale FLOAT, or INT64 / UINT64 quant parameters (the FP19 scale of quant_param_bits.h);
 *     FLOAT16 / BF16 / FLOAT round to nearest even, FLOAT8_E4M3FN rint with saturation,
 *     HIFLOAT8 round half away (quant_encode); blocks own (n, c) planes.
 * QCONV_DECODE_FZ3D: as QCONV_DECODE (no padding) for a weight [N, C, D, H, W] stored in
 *     FRACTAL_Z_3D [D*C1*H*W, N1, 16, 32] (C1 = ceil(C/32), N1 = ceil(N/16)): element (n, c, d, h, w)
 *     at ((((d*C1 + c/32)*H + h)*W + w)*N1 + n/16)*512 + (n%16)*32 + c%32. */
#ifndef OPS_NN_QCONV_ARGS_H
#define OPS_NN_QCONV_ARGS_H

#include <stdint.h>

enum { QCONV_DECODE = 0, QCONV_DEQUANT = 1, QCONV_DECODE_FZ3D = 2 };

typedef struct qconv_args {
    uint64_t src, dst, scale, bias; /* device bases (patched at stage 2); bias 0: none */
    int64_t src_off, dst_off;       /* bytes */
    int64_t scale_off, bias_off;    /* elements */
    int64_t scale_s, bias_s;        /* element strides of the vectors */
    int32_t mode;
    int32_t src_dtype, dst_dtype, scale_dtype, bias_dtype;
    int32_t reserved;
    float fill;
    int64_t n, c;
    int64_t sz[3];      /* DECODE: source spatial sizes; DEQUANT: output spatial sizes */
    int64_t lo[3], hi[3];
    int64_t sn, sc, ss[3]; /* element strides of the strided side (DECODE src, DEQUANT out) */
    int64_t fz_c1, fz_n1; /* QCONV_DECODE_FZ3D */
    int64_t planes, per_block;
} qconv_args;

#endif
