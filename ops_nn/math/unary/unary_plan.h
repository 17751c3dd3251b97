/* Host side of the elementwise unary family: one row per op of ops-math's unary headers
 * (dtype lists per chip, the result-dtype and out-dtype rules, the in-place list), and the
 * shared planner that checks in the real order (null -> dtype -> format -> shape) and
 * records one "UnaryMath" launch. */
#ifndef OPS_MATH_UNARY_PLAN_H
#define OPS_MATH_UNARY_PLAN_H

#include "aclemu_op/op_api.h"
#include "unary_args.h"

/* The result dtype, before the cast to out. */
typedef enum unary_result {
    UR_SELF,          /* self's dtype (Abs, Neg, Floor, ...) */
    UR_FLOAT_FOR_INT, /* floating self: its dtype; integer / BOOL self: FLOAT (Log, Sin, ...) */
    UR_BOOL,          /* predicates */
} unary_result;

/* What out's dtype must satisfy (after its support-list check, if the row has one). */
typedef enum unary_out_rule {
    UO_ANY,        /* only out's support list (Sin, Cos, Asin, ...: the kernel casts) */
    UO_SAME,       /* out dtype == self dtype */
    UO_CAST_SELF,  /* self's dtype castable to out (OP_CHECK_RESULT_DTYPE_CAST_FAILED(self, out)) */
    UO_CAST_RESULT,/* the result dtype castable to out (Erf, Expm1, Exp2: FLOAT for integers) */
    UO_EXACT,      /* out == the result dtype (Log10: FLOAT for integers, else self's) */
    UO_BOOL,       /* out must be BOOL */
} unary_out_rule;

enum {
    UF_FORMAT_EQUAL = 1 << 0, /* self and out formats must be equal (Abs, Reciprocal, Square, ...) */
};

typedef struct unary_row {
    unary_op op;
    const char *self_name, *out_name, *ref_name; /* parameter names as the real header has them */
    aclemu_dtype_set in_new;     /* self on A2 / A3 / 950 (BF16 here) */
    aclemu_dtype_set in_old;     /* self on 910 / 310P / 310B */
    aclemu_dtype_set out_new, out_old; /* out's support list; 0: none */
    aclemu_dtype_set ref_new, ref_old; /* the in-place selfRef list; 0: self's list */
    aclemu_dtype_set in_950;     /* 950 (RegBase) additions to in_new (Trunc, BitwiseNot) */
    aclemu_dtype_set cplx;       /* the complex dtypes self (and out, selfRef) may also have; a
                                    complex self needs a complex out (Abs: its real part type) */
    unary_result result;
    unary_out_rule out_rule;
    uint32_t flags;              /* UF_* */
    aclemu_chip_set chips;       /* 0: every chip; else the others fail with "not supported" */
} unary_row;

/* Op arguments beyond the tensors. */
typedef struct unary_params {
    int64_t decimals;                /* RoundDecimals */
    float nan_v, posinf_v, neginf_v; /* NanToNum */
} unary_params;

/* self -> out; `inplace` selects the selfRef checks (out == self); p may be NULL. */
aclnnStatus unary_plan_ex(aclOpExecutor *ex, const unary_row *row, const aclTensor *self, const aclTensor *out,
                          int inplace, const unary_params *p);
/* The same with only `decimals` (0 for every op but RoundDecimals). */
aclnnStatus unary_plan(aclOpExecutor *ex, const unary_row *row, const aclTensor *self, const aclTensor *out,
                       int inplace, int64_t decimals);

#endif
