/* Device side of Sinkhorn, in double on one block (the real op caps the columns at 4096):
 * K = exp(cost); d0 = 1, d1 = 1; repeat d0 = 1 / (R (K d1 + eps)), d1 = 1 / (C (K^T d0 + eps))
 * until mean |d1 - d1_old| <= tol; p = d0[i] K[i, j] d1[j]. A NaN error never satisfies the
 * test, and eps keeps (d0, d1) drifting when the column sums are near it: the loop stops after
 * LA_SINKHORN_MAX_ITERS rounds (our bound; the real kernel's is not documented). */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "sinkhorn_args.h"

#define LA_SINKHORN_MAX_ITERS 10000


static char *elem(const linalg_view *v, int64_t off)
{
    return (char *)(uintptr_t)v->base + off * (int64_t)aclemu_kdtype_size(v->dtype);
}

static int k_sinkhorn(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(sinkhorn_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const sinkhorn_args *a = (const sinkhorn_args *)args;
    if (a->r <= 0 || a->c <= 0 || a->c > 4096) return ACLEMU_KERNEL_BAD_ARGS;
    if (blk->block_idx != 0) return 0; /* one block does it all */
    int64_t r = a->r, c = a->c, es0 = (int64_t)aclemu_kdtype_size(a->v[0].dtype), es1 = (int64_t)aclemu_kdtype_size(a->v[1].dtype);
    double *k = (double *)(uintptr_t)a->ws, *d0 = k + r * c, *d1 = d0 + r, *colsum = d1 + c;
    const double eps = 1e-8;
    for (int64_t i = 0; i < r; i++) {
        double *row = k + i * c;
        aclemu_load_f64(row, elem(&a->v[0], a->v[0].off + i * a->v[0].rs), a->v[0].dtype, a->v[0].cs * es0, c);
        for (int64_t j = 0; j < c; j++) row[j] = exp(row[j]);
    }
    for (int64_t j = 0; j < c; j++) d1[j] = 1.0;
    for (int iter = 0; iter < LA_SINKHORN_MAX_ITERS; iter++) {
        for (int64_t j = 0; j < c; j++) colsum[j] = 0.0;
        for (int64_t i = 0; i < r; i++) {
            const double *row = k + i * c;
            double s = 0.0;
            for (int64_t j = 0; j < c; j++) s += d1[j] * row[j];
            d0[i] = 1.0 / ((double)r * (s + eps));
            for (int64_t j = 0; j < c; j++) colsum[j] += d0[i] * row[j];
        }
        double err = 0.0;
        for (int64_t j = 0; j < c; j++) {
            double n1 = 1.0 / ((double)c * (colsum[j] + eps));
            err += fabs(d1[j] - n1);
            d1[j] = n1;
        }
        if (err / (double)c <= a->tol)
            break;
    }
    for (int64_t i = 0; i < r; i++) {
        double *row = k + i * c;
        for (int64_t j = 0; j < c; j++) row[j] *= d0[i] * d1[j];
        aclemu_store_f64(elem(&a->v[1], a->v[1].off + i * a->v[1].rs), a->v[1].dtype, a->v[1].cs * es1, row, c);
    }
    return 0;
}
ACLEMU_KERNEL("Sinkhorn", k_sinkhorn);
