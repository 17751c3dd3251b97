/* AVX-512 microkernel: 8 x 48 tile (24 zmm accumulators, 3 B vectors, 1 broadcast). Narrower
 * variants (8 x 16, 8 x 32) serve the last micro-panel of N so its zero padding costs no FMAs.
 * Edge tiles store only their rows/columns (masked), so C may be the caller's output itself. */
#include <immintrin.h>

#include "gemm_internal.h"
#include "simd_avx512.h"

#define MR 8
#define NR 48
#define PF_ROWS 8

#define ROW_FMA(i)                                                 \
    do {                                                           \
        __m512 a = _mm512_set1_ps(Ap[i]);                          \
        c##i##0 = _mm512_fmadd_ps(a, b0, c##i##0);                 \
        if (NV > 1) c##i##1 = _mm512_fmadd_ps(a, b1, c##i##1);     \
        if (NV > 2) c##i##2 = _mm512_fmadd_ps(a, b2, c##i##2);     \
    } while (0)

/* EPI (a compile-time 0 / 1) with E: the store epilogue (gemm_kepi) after the accumulate, as
 * gemm_epilogue_avx512 computes it: + bias, + D (its fma with beta 1 is this add), then ReLU by
 * compare and blend (NaN stays NaN). */
#define ROW_EPI(i)                                                                              \
    do {                                                                                        \
        if (EPI) {                                                                              \
            if (E->bias_kind == GEMM_KEPI_BIAS_ROW) {                                           \
                __m512 bv = _mm512_set1_ps(E->bias[(i) * E->brs]);                              \
                c##i##0 = _mm512_add_ps(c##i##0, bv);                                           \
                if (NV > 1) c##i##1 = _mm512_add_ps(c##i##1, bv);                               \
                if (NV > 2) c##i##2 = _mm512_add_ps(c##i##2, bv);                               \
            } else if (E->bias_kind == GEMM_KEPI_BIAS_COL) {                                    \
                const float *br = E->bias + (i) * E->brs;                                       \
                c##i##0 = _mm512_add_ps(c##i##0, _mm512_maskz_loadu_ps(k0, br));                \
                if (NV > 1) c##i##1 = _mm512_add_ps(c##i##1, _mm512_maskz_loadu_ps(k1, br + 16)); \
                if (NV > 2) c##i##2 = _mm512_add_ps(c##i##2, _mm512_maskz_loadu_ps(k2, br + 32)); \
            }                                                                                   \
            if (E->add_d) {                                                                     \
                const float *dr = C + (i) * ldc + E->dshift;                                    \
                c##i##0 = _mm512_add_ps(c##i##0, _mm512_maskz_loadu_ps(k0, dr));                \
                if (NV > 1) c##i##1 = _mm512_add_ps(c##i##1, _mm512_maskz_loadu_ps(k1, dr + 16)); \
                if (NV > 2) c##i##2 = _mm512_add_ps(c##i##2, _mm512_maskz_loadu_ps(k2, dr + 32)); \
            }                                                                                   \
            if (E->relu) {                                                                      \
                const __m512 z = _mm512_setzero_ps();                                           \
                c##i##0 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(c##i##0, z, _CMP_LT_OQ), c##i##0, z); \
                if (NV > 1) c##i##1 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(c##i##1, z, _CMP_LT_OQ), c##i##1, z); \
                if (NV > 2) c##i##2 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(c##i##2, z, _CMP_LT_OQ), c##i##2, z); \
            }                                                                                   \
        }                                                                                       \
    } while (0)

#define ROW_STORE(i)                                                                            \
    do {                                                                                        \
        if ((i) < mrows) {                                                                      \
            float *r = C + (i) * ldc;                                                           \
            if (accumulate) {                                                                   \
                c##i##0 = _mm512_add_ps(c##i##0, _mm512_maskz_loadu_ps(k0, r));                 \
                if (NV > 1) c##i##1 = _mm512_add_ps(c##i##1, _mm512_maskz_loadu_ps(k1, r + 16)); \
                if (NV > 2) c##i##2 = _mm512_add_ps(c##i##2, _mm512_maskz_loadu_ps(k2, r + 32)); \
            }                                                                                   \
            ROW_EPI(i);                                                                         \
            _mm512_mask_storeu_ps(r, k0, c##i##0);                                              \
            if (NV > 1) _mm512_mask_storeu_ps(r + 16, k1, c##i##1);                             \
            if (NV > 2) _mm512_mask_storeu_ps(r + 32, k2, c##i##2);                             \
        }                                                                                       \
    } while (0)

/* C's rows are fetched (for writing) at the start: with a short K the stores would otherwise wait
 * for the lines (a bandwidth-bound tail per micro-tile); the prefetches overlap the FMAs. */
#define ROW_PREFETCH_C(i)                                                                \
    do {                                                                                 \
        if ((i) < mrows) {                                                               \
            __builtin_prefetch(C + (i) * ldc, 1, 3);                                     \
            if (NV > 1) __builtin_prefetch(C + (i) * ldc + 16, 1, 3);                    \
            if (NV > 2) __builtin_prefetch(C + (i) * ldc + 32, 1, 3);                    \
        }                                                                                \
    } while (0)

#define ROW_ZERO(i) __m512 c##i##0 = _mm512_setzero_ps(), c##i##1 = c##i##0, c##i##2 = c##i##0

static inline __mmask16 cols_mask(int64_t n) { return n >= 16 ? (__mmask16)0xffff : n <= 0 ? 0 : (__mmask16)((1u << n) - 1u); }

/* kc steps over packed panels: 3 B vectors (prefetched 8 steps ahead), 8 A broadcasts, 24 FMAs. */
#define PACKED_K_LOOP()                                                                   \
    for (int64_t k = 0; k < kc; k++) {                                                    \
        __m512 b0 = _mm512_load_ps(Bp), b1 = b0, b2 = b0;                                 \
        if (NV > 1) b1 = _mm512_load_ps(Bp + 16);                                         \
        if (NV > 2) b2 = _mm512_load_ps(Bp + 32);                                         \
        _mm_prefetch((const char *)(Bp + 8 * NR), _MM_HINT_T0);                           \
        if (NV > 1) _mm_prefetch((const char *)(Bp + 8 * NR + 16), _MM_HINT_T0);          \
        if (NV > 2) _mm_prefetch((const char *)(Bp + 8 * NR + 32), _MM_HINT_T0);          \
        ROW_FMA(0); ROW_FMA(1); ROW_FMA(2); ROW_FMA(3);                                   \
        ROW_FMA(4); ROW_FMA(5); ROW_FMA(6); ROW_FMA(7);                                   \
        Ap += MR;                                                                         \
        Bp += NR;                                                                         \
    }

#define DEFINE_KERNEL(name, NVEC, EPIV)                                                                    \
    __attribute__((target("avx512f,fma"))) static void name(int64_t kc, const float *Ap, const float *Bp,  \
                                                            float *C, int64_t ldc, int accumulate,         \
                                                            int64_t mrows, int64_t ncols, const gemm_kepi *E) \
    {                                                                                                     \
        enum { NV = NVEC, EPI = EPIV };                                                                   \
        (void)E;                                                                                          \
        ROW_ZERO(0); ROW_ZERO(1); ROW_ZERO(2); ROW_ZERO(3);                                               \
        ROW_ZERO(4); ROW_ZERO(5); ROW_ZERO(6); ROW_ZERO(7);                                               \
        ROW_PREFETCH_C(0); ROW_PREFETCH_C(1); ROW_PREFETCH_C(2); ROW_PREFETCH_C(3);                       \
        ROW_PREFETCH_C(4); ROW_PREFETCH_C(5); ROW_PREFETCH_C(6); ROW_PREFETCH_C(7);                       \
        PACKED_K_LOOP();                                                                                  \
        __mmask16 k0 = cols_mask(ncols), k1 = cols_mask(ncols - 16), k2 = cols_mask(ncols - 32);          \
        ROW_STORE(0); ROW_STORE(1); ROW_STORE(2); ROW_STORE(3);                                           \
        ROW_STORE(4); ROW_STORE(5); ROW_STORE(6); ROW_STORE(7);                                           \
    }

/* B in place (row-major FP32), prefetched PF_ROWS rows ahead (a prefetch past the matrix does not
 * fault): masked loads keep the last micro-panel inside the rows' columns. */
#define DEFINE_KERNEL_BS(name, NVEC, EPIV)                                                                  \
    __attribute__((target("avx512f,fma"))) static void name(int64_t kc, const float *Ap, const float *B,     \
                                                            int64_t ldb, float *C, int64_t ldc,             \
                                                            int accumulate, int64_t mrows, int64_t ncols,   \
                                                            const gemm_kepi *E)                             \
    {                                                                                                     \
        enum { NV = NVEC, EPI = EPIV };                                                                   \
        (void)E;                                                                                          \
        __mmask16 k0 = cols_mask(ncols), k1 = cols_mask(ncols - 16), k2 = cols_mask(ncols - 32);          \
        ROW_ZERO(0); ROW_ZERO(1); ROW_ZERO(2); ROW_ZERO(3);                                               \
        ROW_ZERO(4); ROW_ZERO(5); ROW_ZERO(6); ROW_ZERO(7);                                               \
        ROW_PREFETCH_C(0); ROW_PREFETCH_C(1); ROW_PREFETCH_C(2); ROW_PREFETCH_C(3);                       \
        ROW_PREFETCH_C(4); ROW_PREFETCH_C(5); ROW_PREFETCH_C(6); ROW_PREFETCH_C(7);                       \
        for (int64_t k = 0; k < kc; k++) {                                                                \
            __m512 b0 = _mm512_maskz_loadu_ps(k0, B), b1 = b0, b2 = b0;                                   \
            if (NV > 1) b1 = _mm512_maskz_loadu_ps(k1, B + 16);                                           \
            if (NV > 2) b2 = _mm512_maskz_loadu_ps(k2, B + 32);                                           \
            _mm_prefetch((const char *)(B + PF_ROWS * ldb), _MM_HINT_T0);                                 \
            if (NV > 1) _mm_prefetch((const char *)(B + PF_ROWS * ldb + 16), _MM_HINT_T0);                \
            if (NV > 2) _mm_prefetch((const char *)(B + PF_ROWS * ldb + 32), _MM_HINT_T0);                \
            ROW_FMA(0); ROW_FMA(1); ROW_FMA(2); ROW_FMA(3);                                               \
            ROW_FMA(4); ROW_FMA(5); ROW_FMA(6); ROW_FMA(7);                                               \
            Ap += MR;                                                                                     \
            B += ldb;                                                                                     \
        }                                                                                                 \
        ROW_STORE(0); ROW_STORE(1); ROW_STORE(2); ROW_STORE(3);                                           \
        ROW_STORE(4); ROW_STORE(5); ROW_STORE(6); ROW_STORE(7);                                           \
    }

DEFINE_KERNEL_BS(ukernel_bs_8x16, 1, 0)
DEFINE_KERNEL_BS(ukernel_bs_8x32, 2, 0)
DEFINE_KERNEL_BS(ukernel_bs_8x48, 3, 0)
DEFINE_KERNEL_BS(ukernel_bs_e_8x16, 1, 1)
DEFINE_KERNEL_BS(ukernel_bs_e_8x32, 2, 1)
DEFINE_KERNEL_BS(ukernel_bs_e_8x48, 3, 1)

static void ukernel_bs_avx512(int64_t kc, const float *Ap, const float *B, int64_t ldb, float *C, int64_t ldc,
                              int accumulate, int64_t mrows, int64_t ncols)
{
    if (ncols > 32) ukernel_bs_8x48(kc, Ap, B, ldb, C, ldc, accumulate, mrows, ncols, NULL);
    else if (ncols > 16) ukernel_bs_8x32(kc, Ap, B, ldb, C, ldc, accumulate, mrows, ncols, NULL);
    else ukernel_bs_8x16(kc, Ap, B, ldb, C, ldc, accumulate, mrows, ncols, NULL);
}

static void ukernel_bs_e_avx512(int64_t kc, const float *Ap, const float *B, int64_t ldb, float *C, int64_t ldc,
                                int accumulate, int64_t mrows, int64_t ncols, const gemm_kepi *e)
{
    if (ncols > 32) ukernel_bs_e_8x48(kc, Ap, B, ldb, C, ldc, accumulate, mrows, ncols, e);
    else if (ncols > 16) ukernel_bs_e_8x32(kc, Ap, B, ldb, C, ldc, accumulate, mrows, ncols, e);
    else ukernel_bs_e_8x16(kc, Ap, B, ldb, C, ldc, accumulate, mrows, ncols, e);
}

/* Full-width tile whose B rows are read in place from a staged convolution source (EPI: with the
 * store epilogue E). */
__attribute__((target("avx512f,fma"))) static inline __attribute__((always_inline)) void
ukernel_kp_body(int64_t kc, const float *Ap, const float *const *kptr, const int64_t *off, float *C, int64_t ldc,
                int accumulate, int64_t mrows, const gemm_kepi *E, const int EPI)
{
    enum { NV = 3 };
    (void)E;
    const __mmask16 k0 = 0xffff, k1 = 0xffff, k2 = 0xffff;
    const int64_t o0 = off[0], o1 = off[1], o2 = off[2];
    ROW_ZERO(0); ROW_ZERO(1); ROW_ZERO(2); ROW_ZERO(3);
    ROW_ZERO(4); ROW_ZERO(5); ROW_ZERO(6); ROW_ZERO(7);
    ROW_PREFETCH_C(0); ROW_PREFETCH_C(1); ROW_PREFETCH_C(2); ROW_PREFETCH_C(3);
    ROW_PREFETCH_C(4); ROW_PREFETCH_C(5); ROW_PREFETCH_C(6); ROW_PREFETCH_C(7);
    for (int64_t k = 0; k < kc; k++) {
        const float *B = kptr[k];
        __m512 b0 = _mm512_loadu_ps(B + o0), b1 = _mm512_loadu_ps(B + o1), b2 = _mm512_loadu_ps(B + o2);
        ROW_FMA(0); ROW_FMA(1); ROW_FMA(2); ROW_FMA(3);
        ROW_FMA(4); ROW_FMA(5); ROW_FMA(6); ROW_FMA(7);
        Ap += MR;
    }
    ROW_STORE(0); ROW_STORE(1); ROW_STORE(2); ROW_STORE(3);
    ROW_STORE(4); ROW_STORE(5); ROW_STORE(6); ROW_STORE(7);
}

__attribute__((target("avx512f,fma"))) static void ukernel_kp_avx512(int64_t kc, const float *Ap,
                                                                       const float *const *kptr, const int64_t *off,
                                                                       float *C, int64_t ldc, int accumulate,
                                                                       int64_t mrows)
{
    ukernel_kp_body(kc, Ap, kptr, off, C, ldc, accumulate, mrows, NULL, 0);
}

__attribute__((target("avx512f,fma"))) static void ukernel_kp_e_avx512(int64_t kc, const float *Ap,
                                                                         const float *const *kptr,
                                                                         const int64_t *off, float *C, int64_t ldc,
                                                                         int accumulate, int64_t mrows,
                                                                         const gemm_kepi *e)
{
    ukernel_kp_body(kc, Ap, kptr, off, C, ldc, accumulate, mrows, e, 1);
}

/* Sums of one K chunk rounded once (RNE) and stored as FP16/BF16 C (ldc in elements): no FP32
 * accumulator and no separate epilogue pass for a short K, where that pass was store-bound. */
#define ROW_STORE_H(i)                                                                  \
    do {                                                                                \
        if ((i) < mrows) {                                                              \
            char *r = (char *)C + (i) * ldc * 2;                                        \
            v16_store(r, dt, k0, c##i##0);                                              \
            if (NV > 1) v16_store(r + 32, dt, k1, c##i##1);                             \
            if (NV > 2) v16_store(r + 64, dt, k2, c##i##2);                             \
        }                                                                               \
    } while (0)
#define ROW_PREFETCH_H(i)                                                               \
    do {                                                                                \
        if ((i) < mrows) {                                                              \
            __builtin_prefetch((char *)C + (i) * ldc * 2, 1, 3);                        \
            if (NV > 1) __builtin_prefetch((char *)C + (i) * ldc * 2 + 64, 1, 3);       \
        }                                                                               \
    } while (0)

#define DEFINE_KERNEL_H(name, NVEC)                                                                          \
    AVX512_TARGET static void name(int64_t kc, const float *Ap, const float *Bp, void *C, int64_t ldc,      \
                                   int32_t dt, int64_t mrows, int64_t ncols)                                 \
    {                                                                                                       \
        enum { NV = NVEC };                                                                                 \
        ROW_ZERO(0); ROW_ZERO(1); ROW_ZERO(2); ROW_ZERO(3);                                                 \
        ROW_ZERO(4); ROW_ZERO(5); ROW_ZERO(6); ROW_ZERO(7);                                                 \
        ROW_PREFETCH_H(0); ROW_PREFETCH_H(1); ROW_PREFETCH_H(2); ROW_PREFETCH_H(3);                         \
        ROW_PREFETCH_H(4); ROW_PREFETCH_H(5); ROW_PREFETCH_H(6); ROW_PREFETCH_H(7);                         \
        PACKED_K_LOOP();                                                                                    \
        __mmask16 k0 = cols_mask(ncols), k1 = cols_mask(ncols - 16), k2 = cols_mask(ncols - 32);            \
        ROW_STORE_H(0); ROW_STORE_H(1); ROW_STORE_H(2); ROW_STORE_H(3);                                     \
        ROW_STORE_H(4); ROW_STORE_H(5); ROW_STORE_H(6); ROW_STORE_H(7);                                     \
    }

DEFINE_KERNEL_H(ukernel_h_8x16, 1)
DEFINE_KERNEL_H(ukernel_h_8x32, 2)
DEFINE_KERNEL_H(ukernel_h_8x48, 3)

static void ukernel_h_avx512(int64_t kc, const float *Ap, const float *Bp, void *C, int64_t ldc, int32_t dt,
                             int64_t mrows, int64_t ncols)
{
    if (ncols > 32) ukernel_h_8x48(kc, Ap, Bp, C, ldc, dt, mrows, ncols);
    else if (ncols > 16) ukernel_h_8x32(kc, Ap, Bp, C, ldc, dt, mrows, ncols);
    else ukernel_h_8x16(kc, Ap, Bp, C, ldc, dt, mrows, ncols);
}

DEFINE_KERNEL(ukernel_8x16, 1, 0)
DEFINE_KERNEL(ukernel_8x32, 2, 0)
DEFINE_KERNEL(ukernel_8x48, 3, 0)
DEFINE_KERNEL(ukernel_e_8x16, 1, 1)
DEFINE_KERNEL(ukernel_e_8x32, 2, 1)
DEFINE_KERNEL(ukernel_e_8x48, 3, 1)

static void ukernel_avx512(int64_t kc, const float *Ap, const float *Bp, float *C, int64_t ldc, int accumulate,
                           int64_t mrows, int64_t ncols)
{
    if (ncols > 32) ukernel_8x48(kc, Ap, Bp, C, ldc, accumulate, mrows, ncols, NULL);
    else if (ncols > 16) ukernel_8x32(kc, Ap, Bp, C, ldc, accumulate, mrows, ncols, NULL);
    else ukernel_8x16(kc, Ap, Bp, C, ldc, accumulate, mrows, ncols, NULL);
}

static void ukernel_e_avx512(int64_t kc, const float *Ap, const float *Bp, float *C, int64_t ldc, int accumulate,
                             int64_t mrows, int64_t ncols, const gemm_kepi *e)
{
    if (ncols > 32) ukernel_e_8x48(kc, Ap, Bp, C, ldc, accumulate, mrows, ncols, e);
    else if (ncols > 16) ukernel_e_8x32(kc, Ap, Bp, C, ldc, accumulate, mrows, ncols, e);
    else ukernel_e_8x16(kc, Ap, Bp, C, ldc, accumulate, mrows, ncols, e);
}

/* Narrow N tail, one column at a time: 8 row panels (8 x 8 rows) per pass, each an 8-lane chain
 * acc = fma(A[rows][k], B[k][j], acc) over k, then + C when accumulating: per element the same
 * operations as ROW_FMA / ROW_STORE. Panels past the last are not read (their chains stay 0 and
 * are not stored). */
#define COL_FMA(q) if ((q) < np) acc##q = _mm256_fmadd_ps(_mm256_load_ps(A0 + (q) * pstride + 8 * k), b, acc##q)
#define COL_STORE(q)                                                                   \
    do {                                                                               \
        int64_t r0 = (p0 + (q)) * MR;                                                  \
        if ((q) < np) {                                                                \
            float v[8] __attribute__((aligned(32)));                                   \
            _mm256_store_ps(v, acc##q);                                                \
            for (int64_t r = 0; r < MR && r0 + r < mrows; r++) {                       \
                float *cp = C + (r0 + r) * ldc + j;                                    \
                *cp = accumulate ? v[r] + *cp : v[r];                                  \
            }                                                                          \
        }                                                                              \
    } while (0)

__attribute__((target("avx512f,avx512vl,fma"))) static void ukernel_cols_avx512(int64_t kc, const float *Ap,
                                                                                  const float *B, int64_t ldb,
                                                                                  float *C, int64_t ldc,
                                                                                  int accumulate, int64_t mrows,
                                                                                  int64_t ncols)
{
    const int64_t npanels = (mrows + MR - 1) / MR, pstride = MR * kc;
    for (int64_t p0 = 0; p0 < npanels; p0 += 8) {
        const int64_t np = npanels - p0 < 8 ? npanels - p0 : 8;
        const float *A0 = Ap + p0 * pstride;
        for (int64_t j = 0; j < ncols; j++) {
            __m256 acc0 = _mm256_setzero_ps(), acc1 = acc0, acc2 = acc0, acc3 = acc0, acc4 = acc0, acc5 = acc0,
                   acc6 = acc0, acc7 = acc0;
            const float *bj = B + j;
            for (int64_t k = 0; k < kc; k++) {
                __m256 b = _mm256_set1_ps(bj[k * ldb]);
                COL_FMA(0); COL_FMA(1); COL_FMA(2); COL_FMA(3);
                COL_FMA(4); COL_FMA(5); COL_FMA(6); COL_FMA(7);
            }
            COL_STORE(0); COL_STORE(1); COL_STORE(2); COL_STORE(3);
            COL_STORE(4); COL_STORE(5); COL_STORE(6); COL_STORE(7);
        }
    }
}

const gemm_isa_impl gemm_impl_avx512 = {MR, NR, ukernel_avx512, ukernel_bs_avx512, ukernel_kp_avx512,
                                         ukernel_h_avx512, ukernel_cols_avx512, ukernel_e_avx512,
                                         ukernel_bs_e_avx512, ukernel_kp_e_avx512};
