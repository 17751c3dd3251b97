/* Portable C microkernel: 4 x 16 tile. Plain loops the compiler may vectorise for the baseline ISA;
 * uses fmaf so every product-accumulate is rounded once, as on the vector paths. Only the tile's
 * valid rows/columns of C are touched. */
#include <math.h>

#include "gemm_internal.h"

#define MR 4
#define NR 16

static void ukernel_scalar(int64_t kc, const float *Ap, const float *Bp, float *C, int64_t ldc, int accumulate,
                           int64_t mrows, int64_t ncols)
{
    float acc[MR][NR] = {{0}};
    for (int64_t k = 0; k < kc; k++) {
        for (int i = 0; i < MR; i++) {
            float a = Ap[i];
            for (int j = 0; j < NR; j++) acc[i][j] = fmaf(a, Bp[j], acc[i][j]);
        }
        Ap += MR;
        Bp += NR;
    }
    for (int64_t i = 0; i < mrows; i++)
        for (int64_t j = 0; j < ncols; j++) C[i * ldc + j] = accumulate ? C[i * ldc + j] + acc[i][j] : acc[i][j];
}

const gemm_isa_impl gemm_impl_scalar = {MR, NR, ukernel_scalar};
