/* Blob of the FusedInferAttentionScore kernel. Every tensor is described in (B, N, S, D) order
 * whatever its layout (BSH / BSND / BNSD); pse and mask in (B, N, Sq, Skv) order with stride 0
 * on broadcast dims. Blocks take ranges of (b, n, q-row) work items; each block has Skv floats
 * of workspace for its scores. */
#ifndef OPS_TRANSFORMER_FIA_ARGS_H
#define OPS_TRANSFORMER_FIA_ARGS_H

#include "aclemu_op/kargs.h"

#define FIA_MAX_BATCH 64 /* actual sequence lengths carried in the blob */

typedef struct fia_args {
    aclemu_tdesc q, k, v, out;  /* (B, N or Nkv, S, D) */
    aclemu_tdesc pse, mask;     /* (B, N, Sq, Skv); addr 0: absent */
    aclemu_tdesc lse;           /* (B, N, Sq, 1) FLOAT; addr 0: not asked for */
    uint64_t scratch;           /* workspace: nblocks * Skv floats */
    double scale;
    int64_t pre_tokens, next_tokens;
    int32_t group;              /* numHeads / numKeyValueHeads */
    int32_t nbatch_lens;        /* > 0: act_q / act_kv hold B lengths */
    int64_t act_q[FIA_MAX_BATCH], act_kv[FIA_MAX_BATCH];
    uint64_t items, items_per_block;
} fia_args;

#endif
