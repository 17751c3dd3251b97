/* The DynamicQuant family (aclnnDynamicQuant, V2, V3, V4) on the quant driver, in the real check
 * order: nulls (x, y, scale) -> attributes (isSymmetrical vs offset, quantMode, perchannel without
 * groupIndex) -> dtypes -> shapes; empty -> nothing to run. Per chip:
 *  - 950: x FLOAT16 / BF16, y INT4 / INT8 / INT32 / FLOAT8_E5M2 / FLOAT8_E4M3FN / HIFLOAT8 (DMAX 32768 or
 *    V4's dstTypeMax, CAST_ROUND);
 *  - A2 / A3: x FLOAT16 / BF16, y INT4 / INT8 / INT32;
 *  - 910 / 310P: x FLOAT16, y INT8; 310B: no dtype at all;
 *  - V3 / V4 only on 950 (561000 elsewhere);
 *  - on 910 / 310P smoothScalesOptional and groupIndexOptional are reserved (not used).
 * The y dtype decides the target (dstType is not compared with it, as in the real op). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DQ_HALFS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define DQ_INTS (ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32))

typedef struct dq_params {
    const aclTensor *x, *smooth, *group;
    bool symmetric;
    const char *mode;
    const aclTensor *y, *scale, *offset;
} dq_params;

static aclemu_dtype_set dq_x_dtypes(void)
{
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_950: case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3: return DQ_HALFS;
    case ACLEMU_FAMILY_910A: case ACLEMU_FAMILY_310P: return ACLEMU_DT(ACL_FLOAT16);
    default: return 0;
    }
}

static aclemu_dtype_set dq_y_dtypes(void)
{
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_950:
        return DQ_INTS | ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN);
    case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3: return DQ_INTS;
    case ACLEMU_FAMILY_910A: case ACLEMU_FAMILY_310P: return ACLEMU_DT(ACL_INT8);
    default: return 0;
    }
}

static int mode_is(const char *m, const char *s) { return m && strcmp(m, s) == 0; }

static aclnnStatus dq_check_attr(const char *api, const dq_params *p)
{
    if (p->symmetric && p->offset)
        return ACLEMU_PARAM_ERROR(api, "If isSymmetrical is True, offset must be nullptr.");
    if (!p->symmetric && !p->offset)
        return ACLEMU_PARAM_ERROR(api, "If isSymmetrical is False, offset can't be nullptr.");
    if (!mode_is(p->mode, "pertensor") && !mode_is(p->mode, "pertoken") && !mode_is(p->mode, "perchannel"))
        return ACLEMU_PARAM_ERROR(api, "quantMode only support pertensor, pertoken and perchannel.");
    if (mode_is(p->mode, "perchannel") && p->group)
        return ACLEMU_PARAM_ERROR(api, "If quantMode is perchannel, groupIndexOptional must be nullptr.");
    return ACLNN_SUCCESS;
}

static aclnnStatus dq_check_float(const char *api, const aclTensor *t, const char *name)
{
    if (t->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be DT_FLOAT.", name, aclemu_dtype_name(t->dtype));
    return ACLNN_SUCCESS;
}

static aclnnStatus dq_check_dtype(const char *api, const dq_params *p)
{
    aclnnStatus st;
    aclemu_dtype_set xs = dq_x_dtypes();
    if ((st = aclemu_check_dtype(api, p->x, "x", xs)))
        return st;
    if (p->smooth) {
        if ((st = aclemu_check_dtype(api, p->smooth, "smoothScalesOptional", xs)))
            return st;
        if (p->smooth->dtype != p->x->dtype)
            return ACLEMU_PARAM_ERROR(api, "The dtypes of x and smooth_scales are not equal.");
        if (p->group && (st = aclemu_check_dtype(api, p->group, "groupIndexOptional",
                                                 ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
            return st;
    }
    if ((st = aclemu_check_dtype(api, p->y, "yOut", dq_y_dtypes())) || (st = dq_check_float(api, p->scale, "scaleOut")))
        return st;
    if (p->offset && (st = dq_check_float(api, p->offset, "offsetOut")))
        return st;
    return ACLNN_SUCCESS;
}

/* a's dims [0, n) equal b's dims [0, n) and b has exactly n dims */
static int dims_match(const aclTensor *a, const aclTensor *b, uint32_t n)
{
    if (b->ndim != n || a->ndim < n)
        return 0;
    return memcmp(a->shape, b->shape, n * sizeof(int64_t)) == 0;
}

static aclnnStatus dq_check_shape(const char *api, const dq_params *p)
{
    aclnnStatus st;
    const aclTensor *x = p->x;
    uint32_t n = x->ndim;
    if (n <= 1)
        return ACLEMU_PARAM_ERROR(api, "The dimNum[%u] of x should be greater than 1", n);
    if (n >= 9)
        return ACLEMU_PARAM_ERROR(api, "The dimNum[%u] of x should be less than 9", n);
    int64_t last = x->shape[n - 1], second = x->shape[n - 2];
    int channel = mode_is(p->mode, "perchannel");
    if (p->smooth) {
        const aclTensor *s = p->smooth;
        if (p->group) {
            if (p->group->ndim != 1)
                return ACLEMU_PARAM_ERROR(api, "The dimNum[%u] of group_indexs should be equal to one.", p->group->ndim);
            /* the kernel reads smooth[expert, :] for every expert groupIndex names */
            if (s->ndim != 2 || s->shape[0] != p->group->shape[0] || s->shape[1] != last)
                return ACLEMU_PARAM_ERROR(api, "With groupIndexOptional, the shape of smooth_scales must be "
                                               "[%ld, %ld] (experts, the last dim of x).",
                                          (long)p->group->shape[0], (long)last);
        } else {
            if (s->ndim != 1)
                return ACLEMU_PARAM_ERROR(api, "The dimNum[%u] of smooth_scales should be equal to one.", s->ndim);
            if (channel && s->shape[0] != second)
                return ACLEMU_PARAM_ERROR(api, "If quantMode is perchannel, the second to last dim[%ld] of x and the "
                                               "last dim[%ld] of smooth_scales shoule be equal.",
                                          (long)second, (long)s->shape[0]);
            if (!channel && s->shape[0] != last)
                return ACLEMU_PARAM_ERROR(api, "The last dim[%ld] of x and the dim[%ld] of smooth_scales shoule be "
                                               "equal.",
                                          (long)last, (long)s->shape[0]);
        }
    }
    if ((st = quant_check_y_shape(api, x, p->y, 0)))
        return st;
    const aclTensor *sc = p->scale;
    if (mode_is(p->mode, "pertoken")) {
        if (!dims_match(x, sc, n - 1))
            return ACLEMU_PARAM_ERROR(api, "The shapes of x and scale should be consistent except for the last "
                                           "dimension of x.");
    } else if (mode_is(p->mode, "pertensor")) {
        if (sc->ndim != 1 || sc->shape[0] != 1)
            return ACLEMU_PARAM_ERROR(api, "If quantMode is pertensor, the shape of scale must be (1,).");
    } else {
        int lead_ok = sc->ndim == n - 1 && memcmp(x->shape, sc->shape, (n - 2) * sizeof(int64_t)) == 0;
        if (!lead_ok)
            return ACLEMU_PARAM_ERROR(api, "If quantMode is perchannel, the shapes of x excluding the last two "
                                           "dimensions must be the same as the shape of scale excluding the last "
                                           "dimension.");
        if (sc->shape[sc->ndim - 1] != last)
            return ACLEMU_PARAM_ERROR(api, "If quantMode is perchannel, the last dim of scale must be equal to the "
                                           "last dim of x.");
    }
    if (p->offset && (st = aclemu_check_same_shape(api, p->offset, "offset", sc, "scale")))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus dq_plan(aclOpExecutor *ex, const dq_params *p, float dst_type_max)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, p->x, "x")) || (st = aclemu_check_notnull(api, p->y, "y")) ||
        (st = aclemu_check_notnull(api, p->scale, "scale")))
        return st;
    if ((st = dq_check_attr(api, p)) || (st = dq_check_dtype(api, p)))
        return st;
    const aclTensor *all[6] = {p->x, p->smooth, p->group, p->y, p->scale, p->offset};
    static const char *names[6] = {"x", "smoothScalesOptional", "groupIndexOptional", "yOut", "scaleOut",
                                   "offsetOut"};
    for (int i = 0; i < 6; i++)
        if (all[i] && ((st = aclemu_check_format(api, all[i], names[i])) ||
                       (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK))))
            return st;
    if ((st = dq_check_shape(api, p)))
        return st;
    if (aclemu_tensor_numel(p->x) == 0 || aclemu_tensor_numel(p->y) == 0 || aclemu_tensor_numel(p->scale) == 0)
        return ACLNN_SUCCESS;
    /* dst_type_max: [0, 32768], 0 meaning 32768; it is HIFLOAT8's DMAX (the other targets use their
     * constants) -- ops-nn quant/dynamic_quant/op_host/dynamic_quant_tiling_arch35.cpp */
    if (dst_type_max > 32768.0f || dst_type_max < 0.0f)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "The value of dst_type_max must be within the range [0, 32768], got %f",
                               (double)dst_type_max);
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = mode_is(p->mode, "pertoken") ? QUANT_PER_TOKEN
             : mode_is(p->mode, "pertensor") ? QUANT_PER_TENSOR
                                             : QUANT_PER_CHANNEL;
    a.style = quant_is_950() ? QUANT_STYLE_950 : QUANT_STYLE_A2;
    a.symmetric = p->symmetric;
    a.code = quant_code_of(p->y->dtype);
    a.round = QUANT_RINT;
    a.dst_max = quant_dst_max(p->y->dtype);
    if (p->y->dtype == ACL_HIFLOAT8 && dst_type_max >= 1e-6f) /* below the tiling's epsilon (1e-6): 32768 */
        a.dst_max = dst_type_max;
    /* asymmetric range: 255 / 15 for the integers, twice DMAX for the floats */
    a.range = a.code == ACL_INT8 ? 255.0f : a.code == ACL_INT4 ? 15.0f : 2.0f * a.dst_max;
    /* on 910 / 310P the smooth scales and group index are reserved: checked, not used */
    aclemu_family fam = aclemu_op_profile()->family;
    int reserved = fam == ACLEMU_FAMILY_910A || fam == ACLEMU_FAMILY_310P;
    return quant_launch(ex, &a, p->x, p->y, reserved ? NULL : p->smooth, reserved ? NULL : p->group, p->scale,
                        p->offset);
}

aclnnStatus aclemu_plan_DynamicQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *smoothScalesOptional,
                                     const aclTensor *yOut, const aclTensor *scaleOut)
{
    dq_params p = {x, smoothScalesOptional, NULL, true, "pertoken", yOut, scaleOut, NULL};
    return dq_plan(executor, &p, 0.0f);
}

aclnnStatus aclemu_plan_DynamicQuantV2(aclOpExecutor *executor, const aclTensor *x,
                                       const aclTensor *smoothScalesOptional, const aclTensor *groupIndexOptional,
                                       int64_t dstType, const aclTensor *yOut, const aclTensor *scaleOut,
                                       const aclTensor *offsetOut)
{
    (void)dstType;
    dq_params p = {x, smoothScalesOptional, groupIndexOptional, offsetOut == NULL, "pertoken", yOut, scaleOut,
                   offsetOut};
    return dq_plan(executor, &p, 0.0f);
}

static aclnnStatus dq_only_950(const char *api)
{
    if (!quant_is_950())
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "%s only support socVersion Ascend950",
                               api);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_DynamicQuantV3(aclOpExecutor *executor, const aclTensor *x,
                                       const aclTensor *smoothScalesOptional, const aclTensor *groupIndexOptional,
                                       int64_t dstType, bool isSymmetrical, const char *quantMode,
                                       const aclTensor *yOut, const aclTensor *scaleOut, const aclTensor *offsetOut)
{
    (void)dstType;
    aclnnStatus st = dq_only_950(aclemu_exec_api(executor));
    if (st)
        return st;
    dq_params p = {x, smoothScalesOptional, groupIndexOptional, isSymmetrical, quantMode, yOut, scaleOut, offsetOut};
    return dq_plan(executor, &p, 0.0f);
}

aclnnStatus aclemu_plan_DynamicQuantV4(aclOpExecutor *executor, const aclTensor *x,
                                       const aclTensor *smoothScalesOptional, const aclTensor *groupIndexOptional,
                                       int64_t dstType, bool isSymmetrical, const char *quantMode, float dstTypeMax,
                                       const aclTensor *yOut, const aclTensor *scaleOut, const aclTensor *offsetOut)
{
    (void)dstType;
    aclnnStatus st = dq_only_950(aclemu_exec_api(executor));
    if (st)
        return st;
    dq_params p = {x, smoothScalesOptional, groupIndexOptional, isSymmetrical, quantMode, yOut, scaleOut, offsetOut};
    return dq_plan(executor, &p, dstTypeMax);
}
