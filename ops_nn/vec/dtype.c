/* Bulk FP16/BF16 <-> FP32 converters with run-time ISA choice.
 * BF16 rounding is done with integer lanes rather than VCVTNEPS2BF16: that
 * instruction flushes denormal inputs to zero, which is not IEEE-correct. */
#include "dtype.h"

#include <immintrin.h>

#include "isa.h"

size_t vec_dtype_size(int dtype)
{
    switch (dtype) {
    case VEC_DT_FLOAT: case VEC_DT_INT32: case VEC_DT_UINT32: return 4;
    case VEC_DT_FLOAT16: case VEC_DT_BF16: case VEC_DT_INT16: case VEC_DT_UINT16: return 2;
    case VEC_DT_INT8: case VEC_DT_UINT8: case VEC_DT_BOOL: return 1;
    case VEC_DT_INT64: case VEC_DT_UINT64: case VEC_DT_DOUBLE: case VEC_DT_COMPLEX64: return 8;
    case VEC_DT_COMPLEX128: return 16;
    default: return 0;
    }
}

int vec_dtype_is_float_io(int dtype)
{
    return dtype == VEC_DT_FLOAT || dtype == VEC_DT_FLOAT16 || dtype == VEC_DT_BF16;
}

/* ---- AVX-512 ---- */
__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,f16c")))
static void f16_to_f32_avx512(const uint16_t *s, float *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(d + i, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(s + i))));
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        __m256i h = _mm256_maskz_loadu_epi16(m, s + i);
        _mm512_mask_storeu_ps(d + i, m, _mm512_cvtph_ps(h));
    }
}

__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,f16c")))
static void f32_to_f16_avx512(const float *s, uint16_t *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm256_storeu_si256((__m256i *)(d + i),
                            _mm512_cvtps_ph(_mm512_loadu_ps(s + i), _MM_FROUND_TO_NEAREST_INT));
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        __m256i h = _mm512_cvtps_ph(_mm512_maskz_loadu_ps(m, s + i), _MM_FROUND_TO_NEAREST_INT);
        _mm256_mask_storeu_epi16(d + i, m, h);
    }
}

__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
static void bf16_to_f32_avx512(const uint16_t *s, float *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i w = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(s + i)));
        _mm512_storeu_si512(d + i, _mm512_slli_epi32(w, 16));
    }
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        __m512i w = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, s + i));
        _mm512_mask_storeu_epi32(d + i, m, _mm512_slli_epi32(w, 16));
    }
}

__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
static inline __m256i bf16_round16(__m512 x)
{
    __m512i u = _mm512_castps_si512(x);
    __m512i odd = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    __m512i r = _mm512_add_epi32(u, _mm512_add_epi32(odd, _mm512_set1_epi32(0x7fff)));
    __mmask16 nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
    r = _mm512_mask_or_epi32(r, nan, u, _mm512_set1_epi32(0x00400000));
    return _mm512_cvtepi32_epi16(_mm512_srli_epi32(r, 16));
}

__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
static void f32_to_bf16_avx512(const float *s, uint16_t *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm256_storeu_si256((__m256i *)(d + i), bf16_round16(_mm512_loadu_ps(s + i)));
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        _mm256_mask_storeu_epi16(d + i, m, bf16_round16(_mm512_maskz_loadu_ps(m, s + i)));
    }
}

/* ---- AVX2 + F16C (tails go to the scalar code) ---- */
__attribute__((target("avx2,fma,f16c")))
static void f16_to_f32_avx2(const uint16_t *s, float *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(d + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(s + i))));
    for (; i < n; i++) d[i] = vec_f16_to_f32(s[i]);
}

__attribute__((target("avx2,fma,f16c")))
static void f32_to_f16_avx2(const float *s, uint16_t *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128((__m128i *)(d + i),
                         _mm256_cvtps_ph(_mm256_loadu_ps(s + i), _MM_FROUND_TO_NEAREST_INT));
    for (; i < n; i++) d[i] = vec_f32_to_f16(s[i]);
}

__attribute__((target("avx2,fma,f16c")))
static void bf16_to_f32_avx2(const uint16_t *s, float *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(s + i)));
        _mm256_storeu_si256((__m256i *)(d + i), _mm256_slli_epi32(w, 16));
    }
    for (; i < n; i++) d[i] = vec_bf16_to_f32(s[i]);
}

__attribute__((target("avx2,fma,f16c")))
static void f32_to_bf16_avx2(const float *s, uint16_t *d, int64_t n)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 x = _mm256_loadu_ps(s + i);
        __m256i u = _mm256_castps_si256(x);
        __m256i odd = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
        __m256i r = _mm256_add_epi32(u, _mm256_add_epi32(odd, _mm256_set1_epi32(0x7fff)));
        __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(x, x, _CMP_UNORD_Q));
        __m256i q = _mm256_or_si256(u, _mm256_set1_epi32(0x00400000));
        r = _mm256_blendv_epi8(r, q, nan);
        r = _mm256_srli_epi32(r, 16);
        /* pack 8 x u32 (each < 65536) to 8 x u16 */
        __m128i lo = _mm256_castsi256_si128(r), hi = _mm256_extracti128_si256(r, 1);
        _mm_storeu_si128((__m128i *)(d + i), _mm_packus_epi32(lo, hi));
    }
    for (; i < n; i++) d[i] = vec_f32_to_bf16(s[i]);
}

/* ---- dispatch ---- */
void vec_cvt_f16_to_f32(const uint16_t *src, float *dst, int64_t n)
{
    switch (vec_isa_current()) {
    case VEC_ISA_AVX512: f16_to_f32_avx512(src, dst, n); return;
    case VEC_ISA_AVX2: f16_to_f32_avx2(src, dst, n); return;
    default: for (int64_t i = 0; i < n; i++) dst[i] = vec_f16_to_f32(src[i]);
    }
}

void vec_cvt_f32_to_f16(const float *src, uint16_t *dst, int64_t n)
{
    switch (vec_isa_current()) {
    case VEC_ISA_AVX512: f32_to_f16_avx512(src, dst, n); return;
    case VEC_ISA_AVX2: f32_to_f16_avx2(src, dst, n); return;
    default: for (int64_t i = 0; i < n; i++) dst[i] = vec_f32_to_f16(src[i]);
    }
}

void vec_cvt_bf16_to_f32(const uint16_t *src, float *dst, int64_t n)
{
    switch (vec_isa_current()) {
    case VEC_ISA_AVX512: bf16_to_f32_avx512(src, dst, n); return;
    case VEC_ISA_AVX2: bf16_to_f32_avx2(src, dst, n); return;
    default: for (int64_t i = 0; i < n; i++) dst[i] = vec_bf16_to_f32(src[i]);
    }
}

void vec_cvt_f32_to_bf16(const float *src, uint16_t *dst, int64_t n)
{
    switch (vec_isa_current()) {
    case VEC_ISA_AVX512: f32_to_bf16_avx512(src, dst, n); return;
    case VEC_ISA_AVX2: f32_to_bf16_avx2(src, dst, n); return;
    default: for (int64_t i = 0; i < n; i++) dst[i] = vec_f32_to_bf16(src[i]);
    }
}

void vec_load_f32(const void *src, int dtype, int64_t stride, float *dst, int64_t n)
{
    if (stride == 1) {
        if (dtype == VEC_DT_FLOAT16) vec_cvt_f16_to_f32(src, dst, n);
        else if (dtype == VEC_DT_BF16) vec_cvt_bf16_to_f32(src, dst, n);
        else memcpy(dst, src, (size_t)n * sizeof(float));
        return;
    }
    if (stride == 0) {
        float v = vec_load1(src, dtype, 0);
        for (int64_t i = 0; i < n; i++) dst[i] = v;
        return;
    }
    for (int64_t i = 0; i < n; i++) dst[i] = vec_load1(src, dtype, i * stride);
}

void vec_store_f32(const float *src, void *dst, int dtype, int64_t stride, int64_t n)
{
    if (stride == 1) {
        if (dtype == VEC_DT_FLOAT16) vec_cvt_f32_to_f16(src, dst, n);
        else if (dtype == VEC_DT_BF16) vec_cvt_f32_to_bf16(src, dst, n);
        else memcpy(dst, src, (size_t)n * sizeof(float));
        return;
    }
    for (int64_t i = 0; i < n; i++) vec_store1(dst, dtype, i * stride, src[i]);
}
