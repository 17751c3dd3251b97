/* Blob of the RecurrentGatedDeltaRule kernel. Work items are (sequence b, value head h) pairs,
 * one block running whole items in token order; each block keeps its FP32 state matrix
 * (Dv x Dk) in the workspace. */
#ifndef OPS_TRANSFORMER_RGDR_ARGS_H
#define OPS_TRANSFORMER_RGDR_ARGS_H

#include "aclemu_op/kargs.h"

#define RGDR_MAX_LEN 8   /* tokens of one sequence (L_i <= 8) */
#define RGDR_MAX_DIM 256 /* Nk, Nv, Dk, Dv */

typedef struct rgdr_args {
    aclemu_tdesc q, k, v, beta, state, lens, idx, g, accepted, out; /* g / accepted addr 0: absent */
    uint64_t scratch;  /* workspace: blocks * Dv * Dk floats */
    float scale;
    int32_t reserved;
    uint64_t items, items_per_block; /* B * Nv */
} rgdr_args;

#endif
