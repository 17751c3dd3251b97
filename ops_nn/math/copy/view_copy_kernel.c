/* "ViewCopyStrided": the view write of aclnnViewCopy. The metadata are read on the device (the
 * real kernel's run-time path): sizes from dst_size (src_size is not consulted), both strides,
 * both storage offsets; a size or stride <= 0 writes nothing. Elements whose source or target
 * falls outside its storage are skipped. A target view that may overlap itself (the real
 * tiling's sorted-stride test) is written by block 0 alone in the TensorIterator order, so the
 * last write of that order wins; otherwise the blocks split the view. */
#include <string.h>

#include "acl/acl_base.h"

#include "aclemu_op/kernel_util.h"
#include "index_elem.h" /* ops_nn/index/index: view offsets, INT32 / INT64 values */
#include "view_copy_args.h"

typedef struct vc_view {
    int64_t ndim;
    int64_t size[ACLEMU_KMAX_RANK], sstride[ACLEMU_KMAX_RANK], dstride[ACLEMU_KMAX_RANK];
    int64_t soff, doff;
} vc_view;

/* Element offset of flat position i of t (contiguous views skip the division walk). */
static int64_t vc_where(const aclemu_tdesc *t, int contiguous, int64_t i)
{
    return contiguous ? t->offset + i : index_view_offset(t, (uint64_t)i);
}

static int vc_is_contiguous(const aclemu_tdesc *t)
{
    int64_t s = 1;
    for (int d = (int)t->ndim - 1; d >= 0; d--) {
        if (t->shape[d] != 1 && t->stride[d] != s)
            return 0;
        s *= t->shape[d];
    }
    return 1;
}

static int64_t vc_numel(const aclemu_tdesc *t)
{
    int64_t n = 1;
    for (uint32_t d = 0; d < t->ndim; d++)
        n *= t->shape[d];
    return n;
}

static int64_t vc_meta(const aclemu_tdesc *t, int64_t i)
{
    return index_elem_value((const char *)(uintptr_t)t->addr, t->dtype, index_view_offset(t, (uint64_t)i));
}

/* The real tiling's IsDstMaybeOverlapped: dims of size > 1 sorted by target stride must each
 * step past everything the smaller ones span. */
static int vc_maybe_overlapped(const vc_view *v)
{
    int64_t ss[ACLEMU_KMAX_RANK], st[ACLEMU_KMAX_RANK], n = 0;
    for (int64_t d = 0; d < v->ndim; d++) {
        if (v->size[d] == 1)
            continue;
        int64_t p = n;
        while (p > 0 && st[p - 1] > v->dstride[d]) {
            ss[p] = ss[p - 1], st[p] = st[p - 1];
            p--;
        }
        ss[p] = v->size[d], st[p] = v->dstride[d];
        n++;
    }
    int64_t span = 1;
    for (int64_t i = 0; i < n; i++) {
        if (st[i] < span)
            return 1;
        if (st[i] > (INT64_MAX - span) / (ss[i] - 1))
            return 1;
        span += (ss[i] - 1) * st[i];
    }
    return 0;
}

/* TensorIterator's dimension order (insertion sort by target stride, then source stride, larger
 * size later on ties): order[ndim - 1] varies fastest. */
static int vc_cmp(const vc_view *v, int64_t a, int64_t b)
{
    if (v->dstride[a] < v->dstride[b]) return -1;
    if (v->dstride[a] > v->dstride[b]) return 1;
    if (v->size[a] > v->size[b]) return 1;
    if (v->sstride[a] < v->sstride[b]) return -1;
    if (v->sstride[a] > v->sstride[b]) return 1;
    if (v->size[a] > v->size[b]) return 1;
    return 0;
}

static void vc_order(const vc_view *v, int64_t *order)
{
    int64_t perm[ACLEMU_KMAX_RANK];
    for (int64_t d = 0; d < v->ndim; d++)
        perm[d] = v->ndim - 1 - d;
    for (int64_t i = 1; i < v->ndim; i++)
        for (int64_t d1 = i, d0 = i - 1; d0 >= 0; d0--) {
            int c = vc_cmp(v, perm[d0], perm[d1]);
            if (c > 0) {
                int64_t t = perm[d0];
                perm[d0] = perm[d1], perm[d1] = t;
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    for (int64_t d = 0; d < v->ndim; d++)
        order[d] = perm[v->ndim - 1 - d];
}

static int view_copy_strided_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(view_copy_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const view_copy_args *a = (const view_copy_args *)args;
    if (a->rank < 1 || a->rank > ACLEMU_KMAX_RANK || a->out.dtype != a->src.dtype)
        return ACLEMU_KERNEL_BAD_ARGS;
    vc_view v;
    v.ndim = a->rank;
    int64_t view_num = 1;
    for (int64_t d = 0; d < v.ndim; d++) {
        v.size[d] = vc_meta(&a->meta[VC_DST_SIZE], d);
        v.dstride[d] = vc_meta(&a->meta[VC_DST_STRIDE], d);
        v.sstride[d] = vc_meta(&a->meta[VC_SRC_STRIDE], d);
        if (v.size[d] <= 0 || v.dstride[d] <= 0 || v.sstride[d] <= 0)
            return 0; /* the real kernel gives up on such metadata: dst_out keeps dst */
        if (view_num > INT64_MAX / v.size[d])
            return 0;
        view_num *= v.size[d];
    }
    v.doff = vc_meta(&a->meta[VC_DST_OFFSET], 0);
    v.soff = vc_meta(&a->meta[VC_SRC_OFFSET], 0);
    int64_t order[ACLEMU_KMAX_RANK];
    vc_order(&v, order);
    int64_t start = 0, end = view_num;
    if (vc_maybe_overlapped(&v)) {
        if (blk->block_idx != 0)
            return 0;
    } else {
        int64_t per = (view_num + blk->block_dim - 1) / blk->block_dim;
        start = per * blk->block_idx;
        end = start + per < view_num ? start + per : view_num;
    }
    const size_t es = aclemu_kdtype_size(a->out.dtype);
    const int64_t dst_n = vc_numel(&a->out), src_n = vc_numel(&a->src);
    const int dc = vc_is_contiguous(&a->out), sc = vc_is_contiguous(&a->src);
    char *out = (char *)(uintptr_t)a->out.addr;
    const char *src = (const char *)(uintptr_t)a->src.addr;
    int64_t coord[ACLEMU_KMAX_RANK];
    for (int64_t lin = start; lin < end; lin++) {
        if (lin == start) { /* coordinates of the first element, then an odometer in `order` */
            int64_t r = lin;
            for (int64_t k = v.ndim - 1; k >= 0; k--) {
                coord[k] = r % v.size[order[k]];
                r /= v.size[order[k]];
            }
        } else {
            for (int64_t k = v.ndim - 1; k >= 0; k--) {
                if (++coord[k] < v.size[order[k]])
                    break;
                coord[k] = 0;
            }
        }
        int64_t so = v.soff, dof = v.doff;
        for (int64_t k = 0; k < v.ndim; k++) {
            so += coord[k] * v.sstride[order[k]];
            dof += coord[k] * v.dstride[order[k]];
        }
        if (so < 0 || so >= src_n || dof < 0 || dof >= dst_n)
            continue;
        memcpy(out + vc_where(&a->out, dc, dof) * (int64_t)es, src + vc_where(&a->src, sc, so) * (int64_t)es, es);
    }
    return 0;
}

ACLEMU_KERNEL("ViewCopyStrided", view_copy_strided_kernel);
