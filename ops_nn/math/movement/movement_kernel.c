/* Device side of Tril / Triu (rows of the last dim split into a kept part and a zeroed part,
 * copied with dtype-preserving runs) and Arange / Range (values computed from the flat index,
 * so blocks need nothing from each other). */
#include <math.h>
#include <string.h>
#include <emmintrin.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "movement_args.h"
#include "vmath.h"

/* Offset (elements) of row r (all dims but the last, row-major) in view d. */
static int64_t row_offset(const aclemu_tdesc *d, int64_t r)
{
    int64_t off = d->offset;
    for (int k = (int)d->ndim - 2; k >= 0; k--) {
        off += (r % d->shape[k]) * d->stride[k];
        r /= d->shape[k];
    }
    return off;
}

static int k_triangle(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_triangle_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_triangle_args *a = (const mv_triangle_args *)args;
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    if (s->ndim < 2 || s->ndim > ACLEMU_KMAX_RANK || o->ndim != s->ndim) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t rows = 1, I = s->shape[s->ndim - 2], J = s->shape[s->ndim - 1];
    for (uint32_t k = 0; k + 1 < s->ndim; k++) rows *= s->shape[k];
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > rows) r1 = rows;
    size_t es = aclemu_kdtype_size(s->dtype);
    int64_t ss = s->stride[s->ndim - 1] * (int64_t)es, os = o->stride[o->ndim - 1] * (int64_t)es;
    for (int64_t r = r0; r < r1; r++) {
        int64_t i = r % I;
        const char *src = (const char *)(uintptr_t)s->addr + row_offset(s, r) * (int64_t)es;
        char *dst = (char *)(uintptr_t)o->addr + row_offset(o, r) * (int64_t)es;
        /* kept columns: lower j <= i + diag, upper j >= i + diag */
        int64_t edge = i + a->diagonal;
        int64_t k0 = a->upper ? (edge < 0 ? 0 : edge > J ? J : edge) : 0;
        int64_t k1 = a->upper ? J : (edge + 1 < 0 ? 0 : edge + 1 > J ? J : edge + 1);
        if (a->upper) aclemu_zero_run(dst, o->dtype, os, k0);
        aclemu_convert_run(dst + k0 * os, o->dtype, os, src + k0 * ss, s->dtype, ss, k1 - k0);
        if (!a->upper) aclemu_zero_run(dst + k1 * os, o->dtype, os, J - k1);
    }
    return 0;
}
ACLEMU_KERNEL("Triangle", k_triangle);

/* LogSpace's reduction: t = v * log2(base) clamped to +-1000 (2^+-1000 still overflows /
 * underflows every 16/32-bit type exactly as the true value does; NaN passes), n = rint(t) by
 * the 1.5 * 2^52 shifter (vectorises, unlike nearbyint on baseline x86-64), r = t - n exact in
 * [-1/2, 1/2]. The shifted value's low mantissa bits are n itself, so 2^n's bits are
 * (bits + 1023) << 52: only the low 11 bits survive the shift and n + 1023 lies in [23, 2023].
 * The quiet comparison builtins keep the loops branch-free under -ftrapping-math. */
static void logspace_reduce(double l2b, double *fv, uint64_t *scale, float *r, int64_t m)
{
    const double shifter = 6755399441055744.0;
    for (int64_t k = 0; k < m; k++) {
        double t = fv[k] * l2b;
        t = __builtin_isgreater(t, 1000.0) ? 1000.0 : __builtin_isless(t, -1000.0) ? -1000.0 : t;
        double tc = __builtin_isunordered(t, t) ? 0.0 : t, big = tc + shifter, n = big - shifter;
        uint64_t bits;
        memcpy(&bits, &big, sizeof bits);
        scale[k] = (bits + 1023u) << 52;
        r[k] = (float)(tc - n);
        fv[k] = t; /* kept to restore NaN */
    }
}

/* fv[k] = 2^r[k] * 2^n[k], NaN where t was NaN. */
static void logspace_scale(double *fv, const uint64_t *scale, const float *r, int64_t m)
{
    for (int64_t k = 0; k < m; k++) {
        double p;
        memcpy(&p, &scale[k], sizeof p);
        double y = (double)r[k] * p;
        fv[k] = __builtin_isunordered(fv[k], fv[k]) ? fv[k] : y;
    }
}

/* fv[k] = base ^ fv[k] for LogSpace. A 16/32-bit result takes base ^ v = 2^n * 2^r with the
 * reduction in double (so it adds no error of the result's precision) and 2^r from the FP32
 * vector exp2 (<= 4 ulp of FP32, far inside the half / bfloat16 rounding and the FP32
 * standard): pow per element ran at 0.01 of memcpy. A DOUBLE result and a base <= 0, Inf or
 * NaN (negative bases give signs and NaNs by the parity of the exponent) keep pow. */
static void logspace_pow(double base, int32_t dt, double *fv, int64_t m)
{
    if (dt == ACL_DOUBLE || !(base > 0.0) || isinf(base)) {
        for (int64_t k = 0; k < m; k++) fv[k] = pow(base, fv[k]);
        return;
    }
    uint64_t scale[256];
    float r[256];
    logspace_reduce(log2(base), fv, scale, r, m);
    vec_exp2(r, r, m);
    logspace_scale(fv, scale, r, m);
}

/* d[k] = (float)(A + (double)(i0 + sgn * (k - k0)) * st) for k in [k0, k1): index and value
 * computed two doubles at a time; the aligned body goes out with non-temporal stores, since a
 * generator only writes and ordinary stores first read every line they fill. */
static void arange_f32_run(float *d, int64_t k0, int64_t k1, double A, int64_t i0, int64_t sgn, double st)
{
    int64_t k = k0;
    for (; k < k1 && ((uintptr_t)(d + k) & 15); k++) d[k] = (float)(A + (double)(i0 + sgn * (k - k0)) * st);
    if (k + 4 <= k1) {
        __m128d va = _mm_set1_pd(A), vs = _mm_set1_pd(st), step = _mm_set1_pd((double)(4 * sgn));
        double i = (double)(i0 + sgn * (k - k0));
        __m128d x0 = _mm_set_pd(i + (double)sgn, i), x1 = _mm_set_pd(i + (double)(3 * sgn), i + (double)(2 * sgn));
        for (; k + 4 <= k1; k += 4) {
            __m128 lo = _mm_cvtpd_ps(_mm_add_pd(va, _mm_mul_pd(x0, vs)));
            __m128 hi = _mm_cvtpd_ps(_mm_add_pd(va, _mm_mul_pd(x1, vs)));
            _mm_stream_ps(d + k, _mm_movelh_ps(lo, hi));
            x0 = _mm_add_pd(x0, step);
            x1 = _mm_add_pd(x1, step);
        }
        _mm_sfence();
    }
    for (; k < k1; k++) d[k] = (float)(A + (double)(i0 + sgn * (k - k0)) * st);
}

/* Contiguous FP32 Arange / Range / Linspace over [b, e): fs + k * st before the Linspace
 * mirror point m, fe - (n - 1 - k) * st = fe + (n - 1 - k) * (-st) from it, each rounded once
 * (bit-identical to the staged path below, which held these generators at ~0.4 of memcpy). */
static void arange_f32(float *d, int64_t b, int64_t m, int64_t e, int64_t n, double fs, double fe, double st)
{
    arange_f32_run(d, b, m, fs, b, 1, st);
    arange_f32_run(d, m, e, fe, n - 1 - m, -1, -st);
}

static int k_arange(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_arange_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_arange_args *a = (const mv_arange_args *)args;
    const aclemu_tdesc *o = &a->out;
    if (a->eye) { /* rows of an (n, m) identity */
        if (o->ndim != 2) return ACLEMU_KERNEL_BAD_ARGS;
        int64_t rows = o->shape[0], m = o->shape[1], r0 = (int64_t)blk->block_idx * a->per_block, r1 = r0 + a->per_block;
        if (r1 > rows) r1 = rows;
        size_t es = aclemu_kdtype_size(o->dtype);
        int64_t one = 1;
        for (int64_t r = r0; r < r1; r++) {
            char *row = (char *)(uintptr_t)o->addr + (o->offset + r * o->stride[0]) * (int64_t)es;
            aclemu_zero_run(row, o->dtype, o->stride[1] * (int64_t)es, m);
            if (r < m) aclemu_store_i64(row + r * o->stride[1] * (int64_t)es, o->dtype, 0, &one, 1);
        }
        return 0;
    }
    if (o->ndim != 1) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t n = o->shape[0], b = (int64_t)blk->block_idx * a->per_block, e = b + a->per_block;
    if (e > n) e = n;
    size_t es = aclemu_kdtype_size(o->dtype);
    char *dst = (char *)(uintptr_t)o->addr;
    if (!a->integral && !a->logspace && o->dtype == ACL_FLOAT && o->stride[0] == 1) {
        /* contiguous FP32: the same double formulas as below, rounded straight into the result */
        float *d = (float *)(uintptr_t)o->addr + o->offset;
        int64_t h = a->linspace ? n / 2 : n, m = h < b ? b : h > e ? e : h;
        double fs = a->fstart, fe = a->fend, st = a->fstep;
        arange_f32(d, b, m, e, n, fs, fe, st);
        return 0;
    }
    double fv[256];
    int64_t iv[256];
    for (int64_t c = b; c < e; c += 256) {
        int64_t m = e - c < 256 ? e - c : 256;
        if (a->integral) {
            for (int64_t k = 0; k < m; k++) iv[k] = (int64_t)((uint64_t)a->istart + (uint64_t)(c + k) * (uint64_t)a->istep);
            aclemu_store_i64(dst + (o->offset + c * o->stride[0]) * (int64_t)es, o->dtype, o->stride[0] * (int64_t)es, iv, m);
        } else {
            /* the chunk's part before the Linspace mirror point h counts up from fstart, the rest
             * back from fend: two branch-free loops the compiler vectorises */
            int64_t h = a->linspace ? n / 2 : n, k1 = h - c < 0 ? 0 : h - c < m ? h - c : m;
            double fs = a->fstart, fe = a->fend, st = a->fstep;
            for (int64_t k = 0; k < k1; k++) fv[k] = fs + (double)(c + k) * st;
            for (int64_t k = k1; k < m; k++) fv[k] = fe - (double)(n - 1 - (c + k)) * st;
            if (a->logspace) logspace_pow(a->base, o->dtype, fv, m);
            aclemu_store_f64(dst + (o->offset + c * o->stride[0]) * (int64_t)es, o->dtype, o->stride[0] * (int64_t)es, fv, m);
        }
    }
    return 0;
}
ACLEMU_KERNEL("ArangeFill", k_arange);

/* ---- IndexMap (pads, Roll) ------------------------------------------------------------------ */
/* Input index of output index o along a dim of input size n; -1 for "the constant". */
static inline int64_t map_index(int kind, int64_t o, int64_t shift, int64_t n)
{
    int64_t i = o - shift;
    switch (kind) {
    case MV_CONST: return i < 0 || i >= n ? -1 : i;
    case MV_REFLECT:
        if (n == 1) return 0;
        while (i < 0 || i >= n) i = i < 0 ? -i : 2 * (n - 1) - i;
        return i;
    case MV_REPLICATE: return i < 0 ? 0 : i >= n ? n - 1 : i;
    case MV_ROLL: i %= n; return i < 0 ? i + n : i;
    case MV_FLIP: return n - 1 - o;
    default: return i;
    }
}

/* How many outputs from o on (at most W - o) map to consecutive inputs (or all to the constant),
 * found from where the input index leaves [0, n) instead of element by element. */
static inline int64_t run_length(int kind, int64_t o, int64_t shift, int64_t n, int64_t W)
{
    int64_t i = o - shift, len = 1;
    if (i >= 0 && i < n) len = n - i;
    else if (kind == MV_CONST) len = i < 0 ? -i : W - o;
    else if (kind == MV_ROLL) len = n - map_index(kind, o, shift, n);
    return len < W - o ? len : W - o;
}

/* n copies of the constant into dst (byte stride ds). */
static void fill_const(const mv_map_args *a, char *dst, int64_t ds, int64_t n)
{
    double fv[256];
    int64_t iv[256];
    int fl = aclemu_compute_domain(a->out.dtype) != ACLEMU_DOM_I64;
    for (int k = 0; k < 256; k++) { fv[k] = a->cval_f; iv[k] = a->cval_i; }
    for (int64_t c = 0; c < n; c += 256) {
        int64_t m = n - c < 256 ? n - c : 256;
        if (fl) aclemu_store_f64(dst + c * ds, a->out.dtype, ds, fv, m);
        else aclemu_store_i64(dst + c * ds, a->out.dtype, ds, iv, m);
    }
}

static int k_index_map(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_map_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_map_args *a = (const mv_map_args *)args;
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    int nd = (int)o->ndim;
    if (nd < 1 || nd > ACLEMU_KMAX_RANK || s->ndim != o->ndim) return ACLEMU_KERNEL_BAD_ARGS;
    for (int d = 0; d < nd; d++) /* an empty input dim only makes sense padded with the constant */
        if (s->shape[d] <= 0 && a->kind[d] != MV_CONST) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t numel = 1, W = o->shape[nd - 1], n = s->shape[nd - 1];
    for (int d = 0; d < nd; d++) numel *= o->shape[d];
    if (a->elems_per_block <= 0) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t e0 = (int64_t)blk->block_idx * a->elems_per_block, e1 = e0 + a->elems_per_block;
    if (e1 > numel) e1 = numel;
    if (e0 >= e1) return 0;
    int64_t r0 = e0 / W, r1 = (e1 + W - 1) / W;
    size_t es = aclemu_kdtype_size(s->dtype);
    int64_t ss = s->stride[nd - 1] * (int64_t)es, os = o->stride[nd - 1] * (int64_t)es;
    int kind = a->kind[nd - 1];
    int64_t shift = a->shift[nd - 1];
    for (int64_t r = r0; r < r1; r++) {
        int64_t rem = r, ioff = s->offset, ooff = o->offset;
        int outside = 0;
        for (int d = nd - 2; d >= 0; d--) {
            int64_t od = rem % o->shape[d];
            rem /= o->shape[d];
            ooff += od * o->stride[d];
            int64_t id = map_index(a->kind[d], od, a->shift[d], s->shape[d]);
            if (id < 0) outside = 1;
            else ioff += id * s->stride[d];
        }
        /* this block's columns [j0, j1) of row r */
        int64_t j0 = r == r0 ? e0 - r * W : 0, j1 = r == r1 - 1 ? e1 - r * W : W;
        char *dst = (char *)(uintptr_t)o->addr + ooff * (int64_t)es;
        const char *src = (const char *)(uintptr_t)s->addr + ioff * (int64_t)es;
        if (outside) {
            fill_const(a, dst + j0 * os, os, j1 - j0);
            continue;
        }
        if (kind == MV_FLIP) {
            aclemu_convert_run(dst + j0 * os, o->dtype, os, src + (n - 1 - j0) * ss, s->dtype, -ss, j1 - j0);
            continue;
        }
        /* the last dim in runs where the map is i = o - shift (copies), the rest element-wise */
        for (int64_t j = j0; j < j1;) {
            int64_t i = map_index(kind, j, shift, n), len = run_length(kind, j, shift, n, j1);
            if (i < 0)
                fill_const(a, dst + j * os, os, len);
            else
                aclemu_convert_run(dst + j * os, o->dtype, os, src + i * ss, s->dtype, ss, len);
            j += len;
        }
    }
    return 0;
}
ACLEMU_KERNEL("IndexMap", k_index_map);

/* ---- Im2col ---------------------------------------------------------------------------------- */
static int k_im2col(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_im2col_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_im2col_args *a = (const mv_im2col_args *)args;
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    int b = a->batched ? 1 : 0;
    if (s->ndim != (uint32_t)(3 + b) || o->ndim != (uint32_t)(2 + b) || a->kh <= 0 || a->kw <= 0) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t N = b ? s->shape[0] : 1, C = s->shape[b], H = s->shape[b + 1], W = s->shape[b + 2];
    int64_t K = C * a->kh * a->kw, rows = N * K;
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > rows) r1 = rows;
    size_t es = aclemu_kdtype_size(s->dtype), oes = aclemu_kdtype_size(o->dtype);
    int64_t sws = s->stride[b + 2] * a->sw * (int64_t)es, ols = o->stride[b + 1] * (int64_t)oes;
    for (int64_t r = r0; r < r1; r++) {
        int64_t n = r / K, k = r % K, c = k / (a->kh * a->kw), i = (k / a->kw) % a->kh, j = k % a->kw;
        const char *img = (const char *)(uintptr_t)s->addr +
                          (s->offset + (b ? n * s->stride[0] : 0) + c * s->stride[b]) * (int64_t)es;
        char *row = (char *)(uintptr_t)o->addr + (o->offset + (b ? n * o->stride[0] : 0) + k * o->stride[b]) * (int64_t)oes;
        /* output columns whose input column lies inside: ow in [ow0, ow1) */
        int64_t off = j * a->dw - a->pw, ow0 = 0, ow1 = a->OW;
        while (ow0 < a->OW && ow0 * a->sw + off < 0) ow0++;
        while (ow1 > ow0 && (ow1 - 1) * a->sw + off >= W) ow1--;
        for (int64_t oh = 0; oh < a->OH; oh++) {
            int64_t ih = oh * a->sh - a->ph + i * a->dh;
            char *dst = row + oh * a->OW * ols;
            if (ih < 0 || ih >= H) {
                aclemu_zero_run(dst, o->dtype, ols, a->OW);
                continue;
            }
            const char *src = img + (ih * s->stride[b + 1] + (ow0 * a->sw + off) * s->stride[b + 2]) * (int64_t)es;
            aclemu_zero_run(dst, o->dtype, ols, ow0);
            aclemu_convert_run(dst + ow0 * ols, o->dtype, ols, src, s->dtype, sws, ow1 - ow0);
            aclemu_zero_run(dst + ow1 * ols, o->dtype, ols, a->OW - ow1);
        }
    }
    return 0;
}
ACLEMU_KERNEL("Im2col", k_im2col);

/* ---- RepeatInterleave with a repeats tensor ------------------------------------------------- */
static int64_t rpt_count(const mv_rpt_args *a, int64_t i)
{
    const aclemu_tdesc *t = &a->repeats;
    int64_t k = t->ndim && t->shape[0] > 1 ? i : 0, off = t->offset + (t->ndim ? k * t->stride[0] : 0);
    const char *p = (const char *)(uintptr_t)t->addr;
    if (t->dtype == 3) { int32_t v; memcpy(&v, p + off * 4, 4); return v; } /* ACL_INT32 */
    int64_t v;
    memcpy(&v, p + off * 8, 8);
    return v;
}

/* Offset (elements) of element `flat` (row-major) of view d. */
static int64_t flat_offset(const aclemu_tdesc *d, int64_t flat)
{
    int64_t off = d->offset;
    for (int k = (int)d->ndim - 1; k >= 0; k--) {
        off += (flat % d->shape[k]) * d->stride[k];
        flat /= d->shape[k];
    }
    return off;
}

/* c copies of one element (es bytes) to dst, dst step ds bytes: typed moves, the value loaded once. */
#define RPT_FILL(T)                                                                    \
    {                                                                                  \
        T v_;                                                                          \
        memcpy(&v_, src, sizeof v_);                                                   \
        for (int64_t r = 0; r < c; r++) memcpy(dst + r * ds, &v_, sizeof v_);          \
    }
static void rpt_fill(char *dst, int64_t ds, const char *src, size_t es, int64_t c)
{
    switch (es) {
    case 1: RPT_FILL(uint8_t) break;
    case 2: RPT_FILL(uint16_t) break;
    case 4: RPT_FILL(uint32_t) break;
    case 8: RPT_FILL(uint64_t) break;
    default:
        for (int64_t r = 0; r < c; r++) memcpy(dst + r * ds, src, es);
    }
}

/* One post block (dims after `dim`, row-major) copied: a single post dim as a strided run. */
static void rpt_post(const mv_rpt_args *a, char *obase, int64_t oq0, const char *sbase, int64_t sq0, int64_t npost,
                     size_t es)
{
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    int d = a->dim, nd = (int)s->ndim;
    if (nd - d - 1 <= 1) {
        int64_t ss = nd - d - 1 ? s->stride[nd - 1] : 0, os = nd - d - 1 ? o->stride[nd - 1] : 0;
        aclemu_convert_run(obase + oq0 * (int64_t)es, o->dtype, os * (int64_t)es, sbase + sq0 * (int64_t)es, s->dtype,
                           ss * (int64_t)es, npost);
        return;
    }
    for (int64_t q = 0; q < npost; q++) {
        int64_t qr = q, sq = sq0, oq = oq0;
        for (int k = nd - 1; k > d; k--) {
            int64_t x = qr % s->shape[k];
            qr /= s->shape[k];
            sq += x * s->stride[k];
            oq += x * o->stride[k];
        }
        rpt_fill(obase + oq * (int64_t)es, 0, sbase + sq * (int64_t)es, es, 1);
    }
}

/* Counts valid and adding up to out's length (or nothing is written); starts (when given) gets
 * the output start of every len_per_block counts. Non-zero when invalid. */
static int rpt_check(const mv_rpt_args *a, uint32_t nblocks, int64_t *starts)
{
    int64_t sum = 0;
    for (int64_t i = 0; i < a->len; i++) {
        if (starts && i % a->len_per_block == 0 && (uint64_t)(i / a->len_per_block) < nblocks)
            starts[i / a->len_per_block] = sum;
        int64_t c = rpt_count(a, i);
        if (c < 0 || c > a->total - sum) return 1; /* no overflow of the sum */
        sum += c;
    }
    return sum != a->total;
}

/* The scan of a RepeatInterleave split over the counts (see mv_rpt_args), one block per range
 * of len_per_block counts in parallel: block b writes the sum of its counts to starts[b], or -1
 * when one is negative or they pass out's length; the fill blocks add these up themselves. */
static int k_repeat_interleave_scan(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_rpt_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_rpt_args *a = (const mv_rpt_args *)args;
    if (!a->starts || a->len_per_block <= 0 || blk->block_idx >= a->nblocks) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t *st = (int64_t *)(uintptr_t)a->starts;
    int64_t i0 = (int64_t)blk->block_idx * a->len_per_block, i1 = i0 + a->len_per_block, sum = 0;
    if (i0 > a->len) i0 = a->len;
    if (i1 > a->len) i1 = a->len;
    for (int64_t i = i0; i < i1; i++) {
        int64_t c = rpt_count(a, i);
        if (c < 0 || c > a->total - sum) { /* no overflow of the sum */
            st[blk->block_idx] = -1;
            return 0;
        }
        sum += c;
    }
    st[blk->block_idx] = sum;
    return 0;
}
ACLEMU_KERNEL("RepeatInterleaveScan", k_repeat_interleave_scan);

static int k_repeat_interleave(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_rpt_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_rpt_args *a = (const mv_rpt_args *)args;
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    if (a->dim < -1 || a->dim >= (int32_t)ACLEMU_KMAX_RANK || o->ndim > ACLEMU_KMAX_RANK || a->len_per_block < 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    if (!a->tensor_only && (s->ndim > ACLEMU_KMAX_RANK || aclemu_kdtype_size(s->dtype) != aclemu_kdtype_size(o->dtype)))
        return ACLEMU_KERNEL_BAD_ARGS;
    /* this block's counts [i0, i1) (all of them when blocks split the pre positions) */
    int64_t i0 = 0, i1 = a->len;
    if (a->len_per_block) {
        i0 = (int64_t)blk->block_idx * a->len_per_block;
        i1 = i0 + a->len_per_block;
        if (i0 > a->len) i0 = a->len;
        if (i1 > a->len) i1 = a->len;
    }
    int64_t start = 0;
    if (a->len_per_block) { /* checked once by the scan block */
        if (!a->starts || blk->block_idx >= a->nblocks) return ACLEMU_KERNEL_BAD_ARGS;
        /* every block checks all the partial sums (so none writes when the counts are invalid)
         * and takes its start as the sum of those before it */
        const int64_t *st = (const int64_t *)(uintptr_t)a->starts;
        int64_t sum = 0;
        for (uint32_t b = 0; b < a->nblocks; b++) {
            if (b == blk->block_idx) start = sum;
            if (st[b] < 0 || st[b] > a->total - sum) return ACLEMU_KERNEL_BAD_ARGS;
            sum += st[b];
        }
        if (sum != a->total) return ACLEMU_KERNEL_BAD_ARGS;
    } else if (rpt_check(a, 0, NULL)) {
        return ACLEMU_KERNEL_BAD_ARGS;
    }
    if (i0 >= i1) return 0;
    size_t es = aclemu_kdtype_size(o->dtype);
    char *obase = (char *)(uintptr_t)o->addr;
    const char *sbase = a->tensor_only ? NULL : (const char *)(uintptr_t)s->addr;
    if (a->dim < 0) { /* flattened self (or the index itself) into 1-D out */
        int64_t ds = o->stride[0] * (int64_t)es, at = start;
        for (int64_t i = i0; i < i1; i++) {
            int64_t c = rpt_count(a, i);
            char *dst = obase + (o->offset + at * o->stride[0]) * (int64_t)es;
            if (a->tensor_only && es == 4) { /* INT32 out: the index narrowed as the store does, no call per count */
                int32_t v = (int32_t)i;
                for (int64_t r = 0; r < c; r++) memcpy(dst + r * ds, &v, 4);
            } else if (a->tensor_only && es == 8) {
                for (int64_t r = 0; r < c; r++) memcpy(dst + r * ds, &i, 8);
            } else if (a->tensor_only) {
                char v[8];
                aclemu_store_i64(v, o->dtype, 0, &i, 1);
                rpt_fill(dst, ds, v, es, c);
            } else {
                int64_t so = s->ndim == 1 ? s->offset + i * s->stride[0] : flat_offset(s, i);
                rpt_fill(dst, ds, sbase + so * (int64_t)es, es, c);
            }
            at += c;
        }
        return 0;
    }
    /* along dim: pre positions (a range of them, or all), the post block copied per repeat */
    int d = a->dim, nd = (int)s->ndim;
    if (d >= nd || o->ndim != s->ndim) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t npre = 1, npost = 1;
    for (int k = 0; k < d; k++) npre *= s->shape[k];
    for (int k = d + 1; k < nd; k++) npost *= s->shape[k];
    int64_t p0 = a->len_per_block ? 0 : (int64_t)blk->block_idx * a->pre_per_block;
    int64_t p1 = a->len_per_block ? npre : p0 + a->pre_per_block;
    if (p1 > npre) p1 = npre;
    for (int64_t p = p0; p < p1; p++) {
        int64_t rem = p, so = s->offset, oo = o->offset;
        for (int k = d - 1; k >= 0; k--) {
            int64_t q = rem % s->shape[k];
            rem /= s->shape[k];
            so += q * s->stride[k];
            oo += q * o->stride[k];
        }
        int64_t at = start;
        for (int64_t i = i0; i < i1; i++) {
            int64_t c = rpt_count(a, i);
            if (npost == 1) { /* one element per repeat: a strided fill along dim */
                rpt_fill(obase + (oo + at * o->stride[d]) * (int64_t)es, o->stride[d] * (int64_t)es,
                         sbase + (so + i * s->stride[d]) * (int64_t)es, es, c);
            } else {
                for (int64_t r = 0; r < c; r++)
                    rpt_post(a, obase, oo + (at + r) * o->stride[d], sbase, so + i * s->stride[d], npost, es);
            }
            at += c;
        }
    }
    return 0;
}
ACLEMU_KERNEL("RepeatInterleaveT", k_repeat_interleave);

/* ---- DiagEmbed (Diag / DiagFlat of a vector) ----------------------------------------------- */
static int k_diag_embed(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_diag_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_diag_args *a = (const mv_diag_args *)args;
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    if (o->ndim != 2 || o->shape[0] != o->shape[1] || s->ndim > ACLEMU_KMAX_RANK) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t R = o->shape[0], r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > R) r1 = R;
    size_t es = aclemu_kdtype_size(o->dtype), ses = aclemu_kdtype_size(s->dtype);
    int64_t cs = o->stride[1] * (int64_t)es;
    for (int64_t r = r0; r < r1; r++) {
        char *row = (char *)(uintptr_t)o->addr + (o->offset + r * o->stride[0]) * (int64_t)es;
        aclemu_zero_run(row, o->dtype, cs, R);
        int64_t c = r + a->diagonal, k = a->diagonal >= 0 ? r : c;
        if (c >= 0 && c < R && k >= 0 && k < a->n)
            aclemu_convert_run(row + c * cs, o->dtype, 0, (const char *)(uintptr_t)s->addr + flat_offset(s, k) * (int64_t)ses,
                               s->dtype, 0, 1);
    }
    return 0;
}
ACLEMU_KERNEL("DiagEmbed", k_diag_embed);

/* ---- OneHot ------------------------------------------------------------------------------------ */
static int k_one_hot(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_one_hot_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_one_hot_args *a = (const mv_one_hot_args *)args;
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    int nd = (int)s->ndim, ax = a->axis;
    if (nd >= ACLEMU_KMAX_RANK || (int)o->ndim != nd + 1 || ax < 0 || ax > nd || o->shape[ax] != a->classes) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t numel = 1;
    for (int d = 0; d < nd; d++) numel *= s->shape[d];
    int64_t e0 = (int64_t)blk->block_idx * a->per_block, e1 = e0 + a->per_block;
    if (e1 > numel) e1 = numel;
    size_t es = aclemu_kdtype_size(o->dtype), ses = aclemu_kdtype_size(s->dtype);
    int fl = aclemu_compute_domain(o->dtype) != ACLEMU_DOM_I64;
    double fon, foff, fbuf[256];
    int64_t ion, ioff, ibuf[256];
    aclemu_load_f64(&fon, (const char *)(uintptr_t)a->on.addr + a->on.offset * (int64_t)es, a->on.dtype, 0, 1);
    aclemu_load_f64(&foff, (const char *)(uintptr_t)a->off.addr + a->off.offset * (int64_t)es, a->off.dtype, 0, 1);
    aclemu_load_i64(&ion, (const char *)(uintptr_t)a->on.addr + a->on.offset * (int64_t)es, a->on.dtype, 0, 1);
    aclemu_load_i64(&ioff, (const char *)(uintptr_t)a->off.addr + a->off.offset * (int64_t)es, a->off.dtype, 0, 1);
    for (int k = 0; k < 256; k++) { fbuf[k] = foff; ibuf[k] = ioff; }
    int64_t cs = o->stride[ax] * (int64_t)es;
    for (int64_t e = e0; e < e1; e++) {
        int64_t rem = e, soff = s->offset, ooff = o->offset;
        for (int d = nd - 1; d >= 0; d--) { /* out dims skip the class dim */
            int64_t i = rem % s->shape[d];
            rem /= s->shape[d];
            soff += i * s->stride[d];
            ooff += i * o->stride[d < ax ? d : d + 1];
        }
        int64_t idx;
        aclemu_load_i64(&idx, (const char *)(uintptr_t)s->addr + soff * (int64_t)ses, s->dtype, 0, 1);
        char *dst = (char *)(uintptr_t)o->addr + ooff * (int64_t)es;
        for (int64_t c = 0; c < a->classes; c += 256) {
            int64_t m = a->classes - c < 256 ? a->classes - c : 256;
            if (fl) aclemu_store_f64(dst + c * cs, o->dtype, cs, fbuf, m);
            else aclemu_store_i64(dst + c * cs, o->dtype, cs, ibuf, m);
        }
        if (idx >= 0 && idx < a->classes) {
            if (fl) aclemu_store_f64(dst + idx * cs, o->dtype, 0, &fon, 1);
            else aclemu_store_i64(dst + idx * cs, o->dtype, 0, &ion, 1);
        }
    }
    return 0;
}
ACLEMU_KERNEL("OneHot", k_one_hot);
