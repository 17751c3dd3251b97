/* aclnnEq/Ne/Gt/Ge/Lt/Le Tensor/Scalar and their Inplace twins: one table row per comparison,
 * one tensor planner and one scalar planner. Order as the real op_api (math/equal, not_equal,
 * greater, greater_equal, less, less_equal): null -> dtypes (self, other, out lists per NpuArch)
 * -> promotion -> rank / broadcast / out shape; the result is BOOL cast to out's dtype. */
#include <math.h>

#include "aclemu_plans.h"
#include "pw_plan.h"

#define INTS_U (PW_DT(INT8) | PW_DT(UINT8) | PW_DT(INT16) | PW_DT(INT32) | PW_DT(INT64))
#define FLTS (PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(DOUBLE))
#define WIDE_U (PW_DT(UINT16) | PW_DT(UINT32) | PW_DT(UINT64))
#define CPLX (PW_DT(COMPLEX64) | PW_DT(COMPLEX128))

typedef struct cmp_spec {
    int op;
    pw_dtypes in;       /* self / other */
    pw_dtypes out;
    int out_only_2201;  /* EqTensor on non-RegBase archs checks only out (against the input list) */
} cmp_spec;

#define EQ_IN                                                                                        \
    {INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16), INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16) | PW_DT(UINT64), \
     INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(UINT32) | PW_DT(UINT64)}
#define EQ_OUT                                                                                       \
    {INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16), INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16) | WIDE_U, \
     INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(UINT32) | PW_DT(UINT64)}
static const cmp_spec EQ = {PW_EQ, EQ_IN, EQ_OUT, 1};
static const cmp_spec EQ_SCALAR = {PW_EQ, EQ_IN, EQ_OUT, 0};
static const cmp_spec NE = {
    PW_NE,
    {INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16), INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16) | PW_DT(UINT64),
     INTS_U | FLTS | PW_DT(BOOL) | CPLX},
    {INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16), INTS_U | FLTS | PW_DT(BOOL) | CPLX | PW_DT(BF16) | WIDE_U,
     INTS_U | FLTS | PW_DT(BOOL) | CPLX},
    0};
#define GT_IN (INTS_U | FLTS | WIDE_U | PW_DT(BOOL) | PW_DT(BF16))
static const cmp_spec GT = {PW_GT, {GT_IN, GT_IN, GT_IN}, {GT_IN | CPLX, GT_IN | CPLX, GT_IN | CPLX}, 0};
#define GE_IN (INTS_U | FLTS | WIDE_U | PW_DT(BF16))
static const cmp_spec GE = {PW_GE, {GE_IN, GE_IN, GE_IN},
                            {GE_IN | CPLX | PW_DT(BOOL), GE_IN | CPLX | PW_DT(BOOL), GE_IN | CPLX | PW_DT(BOOL)}, 0};
static const cmp_spec GES = {PW_GE, {GE_IN, GE_IN | PW_DT(BOOL), GE_IN},
                             {GE_IN | CPLX | PW_DT(BOOL), GE_IN | CPLX | PW_DT(BOOL), GE_IN | CPLX | PW_DT(BOOL)}, 0};
static const cmp_spec LT = {PW_LT, {GT_IN, GT_IN, GT_IN}, {GT_IN | CPLX, GT_IN | CPLX, GT_IN | CPLX}, 0};
#define LE_IN (INTS_U | FLTS | PW_DT(UINT16) | PW_DT(BOOL) | PW_DT(BF16))
static const cmp_spec LE = {PW_LE, {LE_IN, LE_IN | PW_DT(UINT64), LE_IN}, {GT_IN | CPLX, GT_IN | CPLX, GT_IN | CPLX}, 0};

static const char *self_name(int inplace) { return inplace ? "selfRef" : "self"; }

/* Tensor form. The Inplace twins first require broadcast(selfRef, other) == selfRef's shape. */
static aclnnStatus cmp_tensor(aclOpExecutor *ex, const cmp_spec *sp, const aclTensor *self, const aclTensor *other,
                              const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = self_name(inplace), *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    int64_t bs[ACLEMU_MAX_RANK];
    uint32_t bnd;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, other, "other")))
        return st;
    if (inplace) {
        if ((st = pw_broadcast(api, self, sn, other, "other", bs, &bnd)))
            return st;
        if ((st = pw_check_out_shape(api, bs, bnd, self, sn)))
            return st;
    }
    if ((st = aclemu_check_notnull(api, out, on)))
        return st;
    aclemu_dtype_set in = pw_pick(&sp->in), outs = pw_pick(&sp->out);
    if (sp->out_only_2201 && pw_arch() != PW_ARCH_REGBASE) {
        if ((st = aclemu_check_dtype(api, out, on, in)))
            return st;
    } else if ((st = aclemu_check_dtype(api, self, sn, in)) || (st = aclemu_check_dtype(api, other, "other", in)) ||
               (st = aclemu_check_dtype(api, out, on, outs)))
        return st;
    aclDataType promoted = aclemu_promote_types(self->dtype, other->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype));
    if ((st = aclemu_check_dtype_value(api, promoted, "promoted", in)))
        return st;
    if ((st = pw_check_rank(api, self, sn)) || (st = pw_check_rank(api, other, "other")) ||
        (st = pw_check_rank(api, out, on)))
        return st;
    if ((st = pw_broadcast(api, self, sn, other, "other", bs, &bnd)) || (st = pw_check_out_shape(api, bs, bnd, out, on)))
        return st;
    pw_operand ops[2] = {{self, NULL}, {other, NULL}};
    return pw_launch(ex, sp->op, promoted, out, ops, 2, 0, NULL);
}

/* |a - b| <= FLT_EPSILON: the real code keeps a floating self's dtype when a DOUBLE scalar
 * survives the cast to it. */
static int fits_self(const aclTensor *self, const aclScalar *other)
{
    double v = aclemu_scalar_to_f64(other), c;
    switch (self->dtype) {
    case ACL_FLOAT: c = (float)v; break;
    case ACL_FLOAT16: c = aclemu_half_to_float(aclemu_float_to_half((float)v)); break;
    case ACL_BF16: c = aclemu_bf16_to_float(aclemu_float_to_bf16((float)v)); break;
    default: c = v; break;
    }
    return fabs(c - v) <= 1.1920928955078125e-07;
}

/* Scalar form (GtScalar's rules): promotion is the tensor-tensor one on 910/910B (a DOUBLE
 * scalar that fits a floating self keeps self's dtype), the category combination on RegBase
 * (a scalar never upgrades within its category); BOOL compares as INT8. */
static aclnnStatus cmp_scalar(aclOpExecutor *ex, const cmp_spec *sp, const aclTensor *self, const aclScalar *other,
                              const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = self_name(inplace), *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, out, on)))
        return st;
    aclemu_dtype_set in = pw_pick(&sp->in), outs = pw_pick(&sp->out);
    if ((st = aclemu_check_dtype(api, self, sn, in)) || (st = aclemu_check_dtype_value(api, other->dtype, "other", in)) ||
        (st = aclemu_check_dtype(api, out, on, outs)))
        return st;
    aclDataType promoted;
    if (pw_arch() == PW_ARCH_REGBASE) {
        promoted = pw_combine_categories(self->dtype, pw_scalar_default(other->dtype));
        if (promoted == ACL_BOOL)
            promoted = ACL_INT8;
        if (promoted != ACL_DT_UNDEFINED && !aclemu_can_cast(self->dtype, promoted))
            return ACLEMU_PARAM_ERROR(api, "result dtype %s can not cast to %s dtype %s.",
                                      aclemu_dtype_name(self->dtype), "promoted", aclemu_dtype_name(promoted));
    } else {
        promoted = aclemu_promote_types(self->dtype, other->dtype);
        if (promoted == ACL_BOOL)
            promoted = ACL_INT8;
        if (other->dtype == ACL_DOUBLE && aclemu_dtype_is_float(self->dtype) && fits_self(self, other))
            promoted = self->dtype;
    }
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype));
    if ((st = pw_check_rank(api, self, sn)) || (st = pw_check_rank(api, out, on)) ||
        (st = aclemu_check_same_shape(api, self, sn, out, on)))
        return st;
    pw_operand ops[2] = {{self, NULL}, {NULL, other}};
    return pw_launch(ex, sp->op, promoted, out, ops, 2, 0, NULL);
}

#define CMP_TENSOR(Name, SPEC, SELFREF_T)                                                                      \
    aclnnStatus aclemu_plan_##Name##Tensor(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, \
                                           aclTensor *out)                                                     \
    {                                                                                                          \
        return cmp_tensor(executor, &SPEC, self, other, out, 0);                                               \
    }                                                                                                          \
    aclnnStatus aclemu_plan_Inplace##Name##Tensor(aclOpExecutor *executor, SELFREF_T selfRef,                  \
                                                  const aclTensor *other)                                      \
    {                                                                                                          \
        return cmp_tensor(executor, &SPEC, selfRef, other, selfRef, 1);                                        \
    }
#define CMP_SCALAR(Name, SPEC, SELFREF_T)                                                                      \
    aclnnStatus aclemu_plan_##Name##Scalar(aclOpExecutor *executor, const aclTensor *self, const aclScalar *other, \
                                           aclTensor *out)                                                     \
    {                                                                                                          \
        return cmp_scalar(executor, &SPEC, self, other, out, 0);                                               \
    }                                                                                                          \
    aclnnStatus aclemu_plan_Inplace##Name##Scalar(aclOpExecutor *executor, SELFREF_T selfRef,                  \
                                                  const aclScalar *other)                                      \
    {                                                                                                          \
        return cmp_scalar(executor, &SPEC, selfRef, other, selfRef, 1);                                        \
    }

CMP_TENSOR(Eq, EQ, const aclTensor *)
CMP_TENSOR(Ne, NE, aclTensor *)
CMP_TENSOR(Gt, GT, const aclTensor *)
CMP_TENSOR(Ge, GE, aclTensor *)
CMP_TENSOR(Lt, LT, const aclTensor *)
CMP_TENSOR(Le, LE, aclTensor *)
CMP_SCALAR(Eq, EQ_SCALAR, const aclTensor *)
CMP_SCALAR(Ne, NE, aclTensor *)
CMP_SCALAR(Gt, GT, aclTensor *)
CMP_SCALAR(Ge, GES, aclTensor *)
CMP_SCALAR(Lt, LT, const aclTensor *)
CMP_SCALAR(Le, LE, aclTensor *)
