/* CrossEntropyLoss kernels. Rows: lse = max + log(sum exp(x - max)), logProb = x - lse, and the
 * row's weighted NLL / smoothing terms. Finish: loss = (1 - s) * nll + s / C * smooth per row
 * ("none"), or their sums, divided by the total target weight for "mean". */
#include <math.h>

#include "cross_entropy_args.h"
#include "nn_kernel.h"

static int ce_rows_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(cross_entropy_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const cross_entropy_args *a = (const cross_entropy_args *)args;
    int64_t s, e, C = a->C;
    nn_block_items(a->N, a->rows_per_block, blk, &s, &e);
    double *row = (double *)aclemu_worker_scratch((size_t)C * sizeof(double));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t ies = (int64_t)aclemu_kdtype_size(a->input.dtype), les = (int64_t)aclemu_kdtype_size(a->log_prob.dtype);
    double *parts = (double *)(uintptr_t)a->parts;
    for (int64_t n = s; n < e; n++) {
        aclemu_load_f64(row, (const char *)nn_ptr(&a->input) + n * C * ies, a->input.dtype, ies, C);
        double mx = -INFINITY, sum = 0;
        for (int64_t c = 0; c < C; c++) mx = row[c] > mx || isnan(row[c]) ? row[c] : mx;
        for (int64_t c = 0; c < C; c++) sum += exp(row[c] - mx);
        double lse = mx + log(sum);
        for (int64_t c = 0; c < C; c++) row[c] -= lse;
        aclemu_store_f64((char *)nn_ptr(&a->log_prob) + n * C * les, a->log_prob.dtype, les, row, C);
        int64_t t = nn_load_int(&a->target, n);
        double *p = parts + 3 * n;
        p[0] = p[1] = p[2] = 0;
        if (t == a->ignore_index || t < 0 || t >= C)
            continue;
        double wt = a->weight.present ? nn_load(&a->weight, t) : 1.0, sm = 0;
        for (int64_t c = 0; c < C; c++) sm -= (a->weight.present ? nn_load(&a->weight, c) : 1.0) * row[c];
        p[0] = -wt * row[t];
        p[1] = sm;
        p[2] = wt;
    }
    return 0;
}

static int ce_finish_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(cross_entropy_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const cross_entropy_args *a = (const cross_entropy_args *)args;
    const double *parts = (const double *)(uintptr_t)a->parts;
    double ls = a->smoothing, nll = 0, smooth = 0, tw = 0;
    for (int64_t n = 0; n < a->N; n++) {
        const double *p = parts + 3 * n;
        double l = (1.0 - ls) * p[0] + ls / (double)a->C * p[1];
        if (a->reduction == CE_NONE)
            nn_store(&a->loss, n, l);
        nll += p[0];
        smooth += p[1];
        tw += p[2];
    }
    double total = (1.0 - ls) * nll + ls / (double)a->C * smooth;
    if (a->reduction == CE_MEAN)
        nn_store(&a->loss, 0, total / tw);
    else if (a->reduction == CE_SUM)
        nn_store(&a->loss, 0, total);
    return 0;
}

ACLEMU_KERNEL("CrossEntropyLossRows", ce_rows_kernel);
ACLEMU_KERNEL("CrossEntropyLossFinish", ce_finish_kernel);
