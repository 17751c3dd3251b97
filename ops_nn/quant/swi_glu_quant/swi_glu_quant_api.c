/* aclnnSwiGluQuant / V2 on the quant driver (QUANT_SWIGLU_*): v = swish(A) * B over the halves of
 * each x row (activateLeft: A the first half), in FP32 as the kernel computes it (A / (1 + exp(-A))
 * * B); rows belong to the MoE expert whose cumulative row end (groupListType 1: counts) first
 * reaches them, rows past the last expert take no smooth scale.
 *  - dynamic (quantModeOptional NULL or "dynamic"): v *= smooth[e] ([G, N] or [G]); scaleOut =
 *    DMAX / rowmax|v| (127, 7 for INT4), y = rint(v * scaleOut);
 *  - static: y = rint(v * smooth[e] + offsets[e]) (per channel [G, N] or per tensor [G]).
 * The real aclnn is generated from the op definition and validates in its tiling; the checks
 * here follow the documented constraints: nulls (x, yOut; scaleOut when dynamic) -> chip (A2 / A3
 * / 950) -> dtypes (x FLOAT16 / BF16 / FLOAT, smooth / offsets FLOAT, group INT32, y INT8, V2 also
 * INT4, scale FLOAT) -> attributes -> shapes. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

typedef struct sq_params {
    const aclTensor *x, *smooth, *offsets, *group;
    bool left;
    const char *mode;
    int64_t list_type, dst_type;
    int v2;
    const aclTensor *y, *scale;
} sq_params;

static aclnnStatus sq_check_group_param(const char *api, const aclTensor *t, const char *name, int64_t G, int64_t N)
{
    if (!((t->ndim == 1 && t->shape[0] == G) || (t->ndim == 2 && t->shape[0] == G && t->shape[1] == N)))
        return ACLEMU_PARAM_ERROR(api, "The shape of %s should be [%ld, %ld] or [%ld].", name, (long)G, (long)N,
                                  (long)G);
    return ACLNN_SUCCESS;
}

static aclnnStatus sq_plan(aclOpExecutor *ex, const sq_params *p)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, p->x, "x")) || (st = aclemu_check_notnull(api, p->y, "yOut")))
        return st;
    int is_static = p->mode && strcmp(p->mode, "static") == 0;
    if (!is_static && (st = aclemu_check_notnull(api, p->scale, "scaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    aclemu_dtype_set f32 = ACLEMU_DT(ACL_FLOAT);
    if ((st = aclemu_check_dtype(api, p->x, "x", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (p->smooth && (st = aclemu_check_dtype(api, p->smooth, "smoothScalesOptional", f32))) ||
        (p->offsets && (st = aclemu_check_dtype(api, p->offsets, "offsetsOptional", f32))) ||
        (p->group && (st = aclemu_check_dtype(api, p->group, "groupIndexOptional", ACLEMU_DT(ACL_INT32)))) ||
        (st = aclemu_check_dtype(api, p->y, "yOut",
                                 ACLEMU_DT(ACL_INT8) | (p->v2 ? ACLEMU_DT(ACL_INT4) : 0))) ||
        (p->scale && (st = aclemu_check_dtype(api, p->scale, "scaleOut", f32))))
        return st;
    if (p->mode && !is_static && strcmp(p->mode, "dynamic"))
        return ACLEMU_PARAM_ERROR(api, "quantModeOptional only support dynamic and static, but got %s.", p->mode);
    if (p->v2) {
        if (p->list_type != 0 && p->list_type != 1)
            return ACLEMU_PARAM_ERROR(api, "groupListType only support 0 (cumsum) and 1 (count), but got %ld.",
                                      (long)p->list_type);
        if (p->dst_type != ACL_INT8 && p->dst_type != ACL_INT4)
            return ACLEMU_PARAM_ERROR(api, "dstType only support 2 (int8) and 29 (int4), but got %ld.",
                                      (long)p->dst_type);
        if ((int64_t)p->y->dtype != p->dst_type)
            return ACLEMU_PARAM_ERROR(api, "yOut dtype %s should be the dtype dstType %ld names.",
                                      aclemu_dtype_name(p->y->dtype), (long)p->dst_type);
    }
    const aclTensor *all[6] = {p->x, p->smooth, p->offsets, p->group, p->y, p->scale};
    static const char *names[6] = {"x", "smoothScalesOptional", "offsetsOptional", "groupIndexOptional", "yOut",
                                   "scaleOut"};
    for (int i = 0; i < 6; i++)
        if (all[i] && ((st = aclemu_check_format(api, all[i], names[i])) ||
                       (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK))))
            return st;
    const aclTensor *x = p->x;
    uint32_t n = x->ndim;
    if (n < 2)
        return ACLEMU_PARAM_ERROR(api, "The dim num of x should be greater than 1, but got %u.", n);
    int64_t last = x->shape[n - 1], align = p->y->dtype == ACL_INT4 ? 4 : 2;
    if (last % align)
        return ACLEMU_PARAM_ERROR(api, "The last dim of x should be a multiple of %ld, but got %ld.", (long)align,
                                  (long)last);
    if (last > 16384)
        return ACLEMU_PARAM_ERROR(api, "The last dim of x should be at most 16384 (8192 after SwiGlu), but got %ld.",
                                  (long)last);
    int64_t yshape[ACLEMU_MAX_RANK];
    memcpy(yshape, x->shape, n * sizeof(int64_t));
    yshape[n - 1] = last / 2;
    if ((st = aclemu_check_shape_is(api, p->y, "yOut", yshape, n)))
        return st;
    if (p->scale && (st = aclemu_check_shape_is(api, p->scale, "scaleOut", x->shape, n - 1)))
        return st;
    int64_t G = 1;
    if (p->group) {
        if (p->group->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "The dim num of groupIndexOptional should be 1, but got %u.", p->group->ndim);
        G = p->group->shape[0];
    }
    if (is_static && !p->smooth)
        return ACLEMU_NULL_ERROR(api, "smoothScalesOptional should not be nullptr in static mode.");
    if (p->smooth && (st = sq_check_group_param(api, p->smooth, "smoothScalesOptional", G, last / 2)))
        return st;
    if (is_static && p->offsets && (st = aclemu_check_same_shape(api, p->offsets, "offsetsOptional", p->smooth,
                                                                  "smoothScalesOptional")))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = is_static ? QUANT_SWIGLU_STATIC : QUANT_SWIGLU_DYN;
    a.code = p->y->dtype;
    a.dst_max = quant_dst_max(p->y->dtype);
    a.activate_left = p->left;
    a.group_count = p->v2 && p->list_type == 1;
    return quant_launch(ex, &a, x, p->y, p->smooth, p->group, is_static ? NULL : p->scale,
                        is_static ? p->offsets : NULL);
}

aclnnStatus aclemu_plan_SwiGluQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *smoothScalesOptional,
                                    const aclTensor *offsetsOptional, const aclTensor *groupIndexOptional,
                                    bool activateLeft, char *quantModeOptional, const aclTensor *yOut,
                                    const aclTensor *scaleOut)
{
    sq_params p = {x, smoothScalesOptional, offsetsOptional, groupIndexOptional, activateLeft, quantModeOptional,
                   0, ACL_INT8, 0, yOut, scaleOut};
    return sq_plan(executor, &p);
}

aclnnStatus aclemu_plan_SwiGluQuantV2(aclOpExecutor *executor, const aclTensor *x,
                                      const aclTensor *smoothScalesOptional, const aclTensor *offsetsOptional,
                                      const aclTensor *groupIndexOptional, bool activateLeft, char *quantModeOptional,
                                      int64_t groupListType, int64_t dstType, const aclTensor *yOut,
                                      const aclTensor *scaleOut)
{
    sq_params p = {x, smoothScalesOptional, offsetsOptional, groupIndexOptional, activateLeft, quantModeOptional,
                   groupListType, dstType, 1, yOut, scaleOut};
    return sq_plan(executor, &p);
}
