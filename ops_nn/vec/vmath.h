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
/* Ndtri / FresnelCos / FresnelSin (ops-math experimental, issue 10) */
void vec_ndtri(const float *x, float *y, int64_t n);       /* inverse standard normal CDF */
void vec_fresnel_cos(const float *x, float *y, int64_t n); /* C(x) = int_0^x cos(pi t^2 / 2) dt */
void vec_fresnel_sin(const float *x, float *y, int64_t n); /* S(x) = int_0^x sin(pi t^2 / 2) dt */
/* the double Fresnel integrals vm_fresnel hands its rare lanes to (|x| >= 4096, Inf, NaN) */
double vec_fresnel_cos_f64(double x);
double vec_fresnel_sin_f64(double x);

#ifdef __cplusplus
}
#endif
#endif
