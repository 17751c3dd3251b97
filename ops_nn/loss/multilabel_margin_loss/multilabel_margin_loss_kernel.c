/* MultilabelMarginLoss kernel. Phase 0, per row: the labels are target's entries before the
 * first -1 (entries outside [0, C) are skipped); isTarget marks them; for every label k (a
 * repeated label counts again) and every class i not marked, z = 1 - x[k] + x[i] adds to the row
 * when z > 0 (so a NaN adds nothing, as torch's `if (z > 0)`). Reduction none stores sum / C,
 * otherwise the raw sum goes to the workspace; phase 1 adds those in row order and divides once by
 * C (sum) or C * N (mean). */
#include "multilabel_margin_loss_args.h"
#include "nn_kernel.h"

static double mlml_row(const mlml_args *a, int64_t n, double *x, unsigned char *mark)
{
    int64_t C = a->C, base = n * C;
    int64_t es = (int64_t)aclemu_kdtype_size(a->self.dtype);
    aclemu_load_f64(x, (const char *)nn_ptr(&a->self) + base * es, a->self.dtype, es, C);
    for (int64_t i = 0; i < C; i++)
        mark[i] = 0;
    for (int64_t k = 0; k < C; k++) {
        int64_t t = nn_load_int(&a->target, base + k);
        if (t == -1)
            break;
        if (t >= 0 && t < C)
            mark[t] = 1;
    }
    for (int64_t i = 0; i < C; i++)
        nn_store(&a->is_target, base + i, mark[i]);
    double sum = 0;
    for (int64_t k = 0; k < C; k++) {
        int64_t t = nn_load_int(&a->target, base + k);
        if (t == -1)
            break;
        if (t < 0 || t >= C)
            continue;
        double s = 1.0 - x[t];
        for (int64_t i = 0; i < C; i++) {
            double z = s + x[i];
            if (!mark[i] && z > 0)
                sum += z;
        }
    }
    return sum;
}

static int mlml_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mlml_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const mlml_args *a = (const mlml_args *)args;
    double *sums = (double *)nn_ptr(&a->sums);
    if (a->phase == 1) {
        double total = 0;
        for (int64_t n = 0; n < a->N; n++)
            total += sums[n];
        nn_store(&a->out, 0, total / (double)a->C / (a->reduction == 1 ? (double)a->N : 1.0));
        return 0;
    }
    int64_t s, e;
    nn_block_items(a->N, a->rows_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    double *x = (double *)aclemu_worker_scratch((size_t)a->C * (sizeof(double) + 1));
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    unsigned char *mark = (unsigned char *)(x + a->C);
    for (int64_t n = s; n < e; n++) {
        double r = mlml_row(a, n, x, mark);
        if (a->reduction == 0)
            nn_store(&a->out, n, r / (double)a->C);
        else
            sums[n] = r;
    }
    return 0;
}

ACLEMU_KERNEL("MultilabelMarginLoss", mlml_kernel);
