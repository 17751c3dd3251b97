/* One-sided (Hestenes) Jacobi SVD in double: plane rotations of column pairs of W (and the same
 * rotations of V = I) until every pair is orthogonal to working precision; then the column norms
 * are the singular values and the normalised columns U. Columns whose norm vanishes get an
 * orthonormal completion, so U is orthogonal even for rank-deficient input. */
#include <float.h>
#include <math.h>

#include "aclemu_op/kernel_util.h"
#include "linalg_core.h"

/* four partial sums: independent chains the CPU can overlap */
static double dot(const double *x, const double *y, int64_t n)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += x[i] * y[i];
        s1 += x[i + 1] * y[i + 1];
        s2 += x[i + 2] * y[i + 2];
        s3 += x[i + 3] * y[i + 3];
    }
    for (; i < n; i++) s0 += x[i] * y[i];
    return (s0 + s1) + (s2 + s3);
}

/* (x, y) := (c x - s y, s x + c y) */
static void rotate(double *x, double *y, int64_t n, double c, double s)
{
    for (int64_t r = 0; r < n; r++) {
        double a = x[r], b = y[r];
        x[r] = c * a - s * b;
        y[r] = s * a + c * b;
    }
}

/* Column j of u becomes a unit vector orthogonal to the columns in done[0..nd) of u. */
static void complete_column(double *u, int64_t n, int64_t j, const int64_t *done, int64_t nd)
{
    double *c = u + j * n;
    for (int64_t e = 0; e < n; e++) {
        for (int64_t i = 0; i < n; i++) c[i] = i == e;
        for (int pass = 0; pass < 2; pass++) /* twice: Gram-Schmidt's loss of orthogonality */
            for (int64_t k = 0; k < nd; k++) {
                const double *o = u + done[k] * n;
                double p = dot(o, c, n);
                for (int64_t i = 0; i < n; i++) c[i] -= p * o[i];
            }
        double nr = sqrt(dot(c, c, n));
        if (nr > 0.5) { /* e_e is far enough from the span already taken */
            for (int64_t i = 0; i < n; i++) c[i] /= nr;
            return;
        }
    }
}

ACLEMU_ISA_CLONES void la_jacobi_svd(double *w, double *v, double *s, int64_t n, double *scratch)
{
    if (v)
        for (int64_t c = 0; c < n; c++)
            for (int64_t i = 0; i < n; i++) v[i + c * n] = i == c;
    const double tol = (double)n * DBL_EPSILON;
    /* s holds the squared column norms during the sweeps, updated by each rotation and
     * recomputed every sweep (the updates drift) */
    for (int sweep = 0; sweep < 80; sweep++) {
        int rotated = 0;
        for (int64_t j = 0; j < n; j++) s[j] = dot(w + j * n, w + j * n, n);
        for (int64_t i = 0; i < n - 1; i++)
            for (int64_t j = i + 1; j < n; j++) {
                double *wi = w + i * n, *wj = w + j * n;
                double alpha = s[i], beta = s[j], gamma = dot(wi, wj, n);
                if (gamma == 0.0 || fabs(gamma) <= tol * sqrt(alpha * beta))
                    continue;
                rotated = 1;
                double zeta = (beta - alpha) / (2.0 * gamma);
                double t = copysign(1.0, zeta) / (fabs(zeta) + sqrt(1.0 + zeta * zeta));
                double cs = 1.0 / sqrt(1.0 + t * t), sn = cs * t;
                rotate(wi, wj, n, cs, sn);
                if (v) rotate(v + i * n, v + j * n, n, cs, sn);
                s[i] = alpha - t * gamma;
                s[j] = beta + t * gamma;
            }
        if (!rotated)
            break;
    }
    for (int64_t j = 0; j < n; j++) s[j] = sqrt(dot(w + j * n, w + j * n, n));
    /* descending order (selection sort of columns: n is small next to the rotations) */
    for (int64_t j = 0; j < n; j++) {
        int64_t best = j;
        for (int64_t k = j + 1; k < n; k++)
            if (s[k] > s[best]) best = k;
        if (best == j) continue;
        double t = s[j]; s[j] = s[best]; s[best] = t;
        for (int64_t r = 0; r < n; r++) {
            t = w[r + j * n]; w[r + j * n] = w[r + best * n]; w[r + best * n] = t;
            if (v) { t = v[r + j * n]; v[r + j * n] = v[r + best * n]; v[r + best * n] = t; }
        }
    }
    /* U: normalised columns; a column is "zero" below n eps of the largest value */
    int64_t *done = (int64_t *)scratch, nd = 0;
    double floor_ = n ? s[0] * tol : 0.0;
    for (int64_t j = 0; j < n; j++)
        if (s[j] > floor_ && s[j] > 0.0) {
            for (int64_t r = 0; r < n; r++) w[r + j * n] /= s[j];
            done[nd++] = j;
        }
    for (int64_t j = 0; j < n; j++)
        if (!(s[j] > floor_ && s[j] > 0.0)) {
            complete_column(w, n, j, done, nd);
            done[nd++] = j;
        }
}
