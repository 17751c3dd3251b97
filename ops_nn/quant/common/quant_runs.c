/* Vectorised runs of the quant codec (quant_runs.h): ISA clones of loops GCC vectorises (each
 * round mode its own loop, the mode switch outside the vector body), and AVX2 intrinsics for the
 * hot half-to-even case, chosen at run time. */
#include <math.h>

#include "aclemu_op/kernel_util.h"
#include "quant_args.h"
#include "quant_runs.h"

/* r already rounded: saturated to [-128, 127], NaN -> 0 (quant_to_int's order of checks) */
static inline int8_t sat_i8(float r)
{
    r = r < -128.0f ? -128.0f : r > 127.0f ? 127.0f : r;
    return r == r ? (int8_t)r : 0;
}

/* dst[i] = sat_i8(rint(f(v[i]))) with f(x) = (x / k or x * k) [+ add] in FP32: the scalar body */
static void i8_rint_affine_scalar(const float *v, int8_t *dst, int64_t n, float k, int divide, float add, int has_add)
{
    for (int64_t i = 0; i < n; i++) {
        float t = divide ? v[i] / k : v[i] * k;
        if (has_add)
            t = t + add;
        dst[i] = sat_i8(nearbyintf(t));
    }
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* 8 lanes of t: rounded half to even, clamped to [-128, 127] (max / min give the bound for NaN),
 * converted, NaN lanes (unordered) masked to 0 */
__attribute__((target("avx2"))) static inline __m256i i8_lanes(__m256 t)
{
    __m256 r = _mm256_round_ps(t, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 ord = _mm256_cmp_ps(r, r, _CMP_ORD_Q);
    __m256 c = _mm256_min_ps(_mm256_max_ps(r, _mm256_set1_ps(-128.0f)), _mm256_set1_ps(127.0f));
    return _mm256_and_si256(_mm256_cvttps_epi32(c), _mm256_castps_si256(ord));
}

/* the same arithmetic as i8_rint_affine_scalar (one IEEE op per step, no contraction), 32 at a
 * time: four lanes of eight packed with signed saturation (exact, the values being in range) */
__attribute__((target("avx2"))) static void i8_rint_affine_avx2(const float *v, int8_t *dst, int64_t n, float k,
                                                                 int divide, float add, int has_add, int op)
{
    const __m256 K = _mm256_set1_ps(k), A = _mm256_set1_ps(add);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i q[4];
        for (int j = 0; j < 4; j++) {
            __m256 t = _mm256_loadu_ps(v + i + 8 * j);
            if (op)
                t = divide ? _mm256_div_ps(t, K) : _mm256_mul_ps(t, K);
            if (has_add)
                t = _mm256_add_ps(t, A);
            q[j] = i8_lanes(t);
        }
        __m256i p = _mm256_packs_epi16(_mm256_packs_epi32(q[0], q[1]), _mm256_packs_epi32(q[2], q[3]));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_permutevar8x32_epi32(p, order));
    }
    if (op)
        i8_rint_affine_scalar(v + i, dst + i, n - i, k, divide, add, has_add);
    else
        i8_rint_affine_scalar(v + i, dst + i, n - i, 1.0f, 0, add, has_add);
}

static int have_avx2(void)
{
    static int known = -1;
    if (known < 0)
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
    return known;
}
#endif

void quant_i8_rint_affine_run(const float *v, int8_t *dst, int64_t n, float k, int divide, float add, int has_add)
{
#if defined(__x86_64__) || defined(__i386__)
    if (have_avx2()) {
        i8_rint_affine_avx2(v, dst, n, k, divide, add, has_add, 1);
        return;
    }
#endif
    i8_rint_affine_scalar(v, dst, n, k, divide, add, has_add);
}

void quant_i8_rint_run(const float *t, int8_t *dst, int64_t n)
{
#if defined(__x86_64__) || defined(__i386__)
    if (have_avx2()) {
        i8_rint_affine_avx2(t, dst, n, 1.0f, 0, 0.0f, 0, 0);
        return;
    }
#endif
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(nearbyintf(t[i]));
}

ACLEMU_ISA_CLONES
static void i8_floor_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(floorf(t[i]));
}

ACLEMU_ISA_CLONES
static void i8_ceil_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(ceilf(t[i]));
}

ACLEMU_ISA_CLONES
static void i8_trunc_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(truncf(t[i]));
}

void quant_i8_run(const float *t, int8_t *dst, int64_t n, int32_t mode)
{
    switch (mode) {
    case QUANT_FLOOR: i8_floor_run(t, dst, n); return;
    case QUANT_CEIL: i8_ceil_run(t, dst, n); return;
    case QUANT_TRUNC: i8_trunc_run(t, dst, n); return;
    default: quant_i8_rint_run(t, dst, n); return;
    }
}

ACLEMU_ISA_CLONES
void quant_affine_run(float *v, const float *s, const float *o, int64_t n, int divide, int sqrt_mode)
{
    if (divide)
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] / s[i];
    else
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] * s[i];
    if (sqrt_mode)
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] * s[i];
    if (o)
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] + o[i];
}

/* (float)quant_to_int(r, ., INT32_MIN, INT32_MAX) of an integral r, in FP32: NaN -> 0, saturated
 * at -2^31 and (float)INT32_MAX = 2^31, r itself in between */
static inline float i32_sat_f(float r)
{
    r = r <= -2147483648.0f ? -2147483648.0f : r >= 2147483648.0f ? 2147483648.0f : r;
    return r == r ? r : 0.0f;
}

/* one element of quant_fake_run, branch-free (int_zp a constant of each caller's loop) */
static inline __attribute__((always_inline)) float fake_one(float x, float s, float zp, uint8_t *mask, int int_zp,
                                                             float qmin, float qmax, float lo, float hi)
{
    float t = x * (1.0f / s);
    float q = int_zp ? i32_sat_f(nearbyintf(t)) + zp : i32_sat_f(nearbyintf(t + zp));
    *mask = (uint8_t)((q >= qmin) & (q <= qmax));
    float qi = i32_sat_f(nearbyintf(q));
    qi = qi < lo ? lo : qi;
    qi = qi > hi ? hi : qi;
    float qf = x != x ? 0.0f : qi;
    return (qf - zp) * s;
}

ACLEMU_ISA_CLONES
void quant_fake_run(float *v, const float *s, const float *zp, uint8_t *mask, int64_t n, int int_zp, float qmin,
                    float qmax, float lo, float hi)
{
    if (int_zp)
        for (int64_t i = 0; i < n; i++)
            v[i] = fake_one(v[i], s[i], zp[i], mask + i, 1, qmin, qmax, lo, hi);
    else
        for (int64_t i = 0; i < n; i++)
            v[i] = fake_one(v[i], s[i], zp[i], mask + i, 0, qmin, qmax, lo, hi);
}

static float amax_scalar(const float *v, int64_t n, float amax, int nan)
{
    for (int64_t i = 0; i < n; i++) {
        float m = fabsf(v[i]);
        nan |= m != m;
        amax = m > amax ? m : amax;
    }
    return nan ? NAN : amax;
}

#if defined(__x86_64__) || defined(__i386__)
/* the max of non-NaN magnitudes is the same in any order; max_ps(m, acc) keeps acc for a NaN m,
 * and the NaNs are counted apart */
__attribute__((target("avx2"))) static float amax_avx2(const float *v, int64_t n)
{
    const __m256 abs = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps(), nan = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256 m0 = _mm256_and_ps(_mm256_loadu_ps(v + i), abs), m1 = _mm256_and_ps(_mm256_loadu_ps(v + i + 8), abs);
        nan = _mm256_or_ps(nan, _mm256_cmp_ps(m0, m1, _CMP_UNORD_Q));
        acc0 = _mm256_max_ps(m0, acc0);
        acc1 = _mm256_max_ps(m1, acc1);
    }
    float lane[8], amax = 0.0f;
    _mm256_storeu_ps(lane, _mm256_max_ps(acc0, acc1));
    for (int k = 0; k < 8; k++)
        amax = lane[k] > amax ? lane[k] : amax;
    return amax_scalar(v + i, n - i, amax, _mm256_movemask_ps(nan) != 0);
}
#endif

float quant_amax_run(const float *v, int64_t n)
{
#if defined(__x86_64__) || defined(__i386__)
    if (have_avx2())
        return amax_avx2(v, n);
#endif
    return amax_scalar(v, n, 0.0f, 0);
}
