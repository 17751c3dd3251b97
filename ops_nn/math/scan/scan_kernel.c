/* Device side of the cumulative ops: each block takes whole lines. Elements are converted to the
 * compute dtype, combined in double (floats) or int64 (integers, wrapping like the dtype once
 * stored), and every running value is rounded once to the output dtype. Lines along the
 * contiguous dim of both views go in chunks; the others element by element through the
 * strided converters. Cummax / Cummin follow torch: a NaN is the extreme from where it appears,
 * and on ties the later index is kept. */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "dtype.h"
#include "scan_args.h"

#define SCAN_CHUNK 512

static int is_float_dt(int32_t dt) { return aclemu_compute_domain(dt) != ACLEMU_DOM_I64; }

/* n elements from p (byte stride) into double / int64, converted through comp_dtype first. */
static void load_elems(const scan_args *a, const char *p, int64_t sbytes, int64_t n, double *fv, int64_t *iv)
{
    char tmp[SCAN_CHUNK * 8];
    int32_t sdt = a->in_dtype;
    if (a->comp_dtype != a->in_dtype) {
        size_t ces = aclemu_kdtype_size(a->comp_dtype);
        aclemu_convert_run(tmp, a->comp_dtype, (int64_t)ces, p, a->in_dtype, sbytes, n);
        p = tmp;
        sdt = a->comp_dtype;
        sbytes = (int64_t)ces;
    }
    if (vec_dtype_is_float_io(sdt)) { /* the vectorised converters, then widened */
        float fb[SCAN_CHUNK];
        vec_load_f32(p, sdt, sbytes / (int64_t)aclemu_kdtype_size(sdt), fb, n);
        for (int64_t k = 0; k < n; k++) fv[k] = fb[k];
    } else if (is_float_dt(a->comp_dtype)) {
        aclemu_load_f64(fv, p, sdt, sbytes, n);
    } else {
        aclemu_load_i64(iv, p, sdt, sbytes, n);
    }
}

/* One step of n independent running states (lanes) with their inputs fv / iv at position q
 * (memory index along the dim); outputs written to fo / io (exclusive: the value before). */
static void scan_step(const scan_args *a, int64_t n, int started, int64_t q, double *f, int64_t *i, int64_t *x,
                      const double *fv, const int64_t *iv, double *fo, int64_t *io)
{
    int fl = is_float_dt(a->comp_dtype);
    switch (a->op) {
    case SCAN_SUM:
        if (fl) for (int64_t j = 0; j < n; j++) { fo[j] = a->exclusive ? f[j] : f[j] + fv[j]; f[j] += fv[j]; }
        else for (int64_t j = 0; j < n; j++) { int64_t v = (int64_t)((uint64_t)i[j] + (uint64_t)iv[j]); io[j] = a->exclusive ? i[j] : v; i[j] = v; }
        return;
    case SCAN_PROD:
        if (fl) for (int64_t j = 0; j < n; j++) { fo[j] = a->exclusive ? f[j] : f[j] * fv[j]; f[j] *= fv[j]; }
        else for (int64_t j = 0; j < n; j++) { int64_t v = (int64_t)((uint64_t)i[j] * (uint64_t)iv[j]); io[j] = a->exclusive ? i[j] : v; i[j] = v; }
        return;
    default: {
        int mx = a->op == SCAN_MAX;
        for (int64_t j = 0; j < n; j++) {
            int take;
            if (fl) {
                double v = fv[j];
                take = !started || v != v || (f[j] == f[j] && (mx ? v >= f[j] : v <= f[j]));
                if (take) f[j] = v;
                fo[j] = f[j];
            } else {
                int64_t v = iv[j];
                take = !started || (mx ? v >= i[j] : v <= i[j]);
                if (take) i[j] = v;
                io[j] = i[j];
            }
            if (take) x[j] = q;
        }
        return;
    }
    }
}

/* The running values of one line over a chunk of m consecutive positions (q0, q0 + step, ...). */
static void prefix_chunk(const scan_args *a, int64_t m, int started, int64_t q0, int64_t step, double *f, int64_t *i,
                         int64_t *x, const double *fv, const int64_t *iv, double *fo, int64_t *io, int64_t *xo)
{
    int fl = is_float_dt(a->comp_dtype), ex = a->exclusive;
    double sf = *f;
    int64_t si = *i;
    if (a->op == SCAN_SUM && fl) {
        for (int64_t k = 0; k < m; k++) { double n = sf + fv[k]; fo[k] = ex ? sf : n; sf = n; }
    } else if (a->op == SCAN_SUM) {
        for (int64_t k = 0; k < m; k++) { int64_t n = (int64_t)((uint64_t)si + (uint64_t)iv[k]); io[k] = ex ? si : n; si = n; }
    } else if (a->op == SCAN_PROD && fl) {
        for (int64_t k = 0; k < m; k++) { double n = sf * fv[k]; fo[k] = ex ? sf : n; sf = n; }
    } else if (a->op == SCAN_PROD) {
        for (int64_t k = 0; k < m; k++) { int64_t n = (int64_t)((uint64_t)si * (uint64_t)iv[k]); io[k] = ex ? si : n; si = n; }
    } else {
        for (int64_t k = 0; k < m; k++) {
            scan_step(a, 1, started || k > 0, q0 + step * k, &sf, &si, x, &fv[k], &iv[k], &fo[k], &io[k]);
            xo[k] = *x;
        }
    }
    *f = sf;
    *i = si;
}

static void store_elems(const scan_args *a, char *p, int64_t sbytes, int64_t n, const double *fo, const int64_t *io)
{
    if (is_float_dt(a->comp_dtype) && vec_dtype_is_float_io(a->out_dtype)) {
        float fb[SCAN_CHUNK];
        for (int64_t k = 0; k < n; k++) fb[k] = (float)fo[k];
        vec_store_f32(fb, p, a->out_dtype, sbytes / (int64_t)aclemu_kdtype_size(a->out_dtype), n);
    } else if (is_float_dt(a->comp_dtype)) {
        aclemu_store_f64(p, a->out_dtype, sbytes, fo, n);
    } else {
        aclemu_store_i64(p, a->out_dtype, sbytes, io, n);
    }
}

static void init_lanes(const scan_args *a, int64_t n, double *f, int64_t *i, int64_t *x)
{
    for (int64_t j = 0; j < n; j++) {
        f[j] = a->op == SCAN_PROD ? 1.0 : 0.0;
        i[j] = a->op == SCAN_PROD ? 1 : 0;
        x[j] = 0;
    }
}

/* One line, walked in chunks along the dim (one lane per element of a chunk, carried). */
static void scan_line(const scan_args *a, const char *in, char *out, char *idx)
{
    size_t ies = aclemu_kdtype_size(a->in_dtype), oes = aclemu_kdtype_size(a->out_dtype);
    size_t xes = a->idx ? aclemu_kdtype_size(a->idx_dtype) : 0;
    double f = 0, fv[SCAN_CHUNK], fo[SCAN_CHUNK];
    int64_t i = 0, x = 0, iv[SCAN_CHUNK], io[SCAN_CHUNK], xo[SCAN_CHUNK];
    init_lanes(a, 1, &f, &i, &x);
    int64_t step = a->reverse ? -1 : 1;
    for (int64_t c = 0; c < a->len; c += SCAN_CHUNK) {
        int64_t m = a->len - c < SCAN_CHUNK ? a->len - c : SCAN_CHUNK;
        int64_t q0 = a->reverse ? a->len - 1 - c : c;
        load_elems(a, in + q0 * a->sin * (int64_t)ies, step * a->sin * (int64_t)ies, m, fv, iv);
        prefix_chunk(a, m, c > 0, q0, step, &f, &i, &x, fv, iv, fo, io, xo);
        store_elems(a, out + q0 * a->sout * (int64_t)oes, step * a->sout * (int64_t)oes, m, fo, io);
        if (idx) aclemu_store_i64(idx + q0 * a->sidx * (int64_t)xes, a->idx_dtype, step * a->sidx * (int64_t)xes, xo, m);
    }
}

/* n adjacent lines whose elements are contiguous across the lines (the dim itself is strided):
 * one lane per line, a contiguous row of n elements loaded and stored per position. */
static void scan_lines(const scan_args *a, const char *in, char *out, char *idx, int64_t n)
{
    size_t ies = aclemu_kdtype_size(a->in_dtype), oes = aclemu_kdtype_size(a->out_dtype);
    size_t xes = a->idx ? aclemu_kdtype_size(a->idx_dtype) : 0;
    double f[SCAN_CHUNK], fv[SCAN_CHUNK], fo[SCAN_CHUNK];
    int64_t i[SCAN_CHUNK], x[SCAN_CHUNK], iv[SCAN_CHUNK], io[SCAN_CHUNK];
    init_lanes(a, n, f, i, x);
    for (int64_t p = 0; p < a->len; p++) {
        int64_t q = a->reverse ? a->len - 1 - p : p;
        load_elems(a, in + q * a->sin * (int64_t)ies, (int64_t)ies, n, fv, iv);
        scan_step(a, n, p > 0, q, f, i, x, fv, iv, fo, io);
        store_elems(a, out + q * a->sout * (int64_t)oes, (int64_t)oes, n, fo, io);
        if (idx) aclemu_store_i64(idx + q * a->sidx * (int64_t)xes, a->idx_dtype, (int64_t)xes, x, n);
    }
}

/* ---- FP32 Cumsum fast paths (FLOAT in and out, running sums in double) ------------------- */
#define SCAN_CLONES ACLEMU_ISA_CLONES /* kernel_util.h: not under TSan */
#define SCAN_ROW_LANES 4096           /* lines scanned side by side by the FP32 row path (32 KiB of sums) */

static int fast_sum_f32(const scan_args *a)
{
    return a->op == SCAN_SUM && a->in_dtype == VEC_DT_FLOAT && a->comp_dtype == VEC_DT_FLOAT &&
           a->out_dtype == VEC_DT_FLOAT && !a->idx;
}

typedef float scan_v4f __attribute__((vector_size(16)));
typedef double scan_v4d __attribute__((vector_size(32)));
typedef int64_t scan_v4i __attribute__((vector_size(32)));

/* Running sums of the 4 doubles of x inside the vector (a macro: vector values passed to a
 * function would change the ABI between the ISA clones). */
#define SCAN_PREFIX4(x)                                                                \
    ({                                                                                 \
        const scan_v4d z_ = {0, 0, 0, 0};                                              \
        scan_v4d s_ = (x) + __builtin_shuffle((x), z_, (scan_v4i){4, 0, 1, 2});        \
        s_ + __builtin_shuffle(s_, z_, (scan_v4i){4, 5, 0, 1});                        \
    })
/* ... shifted by one: the sums before each element (exclusive) */
#define SCAN_SHIFT1(s) __builtin_shuffle((s), (scan_v4d){0, 0, 0, 0}, (scan_v4i){4, 0, 1, 2})

/* One contiguous forward line: 8 elements per step as two in-register prefix sums in double;
 * the carry into the next 8 takes one add (the two halves' totals are summed aside of it). */
SCAN_CLONES static void scan_line_sum_f32(const scan_args *a, const float *in, float *out)
{
    int ex = a->exclusive;
    int64_t len = a->len, i = 0;
    scan_v4d carry = {0, 0, 0, 0};
    for (; i + 8 <= len; i += 8) {
        scan_v4f x0, x1;
        memcpy(&x0, in + i, 16);
        memcpy(&x1, in + i + 4, 16);
        scan_v4d d0 = __builtin_convertvector(x0, scan_v4d), d1 = __builtin_convertvector(x1, scan_v4d);
        scan_v4d p0 = SCAN_PREFIX4(d0), p1 = SCAN_PREFIX4(d1);
        scan_v4d t0 = __builtin_shuffle(p0, (scan_v4i){3, 3, 3, 3}), t1 = __builtin_shuffle(p1, (scan_v4i){3, 3, 3, 3});
        scan_v4d o0 = (ex ? SCAN_SHIFT1(p0) : p0) + carry, o1 = (ex ? SCAN_SHIFT1(p1) : p1) + (carry + t0);
        carry += t0 + t1;
        scan_v4f y0 = __builtin_convertvector(o0, scan_v4f), y1 = __builtin_convertvector(o1, scan_v4f);
        memcpy(out + i, &y0, 16);
        memcpy(out + i + 4, &y1, 16);
    }
    double c = carry[0];
    for (; i < len; i++) {
        double before = c;
        c += in[i];
        out[i] = (float)(ex ? before : c);
    }
}

/* n adjacent lines with contiguous elements across them: a row of running sums. */
SCAN_CLONES static void scan_rows_sum_f32(const scan_args *a, const float *in, float *out, int64_t n)
{
    double acc[SCAN_ROW_LANES];
    for (int64_t j = 0; j < n; j++) acc[j] = 0;
    for (int64_t p = 0; p < a->len; p++) {
        int64_t q = a->reverse ? a->len - 1 - p : p;
        const float *x = in + q * a->sin;
        float *y = out + q * a->sout;
        if (a->exclusive) {
            for (int64_t j = 0; j < n; j++) { y[j] = (float)acc[j]; acc[j] += x[j]; }
        } else {
            for (int64_t j = 0; j < n; j++) { acc[j] += x[j]; y[j] = (float)acc[j]; }
        }
    }
}

static void line_offsets(const scan_args *a, int64_t l, int64_t *io, int64_t *oo, int64_t *xo)
{
    *io = *oo = *xo = 0;
    for (int d = a->nl - 1; d >= 0; d--) {
        int64_t k = l % a->lshape[d];
        l /= a->lshape[d];
        *io += k * a->lin[d];
        *oo += k * a->lout[d];
        *xo += k * a->lidx[d];
    }
}

static int k_scan(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(scan_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const scan_args *a = (const scan_args *)args;
    if (a->nl < 0 || a->nl > SCAN_MAX_DIMS) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t b = (int64_t)blk->block_idx * a->lines_per_block, e = b + a->lines_per_block;
    if (e > a->nlines) e = a->nlines;
    size_t ies = aclemu_kdtype_size(a->in_dtype), oes = aclemu_kdtype_size(a->out_dtype);
    size_t xes = a->idx ? aclemu_kdtype_size(a->idx_dtype) : 0;
    int across = a->nl > 0 && a->lin[a->nl - 1] == 1 && a->lout[a->nl - 1] == 1 && a->sin != 1 &&
                 (!a->idx || a->lidx[a->nl - 1] == 1);
    for (int64_t l = b; l < e;) {
        int64_t io, oo, xo, n = 1;
        line_offsets(a, l, &io, &oo, &xo);
        const char *in = (const char *)(uintptr_t)a->in + (a->in_off + io) * (int64_t)ies;
        char *out = (char *)(uintptr_t)a->out + (a->out_off + oo) * (int64_t)oes;
        char *idx = a->idx ? (char *)(uintptr_t)a->idx + (a->idx_off + xo) * (int64_t)xes : NULL;
        if (across) {
            int64_t kl = a->lshape[a->nl - 1];
            n = kl - l % kl;
            if (n > e - l) n = e - l;
            int fast = fast_sum_f32(a);
            if (n > (fast ? SCAN_ROW_LANES : SCAN_CHUNK)) n = fast ? SCAN_ROW_LANES : SCAN_CHUNK;
            if (fast) scan_rows_sum_f32(a, (const float *)in, (float *)out, n);
            else scan_lines(a, in, out, idx, n);
        } else if (fast_sum_f32(a) && a->sin == 1 && a->sout == 1 && !a->reverse) {
            scan_line_sum_f32(a, (const float *)in, (float *)out);
        } else {
            scan_line(a, in, out, idx);
        }
        l += n;
    }
    return 0;
}
ACLEMU_KERNEL("Scan", k_scan);
