/* BatchNorm kernel: for each channel of the block, batch (training) or running (inference)
 * statistics, the normalised output, and in training the running-stat update
 * r = (1 - momentum) * r + momentum * stat (variance unbiased unless running_var_biased) and
 * saveMean / saveInvstd. */
#include <math.h>

#include "batch_norm_args.h"
#include "nn_kernel.h"

static int batch_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(batch_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const batch_norm_args *a = (const batch_norm_args *)args;
    int64_t c0, c1;
    nn_block_items(a->C, a->ch_per_block, blk, &c0, &c1);
    int64_t N = a->N, C = a->C, S = a->S;
    float *row = (float *)aclemu_worker_scratch((size_t)(S ? S : 1) * sizeof(float));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    char *xp = (char *)nn_ptr(&a->x), *yp = (char *)nn_ptr(&a->y);
    size_t xes = aclemu_kdtype_size(a->x.dtype), yes = aclemu_kdtype_size(a->y.dtype);
    for (int64_t c = c0; c < c1; c++) {
        double mean, var, cnt = (double)N * (double)S;
        if (a->training) {
            double s = 0;
            for (int64_t n = 0; n < N; n++) {
                aclemu_load_f32(row, xp + ((n * C + c) * S) * (int64_t)xes, a->x.dtype, (int64_t)xes, S);
                for (int64_t i = 0; i < S; i++) s += row[i];
            }
            mean = s / cnt;
            double q = 0;
            for (int64_t n = 0; n < N; n++) {
                aclemu_load_f32(row, xp + ((n * C + c) * S) * (int64_t)xes, a->x.dtype, (int64_t)xes, S);
                for (int64_t i = 0; i < S; i++) q += ((double)row[i] - mean) * ((double)row[i] - mean);
            }
            var = q / cnt;
        } else {
            mean = nn_load(&a->rm_in, c);
            var = nn_load(&a->rv_in, c);
        }
        double invstd = 1.0 / sqrt(var + a->eps);
        double w = a->w.present ? nn_load(&a->w, c) : 1.0, b = a->b.present ? nn_load(&a->b, c) : 0.0;
        float scale = (float)(w * invstd), shift = (float)(b - mean * w * invstd);
        for (int64_t n = 0; n < N; n++) {
            aclemu_load_f32(row, xp + ((n * C + c) * S) * (int64_t)xes, a->x.dtype, (int64_t)xes, S);
            for (int64_t i = 0; i < S; i++) row[i] = row[i] * scale + shift;
            aclemu_store_f32(yp + ((n * C + c) * S) * (int64_t)yes, a->y.dtype, (int64_t)yes, row, S);
        }
        if (!a->training)
            continue;
        if (a->rm_out.present)
            nn_store(&a->rm_out, c, (1.0 - a->momentum) * nn_load(&a->rm_in, c) + a->momentum * mean);
        if (a->rv_out.present) {
            double stat = a->running_var_biased ? var : cnt > 1 ? var * cnt / (cnt - 1) : var;
            nn_store(&a->rv_out, c, (1.0 - a->momentum) * nn_load(&a->rv_in, c) + a->momentum * stat);
        }
        if (a->save_mean.present)
            nn_store(&a->save_mean, c, mean);
        if (a->save_invstd.present)
            nn_store(&a->save_invstd, c, a->invstd_is_var ? var : invstd);
    }
    return 0;
}

ACLEMU_KERNEL("BatchNorm", batch_norm_kernel);
