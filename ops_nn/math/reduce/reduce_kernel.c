/* Device side of the reduction family: "Reduce" (each block reduces whole outputs, or parts of
 * them into the workspace when there are fewer outputs than blocks) and "ReduceFinish" (merges
 * the parts of each output in order, so the result does not depend on the thread count).
 *
 * Elements are converted to the compute dtype, then combined in double (floats) or int64
 * (integers, BOOL: the narrower dtypes wrap when the result is stored, as integer arithmetic in
 * that dtype would). Two walks: per output along the reduced dims (chunks of a run of the last
 * reduced dim), or, when the innermost kept dim is the contiguous one of the input and the
 * reduction runs across it, several outputs at once reading contiguous rows.
 *
 * The statistics (variance, std, BatchNormStats' inverse std) take each chunk in two passes (a
 * mean, then the deviations from it, corrected by their own sum; the rows walk in one pass of
 * deviations from one of the chunk's elements, see rows_var_chunk) and merge chunks, parts and
 * rows pairwise (count, sum, sum of squared deviations), so no sum of squares ever cancels. */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "dtype.h"
#include "reduce_args.h"
#include "vmath.h"

#define RED_CHUNK 512
#define RED_ROW 256

/* ---- states ------------------------------------------------------------------------------ */
static void st_init(const red_args *a, red_state *s)
{
    memset(s, 0, sizeof *s);
    s->idx = -1;
    switch (a->op) {
    case RED_PROD: s->f = 1.0; s->i = 1; break;
    case RED_ALL: s->i = 1; break;
    case RED_LOGSUMEXP: s->f = -INFINITY; s->s = 0.0; break;
    case RED_NORM: s->f = a->p == -INFINITY ? INFINITY : 0.0; break;
    default: break;
    }
}

/* Adds a group of nb elements (their sum sb, squared deviations from their mean m2b) to the
 * statistics state d (pairwise update of Chan, Golub and LeVeque). */
static void var_merge(red_state *d, int64_t nb, double sb, double m2b)
{
    if (nb <= 0) return;
    if (d->i == 0) { d->i = nb; d->f = sb; d->s = m2b; return; }
    double na = (double)d->i, n = na + (double)nb;
    double delta = sb / (double)nb - d->f / na;
    d->s += m2b + delta * delta * (na * (double)nb / n);
    d->f += sb;
    d->i += nb;
}

/* Sum and squared deviations of n doubles: deviations from an estimate of the mean, corrected
 * by their own sum (the two-pass algorithm with its rounding correction). */
static void var_chunk_f64(const double *v, int64_t n, double *sum, double *m2)
{
    double s0 = 0, s1 = 0;
    int64_t i = 0;
    for (; i + 2 <= n; i += 2) { s0 += v[i]; s1 += v[i + 1]; }
    for (; i < n; i++) s0 += v[i];
    double plain = s0 + s1, m = plain / (double)n;
    if (!isfinite(m)) { *sum = plain; *m2 = NAN; return; }
    double sd = 0, sd2 = 0;
    for (i = 0; i < n; i++) { double d = v[i] - m; sd += d; sd2 += d * d; }
    *sum = m * (double)n + sd;
    *m2 = sd2 - sd * sd / (double)n;
    if (*m2 < 0) *m2 = 0;
}

/* Aminmax: x into the (min, max) of s. */
static inline void minmax_f(red_state *s, double x)
{
    if (s->idx < 0) { s->f = s->s = x; s->idx = 0; return; }
    if (s->f != s->f) return;                 /* a NaN already won both */
    if (x != x) { s->f = s->s = x; return; }
    if (x < s->f) s->f = x;
    if (x > s->s) s->s = x;
}

static inline int better_f(int op_max, double x, double best)
{
    if (best != best) return 0;            /* a NaN already won */
    if (x != x) return 1;                  /* a NaN wins */
    return op_max ? x > best : x < best;
}

static inline int is_max_op(int op) { return op == RED_MAX || op == RED_ARGMAX || op == RED_MAX_IDX; }

/* Combines n floating elements v (flat reduced positions from r0) into s. */
static void st_add_f(const red_args *a, red_state *s, const double *v, int64_t n, int64_t r0)
{
    int64_t i = 0;
    switch (a->op) {
    case RED_SUM: case RED_MEAN: {
        double acc[4] = {0, 0, 0, 0};
        for (; i + 4 <= n; i += 4) { acc[0] += v[i]; acc[1] += v[i + 1]; acc[2] += v[i + 2]; acc[3] += v[i + 3]; }
        for (; i < n; i++) acc[0] += v[i];
        s->f += (acc[0] + acc[1]) + (acc[2] + acc[3]);
        break;
    }
    case RED_NANSUM:
        for (; i < n; i++) if (v[i] == v[i]) s->f += v[i];
        break;
    case RED_PROD:
        for (; i < n; i++) s->f *= v[i];
        break;
    case RED_MAX: case RED_MIN: {
        int mx = a->op == RED_MAX;
        for (; i < n; i++) {
            if (s->idx < 0 || better_f(mx, v[i], s->f)) { s->f = v[i]; s->idx = r0 + i; }
        }
        break;
    }
    case RED_ARGMAX: case RED_ARGMIN: case RED_MAX_IDX: case RED_MIN_IDX: {
        int mx = is_max_op(a->op);
        for (; i < n; i++)
            if (s->idx < 0 || better_f(mx, v[i], s->f)) { s->f = v[i]; s->idx = r0 + i; }
        break;
    }
    case RED_ANY:
        for (; i < n && !s->i; i++) s->i = v[i] != 0;
        break;
    case RED_ALL:
        for (; i < n && s->i; i++) s->i = v[i] != 0;
        break;
    case RED_NORM: {
        double p = a->p;
        for (; i < n; i++) {
            double x = fabs(v[i]);
            if (x != x) s->f = x; /* NaN propagates */
            else if (s->f != s->f) continue;
            else if (p == INFINITY) s->f = x > s->f ? x : s->f;
            else if (p == -INFINITY) s->f = x < s->f ? x : s->f;
            else if (p == 0) s->f += x != 0;
            else if (p == 1) s->f += x;
            else if (p == 2) s->f += x * x;
            else s->f += pow(x, p);
        }
        break;
    }
    case RED_VAR: case RED_STD: case RED_INVSTD: {
        double sum, m2;
        if (n <= 0) break;
        var_chunk_f64(v, n, &sum, &m2);
        var_merge(s, n, sum, m2);
        break;
    }
    case RED_AMINMAX:
        for (; i < n; i++) minmax_f(s, v[i]);
        break;
    case RED_LOGSUMEXP: { /* running (max, sum of exp(x - max)) */
        double m = s->f;
        for (int64_t k = 0; k < n; k++)
            if (v[k] > m || v[k] != v[k]) m = v[k];
        if (m != m || m == INFINITY) { s->f = m; s->s = 1.0; break; } /* NaN / +Inf decide */
        if (m == -INFINITY) break;                                     /* nothing but -Inf yet */
        double sum = s->f == -INFINITY ? 0.0 : s->s * exp(s->f - m);
        for (; i < n; i++) sum += exp(v[i] - m);
        s->f = m;
        s->s = sum;
        break;
    }
    default: break;
    }
}

/* Integer elements (int64 arithmetic, wraps like the narrower dtype once stored). */
static void st_add_i(const red_args *a, red_state *s, const int64_t *v, int64_t n, int64_t r0)
{
    int64_t i = 0;
    switch (a->op) {
    case RED_SUM: case RED_MEAN: case RED_NANSUM:
        for (; i < n; i++) s->i = (int64_t)((uint64_t)s->i + (uint64_t)v[i]);
        break;
    case RED_PROD:
        for (; i < n; i++) s->i = (int64_t)((uint64_t)s->i * (uint64_t)v[i]);
        break;
    case RED_MAX: case RED_MIN: case RED_ARGMAX: case RED_ARGMIN: case RED_MAX_IDX: case RED_MIN_IDX: {
        int mx = is_max_op(a->op);
        for (; i < n; i++)
            if (s->idx < 0 || (mx ? v[i] > s->i : v[i] < s->i)) { s->i = v[i]; s->idx = r0 + i; }
        break;
    }
    case RED_ANY:
        for (; i < n && !s->i; i++) s->i = v[i] != 0;
        break;
    case RED_ALL:
        for (; i < n && s->i; i++) s->i = v[i] != 0;
        break;
    case RED_AMINMAX:
        for (; i < n; i++) {
            if (s->idx < 0) { s->i = s->i2 = v[i]; s->idx = 0; continue; }
            if (v[i] < s->i) s->i = v[i];
            if (v[i] > s->i2) s->i2 = v[i];
        }
        break;
    default: break;
    }
}

/* dst = dst then src (src covers later reduced positions). */
static void st_merge(const red_args *a, red_state *d, const red_state *s)
{
    if (a->domain == RED_DOM_I64) {
        switch (a->op) {
        case RED_SUM: case RED_MEAN: case RED_NANSUM: d->i = (int64_t)((uint64_t)d->i + (uint64_t)s->i); return;
        case RED_PROD: d->i = (int64_t)((uint64_t)d->i * (uint64_t)s->i); return;
        case RED_ANY: d->i = d->i || s->i; return;
        case RED_ALL: d->i = d->i && s->i; return;
        case RED_AMINMAX:
            if (s->idx < 0) return;
            if (d->idx < 0) { *d = *s; return; }
            if (s->i < d->i) d->i = s->i;
            if (s->i2 > d->i2) d->i2 = s->i2;
            return;
        default:
            if (s->idx >= 0 && (d->idx < 0 || (is_max_op(a->op) ? s->i > d->i : s->i < d->i))) *d = *s;
            return;
        }
    }
    switch (a->op) {
    case RED_SUM: case RED_MEAN: case RED_NANSUM: d->f += s->f; return;
    case RED_PROD: d->f *= s->f; return;
    case RED_ANY: d->i = d->i || s->i; return;
    case RED_ALL: d->i = d->i && s->i; return;
    case RED_NORM:
        if (d->f != d->f) return;
        if (s->f != s->f) d->f = s->f;
        else if (a->p == INFINITY) d->f = s->f > d->f ? s->f : d->f;
        else if (a->p == -INFINITY) d->f = s->f < d->f ? s->f : d->f;
        else d->f += s->f;
        return;
    case RED_VAR: case RED_STD: case RED_INVSTD: var_merge(d, s->i, s->f, s->s); return;
    case RED_AMINMAX:
        if (s->idx < 0) return;
        if (d->idx < 0) { *d = *s; return; }
        minmax_f(d, s->f);
        minmax_f(d, s->s);
        return;
    case RED_LOGSUMEXP: {
        if (d->f != d->f || s->f == -INFINITY) return;
        if (s->f != s->f || d->f == -INFINITY) { *d = *s; return; }
        if (d->f == INFINITY || s->f == INFINITY) { d->f = INFINITY; d->s = 1.0; return; }
        double m = d->f > s->f ? d->f : s->f;
        d->s = d->s * exp(d->f - m) + s->s * exp(s->f - m);
        d->f = m;
        return;
    }
    default:
        if (s->idx >= 0 && (d->idx < 0 || better_f(is_max_op(a->op), s->f, d->f))) *d = *s;
        return;
    }
}

static void st_write(const red_args *a, const red_state *s, char *out, char *idx)
{
    int f = a->domain == RED_DOM_F64;
    switch (a->op) {
    case RED_ARGMAX: case RED_ARGMIN: {
        int64_t k = s->idx < 0 ? 0 : s->idx;
        aclemu_store_i64(out, a->out_dtype, 0, &k, 1);
        return;
    }
    case RED_MAX_IDX: case RED_MIN_IDX: {
        int64_t k = s->idx < 0 ? 0 : s->idx;
        aclemu_store_i64(idx, a->idx_dtype, 0, &k, 1);
        break;
    }
    case RED_ANY: case RED_ALL: {
        int64_t b = s->i != 0;
        aclemu_store_i64(out, a->out_dtype, 0, &b, 1);
        return;
    }
    case RED_MEAN: {
        double m = (f ? s->f : (double)s->i) * a->scale;
        if (a->rcount == 0) m = NAN;
        aclemu_store_f64(out, a->out_dtype, 0, &m, 1);
        return;
    }
    case RED_LOGSUMEXP: {
        double r = s->f != s->f || s->f == INFINITY || s->f == -INFINITY ? s->f : s->f + log(s->s);
        aclemu_store_f64(out, a->out_dtype, 0, &r, 1);
        return;
    }
    case RED_NORM: {
        double p = a->p, r = s->f;
        if (r == r && p != 0 && p != 1 && p != INFINITY && p != -INFINITY)
            r = p == 2 ? sqrt(r) : pow(r, 1.0 / p);
        aclemu_store_f64(out, a->out_dtype, 0, &r, 1);
        return;
    }
    case RED_VAR: case RED_STD: case RED_INVSTD: {
        double n = (double)s->i, mean = s->i ? s->f / n : NAN, r;
        if (a->op == RED_INVSTD) {
            /* BatchNormStats of an empty batch: mean 0, invstd NaN (aclnn_batch_norm_stats.cpp) */
            if (s->i == 0) { mean = 0; r = NAN; }
            else r = 1.0 / sqrt(s->s / n + a->eps);
        } else {
            /* N - correction <= 0: NaN for N <= 1, +Inf otherwise, as the real ops fill it */
            double div = n - (double)a->correction;
            r = div > 0 ? s->s / div : s->i <= 1 ? NAN : INFINITY;
            if (a->op == RED_STD) r = sqrt(r);
        }
        aclemu_store_f64(out, a->out_dtype, 0, &r, 1);
        if (idx) aclemu_store_f64(idx, a->idx_dtype, 0, &mean, 1);
        return;
    }
    case RED_AMINMAX:
        if (f) {
            aclemu_store_f64(out, a->out_dtype, 0, &s->f, 1);
            if (idx) aclemu_store_f64(idx, a->idx_dtype, 0, &s->s, 1);
        } else {
            aclemu_store_i64(out, a->out_dtype, 0, &s->i, 1);
            if (idx) aclemu_store_i64(idx, a->idx_dtype, 0, &s->i2, 1);
        }
        return;
    default: break;
    }
    if (f && a->post == RED_POST_LOG) {
        double r = a->rcount == 0 ? 0.0 : log(s->f); /* empty data: 0, as ReduceLogSum fills */
        aclemu_store_f64(out, a->out_dtype, 0, &r, 1);
        return;
    }
    if (f) aclemu_store_f64(out, a->out_dtype, 0, &s->f, 1);
    else aclemu_store_i64(out, a->out_dtype, 0, &s->i, 1);
}


/* ---- FP32 fast path (FLOAT / FLOAT16 / BF16 reduced in their own dtype) -------------------
 * Chunks are loaded as FP32 (the vec converters), reduced in 8-lane FP32 (a chunk is at most
 * RED_CHUNK elements, so the FP32 partial sums stay accurate) and folded into the double state.
 * target_clones picks the AVX2 body where the CPU has it. */
typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef int64_t v4l __attribute__((vector_size(32)));
#define RED_CLONES ACLEMU_ISA_CLONES /* kernel_util.h: not under TSan */

static int fast_f32(const red_args *a)
{
    int dt = a->in_dtype;
    return a->domain == RED_DOM_F64 && a->comp_dtype == dt &&
           (dt == VEC_DT_FLOAT || dt == VEC_DT_FLOAT16 || dt == VEC_DT_BF16);
}

/* skip_nan: 0 plain sum, 1 NaN elements count as 0, 2 sum of |x| */
RED_CLONES static double sum_f32(const float *v, int64_t n, int skip_nan)
{
    v8f a0 = {0}, a1 = {0};
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        v8f x, y;
        __builtin_prefetch((const char *)(v + i) + 4096);
        memcpy(&x, v + i, 32);
        memcpy(&y, v + i + 8, 32);
        if (skip_nan == 1) {
            x = (v8f)((v8i)x & (x == x));
            y = (v8f)((v8i)y & (y == y));
        } else if (skip_nan == 2) {
            x = (v8f)((v8i)x & INT32_MAX);
            y = (v8f)((v8i)y & INT32_MAX);
        }
        a0 += x;
        a1 += y;
    }
    a0 += a1;
    double s = 0;
    for (int k = 0; k < 8; k++)
        s += a0[k];
    for (; i < n; i++)
        if (skip_nan == 2) s += fabsf(v[i]);
        else if (!skip_nan || v[i] == v[i]) s += v[i];
    return s;
}

/* Largest (want_max) or smallest element ignoring NaN; *has_nan tells whether there was one.
 * Two accumulators of 8 lanes, the next lines prefetched (a whole reduction streams its input). */
#define RED_PF(p) __builtin_prefetch((const char *)(p) + 4096)
#define RED_EXTREME_LOOP(CMP)                                                                  \
    for (; i + 16 <= n; i += 16) {                                                             \
        v8f x, y;                                                                              \
        RED_PF(v + i);                                                                         \
        memcpy(&x, v + i, 32);                                                                 \
        memcpy(&y, v + i + 8, 32);                                                             \
        nan |= (x != x) | (y != y);                                                            \
        v8i tx = x CMP m0, ty = y CMP m1;                                                      \
        m0 = (v8f)(((v8i)x & tx) | ((v8i)m0 & ~tx));                                           \
        m1 = (v8f)(((v8i)y & ty) | ((v8i)m1 & ~ty));                                           \
    }
RED_CLONES static float extreme_f32(const float *v, int64_t n, int want_max, int *has_nan)
{
    float init = want_max ? -INFINITY : INFINITY;
    v8f m0 = {init, init, init, init, init, init, init, init}, m1 = m0;
    v8i nan = {0};
    int64_t i = 0;
    if (want_max) {
        RED_EXTREME_LOOP(>)
    } else {
        RED_EXTREME_LOOP(<)
    }
    float r = init;
    int any = 0;
    for (int k = 0; k < 8; k++) {
        any |= nan[k];
        if (want_max ? m0[k] > r : m0[k] < r) r = m0[k];
        if (want_max ? m1[k] > r : m1[k] < r) r = m1[k];
    }
    for (; i < n; i++) {
        if (v[i] != v[i]) any = 1;
        else if (want_max ? v[i] > r : v[i] < r) r = v[i];
    }
    *has_nan = any;
    return r;
}

/* Position of the first element equal to m (the first NaN when nan), 8 lanes at a time; it is
 * known to be there. */
RED_CLONES static int64_t first_f32(const float *v, int64_t n, float m, int nan)
{
    v8f mv = {m, m, m, m, m, m, m, m};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        v8f x;
        memcpy(&x, v + i, 32);
        v4l t = (v4l)(nan ? x != x : x == mv);
        if (t[0] | t[1] | t[2] | t[3])
            break;
    }
    if (nan)
        while (v[i] == v[i]) i++;
    else
        while (v[i] != m) i++;
    return i;
}

/* Deviations of n FP32 elements from m, in double: their sum and sum of squares. */
RED_CLONES static void dev_f32(const float *v, int64_t n, double m, double *sd, double *sd2)
{
    v4d mv = {m, m, m, m}, a0 = {0}, a1 = {0}, q0 = {0}, q1 = {0};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        v4f x0, x1;
        if (!(i & 15)) __builtin_prefetch((const char *)(v + i) + 4096);
        memcpy(&x0, v + i, 16);
        memcpy(&x1, v + i + 4, 16);
        v4d d0 = __builtin_convertvector(x0, v4d) - mv, d1 = __builtin_convertvector(x1, v4d) - mv;
        a0 += d0;
        a1 += d1;
        q0 += d0 * d0;
        q1 += d1 * d1;
    }
    a0 += a1;
    q0 += q1;
    double s = (a0[0] + a0[1]) + (a0[2] + a0[3]), s2 = (q0[0] + q0[1]) + (q0[2] + q0[3]);
    for (; i < n; i++) {
        double d = (double)v[i] - m;
        s += d;
        s2 += d * d;
    }
    *sd = s;
    *sd2 = s2;
}

/* Zeros (want_zero) or non-zeros among n FP32 elements; *has_nan tells whether there was a NaN. */
RED_CLONES static int64_t count_f32(const float *v, int64_t n, int want_zero, int *has_nan)
{
    v8i c = {0}, nan = {0};
    v8f z = {0};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        v8f x;
        memcpy(&x, v + i, 32);
        nan |= x != x;
        c -= want_zero ? x == z : x != z; /* a true lane is -1 */
    }
    int64_t r = 0;
    int any = 0;
    for (int k = 0; k < 8; k++) { r += c[k]; any |= nan[k]; }
    for (; i < n; i++) {
        any |= v[i] != v[i];
        r += want_zero ? v[i] == 0.0f : v[i] != 0.0f;
    }
    *has_nan = any;
    return r;
}

/* Largest (want_max) or smallest |x| of n FP32 elements, NaN if there is one. */
RED_CLONES static float abs_extreme_f32(const float *v, int64_t n, int want_max)
{
    float init = want_max ? 0.0f : INFINITY;
    v8f m = {init, init, init, init, init, init, init, init};
    v8i nan = {0}, sign = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        v8f x;
        memcpy(&x, v + i, 32);
        x = (v8f)((v8i)x & sign);
        nan |= x != x;
        v8i take = want_max ? x > m : x < m;
        m = (v8f)(((v8i)x & take) | ((v8i)m & ~take));
    }
    float r = init;
    int any = 0;
    for (int k = 0; k < 8; k++) {
        any |= nan[k];
        if (want_max ? m[k] > r : m[k] < r) r = m[k];
    }
    for (; i < n; i++) {
        float x = fabsf(v[i]);
        if (x != x) any = 1;
        else if (want_max ? x > r : x < r) r = x;
    }
    return any ? NAN : r;
}

/* Product of n FP32 elements in double (four lanes of partial products). */
RED_CLONES static double prod_f32(const float *v, int64_t n)
{
    v4d p0 = {1, 1, 1, 1}, p1 = {1, 1, 1, 1};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        v4f x0, x1;
        memcpy(&x0, v + i, 16);
        memcpy(&x1, v + i + 4, 16);
        p0 *= __builtin_convertvector(x0, v4d);
        p1 *= __builtin_convertvector(x1, v4d);
    }
    p0 *= p1;
    double r = (p0[0] * p0[1]) * (p0[2] * p0[3]);
    for (; i < n; i++) r *= v[i];
    return r;
}

/* Combines n FP32 elements (flat reduced positions from r0). */
static void st_add_f32(const red_args *a, red_state *s, const float *v, int64_t n, int64_t r0)
{
    switch (a->op) {
    case RED_SUM: case RED_MEAN: s->f += sum_f32(v, n, 0); return;
    case RED_NANSUM: s->f += sum_f32(v, n, 1); return;
    case RED_PROD: s->f *= prod_f32(v, n); return;
    case RED_ANY: case RED_ALL: {
        int nan;
        if (a->op == RED_ANY ? s->i != 0 : s->i == 0) return; /* decided */
        int64_t c = count_f32(v, n, a->op == RED_ALL, &nan);
        if (a->op == RED_ANY) s->i = c > 0 || nan; /* a NaN is non-zero */
        else s->i = c == 0;
        return;
    }
    case RED_NORM: {
        double p = a->p, r;
        int nan = 0;
        if (s->f != s->f) return; /* a NaN propagates */
        if (p == 2) {
            double sd, sd2;
            dev_f32(v, n, 0.0, &sd, &sd2);
            r = sd2;
        } else if (p == 1) {
            r = sum_f32(v, n, 2);
        } else if (p == 0) {
            r = (double)count_f32(v, n, 0, &nan);
            if (nan) r = NAN;
        } else if (p == INFINITY || p == -INFINITY) {
            float m = abs_extreme_f32(v, n, p > 0);
            s->f = m != m ? (double)NAN : p > 0 ? (m > s->f ? m : s->f) : (m < s->f ? m : s->f);
            return;
        } else { /* other orders: pow per element in double */
            double d[RED_CHUNK];
            for (int64_t i = 0; i < n; i++) d[i] = v[i];
            st_add_f(a, s, d, n, r0);
            return;
        }
        s->f += r;
        return;
    }
    case RED_MAX: case RED_MIN: case RED_ARGMAX: case RED_ARGMIN: case RED_MAX_IDX: case RED_MIN_IDX: {
        if (n <= 0 || (s->idx >= 0 && s->f != s->f))
            return; /* a NaN already won */
        int mx = is_max_op(a->op), nan;
        float m = extreme_f32(v, n, mx, &nan);
        int64_t k = 0;
        if (a->op == RED_MAX || a->op == RED_MIN) { /* values only: idx just marks "seen" */
            if (nan) m = NAN;
            else if (s->idx >= 0 && !(mx ? (double)m > s->f : (double)m < s->f)) return;
            s->f = m;
            s->idx = r0;
            return;
        }
        if (!nan && s->idx >= 0 && !(mx ? (double)m > s->f : (double)m < s->f))
            return;
        k = first_f32(v, n, m, nan); /* the first NaN, or the extreme's first occurrence */
        s->f = v[k];
        s->idx = r0 + k;
        return;
    }
    case RED_VAR: case RED_STD: case RED_INVSTD: {
        if (n <= 0) return;
        double plain = sum_f32(v, n, 0), m = plain / (double)n, sd, sd2;
        if (!isfinite(m)) { var_merge(s, n, plain, NAN); return; }
        dev_f32(v, n, m, &sd, &sd2);
        double m2 = sd2 - sd * sd / (double)n;
        var_merge(s, n, m * (double)n + sd, m2 < 0 ? 0 : m2);
        return;
    }
    case RED_AMINMAX: {
        if (n <= 0 || (s->idx >= 0 && s->f != s->f)) return;
        int nan, nan2;
        float lo = extreme_f32(v, n, 0, &nan), hi = extreme_f32(v, n, 1, &nan2);
        if (nan) { minmax_f(s, NAN); return; }
        minmax_f(s, lo);
        minmax_f(s, hi);
        return;
    }
    case RED_LOGSUMEXP: {
        int nan;
        float cm = extreme_f32(v, n, 1, &nan);
        double m = s->f;
        if (nan || cm == INFINITY || m != m || m == INFINITY) {
            if (m != m || m == INFINITY) return;
            s->f = nan ? NAN : INFINITY;
            s->s = 1.0;
            return;
        }
        if ((double)cm > m) m = cm;
        if (m == -INFINITY) return;
        float e[RED_CHUNK], mf = (float)m;
        for (int64_t i = 0; i < n; i++) e[i] = v[i] - mf;
        vec_exp(e, e, n);
        double sum = (s->f == -INFINITY ? 0.0 : s->s * exp(s->f - m)) + sum_f32(e, n, 0);
        s->f = m;
        s->s = sum;
        return;
    }
    default: {
        double d[RED_CHUNK];
        for (int64_t i = 0; i < n; i++) d[i] = v[i];
        st_add_f(a, s, d, n, r0);
        return;
    }
    }
}

/* n elements from p (element stride) as FP32: the buffer, or p itself when it already is. */
static const float *load_f32(const red_args *a, const char *p, int64_t stride, int64_t n, float *buf)
{
    if (a->in_dtype == VEC_DT_FLOAT && stride == 1)
        return (const float *)p;
    vec_load_f32(p, a->in_dtype, stride, buf, n);
    return buf;
}

/* ---- loading ------------------------------------------------------------------------------- */
/* n elements from p (stride in elements) into the domain, converted through comp_dtype. */
static void load_run(const red_args *a, const char *p, int64_t stride, int64_t n, double *fd, int64_t *id)
{
    size_t es = aclemu_kdtype_size(a->in_dtype);
    const char *src = p;
    int32_t sdt = a->in_dtype;
    int64_t sbytes = stride * (int64_t)es;
    char tmp[RED_CHUNK * 8];
    if (a->comp_dtype != a->in_dtype) {
        size_t cs = aclemu_kdtype_size(a->comp_dtype);
        aclemu_convert_run(tmp, a->comp_dtype, (int64_t)cs, p, a->in_dtype, sbytes, n);
        src = tmp;
        sdt = a->comp_dtype;
        sbytes = (int64_t)cs;
    }
    if (a->domain == RED_DOM_F64) aclemu_load_f64(fd, src, sdt, sbytes, n);
    else aclemu_load_i64(id, src, sdt, sbytes, n);
}

/* Reduced positions [r0, r1) of the output whose first input element is `base`. */
static void reduce_range(const red_args *a, const char *base, int64_t r0, int64_t r1, red_state *s)
{
    size_t es = aclemu_kdtype_size(a->in_dtype);
    double fd[RED_CHUNK];
    int64_t id[RED_CHUNK];
    if (a->nr == 0) { /* nothing reduced: the element itself */
        if (r0 < r1) {
            load_run(a, base, 1, 1, fd, id);
            if (a->domain == RED_DOM_F64) st_add_f(a, s, fd, 1, 0);
            else st_add_i(a, s, id, 1, 0);
        }
        return;
    }
    if (r0 >= r1)
        return; /* an empty reduced dim (rshape may hold a 0: no division by it) */
    int fast = fast_f32(a);
    float fb[RED_CHUNK];
    int nr = a->nr;
    int64_t idx[RED_MAX_DIMS], off = 0, r = r0;
    int64_t rem = r0;
    for (int d = nr - 1; d >= 0; d--) {
        idx[d] = rem % a->rshape[d];
        rem /= a->rshape[d];
        off += idx[d] * a->rin[d];
    }
    int64_t last = a->rshape[nr - 1], lstride = a->rin[nr - 1];
    while (r < r1) {
        int64_t run = last - idx[nr - 1];
        if (run > r1 - r) run = r1 - r;
        const char *p = base + off * (int64_t)es;
        for (int64_t c = 0; c < run; c += RED_CHUNK) {
            int64_t m = run - c < RED_CHUNK ? run - c : RED_CHUNK;
            if (fast) {
                st_add_f32(a, s, load_f32(a, p + c * lstride * (int64_t)es, lstride, m, fb), m, r + c);
                continue;
            }
            load_run(a, p + c * lstride * (int64_t)es, lstride, m, fd, id);
            if (a->domain == RED_DOM_F64) st_add_f(a, s, fd, m, r + c);
            else st_add_i(a, s, id, m, r + c);
        }
        r += run;
        off += run * lstride;
        idx[nr - 1] += run;
        for (int d = nr - 1; d > 0 && idx[d] == a->rshape[d]; d--) {
            off -= idx[d] * a->rin[d];
            idx[d] = 0;
            idx[d - 1]++;
            off += a->rin[d - 1];
        }
    }
}

/* Offsets of output o: input (elements), out, idx. */
static void out_offsets(const red_args *a, int64_t o, int64_t *in, int64_t *out, int64_t *idx)
{
    *in = *out = *idx = 0;
    for (int d = a->nk - 1; d >= 0; d--) {
        int64_t k = o % a->kshape[d];
        o /= a->kshape[d];
        *in += k * a->kin[d];
        *out += k * a->kout[d];
        *idx += k * a->kidx[d];
    }
}

static void write_out(const red_args *a, int64_t o, const red_state *s)
{
    int64_t io, oo, xo;
    out_offsets(a, o, &io, &oo, &xo);
    char *out = (char *)(uintptr_t)a->out + (a->out_off + oo) * (int64_t)aclemu_kdtype_size(a->out_dtype);
    char *idx = a->idx ? (char *)(uintptr_t)a->idx + (a->idx_off + xo) * (int64_t)aclemu_kdtype_size(a->idx_dtype)
                       : NULL;
    st_write(a, s, out, idx);
}

/* Outputs [o0, o1) along the innermost kept dim (input stride 1): rows of up to RED_ROW outputs
 * combined position by position over the reduced dims. */
static void reduce_rows(const red_args *a, int64_t o0, int64_t o1)
{
    size_t es = aclemu_kdtype_size(a->in_dtype);
    int64_t kl = a->kshape[a->nk - 1];
    red_state st[RED_ROW];
    double fd[RED_ROW];
    int64_t id[RED_ROW];
    for (int64_t o = o0; o < o1;) {
        int64_t n = kl - o % kl;
        if (n > o1 - o) n = o1 - o;
        if (n > RED_ROW) n = RED_ROW;
        int64_t io, oo, xo;
        out_offsets(a, o, &io, &oo, &xo);
        for (int64_t j = 0; j < n; j++) st_init(a, &st[j]);
        const char *base = (const char *)(uintptr_t)a->in + (a->in_off + io) * (int64_t)es;
        int64_t ridx[RED_MAX_DIMS] = {0}, roff = 0;
        for (int64_t r = 0; r < a->rcount; r++) {
            load_run(a, base + roff * (int64_t)es, 1, n, fd, id);
            for (int64_t j = 0; j < n; j++) {
                if (a->domain == RED_DOM_F64) st_add_f(a, &st[j], &fd[j], 1, r);
                else st_add_i(a, &st[j], &id[j], 1, r);
            }
            for (int d = a->nr - 1; d >= 0; d--) {
                roff += a->rin[d];
                if (++ridx[d] < a->rshape[d]) break;
                roff -= ridx[d] * a->rin[d];
                ridx[d] = 0;
            }
        }
        for (int64_t j = 0; j < n; j++) write_out(a, o + j, &st[j]);
        o += n;
    }
}


/* reduce_rows for the FP32 fast path, every op: plain per-column arrays updated a whole input row
 * piece at a time (no state call per element). The statistics and LogSumExp take RED_RCHUNK
 * rows per pass and read them twice while they are in cache (a mean / maximum per column first),
 * as the per-output walk does with its chunks. */
#define RED_RCHUNK 32

typedef struct rows_acc {
    double acc[RED_ROW_WIDE];  /* sum / product / count / norm / LogSumExp max / variance's sum */
    double acc2[RED_ROW_WIDE]; /* variance's squared deviations / LogSumExp's scaled sum */
    float best[RED_ROW_WIDE];  /* extreme value (max/min ops), Aminmax's minimum */
    float hi[RED_ROW_WIDE];    /* Aminmax's maximum */
    int64_t bidx[RED_ROW_WIDE];
    double csum[RED_ROW_WIDE]; /* the statistics: the current chunk's column sums (deviations) */
    int64_t cnt;               /* rows seen (the same for every column) */
} rows_acc;


/* 4 FP32 as doubles / 4 doubles loaded, stored (macros: no vector values cross a call, whose
 * ABI the non-AVX clone would change) */
#define ld4f(p) ({ v4f x_; memcpy(&x_, (p), 16); __builtin_convertvector(x_, v4d); })
#define ld4d(p) ({ v4d x_; memcpy(&x_, (p), 32); x_; })
#define st4d(p, x) do { v4d y_ = (x); memcpy((p), &y_, 32); } while (0)

RED_CLONES static void rows_sum(double *acc, const float *v, int64_t n, int skip_nan)
{
    int64_t j = 0;
    if (skip_nan) {
        for (; j + 4 <= n; j += 4) {
            v4d x = ld4f(v + j);
            st4d(acc + j, ld4d(acc + j) + (v4d)((v4l)x & (x == x)));
        }
        for (; j < n; j++) acc[j] += v[j] == v[j] ? v[j] : 0.0f;
    } else {
        for (; j + 4 <= n; j += 4) st4d(acc + j, ld4d(acc + j) + ld4f(v + j));
        for (; j < n; j++) acc[j] += v[j];
    }
}

static void rows_extreme(float *best, int64_t *bidx, const float *v, int64_t n, int mx, int64_t r)
{
    for (int64_t j = 0; j < n; j++) {
        float x = v[j], b = best[j];
        if (b == b && (x != x || (mx ? x > b : x < b))) {
            best[j] = x;
            bidx[j] = r;
        }
    }
}

/* One row piece v (reduced position r) into the single-pass ops' arrays. */
RED_CLONES static void rows_step(const red_args *a, rows_acc *s, const float *v, int64_t n, int64_t r)
{
    double *acc = s->acc;
    switch (a->op) {
    case RED_SUM: case RED_MEAN: rows_sum(acc, v, n, 0); return;
    case RED_NANSUM: rows_sum(acc, v, n, 1); return;
    case RED_PROD:
        for (int64_t j = 0; j < n; j++) acc[j] *= v[j];
        return;
    case RED_ANY: /* counts non-zeros (NaN included) */
        for (int64_t j = 0; j < n; j++) acc[j] += v[j] != 0.0f;
        return;
    case RED_ALL: /* counts zeros */
        for (int64_t j = 0; j < n; j++) acc[j] += v[j] == 0.0f;
        return;
    case RED_NORM: {
        double p = a->p;
        if (p == 2) for (int64_t j = 0; j < n; j++) acc[j] += (double)v[j] * v[j];
        else if (p == 1) for (int64_t j = 0; j < n; j++) acc[j] += fabsf(v[j]);
        else if (p == 0) /* as the per-output walk: a NaN propagates */
            for (int64_t j = 0; j < n; j++) acc[j] += v[j] != v[j] ? (double)NAN : (double)(v[j] != 0.0f);
        else if (p == INFINITY) /* NaN propagates: once acc is NaN neither test holds */
            for (int64_t j = 0; j < n; j++) { double x = fabsf(v[j]); acc[j] = x > acc[j] || x != x ? x : acc[j]; }
        else if (p == -INFINITY)
            for (int64_t j = 0; j < n; j++) { double x = fabsf(v[j]); acc[j] = x < acc[j] || x != x ? x : acc[j]; }
        else for (int64_t j = 0; j < n; j++) acc[j] += pow(fabs((double)v[j]), p);
        return;
    }
    case RED_AMINMAX:
        if (s->cnt == 0) {
            memcpy(s->best, v, sizeof(float) * (size_t)n);
            memcpy(s->hi, v, sizeof(float) * (size_t)n);
            return;
        }
        for (int64_t j = 0; j < n; j++) { /* a NaN propagates to both and stays */
            float x = v[j], lo = s->best[j], h = s->hi[j];
            s->best[j] = x < lo || x != x ? x : lo;
            s->hi[j] = x > h || x != x ? x : h;
        }
        return;
    default: /* max / min / arg ops */
        if (s->cnt == 0) {
            memcpy(s->best, v, sizeof(float) * (size_t)n);
            memset(s->bidx, 0, sizeof(int64_t) * (size_t)n);
        } else {
            rows_extreme(s->best, s->bidx, v, n, is_max_op(a->op), r);
        }
        return;
    }
}

/* ---- several rows at once (the rows walk's hot loops) ----------------------------------------
 * A column's accumulator stays in registers down RED_RGROUP rows of a chunk and is stored once
 * per group (a row at a time loaded and stored the whole 1024-wide accumulator array per input
 * row, and each row piece started its own prefetch stream: eight rows at once read eight 4 KiB
 * streams and move the accumulators eight times less). Each column still takes its rows in order,
 * so the results are the row-at-a-time ones bit for bit. */
#define RED_RGROUP 8

/* acc[j] (op)= f(row[k][j]) for the rows of a group, 8 columns at a time in two 4-lane doubles;
 * XV is the transform of a v4d x, XS of a scalar double x, OP the update (+= / *=). */
#define ROWS_ACC_LOOP(XV, XS, OP)                                                              \
    for (int64_t g = 0; g < m; g += RED_RGROUP) {                                              \
        int64_t gm = m - g < RED_RGROUP ? m - g : RED_RGROUP;                                  \
        const float *const *q = rp + g;                                                        \
        int64_t j = 0;                                                                         \
        for (; j + 8 <= n; j += 8) {                                                           \
            v4d a0 = ld4d(acc + j), a1 = ld4d(acc + j + 4);                                    \
            for (int64_t k = 0; k < gm; k++) {                                                 \
                v4d x = ld4f(q[k] + j);                                                        \
                a0 OP (XV);                                                                    \
                x = ld4f(q[k] + j + 4);                                                        \
                a1 OP (XV);                                                                    \
            }                                                                                  \
            st4d(acc + j, a0);                                                                 \
            st4d(acc + j + 4, a1);                                                             \
        }                                                                                      \
        for (; j < n; j++) {                                                                   \
            double t = acc[j];                                                                 \
            for (int64_t k = 0; k < gm; k++) {                                                 \
                double x = q[k][j];                                                            \
                t OP (XS);                                                                     \
            }                                                                                  \
            acc[j] = t;                                                                        \
        }                                                                                      \
    }

enum { RA_SUM, RA_NANSUM, RA_ABS, RA_SQ, RA_NONZERO, RA_ZERO, RA_NZ_NAN, RA_PROD };

RED_CLONES static void rows_acc_m(double *acc, const float *const *rp, int64_t m, int64_t n, int kind)
{
    const v4d one = {1, 1, 1, 1}, zero = {0, 0, 0, 0}, qnan = {NAN, NAN, NAN, NAN};
    const v4l absm = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};
    switch (kind) {
    case RA_SUM: ROWS_ACC_LOOP(x, x, +=) break;
    case RA_NANSUM: ROWS_ACC_LOOP((v4d)((v4l)x & (x == x)), (x == x ? x : 0.0), +=) break;
    case RA_ABS: ROWS_ACC_LOOP((v4d)((v4l)x & absm), fabs(x), +=) break;
    case RA_SQ: ROWS_ACC_LOOP(x * x, x * x, +=) break;
    case RA_NONZERO: ROWS_ACC_LOOP((v4d)((v4l)one & (x != zero)), (double)(x != 0.0), +=) break;
    case RA_ZERO: ROWS_ACC_LOOP((v4d)((v4l)one & (x == zero)), (double)(x == 0.0), +=) break;
    case RA_NZ_NAN: /* Norm order 0: counts non-zeros, a NaN propagates */
        ROWS_ACC_LOOP((v4d)(((v4l)one & (x != zero) & (x == x)) | ((v4l)qnan & (x != x))),
                      (x != x ? (double)NAN : (double)(x != 0.0)), +=)
        break;
    case RA_PROD: ROWS_ACC_LOOP(x, x, *=) break;
    default: break;
    }
}

/* Extremes (a NaN wins and stays) of m rows, with the first row of each column's new best:
 * best / bidx updated as rows_extreme would row by row (rows r0, r0 + 1, ...). */
#define ROWS_EXT_LOOP(CMP)                                                                     \
    for (int64_t g = 0; g < m; g += RED_RGROUP) {                                              \
        int64_t gm = m - g < RED_RGROUP ? m - g : RED_RGROUP;                                  \
        const float *const *q = rp + g;                                                        \
        int64_t j = 0;                                                                         \
        for (; j + 8 <= n; j += 8) {                                                           \
            v8f b;                                                                             \
            v8i kb = {-1, -1, -1, -1, -1, -1, -1, -1};                                         \
            memcpy(&b, best + j, 32);                                                          \
            for (int64_t k = 0; k < gm; k++) {                                                 \
                v8f x;                                                                         \
                memcpy(&x, q[k] + j, 32);                                                      \
                v8i t = (b == b) & ((x != x) | (x CMP b));                                     \
                b = (v8f)(((v8i)x & t) | ((v8i)b & ~t));                                       \
                kb = ((int32_t)k & t) | (kb & ~t);                                             \
            }                                                                                  \
            memcpy(best + j, &b, 32);                                                          \
            for (int l = 0; l < 8; l++)                                                        \
                if (kb[l] >= 0) bidx[j + l] = r0 + g + kb[l];                                  \
        }                                                                                      \
        for (; j < n; j++)                                                                     \
            for (int64_t k = 0; k < gm; k++) {                                                 \
                float x = q[k][j], b = best[j];                                                \
                if (b == b && (x != x || x CMP b)) { best[j] = x; bidx[j] = r0 + g + k; }      \
            }                                                                                  \
    }

RED_CLONES static void rows_extreme_m(float *best, int64_t *bidx, const float *const *rp, int64_t m, int64_t n,
                                      int mx, int64_t r0)
{
    if (mx) {
        ROWS_EXT_LOOP(>)
    } else {
        ROWS_EXT_LOOP(<)
    }
}

/* Aminmax's per-column (minimum, maximum) of m rows, a NaN propagating to both. */
RED_CLONES static void rows_minmax_m(float *lo, float *hi, const float *const *rp, int64_t m, int64_t n)
{
    for (int64_t g = 0; g < m; g += RED_RGROUP) {
        int64_t gm = m - g < RED_RGROUP ? m - g : RED_RGROUP;
        const float *const *q = rp + g;
        int64_t j = 0;
        for (; j + 8 <= n; j += 8) {
            v8f l, h;
            memcpy(&l, lo + j, 32);
            memcpy(&h, hi + j, 32);
            for (int64_t k = 0; k < gm; k++) {
                v8f x;
                memcpy(&x, q[k] + j, 32);
                v8i nan = x != x, tl = (x < l) | nan, th = (x > h) | nan;
                l = (v8f)(((v8i)x & tl) | ((v8i)l & ~tl));
                h = (v8f)(((v8i)x & th) | ((v8i)h & ~th));
            }
            memcpy(lo + j, &l, 32);
            memcpy(hi + j, &h, 32);
        }
        for (; j < n; j++)
            for (int64_t k = 0; k < gm; k++) {
                float x = q[k][j], l = lo[j], h = hi[j];
                lo[j] = x < l || x != x ? x : l;
                hi[j] = x > h || x != x ? x : h;
            }
    }
}

/* m rows rp (reduced positions r0 ...) into the single-pass ops' arrays: rows_step's result. */
static void rows_group(const red_args *a, rows_acc *s, const float *const *rp, int64_t m, int64_t n, int64_t r0)
{
    if (m <= 0) return;
    switch (a->op) {
    case RED_SUM: case RED_MEAN: rows_acc_m(s->acc, rp, m, n, RA_SUM); break;
    case RED_NANSUM: rows_acc_m(s->acc, rp, m, n, RA_NANSUM); break;
    case RED_PROD: rows_acc_m(s->acc, rp, m, n, RA_PROD); break;
    case RED_ANY: rows_acc_m(s->acc, rp, m, n, RA_NONZERO); break;
    case RED_ALL: rows_acc_m(s->acc, rp, m, n, RA_ZERO); break;
    case RED_NORM:
        if (a->p == 2) rows_acc_m(s->acc, rp, m, n, RA_SQ);
        else if (a->p == 1) rows_acc_m(s->acc, rp, m, n, RA_ABS);
        else if (a->p == 0) rows_acc_m(s->acc, rp, m, n, RA_NZ_NAN);
        else {
            for (int64_t k = 0; k < m; k++) rows_step(a, s, rp[k], n, r0 + k);
        }
        break;
    case RED_AMINMAX:
        if (s->cnt == 0) { /* the first row starts both */
            rows_step(a, s, rp[0], n, r0);
            s->cnt = 1;
            rp++, m--, r0++;
        }
        rows_minmax_m(s->best, s->hi, rp, m, n);
        break;
    default: /* max / min / arg ops */
        if (s->cnt == 0) {
            rows_step(a, s, rp[0], n, r0);
            s->cnt = 1;
            rp++, m--, r0++;
        }
        rows_extreme_m(s->best, s->bidx, rp, m, n, is_max_op(a->op), r0);
        break;
    }
    s->cnt += m;
}

/* m rows rp[0..m) (each n wide) into the statistics' per-column (sum, squared deviations), in
 * one pass: deviations in double from a shift K, the column's first element of the chunk, as
 * m2 = sum d^2 - (sum d)^2 / m. K is one of the chunk's own elements, so m2 >= (K - mean)^2,
 * sum d^2 <= (m + 1) m2 and the cancellation costs at most about m^2 double ulps of m2 (1e-13 for
 * a 32-row chunk; nothing an FP32 result sees), without reading the rows twice; RED_RGROUP rows
 * at a time with 16 columns in registers. A column with an Inf / NaN gets
 * its plain sum and a NaN m2. Chunks merge pairwise (var_merge, 4 columns at a time). */
#define RED_CVLO(x) __builtin_convertvector(__builtin_shufflevector(x, x, 0, 1, 2, 3), v4d)
#define RED_CVHI(x) __builtin_convertvector(__builtin_shufflevector(x, x, 4, 5, 6, 7), v4d)
RED_CLONES static void rows_var_chunk(rows_acc *s, const float *const *rp, int64_t m, int64_t n)
{
    double *sd = s->csum, sd2[RED_ROW_WIDE];
    const float *k0 = rp[0];
    memset(sd, 0, sizeof(double) * (size_t)n);
    memset(sd2, 0, sizeof(double) * (size_t)n);
    for (int64_t g = 0; g < m; g += RED_RGROUP) {
        int64_t gm = m - g < RED_RGROUP ? m - g : RED_RGROUP;
        const float *const *q = rp + g;
        int64_t j = 0;
        for (; j + 16 <= n; j += 16) {
            v8f c0, c1;
            memcpy(&c0, k0 + j, 32);
            memcpy(&c1, k0 + j + 8, 32);
            v4d K0 = RED_CVLO(c0), K1 = RED_CVHI(c0), K2 = RED_CVLO(c1), K3 = RED_CVHI(c1);
            v4d s0 = ld4d(sd + j), s1 = ld4d(sd + j + 4), s2 = ld4d(sd + j + 8), s3 = ld4d(sd + j + 12);
            v4d q0 = ld4d(sd2 + j), q1 = ld4d(sd2 + j + 4), q2 = ld4d(sd2 + j + 8), q3 = ld4d(sd2 + j + 12);
            for (int64_t k = 0; k < gm; k++) {
                v8f x0, x1;
                memcpy(&x0, q[k] + j, 32);
                memcpy(&x1, q[k] + j + 8, 32);
                v4d d0 = RED_CVLO(x0) - K0, d1 = RED_CVHI(x0) - K1, d2 = RED_CVLO(x1) - K2, d3 = RED_CVHI(x1) - K3;
                s0 += d0;
                s1 += d1;
                s2 += d2;
                s3 += d3;
                q0 += d0 * d0;
                q1 += d1 * d1;
                q2 += d2 * d2;
                q3 += d3 * d3;
            }
            st4d(sd + j, s0);
            st4d(sd + j + 4, s1);
            st4d(sd + j + 8, s2);
            st4d(sd + j + 12, s3);
            st4d(sd2 + j, q0);
            st4d(sd2 + j + 4, q1);
            st4d(sd2 + j + 8, q2);
            st4d(sd2 + j + 12, q3);
        }
        for (; j < n; j++) {
            double K = k0[j], sj = sd[j], qj = sd2[j];
            for (int64_t k = 0; k < gm; k++) {
                double d = (double)q[k][j] - K;
                sj += d;
                qj += d * d;
            }
            sd[j] = sj;
            sd2[j] = qj;
        }
    }
    /* (sum, m2) of the chunk per column, in place of (sum d, sum d^2) */
    double dmm = (double)m;
    for (int64_t j = 0; j < n; j++) {
        double sb = (double)k0[j] * dmm + sd[j], m2b;
        if (isfinite(sb) && isfinite(sd2[j])) {
            m2b = sd2[j] - sd[j] * sd[j] / dmm;
            if (m2b < 0) m2b = 0;
        } else { /* an Inf / NaN: the plain sum (the mean follows it), the variance NaN */
            sb = 0;
            for (int64_t k = 0; k < m; k++) sb += rp[k][j];
            m2b = NAN;
        }
        sd[j] = sb;
        sd2[j] = m2b;
    }
    if (s->cnt == 0) {
        memcpy(s->acc, sd, sizeof(double) * (size_t)n);
        memcpy(s->acc2, sd2, sizeof(double) * (size_t)n);
        return;
    }
    /* var_merge 4 columns at a time (the same operations, so the same values) */
    double na = (double)s->cnt, nb = dmm, w = na * nb / (na + nb);
    v4d vna = {na, na, na, na}, vw = {w, w, w, w}, dm = {dmm, dmm, dmm, dmm};
    int64_t j = 0;
    for (; j + 4 <= n; j += 4) {
        v4d sb = ld4d(sd + j), m2b = ld4d(sd2 + j), f = ld4d(s->acc + j), delta = sb / dm - f / vna;
        st4d(s->acc2 + j, ld4d(s->acc2 + j) + (m2b + delta * delta * vw));
        st4d(s->acc + j, f + sb);
    }
    for (; j < n; j++) {
        red_state t = {.f = s->acc[j], .i = s->cnt, .s = s->acc2[j]};
        var_merge(&t, m, sd[j], sd2[j]);
        s->acc[j] = t.f;
        s->acc2[j] = t.s;
    }
}

/* m rows into LogSumExp's per-column running (max, sum of exp(x - max)): the chunk's maximum
 * first (a NaN, then +Inf, decides a column for good), then one exp per element. */
RED_CLONES static void rows_lse_chunk(rows_acc *s, const float *const *rp, int64_t m, int64_t n)
{
    float cm[RED_ROW_WIDE], mf[RED_ROW_WIDE], e[RED_ROW_WIDE];
    int32_t nan[RED_ROW_WIDE];
    for (int64_t j = 0; j < n; j++) { cm[j] = -INFINITY; nan[j] = 0; }
    for (int64_t g = 0; g < m; g += RED_RGROUP) { /* the chunk's maxima, 8 rows x 8 columns at a time */
        int64_t gm = m - g < RED_RGROUP ? m - g : RED_RGROUP;
        const float *const *q = rp + g;
        int64_t j = 0;
        for (; j + 8 <= n; j += 8) {
            v8f c;
            v8i nv;
            memcpy(&c, cm + j, 32);
            memcpy(&nv, nan + j, 32);
            for (int64_t k = 0; k < gm; k++) {
                v8f x;
                memcpy(&x, q[k] + j, 32);
                nv |= x != x;
                v8i t = x > c;
                c = (v8f)(((v8i)x & t) | ((v8i)c & ~t));
            }
            memcpy(cm + j, &c, 32);
            memcpy(nan + j, &nv, 32);
        }
        for (; j < n; j++)
            for (int64_t k = 0; k < gm; k++) {
                float x = q[k][j];
                nan[j] |= x != x;
                cm[j] = x > cm[j] ? x : cm[j];
            }
    }
    for (int64_t j = 0; j < n; j++) {
        double mo = s->acc[j];
        mf[j] = INFINITY; /* exp(x - Inf) adds 0: columns already decided, or all -Inf */
        if (mo != mo || mo == INFINITY) continue;
        if (nan[j] || cm[j] == INFINITY) { s->acc[j] = nan[j] ? NAN : INFINITY; s->acc2[j] = 1.0; continue; }
        double mn = (double)cm[j] > mo ? (double)cm[j] : mo;
        if (mn == -INFINITY) continue;
        if (mn != mo) /* (a maximum that did not move scales the sum by exp(0) = 1) */
            s->acc2[j] = mo == -INFINITY ? 0.0 : s->acc2[j] * exp(mo - mn);
        s->acc[j] = mn;
        mf[j] = (float)mn;
    }
    for (int64_t k = 0; k < m; k++) {
        int64_t j = 0;
        for (; j + 8 <= n; j += 8) {
            v8f x, y;
            memcpy(&x, rp[k] + j, 32);
            memcpy(&y, mf + j, 32);
            x -= y;
            memcpy(e + j, &x, 32);
        }
        for (; j < n; j++) e[j] = rp[k][j] - mf[j];
        vec_exp(e, e, n);
        for (j = 0; j + 4 <= n; j += 4) st4d(s->acc2 + j, ld4d(s->acc2 + j) + ld4f(e + j));
        for (; j < n; j++) s->acc2[j] += e[j];
    }
}

/* The next reduced position of a rows walk: its index and input offset. */
static inline void rows_next(const red_args *a, int64_t *ridx, int64_t *roff)
{
    for (int d = a->nr - 1; d >= 0; d--) {
        *roff += a->rin[d];
        if (++ridx[d] < a->rshape[d]) break;
        *roff -= ridx[d] * a->rin[d];
        ridx[d] = 0;
    }
}

static int reduce_rows_f32(const red_args *a, int64_t o0, int64_t o1)
{
    size_t es = aclemu_kdtype_size(a->in_dtype);
    int64_t kl = a->kshape[a->nk - 1];
    int op = a->op;
    int var = op == RED_VAR || op == RED_STD || op == RED_INVSTD, two = var || op == RED_LOGSUMEXP;
    rows_acc *s = (rows_acc *)aclemu_worker_scratch(sizeof(rows_acc) + sizeof(float) * RED_RCHUNK * RED_ROW_WIDE);
    if (!s) return ACLEMU_KERNEL_BAD_ARGS;
    float *cbuf = (float *)(s + 1); /* rows converted to FP32 (FP16 / BF16 / strided) */
    for (int64_t o = o0; o < o1;) {
        int64_t n = kl - o % kl;
        if (n > o1 - o) n = o1 - o;
        if (n > RED_ROW_WIDE) n = RED_ROW_WIDE;
        int64_t io, oo, xo;
        out_offsets(a, o, &io, &oo, &xo);
        const char *base = (const char *)(uintptr_t)a->in + (a->in_off + io) * (int64_t)es;
        double init = op == RED_PROD ? 1.0 : op == RED_LOGSUMEXP ? -INFINITY
                    : op == RED_NORM && a->p == -INFINITY ? INFINITY : 0.0;
        for (int64_t j = 0; j < n; j++) { s->acc[j] = init; s->acc2[j] = 0.0; }
        s->cnt = 0;
        int64_t ridx[RED_MAX_DIMS] = {0}, roff = 0;
        for (int64_t r0 = 0; r0 < a->rcount; r0 += RED_RCHUNK) {
            int64_t m = a->rcount - r0 < RED_RCHUNK ? a->rcount - r0 : RED_RCHUNK;
            const float *rp[RED_RCHUNK];
            for (int64_t k = 0; k < m; k++) {
                rp[k] = load_f32(a, base + roff * (int64_t)es, 1, n, cbuf + k * RED_ROW_WIDE);
                rows_next(a, ridx, &roff);
            }
            if (var) {
                rows_var_chunk(s, rp, m, n);
            } else if (two) {
                rows_lse_chunk(s, rp, m, n);
            } else {
                rows_group(a, s, rp, m, n, r0);
            }
            if (two) s->cnt += m;
        }
        for (int64_t j = 0; j < n; j++) {
            red_state st;
            st_init(a, &st);
            switch (op) {
            case RED_ANY: st.i = s->acc[j] != 0; break;
            case RED_ALL: st.i = s->acc[j] == 0; break;
            case RED_MAX: case RED_MIN: case RED_ARGMAX: case RED_ARGMIN: case RED_MAX_IDX: case RED_MIN_IDX:
                st.f = s->best[j];
                st.idx = s->bidx[j];
                break;
            case RED_AMINMAX: st.f = s->best[j]; st.s = s->hi[j]; st.idx = 0; break;
            case RED_VAR: case RED_STD: case RED_INVSTD: st.f = s->acc[j]; st.s = s->acc2[j]; st.i = s->cnt; break;
            case RED_LOGSUMEXP: st.f = s->acc[j]; st.s = s->acc2[j]; break;
            default: st.f = s->acc[j]; break;
            }
            write_out(a, o + j, &st);
        }
        o += n;
    }
    return 0;
}

static int k_reduce(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(red_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const red_args *a = (const red_args *)args;
    if (a->nk < 0 || a->nk > RED_MAX_DIMS || a->nr < 0 || a->nr > RED_MAX_DIMS || a->parts < 1)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t total = a->nout * a->parts;
    int64_t b = (int64_t)blk->block_idx * a->items_per_block, e = b + a->items_per_block;
    if (e > total) e = total;
    if (b >= e) return 0;
    size_t es = aclemu_kdtype_size(a->in_dtype);
    int rows = a->parts == 1 && a->nk > 0 && a->kin[a->nk - 1] == 1 && a->kshape[a->nk - 1] > 1 &&
               a->nr > 0 && a->rin[a->nr - 1] != 1;
    if (rows) {
        if (fast_f32(a) && a->rcount > 0) return reduce_rows_f32(a, b, e);
        reduce_rows(a, b, e);
        return 0;
    }
    red_state *ws = (red_state *)(uintptr_t)a->ws;
    for (int64_t it = b; it < e; it++) {
        int64_t o = it / a->parts, part = it % a->parts;
        int64_t io, oo, xo;
        out_offsets(a, o, &io, &oo, &xo);
        int64_t r0 = a->rcount * part / a->parts, r1 = a->rcount * (part + 1) / a->parts;
        if (a->nr == 0) { r0 = 0; r1 = 1; }
        red_state s;
        st_init(a, &s);
        reduce_range(a, (const char *)(uintptr_t)a->in + (a->in_off + io) * (int64_t)es, r0, r1, &s);
        if (a->parts > 1) ws[it] = s;
        else write_out(a, o, &s);
    }
    return 0;
}
ACLEMU_KERNEL("Reduce", k_reduce);

static int k_reduce_finish(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(red_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const red_args *a = (const red_args *)args;
    if (a->nk < 0 || a->nk > RED_MAX_DIMS || a->parts < 1) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t per = (a->nout + blk->block_dim - 1) / blk->block_dim;
    int64_t b = (int64_t)blk->block_idx * per, e = b + per;
    if (e > a->nout) e = a->nout;
    const red_state *ws = (const red_state *)(uintptr_t)a->ws;
    for (int64_t o = b; o < e; o++) {
        red_state s = ws[o * a->parts];
        for (int64_t p = 1; p < a->parts; p++) st_merge(a, &s, &ws[o * a->parts + p]);
        write_out(a, o, &s);
    }
    return 0;
}
ACLEMU_KERNEL("ReduceFinish", k_reduce_finish);
