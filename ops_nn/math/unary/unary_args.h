/* Blob of the elementwise unary family's shared kernel ("UnaryMath"): one kernel for every
 * op of ops-math's unary headers (Abs, Neg, Sign, Log*, trigonometric, rounding, predicates,
 * ...), the op chosen by `op`. */
#ifndef OPS_MATH_UNARY_ARGS_H
#define OPS_MATH_UNARY_ARGS_H

#include "aclemu_op/kargs.h"

typedef enum unary_op {
    UN_ABS, UN_NEG, UN_SIGN, UN_SQUARE, UN_RECIPROCAL, UN_RSQRT,
    UN_LOG, UN_LOG2, UN_LOG10, UN_LOG1P, UN_EXP2, UN_EXPM1,
    UN_SIN, UN_COS, UN_TAN, UN_ASIN, UN_ACOS, UN_ATAN,
    UN_SINH, UN_COSH, UN_ASINH, UN_ACOSH, UN_ATANH,
    UN_ERF, UN_ERFC, UN_SINC, UN_DIGAMMA, UN_LGAMMA,
    UN_ROUND, UN_ROUND_DECIMALS, UN_FLOOR, UN_CEIL, UN_TRUNC, UN_FRAC,
    UN_BITWISE_NOT,
    UN_NAN_TO_NUM, /* NaN / +Inf / -Inf replaced by nan_v / posinf_v / neginf_v */
    /* predicates: a 0/1 result stored in out's dtype */
    UN_ISFINITE, UN_ISINF, UN_ISPOSINF, UN_ISNEGINF, UN_SIGNBIT, UN_LOGICAL_NOT,
    UN_OP_END
} unary_op;

#define UN_FIRST_PREDICATE UN_ISFINITE

/* The domain the result is computed in (the dtype the real op's kernel runs in). */
enum {
    UNARY_F32 = 0, /* FLOAT / FLOAT16 / BF16 results: vectorised FP32, one rounding on store */
    UNARY_F64 = 1, /* DOUBLE results: double libm */
    UNARY_I64 = 2, /* integer / BOOL results of integer inputs: exact, wrapping like the dtype */
    UNARY_PRED = 3, /* predicates: by the input's dtype */
    UNARY_CPLX = 4  /* COMPLEX64 / COMPLEX128 inputs: double complex (C99 <complex.h>) */
};

typedef struct unary_args {
    aclemu_ew ew;     /* op[0] out, op[1] self */
    int32_t op;       /* unary_op */
    int32_t compute;  /* UNARY_* */
    int32_t result;   /* aclDataType of the result before the cast to out: a FLOAT16 / BF16 result
                         stored into a wider out is rounded to it first, as the real op's Cast */
    int32_t reserved;
    int64_t decimals; /* UN_ROUND_DECIMALS */
    float nan_v, posinf_v, neginf_v; /* UN_NAN_TO_NUM */
    int32_t reserved2;
} unary_args;

#endif
