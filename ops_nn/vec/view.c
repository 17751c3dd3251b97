#include "view.h"

#include <string.h>

#include "dtype.h"

int vec_view_init(vec_view *v, void *data, int dtype, int ndim, const int64_t *shape,
                  const int64_t *strides)
{
    if (ndim < 0 || ndim > VEC_MAX_DIMS)
        return -1;
    memset(v, 0, sizeof(*v));
    v->data = data;
    v->dtype = dtype;
    v->ndim = ndim;
    int64_t s = 1;
    for (int d = ndim - 1; d >= 0; d--) {
        v->shape[d] = shape[d];
        v->strides[d] = strides ? strides[d] : s;
        s *= shape[d];
    }
    return 0;
}

int64_t vec_view_numel(const vec_view *v)
{
    int64_t n = 1;
    for (int d = 0; d < v->ndim; d++)
        n *= v->shape[d];
    return n;
}

int vec_view_is_contiguous(const vec_view *v)
{
    int64_t s = 1;
    for (int d = v->ndim - 1; d >= 0; d--) {
        if (v->shape[d] != 1 && v->strides[d] != s)
            return 0;
        s *= v->shape[d];
    }
    return 1;
}

int vec_view_broadcast(const vec_view *in, int ndim, const int64_t *shape, vec_view *out)
{
    if (ndim > VEC_MAX_DIMS || in->ndim > ndim)
        return -1;
    vec_view r;
    memset(&r, 0, sizeof(r));
    r.data = in->data;
    r.dtype = in->dtype;
    r.ndim = ndim;
    int off = ndim - in->ndim;
    for (int d = 0; d < ndim; d++) {
        r.shape[d] = shape[d];
        if (d < off) {
            r.strides[d] = 0;
            continue;
        }
        int64_t s = in->shape[d - off];
        if (s == shape[d])
            r.strides[d] = in->strides[d - off];
        else if (s == 1)
            r.strides[d] = 0;
        else
            return -1;
    }
    *out = r;
    return 0;
}

void vec_block_range(int64_t total, int64_t block_idx, int64_t block_dim, int64_t align,
                     int64_t *begin, int64_t *end)
{
    if (align < 1) align = 1;
    if (block_dim < 1) block_dim = 1;
    int64_t units = (total + align - 1) / align;
    int64_t per = units / block_dim, rem = units % block_dim;
    int64_t ub = block_idx * per + (block_idx < rem ? block_idx : rem);
    int64_t ue = ub + per + (block_idx < rem ? 1 : 0);
    int64_t b = ub * align, e = ue * align;
    if (b > total) b = total;
    if (e > total) e = total;
    *begin = b;
    *end = e;
}

int vec_iter_init(vec_iter *it, int nops, const vec_view *const *views)
{
    if (nops < 1 || nops > VEC_ITER_MAX_OPS)
        return -1;
    memset(it, 0, sizeof(*it));
    it->nops = nops;
    int nd = views[0]->ndim;
    for (int k = 0; k < nops; k++) {
        if (views[k]->ndim != nd)
            return -1;
        for (int d = 0; d < nd; d++)
            if (views[k]->shape[d] != views[0]->shape[d])
                return -1;
        it->base[k] = views[k]->data;
        it->esize[k] = (int64_t)vec_dtype_size(views[k]->dtype);
    }
    /* drop size-1 dims, then merge dim d into d+1 when every operand steps
     * through them as one (stride[d] == stride[d+1] * shape[d+1]) */
    int n = 0;
    for (int d = 0; d < nd; d++) {
        int64_t sz = views[0]->shape[d];
        if (sz == 1)
            continue;
        if (n > 0) {
            int ok = 1;
            for (int k = 0; k < nops; k++)
                if (it->strides[k][n - 1] != views[k]->strides[d] * sz)
                    ok = 0;
            if (ok) {
                it->shape[n - 1] *= sz;
                for (int k = 0; k < nops; k++)
                    it->strides[k][n - 1] = views[k]->strides[d];
                continue;
            }
        }
        it->shape[n] = sz;
        for (int k = 0; k < nops; k++)
            it->strides[k][n] = views[k]->strides[d];
        n++;
    }
    if (n == 0) { /* a single element (rank 0 or all ones) */
        it->shape[0] = 1;
        n = 1;
    }
    /* a zero-sized dim anywhere means no elements */
    for (int d = 0; d < nd; d++)
        if (views[0]->shape[d] == 0) {
            it->shape[0] = 0;
            n = 1;
        }
    it->ndim = n;
    return 0;
}

void vec_iter_run(const vec_iter *it, int64_t begin, int64_t end, vec_iter_fn fn, void *ctx)
{
    int nd = it->ndim;
    int64_t total = 1;
    for (int d = 0; d < nd; d++)
        total *= it->shape[d];
    if (end > total) end = total;
    if (begin >= end)
        return;
    int64_t idx[VEC_MAX_DIMS];
    int64_t rem = begin;
    for (int d = nd - 1; d >= 0; d--) {
        idx[d] = rem % it->shape[d];
        rem /= it->shape[d];
    }
    int64_t inner = it->shape[nd - 1];
    int64_t istr[VEC_ITER_MAX_OPS];
    for (int k = 0; k < it->nops; k++)
        istr[k] = it->strides[k][nd - 1];
    int64_t pos = begin;
    while (pos < end) {
        char *ptrs[VEC_ITER_MAX_OPS];
        for (int k = 0; k < it->nops; k++) {
            int64_t off = 0;
            for (int d = 0; d < nd; d++)
                off += idx[d] * it->strides[k][d];
            ptrs[k] = it->base[k] + off * it->esize[k];
        }
        int64_t len = inner - idx[nd - 1];
        if (len > end - pos)
            len = end - pos;
        fn(ctx, ptrs, istr, len);
        pos += len;
        idx[nd - 1] += len;
        for (int d = nd - 1; d > 0 && idx[d] >= it->shape[d]; d--) {
            idx[d] = 0;
            idx[d - 1]++;
        }
    }
}
