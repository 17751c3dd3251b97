/* Device side of Tril / Triu (rows of the last dim split into a kept part and a zeroed part,
 * copied with dtype-preserving runs) and Arange / Range (values computed from the flat index,
 * so blocks need nothing from each other). */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "movement_args.h"

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

static int k_arange(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_arange_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const mv_arange_args *a = (const mv_arange_args *)args;
    const aclemu_tdesc *o = &a->out;
    if (o->ndim != 1) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t n = o->shape[0], b = (int64_t)blk->block_idx * a->per_block, e = b + a->per_block;
    if (e > n) e = n;
    size_t es = aclemu_kdtype_size(o->dtype);
    char *dst = (char *)(uintptr_t)o->addr;
    double fv[256];
    int64_t iv[256];
    for (int64_t c = b; c < e; c += 256) {
        int64_t m = e - c < 256 ? e - c : 256;
        if (a->integral) {
            for (int64_t k = 0; k < m; k++) iv[k] = (int64_t)((uint64_t)a->istart + (uint64_t)(c + k) * (uint64_t)a->istep);
            aclemu_store_i64(dst + (o->offset + c * o->stride[0]) * (int64_t)es, o->dtype, o->stride[0] * (int64_t)es, iv, m);
        } else {
            for (int64_t k = 0; k < m; k++) fv[k] = a->fstart + (double)(c + k) * a->fstep;
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
    default: return i;
    }
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
    int64_t rows = 1, W = o->shape[nd - 1], n = s->shape[nd - 1];
    for (int d = 0; d + 1 < nd; d++) rows *= o->shape[d];
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > rows) r1 = rows;
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
        char *dst = (char *)(uintptr_t)o->addr + ooff * (int64_t)es;
        const char *src = (const char *)(uintptr_t)s->addr + ioff * (int64_t)es;
        if (outside) {
            fill_const(a, dst, os, W);
            continue;
        }
        /* the last dim in runs where the map is i = o - shift (copies), the rest element-wise */
        for (int64_t j = 0; j < W;) {
            int64_t i = map_index(kind, j, shift, n);
            if (i < 0) {
                int64_t e = j; /* constant run: up to where the input starts, or the end */
                while (e < W && map_index(kind, e, shift, n) < 0) e++;
                fill_const(a, dst + j * os, os, e - j);
                j = e;
                continue;
            }
            int64_t e = j + 1;
            while (e < W && map_index(kind, e, shift, n) == i + (e - j)) e++;
            aclemu_convert_run(dst + j * os, o->dtype, os, src + i * ss, s->dtype, ss, e - j);
            j = e;
        }
    }
    return 0;
}
ACLEMU_KERNEL("IndexMap", k_index_map);
