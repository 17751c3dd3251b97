/* Blob of the TopKTopPSample kernel (aclnnTopKTopPSample). Row b of logits [B, V] (FLOAT16 /
 * BF16, cast to FP32) follows one of the three paths of the real kernel
 * (ops-nn index/top_k_top_p_sample/op_kernel/top_k_top_p_sample.h, Process):
 *  - topK[b] (read as uint32) <= min(V, 1024): the top k logits (descending; ties: lower index
 *    first), softmax over them, top-p (0 < p < 1) keeps the first n whose running FP32 sum of
 *    probabilities passes p and renormalises over those n logits; q: probs / (|q[b][j]| + eps)
 *    with q taken at the sorted positions j; the first maximum's original index;
 *  - topK invalid and p outside (0, 1): softmax over the whole row (row max taken from 0, sums per
 *    8192-element chunk); with q the first maximum of probs / (|q| + eps) (a chunk wins only by
 *    being strictly larger, from 0), without q the largest probability;
 *  - topK invalid, 0 < p < 1: the row's softmax, its top min(topKGuess, 1024, V) probabilities;
 *    when their running sum passes p (n of them) the softmax of those n probabilities is sampled
 *    as above; otherwise all probabilities are sorted, n comes from 512-element blocks (a block
 *    whose sum stays below p is taken whole, one that reaches p exactly ends there, else element
 *    by element until the sum passes p; none: V) and the softmax of the first n sorted
 *    probabilities (from the first one) is sampled (q at sorted positions), or the largest is taken.
 * isNeedLogits: the row of logitsTopKPSelect is -Inf but the n kept logits (FP32) at their
 * positions (the second path writes none). Workspace per block: V keys (8 bytes) + 4 V FP32.Workspace per block: V keys (8 bytes) + 2 V FP32. */
#ifndef OPS_NN_TOP_K_TOP_P_SAMPLE_ARGS_H
#define OPS_NN_TOP_K_TOP_P_SAMPLE_ARGS_H

#include "aclemu_op/kargs.h"
#include "top_k_top_p_sample_rows.h"

typedef struct tktps_args {
    aclemu_tdesc logits, topk, topp, q, idx, sel; /* q.addr 0: no sample step */
    tkps_rows geo;
    float eps;
    int32_t need_logits;
    uint32_t top_k_guess;
    uint32_t pad;
} tktps_args;

#endif
