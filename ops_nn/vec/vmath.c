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

void vec_softplus(const float *x, float *y, int64_t n)
{
    vec_params p = vec_params_default();
    p.threshold = __builtin_inff(); /* pure log(1+e^x), no linear cut-over */
    vec_kernels_get()->unary[VEC_SOFTPLUS](x, y, n, &p);
}
