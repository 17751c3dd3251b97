/* Kernels of the pointwise loss family (see pw_loss_args.h). FLOAT / FLOAT16 / BF16 operands go
 * through FP32 chunks: the transcendental parts on the vector loops of ops_nn/vec, the rest in
 * plain loops the compiler vectorises (one rounding on store; partial sums in double). Any other
 * dtype (DOUBLE, integers) is computed in double, element by element. */
#include <math.h>

#include "acl/acl_base.h"
#include "dtype.h"
#include "eltwise.h"
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
    case PW_KL_DIV: /* as the real kernel: log of t with 0 replaced by 1 (t = 0 adds 0, t < 0 NaN) */
        if (a->beta != 0)
            return exp(t) * (t - x);
        return t * (log(t != 0 ? t : 1.0) - x);
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

/* ---- FP32 path ---------------------------------------------------------------------------- */
static int is_float_io(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

/* The FP32 path: no DOUBLE operand, the output (if any) and at least one input FLOAT / FLOAT16 /
 * BF16, the other inputs integers or BOOL: the promoted compute type is then a float-io type, as
 * in the real op's Cast to the promoted dtype. */
static int f32_domain(const pw_loss_args *a, int first_in)
{
    int any_float = 0;
    for (uint32_t k = 0; k < a->ew.nops; k++) {
        int32_t dt = a->ew.op[k].dtype;
        if (is_float_io(dt))
            any_float |= (int)k >= first_in;
        else if ((int)k < first_in || aclemu_compute_domain(dt) != ACLEMU_DOM_I64)
            return 0;
    }
    return any_float;
}

/* a run of n elements (byte stride stride_b) as contiguous FP32 */
static const float *stage(const char *p, int32_t dt, int64_t stride_b, int64_t es, float *buf, int64_t n)
{
    if (is_float_io(dt))
        return vec_stage_f32(p, dt, stride_b / es, buf, n);
    aclemu_load_f32(buf, p, dt, stride_b, n);
    return buf;
}

static void vunary(vec_unary_op op, const float *x, float *y, int64_t k)
{
    vec_unary_f32(op, NULL, x, y, k);
}

/* y = f(x, t, pw) over k elements in FP32 (u: scratch; y and u never alias x, t, pw). The
 * softplus terms are logsigmoids (softplus(z) = -logsigmoid(-z)), each evaluated where it is
 * accurate rather than as a difference of large terms. */
ACLEMU_ISA_CLONES __attribute__((optimize("no-trapping-math"))) /* lets the selects vectorise */
static void f32_loss(int32_t op, float beta, int flag, const float *x, const float *t, const float *pw, float *y,
                     float *u, int64_t k)
{
    const float rbeta = 1.0f / beta, half_rbeta = 0.5f * rbeta; /* unused (Inf) when beta is 0 */
    switch (op) {
    case PW_BCE:
        vunary(VEC_LOG, x, y, k);
        for (int64_t i = 0; i < k; i++)
            u[i] = -x[i];
        vunary(VEC_LOG1P, u, u, k);
        for (int64_t i = 0; i < k; i++) {
            float lx = y[i] < -100.0f ? -100.0f : y[i], l1x = u[i] < -100.0f ? -100.0f : u[i];
            y[i] = -(t[i] * lx + (1.0f - t[i]) * l1x);
        }
        break;
    case PW_BCE_LOGITS: /* (1 - t) x + (1 + (pw - 1) t) softplus(-x) */
        vunary(VEC_LOGSIGMOID, x, u, k);
        for (int64_t i = 0; i < k; i++)
            y[i] = (1.0f - t[i]) * x[i] - (1.0f + (pw[i] - 1.0f) * t[i]) * u[i];
        break;
    case PW_L1:
        for (int64_t i = 0; i < k; i++)
            y[i] = fabsf(x[i] - t[i]);
        break;
    case PW_SMOOTH_L1:
        for (int64_t i = 0; i < k; i++) {
            float d = fabsf(x[i] - t[i]);
            y[i] = d < beta ? half_rbeta * d * d : d - 0.5f * beta;
        }
        break;
    case PW_SOFT_MARGIN: /* softplus(-t x) */
        for (int64_t i = 0; i < k; i++)
            u[i] = t[i] * x[i];
        vunary(VEC_LOGSIGMOID, u, y, k);
        for (int64_t i = 0; i < k; i++)
            y[i] = -y[i];
        break;
    case PW_BCE_BWD:
        for (int64_t i = 0; i < k; i++) {
            float den = x[i] * (1.0f - x[i]);
            y[i] = (x[i] - t[i]) / (den > 1e-12f ? den : 1e-12f);
        }
        break;
    case PW_BCE_LOGITS_BWD:
        vunary(VEC_SIGMOID, x, u, k);
        for (int64_t i = 0; i < k; i++)
            y[i] = u[i] * (1.0f + (pw[i] - 1.0f) * t[i]) - pw[i] * t[i];
        break;
    case PW_L1_BWD: /* sign; 0 and NaN pass through */
        for (int64_t i = 0; i < k; i++) {
            float d = x[i] - t[i];
            y[i] = d > 0 ? 1.0f : d < 0 ? -1.0f : d;
        }
        break;
    case PW_SMOOTH_L1_BWD:
        for (int64_t i = 0; i < k; i++) {
            float d = x[i] - t[i];
            y[i] = fabsf(d) < beta ? d * rbeta : d > 0 ? 1.0f : d < 0 ? -1.0f : d;
        }
        break;
    case PW_SOFT_MARGIN_BWD: /* -t sigmoid(-t x) */
        for (int64_t i = 0; i < k; i++)
            u[i] = -t[i] * x[i];
        vunary(VEC_SIGMOID, u, u, k);
        for (int64_t i = 0; i < k; i++)
            y[i] = -t[i] * u[i];
        break;
    case PW_KL_DIV_BWD: /* beta carries logTarget */
        if (beta != 0) {
            vunary(VEC_EXP, t, y, k);
            for (int64_t i = 0; i < k; i++)
                y[i] = -y[i];
        } else {
            for (int64_t i = 0; i < k; i++)
                y[i] = -t[i];
        }
        break;
    case PW_BCE_LOGITS_TARGET_BWD: /* pw softplus(-x) - softplus(x) = logsigmoid(-x) - pw logsigmoid(x) */
        vunary(VEC_LOGSIGMOID, x, u, k);
        for (int64_t i = 0; i < k; i++)
            y[i] = -x[i];
        vunary(VEC_LOGSIGMOID, y, y, k);
        for (int64_t i = 0; i < k; i++)
            y[i] = y[i] - pw[i] * u[i];
        break;
    case PW_KL_DIV_TARGET_BWD:
        if (beta != 0) {
            vunary(VEC_EXP, t, u, k);
            for (int64_t i = 0; i < k; i++)
                y[i] = u[i] * (t[i] + 1.0f - x[i]);
        } else {
            vunary(VEC_LOG, t, u, k);
            for (int64_t i = 0; i < k; i++)
                y[i] = t[i] > 0 ? u[i] + 1.0f - x[i] : 0.0f;
        }
        break;
    case PW_MSE:
        for (int64_t i = 0; i < k; i++) {
            float d = x[i] - t[i];
            y[i] = d * d;
        }
        break;
    case PW_KL_DIV: /* t (log(t != 0 ? t : 1) - x); logTarget (beta): exp(t) (t - x) */
        if (beta != 0) {
            vunary(VEC_EXP, t, u, k);
            for (int64_t i = 0; i < k; i++)
                y[i] = u[i] * (t[i] - x[i]);
        } else {
            for (int64_t i = 0; i < k; i++)
                u[i] = t[i] != 0 ? t[i] : 1.0f;
            vunary(VEC_LOG, u, u, k);
            for (int64_t i = 0; i < k; i++)
                y[i] = t[i] * (u[i] - x[i]);
        }
        break;
    case PW_BCE_NOCLAMP:
        vunary(VEC_LOG, x, y, k);
        for (int64_t i = 0; i < k; i++)
            u[i] = -x[i];
        vunary(VEC_LOG1P, u, u, k);
        for (int64_t i = 0; i < k; i++)
            y[i] = -(t[i] * y[i] + (1.0f - t[i]) * u[i]);
        break;
    case PW_SUB:
        for (int64_t i = 0; i < k; i++)
            y[i] = x[i] - t[i];
        break;
    case PW_HINGE:
        for (int64_t i = 0; i < k; i++) {
            float m = 1.0f - t[i] * x[i];
            y[i] = m > 0 ? m : m == m ? 0.0f : m; /* NaN passes */
        }
        break;
    case PW_HINGE_BWD:
        for (int64_t i = 0; i < k; i++) {
            float m = 1.0f - t[i] * x[i], am = fabsf(m);
            y[i] = -t[i] * (m + am) / (2.0f * (am + 1e-7f));
        }
        break;
    case PW_HUBER:
        for (int64_t i = 0; i < k; i++) {
            float d = fabsf(x[i] - t[i]);
            y[i] = d <= beta ? 0.5f * d * d : beta * (d - 0.5f * beta);
        }
        break;
    case PW_HUBER_BWD:
        for (int64_t i = 0; i < k; i++) {
            float d = x[i] - t[i];
            y[i] = fabsf(d) <= beta ? d : beta * (d > 0 ? 1.0f : d < 0 ? -1.0f : d);
        }
        break;
    case PW_HALF_SQUARE:
        for (int64_t i = 0; i < k; i++)
            y[i] = 0.5f * x[i] * x[i];
        break;
    case PW_HINGE_EMBEDDING: /* beta carries the margin */
        for (int64_t i = 0; i < k; i++) {
            float n = beta - x[i];
            n = n > 0 ? n : n == n ? 0.0f : n;
            y[i] = n + (x[i] - n) * (t[i] + 1.0f) * 0.5f;
        }
        break;
    case PW_GAUSS_NLL: { /* v = max(var, eps) (NaN passes), flag: the log(2 pi) / 2 term */
        const float c = flag ? 0.9189385332046727f : 0.0f;
        for (int64_t i = 0; i < k; i++) {
            float v = pw[i] > beta ? pw[i] : pw[i] == pw[i] ? beta : pw[i];
            u[i] = v;
        }
        vunary(VEC_LOG, u, y, k);
        for (int64_t i = 0; i < k; i++) {
            float d = x[i] - t[i];
            y[i] = 0.5f * (y[i] + d * d / u[i]) + c;
        }
        break;
    }
    default: /* PW_MUL */
        for (int64_t i = 0; i < k; i++)
            y[i] = x[i];
        break;
    }
}

/* y *= m; y *= s */
ACLEMU_ISA_CLONES
static void f32_mul(float *y, const float *m, int64_t k)
{
    for (int64_t i = 0; i < k; i++)
        y[i] *= m[i];
}

ACLEMU_ISA_CLONES
static void f32_scale(float *y, float s, int64_t k)
{
    for (int64_t i = 0; i < k; i++)
        y[i] *= s;
}

/* sum of y in double, eight independent accumulators (a fixed order: deterministic) */
static double f32_sum(const float *y, int64_t k)
{
    double s[8] = {0};
    int64_t i = 0;
    for (; i + 8 <= k; i += 8)
        for (int j = 0; j < 8; j++)
            s[j] += (double)y[i + j];
    for (; i < k; i++)
        s[0] += (double)y[i];
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

static double f32_run(const pw_loss_args *a, char **p, const aclemu_ew_iter *it, int64_t n, int o, int it_, int ipw,
                      int im)
{
    float bx[ACLEMU_CHUNK], bt[ACLEMU_CHUNK], bp[ACLEMU_CHUNK], bm[ACLEMU_CHUNK], y[ACLEMU_CHUNK], u[ACLEMU_CHUNK];
    static const float one = 1.0f;
    const float scale = (float)a->scale, beta = (float)a->beta;
    double sum = 0.0;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t k = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
#define STAGE(i, buf) stage(p[i] + c * it->inner_stride[i], a->ew.op[i].dtype, it->inner_stride[i], it->esize[i], buf, k)
        const float *x = STAGE(o, bx), *t = a->has_t ? STAGE(it_, bt) : x, *pw = &one;
        if (a->has_pw)
            pw = STAGE(ipw, bp);
        else if (a->op == PW_BCE_LOGITS || a->op == PW_BCE_LOGITS_BWD || a->op == PW_BCE_LOGITS_TARGET_BWD) {
            for (int64_t i = 0; i < k; i++)
                bp[i] = 1.0f;
            pw = bp;
        }
        f32_loss(a->op, beta, a->flag, x, t, pw, y, u, k);
        for (int j = 0; j < a->nmul; j++)
            f32_mul(y, STAGE(im + j, bm), k);
#undef STAGE
        if (scale != 1.0f)
            f32_scale(y, scale, k);
        if (a->has_out)
            vec_store_f32(y, p[0] + c * it->inner_stride[0], a->ew.op[0].dtype, it->inner_stride[0] / it->esize[0], k);
        else
            sum += f32_sum(y, k);
    }
    return sum;
}

/* ---- double path -------------------------------------------------------------------------- */
static double f64_run(const pw_loss_args *a, char **p, const aclemu_ew_iter *it, int64_t n, int o, int it_, int ipw,
                      int im)
{
    double x[ACLEMU_CHUNK], t[ACLEMU_CHUNK], pw[ACLEMU_CHUNK], m[2][ACLEMU_CHUNK], sum = 0.0;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t k = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
#define LOAD(buf, i) aclemu_load_f64(buf, p[i] + c * it->inner_stride[i], a->ew.op[i].dtype, it->inner_stride[i], k)
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
            aclemu_store_f64(p[0] + c * it->inner_stride[0], a->ew.op[0].dtype, it->inner_stride[0], x, k);
    }
    return sum;
}

static int pw_loss_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pw_loss_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pw_loss_args *a = (const pw_loss_args *)args;
    const int o = a->has_out ? 1 : 0, it_ = o + 1, ipw = it_ + a->has_t, im = ipw + a->has_pw;
    if (a->op < 0 || a->op >= PW_OP_END || a->nmul < 0 || a->nmul > 2 || (uint32_t)(im + a->nmul) != a->ew.nops)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int all_float = f32_domain(a, o);
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[ACLEMU_EW_MAX_OPS];
    double sum = 0.0;
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        sum += all_float ? f32_run(a, p, &it, n, o, it_, ipw, im) : f64_run(a, p, &it, n, o, it_, ipw, im);
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
