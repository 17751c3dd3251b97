/* Kernels of the pointwise loss family (see pw_loss_args.h); everything in double, one
 * rounding on store. */
#include <math.h>

#include "nn_kernel.h"
#include "pw_loss_args.h"

static double sigm(double x) { return 1.0 / (1.0 + exp(-x)); }
static double sgn(double d) { return d > 0 ? 1.0 : d < 0 ? -1.0 : d; } /* 0 and NaN pass through */

static double f(const pw_loss_args *a, double x, double t, double pw)
{
    switch (a->op) {
    case PW_BCE: {
        double lx = log(x), l1x = log1p(-x);
        lx = lx < -100.0 ? -100.0 : lx;
        l1x = l1x < -100.0 ? -100.0 : l1x;
        return -(t * lx + (1.0 - t) * l1x);
    }
    case PW_BCE_LOGITS: return (1.0 - t) * x + (1.0 + (pw - 1.0) * t) * (log1p(exp(-fabs(x))) + (x < 0 ? -x : 0.0));
    case PW_L1: return fabs(x - t);
    case PW_SMOOTH_L1: {
        double d = fabs(x - t);
        return d < a->beta ? 0.5 * d * d / a->beta : d - 0.5 * a->beta;
    }
    case PW_SOFT_MARGIN: {
        double z = -t * x; /* log1p(exp(z)) without overflow */
        return z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
    }
    case PW_BCE_BWD: {
        double den = x * (1.0 - x);
        return (x - t) / (den > 1e-12 ? den : 1e-12);
    }
    case PW_BCE_LOGITS_BWD: return sigm(x) * (1.0 + (pw - 1.0) * t) - pw * t;
    case PW_L1_BWD: return sgn(x - t);
    case PW_SMOOTH_L1_BWD: {
        double d = x - t;
        return fabs(d) < a->beta ? d / a->beta : sgn(d);
    }
    case PW_SOFT_MARGIN_BWD: return -t * sigm(-t * x);
    case PW_KL_DIV_BWD: return a->beta != 0 ? -exp(t) : -t; /* beta carries logTarget */
    case PW_BCE_LOGITS_TARGET_BWD: {
        double sp_neg = log1p(exp(-fabs(x))) + (x < 0 ? -x : 0.0), sp = sp_neg + x; /* softplus(-x), softplus(x) */
        return pw * sp_neg - sp;
    }
    case PW_KL_DIV_TARGET_BWD:
        if (a->beta != 0)
            return exp(t) * (t + 1.0 - x);
        return t > 0 ? log(t) + 1.0 - x : 0.0;
    case PW_MSE: return (x - t) * (x - t);
    case PW_BCE_NOCLAMP: return -(t * log(x) + (1.0 - t) * log1p(-x));
    case PW_SUB: return x - t;
    case PW_HINGE: {
        double m = 1.0 - t * x;
        return m > 0 ? m : m == m ? 0.0 : m; /* NaN passes */
    }
    case PW_HINGE_BWD: {
        double m = 1.0 - t * x;
        return -t * (m + fabs(m)) / (2.0 * (fabs(m) + 1e-7));
    }
    case PW_HUBER: {
        double d = fabs(x - t);
        return d <= a->beta ? 0.5 * d * d : a->beta * (d - 0.5 * a->beta);
    }
    case PW_HUBER_BWD: {
        double d = x - t;
        return fabs(d) <= a->beta ? d : a->beta * sgn(d);
    }
    case PW_HALF_SQUARE: return 0.5 * x * x;
    case PW_GAUSS_NLL: {
        double v = pw > a->beta ? pw : pw == pw ? a->beta : pw, d = x - t;
        return 0.5 * (log(v) + d * d / v) + (a->flag ? 0.9189385332046727 : 0.0); /* log(2 pi) / 2 */
    }
    case PW_HINGE_EMBEDDING: {
        double n = a->beta - x;
        n = n > 0 ? n : n == n ? 0.0 : n;
        return n + (x - n) * (t + 1.0) * 0.5;
    }
    default: return x;
    }
}

static int pw_loss_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pw_loss_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pw_loss_args *a = (const pw_loss_args *)args;
    const int o = a->has_out ? 1 : 0, it_ = o + 1, ipw = it_ + a->has_t, im = ipw + a->has_pw;
    if (a->op < 0 || a->op >= PW_OP_END || a->nmul < 0 || a->nmul > 2 || (uint32_t)(im + a->nmul) != a->ew.nops)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[ACLEMU_EW_MAX_OPS];
    double x[ACLEMU_CHUNK], t[ACLEMU_CHUNK], pw[ACLEMU_CHUNK], m[2][ACLEMU_CHUNK], sum = 0.0;
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t k = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
#define LOAD(buf, i) aclemu_load_f64(buf, p[i] + c * it.inner_stride[i], a->ew.op[i].dtype, it.inner_stride[i], k)
            LOAD(x, o);
            if (a->has_t)
                LOAD(t, it_);
            if (a->has_pw)
                LOAD(pw, ipw);
            for (int j = 0; j < a->nmul; j++)
                LOAD(m[j], im + j);
#undef LOAD
            for (int64_t i = 0; i < k; i++) {
                double r = f(a, x[i], a->has_t ? t[i] : 0.0, a->has_pw ? pw[i] : 1.0);
                for (int j = 0; j < a->nmul; j++)
                    r *= m[j][i];
                x[i] = r * a->scale;
                sum += x[i];
            }
            if (a->has_out)
                aclemu_store_f64(p[0] + c * it.inner_stride[0], a->ew.op[0].dtype, it.inner_stride[0], x, k);
        }
    if (!a->has_out)
        ((double *)(uintptr_t)a->parts)[blk->block_idx] = sum;
    return 0;
}

static int pw_finish_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    (void)blk;
    if (size < sizeof(pw_finish_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pw_finish_args *a = (const pw_finish_args *)args;
    const double *parts = (const double *)(uintptr_t)a->parts;
    double s = 0.0;
    for (int64_t i = 0; i < a->nparts; i++)
        s += parts[i];
    nn_store(&a->out, 0, s * a->scale);
    return 0;
}

ACLEMU_KERNEL("PwLoss", pw_loss_kernel);
ACLEMU_KERNEL("PwLossFinish", pw_finish_kernel);
