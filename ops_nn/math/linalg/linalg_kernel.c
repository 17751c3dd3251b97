/* Device side of the batched factorisations: each block takes its range of the batch, copies
 * one matrix at a time into its double workspace slot (any dtype, any strides), runs the core
 * (linalg_core.h) and rounds the results once into the outputs' dtypes and views. */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "linalg_batch.h"
#include "linalg_core.h"

/* Element offsets of batch item bt in every view. */
static void batch_offsets(const linalg_args *a, int64_t bt, int64_t *off)
{
    for (int k = 0; k < LA_MAX_VIEWS; k++) off[k] = a->v[k].off;
    for (int d = a->nb - 1; d >= 0; d--) {
        int64_t q = bt % a->bshape[d];
        bt /= a->bshape[d];
        for (int k = 0; k < LA_MAX_VIEWS; k++) off[k] += q * a->v[k].bs[d];
    }
}

static char *elem(const linalg_view *v, int64_t off)
{
    return (char *)(uintptr_t)v->base + off * (int64_t)aclemu_kdtype_size(v->dtype);
}

/* rows x cols of the view into column-major dst (ld rows); trans: dst = the view transposed. */
static void gather(const linalg_view *v, int64_t off, double *dst, int64_t rows, int64_t cols, int trans)
{
    int64_t es = (int64_t)aclemu_kdtype_size(v->dtype);
    for (int64_t j = 0; j < cols; j++) /* dst column j: view column j, or view row j */
        aclemu_load_f64(dst + j * rows, elem(v, off + j * (trans ? v->rs : v->cs)), v->dtype, (trans ? v->cs : v->rs) * es,
                        rows);
}

/* Column j (rows entries) of the view from src. */
static void store_col(const linalg_view *v, int64_t off, int64_t j, const double *src, int64_t rows)
{
    aclemu_store_f64(elem(v, off + j * v->cs), v->dtype, v->rs * (int64_t)aclemu_kdtype_size(v->dtype), src, rows);
}

static void store_scalar(const linalg_view *v, int64_t off, double x)
{
    aclemu_store_f64(elem(v, off), v->dtype, 0, &x, 1);
}

static void run_cholesky(const linalg_args *a, const int64_t *off, double *w)
{
    int64_t n = a->m;
    gather(&a->v[0], off[0], w, n, n, a->flag_a); /* upper: factor A^T's lower triangle = A's upper */
    la_cholesky(w, n);
    if (!a->flag_a) {
        for (int64_t j = 0; j < n; j++) store_col(&a->v[1], off[1], j, w + j * n, n);
        return;
    }
    double *col = w + n * n; /* U = L^T: column j of U is row j of L */
    for (int64_t j = 0; j < n; j++) {
        for (int64_t i = 0; i < n; i++) col[i] = w[j + i * n];
        store_col(&a->v[1], off[1], j, col, n);
    }
}

static void run_inverse(const linalg_args *a, const int64_t *off, double *w)
{
    int64_t n = a->m;
    double *x = w + n * n;
    int64_t *piv = (int64_t *)(x + n * n);
    gather(&a->v[0], off[0], w, n, n, 0);
    la_lu(w, n, piv);
    la_lu_inverse(w, piv, n, x);
    for (int64_t j = 0; j < n; j++) store_col(&a->v[1], off[1], j, x + j * n, n);
}

static void run_det(const linalg_args *a, const int64_t *off, double *w)
{
    int64_t n = a->m;
    int64_t *piv = (int64_t *)(w + n * n);
    gather(&a->v[0], off[0], w, n, n, 0);
    double sign = la_lu(w, n, piv), logabs = 0.0;
    for (int64_t i = 0; i < n; i++) {
        double u = w[i + i * n];
        if (isnan(u)) { sign = NAN; logabs = NAN; break; }
        if (u == 0.0) { sign = 0.0; logabs = -INFINITY; break; }
        if (u < 0.0) sign = -sign;
        logabs += log(fabs(u));
    }
    if (a->op == LA_SLOGDET) {
        store_scalar(&a->v[1], off[1], sign);
        store_scalar(&a->v[2], off[2], logabs);
    } else { /* log det = log|det| + log(sign): NaN for a negative determinant, -Inf for 0 */
        store_scalar(&a->v[1], off[1], sign < 0.0 ? NAN : logabs);
    }
}

static void run_qr(const linalg_args *a, const int64_t *off, double *w)
{
    int64_t m = a->m, n = a->n, k = m < n ? m : n;
    double *q = w + m * n, *tau = q + m * m, *col = tau + k;
    gather(&a->v[0], off[0], w, m, n, 0);
    la_householder_qr(w, m, n, tau);
    if (!a->flag_b) {
        int64_t qc = a->flag_a ? m : k;
        la_householder_q(w, m, n, tau, q, qc);
        for (int64_t j = 0; j < qc; j++) store_col(&a->v[1], off[1], j, q + j * m, m);
    }
    int64_t rr = a->flag_a && !a->flag_b ? m : k; /* R rows */
    for (int64_t j = 0; j < n; j++) {
        for (int64_t i = 0; i < rr; i++) col[i] = i <= j ? w[i + j * m] : 0.0;
        store_col(&a->v[2], off[2], j, col, rr);
    }
}

/* SVD of B = A (m >= n) or A^T (m < n), p x q with p >= q: B = Q R, and Jacobi on R^T (its
 * columns are much closer to orthogonal than R's, so far fewer sweeps): R^T = W S Z^T, hence
 * B = (Q Z) S W^T. A full U of B adds Q's last p - q columns; A = B^T swaps the two sides. */
static void run_svd(const linalg_args *a, const int64_t *off, double *w)
{
    int64_t m = a->m, n = a->n, tr = m < n, p = tr ? n : m, q = tr ? m : n;
    double *b = w, *qm = b + p * q, *r = qm + p * p, *z = r + q * q, *s = z + q * q, *tau = s + q, *scr = tau + q;
    gather(&a->v[0], off[0], b, p, q, (int)tr);
    la_householder_qr(b, p, q, tau);
    int full = a->flag_a, uv = a->flag_b;
    for (int64_t j = 0; j < q; j++) /* r := R^T (lower triangular) */
        for (int64_t i = 0; i < q; i++) r[i + j * q] = i >= j ? b[j + i * p] : 0.0;
    la_jacobi_svd(r, uv ? z : NULL, s, q, scr);
    aclemu_store_f64(elem(&a->v[1], off[1]), a->v[1].dtype, a->v[1].rs * (int64_t)aclemu_kdtype_size(a->v[1].dtype), s, q);
    if (!uv)
        return;
    la_householder_q(b, p, q, tau, qm, full ? p : q);
    for (int64_t j = 0; j < q; j++) /* b := Q[:, :q] Z (p x q), B's left singular vectors */
        for (int64_t i = 0; i < p; i++) {
            double t = 0.0;
            for (int64_t l = 0; l < q; l++) t += qm[i + l * p] * z[l + j * q];
            b[i + j * p] = t;
        }
    /* the big side (p rows): columns of b, then Q's completion; the small side: W (q x q) */
    const linalg_view *big = &a->v[tr ? 3 : 2], *small = &a->v[tr ? 2 : 3];
    int64_t obig = off[tr ? 3 : 2], osmall = off[tr ? 2 : 3];
    for (int64_t j = 0; j < q; j++) store_col(big, obig, j, b + j * p, p);
    if (full)
        for (int64_t j = q; j < p; j++) store_col(big, obig, j, qm + j * p, p);
    for (int64_t j = 0; j < q; j++) store_col(small, osmall, j, r + j * q, q);
}

static int k_linalg(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(linalg_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const linalg_args *a = (const linalg_args *)args;
    if (a->op < 0 || a->op >= LA_OP_COUNT || a->nb < 0 || a->nb > LA_MAX_BATCH || a->m < 0 || a->n < 0 ||
        a->ws_doubles != linalg_ws_doubles(a->op, a->m, a->n) || a->per_block <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t b0 = (int64_t)blk->block_idx * a->per_block, b1 = b0 + a->per_block;
    if (b1 > a->batches) b1 = a->batches;
    double *w = (double *)(uintptr_t)a->ws + (int64_t)blk->block_idx * a->ws_doubles;
    for (int64_t bt = b0; bt < b1; bt++) {
        int64_t off[LA_MAX_VIEWS];
        batch_offsets(a, bt, off);
        switch (a->op) {
        case LA_CHOLESKY: run_cholesky(a, off, w); break;
        case LA_INVERSE: run_inverse(a, off, w); break;
        case LA_SLOGDET: case LA_LOGDET: run_det(a, off, w); break;
        case LA_QR: run_qr(a, off, w); break;
        default: run_svd(a, off, w); break;
        }
    }
    return 0;
}
ACLEMU_KERNEL("LinalgFactor", k_linalg);
