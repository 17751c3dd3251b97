/* Elementwise kernels: activations, their backward forms and the ops-math
 * basics, on FLOAT / FLOAT16 / BF16 tensors of any view strides and with
 * broadcasting. Computation is FP32; FP16/BF16 are converted on load and
 * rounded once on store.
 *
 * Every entry point works on a flat sub-range [begin, end) of the output's
 * elements (row-major order of the output shape), so a device kernel calls it
 * once per block with the range vec_block_range() gives that block. */
#ifndef ACLEMU_VEC_ELTWISE_H
#define ACLEMU_VEC_ELTWISE_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Op parameters; each op documents which fields it reads. */
typedef struct vec_params {
    float alpha;       /* ADD/SUB/ADD_RELU: other multiplier; LEAKY_RELU: negative slope;
                          ELU: alpha */
    float scale;       /* SWISH: beta; ELU: scale */
    float input_scale; /* ELU: input_scale */
    float beta;        /* SOFTPLUS: beta */
    float threshold;   /* SOFTPLUS, THRESHOLD_BWD */
    float scalar;      /* ADDS: value added (alpha*other, premultiplied); MULS: factor */
    /* the activation table rows (issue 12 `act` part) */
    float lambd;       /* shrink family: threshold; LOGIT(_BWD): eps (< 0: none) */
    float bias;        /* SHRINK: the value subtracted / added */
    float lo, hi;      /* HARDTANH_BWD: bounds */
    int is_result;     /* ELU_BWD: b is the forward result (else its input) */
} vec_params;

/* Defaults: alpha 1, scale 1, input_scale 1, beta 1, threshold 20, scalar 0 */
vec_params vec_params_default(void);

typedef enum vec_unary_op {
    VEC_RELU,
    VEC_GELU_TANH,   /* 0.5x(1+tanh(sqrt(2/pi)(x+0.044715x^3))) */
    VEC_GELU_ERF,    /* 0.5x(1+erf(x/sqrt2)) */
    VEC_FAST_GELU,   /* x*sigmoid(1.702x) */
    VEC_SILU,
    VEC_SWISH,       /* x*sigmoid(scale*x) */
    VEC_SIGMOID,
    VEC_LEAKY_RELU,  /* x>0 ? x : alpha*x */
    VEC_ELU,         /* x>0 ? scale*x : scale*alpha*(exp(input_scale*x)-1) */
    VEC_HARDSWISH,   /* x*clamp(x+3,0,6)/6 */
    VEC_HARDSIGMOID, /* clamp(x/6+0.5,0,1) */
    VEC_MISH,        /* x*tanh(softplus(x)) */
    VEC_SOFTPLUS,    /* beta*x > threshold ? x : log1p(exp(beta*x))/beta */
    VEC_TANH,
    VEC_EXP,
    VEC_EXPM1,
    VEC_LOG,
    VEC_LOG1P,
    VEC_ERF,
    VEC_ERFC,
    VEC_ADDS,        /* x + scalar */
    VEC_MULS,        /* x * scalar */
    VEC_COPY,
    /* elementwise unary family (ops-math, issue 10) */
    VEC_SIN, VEC_COS, VEC_TAN, VEC_ASIN, VEC_ACOS, VEC_ATAN,
    VEC_SINH, VEC_COSH, VEC_ASINH, VEC_ACOSH, VEC_ATANH,
    VEC_LOG2, VEC_LOG10, VEC_EXP2,
    VEC_RSQRT, VEC_RECIPROCAL, VEC_ABS, VEC_NEG, VEC_SQUARE,
    VEC_SIGN,        /* (x > 0) - (x < 0): NaN -> 0, -0 -> +0 (torch) */
    VEC_FLOOR, VEC_CEIL, VEC_TRUNC,
    VEC_ROUND,       /* half to even */
    VEC_FRAC,        /* x - trunc(x) */
    VEC_SINC,        /* sin(pi x) / (pi x) */
    VEC_ROUND_SCALED, /* alpha > 0: rint(x * scalar) / scalar; else rint(x / scalar) * scalar */
    VEC_LGAMMA, VEC_DIGAMMA,
    VEC_NAN_TO_NUM,  /* NaN -> alpha, +Inf -> scalar, -Inf -> threshold */
    /* the activation table rows (ops-nn, issue 12): formulas as act_extra.c's double ones */
    VEC_SELU,        /* x>0 ? L x : L A expm1(x), the fixed SELU constants */
    VEC_CELU,        /* x>0 ? x : alpha expm1(x/alpha) */
    VEC_HARDSHRINK,  /* -lambd <= x <= lambd ? 0 : x */
    VEC_SOFTSHRINK,  /* x>lambd ? x-lambd : x<-lambd ? x+lambd : 0*x */
    VEC_SHRINK,      /* x>lambd ? x-bias : x<-lambd ? x+bias : 0*x */
    VEC_LOGSIGMOID,  /* min(x,0) - log1p(exp(-|x|)) */
    VEC_SQUARED_RELU, /* x>0 ? x*x : 0*x */
    VEC_LOGIT,       /* log(z/(1-z)), z = x clamped to [lambd, 1-lambd] when lambd >= 0 */
    /* Ndtri, FresnelCos, FresnelSin (ops-math experimental, issue 10) */
    VEC_NDTRI, VEC_FRESNEL_COS, VEC_FRESNEL_SIN,
    /* end of the unary family block */
    VEC_UNARY_COUNT
} vec_unary_op;

typedef enum vec_binary_op {
    VEC_ADD,            /* a + alpha*b */
    VEC_SUB,            /* a - alpha*b */
    VEC_MUL,
    VEC_DIV,
    VEC_ADD_RELU,       /* relu(a + alpha*b) */
    VEC_PRELU,          /* a>0 ? a : b*a   (b = weight) */
    VEC_GLU,            /* a*sigmoid(b) */
    VEC_SWIGLU,         /* silu(a)*b */
    VEC_GELU_TANH_MUL,  /* gelu_tanh(a)*b */
    VEC_GELU_ERF_MUL,   /* gelu_erf(a)*b */
    VEC_GELU_TANH_BWD,  /* a=dy, b=x */
    VEC_GELU_ERF_BWD,   /* a=dy, b=x */
    VEC_SILU_BWD,       /* a=dy, b=x */
    VEC_SIGMOID_BWD,    /* a=dy, b=y (forward output): dy*y*(1-y) */
    VEC_THRESHOLD_BWD,  /* a=dy, b=x: x <= threshold ? 0 : dy */
    VEC_MAXIMUM,        /* max(a,b), NaN propagates */
    VEC_SQ_DIFF,        /* (a-b)^2 */
    /* the activation table backward rows (ops-nn, issue 12): a = dy, b = x (or y) */
    VEC_HARDSIGMOID_BWD, VEC_HARDSWISH_BWD, VEC_HARDSWISH_BWD_V2, VEC_MISH_BWD, VEC_SWISH_BWD,
    VEC_SOFTPLUS_BWD, VEC_ELU_BWD, VEC_LEAKY_RELU_BWD, VEC_HARDTANH_BWD, VEC_SHRINK_BWD,
    VEC_SELU_BWD, VEC_LOGSIGMOID_BWD, VEC_FAST_GELU_BWD,
    VEC_HEAVISIDE,      /* a == 0 ? b : a > 0 */
    VEC_LOGIT_BWD,
    VEC_SILU_MUL,       /* a*b*sigmoid(b) */
    VEC_BINARY_COUNT
} vec_binary_op;

/* y = op(x) on y's elements [begin, end). x is broadcast to y's shape.
 * x/y dtypes: FLOAT, FLOAT16, BF16 (may differ). VEC_RELU, VEC_ADDS, VEC_MULS
 * and VEC_COPY also take integer dtypes (INT8/16/32/64, UINT8). x and y may be
 * the same memory (inplace) when their views are identical.
 * Returns 0, or -1 when shapes do not broadcast or a dtype is not handled. */
int vec_unary(vec_unary_op op, const vec_params *p, const vec_view *x, const vec_view *y,
              int64_t begin, int64_t end);

/* y = op(a, b); a and b broadcast to y's shape. VEC_ADD/SUB/MUL/ADD_RELU
 * also take integer dtypes (all three the same). */
int vec_binary(vec_binary_op op, const vec_params *p, const vec_view *a, const vec_view *b,
               const vec_view *y, int64_t begin, int64_t end);

/* y[begin:end) = value converted to y's dtype (any vec_dtype). */
int vec_fill(const vec_view *y, double value, int64_t begin, int64_t end);

/* The same ops on contiguous FP32 arrays, for callers composing their own
 * loops (row kernels, tests). Uses the current ISA. */
void vec_unary_f32(vec_unary_op op, const vec_params *p, const float *x, float *y, int64_t n);
void vec_binary_f32(vec_binary_op op, const vec_params *p, const float *a, const float *b,
                    float *y, int64_t n);

#ifdef __cplusplus
}
#endif
#endif
