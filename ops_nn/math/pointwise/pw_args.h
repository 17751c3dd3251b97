/* Argument blob of the ops-math pointwise family (comparisons, logical/bitwise ops, maximum/
 * minimum, fmod/remainder/floor_divide, atan2, clamp, addcdiv/addcmul, lerp, where, masked_fill):
 * one kernel ("Pointwise") walks an elementwise space whose operands are tensors (ew.op[1..])
 * or scalars already converted to the compute dtype on the host. */
#ifndef OPS_MATH_POINTWISE_ARGS_H
#define OPS_MATH_POINTWISE_ARGS_H

#include "aclemu_op/kargs.h"

/* What the kernel computes; a = operand 0, b = operand 1, c = operand 2. */
enum pw_op {
    /* result BOOL (0/1), compared in the compute dtype */
    PW_EQ, PW_NE, PW_GT, PW_GE, PW_LT, PW_LE,
    /* result BOOL of the operands' truth values, any dtypes */
    PW_LOGICAL_AND, PW_LOGICAL_OR, PW_LOGICAL_XOR,
    /* integer / BOOL compute dtypes only */
    PW_BITWISE_AND, PW_BITWISE_OR, PW_BITWISE_XOR,
    /* arithmetic in the compute dtype */
    PW_MAXIMUM,     /* NaN propagates */
    PW_MINIMUM,
    PW_FMOD,        /* C fmod: sign of a */
    PW_REMAINDER,   /* sign of b (Python %) */
    PW_FLOOR_DIV,   /* floor(a / b) */
    PW_ATAN2,
    PW_CLAMP,       /* min(max(a, b), c); b / c absent per flags; NaN in a bound gives NaN */
    PW_ADDCDIV,     /* a + value * b / c */
    PW_ADDCMUL,     /* a + value * b * c */
    PW_LERP,        /* a + c * (b - a) */
    PW_WHERE,       /* a (condition, read as BOOL) ? b : c */
    PW_XLOGY,       /* a == 0 ? 0 : a * log(b) (NaN b gives NaN) */
    PW_LOGADDEXP,   /* log(exp(a) + exp(b)) */
    PW_LOGADDEXP2,  /* log2(2^a + 2^b) */
    PW_ISCLOSE,     /* BOOL: |a - b| <= atol + rtol * |b| (value_f = rtol, aux_f = atol) */
    PW_LSHIFT,      /* integers: a << b, 0 when b < 0 or b >= the dtype's bits */
    PW_RSHIFT,      /* integers: a >> b (arithmetic for signed dtypes) */
    PW_ADDR,        /* beta * a + alpha * b * c (value = alpha, aux = beta; PW_IGNORE_A: beta is 0) */
    /* part mathrest (issue 10): gradients and the remaining binary ops */
    PW_TANH_GRAD,   /* a = dy, b = y: dy * (1 - y^2) */
    PW_XLOG1PY,     /* a == 0 ? 0 : a * log1p(b) */
    PW_MUL_NO_NAN,  /* b == 0 ? 0 : a * b */
    PW_ATAN_GRAD,   /* a = x, b = dy: dy / (1 + x^2) */
    PW_SQRT_GRAD,   /* a = y, b = dy: dy * 0.5 / y */
    PW_ASINH_GRAD,  /* a = y, b = dy: dy / cosh(y) */
    PW_ACOS_GRAD,   /* a = dy, b = x: -dy / sqrt(1 - x^2) */
    PW_GCD,         /* integers: gcd(|a|, |b|) */
    PW_MASKED_SCALE, /* a * b * value (b = the mask, any numeric dtype) */
    PW_APPROX_EQUAL, /* BOOL: |a - b| < value */
    PW_DIV_V3,      /* a / b, then value 1: trunc, 2: floor (in FLOAT, as the real kernel) */
    /* end of part mathrest */
    PW_MAX_POOL_GRAD, /* a = dy, b = x, c = y: b - c == 0 ? a : 0 in the compute dtype (inf - inf is
                         NaN: not selected), aclnnMaxPoolingGrad */
    PW_OP_COUNT
};

/* PW_TENSOR_VALUES: value and aux are 1-element device tensors (tval[0], tval[1]) the kernel
 * reads as FLOAT before computing (AddMatMatElementsPlus's alpha / beta). */
enum { PW_HAS_LO = 1, PW_HAS_HI = 2, PW_EQUAL_NAN = 4, PW_IGNORE_A = 8, PW_TENSOR_VALUES = 16 };

typedef struct pw_args {
    aclemu_ew ew;       /* op[0] = out, op[1..] = the tensor operands */
    int32_t op;         /* enum pw_op */
    int32_t compute;    /* dtype the operands are cast to and the result is rounded to */
    int32_t narg;       /* operands used (2 or 3) */
    int32_t flags;      /* PW_HAS_LO / PW_HAS_HI */
    int32_t src[3];     /* operand j: index into ew.op (1..3), 0 = the scalar sf[j] / si[j] */
    int32_t reserved;
    double sf[3];       /* scalar operands rounded to the compute dtype (float domains) */
    int64_t si[3];      /* the same for integer compute dtypes (wrapped to it) */
    double value_f;     /* Addcdiv / Addcmul value, IsClose rtol */
    int64_t value_i;
    double aux_f;       /* IsClose atol, Addr beta */
    int64_t aux_i;
    aclemu_tdesc tval[2]; /* PW_TENSOR_VALUES: the tensors holding value and aux */
} pw_args;

#endif
