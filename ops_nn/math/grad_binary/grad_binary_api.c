/* part mathrest (issue 10): two-input ops of ops-math whose result has the inputs' dtype, run on
 * the pointwise family's kernel — TanhBackward, Xlog1py, MulNoNan, AtanGrad, SqrtBackward,
 * AsinhGrad, AcosGrad(V2) — plus Gcd (integers, promoted). One table row per API holds what its
 * real op_api/aclnn_*.cpp checks, in its order:
 *  - LIST_FIRST (TanhBackward, SqrtBackward): every tensor in the chip's list, then a and out
 *    have a's dtype; the others (MATCH_FIRST) match dtypes first and check a's dtype after;
 *  - a private-format check where the real code has one (not in TanhBackward / SqrtBackward);
 *  - shapes: BCAST (a and b broadcast, out has the broadcast shape) or SAME (all three equal).
 * FLOAT16 / BF16 compute in FLOAT and round once into out, as the real vector kernels do. */
#include <string.h>

#include "aclemu_plans.h"
#include "pw_plan.h"

#define GB_FLOATS (PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(BF16))

enum { GB_LIST_FIRST = 1, GB_FORMAT = 2, GB_SAME_SHAPE = 4, GB_SWAP = 8 /* kernel operands (b, a) */ };

typedef struct gb_spec {
    int op;                   /* enum pw_op */
    const char *names[3];     /* the real parameter names: a, b, out */
    pw_dtypes dtypes;         /* per NpuArch; 0: the arch has no kernel (dtype refused) */
    int flags;
} gb_spec;

static const gb_spec tanh_backward = {PW_TANH_GRAD, {"gradOutput", "output", "gradInput"},
                                      {GB_FLOATS | PW_DT(DOUBLE), GB_FLOATS | PW_DT(DOUBLE),
                                       PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(DOUBLE)},
                                      GB_LIST_FIRST};
static const gb_spec xlog1py = {PW_XLOG1PY, {"x", "y", "z"}, {GB_FLOATS, GB_FLOATS, GB_FLOATS}, GB_FORMAT};
static const gb_spec mul_no_nan = {PW_MUL_NO_NAN, {"x", "y", "z"}, {GB_FLOATS, GB_FLOATS, GB_FLOATS}, GB_FORMAT};
static const gb_spec atan_grad = {PW_ATAN_GRAD, {"x", "dy", "dx"}, {GB_FLOATS, GB_FLOATS, GB_FLOATS},
                                  GB_FORMAT | GB_SAME_SHAPE};
static const gb_spec sqrt_backward = {PW_SQRT_GRAD, {"y", "dy", "z"}, {GB_FLOATS, GB_FLOATS, GB_FLOATS},
                                      GB_LIST_FIRST | GB_SAME_SHAPE};
static const gb_spec asinh_grad = {PW_ASINH_GRAD, {"y", "dy", "z"}, {GB_FLOATS, GB_FLOATS, GB_FLOATS},
                                   GB_FORMAT | GB_SAME_SHAPE};
/* AcosGrad has kernels for DAV_2201 and the 950, AcosGradV2 only for DAV_2201. */
static const gb_spec acos_grad = {PW_ACOS_GRAD, {"y_grad", "x", "x_grad"}, {GB_FLOATS, GB_FLOATS, 0},
                                  GB_FORMAT | GB_SAME_SHAPE};
static const gb_spec acos_grad_v2 = {PW_ACOS_GRAD, {"y", "dy", "z"}, {GB_FLOATS, 0, 0},
                                     GB_FORMAT | GB_SAME_SHAPE | GB_SWAP};

static aclnnStatus gb_plan(aclOpExecutor *ex, const gb_spec *sp, const aclTensor *a, const aclTensor *b,
                           const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    const char *an = sp->names[0], *bn = sp->names[1], *on = sp->names[2];
    aclemu_dtype_set list = pw_pick(&sp->dtypes);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, a, an)) || (st = aclemu_check_notnull(api, b, bn)) ||
        (st = aclemu_check_notnull(api, out, on)))
        return st;
    if (sp->flags & GB_LIST_FIRST) {
        if ((st = aclemu_check_dtype(api, a, an, list)) || (st = aclemu_check_dtype(api, b, bn, list)) ||
            (st = aclemu_check_dtype(api, out, on, list)) || (st = aclemu_check_same_dtype(api, b, bn, a, an)) ||
            (st = aclemu_check_same_dtype(api, out, on, a, an)))
            return st;
    } else if ((st = aclemu_check_same_dtype(api, b, bn, a, an)) || (st = aclemu_check_same_dtype(api, out, on, a, an)) ||
               (st = aclemu_check_dtype(api, a, an, list))) {
        return st;
    }
    if ((sp->flags & GB_FORMAT) && ((st = aclemu_check_format(api, a, an)) || (st = aclemu_check_format(api, b, bn)) ||
                                    (st = aclemu_check_format(api, out, on))))
        return st;
    if ((st = aclemu_check_shape(api, a, an, ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, b, bn, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, on, ACLEMU_MAX_RANK)))
        return st;
    if (sp->flags & GB_SAME_SHAPE) {
        if ((st = aclemu_check_same_shape(api, b, bn, a, an)) || (st = aclemu_check_same_shape(api, out, on, a, an)))
            return st;
    } else {
        int64_t shape[ACLEMU_MAX_RANK];
        uint32_t nd;
        if ((st = pw_broadcast(api, a, an, b, bn, shape, &nd)) || (st = pw_check_out_shape(api, shape, nd, out, on)))
            return st;
    }
    aclDataType compute = a->dtype == ACL_DOUBLE ? ACL_DOUBLE : ACL_FLOAT;
    int swap = (sp->flags & GB_SWAP) != 0;
    pw_operand ops[2] = {{swap ? b : a, NULL, 0}, {swap ? a : b, NULL, 0}};
    return pw_launch(ex, sp->op, compute, out, ops, 2, 0, NULL);
}

aclnnStatus aclemu_plan_TanhBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *output,
                                     aclTensor *gradInput)
{
    return gb_plan(executor, &tanh_backward, gradOutput, output, gradInput);
}

aclnnStatus aclemu_plan_Xlog1py(aclOpExecutor *executor, const aclTensor *x, const aclTensor *y, const aclTensor *z)
{
    return gb_plan(executor, &xlog1py, x, y, z);
}

aclnnStatus aclemu_plan_MulNoNan(aclOpExecutor *executor, const aclTensor *x, const aclTensor *y, const aclTensor *z)
{
    return gb_plan(executor, &mul_no_nan, x, y, z);
}

aclnnStatus aclemu_plan_AtanGrad(aclOpExecutor *executor, const aclTensor *x, const aclTensor *dy, const aclTensor *dx)
{
    return gb_plan(executor, &atan_grad, x, dy, dx);
}

aclnnStatus aclemu_plan_SqrtBackward(aclOpExecutor *executor, const aclTensor *y, const aclTensor *dy, aclTensor *z)
{
    return gb_plan(executor, &sqrt_backward, y, dy, z);
}

aclnnStatus aclemu_plan_AsinhGrad(aclOpExecutor *executor, const aclTensor *y, const aclTensor *dy, aclTensor *z)
{
    return gb_plan(executor, &asinh_grad, y, dy, z);
}

aclnnStatus aclemu_plan_AcosGrad(aclOpExecutor *executor, const aclTensor *y_grad, const aclTensor *x,
                                 const aclTensor *x_grad)
{
    return gb_plan(executor, &acos_grad, y_grad, x, x_grad);
}

aclnnStatus aclemu_plan_AcosGradV2(aclOpExecutor *executor, const aclTensor *y, const aclTensor *dy, const aclTensor *z)
{
    return gb_plan(executor, &acos_grad_v2, y, dy, z);
}

/* Gcd (real op_api/aclnn_gcd.cpp): null -> not both BOOL ("gcd not implemented for") -> an
 * integral out -> promotion defined and in the arch's list (910: INT32; 910B / 910_93 / 310P:
 * INT32, INT16, INT64; 950: UINT8, INT8, INT16, INT32, INT64) -> castable to out -> rank,
 * broadcast, out's shape. The 310P and 310B use the DAV_2201 list there (only the 910 differs). */
static const pw_dtypes gcd_dtypes = {PW_DT(INT32) | PW_DT(INT16) | PW_DT(INT64),
                                     PW_DT(UINT8) | PW_DT(INT8) | PW_DT(INT16) | PW_DT(INT32) | PW_DT(INT64),
                                     PW_DT(INT32) | PW_DT(INT16) | PW_DT(INT64)};

aclnnStatus aclemu_plan_Gcd(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (self->dtype == ACL_BOOL && other->dtype == ACL_BOOL)
        return ACLEMU_PARAM_ERROR(api, "gcd not implemented for %s", aclemu_dtype_name(self->dtype));
    if (!aclemu_dtype_is_int(out->dtype))
        return ACLEMU_PARAM_ERROR(api, "Out type should be integral but got %s.", aclemu_dtype_name(out->dtype));
    aclDataType promoted = aclemu_promote_types(self->dtype, other->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s can not be promoted.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype));
    aclemu_dtype_set list = aclemu_op_profile()->family == ACLEMU_FAMILY_910A ? PW_DT(INT32) : pw_pick(&gcd_dtypes);
    if (!aclemu_dtype_in(promoted, list)) {
        char buf[160];
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s get promoteType dtype %s should be in dtype "
                                  "support list %s.", aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype),
                                  aclemu_dtype_name(promoted), aclemu_dtype_set_str(list, buf, sizeof buf));
    }
    if ((st = aclemu_check_can_cast(api, promoted, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, other, "other", ACLEMU_MAX_RANK)))
        return st;
    int64_t shape[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = pw_broadcast(api, self, "self", other, "other", shape, &nd)))
        return st;
    if (out->ndim != nd || memcmp(out->shape, shape, nd * sizeof(int64_t)) != 0) {
        char b1[160], b2[160];
        return ACLEMU_PARAM_ERROR(api, "Expected out tensor shape to be %s, but got %s.",
                                  aclemu_shape_str(shape, nd, b1, sizeof b1),
                                  aclemu_shape_str(out->shape, out->ndim, b2, sizeof b2));
    }
    pw_operand ops[2] = {{self, NULL, 0}, {other, NULL, 0}};
    return pw_launch(executor, PW_GCD, promoted, out, ops, 2, 0, NULL);
}

/* MaskedScale (real op_api/aclnn_masked_scale.cpp): kernels only on the 950 (the other archs'
 * lists are empty, so every dtype is refused there). Order: null -> self and out one dtype ->
 * self in [FLOAT, FLOAT16, BF16] -> mask in [FLOAT, FLOAT16, UINT8, INT8] -> self, mask and out
 * one shape, ranks <= 8 -> self and out one storage format. */
aclnnStatus aclemu_plan_MaskedScale(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mask, float scale,
                                    aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const int on_950 = pw_arch() == PW_ARCH_REGBASE;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, mask, "mask")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, self, "self", on_950 ? GB_FLOATS : 0)) ||
        (st = aclemu_check_dtype(api, mask, "mask", on_950 ? PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(UINT8) | PW_DT(INT8) : 0)))
        return st;
    if ((st = aclemu_check_same_shape(api, self, "self", out, "out")) ||
        (st = aclemu_check_same_shape(api, mask, "mask", out, "out")) ||
        (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, mask, "mask", ACLEMU_MAX_RANK)))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of self and out can't be different, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    pw_operand ops[2] = {{self, NULL, 0}, {mask, NULL, 0}};
    pw_args *a = pw_launch_blob(executor, PW_MASKED_SCALE, ACL_FLOAT, out, ops, 2, 0, NULL, &st);
    if (a)
        a->value_f = scale;
    return st;
}
