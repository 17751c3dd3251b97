/* Blob of AdvanceStep, both tiling policies of the real op.
 * Legacy (spec == 0, aclnnAdvanceStep, or aclnnAdvanceStepV2 without specToken / acceptedNum): one
 * block, as every core of the real kernel does the same work; `cores` is the chip's vector core
 * count, which bounds the queries updated and strides the padding, as in the real kernel.
 * Speculative (spec == 1): spec_num + 1 tokens per sequence, the sequences split over the blocks
 * `per_core` at a time (the tiling's perCoreSeqs); `stride` is blockTables' dim 1. */
#ifndef OPS_NN_ADVANCE_STEP_ARGS_H
#define OPS_NN_ADVANCE_STEP_ARGS_H

#include "nn_cbuf.h"

typedef struct advance_step_args {
    nn_cbuf tokens, sampled, positions, seq_lens, slots, tables, spec_token, accepted;
    int64_t num_seqs, num_queries, block_size, stride, tables_numel, cores;
    int64_t spec, spec_num, per_core;
} advance_step_args;

#endif
