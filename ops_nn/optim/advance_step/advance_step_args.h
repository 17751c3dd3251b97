/* Blob of AdvanceStep (the legacy kernel: one block, as every core of the real one does the same
 * work): `cores` is the chip's vector core count, which bounds the queries updated and strides the
 * padding, as in the real kernel. */
#ifndef OPS_NN_ADVANCE_STEP_ARGS_H
#define OPS_NN_ADVANCE_STEP_ARGS_H

#include "nn_cbuf.h"

typedef struct advance_step_args {
    nn_cbuf tokens, sampled, positions, seq_lens, slots, tables;
    int64_t num_seqs, num_queries, block_size, stride, tables_numel, cores;
} advance_step_args;

#endif
