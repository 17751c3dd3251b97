/* The planners of the elementwise unary family: one table row per op, the dtype lists and rules
 * read from ops-math's op_api/aclnn_<op>.cpp (per NpuArch / SocVersion: "new" = A2 / A3 / 950,
 * "old" = 910 / 310P / 310B; BF16 only on the new ones; `cplx` the complex dtypes the list has on
 * every chip). Each planner is one call of unary_plan. */
#include "aclemu_plans.h"
#include "unary_plan.h"

#define D(x) ACLEMU_DT(ACL_##x)
#define FLT (D(FLOAT) | D(FLOAT16) | D(DOUBLE))          /* the floating types but BF16 */
#define INTS (D(INT8) | D(INT16) | D(INT32) | D(INT64) | D(UINT8))
#define UINTS_WIDE (D(UINT16) | D(UINT32) | D(UINT64))
/* floating and integer / BOOL inputs with a floating result (Log, Sin, Asin, ...) */
#define FLOAT_RESULT_IN (FLT | INTS | D(BOOL))
#define CPLX (D(COMPLEX64) | D(COMPLEX128))

enum {
    R_ABS, R_NEG, R_SIGN, R_LOG, R_LOG2, R_LOG10, R_LOG1P, R_EXP2, R_EXPM1, R_SIN, R_COS, R_TAN,
    R_ASIN, R_ACOS, R_ATAN, R_SINH, R_COSH, R_ASINH, R_ACOSH, R_ATANH, R_RECIPROCAL, R_RSQRT, R_ERF,
    R_ERFC, R_ROUND, R_ROUNDDECIMALS, R_FLOOR, R_CEIL, R_TRUNC, R_FRAC, R_SQUARE, R_SINC, R_DIGAMMA,
    R_LGAMMA, R_ISFINITE, R_ISINF, R_ISPOSINF, R_ISNEGINF, R_SIGNBIT, R_LOGICALNOT, R_BITWISENOT, R_NANTONUM,
};

/* Sin / Cos / Asin / Acos / Atan / Sinh / Cosh / Asinh / Atanh / Reciprocal / Rsqrt / Sinc / Log1p:
 * self any of FLOAT_RESULT_IN, out a floating type (the kernel casts), selfRef floating. */
#define FLOAT_OP(op_, sn, on, rn, cplx_)                                                            \
    {.op = op_, .self_name = sn, .out_name = on, .ref_name = rn, .in_new = FLOAT_RESULT_IN | D(BF16), \
     .in_old = FLOAT_RESULT_IN, .out_new = FLT | D(BF16), .out_old = FLT, .ref_new = FLT | D(BF16),   \
     .ref_old = FLT, .cplx = cplx_, .result = UR_FLOAT_FOR_INT, .out_rule = UO_ANY}

static const unary_row rows[] = {
    /* aclnn_abs.cpp: out dtype == self (UINT8 / BOOL copied through), formats equal */
    /* (COMPLEX64 on 910B / 910_93 / 950 only, giving FLOAT) */
    [R_ABS] = {.op = UN_ABS, .self_name = "self", .out_name = "out",
               .in_new = FLT | INTS | D(BOOL) | D(BF16) | D(COMPLEX64), .in_old = FLT | INTS | D(BOOL),
               .result = UR_SELF, .out_rule = UO_SAME, .flags = UF_FORMAT_EQUAL},
    /* aclnn_neg.cpp: INT8, INT32, INT64 and the floats; self castable to out; InplaceNeg = Neg(self, self) */
    [R_NEG] = {.op = UN_NEG, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
               .in_new = FLT | D(INT8) | D(INT32) | D(INT64) | D(BF16), .in_old = FLT | D(INT8) | D(INT32) | D(INT64),
               .cplx = CPLX, .result = UR_SELF, .out_rule = UO_CAST_SELF},
    /* aclnn_sign.cpp: result dtype == self (BOOL through INT32) */
    [R_SIGN] = {.op = UN_SIGN, .self_name = "self", .out_name = "result",
                .in_new = FLT | D(INT32) | D(INT64) | D(BOOL) | D(BF16), .in_old = FLT | D(INT32) | D(INT64) | D(BOOL),
                .cplx = CPLX, .result = UR_SELF, .out_rule = UO_SAME},
    /* aclnn_log.cpp / aclnn_log2.cpp: in / out lists, then self castable to out */
    [R_LOG] = {.op = UN_LOG, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
               .in_new = FLOAT_RESULT_IN | D(BF16), .in_old = FLOAT_RESULT_IN, .out_new = FLT | D(BF16),
               .out_old = FLT, .ref_new = FLT | D(BF16), .ref_old = FLT, .cplx = CPLX, .result = UR_FLOAT_FOR_INT,
               .out_rule = UO_CAST_SELF},
    [R_LOG2] = {.op = UN_LOG2, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                .in_new = FLOAT_RESULT_IN | D(BF16), .in_old = FLOAT_RESULT_IN, .out_new = FLT | D(BF16),
                .out_old = FLT, .ref_new = FLT | D(BF16), .ref_old = FLT, .cplx = CPLX, .result = UR_FLOAT_FOR_INT,
                .out_rule = UO_CAST_SELF},
    /* aclnn_log10.cpp: one list for every chip; floating self -> out == self, else out FLOAT */
    [R_LOG10] = {.op = UN_LOG10, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                 .in_new = FLOAT_RESULT_IN | D(BF16), .in_old = FLOAT_RESULT_IN | D(BF16), .ref_new = FLT | D(BF16),
                 .ref_old = FLT, .cplx = CPLX, .result = UR_FLOAT_FOR_INT, .out_rule = UO_EXACT},
    [R_LOG1P] = FLOAT_OP(UN_LOG1P, "self", "out", "selfRef", 0),
    /* aclnn_exp2.cpp: the result (FLOAT for integers) castable to out; selfRef floating */
    [R_EXP2] = {.op = UN_EXP2, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                .in_new = FLOAT_RESULT_IN | D(BF16), .in_old = FLOAT_RESULT_IN, .ref_new = FLT | D(BF16),
                .ref_old = FLT, .result = UR_FLOAT_FOR_INT, .out_rule = UO_CAST_RESULT},
    /* aclnn_expm1.cpp: FLOAT, FLOAT16, (BF16), INT64, BOOL */
    [R_EXPM1] = {.op = UN_EXPM1, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                 .in_new = D(FLOAT) | D(FLOAT16) | D(INT64) | D(BOOL) | D(BF16),
                 .in_old = D(FLOAT) | D(FLOAT16) | D(INT64) | D(BOOL), .ref_new = D(FLOAT) | D(FLOAT16) | D(BF16),
                 .ref_old = D(FLOAT) | D(FLOAT16), .result = UR_FLOAT_FOR_INT, .out_rule = UO_CAST_RESULT},
    [R_SIN] = FLOAT_OP(UN_SIN, "self", "out", "selfRef", CPLX),
    [R_COS] = FLOAT_OP(UN_COS, "input", "out", "inputRef", CPLX),
    /* aclnn_tan.cpp: no out list; self castable to out; InplaceTan checks selfRef like self */
    [R_TAN] = {.op = UN_TAN, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
               .in_new = FLOAT_RESULT_IN | D(BF16), .in_old = FLOAT_RESULT_IN, .cplx = CPLX, .result = UR_FLOAT_FOR_INT,
               .out_rule = UO_CAST_SELF},
    [R_ASIN] = FLOAT_OP(UN_ASIN, "self", "out", "selfRef", 0),
    [R_ACOS] = FLOAT_OP(UN_ACOS, "input", "out", "inputRef", 0),
    [R_ATAN] = FLOAT_OP(UN_ATAN, "input", "out", "inputRef", 0),
    [R_SINH] = FLOAT_OP(UN_SINH, "self", "out", "selfRef", CPLX),
    [R_COSH] = FLOAT_OP(UN_COSH, "self", "out", "selfRef", CPLX),
    [R_ASINH] = FLOAT_OP(UN_ASINH, "input", "out", "inputRef", CPLX),
    /* aclnn_acosh.cpp adds the promotion check (self castable to out) */
    [R_ACOSH] = {.op = UN_ACOSH, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                 .in_new = FLOAT_RESULT_IN | D(BF16), .in_old = FLOAT_RESULT_IN, .out_new = FLT | D(BF16),
                 .out_old = FLT | D(BF16), .ref_new = FLT | D(BF16), .ref_old = FLT, .cplx = CPLX, .result = UR_FLOAT_FOR_INT,
                 .out_rule = UO_CAST_SELF},
    [R_ATANH] = FLOAT_OP(UN_ATANH, "input", "out", "inputRef", CPLX),
    /* aclnn_reciprocal.cpp: formats equal */
    [R_RECIPROCAL] = {.op = UN_RECIPROCAL, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                      .in_new = FLOAT_RESULT_IN | D(BF16), .in_old = FLOAT_RESULT_IN, .out_new = FLT | D(BF16),
                      .out_old = FLT, .ref_new = FLT | D(BF16), .ref_old = FLT, .cplx = CPLX, .result = UR_FLOAT_FOR_INT,
                      .out_rule = UO_ANY, .flags = UF_FORMAT_EQUAL},
    [R_RSQRT] = FLOAT_OP(UN_RSQRT, "self", "out", "selfRef", CPLX),
    /* aclnn_erf.cpp / aclnn_erfc.cpp: DOUBLE, FLOAT, FLOAT16, (BF16), BOOL, INT64 */
    [R_ERF] = {.op = UN_ERF, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
               .in_new = FLT | D(BOOL) | D(INT64) | D(BF16), .in_old = FLT | D(BOOL) | D(INT64),
               .ref_new = FLT | D(BF16), .ref_old = FLT, .result = UR_FLOAT_FOR_INT, .out_rule = UO_CAST_RESULT},
    [R_ERFC] = {.op = UN_ERFC, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                .in_new = FLT | D(BOOL) | D(INT64) | D(BF16), .in_old = FLT | D(BOOL) | D(INT64),
                .ref_new = FLT | D(BF16), .ref_old = FLT, .result = UR_FLOAT_FOR_INT, .out_rule = UO_CAST_RESULT},
    /* aclnn_round.cpp: FLOAT, FLOAT16, (BF16), DOUBLE, INT32, INT64; out in the list and == self */
    [R_ROUND] = {.op = UN_ROUND, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                 .in_new = FLT | D(INT32) | D(INT64) | D(BF16), .in_old = FLT | D(INT32) | D(INT64),
                 .out_new = FLT | D(INT32) | D(INT64) | D(BF16), .out_old = FLT | D(INT32) | D(INT64),
                 .result = UR_SELF, .out_rule = UO_SAME},
    [R_ROUNDDECIMALS] = {.op = UN_ROUND_DECIMALS, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                         .in_new = FLT | D(INT32) | D(INT64) | D(BF16), .in_old = FLT | D(INT32) | D(INT64),
                         .out_new = FLT | D(INT32) | D(INT64) | D(BF16), .out_old = FLT | D(INT32) | D(INT64),
                         .result = UR_SELF, .out_rule = UO_SAME},
    /* aclnn_floor.cpp: every integer type too (identity) */
    [R_FLOOR] = {.op = UN_FLOOR, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                 .in_new = FLT | INTS | UINTS_WIDE | D(BF16), .in_old = FLT | INTS | UINTS_WIDE, .result = UR_SELF,
                 .out_rule = UO_SAME},
    [R_CEIL] = {.op = UN_CEIL, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                .in_new = FLT | D(BF16), .in_old = FLT, .result = UR_SELF, .out_rule = UO_SAME},
    /* aclnn_trunc.cpp: FLOAT, FLOAT16, (BF16); 950 adds INT8, UINT8, INT32 */
    [R_TRUNC] = {.op = UN_TRUNC, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                 .in_new = D(FLOAT) | D(FLOAT16) | D(BF16), .in_old = D(FLOAT) | D(FLOAT16),
                 .in_950 = D(INT8) | D(UINT8) | D(INT32), .result = UR_SELF, .out_rule = UO_SAME},
    /* aclnn_frac.cpp: FLOAT, FLOAT16, (BF16), the integers but UINT > 8 bits (frac 0) */
    [R_FRAC] = {.op = UN_FRAC, .self_name = "input", .out_name = "out", .ref_name = "inputRef",
                .in_new = D(FLOAT) | D(FLOAT16) | INTS | D(BF16), .in_old = D(FLOAT) | D(FLOAT16) | INTS,
                .result = UR_SELF, .out_rule = UO_SAME},
    /* aclnn_square.cpp: INT64, FLOAT, FLOAT16, INT32, BF16 (one list); formats equal */
    [R_SQUARE] = {.op = UN_SQUARE, .self_name = "self", .out_name = "out",
                  .in_new = D(INT64) | D(FLOAT) | D(FLOAT16) | D(INT32) | D(BF16),
                  .in_old = D(INT64) | D(FLOAT) | D(FLOAT16) | D(INT32), .result = UR_SELF, .out_rule = UO_SAME,
                  .flags = UF_FORMAT_EQUAL},
    [R_SINC] = FLOAT_OP(UN_SINC, "self", "out", "selfRef", 0),
    /* aclnn_digamma.cpp / aclnn_lgamma.cpp: DOUBLE, FLOAT, FLOAT16; out == self; formats equal */
    [R_DIGAMMA] = {.op = UN_DIGAMMA, .self_name = "self", .out_name = "out", .in_new = FLT, .in_old = FLT,
                   .result = UR_SELF, .out_rule = UO_SAME, .flags = UF_FORMAT_EQUAL},
    [R_LGAMMA] = {.op = UN_LGAMMA, .self_name = "self", .out_name = "out", .in_new = FLT, .in_old = FLT,
                  .result = UR_SELF, .out_rule = UO_SAME, .flags = UF_FORMAT_EQUAL},
    /* aclnn_is_finite.cpp: out BOOL */
    [R_ISFINITE] = {.op = UN_ISFINITE, .self_name = "self", .out_name = "out",
                    .in_new = FLT | INTS | D(BOOL) | D(BF16), .in_old = FLT | INTS | D(BOOL), .result = UR_BOOL,
                    .out_rule = UO_BOOL},
    /* IsInf has no op_api source: the header is generated from is_inf_def.cpp (x: FLOAT16, FLOAT,
     * BF16 on 910B / 910_93 / 950; FLOAT16, FLOAT on 310P; y: BOOL; no 910 / 310B config) */
    [R_ISINF] = {.op = UN_ISINF, .self_name = "x", .out_name = "out", .in_new = D(FLOAT) | D(FLOAT16) | D(BF16),
                 .in_old = D(FLOAT) | D(FLOAT16), .result = UR_BOOL, .out_rule = UO_BOOL,
                 .chips = ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P)},
    /* aclnn_isposinf.cpp / aclnn_isneginf.cpp: 910B..910E and 310P only (no DOUBLE) */
    [R_ISPOSINF] = {.op = UN_ISPOSINF, .self_name = "self", .out_name = "out",
                    .in_new = D(FLOAT) | D(FLOAT16) | INTS | D(BOOL) | D(BF16),
                    .in_old = D(FLOAT) | D(FLOAT16) | INTS | D(BOOL), .result = UR_BOOL, .out_rule = UO_BOOL,
                    .chips = ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P)},
    [R_ISNEGINF] = {.op = UN_ISNEGINF, .self_name = "self", .out_name = "out",
                    .in_new = D(FLOAT) | D(FLOAT16) | INTS | D(BOOL) | D(BF16),
                    .in_old = D(FLOAT) | D(FLOAT16) | INTS | D(BOOL), .result = UR_BOOL, .out_rule = UO_BOOL,
                    .chips = ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P)},
    /* aclnn_signbit.cpp: self and out in the list (BOOL castable to every one of them) */
    [R_SIGNBIT] = {.op = UN_SIGNBIT, .self_name = "self", .out_name = "out",
                   .in_new = FLT | INTS | UINTS_WIDE | D(BOOL) | D(BF16), .in_old = FLT | INTS | UINTS_WIDE | D(BOOL),
                   .out_new = FLT | INTS | UINTS_WIDE | D(BOOL) | D(BF16), .out_old = FLT | INTS | UINTS_WIDE | D(BOOL),
                   .result = UR_BOOL, .out_rule = UO_ANY},
    /* aclnn_logical_not.cpp: self and out in one list (BF16 subject to the chip rule) */
    [R_LOGICALNOT] = {.op = UN_LOGICAL_NOT, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                      .in_new = FLT | INTS | D(BOOL) | D(BF16), .in_old = FLT | INTS | D(BOOL) | D(BF16),
                      .out_new = FLT | INTS | D(BOOL) | D(BF16), .out_old = FLT | INTS | D(BOOL) | D(BF16),
                      .result = UR_BOOL, .out_rule = UO_ANY},
    /* aclnn_bitwise_not.cpp: INT8..INT64, UINT8, BOOL (950: UINT16..UINT64 too); out == self */
    [R_BITWISENOT] = {.op = UN_BITWISE_NOT, .self_name = "self", .out_name = "out", .in_new = INTS | D(BOOL),
                      .in_old = INTS | D(BOOL), .in_950 = UINTS_WIDE, .result = UR_SELF, .out_rule = UO_SAME},
    /* aclnn_nan_to_num.cpp: 910B / 910_93 only; FLOAT16, FLOAT, BF16, the integers, BOOL (unchanged);
     * out == self */
    [R_NANTONUM] = {.op = UN_NAN_TO_NUM, .self_name = "self", .out_name = "out", .ref_name = "selfRef",
                    .in_new = D(FLOAT) | D(FLOAT16) | D(BF16) | INTS | D(BOOL),
                    .in_old = D(FLOAT) | D(FLOAT16) | INTS | D(BOOL), .result = UR_SELF, .out_rule = UO_SAME,
                    .chips = ACLEMU_CHIPS_A2_A3},
};

aclnnStatus aclemu_plan_Abs(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ABS], self, out, 0, 0);
}

aclnnStatus aclemu_plan_Neg(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_NEG], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceNeg(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_NEG], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Sign(aclOpExecutor *executor, const aclTensor* self, aclTensor* result)
{
    return unary_plan(executor, &rows[R_SIGN], self, result, 0, 0);
}

aclnnStatus aclemu_plan_Log(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_LOG], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceLog(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_LOG], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Log2(aclOpExecutor *executor, const aclTensor* self, const aclTensor* out)
{
    return unary_plan(executor, &rows[R_LOG2], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceLog2(aclOpExecutor *executor, const aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_LOG2], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Log10(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_LOG10], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceLog10(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_LOG10], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Log1p(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_LOG1P], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceLog1p(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_LOG1P], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Exp2(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_EXP2], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceExp2(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_EXP2], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Expm1(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_EXPM1], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceExpm1(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_EXPM1], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Sin(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_SIN], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceSin(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_SIN], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Cos(aclOpExecutor *executor, const aclTensor* input, aclTensor* out)
{
    return unary_plan(executor, &rows[R_COS], input, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceCos(aclOpExecutor *executor, aclTensor* inputRef)
{
    return unary_plan(executor, &rows[R_COS], inputRef, inputRef, 1, 0);
}

aclnnStatus aclemu_plan_Tan(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_TAN], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceTan(aclOpExecutor *executor, const aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_TAN], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Asin(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ASIN], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceAsin(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_ASIN], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Acos(aclOpExecutor *executor, const aclTensor* input, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ACOS], input, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceAcos(aclOpExecutor *executor, aclTensor* inputRef)
{
    return unary_plan(executor, &rows[R_ACOS], inputRef, inputRef, 1, 0);
}

aclnnStatus aclemu_plan_Atan(aclOpExecutor *executor, const aclTensor* input, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ATAN], input, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceAtan(aclOpExecutor *executor, aclTensor* inputRef)
{
    return unary_plan(executor, &rows[R_ATAN], inputRef, inputRef, 1, 0);
}

aclnnStatus aclemu_plan_Sinh(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_SINH], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceSinh(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_SINH], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Cosh(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_COSH], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceCosh(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_COSH], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Asinh(aclOpExecutor *executor, const aclTensor* input, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ASINH], input, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceAsinh(aclOpExecutor *executor, aclTensor* inputRef)
{
    return unary_plan(executor, &rows[R_ASINH], inputRef, inputRef, 1, 0);
}

aclnnStatus aclemu_plan_Acosh(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ACOSH], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceAcosh(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_ACOSH], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Atanh(aclOpExecutor *executor, const aclTensor* input, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ATANH], input, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceAtanh(aclOpExecutor *executor, aclTensor* inputRef)
{
    return unary_plan(executor, &rows[R_ATANH], inputRef, inputRef, 1, 0);
}

aclnnStatus aclemu_plan_Reciprocal(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_RECIPROCAL], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceReciprocal(aclOpExecutor *executor, const aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_RECIPROCAL], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Rsqrt(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_RSQRT], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceRsqrt(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_RSQRT], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Erf(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ERF], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceErf(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_ERF], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Erfc(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ERFC], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceErfc(aclOpExecutor *executor, const aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_ERFC], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Round(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ROUND], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceRound(aclOpExecutor *executor, const aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_ROUND], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_RoundDecimals(aclOpExecutor *executor, const aclTensor* self, int64_t decimals, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ROUNDDECIMALS], self, out, 0, decimals);
}

aclnnStatus aclemu_plan_InplaceRoundDecimals(aclOpExecutor *executor, aclTensor* selfRef, int64_t decimals)
{
    return unary_plan(executor, &rows[R_ROUNDDECIMALS], selfRef, selfRef, 1, decimals);
}

aclnnStatus aclemu_plan_Floor(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_FLOOR], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceFloor(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_FLOOR], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Ceil(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_CEIL], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceCeil(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_CEIL], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Trunc(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_TRUNC], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceTrunc(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_TRUNC], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Frac(aclOpExecutor *executor, const aclTensor* input, aclTensor* out)
{
    return unary_plan(executor, &rows[R_FRAC], input, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceFrac(aclOpExecutor *executor, aclTensor* inputRef)
{
    return unary_plan(executor, &rows[R_FRAC], inputRef, inputRef, 1, 0);
}

aclnnStatus aclemu_plan_Square(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_SQUARE], self, out, 0, 0);
}

aclnnStatus aclemu_plan_Sinc(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_SINC], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceSinc(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_SINC], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_Digamma(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_DIGAMMA], self, out, 0, 0);
}

aclnnStatus aclemu_plan_Lgamma(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_LGAMMA], self, out, 0, 0);
}

aclnnStatus aclemu_plan_IsFinite(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ISFINITE], self, out, 0, 0);
}

aclnnStatus aclemu_plan_IsInf(aclOpExecutor *executor, const aclTensor* x, const aclTensor* out)
{
    return unary_plan(executor, &rows[R_ISINF], x, out, 0, 0);
}

aclnnStatus aclemu_plan_IsPosInf(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ISPOSINF], self, out, 0, 0);
}

aclnnStatus aclemu_plan_IsNegInf(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_ISNEGINF], self, out, 0, 0);
}

aclnnStatus aclemu_plan_Signbit(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_SIGNBIT], self, out, 0, 0);
}

aclnnStatus aclemu_plan_LogicalNot(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_LOGICALNOT], self, out, 0, 0);
}

aclnnStatus aclemu_plan_InplaceLogicalNot(aclOpExecutor *executor, aclTensor* selfRef)
{
    return unary_plan(executor, &rows[R_LOGICALNOT], selfRef, selfRef, 1, 0);
}

aclnnStatus aclemu_plan_BitwiseNot(aclOpExecutor *executor, const aclTensor* self, aclTensor* out)
{
    return unary_plan(executor, &rows[R_BITWISENOT], self, out, 0, 0);
}

/* the replacements are converted to self's dtype as torch.nan_to_num does (a value beyond FLOAT16's
 * range becomes +-Inf there) */
aclnnStatus aclemu_plan_NanToNum(aclOpExecutor *executor, const aclTensor* self, float nan, float posinf, float neginf,
                                 aclTensor* out)
{
    unary_params p = {.nan_v = nan, .posinf_v = posinf, .neginf_v = neginf};
    return unary_plan_ex(executor, &rows[R_NANTONUM], self, out, 0, &p);
}

aclnnStatus aclemu_plan_InplaceNanToNum(aclOpExecutor *executor, aclTensor* selfRef, float nan, float posinf,
                                        float neginf)
{
    unary_params p = {.nan_v = nan, .posinf_v = posinf, .neginf_v = neginf};
    return unary_plan_ex(executor, &rows[R_NANTONUM], selfRef, selfRef, 1, &p);
}
