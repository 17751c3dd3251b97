/* Vectorised FP32 elementary functions over arrays (AVX-512 / AVX2+FMA /
 * scalar chosen at run time, see isa.h). Accuracy <= 4 ulp (erf/erfc near
 * their zero crossings aside, where the absolute error is < 1e-7), NaN
 * propagated, +-Inf and overflow/underflow handled as libm does, denormal
 * results kept. x and y may alias exactly. */
#ifndef ACLEMU_VEC_VMATH_H
#define ACLEMU_VEC_VMATH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void vec_exp(const float *x, float *y, int64_t n);
void vec_expm1(const float *x, float *y, int64_t n);
void vec_log(const float *x, float *y, int64_t n);
void vec_log1p(const float *x, float *y, int64_t n);
void vec_tanh(const float *x, float *y, int64_t n);
void vec_erf(const float *x, float *y, int64_t n);
void vec_erfc(const float *x, float *y, int64_t n);
void vec_sigmoid(const float *x, float *y, int64_t n);
void vec_softplus(const float *x, float *y, int64_t n); /* log(1+e^x) */
/* elementwise unary family (ops-math, issue 10) */
void vec_sin(const float *x, float *y, int64_t n);
void vec_cos(const float *x, float *y, int64_t n);
void vec_tan(const float *x, float *y, int64_t n);
void vec_asin(const float *x, float *y, int64_t n);
void vec_acos(const float *x, float *y, int64_t n);
void vec_atan(const float *x, float *y, int64_t n);
void vec_sinh(const float *x, float *y, int64_t n);
void vec_cosh(const float *x, float *y, int64_t n);
void vec_asinh(const float *x, float *y, int64_t n);
void vec_acosh(const float *x, float *y, int64_t n);
void vec_atanh(const float *x, float *y, int64_t n);
void vec_log2(const float *x, float *y, int64_t n);
void vec_log10(const float *x, float *y, int64_t n);
void vec_exp2(const float *x, float *y, int64_t n);
void vec_rsqrt(const float *x, float *y, int64_t n);
void vec_sinc(const float *x, float *y, int64_t n); /* sin(pi x) / (pi x) */
void vec_lgamma(const float *x, float *y, int64_t n);  /* log|Gamma(x)| */
void vec_digamma(const float *x, float *y, int64_t n);

#ifdef __cplusplus
}
#endif
#endif
