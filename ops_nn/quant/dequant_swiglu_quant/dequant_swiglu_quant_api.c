/* aclnnDequantSwigluQuant / V2 on the quant driver (QUANT_DEQUANT_SWIGLU). Per row of x [.., 2H]:
 *  dequant: INT32 x (+ INT32 bias, wrapping) -> FP32 * weightScale [* activationScale[row]]
 *           [+ FLOAT / FP16 / BF16 bias]; FP16 / BF16 x are taken as they are;
 *  swiglu:  swigluMode 0: swish(A) * B (activateLeft: A the first half); 1 / 2: GPT-OSS
 *           (glu = min(glu, clampLimit), lin = clamp(lin, +-clampLimit) + gluBias,
 *           glu * sigmoid(gluAlpha * glu) * lin; 1: glu the even elements, 2: the halves);
 *           3: Step3.5 (min(silu(gate), clampLimit) * clamp(up, +-clampLimit));
 *  quant:   dynamic: v *= quantScale (smooth), scaleOut = max|v| / DMAX, y = v / scaleOut;
 *           static: y = v / quantScale + quantOffset (per tensor or per channel).
 * With a group index (counts; [G, 2] (id, count) pairs on the 950 / V1) each row takes the
 * parameters of its group; rows past the groups are left as they are (the docs: garbage).
 * The arithmetic of the three kernels (A2 without / with a group index, 950) is the blob's
 * dsq_path (quant_args.h). The real aclnn is generated from the op definition and validates in
 * its tiling; the checks here follow the documented constraints in the order null -> chip ->
 * dtypes -> attributes -> format / rank -> shapes -> chip rules. HIFLOAT8 targets (950): DMAX
 * 32768, cast CAST_ROUND with SAT (arch35 dequant_swiglu_quant_common.h's CAST_FP32_TO_HI8). Not
 * done (361001, saying so): FLOAT4 targets and an activateDim other than the last axis (950). */
#include <string.h>
#include <strings.h>
#include <math.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

typedef struct dsq_params {
    const aclTensor *x, *ws, *as, *bias, *qs, *qo, *group;
    bool left;
    const char *mode, *round;
    int64_t dst_type, act_dim, swiglu_mode;
    double clamp_limit, glu_alpha, glu_bias;
    int v2;
    const aclTensor *y, *scale;
} dsq_params;

/* A2 / A3: weight scale + bias + quant scale + offset + (activation scale + scaleOut) / 40 + 10 x
 * rows of x's last dim must fit the 192 KB of the unified buffer (the docs' formula). */
static aclnnStatus dsq_check_ub(const char *api, const dsq_params *p)
{
    const aclTensor *ts[4] = {p->ws, p->bias, p->qs, p->qo};
    uint64_t sum = 0;
    for (int i = 0; i < 4; i++)
        if (ts[i])
            sum += (uint64_t)aclemu_tensor_numel(ts[i]) * aclemu_dtype_size(ts[i]->dtype);
    uint64_t small = p->as ? (uint64_t)aclemu_tensor_numel(p->as) * 4 : 0;
    small += (uint64_t)aclemu_tensor_numel(p->scale) * 4;
    sum += small / 40 + (uint64_t)p->x->shape[p->x->ndim - 1] * aclemu_dtype_size(p->x->dtype) * 10;
    if (sum >= 192u * 1024u)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                               "The input tensors need %llu bytes of the unified buffer, more than 192KB.",
                               (unsigned long long)sum);
    return ACLNN_SUCCESS;
}

/* A per-column parameter of width `width`: [width] / [1, width] without a group index, [G, width]
 * with one (G = 0: none; [width] also for one group); scalars ([1], or [G] with a group index) when `scalar_ok`. */
static aclnnStatus dsq_check_param(const char *api, const aclTensor *t, const char *name, int64_t width, int64_t G,
                                   int scalar_ok)
{
    int64_t d0 = t->shape[0];
    if (t->ndim == 1 && d0 == width && G <= 1)
        return ACLNN_SUCCESS;
    if (t->ndim == 1 && scalar_ok && (d0 == 1 || (G && d0 == G)))
        return ACLNN_SUCCESS;
    if (t->ndim == 2 && t->shape[1] == width && (G ? d0 == G : d0 == 1))
        return ACLNN_SUCCESS;
    if (G)
        return ACLEMU_PARAM_ERROR(api, "The shape of %s should be [%ld, %ld]%s, but got dim num %u.", name, (long)G,
                                  (long)width, scalar_ok ? " or [groupNum]" : "", t->ndim);
    return ACLEMU_PARAM_ERROR(api, "The shape of %s should be [%ld] or [1, %ld]%s.", name, (long)width, (long)width,
                              scalar_ok ? " or [1]" : "");
}

static int dsq_is_default_variant(const dsq_params *p)
{
    return p->swiglu_mode == 0;
}

static aclnnStatus dsq_plan(aclOpExecutor *ex, const dsq_params *p)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, p->x, "x")) || (st = aclemu_check_notnull(api, p->y, "yOut")) ||
        (st = aclemu_check_notnull(api, p->scale, "scaleOut")))
        return st;
    aclemu_chip_set chips = p->v2 ? ACLEMU_CHIPS_A2_A3_950 : ACLEMU_CHIP(ACLEMU_FAMILY_A2) | ACLEMU_CHIP(ACLEMU_FAMILY_950);
    if ((st = aclemu_check_chip(api, chips)))
        return st;
    int is950 = quant_is_950();
    if (p->x->dtype == ACL_INT32 && !p->ws)
        return ACLEMU_NULL_ERROR(api, "weightScaleOptional should not be nullptr when x is INT32.");
    const char *mode = p->mode ? p->mode : "static";
    int dynamic = strcasecmp(mode, "dynamic") == 0, is_static = strcasecmp(mode, "static") == 0;
    if (p->v2 && is_static && !p->qs)
        return ACLEMU_NULL_ERROR(api, "quantScaleOptional should not be nullptr when quantModeOptional is static.");
    aclemu_dtype_set f32 = ACLEMU_DT(ACL_FLOAT);
    aclemu_dtype_set xdt = ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_BF16) | (is950 || !p->v2 ? ACLEMU_DT(ACL_FLOAT16) : 0);
    aclemu_dtype_set ydt = ACLEMU_DT(ACL_INT8);
    if (p->v2 && is950)
        ydt |= ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |
               ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2);
    if ((st = aclemu_check_dtype(api, p->x, "x", xdt)) ||
        (p->ws && (st = aclemu_check_dtype(api, p->ws, "weightScaleOptional", f32))) ||
        (p->as && (st = aclemu_check_dtype(api, p->as, "activationScaleOptional", f32))) ||
        (p->bias && (st = aclemu_check_dtype(api, p->bias, "biasOptional",
                                             f32 | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT32)))) ||
        (p->qs && (st = aclemu_check_dtype(api, p->qs, "quantScaleOptional", f32))) ||
        (p->qo && (st = aclemu_check_dtype(api, p->qo, "quantOffsetOptional", f32))) ||
        (p->group && (st = aclemu_check_dtype(api, p->group, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_dtype(api, p->y, "yOut", ydt)) ||
        (st = aclemu_check_dtype(api, p->scale, "scaleOut", f32)))
        return st;
    if (!dynamic && !is_static)
        return ACLEMU_PARAM_ERROR(api, "quantModeOptional should be static or dynamic (case insensitive), but got %s.",
                                  mode);
    uint32_t n = p->x->ndim;
    int64_t act_dim = p->act_dim;
    if (p->v2) {
        static const int64_t dsts[] = {ACL_INT8, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, ACL_FLOAT4_E2M1,
                                       ACL_FLOAT4_E1M2};
        int ok = 0;
        for (size_t i = 0; i < sizeof dsts / sizeof dsts[0]; i++)
            ok |= p->dst_type == dsts[i];
        if (!ok || (!is950 && p->dst_type != ACL_INT8))
            return ACLEMU_PARAM_ERROR(api, "dstType should be %s, but got %ld.",
                                      is950 ? "one of 2, 34, 35, 36, 40, 41" : "2 (INT8)", (long)p->dst_type);
        if ((int64_t)p->y->dtype != p->dst_type)
            return ACLEMU_PARAM_ERROR(api, "The dtype of yOut %s should be the one dstType %ld names.",
                                      aclemu_dtype_name(p->y->dtype), (long)p->dst_type);
        const char *rm = p->round ? p->round : "rint";
        static const char *modes[] = {"rint", "round", "floor", "ceil", "trunc"};
        ok = 0;
        for (int i = 0; i < 5; i++)
            ok |= strcmp(rm, modes[i]) == 0;
        if (!ok)
            return ACLEMU_PARAM_ERROR(api, "roundModeOptional should be one of rint, round, floor, ceil, trunc, but "
                                           "got %s.", rm);
        int fp4 = quant_is_fp4(p->y->dtype), hif8 = p->y->dtype == ACL_HIFLOAT8;
        if ((!fp4 && !hif8 && strcmp(rm, "rint")) || (hif8 && strcmp(rm, "round")))
            return ACLEMU_PARAM_ERROR(api, "roundModeOptional should be %s for yOut %s, but got %s.",
                                      hif8 ? "round" : "rint", aclemu_dtype_name(p->y->dtype), rm);
        if (act_dim < -(int64_t)n || act_dim >= (int64_t)n)
            return ACLEMU_PARAM_ERROR(api, "activateDim should be in [%ld, %ld], but got %ld.", -(long)n,
                                      (long)n - 1, (long)act_dim);
        if (p->swiglu_mode < 0 || p->swiglu_mode > 3)
            return ACLEMU_PARAM_ERROR(api, "swigluMode should be 0, 1, 2 or 3, but got %ld.", (long)p->swiglu_mode);
        if (p->swiglu_mode == 1 && !p->left)
            return ACLEMU_PARAM_ERROR(api, "activateLeft should be true when swigluMode is 1.");
        if (p->swiglu_mode && !(p->clamp_limit > 0.0 && isfinite(p->clamp_limit)))
            return ACLEMU_PARAM_ERROR(api, "clampLimit should be greater than 0 and finite, but got %g.",
                                      p->clamp_limit);
        if (act_dim < 0)
            act_dim += n;
    } else {
        act_dim = (int64_t)n - 1;
    }
    const aclTensor *all[9] = {p->x, p->ws, p->as, p->bias, p->qs, p->qo, p->group, p->y, p->scale};
    static const char *names[9] = {"x", "weightScaleOptional", "activationScaleOptional", "biasOptional",
                                   "quantScaleOptional", "quantOffsetOptional", "groupIndexOptional", "yOut",
                                   "scaleOut"};
    if ((st = quant_check_tensors(api, all, names, 9, 0)))
        return st;
    const aclTensor *x = p->x;
    if (n < 2)
        return ACLEMU_PARAM_ERROR(api, "The dim num of x should be at least 2, but got %u.", n);
    if (!is950 && p->v2 && n != 2)
        return ACLEMU_PARAM_ERROR(api, "The dim num of x should be 2 on this chip, but got %u.", n);
    if (x->shape[act_dim] % 2)
        return ACLEMU_PARAM_ERROR(api, "The dim %ld of x should be even, but got %ld.", (long)act_dim,
                                  (long)x->shape[act_dim]);
    if (act_dim != (int64_t)n - 1) {
        if (!is950)
            return ACLEMU_PARAM_ERROR(api, "activateDim should be -1 on this chip, but got %ld.", (long)p->act_dim);
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "activateDim other than the last axis is not implemented in this emulator yet.");
    }
    if (p->v2 && !is950 && p->round && strcmp(p->round, "rint"))
        return ACLEMU_PARAM_ERROR(api, "roundModeOptional should be rint on this chip, but got %s.", p->round);
    int64_t W = x->shape[n - 1], H = W / 2, rows = aclemu_tensor_numel(x) / (W ? W : 1);
    int64_t yshape[ACLEMU_MAX_RANK];
    memcpy(yshape, x->shape, n * sizeof(int64_t));
    yshape[n - 1] = H;
    if ((st = aclemu_check_shape_is(api, p->y, "yOut", yshape, n)))
        return st;
    if (p->scale->ndim < 1 || p->scale->ndim > 7 || aclemu_tensor_numel(p->scale) != rows)
        return ACLEMU_PARAM_ERROR(api, "scaleOut should have 1 to 7 dims and %ld elements (all axes of x but the "
                                       "last), but got dim num %u and %ld elements.",
                                  (long)rows, p->scale->ndim, (long)aclemu_tensor_numel(p->scale));
    int64_t G = 0;
    int pairs = 0;
    if (p->group) {
        const aclTensor *g = p->group;
        pairs = g->ndim == 2;
        if (!(g->ndim == 1 || (pairs && g->shape[1] == 2)) || g->shape[0] < 1)
            return ACLEMU_PARAM_ERROR(api, "The shape of groupIndexOptional should be [groupNum] or [groupNum, 2] "
                                           "with groupNum >= 1.");
        if (pairs && !is950)
            return ACLEMU_PARAM_ERROR(api, "groupIndexOptional should be 1-D [groupNum] on this chip.");
        if (pairs && p->bias)
            return ACLEMU_PARAM_ERROR(api, "groupIndexOptional should be 1-D when biasOptional is given.");
        if (pairs && p->swiglu_mode)
            return ACLEMU_PARAM_ERROR(api, "groupIndexOptional should be 1-D when swigluMode is not 0.");
        G = g->shape[0];
    } else if (p->v2 && !is950) {
        return ACLEMU_NULL_ERROR(api, "groupIndexOptional should not be nullptr on this chip.");
    }
    int64_t Gp = pairs ? 0 : G; /* pairs name their group: the parameters' dim 0 is free */
    if (x->dtype == ACL_INT32) {
        if ((st = dsq_check_param(api, p->ws, "weightScaleOptional", W, Gp, 0)) ||
            (p->bias && (st = dsq_check_param(api, p->bias, "biasOptional", W, Gp, 0))))
            return st;
        if (p->as && aclemu_tensor_numel(p->as) != rows)
            return ACLEMU_PARAM_ERROR(api, "activationScaleOptional should have %ld elements (all axes of x but the "
                                           "last), but got %ld.",
                                      (long)rows, (long)aclemu_tensor_numel(p->as));
        if (p->as && (p->as->ndim < 1 || p->as->ndim > 7))
            return ACLEMU_PARAM_ERROR(api, "The dim num of activationScaleOptional should be 1 to 7, but got %u.",
                                      p->as->ndim);
    } else if (is950 && (p->ws || p->as || p->bias)) {
        return ACLEMU_PARAM_ERROR(api, "weightScaleOptional, activationScaleOptional and biasOptional should be "
                                       "nullptr when x is not INT32.");
    }
    if (p->qs && (st = dsq_check_param(api, p->qs, "quantScaleOptional", H, Gp, 1)))
        return st;
    if (dynamic && p->qo && (p->v2 || is950))
        return ACLEMU_PARAM_ERROR(api, "quantOffsetOptional should be nullptr when quantModeOptional is dynamic.");
    if (is_static && p->qs && !p->qo && !is950)
        return ACLEMU_NULL_ERROR(api, "quantOffsetOptional should not be nullptr when quantModeOptional is static.");
    if (is_static && p->qs && p->qo && (st = aclemu_check_same_shape(api, p->qo, "quantOffsetOptional", p->qs,
                                                                     "quantScaleOptional")))
        return st;
    if (is_static && p->qo && !p->qs)
        return ACLEMU_PARAM_ERROR(api, "quantOffsetOptional needs quantScaleOptional.");
    if (is950) {
        if (!dsq_is_default_variant(p))
            return ACLEMU_PARAM_ERROR(api, "swigluMode should be 0 on this chip, but got %ld.", (long)p->swiglu_mode);
        if (H > 5120)
            return ACLEMU_PARAM_ERROR(api, "The last dim of yOut should be at most 5120, but got %ld.", (long)H);
        if (quant_is_fp4(p->y->dtype))
            return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "yOut dtype %s is not implemented in this emulator yet.",
                                   aclemu_dtype_name(p->y->dtype));
    } else {
        if (p->v2 && W % 64)
            return ACLEMU_PARAM_ERROR(api, "The last dim of x should be a multiple of 64, but got %ld.", (long)W);
        if (p->group && W > 7232)
            return ACLEMU_PARAM_ERROR(api, "The last dim of x should be at most 7232 with groupIndexOptional, but got "
                                           "%ld.", (long)W);
        if (!p->group && (st = dsq_check_ub(api, p)))
            return st;
    }
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_DEQUANT_SWIGLU;
    a.code = p->y->dtype;
    a.dst_max = quant_dst_max(p->y->dtype);
    a.activate_left = p->left;
    a.swiglu_mode = (int32_t)p->swiglu_mode;
    a.clamp_limit = (float)p->clamp_limit;
    a.glu_alpha = (float)p->glu_alpha;
    a.glu_bias = (float)p->glu_bias;
    a.group_pairs = pairs;
    a.dsq_path = is950 ? QUANT_DSQ_950 : p->group ? QUANT_DSQ_A2_GROUP : QUANT_DSQ_A2;
    int xi = x->dtype == ACL_INT32;
    return quant_launch_full(ex, &a, x, p->y, p->qs, p->group, dynamic ? p->scale : NULL, is_static ? p->qo : NULL,
                             xi ? p->bias : NULL, xi ? p->ws : NULL, xi ? p->as : NULL);
}

aclnnStatus aclemu_plan_DequantSwigluQuant(aclOpExecutor *executor, const aclTensor *x,
                                           const aclTensor *weightScaleOptional,
                                           const aclTensor *activationScaleOptional, const aclTensor *biasOptional,
                                           const aclTensor *quantScaleOptional, const aclTensor *quantOffsetOptional,
                                           const aclTensor *groupIndexOptional, bool activateLeft,
                                           char *quantModeOptional, const aclTensor *yOut, const aclTensor *scaleOut)
{
    dsq_params p = {x, weightScaleOptional, activationScaleOptional, biasOptional, quantScaleOptional,
                    quantOffsetOptional, groupIndexOptional, activateLeft, quantModeOptional, NULL, ACL_INT8, -1, 0,
                    7.0, 1.702, 1.0, 0, yOut, scaleOut};
    return dsq_plan(executor, &p);
}

aclnnStatus aclemu_plan_DequantSwigluQuantV2(aclOpExecutor *executor, const aclTensor *x,
                                             const aclTensor *weightScaleOptional,
                                             const aclTensor *activationScaleOptional, const aclTensor *biasOptional,
                                             const aclTensor *quantScaleOptional,
                                             const aclTensor *quantOffsetOptional,
                                             const aclTensor *groupIndexOptional, bool activateLeft,
                                             char *quantModeOptional, int64_t dstType, char *roundModeOptional,
                                             int64_t activateDim, int64_t swigluMode, double clampLimit,
                                             double gluAlpha, double gluBias, const aclTensor *yOut,
                                             const aclTensor *scaleOut)
{
    dsq_params p = {x, weightScaleOptional, activationScaleOptional, biasOptional, quantScaleOptional,
                    quantOffsetOptional, groupIndexOptional, activateLeft, quantModeOptional, roundModeOptional,
                    dstType, activateDim, swigluMode, clampLimit, gluAlpha, gluBias, 1, yOut, scaleOut};
    return dsq_plan(executor, &p);
}
