/* Softmax-family row driver: Softmax, LogSoftmax and their backward along one dim.
 * Contiguous FLOAT / FLOAT16 / BF16 tensors use the vectorised (outer, len, inner) kernels of
 * ops_nn/vec; strided views and DOUBLE go row by row in double. */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "act_kernel.h"
#include "softmax.h"

static int is_float_io(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

static char *base_of(const aclemu_tdesc *t)
{
    return (char *)(uintptr_t)t->addr + t->offset * (int64_t)aclemu_kdtype_size(t->dtype);
}

/* Element offset of row r's first element in t (rows enumerate every dim but `dim`). */
static int64_t row_offset(const aclemu_tdesc *t, int32_t dim, uint64_t r)
{
    int64_t off = t->offset;
    for (int32_t d = (int32_t)t->ndim - 1; d >= 0; d--) {
        if (d == dim)
            continue;
        uint64_t n = (uint64_t)t->shape[d];
        off += (int64_t)(r % n) * t->stride[d];
        r /= n;
    }
    return off;
}

static void row_f64(const act_rows_args *a, uint64_t r, double *x, double *z)
{
    const int64_t len = a->len;
    const aclemu_tdesc *ty = &a->y, *tx = &a->x, *tz = &a->z;
    int nd = tx->ndim != 0;
    size_t ye = aclemu_kdtype_size(ty->dtype), xe = aclemu_kdtype_size(tx->dtype);
    const char *xp = (const char *)(uintptr_t)tx->addr + row_offset(tx, a->dim, r) * (int64_t)xe;
    char *yp = (char *)(uintptr_t)ty->addr + row_offset(ty, a->dim, r) * (int64_t)ye;
    int64_t sx = nd ? tx->stride[a->dim] * (int64_t)xe : 0, sy = nd ? ty->stride[a->dim] * (int64_t)ye : 0;
    aclemu_load_f64(x, xp, tx->dtype, sx, len);
    if (a->op == ACT_ROW_LOG_SOFTMAX || a->op == ACT_ROW_SOFTMAX) {
        /* a NaN anywhere makes the row NaN; a row of -inf gives NaN (-inf - -inf), like torch */
        double mx = -INFINITY;
        for (int64_t i = 0; i < len; i++)
            mx = x[i] > mx || x[i] != x[i] ? x[i] : mx;
        double sum = 0.0;
        if (a->op == ACT_ROW_SOFTMAX) {
            for (int64_t i = 0; i < len; i++)
                sum += (x[i] = exp(x[i] - mx));
            double inv = 1.0 / sum;
            for (int64_t i = 0; i < len; i++)
                x[i] *= inv;
        } else {
            for (int64_t i = 0; i < len; i++)
                sum += exp(x[i] - mx);
            double lse = mx + log(sum);
            for (int64_t i = 0; i < len; i++)
                x[i] -= lse;
        }
    } else {
        size_t ze = aclemu_kdtype_size(tz->dtype);
        const char *zp = (const char *)(uintptr_t)tz->addr + row_offset(tz, a->dim, r) * (int64_t)ze;
        aclemu_load_f64(z, zp, tz->dtype, nd ? tz->stride[a->dim] * (int64_t)ze : 0, len);
        double acc = 0.0;
        if (a->op == ACT_ROW_SOFTMAX_BWD) { /* dx = y * (dy - sum(dy * y)) */
            for (int64_t i = 0; i < len; i++)
                acc += x[i] * z[i];
            for (int64_t i = 0; i < len; i++)
                x[i] = z[i] * (x[i] - acc);
        } else { /* dx = dy - exp(y) * sum(dy) */
            for (int64_t i = 0; i < len; i++)
                acc += x[i];
            for (int64_t i = 0; i < len; i++)
                x[i] -= exp(z[i]) * acc;
        }
    }
    aclemu_store_f64(yp, ty->dtype, sy, x, len);
}

int act_rows_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(act_rows_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const act_rows_args *a = (const act_rows_args *)args;
    uint64_t s, e;
    aclemu_block_range(a->rows, a->rows_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    int bwd = a->op == ACT_ROW_SOFTMAX_BWD || a->op == ACT_ROW_LOG_SOFTMAX_BWD;
    if (a->contiguous && is_float_io(a->y.dtype) && is_float_io(a->x.dtype) && (!bwd || is_float_io(a->z.dtype))) {
        vec_buf y = vec_buf_of(base_of(&a->y), a->y.dtype), x = vec_buf_of(base_of(&a->x), a->x.dtype);
        int rc = bwd ? vec_softmax_backward(x, vec_buf_of(base_of(&a->z), a->z.dtype), y, a->outer, a->len,
                                            a->inner, a->op == ACT_ROW_LOG_SOFTMAX_BWD, (int64_t)s, (int64_t)e)
                     : vec_softmax(x, y, a->outer, a->len, a->inner, a->op == ACT_ROW_LOG_SOFTMAX, (int64_t)s,
                                   (int64_t)e);
        return rc == 0 ? 0 : ACLEMU_KERNEL_BAD_ARGS;
    }
    double *buf = (double *)aclemu_worker_scratch((size_t)a->len * 2 * sizeof(double));
    if (!buf)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (uint64_t r = s; r < e; r++)
        row_f64(a, r, buf, buf + a->len);
    return 0;
}
