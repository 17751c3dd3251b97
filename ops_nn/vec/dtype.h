/* Element types of the vector kernels and IEEE-correct FP16 / BF16 <-> FP32
 * conversion (round to nearest even, denormals kept, NaN kept quiet, overflow
 * to Inf). This is the tensor conversion; the runtime's aclFloatToFloat16
 * helper has its own (saturating) rules and does not use this.
 * The numeric values of vec_dtype are those of aclDataType, so opbase can pass
 * a tensor's dtype straight through. */
#ifndef ACLEMU_VEC_DTYPE_H
#define ACLEMU_VEC_DTYPE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum vec_dtype {
    VEC_DT_FLOAT = 0,
    VEC_DT_FLOAT16 = 1,
    VEC_DT_INT8 = 2,
    VEC_DT_INT32 = 3,
    VEC_DT_UINT8 = 4,
    VEC_DT_INT16 = 6,
    VEC_DT_UINT16 = 7,
    VEC_DT_UINT32 = 8,
    VEC_DT_INT64 = 9,
    VEC_DT_UINT64 = 10,
    VEC_DT_DOUBLE = 11,
    VEC_DT_BOOL = 12,
    VEC_DT_COMPLEX64 = 16,
    VEC_DT_COMPLEX128 = 17,
    VEC_DT_BF16 = 27,
} vec_dtype;

/* Size in bytes, 0 for a dtype the kernels do not handle. */
size_t vec_dtype_size(int dtype);
/* 1 when the kernels can load/store this dtype as a float lane
 * (FLOAT, FLOAT16, BF16). */
int vec_dtype_is_float_io(int dtype);

static inline uint32_t vec_f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float vec_bits_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* FP32 -> FP16, round to nearest even. */
static inline uint16_t vec_f32_to_f16(float f)
{
    uint32_t u = vec_f32_bits(f);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
    uint32_t a = u & 0x7fffffffu;
    if (a >= 0x7f800000u) /* Inf stays Inf; NaN keeps its top payload, made quiet */
        return (uint16_t)(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0));
    if (a >= 0x477ff000u) /* >= 65520 rounds past 65504 */
        return (uint16_t)(sign | 0x7c00u);
    if (a < 0x38800000u) {
        /* Below 2^-14 the result is an FP16 denormal: adding 0.5 puts |f|
         * in units of 2^-24 into the low mantissa bits with one RNE rounding. */
        float t = vec_bits_f32(a) + 0.5f;
        return (uint16_t)(sign | (vec_f32_bits(t) - 0x3f000000u));
    }
    uint32_t odd = (a >> 13) & 1u;
    a += ((uint32_t)(15 - 127) << 23) + 0xfffu + odd;
    return (uint16_t)(sign | (a >> 13));
}

/* FP16 -> FP32, exact. */
static inline float vec_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1f)
        return vec_bits_f32(sign | 0x7f800000u | (m << 13));
    if (e == 0) {
        float v = (float)m * 0x1p-24f;
        return vec_bits_f32(sign | vec_f32_bits(v));
    }
    return vec_bits_f32(sign | ((e + 112u) << 23) | (m << 13));
}

/* FP32 -> BF16, round to nearest even; NaN made quiet. */
static inline uint16_t vec_f32_to_bf16(float f)
{
    uint32_t u = vec_f32_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

static inline float vec_bf16_to_f32(uint16_t h) { return vec_bits_f32((uint32_t)h << 16); }

/* Bulk conversions of n contiguous elements, vectorised (F16C / AVX-512)
 * when the current ISA level allows. */
void vec_cvt_f16_to_f32(const uint16_t *src, float *dst, int64_t n);
void vec_cvt_f32_to_f16(const float *src, uint16_t *dst, int64_t n);
void vec_cvt_bf16_to_f32(const uint16_t *src, float *dst, int64_t n);
void vec_cvt_f32_to_bf16(const float *src, uint16_t *dst, int64_t n);

/* Load n elements of a float-io dtype (FLOAT/FLOAT16/BF16) with element
 * stride `stride` into a contiguous FP32 buffer, and the reverse. */
void vec_load_f32(const void *src, int dtype, int64_t stride, float *dst, int64_t n);
void vec_store_f32(const float *src, void *dst, int dtype, int64_t stride, int64_t n);

/* n elements at src (element stride `stride`) as contiguous FP32: src itself when it already is
 * (FLOAT, stride 1), else converted into buf. */
static inline const float *vec_stage_f32(const void *src, int dtype, int64_t stride, float *buf, int64_t n)
{
    if (dtype == VEC_DT_FLOAT && stride == 1)
        return (const float *)src;
    vec_load_f32(src, dtype, stride, buf, n);
    return buf;
}

/* One element of a float-io dtype. */
static inline float vec_load1(const void *p, int dtype, int64_t i)
{
    if (dtype == VEC_DT_FLOAT16) return vec_f16_to_f32(((const uint16_t *)p)[i]);
    if (dtype == VEC_DT_BF16) return vec_bf16_to_f32(((const uint16_t *)p)[i]);
    return ((const float *)p)[i];
}
static inline void vec_store1(void *p, int dtype, int64_t i, float v)
{
    if (dtype == VEC_DT_FLOAT16) ((uint16_t *)p)[i] = vec_f32_to_f16(v);
    else if (dtype == VEC_DT_BF16) ((uint16_t *)p)[i] = vec_f32_to_bf16(v);
    else ((float *)p)[i] = v;
}

#ifdef __cplusplus
}
#endif
#endif
