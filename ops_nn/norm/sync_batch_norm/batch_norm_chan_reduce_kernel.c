/* Per-channel reductions over (N, S) of a channel-first input, in FP32 per row of S added into
 * an FP32 channel total:
 *   BatchNormChanReduce:      sum = sum(x), squareSum = sum(x^2)
 *   BatchNormChanReduceGrad:  sumDy = sum(dy), sumDyXmu = sum(dy * (x - mean)),
 *                             gradWeight = sumDyXmu * invstd, gradBias = sumDy (each when present). */
#include "norm_rows.h"
#include "sync_bn_args.h"

static int chan_reduce(const void *args, size_t size, const aclemu_block *blk, int grad)
{
    if (size < sizeof(bn_chan_reduce_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const bn_chan_reduce_args *a = (const bn_chan_reduce_args *)args;
    int64_t s, e, S = a->S;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(2, S);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *dy = x + S;
    for (int64_t c = s; c < e; c++) {
        float mean = 0.0f, t1 = 0.0f, t2 = 0.0f;
        if (grad)
            nr_load(&a->mean, c, 1, &mean);
        for (int64_t n = 0; n < a->N; n++) {
            int64_t off = (n * a->C + c) * S;
            nr_load(&a->x, off, S, x);
            if (grad) {
                nr_load(&a->dy, off, S, dy);
                for (int64_t i = 0; i < S; i++)
                    x[i] = dy[i] * (x[i] - mean);
                t1 += nr_sum(dy, S);
                t2 += nr_sum(x, S);
            } else {
                t1 += nr_sum(x, S);
                t2 += nr_sq_sum(x, S, 0.0f);
            }
        }
        nr_store(&a->sum, c, 1, &t1);
        nr_store(&a->sq_sum, c, 1, &t2);
        if (grad) {
            float invstd, gw;
            nr_load(&a->invstd, c, 1, &invstd);
            gw = t2 * invstd;
            nr_store(&a->grad_weight, c, 1, &gw);
            nr_store(&a->grad_bias, c, 1, &t1);
        }
    }
    return 0;
}

static int chan_reduce_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    return chan_reduce(args, size, blk, 0);
}

static int chan_reduce_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    return chan_reduce(args, size, blk, 1);
}

ACLEMU_KERNEL("BatchNormChanReduce", chan_reduce_kernel);
ACLEMU_KERNEL("BatchNormChanReduceGrad", chan_reduce_grad_kernel);
