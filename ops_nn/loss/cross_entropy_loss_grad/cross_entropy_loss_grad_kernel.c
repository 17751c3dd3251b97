/* CrossEntropyLossGrad kernel, per row n with target t, p = exp(logProb), W = sum_c w[c]:
 *   dx[c] = g * ((1 - s) * w[t] * (p[c] - [c == t]) + s / C * (p[c] * W - w[c]))
 * with g = gradLoss[n] ("none"), gradLoss / sum of target weights ("mean") or gradLoss ("sum");
 * ignored rows get 0. With `input` (logits) given instead of logProb (CrossEntropyGrad), the row's
 * log-softmax is taken first (max subtracted) and g is 1 when gradLoss is absent. */
#include <math.h>

#include "cross_entropy_args.h"
#include "nn_kernel.h"

static double weight_at(const cross_entropy_args *a, int64_t c) { return a->weight.present ? nn_load(&a->weight, c) : 1.0; }

static int ce_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(cross_entropy_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const cross_entropy_args *a = (const cross_entropy_args *)args;
    int64_t s, e, C = a->C;
    nn_block_items(a->N, a->rows_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    double *row = (double *)aclemu_worker_scratch((size_t)C * 2 * sizeof(double));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    double *w = row + C, W = 0, scale = 1.0;
    for (int64_t c = 0; c < C; c++) W += (w[c] = weight_at(a, c));
    if (a->reduction == CE_MEAN) { /* every block needs the total target weight */
        double tw = 0;
        for (int64_t n = 0; n < a->N; n++) {
            int64_t t = nn_load_int(&a->target, n);
            if (t != a->ignore_index && t >= 0 && t < C)
                tw += w[t];
        }
        scale = 1.0 / tw;
    }
    const nn_cbuf *lsrc = a->input.present ? &a->input : &a->log_prob;
    int64_t les = (int64_t)aclemu_kdtype_size(lsrc->dtype), oes = (int64_t)aclemu_kdtype_size(a->out.dtype);
    double ls = a->smoothing;
    for (int64_t n = s; n < e; n++) {
        int64_t t = nn_load_int(&a->target, n);
        char *op = (char *)nn_ptr(&a->out) + n * C * oes;
        if (t == a->ignore_index || t < 0 || t >= C) {
            aclemu_zero_run(op, a->out.dtype, oes, C);
            continue;
        }
        double g = a->grad_loss.present ? nn_load(&a->grad_loss, a->reduction == CE_NONE ? n : 0) * scale : 1.0;
        double wt = w[t];
        aclemu_load_f64(row, (const char *)nn_ptr(lsrc) + n * C * les, lsrc->dtype, les, C);
        if (a->input.present) {
            double mx = -INFINITY, sum = 0.0;
            for (int64_t c = 0; c < C; c++)
                mx = row[c] > mx ? row[c] : mx;
            for (int64_t c = 0; c < C; c++)
                sum += exp(row[c] - mx);
            double lse = mx + log(sum);
            for (int64_t c = 0; c < C; c++)
                row[c] -= lse;
        }
        for (int64_t c = 0; c < C; c++) {
            double p = exp(row[c]);
            row[c] = g * ((1.0 - ls) * wt * (p - (c == t ? 1.0 : 0.0)) + ls / (double)C * (p * W - w[c]));
        }
        aclemu_store_f64(op, a->out.dtype, oes, row, C);
    }
    return 0;
}

ACLEMU_KERNEL("CrossEntropyLossGrad", ce_grad_kernel);
