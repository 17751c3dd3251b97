/* Householder QR (LAPACK geqrf / orgqr conventions) in double. */
#include <math.h>

#include "aclemu_op/kernel_util.h"
#include "linalg_core.h"

ACLEMU_ISA_CLONES void la_householder_qr(double *a, int64_t m, int64_t n, double *tau)
{
    int64_t k = m < n ? m : n;
    for (int64_t j = 0; j < k; j++) {
        double *x = a + j + j * m; /* x[0 .. m-j) */
        int64_t len = m - j;
        double scale = 0.0, ssq = 1.0; /* |x[1:]| without overflow */
        for (int64_t i = 1; i < len; i++)
            if (x[i] != 0.0) {
                double ax = fabs(x[i]);
                if (scale < ax) { ssq = 1.0 + ssq * (scale / ax) * (scale / ax); scale = ax; }
                else ssq += (ax / scale) * (ax / scale);
            }
        double xnorm = scale * sqrt(ssq), alpha = x[0];
        if (xnorm == 0.0) { tau[j] = 0.0; continue; } /* H = I */
        double beta = -copysign(hypot(alpha, xnorm), alpha);
        tau[j] = (beta - alpha) / beta;
        double inv = 1.0 / (alpha - beta);
        for (int64_t i = 1; i < len; i++) x[i] *= inv;
        x[0] = beta;
        for (int64_t c = j + 1; c < n; c++) { /* apply H = I - tau v v^T, v = (1, x[1:]) */
            double *y = a + j + c * m;
            double w = y[0];
            for (int64_t i = 1; i < len; i++) w += x[i] * y[i];
            w *= tau[j];
            y[0] -= w;
            for (int64_t i = 1; i < len; i++) y[i] -= w * x[i];
        }
    }
}

ACLEMU_ISA_CLONES void la_householder_q(const double *a, int64_t m, int64_t n, const double *tau, double *q, int64_t qc)
{
    int64_t k = m < n ? m : n;
    for (int64_t c = 0; c < qc; c++)
        for (int64_t i = 0; i < m; i++) q[i + c * m] = i == c;
    for (int64_t j = k - 1; j >= 0; j--) { /* backward accumulation: columns < j stay e_c */
        if (tau[j] == 0.0) continue;
        const double *x = a + j + j * m;
        int64_t len = m - j;
        for (int64_t c = j; c < qc; c++) {
            double *y = q + j + c * m;
            double w = y[0];
            for (int64_t i = 1; i < len; i++) w += x[i] * y[i];
            w *= tau[j];
            y[0] -= w;
            for (int64_t i = 1; i < len; i++) y[i] -= w * x[i];
        }
    }
}
