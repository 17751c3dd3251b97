/* AVX-512 helpers shared by the packers and the epilogue: loads that convert any operand dtype to
 * FP32 lanes, the cube math roundings, and stores that round once to the output dtype. */
#ifndef ACLEMU_GEMM_SIMD_AVX512_H
#define ACLEMU_GEMM_SIMD_AVX512_H

#include <immintrin.h>

#include "gemm_internal.h"

#define AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,fma,f16c")))

AVX512_TARGET static inline __m512 v16_load(const void *p, int32_t dt, __mmask16 m)
{
    if (dt == GEMM_F32) return _mm512_maskz_loadu_ps(m, p);
    __m256i h = _mm256_maskz_loadu_epi16(m, p);
    if (dt == GEMM_F16) return _mm512_cvtph_ps(h);
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
}

AVX512_TARGET static inline __m256 v8_load(const void *p, int32_t dt, __mmask8 m)
{
    if (dt == GEMM_F32) return _mm256_maskz_loadu_ps(m, p);
    __m128i h = _mm_maskz_loadu_epi16(m, p);
    if (dt == GEMM_F16) return _mm256_cvtph_ps(h);
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
}

/* FP32 -> HF32 (RNE or RTZ), NaN kept NaN (quieted), inf kept. */
AVX512_TARGET static inline __m512 v16_hf32(__m512 x, int rtz)
{
    __m512i u = _mm512_castps_si512(x);
    __m512i expmask = _mm512_set1_epi32(0x7f800000);
    __mmask16 special = _mm512_cmpeq_epi32_mask(_mm512_and_si512(u, expmask), expmask);
    __m512i r = u;
    if (!rtz) {
        __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 13), _mm512_set1_epi32(1));
        r = _mm512_add_epi32(r, _mm512_add_epi32(_mm512_set1_epi32(0xfff), lsb));
    }
    r = _mm512_and_si512(r, _mm512_set1_epi32((int)0xffffe000u));
    __mmask16 nan = _mm512_mask_cmpneq_epi32_mask(special, _mm512_and_si512(u, _mm512_set1_epi32(0x7fffff)),
                                                   _mm512_setzero_si512());
    r = _mm512_mask_mov_epi32(r, special, u);
    r = _mm512_mask_or_epi32(r, nan, r, _mm512_set1_epi32(0x400000));
    return _mm512_castsi512_ps(r);
}

AVX512_TARGET static inline __m512 v16_fp16_round(__m512 x)
{
    return _mm512_cvtph_ps(_mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

AVX512_TARGET static inline __m512 v16_math(const gemm_plan *p, int32_t dt, __m512 x)
{
    if (p->d.math == GEMM_MATH_FP16) return dt == GEMM_F16 ? x : v16_fp16_round(x);
    if (p->d.math == GEMM_MATH_HF32 && dt == GEMM_F32) return v16_hf32(x, p->d.hf32_round);
    return x;
}

AVX512_TARGET static inline __m256 v8_math(const gemm_plan *p, int32_t dt, __m256 x)
{
    if (p->d.math == GEMM_MATH_KEEP || (p->d.math == GEMM_MATH_HF32 && dt != GEMM_F32) ||
        (p->d.math == GEMM_MATH_FP16 && dt == GEMM_F16))
        return x;
    return _mm512_castps512_ps256(v16_math(p, dt, _mm512_castps256_ps512(x)));
}

/* Stores 16 lanes (mask m) rounded once (RNE) to dtype dt. Full vectors use plain stores, and the
 * FP16 conversion is kept in a register: folded into VCVTPS2PH with a memory operand it is
 * microcoded on AMD Zen 4/5. */
AVX512_TARGET static inline void v16_store(void *p, int32_t dt, __mmask16 m, __m512 x)
{
    if (dt == GEMM_F32) {
        if (m == 0xffff) _mm512_storeu_ps(p, x);
        else _mm512_mask_storeu_ps(p, m, x);
        return;
    }
    __m256i h;
    if (dt == GEMM_F16) {
        h = _mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    } else {
        __m512i u = _mm512_castps_si512(x);
        __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
        __m512i r = _mm512_srli_epi32(_mm512_add_epi32(u, _mm512_add_epi32(_mm512_set1_epi32(0x7fff), lsb)), 16);
        __mmask16 nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
        r = _mm512_mask_or_epi32(r, nan, _mm512_srli_epi32(u, 16), _mm512_set1_epi32(0x40));
        h = _mm512_cvtepi32_epi16(r);
    }
    __asm__("" : "+v"(h));
    if (m == 0xffff) _mm256_storeu_si256((__m256i *)p, h);
    else _mm256_mask_storeu_epi16(p, m, h);
}

/* 16 x 16 FP32 transpose in registers (B panels of operands contiguous along K). */
AVX512_TARGET static inline void tr16x16(__m512 r[16])
{
    __m512 t[16];
    for (int i = 0; i < 8; i++) {
        t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    for (int g = 0; g < 4; g++) {
        r[4 * g + 0] = _mm512_shuffle_ps(t[4 * g], t[4 * g + 2], 0x44);
        r[4 * g + 1] = _mm512_shuffle_ps(t[4 * g], t[4 * g + 2], 0xEE);
        r[4 * g + 2] = _mm512_shuffle_ps(t[4 * g + 1], t[4 * g + 3], 0x44);
        r[4 * g + 3] = _mm512_shuffle_ps(t[4 * g + 1], t[4 * g + 3], 0xEE);
    }
    for (int j = 0; j < 4; j++) {
        __m512 x0 = _mm512_shuffle_f32x4(r[j], r[4 + j], 0x88), x1 = _mm512_shuffle_f32x4(r[j], r[4 + j], 0xDD);
        __m512 y0 = _mm512_shuffle_f32x4(r[8 + j], r[12 + j], 0x88),
               y1 = _mm512_shuffle_f32x4(r[8 + j], r[12 + j], 0xDD);
        t[j] = _mm512_shuffle_f32x4(x0, y0, 0x88);
        t[8 + j] = _mm512_shuffle_f32x4(x0, y0, 0xDD);
        t[4 + j] = _mm512_shuffle_f32x4(x1, y1, 0x88);
        t[12 + j] = _mm512_shuffle_f32x4(x1, y1, 0xDD);
    }
    for (int i = 0; i < 16; i++) r[i] = t[i];
}

static inline __mmask16 mask16(int64_t n) { return n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1u); }
static inline __mmask8 mask8(int64_t n) { return n >= 8 ? (__mmask8)0xff : (__mmask8)((1u << n) - 1u); }

#endif
