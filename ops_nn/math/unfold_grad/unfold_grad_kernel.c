/* Device side of UnfoldGrad: each block takes a range of gradIn's elements (row-major) and
 * gathers, for each, the gradOut window elements that came from it (unfold_grad_args.h), so no
 * two blocks write the same element. Runs along gradIn's last dim share their index walk. */
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "unfold_grad_args.h"

static int k_unfold_grad(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(unfold_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const unfold_grad_args *a = (const unfold_grad_args *)args;
    const aclemu_tdesc *g = &a->grad, *o = &a->out;
    uint32_t R = o->ndim;
    if (R < 1 || R >= ACLEMU_KMAX_RANK || g->ndim != R + 1 || a->dim < 0 || a->dim >= (int64_t)R || a->step <= 0 ||
        g->shape[R] != a->size || g->shape[a->dim] != a->windows)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t numel = 1;
    for (uint32_t i = 0; i < R; i++)
        numel *= o->shape[i];
    int64_t e0 = (int64_t)blk->block_idx * a->per_block, e1 = e0 + a->per_block;
    if (e1 > numel)
        e1 = numel;
    size_t ges = aclemu_kdtype_size(g->dtype), oes = aclemu_kdtype_size(o->dtype);
    const char *gb = (const char *)(uintptr_t)g->addr;
    char *ob = (char *)(uintptr_t)o->addr;
    int64_t W = o->shape[R - 1], d = a->dim, gk = g->stride[R] * (int64_t)ges;
    double acc[ACLEMU_CHUNK], v[ACLEMU_CHUNK];
    for (int64_t e = e0; e < e1;) {
        /* a run along the last dim of gradIn: idx of its first element */
        int64_t idx[ACLEMU_KMAX_RANK], r = e;
        for (int i = (int)R - 1; i >= 0; i--) {
            idx[i] = r % o->shape[i];
            r /= o->shape[i];
        }
        int64_t c0 = idx[R - 1], m = W - c0;
        if (m > e1 - e) m = e1 - e;
        if (m > ACLEMU_CHUNK) m = ACLEMU_CHUNK;
        int64_t obase = o->offset, gbase = g->offset;
        for (uint32_t i = 0; i + 1 < R; i++) {
            obase += idx[i] * o->stride[i];
            if ((int64_t)i != d) gbase += idx[i] * g->stride[i];
        }
        for (int64_t t = 0; t < m; t++) {
            int64_t c = c0 + t, j = d == (int64_t)R - 1 ? c : idx[d];
            int64_t gpos = gbase + (d == (int64_t)R - 1 ? 0 : c * g->stride[R - 1]);
            /* windows w with 0 <= j - w * step < size */
            int64_t wlo = j - a->size + 1 <= 0 ? 0 : (j - a->size + 1 + a->step - 1) / a->step;
            int64_t whi = j / a->step;
            if (whi > a->windows - 1) whi = a->windows - 1;
            double s = 0.0;
            for (int64_t w = wlo; w <= whi; w++) {
                const char *p = gb + (gpos + w * g->stride[d]) * (int64_t)ges + (j - w * a->step) * gk;
                aclemu_load_f64(v, p, g->dtype, 0, 1);
                s += v[0];
            }
            acc[t] = s;
        }
        aclemu_store_f64(ob + (obase + c0 * o->stride[R - 1]) * (int64_t)oes, o->dtype, o->stride[R - 1] * (int64_t)oes,
                         acc, m);
        e += m;
    }
    return 0;
}
ACLEMU_KERNEL("UnfoldGrad", k_unfold_grad);
