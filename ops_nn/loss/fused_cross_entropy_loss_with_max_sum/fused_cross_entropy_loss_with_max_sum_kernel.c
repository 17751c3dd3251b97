/* FusedCrossEntropyLossWithMaxSum kernel, in FP32 as the real one: loss = logf(sumExp) - predicted;
 * with the logits, softmax[j] = expf(x[j] - max) / sumExp. */
#include <math.h>

#include "fused_cross_entropy_loss_with_max_sum_args.h"
#include "nn_kernel.h"

static int fused_ce_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(fused_ce_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const fused_ce_args *a = (const fused_ce_args *)args;
    int64_t s, e, V = a->V;
    nn_block_items(a->BT, a->rows_per_block, blk, &s, &e);
    const float *mx = (const float *)nn_ptr(&a->max), *se = (const float *)nn_ptr(&a->sumexp),
                *pr = (const float *)nn_ptr(&a->pred);
    float *loss = (float *)nn_ptr(&a->loss), *sm = (float *)nn_ptr(&a->softmax);
    float *row = V ? (float *)aclemu_worker_scratch((size_t)V * sizeof(float)) : NULL;
    if (V && !row)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t les = a->logits.present ? (int64_t)aclemu_kdtype_size(a->logits.dtype) : 0;
    for (int64_t n = s; n < e; n++) {
        loss[n] = logf(se[n]) - pr[n];
        if (!a->logits.present)
            continue;
        aclemu_load_f32(row, (const char *)nn_ptr(&a->logits) + n * V * les, a->logits.dtype, les, V);
        for (int64_t j = 0; j < V; j++)
            sm[n * V + j] = expf(row[j] - mx[n]) / se[n];
    }
    return 0;
}

ACLEMU_KERNEL("FusedCrossEntropyLossWithMaxSum", fused_ce_kernel);
