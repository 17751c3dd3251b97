/* Cholesky factorisation (left-looking, column by column) in double. */
#include <math.h>

#include "aclemu_op/kernel_util.h"
#include "linalg_core.h"

ACLEMU_ISA_CLONES void la_cholesky(double *a, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        double *cj = a + j * n;
        double d = cj[j];
        for (int64_t k = 0; k < j; k++) d -= a[j + k * n] * a[j + k * n];
        double ljj = sqrt(d); /* NaN for a negative pivot: no positive-definite factor */
        cj[j] = ljj;
        for (int64_t i = j + 1; i < n; i++) {
            double v = cj[i];
            for (int64_t k = 0; k < j; k++) v -= a[i + k * n] * a[j + k * n];
            cj[i] = v / ljj;
        }
        for (int64_t i = 0; i < j; i++) cj[i] = 0.0;
    }
}
