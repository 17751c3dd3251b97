/* A small SIMD vocabulary so the math and the kernels are written once and
 * compiled three times (kern_avx512.c, kern_avx2.c, kern_scalar.c).
 * The including file defines exactly one of SIMD_AVX512, SIMD_AVX2,
 * SIMD_SCALAR and sets the matching `#pragma GCC target` before including.
 *   V  float lanes, VI int32 lanes, M lane mask, VN lane count.
 *   v_min/v_max follow x86 semantics: if either operand is NaN, b is returned.
 *   v_sel(m, t, f) = m ? t : f per lane. Comparisons are ordered (false on NaN)
 *   unless named *_u. */
#ifndef ACLEMU_VEC_SIMD_H
#define ACLEMU_VEC_SIMD_H

#include <stdint.h>
#include <string.h>

#define SI static inline __attribute__((always_inline))

#if defined(SIMD_AVX512)
#include <immintrin.h>
typedef __m512 V;
typedef __m512i VI;
typedef __mmask16 M;
#define VN 16
SI V v_load(const float *p) { return _mm512_loadu_ps(p); }
SI void v_store(float *p, V v) { _mm512_storeu_ps(p, v); }
SI V v_loadn(const float *p, int64_t n) { return _mm512_maskz_loadu_ps((__mmask16)((1u << n) - 1), p); }
SI void v_storen(float *p, V v, int64_t n) { _mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1), v); }
SI V v_set1(float x) { return _mm512_set1_ps(x); }
SI V v_zero(void) { return _mm512_setzero_ps(); }
SI V v_add(V a, V b) { return _mm512_add_ps(a, b); }
SI V v_sub(V a, V b) { return _mm512_sub_ps(a, b); }
SI V v_mul(V a, V b) { return _mm512_mul_ps(a, b); }
SI V v_div(V a, V b) { return _mm512_div_ps(a, b); }
SI V v_fma(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
SI V v_fnma(V a, V b, V c) { return _mm512_fnmadd_ps(a, b, c); }
SI V v_fms(V a, V b, V c) { return _mm512_fmsub_ps(a, b, c); }
SI V v_fma_exact(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
SI V v_max(V a, V b) { return _mm512_max_ps(a, b); }
SI V v_min(V a, V b) { return _mm512_min_ps(a, b); }
SI V v_sqrt(V a) { return _mm512_sqrt_ps(a); }
SI V v_round(V a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
SI VI v_as_i(V a) { return _mm512_castps_si512(a); }
SI V vi_as_v(VI a) { return _mm512_castsi512_ps(a); }
SI VI v_cvt_i(V a) { return _mm512_cvtps_epi32(a); }
SI V vi_cvt_v(VI a) { return _mm512_cvtepi32_ps(a); }
SI VI vi_set1(int32_t x) { return _mm512_set1_epi32(x); }
SI VI vi_add(VI a, VI b) { return _mm512_add_epi32(a, b); }
SI VI vi_sub(VI a, VI b) { return _mm512_sub_epi32(a, b); }
SI VI vi_and(VI a, VI b) { return _mm512_and_si512(a, b); }
SI VI vi_or(VI a, VI b) { return _mm512_or_si512(a, b); }
SI VI vi_xor(VI a, VI b) { return _mm512_xor_si512(a, b); }
#define vi_slli(a, k) _mm512_slli_epi32((a), (k))
#define vi_srli(a, k) _mm512_srli_epi32((a), (k))
#define vi_srai(a, k) _mm512_srai_epi32((a), (k))
SI VI vi_load(const int32_t *p) { return _mm512_loadu_si512(p); }
SI void vi_store(int32_t *p, VI v) { _mm512_storeu_si512(p, v); }
SI VI vi_sel(M m, VI t, VI f) { return _mm512_mask_blend_epi32(m, f, t); }
SI VI vi_iota(void) { return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
SI VI vi_mul(VI a, VI b) { return _mm512_mullo_epi32(a, b); }
SI M v_lt(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
SI M v_le(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
SI M v_gt(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
SI M v_ge(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
SI M v_eq(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ); }
SI M v_gt_u(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_NLE_UQ); } /* a > b or NaN */
SI M v_isnan(V a) { return _mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q); }
SI V v_sel(M m, V t, V f) { return _mm512_mask_blend_ps(m, f, t); }
SI M m_or(M a, M b) { return (M)(a | b); }
SI M m_and(M a, M b) { return (M)(a & b); }
SI M m_andnot(M a, M b) { return (M)(~a & b); }
SI int m_any(M a) { return a != 0; }
SI float v_hsum(V a) { return _mm512_reduce_add_ps(a); }
/* y * 2^n for integral n in [-150, 130], one rounding (denormals kept) */
SI V v_ldexp(V y, V n) { return _mm512_scalef_ps(y, n); }
/* 1/b for finite b of normal magnitude (not 0, Inf, NaN, or beyond 2^126):
 * 14-bit estimate + one Newton step (~1 ulp) */
SI V v_rcp(V b)
{
    V r = _mm512_rcp14_ps(b);
    return _mm512_fmadd_ps(_mm512_fnmadd_ps(b, r, _mm512_set1_ps(1.0f)), r, r);
}
SI float v_hmax(V a) { return _mm512_reduce_max_ps(a); }
SI float v_hmin(V a) { return _mm512_reduce_min_ps(a); }

#elif defined(SIMD_AVX2)
#include <immintrin.h>
typedef __m256 V;
typedef __m256i VI;
typedef __m256 M;
#define VN 8
SI V v_load(const float *p) { return _mm256_loadu_ps(p); }
SI void v_store(float *p, V v) { _mm256_storeu_ps(p, v); }
SI __m256i tailmask_(int64_t n)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
SI V v_loadn(const float *p, int64_t n) { return _mm256_maskload_ps(p, tailmask_(n)); }
SI void v_storen(float *p, V v, int64_t n) { _mm256_maskstore_ps(p, tailmask_(n), v); }
SI V v_set1(float x) { return _mm256_set1_ps(x); }
SI V v_zero(void) { return _mm256_setzero_ps(); }
SI V v_add(V a, V b) { return _mm256_add_ps(a, b); }
SI V v_sub(V a, V b) { return _mm256_sub_ps(a, b); }
SI V v_mul(V a, V b) { return _mm256_mul_ps(a, b); }
SI V v_div(V a, V b) { return _mm256_div_ps(a, b); }
SI V v_fma(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }
SI V v_fnma(V a, V b, V c) { return _mm256_fnmadd_ps(a, b, c); }
SI V v_fms(V a, V b, V c) { return _mm256_fmsub_ps(a, b, c); }
SI V v_fma_exact(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }
SI V v_max(V a, V b) { return _mm256_max_ps(a, b); }
SI V v_min(V a, V b) { return _mm256_min_ps(a, b); }
SI V v_sqrt(V a) { return _mm256_sqrt_ps(a); }
SI V v_round(V a) { return _mm256_round_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
SI VI v_as_i(V a) { return _mm256_castps_si256(a); }
SI V vi_as_v(VI a) { return _mm256_castsi256_ps(a); }
SI VI v_cvt_i(V a) { return _mm256_cvtps_epi32(a); }
SI V vi_cvt_v(VI a) { return _mm256_cvtepi32_ps(a); }
SI VI vi_set1(int32_t x) { return _mm256_set1_epi32(x); }
SI VI vi_add(VI a, VI b) { return _mm256_add_epi32(a, b); }
SI VI vi_sub(VI a, VI b) { return _mm256_sub_epi32(a, b); }
SI VI vi_and(VI a, VI b) { return _mm256_and_si256(a, b); }
SI VI vi_or(VI a, VI b) { return _mm256_or_si256(a, b); }
SI VI vi_xor(VI a, VI b) { return _mm256_xor_si256(a, b); }
#define vi_slli(a, k) _mm256_slli_epi32((a), (k))
#define vi_srli(a, k) _mm256_srli_epi32((a), (k))
#define vi_srai(a, k) _mm256_srai_epi32((a), (k))
SI VI vi_load(const int32_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
SI void vi_store(int32_t *p, VI v) { _mm256_storeu_si256((__m256i *)p, v); }
SI VI vi_sel(M m, VI t, VI f) { return _mm256_blendv_epi8(f, t, _mm256_castps_si256(m)); }
SI VI vi_iota(void) { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
SI VI vi_mul(VI a, VI b) { return _mm256_mullo_epi32(a, b); }
SI M v_lt(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
SI M v_le(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
SI M v_gt(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
SI M v_ge(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
SI M v_eq(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
SI M v_gt_u(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_NLE_UQ); }
SI M v_isnan(V a) { return _mm256_cmp_ps(a, a, _CMP_UNORD_Q); }
SI V v_sel(M m, V t, V f) { return _mm256_blendv_ps(f, t, m); }
SI M m_or(M a, M b) { return _mm256_or_ps(a, b); }
SI M m_and(M a, M b) { return _mm256_and_ps(a, b); }
SI M m_andnot(M a, M b) { return _mm256_andnot_ps(a, b); }
SI int m_any(M a) { return _mm256_movemask_ps(a) != 0; }
SI V v_rcp(V b)
{
    V r = _mm256_rcp_ps(b);
    r = _mm256_fmadd_ps(_mm256_fnmadd_ps(b, r, _mm256_set1_ps(1.0f)), r, r);
    return _mm256_fmadd_ps(_mm256_fnmadd_ps(b, r, _mm256_set1_ps(1.0f)), r, r);
}
SI float v_hsum(V a)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}
SI float v_hmax(V a)
{
    __m128 s = _mm_max_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
    s = _mm_max_ps(s, _mm_movehl_ps(s, s));
    s = _mm_max_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}
SI float v_hmin(V a)
{
    __m128 s = _mm_min_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
    s = _mm_min_ps(s, _mm_movehl_ps(s, s));
    s = _mm_min_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

#elif defined(SIMD_SCALAR)
#include <math.h>
typedef float V;
typedef int32_t VI;
typedef int M;
#define VN 1
SI uint32_t bits_(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
SI float float_(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
SI V v_load(const float *p) { return *p; }
SI void v_store(float *p, V v) { *p = v; }
SI V v_loadn(const float *p, int64_t n) { return n > 0 ? *p : 0.0f; }
SI void v_storen(float *p, V v, int64_t n) { if (n > 0) *p = v; }
SI V v_set1(float x) { return x; }
SI V v_zero(void) { return 0.0f; }
SI V v_add(V a, V b) { return a + b; }
SI V v_sub(V a, V b) { return a - b; }
SI V v_mul(V a, V b) { return a * b; }
SI V v_div(V a, V b) { return a / b; }
/* fmaf is a libm call without hardware FMA; a*b+c keeps the scalar path
 * fast at the cost of one extra rounding (the tests allow for it). */
SI V v_fma(V a, V b, V c) { return a * b + c; }
SI V v_fnma(V a, V b, V c) { return c - a * b; }
SI V v_fms(V a, V b, V c) { return a * b - c; }
/* single rounding where the algorithm needs it (exact product tails) */
SI V v_fma_exact(V a, V b, V c) { return fmaf(a, b, c); }
SI V v_max(V a, V b) { return a > b ? a : b; }
SI V v_min(V a, V b) { return a < b ? a : b; }
SI V v_sqrt(V a) { return sqrtf(a); }
/* valid for |a| < 2^22, which is all the math below needs */
SI V v_round(V a) { return (a + 12582912.0f) - 12582912.0f; }
SI VI v_as_i(V a) { return (int32_t)bits_(a); }
SI V vi_as_v(VI a) { return float_((uint32_t)a); }
SI VI v_cvt_i(V a) { return (int32_t)v_round(a); }
SI V vi_cvt_v(VI a) { return (float)a; }
SI VI vi_set1(int32_t x) { return x; }
SI VI vi_add(VI a, VI b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
SI VI vi_sub(VI a, VI b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
SI VI vi_and(VI a, VI b) { return a & b; }
SI VI vi_or(VI a, VI b) { return a | b; }
SI VI vi_xor(VI a, VI b) { return a ^ b; }
#define vi_slli(a, k) ((int32_t)((uint32_t)(a) << (k)))
#define vi_srli(a, k) ((int32_t)((uint32_t)(a) >> (k)))
#define vi_srai(a, k) ((int32_t)(a) >> (k))
SI VI vi_load(const int32_t *p) { return *p; }
SI void vi_store(int32_t *p, VI v) { *p = v; }
SI VI vi_sel(M m, VI t, VI f) { return m ? t : f; }
SI VI vi_iota(void) { return 0; }
SI VI vi_mul(VI a, VI b) { return (int32_t)((uint32_t)a * (uint32_t)b); }
SI M v_lt(V a, V b) { return a < b; }
SI M v_le(V a, V b) { return a <= b; }
SI M v_gt(V a, V b) { return a > b; }
SI M v_ge(V a, V b) { return a >= b; }
SI M v_eq(V a, V b) { return a == b; }
SI M v_gt_u(V a, V b) { return !(a <= b); }
SI M v_isnan(V a) { return a != a; }
SI V v_sel(M m, V t, V f) { return m ? t : f; }
SI M m_or(M a, M b) { return a | b; }
SI M m_and(M a, M b) { return a & b; }
SI M m_andnot(M a, M b) { return (!a) & b; }
SI int m_any(M a) { return a != 0; }
SI float v_hsum(V a) { return a; }
SI V v_rcp(V b) { return 1.0f / b; }
SI float v_hmax(V a) { return a; }
SI float v_hmin(V a) { return a; }
#else
#error "define SIMD_AVX512, SIMD_AVX2 or SIMD_SCALAR"
#endif

#if !defined(SIMD_AVX512)
/* y * 2^n for integral n in [-150, 130]: two exact power-of-two factors so a
 * denormal result is rounded only once */
SI V v_ldexp(V y, V n)
{
    VI ni = v_cvt_i(n);
    VI n1 = vi_srai(ni, 1);
    VI n2 = vi_sub(ni, n1);
    V s1 = vi_as_v(vi_slli(vi_add(n1, vi_set1(127)), 23));
    V s2 = vi_as_v(vi_slli(vi_add(n2, vi_set1(127)), 23));
    return v_mul(v_mul(y, s1), s2);
}
#endif

SI V v_abs(V a) { return vi_as_v(vi_and(v_as_i(a), vi_set1(0x7fffffff))); }
SI V v_neg(V a) { return vi_as_v(vi_xor(v_as_i(a), vi_set1((int32_t)0x80000000u))); }
/* copy the sign of s onto |a| */
SI V v_copysign(V a, V s)
{
    return vi_as_v(vi_or(vi_and(v_as_i(a), vi_set1(0x7fffffff)),
                         vi_and(v_as_i(s), vi_set1((int32_t)0x80000000u))));
}


/* ---- rounding to integral values (elementwise unary family, issue 10) ----
 * Whole float range, NaN kept, -0 and the sign of results rounding to zero kept
 * (floor(-0.5) = -1, ceil(-0.5) = -0, trunc(-0.5) = -0, rint(-0.5) = -0). rint
 * rounds half to even (the default MXCSR mode; torch.round). */
#if defined(SIMD_AVX512)
SI V v_floor(V a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
SI V v_ceil(V a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
SI V v_trunc(V a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
SI V v_rint(V a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
#elif defined(SIMD_AVX2)
SI V v_floor(V a) { return _mm256_round_ps(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
SI V v_ceil(V a) { return _mm256_round_ps(a, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
SI V v_trunc(V a) { return _mm256_round_ps(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
SI V v_rint(V a) { return _mm256_round_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
#else
SI V v_floor(V a) { return floorf(a); }
SI V v_ceil(V a) { return ceilf(a); }
SI V v_trunc(V a) { return truncf(a); }
SI V v_rint(V a) { return rintf(a); }
#endif

#endif
