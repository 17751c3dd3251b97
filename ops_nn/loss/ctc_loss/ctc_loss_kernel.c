/* CTC loss kernels, in double (torch's formulation): "CtcLossV2" runs the forward (alpha)
 * recursion of one batch item per block and writes logAlpha (-inf where unreached) and the
 * negative log likelihood; "CtcLossV2Grad" runs the backward (beta) recursion and writes
 * d loss / d logProbs = gradOut * (exp(lp) - exp(log(sum alpha beta) + nll - lp)), 0 past the
 * item's input length. Labels outside [0, C) have log probability -inf. */
#include <math.h>

#include "ctc_loss_args.h"
#include "nn_kernel.h"

static double lse2(double a, double b)
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    double m = a > b ? a : b;
    return m + log(exp(a - m) + exp(b - m));
}


/* Extended label s of item j (blank at even s). */
static int64_t ext_label(const ctc_args *a, int j, int64_t s)
{
    if (s % 2 == 0)
        return a->blank;
    return nn_load_int(&a->targets, a->target_off[j] + s / 2);
}

static double lp_at(const ctc_args *a, int64_t t, int64_t n, int64_t c)
{
    if (c < 0 || c >= a->C)
        return -INFINITY;
    return nn_load(&a->log_probs, (t * a->N + n) * a->C + c);
}

/* alpha (Tn x L2, row-major) of item j; returns the log likelihood. */
static double forward(const ctc_args *a, int j, double *alpha, int64_t Tn, int64_t L2)
{
    int64_t n = a->n0 + j;
    for (int64_t i = 0; i < Tn * L2; i++)
        alpha[i] = -INFINITY;
    if (Tn == 0)
        return -INFINITY;
    alpha[0] = lp_at(a, 0, n, a->blank);
    if (L2 > 1)
        alpha[1] = lp_at(a, 0, n, ext_label(a, j, 1));
    for (int64_t t = 1; t < Tn; t++)
        for (int64_t s = 0; s < L2; s++) {
            int64_t l = ext_label(a, j, s);
            double v = alpha[(t - 1) * L2 + s];
            if (s >= 1)
                v = lse2(v, alpha[(t - 1) * L2 + s - 1]);
            if (s >= 2 && l != a->blank && l != ext_label(a, j, s - 2))
                v = lse2(v, alpha[(t - 1) * L2 + s - 2]);
            alpha[t * L2 + s] = v == -INFINITY ? v : v + lp_at(a, t, n, l);
        }
    double ll = alpha[(Tn - 1) * L2 + L2 - 1];
    if (L2 > 1)
        ll = lse2(ll, alpha[(Tn - 1) * L2 + L2 - 2]);
    return ll;
}

static int ctc_forward_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ctc_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ctc_args *a = (const ctc_args *)args;
    int j = (int)blk->block_idx;
    if (j >= a->count || a->count > CTC_CHUNK)
        return 0;
    int64_t n = a->n0 + j, Tn = a->input_len[j], L2 = 2 * (int64_t)a->target_len[j] + 1;
    double *alpha = (double *)aclemu_worker_scratch((size_t)(Tn * L2 + 1) * sizeof(double));
    if (!alpha)
        return ACLEMU_KERNEL_BAD_ARGS;
    double nll = -forward(a, j, alpha, Tn, L2);
    if (a->zero_infinity && isinf(nll))
        nll = 0.0;
    nn_store(&a->nll, n, nll);
    for (int64_t t = 0; t < a->T; t++)
        for (int64_t s = 0; s < a->S; s++)
            nn_store(&a->log_alpha, (n * a->T + t) * a->S + s, t < Tn && s < L2 ? alpha[t * L2 + s] : -INFINITY);
    return 0;
}

static int ctc_backward_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ctc_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ctc_args *a = (const ctc_args *)args;
    int j = (int)blk->block_idx;
    if (j >= a->count || a->count > CTC_CHUNK)
        return 0;
    int64_t n = a->n0 + j, Tn = a->input_len[j], L2 = 2 * (int64_t)a->target_len[j] + 1, C = a->C;
    double *buf = (double *)aclemu_worker_scratch((size_t)(Tn * L2 + C + 1) * sizeof(double));
    if (!buf)
        return ACLEMU_KERNEL_BAD_ARGS;
    double *beta = buf, *lcab = buf + Tn * L2;
    double nll = nn_load(&a->nll, n), g = nn_load(&a->grad_out, a->grad_per_item ? n : 0);
    /* the forward wrote 0 for an impossible alignment under zeroInfinity: its final alphas tell */
    double ll = -INFINITY;
    if (Tn > 0) {
        ll = nn_load(&a->log_alpha, (n * a->T + Tn - 1) * a->S + L2 - 1);
        if (L2 > 1)
            ll = lse2(ll, nn_load(&a->log_alpha, (n * a->T + Tn - 1) * a->S + L2 - 2));
    }
    int zero = a->zero_infinity && (isinf(nll) || ll == -INFINITY);
    for (int64_t i = 0; i < Tn * L2; i++)
        beta[i] = -INFINITY;
    if (Tn > 0) {
        int64_t t = Tn - 1;
        beta[t * L2 + L2 - 1] = lp_at(a, t, n, a->blank);
        if (L2 > 1)
            beta[t * L2 + L2 - 2] = lp_at(a, t, n, ext_label(a, j, L2 - 2));
        for (t = Tn - 2; t >= 0; t--)
            for (int64_t s = 0; s < L2; s++) {
                int64_t l = ext_label(a, j, s);
                double v = beta[(t + 1) * L2 + s];
                if (s + 1 < L2)
                    v = lse2(v, beta[(t + 1) * L2 + s + 1]);
                if (s + 2 < L2 && l != a->blank && l != ext_label(a, j, s + 2))
                    v = lse2(v, beta[(t + 1) * L2 + s + 2]);
                beta[t * L2 + s] = v == -INFINITY ? v : v + lp_at(a, t, n, l);
            }
    }
    for (int64_t t = 0; t < a->T; t++) {
        int64_t row = (t * a->N + n) * C;
        if (t >= Tn || zero) {
            for (int64_t c = 0; c < C; c++)
                nn_store(&a->grad, row + c, 0.0);
            continue;
        }
        for (int64_t c = 0; c < C; c++)
            lcab[c] = -INFINITY;
        for (int64_t s = 0; s < L2; s++) {
            int64_t l = ext_label(a, j, s);
            if (l < 0 || l >= C)
                continue;
            double al = nn_load(&a->log_alpha, (n * a->T + t) * a->S + s);
            lcab[l] = lse2(lcab[l], al + beta[t * L2 + s]);
        }
        for (int64_t c = 0; c < C; c++) {
            double lp = lp_at(a, t, n, c);
            nn_store(&a->grad, row + c, (exp(lp) - exp(lcab[c] + nll - lp)) * g);
        }
    }
    return 0;
}

ACLEMU_KERNEL("CtcLossV2", ctc_forward_kernel);
ACLEMU_KERNEL("CtcLossV2Grad", ctc_backward_kernel);
