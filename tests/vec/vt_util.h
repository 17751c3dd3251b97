/* Shared helpers of the vector-kernel tests: a deterministic RNG, FP16/BF16
 * encode/decode written independently of ops_nn/vec/dtype.h (frexp/ldexp
 * arithmetic, not bit tricks), tensors in any float-io dtype, and the
 * accuracy check of ops-nn.md section 6. */
#ifndef VT_UTIL_H
#define VT_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "isa.h"

static const int vt_isas[] = {VEC_ISA_AVX512, VEC_ISA_AVX2, VEC_ISA_SCALAR};
#define VT_NISA 3
static const int vt_dtypes[] = {VEC_DT_FLOAT, VEC_DT_FLOAT16, VEC_DT_BF16};
#define VT_NDT 3

static inline const char *vt_dt_name(int dt)
{
    return dt == VEC_DT_FLOAT ? "fp32" : dt == VEC_DT_FLOAT16 ? "fp16" : dt == VEC_DT_BF16 ? "bf16" : "?";
}

/* xorshift64* */
typedef struct { uint64_t s; } vt_rng;
static inline uint64_t vt_next(vt_rng *r)
{
    r->s ^= r->s >> 12; r->s ^= r->s << 25; r->s ^= r->s >> 27;
    return r->s * 2685821657736338717ull;
}
static inline double vt_uniform(vt_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * ((double)(vt_next(r) >> 11) * 0x1p-53);
}
static inline double vt_normal(vt_rng *r)
{
    double u = vt_uniform(r, 1e-12, 1.0), v = vt_uniform(r, 0.0, 1.0);
    return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}

/* IEEE binary16 / bfloat16 encoding of a double with one RNE rounding.
 * sig_bits = significand bits incl. the implicit one; emin = exponent of the
 * smallest normal; max_exp = exponent of the largest finite. */
static inline uint16_t vt_encode(double x, int sig_bits, int emin, int max_exp, int exp_bits)
{
    int frac_bits = sig_bits - 1;
    uint16_t sign = signbit(x) ? (uint16_t)(1u << (frac_bits + exp_bits)) : 0;
    uint16_t inf = (uint16_t)(((1u << exp_bits) - 1) << frac_bits);
    if (isnan(x))
        return (uint16_t)(sign | inf | (1u << (frac_bits - 1)));
    double a = fabs(x);
    double limit = ldexp(2.0 - ldexp(1.0, -sig_bits), max_exp); /* halfway to 2^(max+1) */
    if (a >= limit)
        return (uint16_t)(sign | inf);
    if (a < ldexp(1.0, emin)) {
        double m = nearbyint(a / ldexp(1.0, emin - frac_bits));
        return (uint16_t)(sign | (uint16_t)m);
    }
    int e;
    double f = frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
    double m = nearbyint(ldexp(f, sig_bits));
    if (m == ldexp(1.0, sig_bits)) {
        m = ldexp(1.0, frac_bits);
        e++;
    }
    int bias = (1 << (exp_bits - 1)) - 1;
    return (uint16_t)(sign | ((uint16_t)(e - 1 + bias) << frac_bits) |
                      ((uint16_t)m - (1u << frac_bits)));
}
static inline double vt_decode(uint16_t h, int frac_bits, int exp_bits)
{
    int bias = (1 << (exp_bits - 1)) - 1;
    int e = (h >> frac_bits) & ((1 << exp_bits) - 1);
    int m = h & ((1 << frac_bits) - 1);
    double s = (h >> (frac_bits + exp_bits)) ? -1.0 : 1.0;
    if (e == (1 << exp_bits) - 1)
        return m ? NAN : s * INFINITY;
    if (e == 0)
        return s * ldexp((double)m, 1 - bias - frac_bits);
    return s * ldexp((double)(m + (1 << frac_bits)), e - bias - frac_bits);
}
static inline uint16_t vt_to_f16(double x) { return vt_encode(x, 11, -14, 15, 5); }
static inline double vt_from_f16(uint16_t h) { return vt_decode(h, 10, 5); }
static inline uint16_t vt_to_bf16(double x) { return vt_encode(x, 8, -126, 127, 8); }
static inline double vt_from_bf16(uint16_t h) { return vt_decode(h, 7, 8); }

/* A tensor buffer of n elements of a float-io dtype. */
typedef struct { int dt; int64_t n; void *p; } vt_buf;
static inline vt_buf vt_alloc(int dt, int64_t n)
{
    vt_buf b = {dt, n, calloc((size_t)(n > 0 ? n : 1), dt == VEC_DT_FLOAT ? 4 : 2)};
    return b;
}
static inline void vt_set(vt_buf *b, int64_t i, double v)
{
    if (b->dt == VEC_DT_FLOAT) ((float *)b->p)[i] = (float)v;
    else if (b->dt == VEC_DT_FLOAT16) ((uint16_t *)b->p)[i] = vt_to_f16((double)(float)v);
    else ((uint16_t *)b->p)[i] = vt_to_bf16((double)(float)v);
}
static inline double vt_get(const vt_buf *b, int64_t i)
{
    if (b->dt == VEC_DT_FLOAT) return ((float *)b->p)[i];
    if (b->dt == VEC_DT_FLOAT16) return vt_from_f16(((uint16_t *)b->p)[i]);
    return vt_from_bf16(((uint16_t *)b->p)[i]);
}
static inline void vt_free(vt_buf *b) { free(b->p); b->p = NULL; }

/* Largest finite of a dtype, for "golden overflowed" handling. */
static inline double vt_dt_max(int dt)
{
    return dt == VEC_DT_FLOAT16 ? 65504.0 : dt == VEC_DT_BF16 ? 3.3895313892515355e38 : 3.4028234663852886e38;
}

/* Per-element tolerances used for every element (stricter than the 99%
 * rule of the standard; FP32 is held to ~10 ulp level). */
static inline void vt_tol(int dt, double *rtol, double *atol)
{
    if (dt == VEC_DT_FLOAT) { *rtol = 1e-5; *atol = 1e-6; }
    else if (dt == VEC_DT_FLOAT16) { *rtol = 1e-3; *atol = 1e-3; }
    else { *rtol = 4e-3; *atol = 4e-3; }
}

/* ulp of a value in a dtype (FP32 24, FP16 11, BF16 8 significand bits) */
static inline double vt_ulp(int dt, double g)
{
    int bits = dt == VEC_DT_FLOAT ? 24 : dt == VEC_DT_FLOAT16 ? 11 : 8;
    int emin = dt == VEC_DT_FLOAT ? -126 : dt == VEC_DT_FLOAT16 ? -14 : -126;
    int e;
    frexp(g, &e);
    if (e - 1 < emin) e = emin + 1;
    return ldexp(1.0, e - bits);
}

/* ops-nn.md section 6 (zh standard): element ok if |a-g| <= atol + rtol|g|
 * with FP32 2^-10/2^-16, FP16 2^-9/2^-9, BF16 2^-6/2^-6; case passes if
 * >= 99% ok and every error <= 1e-2 / 1e-1 / 1 or within 32 ulp. */
static inline int vt_standard_ok(int dt, const double *got, const double *gold, int64_t n)
{
    double rt, at, lim;
    if (dt == VEC_DT_FLOAT) { rt = 0x1p-10; at = 0x1p-16; lim = 1e-2; }
    else if (dt == VEC_DT_FLOAT16) { rt = 0x1p-9; at = 0x1p-9; lim = 1e-1; }
    else { rt = 0x1p-6; at = 0x1p-6; lim = 1.0; }
    int64_t ok = 0;
    double maxerr = 0;
    for (int64_t i = 0; i < n; i++) {
        double g = gold[i], a = got[i];
        if (fabs(g) > vt_dt_max(dt) && isinf(a) && (a > 0) == (g > 0))
            g = a; /* golden overflows the dtype: Inf is the rounded answer */
        if (isnan(g) || isinf(g) || isnan(a) || isinf(a)) {
            if ((isnan(g) && isnan(a)) || a == g) ok++;
            continue;
        }
        double e = fabs(a - g);
        if (e > 32 * vt_ulp(dt, g) && e > maxerr) maxerr = e;
        if (e <= at + rt * fabs(g)) ok++;
    }
    return n == 0 || ((double)ok >= 0.99 * (double)n && maxerr <= lim);
}

/* Strict per-element check; golden is the exact (double) result, rounded
 * to Inf where it overflows the output dtype. Prints the first failure. */
static inline int vt_close(int dt, double got, double gold, double rtol, double atol)
{
    if (isnan(gold)) return isnan(got);
    double lim = vt_dt_max(dt);
    if (dt != VEC_DT_FLOAT && fabs(gold) > lim * (1.0 + (dt == VEC_DT_FLOAT16 ? 0x1p-11 : 0x1p-8)))
        gold = gold > 0 ? INFINITY : -INFINITY;
    if (isinf(gold) || isinf(got)) {
        if (got == gold) return 1;
        /* a golden just beyond the dtype's max may round either way */
        return isinf(got) && !isinf(gold) && fabs(gold) > lim && (got > 0) == (gold > 0);
    }
    return fabs(got - gold) <= atol + rtol * fabs(gold);
}

static inline int vt_check(const char *what, int dt, const double *got, const double *gold,
                           int64_t n, double rtol_scale)
{
    double rtol, atol;
    vt_tol(dt, &rtol, &atol);
    rtol *= rtol_scale;
    atol *= rtol_scale;
    for (int64_t i = 0; i < n; i++)
        if (!vt_close(dt, got[i], gold[i], rtol, atol)) {
            fprintf(stderr, "%s [%s isa=%s] element %lld: got %.9g want %.9g\n", what,
                    vt_dt_name(dt), vec_isa_name(vec_isa_current()), (long long)i, got[i],
                    gold[i]);
            return 0;
        }
    if (!vt_standard_ok(dt, got, gold, n)) {
        fprintf(stderr, "%s [%s]: fails the section 6 standard\n", what, vt_dt_name(dt));
        return 0;
    }
    return 1;
}

/* A float vector function under test (vmath's vm_* entry points) and the size of one FP32 ulp at
 * a reference value r (the smallest denormal's below 2^-126; +-FLT_MAX's past it). */
typedef void (*vfn)(const float *, float *, int64_t);

static inline double ulp_of(double r)
{
    float f = (float)r;
    if (isinf(f)) f = copysignf(3.4028235e38f, f);
    int e;
    frexpf(f, &e);
    double u = ldexp(1.0, e - 24);
    return u < 0x1p-149 ? 0x1p-149 : u;
}

#endif
