/* Device side of the index-along-a-dim ops (see index_dim_args.h). Blocks take ranges of the
 * `pre` positions and walk every index for each, so a repeated index is written in index order
 * by one block (deterministic). Every index is range-checked before anything is written. */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "index_dim_args.h"

/* The k-th index (row-major over the index view's dims from `lo`, at element offset `base`), or inline. */
static int64_t index_at_from(const idx_dim_args *a, int64_t base, int lo, int64_t k)
{
    if (a->ninline) return a->inline_idx[k];
    const aclemu_tdesc *t = &a->index;
    int64_t off = t->offset + base, rem = k;
    for (int d = (int)t->ndim - 1; d >= lo; d--) {
        off += (rem % t->shape[d]) * t->stride[d];
        rem /= t->shape[d];
    }
    const char *p = (const char *)(uintptr_t)t->addr;
    if (t->dtype == 3) { int32_t v; memcpy(&v, p + off * 4, 4); return v; } /* ACL_INT32 */
    int64_t v;
    memcpy(&v, p + off * 8, 8);
    return v;
}

static int64_t index_at(const idx_dim_args *a, int64_t k) { return index_at_from(a, 0, 0, k); }

/* dst += alpha * src over `n` elements: in double (floats) or int64 (wrapping; BOOL is or), one
 * rounding per update. */
static void add_run(const idx_dim_args *a, char *dp, int64_t ds, const char *sp, int64_t ss, int64_t n)
{
    int32_t dt = a->dst.dtype;
    int fl = aclemu_compute_domain(dt) != ACLEMU_DOM_I64;
    for (int64_t c = 0; c < n; c += 256) {
        int64_t m = n - c < 256 ? n - c : 256;
        if (fl) {
            double o[256], v[256];
            aclemu_load_f64(o, dp + c * ds, dt, ds, m);
            aclemu_load_f64(v, sp + c * ss, dt, ss, m);
            for (int64_t i = 0; i < m; i++) o[i] += a->fval * v[i];
            aclemu_store_f64(dp + c * ds, dt, ds, o, m);
        } else {
            int64_t o[256], v[256];
            aclemu_load_i64(o, dp + c * ds, dt, ds, m);
            aclemu_load_i64(v, sp + c * ss, dt, ss, m);
            for (int64_t i = 0; i < m; i++)
                o[i] = dt == ACL_BOOL ? (o[i] != 0) | ((v[i] != 0) & (a->ival != 0))
                                                : (int64_t)((uint64_t)o[i] + (uint64_t)a->ival * (uint64_t)v[i]);
            aclemu_store_i64(dp + c * ds, dt, ds, o, m);
        }
    }
}

/* dst = the sum of `nseg` src runs (`sstep` bytes apart; none: 0), in double with one rounding (SEGSUM). */
static void seg_run(const idx_dim_args *a, char *dp, int64_t ds, const char *sp, int64_t ss, int64_t sstep, int64_t nseg,
                    int64_t n)
{
    for (int64_t c = 0; c < n; c += 256) {
        int64_t m = n - c < 256 ? n - c : 256;
        double acc[256] = {0}, v[256];
        if (nseg) aclemu_load_f64(acc, sp + c * ss, a->src.dtype, ss, m); /* from the first row: -0 stays -0 */
        for (int64_t r = 1; r < nseg; r++) {
            aclemu_load_f64(v, sp + r * sstep + c * ss, a->src.dtype, ss, m);
            for (int64_t i = 0; i < m; i++) acc[i] += v[i];
        }
        aclemu_store_f64(dp + c * ds, a->dst.dtype, ds, acc, m);
    }
}

/* Copies (or fills, src NULL; adds in ADD mode; sums `nseg` rows along dim in SEGSUM mode) the
 * post block: dims post[0..n) with their strides. */
static void post_block(const idx_dim_args *a, char *dst, const char *src, int64_t nseg)
{
    size_t des = aclemu_kdtype_size(a->dst.dtype), ses = a->mode == IDX_FILL ? 0 : aclemu_kdtype_size(a->src.dtype);
    int n = a->npost;
    int64_t last = n ? a->post[n - 1] : 1, ds = n ? a->dst_post[n - 1] * (int64_t)des : 0,
            ss = n ? a->src_post[n - 1] * (int64_t)ses : 0, rows = 1;
    for (int d = 0; d + 1 < n; d++) rows *= a->post[d];
    double fv[256];
    int64_t iv[256];
    int fl = aclemu_compute_domain(a->dst.dtype) != ACLEMU_DOM_I64;
    if (!src)
        for (int k = 0; k < 256; k++) { fv[k] = a->fval; iv[k] = a->ival; }
    for (int64_t r = 0; r < rows; r++) {
        int64_t rem = r, doff = 0, soff = 0;
        for (int d = n - 2; d >= 0; d--) {
            int64_t q = rem % a->post[d];
            rem /= a->post[d];
            doff += q * a->dst_post[d];
            soff += q * a->src_post[d];
        }
        char *dp = dst + doff * (int64_t)des;
        if (a->mode == IDX_ADD) {
            add_run(a, dp, ds, src + soff * (int64_t)ses, ss, last);
            continue;
        }
        if (a->mode == IDX_SEGSUM) {
            seg_run(a, dp, ds, src + soff * (int64_t)ses, ss, a->src_dim * (int64_t)ses, nseg, last);
            continue;
        }
        if (src) {
            aclemu_convert_run(dp, a->dst.dtype, ds, src + soff * (int64_t)ses, a->src.dtype, ss, last);
            continue;
        }
        for (int64_t c = 0; c < last; c += 256) {
            int64_t m = last - c < 256 ? last - c : 256;
            if (fl) aclemu_store_f64(dp + c * ds, a->dst.dtype, ds, fv, m);
            else aclemu_store_i64(dp + c * ds, a->dst.dtype, ds, iv, m);
        }
    }
}

static int k_index_dim(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(idx_dim_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const idx_dim_args *a = (const idx_dim_args *)args;
    if (a->npre < 0 || a->npre > ACLEMU_KMAX_RANK || a->npost < 0 || a->npost > ACLEMU_KMAX_RANK || a->nk < 0 ||
        a->nk > ACLEMU_KMAX_RANK || a->mode < IDX_GATHER || a->mode > IDX_SEGSUM || a->ninline < 0 || a->ninline > IDX_MAX_INLINE || a->len < 0 ||
        a->nbatch < 0 || a->nbatch > a->npre || (a->nbatch && (a->mode != IDX_GATHER || a->ninline || (int)a->index.ndim < a->nbatch)))
        return ACLEMU_KERNEL_BAD_ARGS;
    if (a->mode == IDX_SEGSUM) { /* counts valid and adding up to len, or nothing is written */
        int64_t sum = 0;
        for (int64_t k = 0; k < a->K; k++) {
            int64_t c = a->seg_fixed ? a->ival : index_at(a, k);
            if (c < 0 || c > a->len - sum) return ACLEMU_KERNEL_BAD_ARGS;
            sum += c;
        }
        if (sum != a->len) return ACLEMU_KERNEL_BAD_ARGS;
    } else {
        int64_t kall = a->K; /* every index value, the batch dims included */
        for (int d = 0; d < a->nbatch; d++) kall *= a->pre[d];
        for (int64_t k = 0; k < kall; k++) { /* all in range, or nothing is written */
            int64_t v = index_at(a, k);
            if (v < -a->len || v >= a->len) return ACLEMU_KERNEL_BAD_ARGS;
        }
    }
    int64_t p0 = (int64_t)blk->block_idx * a->items_per_block, p1 = p0 + a->items_per_block;
    if (p1 > a->npre_total) p1 = a->npre_total;
    size_t des = aclemu_kdtype_size(a->dst.dtype), ses = a->mode == IDX_FILL ? 0 : aclemu_kdtype_size(a->src.dtype);
    char *dbase = (char *)(uintptr_t)a->dst.addr + a->dst.offset * (int64_t)des;
    const char *sbase = a->mode == IDX_FILL ? NULL : (const char *)(uintptr_t)a->src.addr + a->src.offset * (int64_t)ses;
    for (int64_t p = p0; p < p1; p++) {
        int64_t rem = p, so = 0, dofs = 0, ibase = 0;
        for (int d = a->npre - 1; d >= 0; d--) {
            int64_t q = rem % a->pre[d];
            rem /= a->pre[d];
            so += q * a->src_pre[d];
            dofs += q * a->dst_pre[d];
            if (d < a->nbatch) ibase += q * a->idx_batch[d];
        }
        if (a->mode == IDX_SEGSUM) {
            for (int64_t k = 0, at = 0; k < a->K; k++) {
                int64_t c = a->seg_fixed ? a->ival : index_at(a, k);
                post_block(a, dbase + (dofs + k * a->dst_dim) * (int64_t)des, sbase + (so + at * a->src_dim) * (int64_t)ses, c);
                at += c;
            }
            continue;
        }
        for (int64_t k = 0; k < a->K; k++) {
            int64_t v = index_at_from(a, ibase, a->nbatch, k);
            if (v < 0) v += a->len;
            if (a->mode == IDX_GATHER) {
                int64_t kr = k, ko = 0;
                for (int d = a->nk - 1; d >= 0; d--) {
                    ko += (kr % a->kshape[d]) * a->dst_k[d];
                    kr /= a->kshape[d];
                }
                post_block(a, dbase + (dofs + ko) * (int64_t)des, sbase + (so + v * a->src_dim) * (int64_t)ses, 0);
            } else if (a->mode == IDX_COPY || a->mode == IDX_ADD) {
                post_block(a, dbase + (dofs + v * a->dst_dim) * (int64_t)des, sbase + (so + k * a->src_dim) * (int64_t)ses, 0);
            } else {
                post_block(a, dbase + (dofs + v * a->dst_dim) * (int64_t)des, NULL, 0);
            }
        }
    }
    return 0;
}
ACLEMU_KERNEL("IndexDim", k_index_dim);
