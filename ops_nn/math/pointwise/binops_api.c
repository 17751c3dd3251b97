/* The two-operand ops of ops-math on one table-driven planner: Maximum, Minimum, LogicalAnd/Or/
 * Xor, BitwiseAnd/Or/Xor (Tensor, Scalar), FmodTensor/Scalar, Remainder (TT, TS, ST),
 * FloorDivide(s), Atan2, with their Inplace twins. Each row holds what the op's real op_api
 * (math/<op>/op_api/aclnn_<op>.cpp) checks: the support list per NpuArch, whether out is checked
 * against it, how a scalar joins the promotion, what a BOOL promotion computes in. Order: null
 * -> dtypes -> promotion (+ out castable) -> rank -> broadcast / out shape. */
#include "aclemu_plans.h"
#include "pw_plan.h"

enum scalar_rule {
    SR_PROMOTE,   /* PromoteType(self, scalar dtype); the category combination on RegBase */
    SR_CATEGORY,  /* a floating self keeps its dtype, an integral self only moves for a floating
                     scalar or when BOOL (remainder's rule); the category combination on RegBase */
};

typedef struct bin_spec {
    int op;
    pw_dtypes in;           /* self / other */
    pw_dtypes out;          /* 0: out's dtype is not checked against a list */
    int promoted_in_list;   /* the promoted dtype must be in `in` */
    aclDataType bool_as;    /* a BOOL promotion computes in this dtype (0: BOOL) */
    int float_result;       /* an integral promotion computes in FLOAT (atan2) */
    int logical;            /* truth values: compute DOUBLE, result BOOL, no promotion */
    int scalar_rule;
    pw_dtypes scalar_in;    /* a scalar operand's own list (0: `in`) */
    int scalar_tensor_keeps_other; /* RemainderScalarTensor: other's dtype off RegBase */
    int compute_out;        /* computed in out's dtype; self / other must cast to it (LogAddExp) */
} bin_spec;

#define I_ALL (PW_DT(INT8) | PW_DT(UINT8) | PW_DT(INT16) | PW_DT(INT32) | PW_DT(INT64))
#define F_ALL (PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(DOUBLE))
#define SAME3(x) {(x), (x), (x)}
#define WITH_BF16(x) {(x) | PW_DT(BF16), (x) | PW_DT(BF16), (x)}

static const bin_spec MAXIMUM = {PW_MAXIMUM, WITH_BF16(I_ALL | F_ALL | PW_DT(BOOL)), WITH_BF16(I_ALL | F_ALL | PW_DT(BOOL)),
                                 0, 0, 0, 0, SR_PROMOTE};
static const bin_spec MINIMUM = {PW_MINIMUM, WITH_BF16(I_ALL | F_ALL | PW_DT(BOOL)), WITH_BF16(I_ALL | F_ALL | PW_DT(BOOL)),
                                 0, 0, 0, 0, SR_PROMOTE};
#define LOGIC_IN (I_ALL | F_ALL | PW_DT(BOOL) | PW_DT(BF16) | PW_DT(COMPLEX64) | PW_DT(COMPLEX128))
#define LOGIC_OUT (LOGIC_IN | PW_DT(UINT16) | PW_DT(UINT32) | PW_DT(UINT64))
static const bin_spec LOGICAL_AND = {PW_LOGICAL_AND, SAME3(LOGIC_IN), {0, 0, 0}, 0, 0, 0, 1, SR_PROMOTE};
static const bin_spec LOGICAL_OR = {PW_LOGICAL_OR, SAME3(LOGIC_IN), SAME3(LOGIC_OUT), 0, 0, 0, 1, SR_PROMOTE};
static const bin_spec LOGICAL_XOR = {PW_LOGICAL_XOR, SAME3(LOGIC_IN), {0, 0, 0}, 0, 0, 0, 1, SR_PROMOTE};
#define BIT_AND (I_ALL | PW_DT(BOOL) | PW_DT(UINT16))
#define BIT_WIDE (BIT_AND | PW_DT(UINT32) | PW_DT(UINT64))
static const bin_spec BITWISE_AND = {PW_BITWISE_AND, SAME3(BIT_AND), {0, 0, 0}, 0, 0, 0, 0, SR_PROMOTE};
static const bin_spec BITWISE_OR = {PW_BITWISE_OR, SAME3(BIT_WIDE), {0, 0, 0}, 0, 0, 0, 0, SR_PROMOTE};
static const bin_spec BITWISE_OR_S = {PW_BITWISE_OR, {BIT_AND, BIT_WIDE, BIT_AND}, {0, 0, 0}, 0, 0, 0, 0, SR_PROMOTE};
#define BIT_XOR (I_ALL | PW_DT(BOOL))
static const bin_spec BITWISE_XOR = {PW_BITWISE_XOR, {BIT_XOR, BIT_XOR | PW_DT(UINT16) | PW_DT(UINT32) | PW_DT(UINT64), BIT_XOR},
                                     {0, 0, 0}, 0, 0, 0, 0, SR_PROMOTE};
#define FMOD_L (PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT8) | PW_DT(FLOAT16) | PW_DT(UINT8) | PW_DT(DOUBLE) | PW_DT(INT64))
static const bin_spec FMOD = {PW_FMOD, WITH_BF16(FMOD_L), WITH_BF16(FMOD_L), 1, 0, 0, 0, SR_CATEGORY};
#define REM_L (PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(FLOAT) | PW_DT(DOUBLE))
static const bin_spec REMAINDER = {PW_REMAINDER, WITH_BF16(REM_L), {0, 0, 0}, 1, 0, 0, 0, SR_CATEGORY, {0, 0, 0}, 1, 0};
#define FDIV_L (F_ALL | I_ALL | PW_DT(BOOL))
static const bin_spec FLOOR_DIV = {PW_FLOOR_DIV, WITH_BF16(FDIV_L), {0, 0, 0}, 0, ACL_FLOAT, 0, 0, SR_PROMOTE};
#define ATAN_IN (F_ALL | I_ALL | PW_DT(BOOL))
static const bin_spec ATAN2 = {PW_ATAN2, WITH_BF16(ATAN_IN), {0, 0, 0}, 0, 0, 1, 0, SR_PROMOTE};

#define XLOGY_L (PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(INT8) | PW_DT(UINT8) | PW_DT(BOOL) | PW_DT(INT16))
static const bin_spec XLOGY = {PW_XLOGY, WITH_BF16(XLOGY_L), {0, 0, 0}, 0, 0, 1, 0, SR_PROMOTE,
                               WITH_BF16(XLOGY_L | PW_DT(DOUBLE)), 0, 0};
#define SHIFT_L (PW_DT(INT8) | PW_DT(INT16) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(UINT8) | PW_DT(UINT16) | PW_DT(UINT32) | PW_DT(UINT64))
static const bin_spec LSHIFT = {PW_LSHIFT, SAME3(SHIFT_L), SAME3(SHIFT_L), 0, 0, 0, 0, SR_PROMOTE, {0, 0, 0}, 0, 0};
static const bin_spec RSHIFT = {PW_RSHIFT, SAME3(SHIFT_L), SAME3(SHIFT_L), 0, 0, 0, 0, SR_PROMOTE, {0, 0, 0}, 0, 0};
#define LAE_IN (F_ALL | I_ALL | PW_DT(UINT16) | PW_DT(UINT32) | PW_DT(UINT64) | PW_DT(BOOL))
#define LAE_OUT (PW_DT(FLOAT16) | PW_DT(FLOAT))
static const bin_spec LOGADDEXP = {PW_LOGADDEXP, WITH_BF16(LAE_IN), WITH_BF16(LAE_OUT), 0, 0, 0, 0, SR_PROMOTE, {0, 0, 0}, 0, 1};
static const bin_spec LOGADDEXP2 = {PW_LOGADDEXP2, WITH_BF16(LAE_IN), WITH_BF16(LAE_OUT), 0, 0, 0, 0, SR_PROMOTE, {0, 0, 0}, 0, 1};

static aclDataType finish_promotion(const bin_spec *sp, aclDataType promoted)
{
    if (promoted == ACL_DT_UNDEFINED)
        return promoted;
    if (promoted == ACL_BOOL && sp->bool_as)
        return sp->bool_as;
    if (sp->float_result && !aclemu_dtype_is_float(promoted))
        return ACL_FLOAT;
    return promoted;
}

static aclnnStatus check_promoted(const char *api, const bin_spec *sp, aclDataType promoted, aclDataType sdt,
                                  aclDataType odt, const aclTensor *out, const char *on)
{
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s can not promote dtype.", aclemu_dtype_name(sdt),
                                  aclemu_dtype_name(odt));
    aclnnStatus st;
    if (sp->promoted_in_list && !aclemu_dtype_in(promoted, aclemu_chip_dtypes(pw_pick(&sp->in)))) {
        char list[512];
        return ACLEMU_PARAM_ERROR(api, "Promote type %s should be in dtype support list %s.", aclemu_dtype_name(promoted),
                                  aclemu_dtype_set_str(aclemu_chip_dtypes(pw_pick(&sp->in)), list, sizeof list));
    }
    if (!sp->logical && !sp->compute_out && (st = aclemu_check_can_cast(api, promoted, out, on)))
        return st;
    return ACLNN_SUCCESS;
}

/* self (tensor or scalar) op other (tensor or scalar); at least one is a tensor. */
static aclnnStatus bin_plan(aclOpExecutor *ex, const bin_spec *sp, const aclTensor *self, const aclScalar *self_s,
                            const aclTensor *other, const aclScalar *other_s, const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = inplace ? "selfRef" : "self", *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    const void *sp_self = self ? (const void *)self : (const void *)self_s;
    const void *sp_other = other ? (const void *)other : (const void *)other_s;
    if ((st = aclemu_check_notnull(api, sp_self, sn)) || (st = aclemu_check_notnull(api, sp_other, "other")) ||
        (st = aclemu_check_notnull(api, out, on)))
        return st;
    aclemu_dtype_set in = pw_pick(&sp->in), outs = pw_pick(&sp->out);
    aclDataType sdt = self ? self->dtype : self_s->dtype, odt = other ? other->dtype : other_s->dtype;
    aclemu_dtype_set sin = pw_pick(&sp->scalar_in) ? pw_pick(&sp->scalar_in) : in;
    if ((st = aclemu_check_dtype_value(api, sdt, sn, self ? in : sin)) ||
        (st = aclemu_check_dtype_value(api, odt, "other", other ? in : sin)))
        return st;
    if (outs && (st = aclemu_check_dtype(api, out, on, outs)))
        return st;

    aclDataType promoted;
    if (sp->logical) {
        /* both sides read as truth values: in float unless a DOUBLE (a tiny nonzero value would
         * round to 0 in float) or a complex side needs more */
        int wide = sdt == ACL_DOUBLE || odt == ACL_DOUBLE || aclemu_dtype_is_complex(sdt) || aclemu_dtype_is_complex(odt);
        promoted = wide ? ACL_DOUBLE : ACL_FLOAT;
    } else if (sp->compute_out) {
        if (!aclemu_can_cast(sdt, out->dtype) || !aclemu_can_cast(odt, out->dtype))
            return ACLEMU_PARAM_ERROR(api, "result dtype %s can not cast to %s dtype %s.",
                                      aclemu_dtype_name(aclemu_can_cast(sdt, out->dtype) ? odt : sdt), on,
                                      aclemu_dtype_name(out->dtype));
        promoted = out->dtype;
    } else if (self && other) {
        promoted = aclemu_promote_types(sdt, odt);
    } else {
        /* one side is a scalar: the tensor's dtype leads */
        aclDataType tdt = self ? sdt : odt, cdt = self ? odt : sdt;
        if (pw_arch() == PW_ARCH_REGBASE)
            promoted = pw_combine_categories(tdt, pw_scalar_default(cdt));
        else if (sp->scalar_rule == SR_CATEGORY)
            promoted = aclemu_dtype_is_float(tdt) ? tdt
                       : (aclemu_dtype_is_float(cdt) || tdt == ACL_BOOL) ? aclemu_promote_types(tdt, cdt)
                                                                          : tdt;
        else
            promoted = aclemu_promote_types(tdt, cdt);
        if (!self && sp->scalar_tensor_keeps_other) /* RemainderScalarTensor: other's dtype off RegBase */
            promoted = pw_arch() == PW_ARCH_REGBASE ? promoted : odt;
    }
    promoted = finish_promotion(sp, promoted);
    if ((st = check_promoted(api, sp, promoted, sdt, odt, out, on)))
        return st;

    if ((self && (st = pw_check_rank(api, self, sn))) || (other && (st = pw_check_rank(api, other, "other"))) ||
        (st = pw_check_rank(api, out, on)))
        return st;
    if (self && other) {
        int64_t bs[ACLEMU_MAX_RANK];
        uint32_t bnd;
        if ((st = pw_broadcast(api, self, sn, other, "other", bs, &bnd)) ||
            (st = pw_check_out_shape(api, bs, bnd, out, on)))
            return st;
    } else if ((st = aclemu_check_same_shape(api, self ? self : other, self ? sn : "other", out, on))) {
        return st;
    }
    pw_operand ops[2] = {{self, self_s}, {other, other_s}};
    return pw_launch(ex, sp->op, promoted, out, ops, 2, 0, NULL);
}

#define TT(Name, SPEC)                                                                                         \
    aclnnStatus aclemu_plan_##Name(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other,     \
                                   aclTensor *out)                                                             \
    {                                                                                                          \
        return bin_plan(executor, &SPEC, self, NULL, other, NULL, out, 0);                                     \
    }
#define TT_INPLACE(Name, SPEC, SELF_T, OTHER_T)                                                                \
    aclnnStatus aclemu_plan_##Name(aclOpExecutor *executor, SELF_T selfRef, OTHER_T other)                     \
    {                                                                                                          \
        return bin_plan(executor, &SPEC, selfRef, NULL, other, NULL, selfRef, 1);                              \
    }
#define TS(Name, SPEC)                                                                                         \
    aclnnStatus aclemu_plan_##Name(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other,     \
                                   aclTensor *out)                                                             \
    {                                                                                                          \
        return bin_plan(executor, &SPEC, self, NULL, NULL, other, out, 0);                                     \
    }
#define TS_INPLACE(Name, SPEC, SELF_T)                                                                         \
    aclnnStatus aclemu_plan_##Name(aclOpExecutor *executor, SELF_T selfRef, const aclScalar *other)            \
    {                                                                                                          \
        return bin_plan(executor, &SPEC, selfRef, NULL, NULL, other, selfRef, 1);                              \
    }

TT(Maximum, MAXIMUM)
TT(Minimum, MINIMUM)
TT(LogicalAnd, LOGICAL_AND)
TT_INPLACE(InplaceLogicalAnd, LOGICAL_AND, aclTensor *, const aclTensor *)
TT(LogicalOr, LOGICAL_OR)
TT_INPLACE(InplaceLogicalOr, LOGICAL_OR, aclTensor *, const aclTensor *)
TT(LogicalXor, LOGICAL_XOR)
TT(BitwiseAndTensor, BITWISE_AND)
TT_INPLACE(InplaceBitwiseAndTensor, BITWISE_AND, const aclTensor *, const aclTensor *)
TS(BitwiseAndScalar, BITWISE_AND)
TS_INPLACE(InplaceBitwiseAndScalar, BITWISE_AND, const aclTensor *)
TT(BitwiseOrTensor, BITWISE_OR)
TT_INPLACE(InplaceBitwiseOrTensor, BITWISE_OR, aclTensor *, const aclTensor *)
TS(BitwiseOrScalar, BITWISE_OR_S)
TS_INPLACE(InplaceBitwiseOrScalar, BITWISE_OR_S, aclTensor *)
TT(BitwiseXorTensor, BITWISE_XOR)
TT_INPLACE(InplaceBitwiseXorTensor, BITWISE_XOR, aclTensor *, const aclTensor *)
TS(BitwiseXorScalar, BITWISE_XOR)
TS_INPLACE(InplaceBitwiseXorScalar, BITWISE_XOR, aclTensor *)
TT(FmodTensor, FMOD)
TT_INPLACE(InplaceFmodTensor, FMOD, aclTensor *, const aclTensor *)
TS(FmodScalar, FMOD)
TS_INPLACE(InplaceFmodScalar, FMOD, aclTensor *)
TT(RemainderTensorTensor, REMAINDER)
TT_INPLACE(InplaceRemainderTensorTensor, REMAINDER, aclTensor *, const aclTensor *)
TS(RemainderTensorScalar, REMAINDER)
TS_INPLACE(InplaceRemainderTensorScalar, REMAINDER, aclTensor *)
TT(FloorDivide, FLOOR_DIV)
TT_INPLACE(InplaceFloorDivide, FLOOR_DIV, aclTensor *, const aclTensor *)
TS(FloorDivides, FLOOR_DIV)
TS_INPLACE(InplaceFloorDivides, FLOOR_DIV, aclTensor *)
TT(Atan2, ATAN2)
TT_INPLACE(InplaceAtan2, ATAN2, aclTensor *, aclTensor *)

/* aclnn_bitwiseand.h: the same op under the TensorOut names; its in-place form names the
 * in+out tensor `self`. */
TT(BitwiseAndTensorOut, BITWISE_AND)
aclnnStatus aclemu_plan_InplaceBitwiseAndTensorOut(aclOpExecutor *executor, const aclTensor *self,
                                                   const aclTensor *other)
{
    return bin_plan(executor, &BITWISE_AND, self, NULL, other, NULL, self, 0);
}

aclnnStatus aclemu_plan_RemainderScalarTensor(aclOpExecutor *executor, const aclScalar *self, const aclTensor *other,
                                              aclTensor *out)
{
    return bin_plan(executor, &REMAINDER, NULL, self, other, NULL, out, 0);
}

/* aclnn_x_log_y_*.h: integral promotions compute in FLOAT */
TT(XLogYTensor, XLOGY)
TT_INPLACE(InplaceXLogYTensor, XLOGY, aclTensor *, const aclTensor *)
TS(XLogYScalarOther, XLOGY)
TS_INPLACE(InplaceXLogYScalarOther, XLOGY, aclTensor *)
aclnnStatus aclemu_plan_XLogYScalarSelf(aclOpExecutor *executor, const aclScalar *self, const aclTensor *other,
                                        aclTensor *out)
{
    return bin_plan(executor, &XLOGY, NULL, self, other, NULL, out, 0);
}

/* aclnn_left_shift.h / aclnn_right_shift.h */
aclnnStatus aclemu_plan_LeftShift(aclOpExecutor *executor, const aclTensor *self, const aclTensor *shiftBits,
                                  aclTensor *out)
{
    return bin_plan(executor, &LSHIFT, self, NULL, shiftBits, NULL, out, 0);
}
aclnnStatus aclemu_plan_LeftShifts(aclOpExecutor *executor, const aclTensor *self, const aclScalar *shiftBits,
                                   aclTensor *out)
{
    return bin_plan(executor, &LSHIFT, self, NULL, NULL, shiftBits, out, 0);
}
aclnnStatus aclemu_plan_RightShift(aclOpExecutor *executor, const aclTensor *input, const aclTensor *shiftBits,
                                   aclTensor *out)
{
    return bin_plan(executor, &RSHIFT, input, NULL, shiftBits, NULL, out, 0);
}

/* aclnn_logaddexp.h / aclnn_logaddexp2.h: computed in out's dtype (FLOAT16 / FLOAT / BF16) */
TT(LogAddExp, LOGADDEXP)
TT(LogAddExp2, LOGADDEXP2)

/* aclnn_isclose.h: self and other of one dtype, BOOL result */
#define ISCLOSE_L (PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(INT16) | PW_DT(INT8) | PW_DT(UINT8) | PW_DT(DOUBLE) | PW_DT(BOOL))
static const pw_dtypes isclose_dtypes = {ISCLOSE_L | PW_DT(BF16), ISCLOSE_L | PW_DT(BF16), ISCLOSE_L};

aclnnStatus aclemu_plan_IsClose(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, double rtol,
                                double atol, bool equalNan, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = pw_pick(&isclose_dtypes);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, other, "other", dts)) ||
        (st = aclemu_check_same_dtype(api, other, "other", self, "self")))
        return st;
    if ((st = pw_check_rank(api, self, "self")) || (st = pw_check_rank(api, other, "other")))
        return st;
    int64_t bs[ACLEMU_MAX_RANK];
    uint32_t bnd;
    if ((st = pw_broadcast(api, self, "self", other, "other", bs, &bnd)) ||
        (st = pw_check_out_shape(api, bs, bnd, out, "out")))
        return st;
    pw_operand ops[2] = {{self, NULL, 0}, {other, NULL, 0}};
    /* BOOL self compares as its 0 / 1 values */
    pw_args *a = pw_launch_blob(executor, PW_ISCLOSE, self->dtype == ACL_BOOL ? ACL_INT8 : self->dtype, out, ops, 2,
                                equalNan ? PW_EQUAL_NAN : 0, NULL, &st);
    if (a) {
        a->value_f = rtol;
        a->aux_f = atol;
    }
    return st;
}
