/* Independent double-precision references and the ops-nn accuracy standard for the GEMM tests.
 * Written without the engine's helpers: FP16 via the compiler's _Float16, BF16/HF32 rounding via
 * frexp/nearbyint in double. */
#ifndef GEMM_TEST_REF_H
#define GEMM_TEST_REF_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Round x to `bits` significant bits (RNE), keeping FP32's exponent range (for BF16 / HF32). */
static inline double ref_round_sig(double x, int bits)
{
    if (x == 0 || !isfinite(x)) return x;
    int e;
    double m = frexp(x, &e);
    return ldexp(nearbyint(ldexp(m, bits)), e - bits);
}
static inline double ref_round_sig_rtz(double x, int bits)
{
    if (x == 0 || !isfinite(x)) return x;
    int e;
    double m = frexp(x, &e);
    return ldexp(trunc(ldexp(m, bits)), e - bits);
}
static inline double ref_hf32(float x) { return ref_round_sig(x, 11); }
static inline double ref_f16(double x) { return (double)(_Float16)(float)x; }

static inline uint16_t ref_to_f16_bits(double x)
{
    _Float16 h = (_Float16)x;
    uint16_t u;
    memcpy(&u, &h, 2);
    return u;
}
static inline double ref_from_f16_bits(uint16_t u)
{
    _Float16 h;
    memcpy(&h, &u, 2);
    return (double)h;
}
static inline uint16_t ref_to_bf16_bits(double x)
{
    float f = (float)ref_round_sig(x, 8);
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)(u >> 16);
}
static inline double ref_from_bf16_bits(uint16_t u)
{
    uint32_t v = (uint32_t)u << 16;
    float f;
    memcpy(&f, &v, 4);
    return f;
}

/* Tolerances of the ops-nn precision standard (reference ops-nn.md §6.2, zh version). */
typedef struct ref_tol {
    double rtol, atol, max_abs;
} ref_tol;
static const ref_tol REF_TOL_F32 = {0.0009765625, 1.52587890625e-5, 1e-2};
static const ref_tol REF_TOL_HF32 = {0.001953125, 0.0009765625, 1e-1};
static const ref_tol REF_TOL_F16 = {0.001953125, 0.001953125, 1e-1};
static const ref_tol REF_TOL_BF16 = {0.015625, 0.015625, 1.0};

/* Passes when >= 99% of elements satisfy |a-g| <= atol + rtol*|g| and max |a-g| <= max_abs*scale
 * (scale: magnitude of the outputs, at least 1). Prints the verdict's numbers on failure. */
static inline int ref_check(const double *act, const double *gold, int64_t n, ref_tol t, const char *what)
{
    int64_t bad = 0;
    double maxerr = 0, scale = 1;
    for (int64_t i = 0; i < n; i++)
        if (fabs(gold[i]) > scale) scale = fabs(gold[i]);
    for (int64_t i = 0; i < n; i++) {
        double e = fabs(act[i] - gold[i]);
        if (!(e <= t.atol + t.rtol * fabs(gold[i]))) bad++;
        if (!(e <= maxerr)) maxerr = e;
    }
    int ok = n == 0 || ((double)(n - bad) >= 0.99 * (double)n && maxerr <= t.max_abs * (scale > 16 ? scale / 16 : 1));
    if (!ok)
        fprintf(stderr, "%s: %lld/%lld elements out of tolerance, max abs err %g (output scale %g)\n", what,
                (long long)bad, (long long)n, maxerr, scale);
    return ok;
}

/* Strict check for exact-operand cases: |a-g| <= 2^-20 * sum_k |a_k b_k| + tiny (FP32 accumulation
 * of exactly representable products). */
static inline int ref_check_bound(const double *act, const double *gold, const double *absdot, int64_t n,
                                  double rel, const char *what)
{
    for (int64_t i = 0; i < n; i++) {
        double e = fabs(act[i] - gold[i]);
        double lim = rel * absdot[i] + 1e-30;
        if (!(e <= lim)) {
            fprintf(stderr, "%s: element %lld: got %.9g want %.9g (limit %g)\n", what, (long long)i, act[i], gold[i],
                    lim);
            return 0;
        }
    }
    return 1;
}

#endif
