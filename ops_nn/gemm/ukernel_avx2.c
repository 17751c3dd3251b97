/* AVX2+FMA microkernel: 6 x 16 tile (12 ymm accumulators, 2 B vectors, 1 broadcast). Edge tiles
 * go through a small stack tile so only their rows/columns of C are touched. */
#include <immintrin.h>

#include "gemm_internal.h"

#define MR 6
#define NR 16

#define ROW_FMA(i)                                      \
    do {                                                \
        __m256 a = _mm256_broadcast_ss(Ap + (i));       \
        c##i##0 = _mm256_fmadd_ps(a, b0, c##i##0);      \
        c##i##1 = _mm256_fmadd_ps(a, b1, c##i##1);      \
    } while (0)

#define ROW_STORE(i)                                                   \
    do {                                                               \
        float *r = C + (i) * ldc;                                      \
        if (accumulate) {                                              \
            c##i##0 = _mm256_add_ps(c##i##0, _mm256_loadu_ps(r));      \
            c##i##1 = _mm256_add_ps(c##i##1, _mm256_loadu_ps(r + 8));  \
        }                                                              \
        _mm256_storeu_ps(r, c##i##0);                                  \
        _mm256_storeu_ps(r + 8, c##i##1);                              \
    } while (0)

#define ROW_ZERO(i) __m256 c##i##0 = _mm256_setzero_ps(), c##i##1 = c##i##0

__attribute__((target("avx2,fma"))) static void ukernel_full(int64_t kc, const float *Ap, const float *Bp, float *C,
                                                            int64_t ldc, int accumulate)
{
    ROW_ZERO(0); ROW_ZERO(1); ROW_ZERO(2); ROW_ZERO(3); ROW_ZERO(4); ROW_ZERO(5);
    for (int64_t k = 0; k < kc; k++) {
        __m256 b0 = _mm256_load_ps(Bp), b1 = _mm256_load_ps(Bp + 8);
        ROW_FMA(0); ROW_FMA(1); ROW_FMA(2); ROW_FMA(3); ROW_FMA(4); ROW_FMA(5);
        Ap += MR;
        Bp += NR;
    }
    ROW_STORE(0); ROW_STORE(1); ROW_STORE(2); ROW_STORE(3); ROW_STORE(4); ROW_STORE(5);
}

static void ukernel_avx2(int64_t kc, const float *Ap, const float *Bp, float *C, int64_t ldc, int accumulate,
                         int64_t mrows, int64_t ncols)
{
    if (mrows == MR && ncols == NR) {
        ukernel_full(kc, Ap, Bp, C, ldc, accumulate);
        return;
    }
    float t[MR * NR];
    ukernel_full(kc, Ap, Bp, t, NR, 0);
    for (int64_t i = 0; i < mrows; i++)
        for (int64_t j = 0; j < ncols; j++) C[i * ldc + j] = accumulate ? C[i * ldc + j] + t[i * NR + j] : t[i * NR + j];
}

const gemm_isa_impl gemm_impl_avx2 = {MR, NR, ukernel_avx2};
