/* Blob of the CTC loss kernels (issue 12, `act` helper). logProbs (T, N, C) and the gradient are
 * contiguous (staged), logAlpha (N, T, S) with S >= 2 * maxTargetLength + 1 (the row pitch the
 * chip's output shape gives). A launch covers batch items [n0, n0 + count), one block each, with
 * their lengths and the offset of their labels in `targets`. */
#ifndef OPS_NN_CTC_LOSS_ARGS_H
#define OPS_NN_CTC_LOSS_ARGS_H

#include "nn_cbuf.h"

#define CTC_CHUNK 128

typedef struct ctc_args {
    nn_cbuf log_probs, targets, nll, log_alpha, grad_out, grad;
    int64_t T, N, C, S, blank;
    int32_t zero_infinity;
    int32_t grad_per_item; /* backward: gradOut holds one value per batch item (else one) */
    int64_t n0, count;
    int64_t target_off[CTC_CHUNK];
    int32_t input_len[CTC_CHUNK], target_len[CTC_CHUNK];
} ctc_args;

#endif
