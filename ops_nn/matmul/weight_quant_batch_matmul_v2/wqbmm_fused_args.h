/* Blob of the "WqbmmFusedGemm" kernel: one GEMM whose B is the INT8 / INT4 weight dequantised
 * while packing (gemm.h GEMM_BSRC_WQ), for the ND V2 / V3 routes the engine's source covers: no
 * WeightAntiquant launch and no FP32 weight in the workspace. The plan's views were built against
 * CUBE_SYNTH_BASE(slot) (slots CUBE_OP_A..CUBE_OP_BIAS, then the scale and the offset); the kernel
 * moves them onto addr[]. */
#ifndef OPS_NN_WQBMM_FUSED_ARGS_H
#define OPS_NN_WQBMM_FUSED_ARGS_H

#include "cube_args.h"

enum { WQBMM_SLOT_SCALE = CUBE_NOPS, WQBMM_SLOT_OFFSET, WQBMM_NSLOTS };

typedef struct wqbmm_fused_args {
    uint64_t addr[WQBMM_NSLOTS];
    gemm_plan plan;
} wqbmm_fused_args;

#endif
