/* Blobs of the FP8 quantized matmuls' kernels (950: TransposeQuantBatchMatMul,
 * QuantBatchMatmulInplaceAdd, QuantMatmulActivationQuantWeightNz). The Cube unit multiplies FP8
 * codes exactly and accumulates in FP32; MX scales are powers of two. The emulation therefore
 * decodes each FP8 operand to FP32 (MX: times 2^(e8m0 - 127) of its 32-element K block, which is
 * exact: the product (x1 * 2^a) * (x2 * 2^b) equals (x1 * x2) * 2^(a + b)), lets the GEMM engine
 * (FP32, exact operands) accumulate, and applies the vector dequantisation afterwards.
 *
 * "QmmF8Decode": dst[b][i][k] (FP32, contiguous [nb][rows][K] in the workspace) =
 *     fp8(src at off + b*sb + idx(i, isplit, si, iouter) + idx(k, ksplit, sk, kouter))
 *     (* 2^(scale[soff + b*ssb + i*ssi + (k/64)*ssk64 + ((k/32)&1)*ss2] - 127) when MX),
 *   idx(j, split, s, outer) = j*s, or (j % split)*s + (j / split)*outer when split > 0 (FRACTAL_NZ).
 *   A BF16 / FLOAT16 scale multiplies instead (the T-CG weight scale; FP4 x 16-bit products are
 *   exact in FP32). Blocks own rows of (b, i).
 * "QmmF8Dequant": out[b](m, n) = round(acc[b][m][n] * s2[n] (* s1[m]) (+ bias[b][n])) to FLOAT16 /
 *   BFLOAT16 (RNE) or FLOAT (bias_first: (acc + bias) * s2, the fixpipe of the static routes; s2
 *   absent: 1)
 *   (add_out: out (FLOAT) += that FP32 value, the InplaceAdd's atomic add; scalar scales: stride 0),
 *   acc FP32 contiguous [nb][M][N] in the workspace; blocks own rows of (b, m). */
#ifndef OPS_NN_QF8_ARGS_H
#define OPS_NN_QF8_ARGS_H

#include <stdint.h>

typedef struct qf8_decode_args {
    uint64_t src, scale, dst; /* device bases (patched at stage 2); scale 0: no MX scale */
    int64_t off, sb, si, sk, isplit, iouter, ksplit, kouter;
    int64_t soff, ssb, ssi, ssk64, ss2;
    int64_t dst_off; /* bytes */
    int32_t src_dtype; /* ACL_FLOAT8_E4M3FN / ACL_FLOAT8_E5M2 / ACL_HIFLOAT8 / ACL_FLOAT4_E2M1 (two per byte:
                        * offsets and strides count elements, even = low nibble) */
    int32_t scale_dtype; /* ACL_FLOAT8_E8M0 (MX), or ACL_BF16 / ACL_FLOAT16 per 32-element K group (T-CG) */
    int64_t nb, rows, K;
    int64_t rows_per_block;
    int32_t fp4_as_e4m3; /* 1: FP4 codes read as the arch35 MX A8W4 vector unit turns them into FP8_E4M3 (the
                          * E2M1 bits shifted into E4M3's low exponent / top mantissa bits, exponent bias 1
                          * -> 7): every value times 2^-6 */
    int32_t pad0;
} qf8_decode_args;

typedef struct qf8_dequant_args {
    uint64_t acc, out, s1, s2; /* s1 0: none */
    int64_t acc_off;           /* bytes */
    int64_t out_off, osb, osm, osn; /* elements */
    int64_t s1_off, s1_s, s2_off, s2_s;
    int32_t out_dtype;
    int32_t add_out; /* 1: out (FLOAT) = out + the dequantised value (QuantBatchMatmulInplaceAdd) */
    int64_t nb, M, N;
    int64_t rows_per_block;
    int32_t s2_param; /* 1: s2 holds UINT64 quant parameters (the fixpipe's FP19 scale, quant_param_bits.h) */
    int32_t bias_first; /* 1: (acc + bias) * scale (the fixpipe's order), 0: acc * scale + bias */
    uint64_t bias;      /* FLOAT bias (0: none) at bias_off + b * bias_sb + n * bias_sn */
    int64_t bias_off, bias_sb, bias_sn;
    int32_t bias_dtype; /* ACL_FLOAT (or 0), ACL_BF16, ACL_FLOAT16 (the MX A8W4 bias, read as FP32) */
    int32_t pad1;
} qf8_dequant_args;

#endif
