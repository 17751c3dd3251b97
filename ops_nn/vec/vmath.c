/* Array front-ends of the vector math (thin wrappers over the kernel table). */
#include "vmath.h"

#include "kernels.h"

#define VMATH_FN(name, op)                                                 \
    void name(const float *x, float *y, int64_t n)                          \
    {                                                                       \
        vec_params p = vec_params_default();                                \
        vec_kernels_get()->unary[op](x, y, n, &p);                          \
    }

VMATH_FN(vec_exp, VEC_EXP)
VMATH_FN(vec_expm1, VEC_EXPM1)
VMATH_FN(vec_log, VEC_LOG)
VMATH_FN(vec_log1p, VEC_LOG1P)
VMATH_FN(vec_tanh, VEC_TANH)
VMATH_FN(vec_erf, VEC_ERF)
VMATH_FN(vec_erfc, VEC_ERFC)
VMATH_FN(vec_sigmoid, VEC_SIGMOID)
/* elementwise unary family (ops-math, issue 10) */
VMATH_FN(vec_sin, VEC_SIN)
VMATH_FN(vec_cos, VEC_COS)
VMATH_FN(vec_tan, VEC_TAN)
VMATH_FN(vec_asin, VEC_ASIN)
VMATH_FN(vec_acos, VEC_ACOS)
VMATH_FN(vec_atan, VEC_ATAN)
VMATH_FN(vec_sinh, VEC_SINH)
VMATH_FN(vec_cosh, VEC_COSH)
VMATH_FN(vec_asinh, VEC_ASINH)
VMATH_FN(vec_acosh, VEC_ACOSH)
VMATH_FN(vec_atanh, VEC_ATANH)
VMATH_FN(vec_log2, VEC_LOG2)
VMATH_FN(vec_log10, VEC_LOG10)
VMATH_FN(vec_exp2, VEC_EXP2)
VMATH_FN(vec_rsqrt, VEC_RSQRT)
VMATH_FN(vec_sinc, VEC_SINC)
VMATH_FN(vec_lgamma, VEC_LGAMMA)
VMATH_FN(vec_digamma, VEC_DIGAMMA)
VMATH_FN(vec_ndtri, VEC_NDTRI)
VMATH_FN(vec_fresnel_cos, VEC_FRESNEL_COS)
VMATH_FN(vec_fresnel_sin, VEC_FRESNEL_SIN)

void vec_softplus(const float *x, float *y, int64_t n)
{
    vec_params p = vec_params_default();
    p.threshold = __builtin_inff(); /* pure log(1+e^x), no linear cut-over */
    vec_kernels_get()->unary[VEC_SOFTPLUS](x, y, n, &p);
}
