/* The factorisation cores of the linalg family, on one matrix in double, column-major
 * (element (i, j) of an m-row matrix at a[i + j * m]). Device side; no allocation, the caller
 * passes every buffer (a slice of its workspace slot). */
#ifndef OPS_MATH_LINALG_CORE_H
#define OPS_MATH_LINALG_CORE_H

#include <stdint.h>

/* Lower Cholesky factor of the n x n symmetric matrix whose lower triangle a holds, in place
 * (the strict upper triangle is set to 0). A non-positive pivot is not an error: its square
 * root is NaN (or 0, then the next divisions give Inf / NaN), as the arithmetic has it. */
void la_cholesky(double *a, int64_t n);

/* LU factorisation with partial pivoting, in place: P A = L U, L unit lower (below the
 * diagonal), U upper. piv[j] is the row swapped with j. A column with no nonzero pivot is left
 * as it is (U gets a 0 on the diagonal, as LAPACK's getrf does). Returns the permutation's sign. */
int la_lu(double *a, int64_t n, int64_t *piv);

/* x = A^-1 from la_lu's factors (x is n x n); a zero pivot gives Inf / NaN entries. */
void la_lu_inverse(const double *lu, const int64_t *piv, int64_t n, double *x);

/* Householder QR of the m x n matrix a, in place as LAPACK's geqrf stores it: R on and above
 * the diagonal, the reflectors' vectors (implicit leading 1) below, their factors in tau
 * (min(m, n) of them). R's diagonal has the sign LAPACK gives (beta = -sign(alpha) |x|). */
void la_householder_qr(double *a, int64_t m, int64_t n, double *tau);

/* The first qc columns of Q = H_0 H_1 ... H_{k-1} (k = min(m, n)) into q (m x qc). */
void la_householder_q(const double *a, int64_t m, int64_t n, const double *tau, double *q, int64_t qc);

/* SVD of the n x n matrix w by one-sided Jacobi rotations: on return w holds U (orthonormal
 * columns; those of zero singular values completed to an orthonormal basis), v holds V and s
 * the singular values in descending order, so that w_in = U diag(s) V^T; v may be NULL (V not
 * wanted). scratch: n doubles. */
void la_jacobi_svd(double *w, double *v, double *s, int64_t n, double *scratch);

#endif
