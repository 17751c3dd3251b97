/* SoftmaxV2 kernel: per row y = exp(x - max) / sum(exp(x - max)), computed in float (double for
 * DOUBLE inputs) with the sum accumulated in double; any strides. NaN in a row gives NaN; a row
 * of -inf gives NaN like torch. */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "softmax_args.h"
#ifdef ACLEMU_HAVE_VEC
#include "softmax.h" /* ops_nn/vec: vectorised softmax over contiguous (outer, len, inner) */
#endif

/* 1 if the view is row-major contiguous. */
static int is_contiguous(const aclemu_tdesc *t)
{
    int64_t s = 1;
    for (uint32_t d = t->ndim; d-- > 0;) {
        if (t->shape[d] != 1 && t->stride[d] != s)
            return 0;
        s *= t->shape[d];
    }
    return 1;
}

/* Offsets (elements) of row r's first element in x and y. */
static void row_offsets(const softmax_args *a, uint64_t r, int64_t *ox, int64_t *oy)
{
    int64_t x = a->x.offset, y = a->y.offset;
    for (int32_t d = (int32_t)a->x.ndim - 1; d >= 0; d--) {
        if (d == a->dim)
            continue;
        uint64_t n = (uint64_t)a->x.shape[d];
        int64_t i = (int64_t)(r % n);
        r /= n;
        x += i * a->x.stride[d];
        y += i * a->y.stride[d];
    }
    *ox = x;
    *oy = y;
}

static int softmax_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(softmax_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const softmax_args *a = (const softmax_args *)args;
    uint64_t s, e;
    aclemu_block_range(a->rows, a->rows_per_block, blk, &s, &e);
    int64_t len = a->x.ndim ? a->x.shape[a->dim] : 1;
    int64_t sx = a->x.ndim ? a->x.stride[a->dim] : 1, sy = a->y.ndim ? a->y.stride[a->dim] : 1;
    size_t xes = aclemu_kdtype_size(a->x.dtype), yes = aclemu_kdtype_size(a->y.dtype);
    int dbl = a->x.dtype == ACL_DOUBLE || a->y.dtype == ACL_DOUBLE;
#ifdef ACLEMU_HAVE_VEC
    if (a->x.dtype == a->y.dtype && a->x.dtype != ACL_DOUBLE && a->x.ndim && is_contiguous(&a->x) &&
        is_contiguous(&a->y)) {
        int64_t inner = 1;
        for (uint32_t d = (uint32_t)a->dim + 1; d < a->x.ndim; d++)
            inner *= a->x.shape[d];
        int64_t outer = (int64_t)a->rows / inner;
        char *xb = (char *)(uintptr_t)a->x.addr + a->x.offset * (int64_t)aclemu_kdtype_size(a->x.dtype);
        char *yb = (char *)(uintptr_t)a->y.addr + a->y.offset * (int64_t)aclemu_kdtype_size(a->y.dtype);
        if (s < e && vec_softmax(vec_buf_of(xb, a->x.dtype), vec_buf_of(yb, a->y.dtype), outer, len, inner, 0,
                                 (int64_t)s, (int64_t)e) == 0)
            return 0;
    }
#endif
    double *buf = (double *)aclemu_worker_scratch((size_t)len * sizeof(double));
    if (!buf)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (uint64_t r = s; r < e; r++) {
        int64_t ox, oy;
        row_offsets(a, r, &ox, &oy);
        const char *xp = (const char *)(uintptr_t)a->x.addr + ox * (int64_t)xes;
        char *yp = (char *)(uintptr_t)a->y.addr + oy * (int64_t)yes;
        aclemu_load_f64(buf, xp, a->x.dtype, sx * (int64_t)xes, len);
        double mx = -INFINITY;
        for (int64_t i = 0; i < len; i++)
            mx = buf[i] > mx || buf[i] != buf[i] ? buf[i] : mx;
        double sum = 0.0;
        if (dbl) {
            for (int64_t i = 0; i < len; i++) sum += (buf[i] = exp(buf[i] - mx));
        } else {
            for (int64_t i = 0; i < len; i++) sum += (buf[i] = expf((float)(buf[i] - mx)));
        }
        double inv = 1.0 / sum;
        for (int64_t i = 0; i < len; i++)
            buf[i] *= inv;
        aclemu_store_f64(yp, a->y.dtype, sy * (int64_t)yes, buf, len);
    }
    return 0;
}

ACLEMU_KERNEL("SoftmaxV2", softmax_kernel);
