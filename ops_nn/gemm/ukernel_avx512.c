/* AVX-512 microkernel: 8 x 48 tile (24 zmm accumulators, 3 B vectors, 1 broadcast). */
#include <immintrin.h>

#include "gemm_internal.h"

#define MR 8
#define NR 48

#define ROW_FMA(i)                                         \
    do {                                                   \
        __m512 a = _mm512_set1_ps(Ap[i]);                  \
        c##i##0 = _mm512_fmadd_ps(a, b0, c##i##0);         \
        c##i##1 = _mm512_fmadd_ps(a, b1, c##i##1);         \
        c##i##2 = _mm512_fmadd_ps(a, b2, c##i##2);         \
    } while (0)

#define ROW_STORE(i)                                                                   \
    do {                                                                               \
        float *r = C + (i) * ldc;                                                      \
        if (accumulate) {                                                              \
            c##i##0 = _mm512_add_ps(c##i##0, _mm512_loadu_ps(r));                      \
            c##i##1 = _mm512_add_ps(c##i##1, _mm512_loadu_ps(r + 16));                 \
            c##i##2 = _mm512_add_ps(c##i##2, _mm512_loadu_ps(r + 32));                 \
        }                                                                              \
        _mm512_storeu_ps(r, c##i##0);                                                  \
        _mm512_storeu_ps(r + 16, c##i##1);                                             \
        _mm512_storeu_ps(r + 32, c##i##2);                                             \
    } while (0)

#define ROW_ZERO(i) __m512 c##i##0 = _mm512_setzero_ps(), c##i##1 = c##i##0, c##i##2 = c##i##0

__attribute__((target("avx512f,fma"))) static void ukernel_avx512(int64_t kc, const float *Ap, const float *Bp,
                                                                 float *C, int64_t ldc, int accumulate)
{
    ROW_ZERO(0); ROW_ZERO(1); ROW_ZERO(2); ROW_ZERO(3);
    ROW_ZERO(4); ROW_ZERO(5); ROW_ZERO(6); ROW_ZERO(7);
    for (int64_t k = 0; k < kc; k++) {
        __m512 b0 = _mm512_load_ps(Bp), b1 = _mm512_load_ps(Bp + 16), b2 = _mm512_load_ps(Bp + 32);
        _mm_prefetch((const char *)(Bp + 8 * NR), _MM_HINT_T0);
        _mm_prefetch((const char *)(Bp + 8 * NR + 16), _MM_HINT_T0);
        _mm_prefetch((const char *)(Bp + 8 * NR + 32), _MM_HINT_T0);
        ROW_FMA(0); ROW_FMA(1); ROW_FMA(2); ROW_FMA(3);
        ROW_FMA(4); ROW_FMA(5); ROW_FMA(6); ROW_FMA(7);
        Ap += MR;
        Bp += NR;
    }
    ROW_STORE(0); ROW_STORE(1); ROW_STORE(2); ROW_STORE(3);
    ROW_STORE(4); ROW_STORE(5); ROW_STORE(6); ROW_STORE(7);
}

const gemm_isa_impl gemm_impl_avx512 = {MR, NR, ukernel_avx512};
