/* ScatterElements: for each index position p (0-d tensors count as one element), the target
 * is p with coordinate `dim` replaced by index[p] (negative values count from the end, as
 * the real kernels accept); out[target] = reduce(out[target], src[p] or the value). Floats
 * reduce in double and round once per update like the dtype's own arithmetic would at the
 * store; integers in int64, wrapping; BOOL add / mul are or / and; complex in (re, im) pairs.
 * Every index value of the block's lines is range-checked before anything is written.
 * Mean sums then divides each target once by its count (+1 with includeSelf); without
 * includeSelf a target's first update replaces it. */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "scatter_args.h"

static int64_t dim_of(const aclemu_tdesc *d, int i) { return d->ndim ? d->shape[i] : 1; }
static int64_t stride_of(const aclemu_tdesc *d, int i) { return d->ndim ? d->stride[i] : 0; }
static int rank_of(const aclemu_tdesc *d) { return d->ndim ? (int)d->ndim : 1; }

static int64_t load_index(const aclemu_tdesc *x, int64_t off)
{
    const char *p = (const char *)(uintptr_t)x->addr + off * (int64_t)aclemu_kdtype_size(x->dtype);
    if (x->dtype == ACL_INT32) {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Element offsets of index position (line, k) in index, src and out (before the dim swap). */
static void offsets(const scatter_args *a, uint64_t line, int64_t k, int64_t *io, int64_t *so, int64_t *oo)
{
    const int r = rank_of(&a->index);
    *io = a->index.offset + k * stride_of(&a->index, a->dim);
    *so = a->src.offset + k * stride_of(&a->src, a->dim);
    *oo = a->out.offset;
    for (int i = r - 1; i >= 0; i--) {
        if (i == a->dim)
            continue;
        int64_t n = dim_of(&a->index, i), c = (int64_t)(line % (uint64_t)n);
        line /= (uint64_t)n;
        *io += c * stride_of(&a->index, i);
        *so += c * stride_of(&a->src, i);
        *oo += c * stride_of(&a->out, i);
    }
}

static double reduce_f(int r, double o, double v)
{
    switch (r) {
    case SCATTER_ADD: return o + v;
    case SCATTER_MUL: return o * v;
    case SCATTER_MAX: return o != o || v != v ? (o != o ? o : v) : (v > o ? v : o); /* NaN propagates */
    case SCATTER_MIN: return o != o || v != v ? (o != o ? o : v) : (v < o ? v : o);
    default: return v;
    }
}

static int64_t reduce_i(int r, int32_t dt, int64_t o, int64_t v)
{
    if (dt == ACL_BOOL) {
        if (r == SCATTER_ADD || r == SCATTER_MAX) return (o != 0) | (v != 0);
        if (r == SCATTER_MUL || r == SCATTER_MIN) return (o != 0) & (v != 0);
        return v != 0;
    }
    switch (r) {
    case SCATTER_ADD: return (int64_t)((uint64_t)o + (uint64_t)v);
    case SCATTER_MUL: return (int64_t)((uint64_t)o * (uint64_t)v);
    case SCATTER_MAX: return v > o ? v : o;
    case SCATTER_MIN: return v < o ? v : o;
    default: return v;
    }
}

static void update_complex(const scatter_args *a, char *op, const char *sp)
{
    double o[2], v[2];
    if (a->out.dtype == ACL_COMPLEX64) {
        float f[2];
        memcpy(f, op, 8);
        o[0] = f[0], o[1] = f[1];
        if (sp) { memcpy(f, sp, 8); v[0] = f[0], v[1] = f[1]; }
    } else {
        memcpy(o, op, 16);
        if (sp) memcpy(v, sp, 16);
    }
    if (!sp) v[0] = a->value_f[0], v[1] = a->value_f[1];
    double r[2] = {v[0], v[1]};
    if (a->reduce == SCATTER_ADD) r[0] = o[0] + v[0], r[1] = o[1] + v[1];
    else if (a->reduce == SCATTER_MUL) r[0] = o[0] * v[0] - o[1] * v[1], r[1] = o[0] * v[1] + o[1] * v[0];
    if (a->out.dtype == ACL_COMPLEX64) {
        float f[2] = {(float)r[0], (float)r[1]};
        memcpy(op, f, 8);
    } else {
        memcpy(op, r, 16);
    }
}

/* One update of the target at op with the source element sp (NULL: the scalar value). */
static void update(const scatter_args *a, int reduce, char *op, const char *sp, size_t es, int complex, int ints)
{
    if (complex) {
        scatter_args b = *a;
        b.reduce = reduce;
        update_complex(&b, op, sp);
    } else if (ints) {
        int64_t o, v = a->value_i;
        aclemu_load_i64(&o, op, a->out.dtype, (int64_t)es, 1);
        if (sp) aclemu_load_i64(&v, sp, a->out.dtype, (int64_t)es, 1);
        o = reduce_i(reduce, a->out.dtype, o, v);
        aclemu_store_i64(op, a->out.dtype, (int64_t)es, &o, 1);
    } else {
        double o, v = a->value_f[0];
        aclemu_load_f64(&o, op, a->out.dtype, (int64_t)es, 1);
        if (sp) aclemu_load_f64(&v, sp, a->out.dtype, (int64_t)es, 1);
        o = reduce_f(reduce, o, v);
        aclemu_store_f64(op, a->out.dtype, (int64_t)es, &o, 1);
    }
}

/* mean: the target's sum divided by its number of terms (integers: floor division, as torch). */
static void divide(const scatter_args *a, char *op, int64_t n, size_t es, int complex, int ints)
{
    if (complex) {
        double r[2];
        if (a->out.dtype == ACL_COMPLEX64) {
            float f[2];
            memcpy(f, op, 8);
            f[0] = (float)(f[0] / (double)n), f[1] = (float)(f[1] / (double)n);
            memcpy(op, f, 8);
        } else {
            memcpy(r, op, 16);
            r[0] /= (double)n, r[1] /= (double)n;
            memcpy(op, r, 16);
        }
    } else if (ints) {
        int64_t o;
        aclemu_load_i64(&o, op, a->out.dtype, (int64_t)es, 1);
        if (a->out.dtype == ACL_BOOL) o = o != 0;
        else o = o / n - ((o % n != 0) && ((o < 0) != (n < 0)));
        aclemu_store_i64(op, a->out.dtype, (int64_t)es, &o, 1);
    } else {
        double o;
        aclemu_load_f64(&o, op, a->out.dtype, (int64_t)es, 1);
        o /= (double)n;
        aclemu_store_f64(op, a->out.dtype, (int64_t)es, &o, 1);
    }
}

/* Checks the blob and every index value of the block's lines (nothing is written otherwise). */
static int prepare(const scatter_args *a, size_t size, const aclemu_block *blk, uint64_t *s, uint64_t *e)
{
    if (size < sizeof(scatter_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const int r = rank_of(&a->index);
    if (a->dim < 0 || a->dim >= r || rank_of(&a->out) != r)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int64_t len = dim_of(&a->index, a->dim), olen = dim_of(&a->out, a->dim);
    aclemu_block_range(a->lines, a->lines_per_block, blk, s, e);
    for (uint64_t line = *s; line < *e; line++)
        for (int64_t kk = 0; kk < len; kk++) {
            int64_t io, so, oo;
            offsets(a, line, kk, &io, &so, &oo);
            int64_t j = load_index(&a->index, io);
            if (j < -olen || j >= olen)
                return ACLEMU_KERNEL_BAD_ARGS;
        }
    return 0;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    const scatter_args *a = args;
    uint64_t s, e;
    int rc = prepare(a, size, blk, &s, &e);
    if (rc)
        return rc;
    const int64_t len = dim_of(&a->index, a->dim), olen = dim_of(&a->out, a->dim);
    const int64_t ostride = stride_of(&a->out, a->dim);
    const size_t es = aclemu_kdtype_size(a->out.dtype);
    const int complex = a->out.dtype == ACL_COMPLEX64 || a->out.dtype == ACL_COMPLEX128;
    const int ints = !complex && aclemu_compute_domain(a->out.dtype) == ACLEMU_DOM_I64;
    const int mean = a->reduce == SCATTER_MEAN, reduce = mean ? SCATTER_ADD : a->reduce;
    int64_t *counts = (int64_t *)(uintptr_t)a->counts;
    if ((mean || !a->include_self) && !counts)
        return ACLEMU_KERNEL_BAD_ARGS;
    char *obase = (char *)(uintptr_t)a->out.addr;
    const char *sbase = a->has_value ? NULL : (const char *)(uintptr_t)a->src.addr;
    for (uint64_t line = s; line < e; line++) {
        int64_t *cnt = counts ? counts + line * (uint64_t)olen : NULL;
        int64_t io, so, oo, j;
        if (cnt) /* the counters of this line's targets */
            for (int64_t kk = 0; kk < len; kk++) {
                offsets(a, line, kk, &io, &so, &oo);
                j = load_index(&a->index, io);
                cnt[j < 0 ? j + olen : j] = 0;
            }
        for (int64_t kk = 0; kk < len; kk++) {
            offsets(a, line, kk, &io, &so, &oo);
            j = load_index(&a->index, io);
            j = j < 0 ? j + olen : j;
            char *op = obase + (oo + j * ostride) * (int64_t)es;
            const char *sp = sbase ? sbase + so * (int64_t)es : NULL;
            int first = cnt && cnt[j]++ == 0 && !a->include_self;
            update(a, first ? SCATTER_NONE : reduce, op, sp, es, complex, ints);
        }
        if (mean)
            for (int64_t kk = 0; kk < len; kk++) {
                offsets(a, line, kk, &io, &so, &oo);
                j = load_index(&a->index, io);
                j = j < 0 ? j + olen : j;
                if (cnt[j] > 0) /* once per target */
                    divide(a, obase + (oo + j * ostride) * (int64_t)es, cnt[j] + (a->include_self != 0), es, complex,
                           ints);
                cnt[j] = 0;
            }
    }
    return 0;
}

ACLEMU_KERNEL("ScatterElements", k);

/* GatherElements: src[p] = out[p with dim -> index[p]] (same dtype, copied bytewise). */
static int k_gather(const void *args, size_t size, const aclemu_block *blk)
{
    const scatter_args *a = args;
    uint64_t s, e;
    int rc = prepare(a, size, blk, &s, &e);
    if (rc)
        return rc;
    if (a->src.dtype != a->out.dtype)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int64_t len = dim_of(&a->index, a->dim), olen = dim_of(&a->out, a->dim);
    const int64_t ostride = stride_of(&a->out, a->dim);
    const size_t es = aclemu_kdtype_size(a->out.dtype);
    const char *from = (const char *)(uintptr_t)a->out.addr;
    char *to = (char *)(uintptr_t)a->src.addr;
    for (uint64_t line = s; line < e; line++)
        for (int64_t kk = 0; kk < len; kk++) {
            int64_t io, so, oo;
            offsets(a, line, kk, &io, &so, &oo);
            int64_t j = load_index(&a->index, io);
            j = j < 0 ? j + olen : j;
            memcpy(to + so * (int64_t)es, from + (oo + j * ostride) * (int64_t)es, es);
        }
    return 0;
}

ACLEMU_KERNEL("GatherElements", k_gather);
