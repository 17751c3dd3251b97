/* Per-channel merge of every device's statistics, in FP32 (count = sum of the W counts):
 *   sums (SyncBatchNormGatherStats): mean = sum(totalSum) / count,
 *        var = sum(totalSquareSum) / count - mean^2
 *   with counts (BatchNormGatherStatsWithCounts, PyTorch's batch_norm_gather_stats_with_counts):
 *        mean = sum(n_w mean_w) / count, var = sum(n_w (1 / invstd_w^2 - eps + (mean_w - mean)^2)) / count
 *   invstd = 1 / sqrt(var + eps); running mean = (1 - momentum) rm + momentum mean,
 *   running var = (1 - momentum) rv + momentum var count / (count - 1) (unbiased). */
#include <math.h>

#include "norm_rows.h"
#include "sync_bn_args.h"

static int gather_stats_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(bn_gather_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const bn_gather_args *a = (const bn_gather_args *)args;
    int64_t s, e, W = a->W, C = a->C;
    nr_block_rows(&a->h, blk, &s, &e);
    float *cnt = nr_scratch(1, W);
    if (!cnt)
        return ACLEMU_KERNEL_BAD_ARGS;
    nr_load(&a->counts, 0, W, cnt);
    float count = nr_sum(cnt, W), eps = (float)a->h.eps, mom = (float)a->momentum;
    for (int64_t c = s; c < e; c++) {
        float mean = 0.0f, var = 0.0f;
        for (int64_t w = 0; w < W; w++) {
            float va, vb;
            nr_load(&a->a, w * C + c, 1, &va);
            nr_load(&a->b, w * C + c, 1, &vb);
            if (a->with_counts) {
                mean += cnt[w] * va;
            } else {
                mean += va;
                var += vb;
            }
        }
        mean /= count;
        if (a->with_counts) {
            for (int64_t w = 0; w < W; w++) {
                float mw, iw;
                nr_load(&a->a, w * C + c, 1, &mw);
                nr_load(&a->b, w * C + c, 1, &iw);
                float d = mw - mean;
                var += cnt[w] * (1.0f / (iw * iw) - eps + d * d);
            }
            var /= count;
        } else {
            var = var / count - mean * mean;
        }
        float invstd = 1.0f / sqrtf(var + eps);
        nr_store(&a->mean_out, c, 1, &mean);
        nr_store(&a->invstd_out, c, 1, &invstd);
        if (a->run_mean_in.present) {
            float rm;
            nr_load(&a->run_mean_in, c, 1, &rm);
            rm = rm * (1.0f - mom) + mom * mean;
            nr_store(&a->run_mean_out, c, 1, &rm);
        }
        if (a->run_var_in.present) {
            float rv;
            nr_load(&a->run_var_in, c, 1, &rv);
            rv = rv * (1.0f - mom) + mom * (var * count / (count - 1.0f));
            nr_store(&a->run_var_out, c, 1, &rv);
        }
    }
    return 0;
}

ACLEMU_KERNEL("BatchNormGatherStats", gather_stats_kernel);
