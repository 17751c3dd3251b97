/* Argument blobs of the cube kernels, shared by the stage-1 planners (host) and the kernels
 * (device). The GEMM engine's plan holds raw operand pointers; the planner builds it against
 * synthetic bases (CUBE_SYNTH_BASE(i)) and the kernel moves every pointer onto the addresses
 * stage 2 patched into addr[] (tensor rebinding and workspace offsets follow for free). */
#ifndef ACLEMU_CUBE_ARGS_H
#define ACLEMU_CUBE_ARGS_H

#include <stdint.h>

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
    uint32_t reserved;
} cube_dw_args;

/* "CubeBiasGrad": db[c] = sum over batch and positions of dy[n, c, ...] (dy contiguous NC...). */
typedef struct cube_bias_grad_args {
    uint64_t dy, db;       /* device bases (patched at stage 2) */
    int64_t dy_off, db_off; /* bytes to the first element */
    int32_t dy_dtype, db_dtype; /* gemm_dtype */
    int64_t batch, channels, positions;
    int64_t per_block; /* channels per block */
} cube_bias_grad_args;

#endif
