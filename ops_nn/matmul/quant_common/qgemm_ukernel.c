/* QuantGemm microkernels: 6 x 16 INT32 tile from int16 pairs. AVX2: 12 ymm accumulators, per
 * k pair two B vectors and six 32-bit broadcasts of A, vpmaddwd + vpaddd (exact: each product
 * fits INT16 x INT16 -> INT32, the pair sum of two INT8 products cannot overflow). */
#include <immintrin.h>
#include <string.h>

#include "qgemm_internal.h"

void qg_ukernel_scalar(int64_t kp, const int16_t *Ap, const int16_t *Bp, int32_t *C, int64_t ldc, int first)
{
    int32_t acc[QG_MR][QG_NR];
    memset(acc, 0, sizeof acc);
    for (int64_t p = 0; p < kp; p++, Ap += QG_MR * 2, Bp += QG_NR * 2)
        for (int r = 0; r < QG_MR; r++)
            for (int c = 0; c < QG_NR; c++)
                acc[r][c] = (int32_t)((uint32_t)acc[r][c] + (uint32_t)(Ap[2 * r] * Bp[2 * c] + Ap[2 * r + 1] * Bp[2 * c + 1]));
    for (int r = 0; r < QG_MR; r++)
        for (int c = 0; c < QG_NR; c++)
            C[r * ldc + c] = first ? acc[r][c] : (int32_t)((uint32_t)C[r * ldc + c] + (uint32_t)acc[r][c]);
}

#define QG_ROW(i)                                                                   \
    do {                                                                            \
        __m256i a = _mm256_set1_epi32(a32[(i)]);                                    \
        c##i##0 = _mm256_add_epi32(c##i##0, _mm256_madd_epi16(a, b0));              \
        c##i##1 = _mm256_add_epi32(c##i##1, _mm256_madd_epi16(a, b1));              \
    } while (0)

#define QG_STORE(i)                                                                         \
    do {                                                                                    \
        int32_t *r_ = C + (i) * ldc;                                                        \
        if (!first) {                                                                       \
            c##i##0 = _mm256_add_epi32(c##i##0, _mm256_loadu_si256((const __m256i *)r_));     \
            c##i##1 = _mm256_add_epi32(c##i##1, _mm256_loadu_si256((const __m256i *)(r_ + 8))); \
        }                                                                                   \
        _mm256_storeu_si256((__m256i *)r_, c##i##0);                                        \
        _mm256_storeu_si256((__m256i *)(r_ + 8), c##i##1);                                  \
    } while (0)

__attribute__((target("avx2"))) void qg_ukernel_avx2(int64_t kp, const int16_t *Ap, const int16_t *Bp, int32_t *C,
                                                     int64_t ldc, int first)
{
    __m256i c00 = _mm256_setzero_si256(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00, c30 = c00,
            c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
    for (int64_t p = 0; p < kp; p++, Ap += QG_MR * 2, Bp += QG_NR * 2) {
        const int32_t *a32 = (const int32_t *)(const void *)Ap;
        __m256i b0 = _mm256_loadu_si256((const __m256i *)Bp), b1 = _mm256_loadu_si256((const __m256i *)(Bp + 16));
        QG_ROW(0);
        QG_ROW(1);
        QG_ROW(2);
        QG_ROW(3);
        QG_ROW(4);
        QG_ROW(5);
    }
    QG_STORE(0);
    QG_STORE(1);
    QG_STORE(2);
    QG_STORE(3);
    QG_STORE(4);
    QG_STORE(5);
}

/* Row-major INT8 B (unit column stride): rows k and k+1 of 16 columns -> 32 int16 interleaved. */
__attribute__((target("avx2"))) void qg_pack_b_rows_avx2(const int8_t *x2, int64_t rs, int64_t k0, int64_t kc,
                                                         int64_t ncols, int16_t *Bp)
{
    for (int64_t k = 0; k < kc; k += 2) {
        int8_t r0[QG_NR] = {0}, r1[QG_NR] = {0};
        const int8_t *p0 = x2 + (k0 + k) * rs, *p1 = p0 + rs;
        const int has1 = k + 1 < kc;
        if (ncols == QG_NR) {
            memcpy(r0, p0, QG_NR);
            if (has1)
                memcpy(r1, p1, QG_NR);
        } else {
            memcpy(r0, p0, (size_t)ncols);
            if (has1)
                memcpy(r1, p1, (size_t)ncols);
        }
        __m256i w0 = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)r0));
        __m256i w1 = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)r1));
        /* unpack works per 128-bit lane: lo = cols 0-3 | 8-11, hi = 4-7 | 12-15; fix with a permute */
        __m256i lo = _mm256_unpacklo_epi16(w0, w1), hi = _mm256_unpackhi_epi16(w0, w1);
        _mm256_storeu_si256((__m256i *)Bp, _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256((__m256i *)(Bp + 16), _mm256_permute2x128_si256(lo, hi, 0x31));
        Bp += QG_NR * 2;
    }
}

/* Row-major INT8 A (unit column stride): `h` rows of kc elements from row pointers `rows`, into
 * one QG_MR panel (rows past h stay as the caller zeroed them). 16 k at a time: each row widened
 * to 8 int16 pairs, then the pairs regrouped per k pair (6 rows side by side). */
__attribute__((target("avx2"))) void qg_pack_a_rows_avx2(const int8_t *const *rows, int h, int64_t kc, int16_t *Ap)
{
    int32_t *dst = (int32_t *)(void *)Ap;
    int64_t k = 0;
    for (; k + 16 <= kc; k += 16) {
        int32_t tmp[QG_MR][8];
        for (int r = 0; r < h; r++)
            _mm256_storeu_si256((__m256i *)tmp[r], _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(rows[r] + k))));
        int32_t *d = dst + (k / 2) * QG_MR;
        for (int p = 0; p < 8; p++)
            for (int r = 0; r < h; r++)
                d[p * QG_MR + r] = tmp[r][p];
    }
    for (; k < kc; k++)
        for (int r = 0; r < h; r++)
            Ap[(k / 2) * QG_MR * 2 + r * 2 + (k & 1)] = rows[r][k];
}

/* n FP32 values -> FLOAT16 (F16C, round to nearest even) / BFLOAT16 (round to nearest even, NaN
 * quieted) at unit stride. */
__attribute__((target("avx2,f16c"))) void qg_store_f16_avx2(uint16_t *dst, const float *v, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128((__m128i *)(dst + i), _mm256_cvtps_ph(_mm256_loadu_ps(v + i), _MM_FROUND_TO_NEAREST_INT));
    for (; i < n; i++) {
        __m128i h = _mm_cvtps_ph(_mm_set_ss(v[i]), _MM_FROUND_TO_NEAREST_INT);
        dst[i] = (uint16_t)_mm_extract_epi16(h, 0);
    }
}

__attribute__((target("avx2"))) void qg_store_bf16_avx2(uint16_t *dst, const float *v, int64_t n)
{
    int64_t i = 0;
    const __m256i bias = _mm256_set1_epi32(0x7fff), one = _mm256_set1_epi32(1);
    for (; i + 8 <= n; i += 8) {
        __m256 f = _mm256_loadu_ps(v + i);
        __m256i u = _mm256_castps_si256(f);
        __m256i r = _mm256_add_epi32(u, _mm256_add_epi32(bias, _mm256_and_si256(_mm256_srli_epi32(u, 16), one)));
        __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q));
        r = _mm256_blendv_epi8(r, _mm256_or_si256(u, _mm256_set1_epi32(0x400000)), nan);
        r = _mm256_srli_epi32(r, 16);
        __m128i packed = _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
        _mm_storeu_si128((__m128i *)(dst + i), packed);
    }
    for (; i < n; i++) {
        uint32_t u;
        memcpy(&u, &v[i], 4);
        dst[i] = (u & 0x7fffffffu) > 0x7f800000u ? (uint16_t)((u >> 16) | 0x40u)
                                                 : (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
    }
}
