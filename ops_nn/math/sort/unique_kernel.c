/* Device side of the Unique family: see unique_args.h. Slices are compared element by element
 * in row-major (outer, inner) order: by key to sort them (ties by position, so the sort is
 * stable), by value to group them. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* qsort_r */
#endif
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "sort_keys.h"
#include "unique_args.h"

typedef struct uq_ctx {
    const unique_args *a;
    const uint64_t *keys;
    const double *vals;
} uq_ctx;

static int is_float(int dt) { return dt == DT_FLOAT || dt == DT_FLOAT16 || dt == DT_BF16 || dt == DT_DOUBLE; }

/* Logical (row-major) position of element (o, slice j, i). */
static inline int64_t at(const unique_args *a, int64_t o, int64_t j, int64_t i)
{
    return (o * a->len + j) * a->inner + i;
}

static int cmp_slices(const void *x, const void *y, void *c)
{
    const uq_ctx *u = (const uq_ctx *)c;
    int64_t p = *(const int64_t *)x, q = *(const int64_t *)y;
    for (int64_t o = 0; o < u->a->outer; o++)
        for (int64_t i = 0; i < u->a->inner; i++) {
            uint64_t kp = u->keys[at(u->a, o, p, i)], kq = u->keys[at(u->a, o, q, i)];
            if (kp != kq) return kp < kq ? -1 : 1;
        }
    return p < q ? -1 : p > q;
}

static int same_slice(const uq_ctx *u, int64_t p, int64_t q)
{
    int fl = is_float(u->a->dtype);
    for (int64_t o = 0; o < u->a->outer; o++)
        for (int64_t i = 0; i < u->a->inner; i++) {
            int64_t ep = at(u->a, o, p, i), eq = at(u->a, o, q, i);
            if (fl ? !(u->vals[ep] == u->vals[eq]) : u->keys[ep] != u->keys[eq]) return 0;
        }
    return 1;
}

static int k_unique(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(unique_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const unique_args *a = (const unique_args *)args;
    if (a->nd < 0 || a->nd > UNIQUE_MAX_DIMS || a->val_rank < 1 || a->val_rank > UNIQUE_MAX_DIMS || a->len < 1 ||
        a->outer * a->len * a->inner != a->numel)
        return ACLEMU_KERNEL_BAD_ARGS;
    if (blk->block_idx != 0) return 0;
    char *ws = (char *)(uintptr_t)a->ws;
    uint64_t *keys = (uint64_t *)(ws + a->ws_keys);
    double *vals = (double *)(ws + a->ws_vals);
    int64_t *offs = (int64_t *)(ws + a->ws_offs), *perm = (int64_t *)(ws + a->ws_perm), *gid = (int64_t *)(ws + a->ws_gid);
    size_t es = aclemu_kdtype_size(a->dtype), ves = aclemu_kdtype_size(a->val_dtype);
    const char *in = (const char *)(uintptr_t)a->in;
    /* gather keys, values and storage offsets in row-major order */
    int64_t idx[UNIQUE_MAX_DIMS] = {0}, off = a->in_off;
    for (int64_t e = 0; e < a->numel; e++) {
        const char *p = in + off * (int64_t)es;
        offs[e] = off;
        keys[e] = key_of(a->dtype, p);
        if (is_float(a->dtype)) aclemu_load_f64(&vals[e], p, a->dtype, 0, 1);
        for (int d = a->nd - 1; d >= 0; d--) {
            off += a->stride[d];
            if (++idx[d] < a->shape[d]) break;
            off -= idx[d] * a->stride[d];
            idx[d] = 0;
        }
    }
    uq_ctx u = {a, keys, vals};
    for (int64_t j = 0; j < a->len; j++) perm[j] = j;
    if (!a->consecutive) qsort_r(perm, (size_t)a->len, sizeof *perm, cmp_slices, &u);
    /* groups; each group's first slice (in order) is its value */
    char *val = (char *)(uintptr_t)a->val;
    int64_t *cnt = a->cnt ? (int64_t *)(uintptr_t)a->cnt + a->cnt_off : NULL;
    int64_t g = -1;
    for (int64_t t = 0; t < a->len; t++)
        gid[perm[t]] = t > 0 && same_slice(&u, perm[t - 1], perm[t]) ? g : ++g;
    int64_t U = g + 1;
    /* a result past valueOut's / countsOut's room is not written: stage 2 reports it */
    const int fits = U * a->outer * a->inner <= a->val_cap && (!cnt || U <= a->cnt_cap);
    if (fits && cnt) {
        for (int64_t k = 0; k < U; k++) cnt[k] = 0;
        for (int64_t j = 0; j < a->len; j++) cnt[gid[j]]++;
    }
    for (int64_t t = 0, gg = -1; fits && t < a->len; t++) {
        if (gid[perm[t]] == gg) continue;
        gg = gid[perm[t]];
        for (int64_t o = 0; o < a->outer; o++)
            for (int64_t i = 0; i < a->inner; i++) {
                const char *src = in + offs[at(a, o, perm[t], i)] * (int64_t)es;
                char *dst = val + (a->val_off + (o * U + gg) * a->inner + i) * (int64_t)ves;
                if (a->val_dtype == a->dtype) memcpy(dst, src, es);
                else aclemu_convert_run(dst, a->val_dtype, 0, src, a->dtype, 0, 1);
            }
    }
    if (a->inv) {
        int64_t *inv = (int64_t *)(uintptr_t)a->inv;
        if (a->dim >= 0) {
            for (int64_t j = 0; j < a->len; j++) inv[a->inv_off + j * a->inv_stride[0]] = gid[j];
        } else {
            int64_t ix[UNIQUE_MAX_DIMS] = {0}, io = a->inv_off;
            for (int64_t e = 0; e < a->numel; e++) {
                inv[io] = gid[e];
                for (int d = a->nd - 1; d >= 0; d--) {
                    io += a->inv_stride[d];
                    if (++ix[d] < a->shape[d]) break;
                    io -= ix[d] * a->inv_stride[d];
                    ix[d] = 0;
                }
            }
        }
    }
    /* the real shapes: valueOut's dim (or its only dim) becomes U, countsOut is [U] */
    int64_t *vd = (int64_t *)(ws + a->ws_val_dims), *cd = (int64_t *)(ws + a->ws_cnt_dims);
    for (int d = 0; d < a->val_rank; d++) vd[d] = a->dim >= 0 ? a->shape[d] : 0;
    vd[a->dim >= 0 ? a->dim : 0] = U;
    cd[0] = U;
    return 0;
}
ACLEMU_KERNEL("Unique", k_unique);
