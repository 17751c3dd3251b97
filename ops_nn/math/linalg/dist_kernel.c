/* Device side of the p-norm distances, in double: p = 0 counts the differing features, 1 sums
 * |d|, 2 is the root of the sum of squares, Inf the largest |d|, any other p (sum |d|^p)^(1/p).
 * The gradient (torch's cdist backward) of x1[i] is sum_j grad[i, j] * dd(i, j) with, per
 * feature d = x1[i] - x2[j] and dist = cdist[i, j]: 0 for p = 0; sign(d) for p = 1;
 * d / dist for p = 2; sign(d) where |d| = dist for Inf; d |d|^(p-2) / dist^(p-1) else; 0 where
 * dist is 0. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "linalg_dist.h"

static char *elem(const linalg_view *v, int64_t off)
{
    return (char *)(uintptr_t)v->base + off * (int64_t)aclemu_kdtype_size(v->dtype);
}

static void load_row(const linalg_view *v, int64_t off, double *dst, int64_t n)
{
    aclemu_load_f64(dst, elem(v, off), v->dtype, v->cs * (int64_t)aclemu_kdtype_size(v->dtype), n);
}

static double load1(const linalg_view *v, int64_t off)
{
    double x;
    aclemu_load_f64(&x, elem(v, off), v->dtype, 0, 1);
    return x;
}

static double sgn(double d) { return d > 0 ? 1.0 : d < 0 ? -1.0 : 0.0; }

ACLEMU_ISA_CLONES static double distance(const double *a, const double *b, int64_t m, double p)
{
    double acc = 0.0;
    if (p == 0.0) {
        for (int64_t k = 0; k < m; k++) acc += a[k] != b[k];
        return acc;
    }
    if (p == 1.0) {
        for (int64_t k = 0; k < m; k++) acc += fabs(a[k] - b[k]);
        return acc;
    }
    if (p == 2.0) {
        for (int64_t k = 0; k < m; k++) acc += (a[k] - b[k]) * (a[k] - b[k]);
        return sqrt(acc);
    }
    if (isinf(p)) {
        for (int64_t k = 0; k < m; k++) {
            double d = fabs(a[k] - b[k]);
            if (d > acc || isnan(d)) acc = d;
        }
        return acc;
    }
    for (int64_t k = 0; k < m; k++) acc += pow(fabs(a[k] - b[k]), p);
    return pow(acc, 1.0 / p);
}

/* offsets of batch item bt (over shape) in views v[0..nv) */
static void batch_off(const linalg_dist_args *a, const int64_t *shape, int64_t bt, int nv, int64_t *off)
{
    for (int k = 0; k < nv; k++) off[k] = a->v[k].off;
    for (int d = a->nb - 1; d >= 0; d--) {
        int64_t q = bt % shape[d];
        bt /= shape[d];
        for (int k = 0; k < nv; k++) off[k] += q * a->v[k].bs[d];
    }
}

static void run_cdist(const linalg_dist_args *a, int64_t it, double *w)
{
    int64_t bt = it / a->P, i = it % a->P, off[3];
    batch_off(a, a->bshape, bt, 3, off);
    double *x = w, *y = w + a->M;
    load_row(&a->v[0], off[0] + i * a->v[0].rs, x, a->M);
    for (int64_t j = 0; j < a->R; j++) {
        load_row(&a->v[1], off[1] + j * a->v[1].rs, y, a->M);
        double d = distance(x, y, a->M, a->p);
        aclemu_store_f64(elem(&a->v[2], off[2] + i * a->v[2].rs + j * a->v[2].cs), a->v[2].dtype, 0, &d, 1);
    }
}

static void run_pdist(const linalg_dist_args *a, int64_t i, double *w)
{
    int64_t n = a->P, base = i * n - i * (i + 1) / 2; /* pairs before row i */
    double *x = w, *y = w + a->M;
    load_row(&a->v[0], a->v[0].off + i * a->v[0].rs, x, a->M);
    for (int64_t j = i + 1; j < n; j++) {
        load_row(&a->v[0], a->v[0].off + j * a->v[0].rs, y, a->M);
        double d = distance(x, y, a->M, a->p);
        aclemu_store_f64(elem(&a->v[2], a->v[2].off + (base + j - i - 1) * a->v[2].rs), a->v[2].dtype, 0, &d, 1);
    }
}

static void run_cdist_grad(const linalg_dist_args *a, int64_t it, double *w)
{
    int64_t b1 = it / a->P, i = it % a->P, nbc = 1;
    for (int d = 0; d < a->nb; d++) nbc *= a->bshape[d];
    int64_t q1[LA_MAX_BATCH], rem = b1;
    for (int d = a->nb - 1; d >= 0; d--) { q1[d] = rem % a->x1shape[d]; rem /= a->x1shape[d]; }
    double *x = w, *y = w + a->M, *g = w + 2 * a->M, p = a->p;
    for (int64_t k = 0; k < a->M; k++) g[k] = 0.0;
    int loaded = 0;
    for (int64_t bt = 0; bt < nbc; bt++) {
        int64_t q = bt, ok = 1;
        for (int d = a->nb - 1; d >= 0; d--) { /* cdist's batch entries that land on x1's */
            int64_t qd = q % a->bshape[d];
            q /= a->bshape[d];
            if (a->x1shape[d] != 1 && qd != q1[d]) ok = 0;
        }
        if (!ok) continue;
        int64_t off[5];
        batch_off(a, a->bshape, bt, 5, off); /* x1's and out's batch strides are 0 where they broadcast */
        if (!loaded) { load_row(&a->v[1], off[1] + i * a->v[1].rs, x, a->M); loaded = 1; }
        for (int64_t j = 0; j < a->R; j++) {
            double gr = load1(&a->v[0], off[0] + i * a->v[0].rs + j * a->v[0].cs);
            double dist = load1(&a->v[3], off[3] + i * a->v[3].rs + j * a->v[3].cs);
            if (p == 0.0 || dist == 0.0) continue;
            load_row(&a->v[2], off[2] + j * a->v[2].rs, y, a->M);
            for (int64_t k = 0; k < a->M; k++) {
                double d = x[k] - y[k], dd;
                if (p == 1.0) dd = sgn(d);
                else if (p == 2.0) dd = d / dist;
                else if (isinf(p)) dd = fabs(d) == dist ? sgn(d) : 0.0;
                else dd = d * pow(fabs(d), p - 2.0) / pow(dist, p - 1.0);
                if (d == 0.0) dd = 0.0; /* |d|^(p-2) at 0 for p < 2 */
                g[k] += gr * dd;
            }
        }
    }
    int64_t oo = a->v[4].off; /* out has x1's shape: offset from x1's own batch index */
    for (int d = 0; d < a->nb; d++) oo += q1[d] * a->v[4].bs[d];
    aclemu_store_f64(elem(&a->v[4], oo + i * a->v[4].rs), a->v[4].dtype, a->v[4].cs * (int64_t)aclemu_kdtype_size(a->v[4].dtype),
                     g, a->M);
}

static int k_linalg_dist(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(linalg_dist_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const linalg_dist_args *a = (const linalg_dist_args *)args;
    if (a->op < 0 || a->op >= LD_OP_COUNT || a->nb < 0 || a->nb > LA_MAX_BATCH || a->M < 0 || a->P <= 0 ||
        a->per_block <= 0 || a->ws_doubles != 3 * a->M + 1)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t i0 = (int64_t)blk->block_idx * a->per_block, i1 = i0 + a->per_block;
    if (i1 > a->items) i1 = a->items;
    double *w = (double *)(uintptr_t)a->ws + (int64_t)blk->block_idx * a->ws_doubles;
    for (int64_t it = i0; it < i1; it++) {
        if (a->op == LD_CDIST) run_cdist(a, it, w);
        else if (a->op == LD_PDIST) run_pdist(a, it, w);
        else run_cdist_grad(a, it, w);
    }
    return 0;
}
ACLEMU_KERNEL("LinalgDist", k_linalg_dist);
