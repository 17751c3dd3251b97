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

/* The loop is written in assembly: with intrinsics GCC spilled accumulators to the stack (12
 * accumulators + 2 B vectors + broadcast + product use all 16 ymm registers). ymm0-11 hold the
 * 6 x 16 tile (row r in ymm(2r), ymm(2r+1)), ymm12/13 the B pair, ymm14 the broadcast A pair,
 * ymm15 the product. */
#define QG_ASM_ROW(r, y0, y1)                                  \
    "vpbroadcastd " #r "*4(%[ap]), %%ymm14\n\t"                \
    "vpmaddwd %%ymm12, %%ymm14, %%ymm15\n\t"                   \
    "vpaddd %%ymm15, %%" y0 ", %%" y0 "\n\t"                   \
    "vpmaddwd %%ymm13, %%ymm14, %%ymm15\n\t"                   \
    "vpaddd %%ymm15, %%" y1 ", %%" y1 "\n\t"

__attribute__((target("avx2"))) void qg_ukernel_avx2(int64_t kp, const int16_t *Ap, const int16_t *Bp, int32_t *C,
                                                     int64_t ldc, int first)
{
    int32_t acc[QG_MR][QG_NR] __attribute__((aligned(32)));
    if (kp <= 0) {
        memset(acc, 0, sizeof acc);
    } else {
        __asm__ volatile(
            "vpxor %%ymm0, %%ymm0, %%ymm0\n\t"
            "vpxor %%ymm1, %%ymm1, %%ymm1\n\t"
            "vpxor %%ymm2, %%ymm2, %%ymm2\n\t"
            "vpxor %%ymm3, %%ymm3, %%ymm3\n\t"
            "vpxor %%ymm4, %%ymm4, %%ymm4\n\t"
            "vpxor %%ymm5, %%ymm5, %%ymm5\n\t"
            "vpxor %%ymm6, %%ymm6, %%ymm6\n\t"
            "vpxor %%ymm7, %%ymm7, %%ymm7\n\t"
            "vpxor %%ymm8, %%ymm8, %%ymm8\n\t"
            "vpxor %%ymm9, %%ymm9, %%ymm9\n\t"
            "vpxor %%ymm10, %%ymm10, %%ymm10\n\t"
            "vpxor %%ymm11, %%ymm11, %%ymm11\n\t"
            "1:\n\t"
            "vmovdqu (%[bp]), %%ymm12\n\t"
            "vmovdqu 32(%[bp]), %%ymm13\n\t"
            QG_ASM_ROW(0, "ymm0", "ymm1")
            QG_ASM_ROW(1, "ymm2", "ymm3")
            QG_ASM_ROW(2, "ymm4", "ymm5")
            QG_ASM_ROW(3, "ymm6", "ymm7")
            QG_ASM_ROW(4, "ymm8", "ymm9")
            QG_ASM_ROW(5, "ymm10", "ymm11")
            "add $24, %[ap]\n\t"
            "add $64, %[bp]\n\t"
            "dec %[kp]\n\t"
            "jnz 1b\n\t"
            "vmovdqa %%ymm0, 0(%[acc])\n\t"
            "vmovdqa %%ymm1, 32(%[acc])\n\t"
            "vmovdqa %%ymm2, 64(%[acc])\n\t"
            "vmovdqa %%ymm3, 96(%[acc])\n\t"
            "vmovdqa %%ymm4, 128(%[acc])\n\t"
            "vmovdqa %%ymm5, 160(%[acc])\n\t"
            "vmovdqa %%ymm6, 192(%[acc])\n\t"
            "vmovdqa %%ymm7, 224(%[acc])\n\t"
            "vmovdqa %%ymm8, 256(%[acc])\n\t"
            "vmovdqa %%ymm9, 288(%[acc])\n\t"
            "vmovdqa %%ymm10, 320(%[acc])\n\t"
            "vmovdqa %%ymm11, 352(%[acc])\n\t"
            "vzeroupper\n\t"
            : [ap] "+r"(Ap), [bp] "+r"(Bp), [kp] "+r"(kp)
            : [acc] "r"(&acc[0][0])
            : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
              "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
    }
    for (int r = 0; r < QG_MR; r++) {
        int32_t *row = C + r * ldc;
        __m256i v0 = _mm256_load_si256((const __m256i *)acc[r]), v1 = _mm256_load_si256((const __m256i *)(acc[r] + 8));
        if (!first) {
            v0 = _mm256_add_epi32(v0, _mm256_loadu_si256((const __m256i *)row));
            v1 = _mm256_add_epi32(v1, _mm256_loadu_si256((const __m256i *)(row + 8)));
        }
        _mm256_storeu_si256((__m256i *)row, v0);
        _mm256_storeu_si256((__m256i *)(row + 8), v1);
    }
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

/* AVX-512 VNNI: the same 6 x 16 tile in six zmm accumulators (row r = zmm r, 16 INT32 lanes =
 * the 16 columns); per k pair one B load and per row one vpdpwssd with A's pair broadcast —
 * the pairwise INT16 products summed into INT32 with wrapping adds, exactly vpmaddwd + vpaddd. */
__attribute__((target("avx512f,avx512vnni"))) void qg_ukernel_avx512vnni(int64_t kp, const int16_t *Ap,
                                                                        const int16_t *Bp, int32_t *C, int64_t ldc,
                                                                        int first)
{
    typedef int32_t pair_t __attribute__((may_alias, aligned(2))); /* an (int16, int16) pair of A */
    __m512i c0 = _mm512_setzero_si512(), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0;
    for (int64_t p = 0; p < kp; p++, Ap += QG_MR * 2, Bp += QG_NR * 2) {
        const __m512i b = _mm512_loadu_si512((const void *)Bp);
        const pair_t *a = (const pair_t *)(const void *)Ap;
        c0 = _mm512_dpwssd_epi32(c0, _mm512_set1_epi32(a[0]), b);
        c1 = _mm512_dpwssd_epi32(c1, _mm512_set1_epi32(a[1]), b);
        c2 = _mm512_dpwssd_epi32(c2, _mm512_set1_epi32(a[2]), b);
        c3 = _mm512_dpwssd_epi32(c3, _mm512_set1_epi32(a[3]), b);
        c4 = _mm512_dpwssd_epi32(c4, _mm512_set1_epi32(a[4]), b);
        c5 = _mm512_dpwssd_epi32(c5, _mm512_set1_epi32(a[5]), b);
    }
    __m512i acc[QG_MR] = {c0, c1, c2, c3, c4, c5};
    for (int r = 0; r < QG_MR; r++) {
        int32_t *row = C + r * ldc;
        _mm512_storeu_si512((void *)row, first ? acc[r] : _mm512_add_epi32(acc[r], _mm512_loadu_si512((const void *)row)));
    }
}
