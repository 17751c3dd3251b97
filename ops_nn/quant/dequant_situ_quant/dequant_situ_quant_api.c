/* aclnnDequantSituQuant on the quant driver (QUANT_DEQUANT_SWIGLU with the QUANT_SITU activation):
 *  INT8 x [.., 2H]: d = float(x) * weightScale [+ bias] (each [2H] or [1]); INT32 x [M, 2H]:
 *  d = float(x) * weightScale[g] * activationScale[row] [+ bias[g]] (g the row's group of the
 *  counts in groupIndex); FP16 / BF16 x [M, 2H] as they are;
 *  situ = beta * tanh(gate / beta) * sigmoid(gate) * up (up = linearBeta * tanh(up / linearBeta)
 *  when linearBeta > 0; activateLeft: gate the first half);
 *  INT8 x: static y = situ / quantScale + quantOffset, dynamic situ *= quantScale (smooth),
 *  yScale = max * (1 / 127), y = situ / yScale; INT32 / FP16 / BF16 x: dynamic only, no quant
 *  scale, a zero scale becomes 1.
 * The codes are the kernel's round-to-nearest-even cast (the docs' formula says trunc; the kernel
 * casts with CAST_RINT). The real aclnn is generated from the op definition and validates in its
 * tiling: nulls (x, yOut, yScaleOut; the inputs each x dtype needs) -> chip (A2 / A3) -> dtypes
 * -> attributes -> empty tensors -> shapes, each x dtype's contract as its tiling checks it. */
#include <string.h>
#include <strings.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

typedef struct dsi_params {
    const aclTensor *x, *ws, *as, *bias, *qs, *qo, *group;
    float beta, linear_beta;
    bool left;
    const char *mode;
    const aclTensor *y, *ys;
} dsi_params;

/* numel of t is `a` or 1 */
static aclnnStatus dsi_size(const char *api, const aclTensor *t, const char *name, int64_t a)
{
    int64_t n = aclemu_tensor_numel(t);
    if (n != a && n != 1)
        return ACLEMU_PARAM_ERROR(api, "The shape size of %s should be %ld or 1, but got %ld.", name, (long)a, (long)n);
    return ACLNN_SUCCESS;
}

/* [W] / [1, W] without a group index, [G, W] with one */
static int dsi_group_shape_ok(const aclTensor *t, int64_t G, int64_t W)
{
    if (G)
        return t->ndim == 2 && t->shape[0] == G && t->shape[1] == W;
    return (t->ndim == 1 && t->shape[0] == W) || (t->ndim == 2 && t->shape[0] == 1 && t->shape[1] == W);
}

static aclnnStatus dsi_plan(aclOpExecutor *ex, const dsi_params *p)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, p->x, "x")) || (st = aclemu_check_notnull(api, p->y, "yOut")) ||
        (st = aclemu_check_notnull(api, p->ys, "yScaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    const aclTensor *x = p->x;
    const char *mode = p->mode ? p->mode : "dynamic";
    int is_static = strcasecmp(mode, "static") == 0, dynamic = strcasecmp(mode, "dynamic") == 0;
    int i8 = x->dtype == ACL_INT8, i32 = x->dtype == ACL_INT32;
    if ((i8 || i32) && !p->ws)
        return ACLEMU_NULL_ERROR(api, "weightScaleOptional should not be nullptr when x is %s.",
                                 i8 ? "INT8" : "INT32");
    if (i32 && !p->as)
        return ACLEMU_NULL_ERROR(api, "activationScaleOptional should not be nullptr when x is INT32.");
    if (is_static && !p->qs)
        return ACLEMU_NULL_ERROR(api, "quantScaleOptional should not be nullptr when quantTypeOptional is static.");
    aclemu_dtype_set f32 = ACLEMU_DT(ACL_FLOAT);
    if ((st = aclemu_check_dtype(api, x, "x",
                                 ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_BF16) |
                                     ACLEMU_DT(ACL_FLOAT16))) ||
        (p->ws && (st = aclemu_check_dtype(api, p->ws, "weightScaleOptional", f32))) ||
        (p->as && (st = aclemu_check_dtype(api, p->as, "activationScaleOptional", f32))) ||
        (p->bias && (st = aclemu_check_dtype(api, p->bias, "biasOptional", f32))) ||
        (p->qs && (st = aclemu_check_dtype(api, p->qs, "quantScaleOptional", f32))) ||
        (p->qo && (st = aclemu_check_dtype(api, p->qo, "quantOffsetOptional", f32))) ||
        (p->group && (st = aclemu_check_dtype(api, p->group, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_dtype(api, p->y, "yOut", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, p->ys, "yScaleOut", f32)))
        return st;
    if (!is_static && !dynamic)
        return ACLEMU_PARAM_ERROR(api, "quantTypeOptional should be static or dynamic (case insensitive), but got %s.",
                                  mode);
    if (p->beta == 0.0f)
        return ACLEMU_PARAM_ERROR(api, "beta must not be 0.");
    const aclTensor *all[9] = {x, p->ws, p->as, p->bias, p->qs, p->qo, p->group, p->y, p->ys};
    static const char *names[9] = {"x", "weightScaleOptional", "activationScaleOptional", "biasOptional",
                                   "quantScaleOptional", "quantOffsetOptional", "groupIndexOptional", "yOut",
                                   "yScaleOut"};
    if ((st = quant_check_tensors(api, all, names, 9, 1)))
        return st;
    uint32_t n = x->ndim;
    if (n < 2)
        return ACLEMU_PARAM_ERROR(api, "The shape dim of x can not be less than 2, but got %u.", n);
    int64_t W = x->shape[n - 1], H = W / 2, rows = aclemu_tensor_numel(x) / W;
    if (W % 2)
        return ACLEMU_PARAM_ERROR(api, "The last dim of x must be even, but got %ld.", (long)W);
    if (!i8 && n != 2)
        return ACLEMU_PARAM_ERROR(api, "The dim num of x should be 2 for %s, but got %u.",
                                  aclemu_dtype_name(x->dtype), n);
    int64_t G = 0;
    if (i8) {
        if ((st = dsi_size(api, p->ws, "weightScaleOptional", W)))
            return st;
        if (p->as)
            return ACLEMU_PARAM_ERROR(api, "activationScaleOptional must be absent for INT8 x.");
        if (p->bias && (st = dsi_size(api, p->bias, "biasOptional", W)))
            return st;
        if (p->qs && (st = dsi_size(api, p->qs, "quantScaleOptional", H)))
            return st;
        if (is_static && p->qo && (st = dsi_size(api, p->qo, "quantOffsetOptional", H)))
            return st;
        if (p->group)
            return ACLEMU_PARAM_ERROR(api, "groupIndexOptional must be absent for INT8 x.");
        if (p->y->ndim != n || p->y->shape[n - 1] != H)
            return ACLEMU_PARAM_ERROR(api, "yOut should have the dim num of x and a last dim of x's / 2 (%ld).",
                                      (long)H);
        if (aclemu_tensor_numel(p->ys) != rows)
            return ACLEMU_PARAM_ERROR(api, "The shape size of yScaleOut should be %ld (the rows of x), but got %ld.",
                                      (long)rows, (long)aclemu_tensor_numel(p->ys));
    } else {
        const char *xn = i32 ? "INT32" : "FLOAT16 / BFLOAT16";
        if (p->qs || p->qo)
            return ACLEMU_PARAM_ERROR(api, "quantScaleOptional and quantOffsetOptional are not supported for %s x.", xn);
        if (!dynamic)
            return ACLEMU_PARAM_ERROR(api, "quantTypeOptional must be dynamic for %s x.", xn);
        if (!i32 && (p->ws || p->as || p->bias || p->group))
            return ACLEMU_PARAM_ERROR(api, "weightScaleOptional, activationScaleOptional, biasOptional and "
                                           "groupIndexOptional must be absent for FLOAT16 / BFLOAT16 x.");
        if (i32) {
            if (p->group) {
                if (p->group->ndim != 1)
                    return ACLEMU_PARAM_ERROR(api, "groupIndexOptional must be a non-empty 1-D tensor.");
                G = p->group->shape[0];
            }
            if (!dsi_group_shape_ok(p->ws, G, W))
                return ACLEMU_PARAM_ERROR(api, "The shape of weightScaleOptional should be %s, as the group index "
                                               "asks.", G ? "[groupNum, 2H]" : "[2H] or [1, 2H]");
            if (!((p->as->ndim == 1 || (p->as->ndim == 2 && p->as->shape[1] == 1)) &&
                  aclemu_tensor_numel(p->as) == rows))
                return ACLEMU_PARAM_ERROR(api, "activationScaleOptional must hold one FLOAT value per row (%ld).",
                                          (long)rows);
            if (p->bias && !dsi_group_shape_ok(p->bias, G, W))
                return ACLEMU_PARAM_ERROR(api, "The shape of biasOptional must match weightScaleOptional.");
        }
        int64_t ysh[2] = {rows, H};
        if ((st = aclemu_check_shape_is(api, p->y, "yOut", ysh, 2)) ||
            (st = aclemu_check_shape_is(api, p->ys, "yScaleOut", ysh, 1)))
            return st;
    }
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_DEQUANT_SWIGLU;
    a.code = ACL_INT8;
    a.dst_max = 127.0f;
    a.activate_left = p->left;
    a.swiglu_mode = QUANT_SITU;
    a.situ_beta = p->beta;
    a.situ_linear_beta = p->linear_beta;
    a.dsq_path = i8 ? QUANT_DSQ_SITU8 : QUANT_DSQ_SITU_K3;
    int deq = i8 || i32;
    return quant_launch_full(ex, &a, x, p->y, i8 ? p->qs : NULL, i32 ? p->group : NULL, dynamic ? p->ys : NULL,
                             i8 && is_static ? p->qo : NULL, deq ? p->bias : NULL, deq ? p->ws : NULL,
                             i32 ? p->as : NULL);
}

aclnnStatus aclemu_plan_DequantSituQuant(aclOpExecutor *executor, const aclTensor *x,
                                         const aclTensor *weightScaleOptional,
                                         const aclTensor *activationScaleOptional, const aclTensor *biasOptional,
                                         const aclTensor *quantScaleOptional, const aclTensor *quantOffsetOptional,
                                         const aclTensor *groupIndexOptional, float beta, float linearBeta,
                                         bool activateLeft, char *quantTypeOptional, const aclTensor *yOut,
                                         const aclTensor *yScaleOut)
{
    dsi_params p = {x, weightScaleOptional, activationScaleOptional, biasOptional, quantScaleOptional,
                    quantOffsetOptional, groupIndexOptional, beta, linearBeta, activateLeft, quantTypeOptional,
                    yOut, yScaleOut};
    return dsi_plan(executor, &p);
}
