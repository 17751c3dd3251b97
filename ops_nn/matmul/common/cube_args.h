/* Argument blobs of the cube kernels, shared by the stage-1 planners (host) and the kernels
 * (device). The GEMM engine's plan holds raw operand pointers; the planner builds it against
 * synthetic bases (CUBE_SYNTH_BASE(i)) and the kernel moves every pointer onto the addresses
 * stage 2 patched into addr[] (tensor rebinding and workspace offsets follow for free). */
#ifndef ACLEMU_CUBE_ARGS_H
#define ACLEMU_CUBE_ARGS_H

#include <stdint.h>

#include "aclemu_op/kargs.h"
#include "conv.h"
#include "gemm.h"

/* Operand slots of a GEMM launch. */
enum { CUBE_OP_A = 0, CUBE_OP_B, CUBE_OP_C, CUBE_OP_D, CUBE_OP_BIAS, CUBE_NOPS };

/* A synthetic, never-dereferenced base per slot: far apart so no view of one slot can reach
 * another's range. */
#define CUBE_SYNTH_BASE(i) ((uint64_t)(i + 1) << 44)

/* "CubeGemm": one gemm_plan; blockDim = plan.nblocks. */
typedef struct cube_gemm_args {
    uint64_t addr[CUBE_NOPS]; /* device base of each operand (0: absent) */
    gemm_plan plan;
} cube_gemm_args;

/* "CubeDepthwise": the direct depthwise kernel; the plan is rebuilt per block (cheap). */
typedef struct cube_dw_args {
    uint64_t x, w, bias, y; /* device bases (patched at stage 2); bias 0 = none */
    int64_t x_off, w_off, bias_off, y_off; /* bytes from each base to the first element */
    gemm_conv_params cp;
    uint32_t max_blocks;
    int32_t act;            /* gemm_act of a fused depthwise conv (atc's graph compiler), 0 none */
    float act_param[2];
} cube_dw_args;

/* "CubeBiasGrad": db[c] = sum over batch and positions of dy[n, c, ...] (dy contiguous NC...). */
typedef struct cube_bias_grad_args {
    uint64_t dy, db;       /* device bases (patched at stage 2) */
    int64_t dy_off, db_off; /* bytes to the first element */
    int32_t dy_dtype, db_dtype; /* gemm_dtype */
    int64_t batch, channels, positions;
    int64_t per_block; /* channels per block */
} cube_bias_grad_args;

/* "CubeEwPost": an elementwise step after a GEMM that wrote its FP32 result to the workspace:
 * ew.op[0] = the output, op[1] = the FP32 GEMM result, op[2] = the second operand.
 *   CUBE_POST_MUL:   out = acc * x3 (x3 of any float dtype), rounded once to out's dtype;
 *   CUBE_POST_QUANT: out = int8(saturate(rne(acc * scale))), scale a UINT64/INT64 quant
 *                    parameter of aclnnTransQuantParam(V2) (FP32 bits in the low 32 bits, the
 *                    mantissa kept to its top 10 bits: & 0xFFFFE000);
 *   CUBE_POST_QUANT_OFS: the same with the parameter's INT9 offset (bits 37..45) added after the
 *                    scale: int8(saturate(rne(acc * scale + offset))) (the fixpipe's F32 -> S8). */
enum { CUBE_POST_MUL = 0, CUBE_POST_QUANT = 1, CUBE_POST_QUANT_OFS = 2 };
typedef struct cube_post_args {
    aclemu_ew ew;
    int32_t mode;
    int32_t reserved;
} cube_post_args;

/* "CubeNz": ND <-> FRACTAL_NZ weight moves of aclnnTransMatmulWeight and aclnnNpuFormatCast.
 *   CUBE_NZ_PACK: dst (contiguous [batch, N1, K1, 16, N0]) = src (a strided (batch, K, N) view),
 *                 zeros in the padding; blocks own (batch, n1) column panels.
 *   CUBE_NZ_COPY: dst bytes = src bytes (the packed buffer into the weight's own storage);
 *                 blocks own byte ranges.
 *   CUBE_NZ_UNPACK: dst (a strided (batch, K, N) view, strides sb/sk/sn) = src (contiguous NZ),
 *                 the padding dropped; blocks own panels as in PACK. */
enum { CUBE_NZ_PACK = 0, CUBE_NZ_COPY = 1, CUBE_NZ_UNPACK = 2 };
typedef struct cube_nz_args {
    uint64_t src, dst;        /* device bases (patched at stage 2) */
    int64_t src_off, dst_off; /* bytes from each base to the first element */
    int32_t mode;
    int32_t esize;            /* element bytes */
    int64_t batch, K, N, K1, N1, N0;
    int64_t sb, sk, sn;       /* src strides in elements */
    int64_t bytes;            /* CUBE_NZ_COPY: total bytes */
    int64_t per_block;        /* panels (PACK) or bytes (COPY) per block */
} cube_nz_args;

/* "CubeFill": zero bytes [off, off + bytes) of a buffer (padding rows of a workspace copy). */
typedef struct cube_fill_args {
    uint64_t dst;
    int64_t off, bytes, per_block;
} cube_fill_args;

#endif
