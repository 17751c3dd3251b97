/* Device side of TriangularSolve: forward / back substitution of one right-hand-side column in
 * double (the column lives in the block's workspace slot), rounded once into xOut. A' = A or
 * its transpose; lower A' is solved top-down, upper bottom-up; a unit diagonal is not read. A
 * zero on the diagonal gives Inf / NaN, as the division does on the card. */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "linalg_args.h"

static inline double ld(const char *base, int32_t dt, int64_t off)
{
    if (dt == 0) { float f; memcpy(&f, base + off * 4, 4); return f; }
    double d;
    memcpy(&d, base + off * 8, 8);
    return d;
}

static int k_trisolve(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(trisolve_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const trisolve_args *a = (const trisolve_args *)args;
    if (a->nb < 0 || a->nb > TS_MAX_BATCH || a->m <= 0 || a->n <= 0 || (a->dtype != 0 && a->dtype != 11))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t i0 = (int64_t)blk->block_idx * a->items_per_block, i1 = i0 + a->items_per_block;
    if (i1 > a->items) i1 = a->items;
    double *x = (double *)(uintptr_t)a->ws + (int64_t)blk->block_idx * a->m;
    const char *B = (const char *)(uintptr_t)a->b, *A = (const char *)(uintptr_t)a->a;
    char *X = (char *)(uintptr_t)a->x;
    int64_t m = a->m;
    /* A' = A (lower: top-down) or its transpose; lower(A') == upper XOR transpose is false */
    int lower = a->upper == a->transpose;
    int64_t ars = a->transpose ? a->a_cs : a->a_rs, acs = a->transpose ? a->a_rs : a->a_cs;
    for (int64_t it = i0; it < i1; it++) {
        int64_t col = it % a->n, bt = it / a->n, bo = a->b_off, ao = a->a_off, xo = a->x_off;
        for (int d = a->nb - 1; d >= 0; d--) {
            int64_t q = bt % a->bshape[d];
            bt /= a->bshape[d];
            bo += q * a->bb[d];
            ao += q * a->ab[d];
            xo += q * a->xb[d];
        }
        for (int64_t s = 0; s < m; s++) {
            int64_t i = lower ? s : m - 1 - s;
            double v = ld(B, a->dtype, bo + i * a->b_rs + col * a->b_cs);
            if (lower)
                for (int64_t k = 0; k < i; k++) v -= ld(A, a->dtype, ao + i * ars + k * acs) * x[k];
            else
                for (int64_t k = i + 1; k < m; k++) v -= ld(A, a->dtype, ao + i * ars + k * acs) * x[k];
            x[i] = a->unitriangular ? v : v / ld(A, a->dtype, ao + i * ars + i * acs);
        }
        for (int64_t i = 0; i < m; i++) {
            int64_t off = xo + i * a->x_rs + col * a->x_cs;
            if (a->dtype == 0) { float f = (float)x[i]; memcpy(X + off * 4, &f, 4); }
            else memcpy(X + off * 8, &x[i], 8);
        }
    }
    return 0;
}
ACLEMU_KERNEL("TriangularSolve", k_trisolve);
