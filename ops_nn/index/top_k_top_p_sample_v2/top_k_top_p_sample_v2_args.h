/* Blob of the TopKTopPSampleV2 kernel (aclnnTopKTopPSampleV2): row b of logits [B, V] (FLOAT16 /
 * BF16 / FLOAT, cast to FP32) runs the steps of the real kernel
 * (ops-nn index/top_k_top_p_sample_v2/op_kernel/top_k_top_p_sample_v2.h, Process), see the kernel.
 * Workspace per block: V sort keys (8 bytes) + 4 V FP32 / uint32. */
#ifndef OPS_NN_TOP_K_TOP_P_SAMPLE_V2_ARGS_H
#define OPS_NN_TOP_K_TOP_P_SAMPLE_V2_ARGS_H

#include "aclemu_op/kargs.h"
#include "../top_k_top_p_sample/top_k_top_p_sample_rows.h"

typedef struct tktps2_args {
    aclemu_tdesc logits, topk, topp, q, minp, idx, sel, lidx, smask; /* q / minp addr 0: absent */
    tkps_rows geo;
    float eps;
    int32_t need_logits, input_is_logits, need_sample_result;
    uint32_t top_k_guess; /* the tiling's int32, as the kernel caps it (unsigned) at 1024 */
    uint32_t ks_max;      /* ksMax aligned up to 8, capped at 1024 (the tiling) */
} tktps2_args;

#endif
