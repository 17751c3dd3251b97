/* CrossEntropySumExpAndIndexLogit kernel, per row in FP32 as the real one (BF16 widened):
 * d = x - max, exp = expf(d), sumExp = their sum (accumulated in double, rounded once), mask =
 * target outside [start, start + V), offset = target - start (0 when masked), predicted = the
 * target's d (0 when masked). */
#include <math.h>

#include "cross_entropy_sum_exp_and_index_logit_args.h"
#include "nn_kernel.h"

static int ce_sumexp_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ce_sumexp_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ce_sumexp_args *a = (const ce_sumexp_args *)args;
    int64_t s, e, V = a->V;
    nn_block_items(a->N, a->rows_per_block, blk, &s, &e);
    float *row = (float *)aclemu_worker_scratch((size_t)V * sizeof(float));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t les = (int64_t)aclemu_kdtype_size(a->logits.dtype);
    float *ex = (float *)nn_ptr(&a->exp);
    for (int64_t n = s; n < e; n++) {
        aclemu_load_f32(row, (const char *)nn_ptr(&a->logits) + n * V * les, a->logits.dtype, les, V);
        float m = (float)nn_load(&a->gmax, n);
        double sum = 0;
        for (int64_t j = 0; j < V; j++) {
            float v = expf(row[j] - m);
            ex[n * V + j] = v;
            sum += v;
        }
        nn_store(&a->sumexp, n, (float)sum);
        int64_t t = nn_load_int(&a->target, n);
        int masked = t < a->start || t >= a->start + V;
        nn_store_int(&a->mask, n, masked);
        nn_store_int(&a->offset, n, masked ? 0 : t - a->start);
        nn_store(&a->pred, n, masked ? 0.0 : (double)(row[t - a->start] - m));
    }
    return 0;
}

ACLEMU_KERNEL("CrossEntropySumExpAndIndexLogit", ce_sumexp_kernel);
