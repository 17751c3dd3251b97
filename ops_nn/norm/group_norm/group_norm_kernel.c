/* GroupNorm kernel: per (n, g) row of C/group channels x HxW elements, mean and variance (two
 * passes, double accumulation), then y = (x - mean) * rstd * gamma[c] + beta[c], optionally
 * followed by SiLU y * sigmoid(y). */
#include <math.h>

#include "group_norm_args.h"
#include "nn_kernel.h"

static int group_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(group_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const group_norm_args *a = (const group_norm_args *)args;
    int64_t cpg = a->C / a->group, len = cpg * a->HxW, s, e;
    nn_block_items(a->N * a->group, a->rows_per_block, blk, &s, &e);
    float *row = (float *)aclemu_worker_scratch((size_t)(len ? len : 1) * sizeof(float));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t xes = (int64_t)aclemu_kdtype_size(a->x.dtype), yes = (int64_t)aclemu_kdtype_size(a->y.dtype);
    const char *xp = (const char *)nn_ptr(&a->x);
    char *yp = (char *)nn_ptr(&a->y);
    for (int64_t r = s; r < e; r++) {
        aclemu_load_f32(row, xp + r * len * xes, a->x.dtype, xes, len);
        double sum = 0, q = 0;
        for (int64_t i = 0; i < len; i++) sum += row[i];
        double mean = sum / (double)len;
        for (int64_t i = 0; i < len; i++) q += ((double)row[i] - mean) * ((double)row[i] - mean);
        double var = q / (double)len, rstd = 1.0 / sqrt(var + a->eps);
        int64_t g = r % a->group;
        for (int64_t c = 0; c < cpg; c++) {
            int64_t ch = g * cpg + c;
            double w = a->gamma.present ? nn_load(&a->gamma, ch) : 1.0, b = a->beta.present ? nn_load(&a->beta, ch) : 0.0;
            float k = (float)(rstd * w), o = (float)(b - mean * rstd * w);
            float *p = row + c * a->HxW;
            for (int64_t i = 0; i < a->HxW; i++) p[i] = p[i] * k + o;
            if (a->silu)
                for (int64_t i = 0; i < a->HxW; i++) p[i] = p[i] / (1.0f + expf(-a->swish_scale * p[i]));
        }
        aclemu_store_f32(yp + r * len * yes, a->y.dtype, yes, row, len);
        if (a->mean.present)
            nn_store(&a->mean, r, mean);
        if (a->rstd.present)
            nn_store(&a->rstd, r, a->stat_var ? var : rstd);
    }
    return 0;
}

ACLEMU_KERNEL("GroupNorm", group_norm_kernel);
