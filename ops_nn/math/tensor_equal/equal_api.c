/* aclnnEqual: torch.equal. The real op_api/aclnn_equal.cpp: null -> promotion defined and in
 * the list (910B..910E: with BF16; other SoCs without) -> out BOOL -> ranks <= 8 -> out's shape
 * [1]. Different shapes give false and two empty tensors of one shape true without a compare. */
#include "aclemu_plans.h"
#include "equal_args.h"

#define EQUAL_DTYPES                                                                                   \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_FLOAT16) |    \
     ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_BOOL) |         \
     ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_UINT16) | ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_UINT64) |   \
     ACLEMU_DT(ACL_BF16))

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (uint32_t d = 0; d < a->ndim; d++)
        if (a->shape[d] != b->shape[d])
            return 0;
    return 1;
}

static aclnnStatus launch_fin_status(aclOpExecutor *ex, const aclTensor *out, uint64_t ws, uint32_t nflags,
                                     int constant, int any, int invert, uint32_t mismatch)
{
    equal_fin_args *f = (equal_fin_args *)aclemu_exec_add_launch(ex, "TensorEqualFin", 1, sizeof(equal_fin_args));
    if (!f)
        return ACLNN_ERR_INNER;
    f->nflags = nflags;
    f->constant = constant;
    f->any = any;
    f->invert = invert;
    f->mismatch = mismatch;
    aclnnStatus st = aclemu_exec_tdesc(ex, f, &f->out, out);
    if (!st && nflags)
        st = aclemu_exec_bind_workspace(ex, f, &f->flags, ws);
    return st;
}

static aclnnStatus launch_fin(aclOpExecutor *ex, const aclTensor *out, uint64_t ws, uint32_t nflags, int constant,
                              int any, int invert)
{
    return launch_fin_status(ex, out, ws, nflags, constant, any, invert, 0);
}

/* After the compare launch `a`: its flags in the workspace and the folding launch. */
static aclnnStatus launch_cmp_fin_status(aclOpExecutor *ex, equal_cmp_args *a, const aclTensor *out, int any,
                                         int invert, uint32_t mismatch)
{
    uint64_t nblocks = (a->ew.numel + a->ew.per_block - 1) / a->ew.per_block;
    uint64_t ws = aclemu_exec_alloc_workspace(ex, nblocks);
    aclnnStatus st = aclemu_exec_bind_workspace(ex, a, &a->flags, ws);
    return st ? st : launch_fin_status(ex, out, ws, (uint32_t)nblocks, 0, any, invert, mismatch);
}

static aclnnStatus launch_cmp_fin(aclOpExecutor *ex, equal_cmp_args *a, const aclTensor *out, int any, int invert)
{
    return launch_cmp_fin_status(ex, a, out, any, invert, 0);
}

aclnnStatus aclemu_plan_Equal(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclDataType promoted = aclemu_promote_types(self->dtype, other->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype));
    aclemu_dtype_set list = aclemu_chip_dtypes(EQUAL_DTYPES);
    if (!aclemu_dtype_in(promoted, list)) {
        char buf[256];
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and other dtype %s get promoteType dtype %s should be in dtype "
                                  "support list [%s].", aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype),
                                  aclemu_dtype_name(promoted), aclemu_dtype_set_str(list, buf, sizeof buf));
    }
    if ((st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_BOOL))))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, other, "other", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    const int64_t one[1] = {1};
    if ((st = aclemu_check_shape_is(api, out, "out", one, 1)))
        return st;
    int same = same_shape(self, other);
    int64_t n = aclemu_tensor_numel(self);
    if (!same || n == 0)
        return launch_fin(executor, out, 0, 0, same, 0, 0);
    const aclTensor *ins[1] = {other};
    equal_cmp_args *a = (equal_cmp_args *)aclemu_ew_launch(executor, "TensorEqualCmp", sizeof(equal_cmp_args), self,
                                                           ins, 1, &st);
    if (!a)
        return st ? st : ACLNN_ERR_INNER;
    a->promoted = (int32_t)(promoted == ACL_BF16 ? ACL_FLOAT : promoted);
    return launch_cmp_fin(executor, a, out, 0, 0);
}

/* ---- aclnnIsInScalarTensor (real op_api/aclnn_isin.cpp): null -> element and testElements in
 * the list (BF16 on 910B..910E), out BOOL -> promotion (>= 10 test elements: tensor promotion;
 * fewer: a floating testElements keeps its dtype, a floating element promotes, else
 * testElements' dtype) defined and both castable to it -> testElements rank <= 8, out 0-d.
 * An empty testElements or a NaN element gives `invert` without a compare. */
#define ISIN_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32) |     \
     ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE) |       \
     ACLEMU_DT(ACL_INT16))

static aclDataType isin_promote(const aclScalar *element, const aclTensor *test)
{
    if (aclemu_tensor_numel(test) >= 10 || (!aclemu_dtype_is_float(test->dtype) && aclemu_dtype_is_float(element->dtype)))
        return aclemu_promote_types(test->dtype, element->dtype);
    return test->dtype;
}

/* The scalar in the compute dtype, as ConvertToTensor casts it. */
static void scalar_in(const aclScalar *s, aclDataType dt, double *f, int64_t *i)
{
    double v = aclemu_scalar_to_f64(s);
    switch (dt) {
    case ACL_FLOAT: case ACL_BF16: *f = (float)v; break;
    case ACL_FLOAT16: *f = aclemu_half_to_float(aclemu_float_to_half((float)v)); break;
    default: *f = v; break;
    }
    int64_t x = aclemu_scalar_to_i64(s);
    switch (dt) {
    case ACL_INT8: *i = (int8_t)x; break;
    case ACL_UINT8: *i = (uint8_t)x; break;
    case ACL_INT16: *i = (int16_t)x; break;
    case ACL_INT32: *i = (int32_t)x; break;
    default: *i = x; break;
    }
}

aclnnStatus aclemu_plan_IsInScalarTensor(aclOpExecutor *executor, const aclScalar *element,
                                         const aclTensor *testElements, bool assumeUnique, bool invert, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)assumeUnique;
    if ((st = aclemu_check_notnull(api, element, "element")) ||
        (st = aclemu_check_notnull(api, testElements, "testElements")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype_value(api, element->dtype, "element", ISIN_DTYPES)) ||
        (st = aclemu_check_dtype(api, testElements, "testElements", ISIN_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_BOOL))))
        return st;
    aclDataType promoted = isin_promote(element, testElements);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Expected element %s and testElements %s can promote dtype but check failed.",
                                  aclemu_dtype_name(element->dtype), aclemu_dtype_name(testElements->dtype));
    if (!aclemu_can_cast(element->dtype, promoted) || !aclemu_can_cast(testElements->dtype, promoted))
        return ACLEMU_PARAM_ERROR(api, "element dtype %s or testElements dtype %s can not cast to %s.",
                                  aclemu_dtype_name(element->dtype), aclemu_dtype_name(testElements->dtype),
                                  aclemu_dtype_name(promoted));
    if ((st = aclemu_check_shape(api, testElements, "testElements", ACLEMU_MAX_RANK)))
        return st;
    if (out->ndim != 0)
        return ACLEMU_PARAM_ERROR(api, "out should be a 0-d tensor, but got %u dims.", out->ndim);
    double ev = aclemu_scalar_to_f64(element);
    if (aclemu_tensor_numel(testElements) == 0 || (aclemu_dtype_is_float(element->dtype) && ev != ev))
        return launch_fin(executor, out, 0, 0, 0, 0, invert);
    equal_cmp_args *a = (equal_cmp_args *)aclemu_ew_launch(executor, "TensorEqualCmp", sizeof(equal_cmp_args),
                                                           testElements, NULL, 0, &st);
    if (!a)
        return st ? st : ACLNN_ERR_INNER;
    aclDataType cmp = promoted == ACL_BF16 ? ACL_FLOAT : promoted;
    a->promoted = (int32_t)cmp;
    a->scalar = 1;
    scalar_in(element, promoted, &a->sf, &a->si);
    return launch_cmp_fin(executor, a, out, 1, invert);
}

/* ---- aclnnPrecisionCompare (real math/precision_compare op_api): SoC first (910B, 910_93 or
 * the RegBase 950, else 161002) -> null (golden, realdata, out) -> realdata of golden's dtype,
 * golden in [FLOAT, FLOAT16, BF16], out UINT32 -> one shape, rank <= 8, out 0-d. Empty: nothing
 * runs (out untouched). Otherwise out = 0 when every element of realdata has golden's bits, else
 * 503 (the real op's "comparison abnormal" status; the AI CPU DataCompare task is bitwise). */
#define PC_STATUS_MISMATCH 503u
aclnnStatus aclemu_plan_PrecisionCompare(aclOpExecutor *executor, const aclTensor *golden, const aclTensor *realdata,
                                         aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (!aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950))
        return ACLEMU_PARAM_ERROR(api, "The function is unsupported by the current SOC version [%s] ",
                                  aclemu_op_profile()->short_soc_version);
    if ((st = aclemu_check_notnull(api, golden, "golden")) || (st = aclemu_check_notnull(api, realdata, "realdata")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, golden, "golden", realdata, "realdata")) ||
        (st = aclemu_check_dtype(api, golden, "golden", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_UINT32))))
        return st;
    if ((st = aclemu_check_same_shape(api, golden, "golden", realdata, "realdata")) ||
        (st = aclemu_check_shape(api, golden, "golden", ACLEMU_MAX_RANK)))
        return st;
    if (out->ndim != 0)
        return ACLEMU_PARAM_ERROR(api, "Out must be scalar, but rank is %u", out->ndim);
    if (aclemu_tensor_numel(golden) == 0 || aclemu_tensor_numel(realdata) == 0)
        return ACLNN_SUCCESS;
    const aclTensor *ins[1] = {realdata};
    equal_cmp_args *a = (equal_cmp_args *)aclemu_ew_launch(executor, "TensorEqualCmp", sizeof(equal_cmp_args), golden,
                                                           ins, 1, &st);
    if (!a)
        return st ? st : ACLNN_ERR_INNER;
    a->scalar = 2;
    a->promoted = golden->dtype;
    return launch_cmp_fin_status(executor, a, out, 0, 0, PC_STATUS_MISMATCH);
}
