/* LU factorisation with partial pivoting and the inverse from it, in double. */
#include <math.h>

#include "aclemu_op/kernel_util.h"
#include "linalg_core.h"

ACLEMU_ISA_CLONES int la_lu(double *a, int64_t n, int64_t *piv)
{
    int sign = 1;
    for (int64_t j = 0; j < n; j++) {
        int64_t p = j;
        double best = fabs(a[j + j * n]);
        for (int64_t i = j + 1; i < n; i++)
            if (fabs(a[i + j * n]) > best) { best = fabs(a[i + j * n]); p = i; }
        piv[j] = p;
        if (p != j) {
            sign = -sign;
            for (int64_t c = 0; c < n; c++) {
                double t = a[j + c * n];
                a[j + c * n] = a[p + c * n];
                a[p + c * n] = t;
            }
        }
        double d = a[j + j * n];
        if (d == 0.0) /* the column below is zero too: nothing to eliminate */
            continue;
        for (int64_t i = j + 1; i < n; i++) a[i + j * n] /= d;
        for (int64_t c = j + 1; c < n; c++) {
            double u = a[j + c * n];
            if (u == 0.0) continue;
            double *col = a + c * n;
            const double *l = a + j * n;
            for (int64_t i = j + 1; i < n; i++) col[i] -= l[i] * u;
        }
    }
    return sign;
}

ACLEMU_ISA_CLONES void la_lu_inverse(const double *lu, const int64_t *piv, int64_t n, double *x)
{
    /* X = U^-1 L^-1 P: solve L U X = P I column by column */
    for (int64_t c = 0; c < n; c++) {
        double *col = x + c * n;
        for (int64_t i = 0; i < n; i++) col[i] = i == c;
    }
    for (int64_t j = 0; j < n; j++) /* apply the row swaps in order to every column */
        if (piv[j] != j)
            for (int64_t c = 0; c < n; c++) {
                double t = x[j + c * n];
                x[j + c * n] = x[piv[j] + c * n];
                x[piv[j] + c * n] = t;
            }
    for (int64_t c = 0; c < n; c++) {
        double *col = x + c * n;
        for (int64_t k = 0; k < n; k++) { /* forward: unit lower L */
            double v = col[k];
            if (v == 0.0) continue;
            const double *l = lu + k * n;
            for (int64_t i = k + 1; i < n; i++) col[i] -= l[i] * v;
        }
        for (int64_t k = n - 1; k >= 0; k--) { /* backward: U */
            col[k] /= lu[k + k * n];
            double v = col[k];
            const double *u = lu + k * n;
            for (int64_t i = 0; i < k; i++) col[i] -= u[i] * v;
        }
    }
}
