/* Blob of the OptimizedTransducer kernel (aclnnOptimizedTransducer), the steps of ops-nn
 * experimental/optim/optimized_transducer/op_kernel/optimized_transducer.h in FP32, per sequence b
 * (T = logitLengths[b], U = targetLengths[b] + 1, lattice cells compact T x U):
 *  - fusedLogSoftmax: den = max + log(sum exp(l - max)) of each cell's logits (FLOAT16 cast up),
 *    blank = l[blank] - den, emit = l[targets[u]] - den (u < U - 1); else the logits are taken as
 *    log-probabilities as they are;
 *  - alpha(0, 0) = 0, the edges as sums, inside LogAdd(alpha(t-1, u) + blank(t-1, u),
 *    alpha(t, u-1) + emit(t, u-1)) with LogAdd(a, b) = log(exp(min - max) + 1) + max; beta from
 *    beta(T-1, U-1) = blank(T-1, U-1) the same way backwards; loss = -beta(0, 0) (CAST_RINT);
 *  - requiresGrad, fused: grad[k] = exp(l[k] + (alpha + loss - den + beta)), then at blank
 *    - exp(l[blank] + c + beta(t+1, u)) (the last cell: - exp(l[blank] + c)), at targets[u]
 *    - exp(l[target] + c + beta(t, u+1)), c = alpha + loss - den; clamp > 0 clips to [-clamp,
 *    clamp]; not fused: only the blank / target entries, -exp(l + alpha + loss + beta(next)),
 *    clamp >= 0 bounds them below by -clamp. Cells past the lengths (and, not fused, the other
 *    entries) are not written, as in the kernel.
 * blank < 0 counts from V. A length or target outside its range fails the launch (507015). */
#ifndef OPS_NN_OPTIMIZED_TRANSDUCER_ARGS_H
#define OPS_NN_OPTIMIZED_TRANSDUCER_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct otr_args {
    aclemu_tdesc logits, targets, tlen, ulen, loss, grad;
    uint64_t ws; /* 5 maxT * maxU FP32 per sequence */
    int64_t batch, max_t, max_u, vocab, per_block;
    int64_t blank; /* resolved, in [0, V) */
    float clamp;
    int32_t fused, requires_grad, pad;
} otr_args;

#endif
