/* Device side: strided runs of any dtype to/from float, double and int64. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"

size_t aclemu_kdtype_size(int32_t dtype)
{
    switch (dtype) {
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32: return 4; /* COMPLEX32: two FLOAT16 */
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 1;
    }
}

int aclemu_compute_domain(int32_t dtype)
{
    switch (dtype) {
    case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: return ACLEMU_DOM_F32;
    case ACL_DOUBLE: return ACLEMU_DOM_F64;
    default: return ACLEMU_DOM_I64;
    }
}

/* Reads element i of a strided run as TYPE, converting from the stored dtype. */
#define LOAD_LOOP(T, expr)                                                                      \
    for (int64_t i = 0; i < n; i++) {                                                           \
        const char *q = src + i * stride;                                                       \
        T v_;                                                                                   \
        memcpy(&v_, q, sizeof v_);                                                              \
        dst[i] = expr;                                                                          \
    }

#define LOAD_ANY(D)                                                                             \
    switch (dtype) {                                                                            \
    case ACL_FLOAT: LOAD_LOOP(float, (D)v_) break;                                              \
    case ACL_DOUBLE: LOAD_LOOP(double, (D)v_) break;                                            \
    case ACL_FLOAT16: LOAD_LOOP(uint16_t, (D)aclemu_half_to_float(v_)) break;                   \
    case ACL_BF16: LOAD_LOOP(uint16_t, (D)aclemu_bf16_to_float(v_)) break;                      \
    case ACL_INT8: LOAD_LOOP(int8_t, (D)v_) break;                                              \
    case ACL_UINT8: LOAD_LOOP(uint8_t, (D)v_) break;                                            \
    case ACL_BOOL: LOAD_LOOP(uint8_t, (D)(v_ != 0)) break;                                      \
    case ACL_INT16: LOAD_LOOP(int16_t, (D)v_) break;                                            \
    case ACL_UINT16: LOAD_LOOP(uint16_t, (D)v_) break;                                          \
    case ACL_INT32: LOAD_LOOP(int32_t, (D)v_) break;                                            \
    case ACL_UINT32: LOAD_LOOP(uint32_t, (D)v_) break;                                          \
    case ACL_INT64: LOAD_LOOP(int64_t, (D)v_) break;                                            \
    case ACL_UINT64: LOAD_LOOP(uint64_t, (D)v_) break;                                          \
    default: for (int64_t i = 0; i < n; i++) dst[i] = 0; break;                                 \
    }

/* Unit-stride FP16 / BF16 <-> FP32 runs, the kernels' commonest conversions: the rules of fp16.h
 * as per-lane bit selects (GCC vectorises these loops; with ?: it keeps a branch per element),
 * giving bit for bit the scalar functions' results (NaN payloads, subnormals and ties included). */
static inline uint32_t lane_mask(int cond) { return -(uint32_t)(cond != 0); }
static inline uint32_t lane_sel(uint32_t m, uint32_t yes, uint32_t no) { return (yes & m) | (no & ~m); }

ACLEMU_ISA_CLONES
static void load_f16_run(float *dst, const uint16_t *src, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint32_t h = src[i], a = h & 0x7fffu;
        uint32_t normal = (a << 13) + 0x38000000u;               /* exponent 15 -> 127 bias */
        uint32_t infnan = 0x7f800000u | ((a & 0x3ffu) << 13);
        uint32_t sub = aclemu_f32_bits((float)(int32_t)a * (1.0f / 16777216.0f)); /* exact */
        uint32_t b = lane_sel(lane_mask(a >= 0x7c00u), infnan, lane_sel(lane_mask(a < 0x400u), sub, normal));
        dst[i] = aclemu_bits_f32(b | ((h & 0x8000u) << 16));
    }
}

ACLEMU_ISA_CLONES
static void load_bf16_run(float *dst, const uint16_t *src, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = aclemu_bits_f32((uint32_t)src[i] << 16);
}

ACLEMU_ISA_CLONES
static void store_f16_run(uint16_t *dst, const float *src, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint32_t u = aclemu_f32_bits(src[i]), a = u & 0x7fffffffu;
        uint32_t nan = 0x7c00u | 0x200u | ((a >> 13) & 0x3ffu);
        /* below 2^-14: round(|f| * 2^24) to even, read off the mantissa of 2^23 + |f| * 2^24 */
        uint32_t sub = aclemu_f32_bits(aclemu_bits_f32(a) * 16777216.0f + 8388608.0f) & 0x7fffffu;
        uint32_t r = a - 0x38000000u;
        uint32_t normal = (r + 0xfffu + ((r >> 13) & 1u)) >> 13;
        uint32_t h = lane_sel(lane_mask(a > 0x7f800000u), nan,
                     lane_sel(lane_mask(a >= 0x477ff000u), 0x7c00u,
                     lane_sel(lane_mask(a < 0x38800000u), sub, normal)));
        dst[i] = (uint16_t)(((u >> 16) & 0x8000u) | h);
    }
}

ACLEMU_ISA_CLONES
static void store_bf16_run(uint16_t *dst, const float *src, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint32_t u = aclemu_f32_bits(src[i]);
        uint32_t rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
        dst[i] = (uint16_t)lane_sel(lane_mask((u & 0x7fffffffu) > 0x7f800000u), (u >> 16) | 0x40u, rounded);
    }
}

void aclemu_load_f32(float *dst, const char *src, int32_t dtype, int64_t stride, int64_t n)
{
    if (dtype == ACL_FLOAT && stride == 4) {
        memcpy(dst, src, (size_t)n * 4);
        return;
    }
    if (stride == 2 && ((uintptr_t)src & 1) == 0 && (dtype == ACL_FLOAT16 || dtype == ACL_BF16)) {
        (dtype == ACL_FLOAT16 ? load_f16_run : load_bf16_run)(dst, (const uint16_t *)(const void *)src, n);
        return;
    }
    LOAD_ANY(float)
}

void aclemu_load_f64(double *dst, const char *src, int32_t dtype, int64_t stride, int64_t n)
{
    LOAD_ANY(double)
}

void aclemu_load_i64(int64_t *dst, const char *src, int32_t dtype, int64_t stride, int64_t n)
{
    switch (dtype) {
    case ACL_FLOAT: case ACL_DOUBLE: case ACL_FLOAT16: case ACL_BF16: {
        double tmp[ACLEMU_CHUNK];
        for (int64_t s = 0; s < n; s += ACLEMU_CHUNK) {
            int64_t m = n - s < ACLEMU_CHUNK ? n - s : ACLEMU_CHUNK;
            aclemu_load_f64(tmp, src + s * stride, dtype, stride, m);
            for (int64_t i = 0; i < m; i++) {
                double d = tmp[i];
                dst[s + i] = d != d ? 0 : d >= 9.2233720368547758e18 ? INT64_MAX
                           : d <= -9.2233720368547758e18 ? INT64_MIN : (int64_t)d;
            }
        }
        break;
    }
    default:
        LOAD_ANY(int64_t)
    }
}

/* Saturating float -> integer conversion (truncation toward zero, NaN -> 0). */
static inline int64_t sat_i64(double d, double lo, double hi)
{
    if (d != d) return 0;
    if (d <= lo) return (int64_t)lo;
    if (d >= hi) return (int64_t)hi;
    return (int64_t)d;
}

#define STORE_LOOP(T, expr)                                                                     \
    for (int64_t i = 0; i < n; i++) {                                                           \
        T v_ = (T)(expr);                                                                       \
        memcpy(dst + i * stride, &v_, sizeof v_);                                               \
    }

#define STORE_FLOATING(S)                                                                       \
    switch (dtype) {                                                                            \
    case ACL_FLOAT: STORE_LOOP(float, src[i]) break;                                            \
    case ACL_DOUBLE: STORE_LOOP(double, src[i]) break;                                          \
    case ACL_FLOAT16: STORE_LOOP(uint16_t, aclemu_float_to_half((float)src[i])) break;          \
    case ACL_BF16: STORE_LOOP(uint16_t, aclemu_float_to_bf16((float)src[i])) break;            \
    case ACL_BOOL: STORE_LOOP(uint8_t, src[i] != 0) break;                                      \
    case ACL_INT8: STORE_LOOP(int8_t, sat_i64(src[i], -128.0, 127.0)) break;                     \
    case ACL_UINT8: STORE_LOOP(uint8_t, sat_i64(src[i], 0.0, 255.0)) break;                      \
    case ACL_INT16: STORE_LOOP(int16_t, sat_i64(src[i], -32768.0, 32767.0)) break;               \
    case ACL_UINT16: STORE_LOOP(uint16_t, sat_i64(src[i], 0.0, 65535.0)) break;                  \
    case ACL_INT32: STORE_LOOP(int32_t, sat_i64(src[i], -2147483648.0, 2147483647.0)) break;     \
    case ACL_UINT32: STORE_LOOP(uint32_t, sat_i64(src[i], 0.0, 4294967295.0)) break;             \
    case ACL_INT64: STORE_LOOP(int64_t, sat_i64(src[i], -9.2233720368547758e18, 9.2233720368547748e18)) break; \
    case ACL_UINT64: STORE_LOOP(uint64_t, src[i] != src[i] || src[i] <= 0 ? 0 : src[i] >= 1.8446744073709552e19 ? UINT64_MAX : (uint64_t)src[i]) break; \
    default: break;                                                                             \
    }

void aclemu_store_f32(char *dst, int32_t dtype, int64_t stride, const float *src, int64_t n)
{
    if (dtype == ACL_FLOAT && stride == 4) {
        memcpy(dst, src, (size_t)n * 4);
        return;
    }
    if (stride == 2 && ((uintptr_t)dst & 1) == 0 && (dtype == ACL_FLOAT16 || dtype == ACL_BF16)) {
        (dtype == ACL_FLOAT16 ? store_f16_run : store_bf16_run)((uint16_t *)(void *)dst, src, n);
        return;
    }
    STORE_FLOATING(float)
}

void aclemu_store_f64(char *dst, int32_t dtype, int64_t stride, const double *src, int64_t n)
{
    STORE_FLOATING(double)
}

void aclemu_store_i64(char *dst, int32_t dtype, int64_t stride, const int64_t *src, int64_t n)
{
    switch (dtype) {
    case ACL_FLOAT: STORE_LOOP(float, (float)src[i]) break;
    case ACL_DOUBLE: STORE_LOOP(double, (double)src[i]) break;
    case ACL_FLOAT16: STORE_LOOP(uint16_t, aclemu_float_to_half((float)src[i])) break;
    case ACL_BF16: STORE_LOOP(uint16_t, aclemu_float_to_bf16((float)src[i])) break;
    case ACL_BOOL: STORE_LOOP(uint8_t, src[i] != 0) break;
    case ACL_INT8: STORE_LOOP(int8_t, src[i]) break;      /* integer narrowing wraps */
    case ACL_UINT8: STORE_LOOP(uint8_t, src[i]) break;
    case ACL_INT16: STORE_LOOP(int16_t, src[i]) break;
    case ACL_UINT16: STORE_LOOP(uint16_t, src[i]) break;
    case ACL_INT32: STORE_LOOP(int32_t, src[i]) break;
    case ACL_UINT32: STORE_LOOP(uint32_t, src[i]) break;
    case ACL_INT64: STORE_LOOP(int64_t, src[i]) break;
    case ACL_UINT64: STORE_LOOP(uint64_t, src[i]) break;
    default: break;
    }
}

/* Same-dtype strided run; the constant-size memcpy compiles to one (unaligned-safe) move. */
#define COPY_STRIDED(T)                                                                         \
    for (int64_t i = 0; i < n; i++) {                                                           \
        T v_;                                                                                   \
        memcpy(&v_, src + i * sstride, sizeof v_);                                              \
        memcpy(dst + i * dstride, &v_, sizeof v_);                                              \
    }

#define COPY_REVERSED(T)                                                                        \
    for (int64_t i = 0; i < n; i++) {                                                           \
        T v_;                                                                                   \
        memcpy(&v_, src - i * (int64_t)sizeof(T), sizeof v_);                                  \
        memcpy(dst + i * (int64_t)sizeof(T), &v_, sizeof v_);                                   \
    }

void aclemu_convert_run(char *dst, int32_t ddt, int64_t dstride, const char *src, int32_t sdt, int64_t sstride,
                        int64_t n)
{
    if (ddt == sdt) {
        size_t es = aclemu_kdtype_size(sdt);
        if ((size_t)dstride == es && (size_t)sstride == es) {
            memmove(dst, src, (size_t)n * es);
            return;
        }
        if ((size_t)dstride == es && sstride == -(int64_t)es) /* a reversed run (Flip): constant strides vectorise */
            switch (es) {
            case 1: COPY_REVERSED(uint8_t) return;
            case 2: COPY_REVERSED(uint16_t) return;
            case 4: COPY_REVERSED(uint32_t) return;
            case 8: COPY_REVERSED(uint64_t) return;
            default: break;
            }
        switch (es) { /* typed moves: a memcpy call of a run-time size per element cost ~10x */
        case 1: COPY_STRIDED(uint8_t) return;
        case 2: COPY_STRIDED(uint16_t) return;
        case 4: COPY_STRIDED(uint32_t) return;
        case 8: COPY_STRIDED(uint64_t) return;
        default:
            for (int64_t i = 0; i < n; i++)
                memcpy(dst + i * dstride, src + i * sstride, es);
            return;
        }
    }
    int dom = aclemu_compute_domain(sdt);
    for (int64_t s = 0; s < n; s += ACLEMU_CHUNK) {
        int64_t m = n - s < ACLEMU_CHUNK ? n - s : ACLEMU_CHUNK;
        if (dom == ACLEMU_DOM_I64) {
            int64_t buf[ACLEMU_CHUNK];
            aclemu_load_i64(buf, src + s * sstride, sdt, sstride, m);
            aclemu_store_i64(dst + s * dstride, ddt, dstride, buf, m);
        } else {
            double buf[ACLEMU_CHUNK];
            aclemu_load_f64(buf, src + s * sstride, sdt, sstride, m);
            aclemu_store_f64(dst + s * dstride, ddt, dstride, buf, m);
        }
    }
}

void aclemu_zero_run(char *dst, int32_t dtype, int64_t stride, int64_t n)
{
    size_t es = aclemu_kdtype_size(dtype);
    if ((size_t)stride == es) {
        memset(dst, 0, (size_t)n * es);
        return;
    }
    for (int64_t i = 0; i < n; i++)
        memset(dst + i * stride, 0, es);
}
