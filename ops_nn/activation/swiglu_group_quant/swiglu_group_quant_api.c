/* aclnnSwigluGroupQuant (950 only; ops-nn activation/swiglu_group_quant; generated aclnn layer).
 * Stage 1 as the generated layer and the arch35 tiling check it:
 *  - nulls: x, yOut, yScaleOut, yOriginOut (161001);
 *  - dtypes of the op definition (161002): x FLOAT16 / BF16 / FLOAT, weight FLOAT, group_index
 *    INT64, scale FLOAT, y FP8 E4M3FN / E5M2, FP4 E2M1 / E1M2 or HIFLOAT8, y_scale FLOAT / E8M0,
 *    y_origin x's dtype, and (x, y, y_scale) one of the definition's 15 combinations;
 *  - formats ND, ranks <= 8 (the chip, 950 only, right after the nulls: 361001 elsewhere);
 *  - then the tiling (561002, its messages): swiglu_group_quant_tiling.cpp for quant modes other
 *    than 2 / 3, swiglu_group_quant_hifp8_tiling.cpp for 2 / 3.
 * The kernel is swiglu_group_quant_kernel.c: one row launch (modes 0, 1, 2), or for mode 3 the
 * row amax launch, the scale launch and the row launch. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"
#include "swiglu_group_quant_args.h"

#define SGQ_TILING(...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static const char *dtn(int64_t dt) { return aclemu_dtype_name((aclDataType)dt); }

/* (x, y, y_scale) of the op definition's DataType lists */
static int combo_ok(aclDataType x, aclDataType y, aclDataType s)
{
    int x16 = x == ACL_FLOAT16 || x == ACL_BF16;
    if (y == ACL_FLOAT8_E4M3FN || y == ACL_FLOAT8_E5M2)
        return x16 && (s == ACL_FLOAT || s == ACL_FLOAT8_E8M0);
    if (y == ACL_FLOAT4_E2M1 || y == ACL_FLOAT4_E1M2)
        return x16 && s == ACL_FLOAT8_E8M0;
    return y == ACL_HIFLOAT8 && s == ACL_FLOAT && (x16 || x == ACL_FLOAT);
}

static int64_t rows_of(const aclTensor *x)
{
    int64_t bs = 1;
    for (uint32_t i = 0; i + 1 < x->ndim; i++)
        bs *= x->shape[i];
    return bs;
}

/* the checks of swiglu_group_quant_tiling.cpp (quant modes 0 / 1) */
static aclnnStatus check_block_mx(const char *api, const aclTensor *x, const aclTensor *w, const aclTensor *gi,
                                  int64_t dstType, int64_t quantMode, int64_t blockSize, bool roundScale,
                                  float clamp, bool outputOrigin, const aclTensor *y, const aclTensor *ys,
                                  const aclTensor *yo)
{
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16)
        return SGQ_TILING("input x dtype only supports FLOAT16 or BFLOAT16, got %s.", dtn(x->dtype));
    uint32_t n = x->ndim;
    if (n < 2 || n > 8)
        return SGQ_TILING("input x dim num should be in [2, 8], got %u.", n);
    int64_t bs = rows_of(x);
    if (bs <= 0)
        return SGQ_TILING("input x is empty tensor, which is not supported, the product of dims except the last one "
                          "is %ld.", (long)bs);
    int64_t d = x->shape[n - 1];
    if (d < 256 || d % 256 != 0)
        return SGQ_TILING("input x last dim should be greater than or equal to 256 and divisible by 256, got %ld.",
                          (long)d);
    if (w) {
        if (w->ndim < 1 || w->ndim > 8)
            return SGQ_TILING("input weight dim num should be in [1, 8], got %u.", w->ndim);
        int64_t wn = aclemu_tensor_numel(w);
        if (wn <= 0)
            return SGQ_TILING("input weight is empty tensor, which is not supported, got element num %ld.", (long)wn);
        if (wn != bs)
            return SGQ_TILING("input weight element num should be equal to the product of input x dims except the "
                              "last one, got %ld, expected %ld.", (long)wn, (long)bs);
    }
    if (gi) {
        if (gi->ndim != 1)
            return SGQ_TILING("input group_index dim num should be 1, got %u.", gi->ndim);
        if (gi->shape[0] <= 0)
            return SGQ_TILING("input group_index is empty tensor, which is not supported, got element num %ld.",
                              (long)gi->shape[0]);
    }
    if (dstType != ACL_FLOAT8_E4M3FN && dstType != ACL_FLOAT8_E5M2 && dstType != ACL_FLOAT4_E2M1 &&
        dstType != ACL_FLOAT4_E1M2)
        return SGQ_TILING("attr dst_type only support (FLOAT8_E4M3FN, FLOAT8_E5M2, FLOAT4_E2M1, FLOAT4_E1M2), got %s.",
                          dtn(dstType));
    int fp4 = dstType == ACL_FLOAT4_E2M1 || dstType == ACL_FLOAT4_E1M2;
    if (quantMode != 0 && quantMode != 1)
        return SGQ_TILING("attr quant_mode only supports 0(block_quant) or 1(mx_quant), got %ld.", (long)quantMode);
    if (fp4 && quantMode != 1)
        return SGQ_TILING("attr quant_mode must be 1(mx_quant) when dst_type is FLOAT4_E2M1/FLOAT4_E1M2, got %ld.",
                          (long)quantMode);
    int64_t want_bs = quantMode == 1 ? 32 : 128;
    if (blockSize != 0 && blockSize != want_bs)
        return SGQ_TILING("attr block_size should be 0 or %ld when quant_mode is %ld, got %ld.", (long)want_bs,
                          (long)quantMode, (long)blockSize);
    if (quantMode == 1 && !roundScale)
        return SGQ_TILING("attr round_scale should be true when quant_mode is 1.");
    if (outputOrigin)
        return SGQ_TILING("attr output_origin must be false.");
    if (clamp != -1.0f && !(clamp > 0.0f))
        return SGQ_TILING("attr clamp_limit should be greater than 0.0, got %f.", (double)clamp);
    if (quantMode == 1 && n > 7)
        return SGQ_TILING("input x dim num should be in [2, 7] when quant_mode is 1, got %u.", n);
    int64_t half = d / 2, sc = (half + want_bs - 1) / want_bs;
    if ((int64_t)y->dtype != dstType)
        return SGQ_TILING("output y dtype should be same as dst_type, got y dtype %s, dst_type %s.", dtn(y->dtype),
                          dtn(dstType));
    aclDataType wsd = quantMode == 1 ? ACL_FLOAT8_E8M0 : ACL_FLOAT;
    if (ys->dtype != wsd)
        return SGQ_TILING("output y_scale dtype should be %s when quant_mode is %ld, got %s.", dtn(wsd),
                          (long)quantMode, dtn(ys->dtype));
    if (yo->dtype != x->dtype)
        return SGQ_TILING("output y_origin dtype should be same as input x, got y_origin dtype %s, x dtype %s.",
                          dtn(yo->dtype), dtn(x->dtype));
    if (y->ndim != n)
        return SGQ_TILING("output y dim num should be same as input x, got y dim num %u, x dim num %u.", y->ndim, n);
    for (uint32_t i = 0; i + 1 < n; i++)
        if (y->shape[i] != x->shape[i])
            return SGQ_TILING("output y dim[%u] should be equal to input x dim[%u], got y dim %ld, x dim %ld.", i, i,
                              (long)y->shape[i], (long)x->shape[i]);
    if (y->shape[n - 1] != half)
        return SGQ_TILING("output y last dim should be %ld when dst_type is %s, got %ld.", (long)half, dtn(dstType),
                          (long)y->shape[n - 1]);
    if (quantMode == 1) {
        if (ys->ndim != n + 1)
            return SGQ_TILING("output y_scale dim num should be %u when quant_mode is 1, got %u.", n + 1, ys->ndim);
    } else if (ys->ndim != n) {
        return SGQ_TILING("output y_scale dim num should be %u when quant_mode is 0, got %u.", n, ys->ndim);
    }
    for (uint32_t i = 0; i + 1 < n; i++)
        if (ys->shape[i] != x->shape[i])
            return SGQ_TILING("output y_scale dim[%u] should be equal to input x dim[%u], got y_scale dim %ld, x dim "
                              "%ld.", i, i, (long)ys->shape[i], (long)x->shape[i]);
    if (quantMode == 1) {
        int64_t t = (sc + 1) / 2;
        if (ys->shape[n - 1] != t || ys->shape[n] != 2)
            return SGQ_TILING("output y_scale last two dims should be [%ld, 2] when quant_mode is 1, got [%ld, %ld].",
                              (long)t, (long)ys->shape[n - 1], (long)ys->shape[n]);
    } else if (ys->shape[n - 1] != sc) {
        return SGQ_TILING("output y_scale last dim should be %ld when quant_mode is 0, got %ld.", (long)sc,
                          (long)ys->shape[n - 1]);
    }
    return ACLNN_SUCCESS;
}

/* the checks of swiglu_group_quant_hifp8_tiling.cpp (quant modes 2 / 3) */
static aclnnStatus check_hif8(const char *api, const aclTensor *x, const aclTensor *w, const aclTensor *gi,
                              const aclTensor *scale, int64_t quantMode, float clamp, float dmax, bool outputOrigin,
                              const aclTensor *y, const aclTensor *ys, const aclTensor *yo)
{
    if (y->dtype != ACL_HIFLOAT8)
        return SGQ_TILING("y dtype must be hifloat8, got %d.", (int)y->dtype);
    if (clamp < 0.0f && clamp != -1.0f)
        return SGQ_TILING("clamp_limit must be -1 or > 0.0, got %f.", (double)clamp);
    if (dmax <= 0.0f)
        return SGQ_TILING("dst_type_max must be > 0, got %f.", (double)dmax);
    uint32_t n = x->ndim;
    if (n < 1)
        return SGQ_TILING("x dims must be >= 1, got %u.", n);
    int64_t d2 = x->shape[n - 1];
    if (d2 % 2 != 0)
        return SGQ_TILING("x last dim must be even, got %ld.", (long)d2);
    int64_t half = d2 / 2, tokens = rows_of(x);
    if (gi) {
        if (gi->ndim != 1)
            return SGQ_TILING("group_index must be 1D, got %u dims.", gi->ndim);
        if (gi->shape[0] <= 0)
            return SGQ_TILING("group_index length must be > 0, got %ld.", (long)gi->shape[0]);
    }
    int64_t G = gi ? gi->shape[0] : 0;
    if (quantMode == 2) {
        if (!scale)
            return SGQ_TILING("scale input is required for quant_mode=2.");
        if (scale->ndim != 1)
            return SGQ_TILING("scale must be 1D, got %u dims.", scale->ndim);
        if (gi && scale->shape[0] != G)
            return SGQ_TILING("scale size [%ld] must equal group_index size [%ld] when group_index is present.",
                              (long)scale->shape[0], (long)G);
        if (!gi && scale->shape[0] != 1)
            return SGQ_TILING("scale size [%ld] must be 1 when group_index is not present.", (long)scale->shape[0]);
    }
    if (y->ndim != n)
        return SGQ_TILING("y dim num [%u] must equal x dim num [%u].", y->ndim, n);
    for (uint32_t i = 0; i + 1 < n; i++)
        if (y->shape[i] != x->shape[i])
            return SGQ_TILING("y dim[%u] [%ld] must equal x dim[%u] [%ld].", i, (long)y->shape[i], i,
                              (long)x->shape[i]);
    if (y->shape[n - 1] != half)
        return SGQ_TILING("y last dim [%ld] must equal dimH [%ld].", (long)y->shape[n - 1], (long)half);
    if (quantMode == 3) {
        if (ys->dtype != ACL_FLOAT)
            return SGQ_TILING("y_scale dtype must be fp32, got %d.", (int)ys->dtype);
        if (ys->ndim != 1)
            return SGQ_TILING("y_scale must be 1D, got %u dims.", ys->ndim);
        if (gi && ys->shape[0] != G)
            return SGQ_TILING("y_scale dim[0] [%ld] must equal groupNum [%ld] in group mode.", (long)ys->shape[0],
                              (long)G);
        if (!gi && ys->shape[0] != 1)
            return SGQ_TILING("y_scale dim[0] [%ld] must be 1 in non-group mode.", (long)ys->shape[0]);
    }
    if (outputOrigin) {
        if (yo->ndim != n)
            return SGQ_TILING("y_origin dim num [%u] must equal x dim num [%u].", yo->ndim, n);
        for (uint32_t i = 0; i + 1 < n; i++)
            if (yo->shape[i] != x->shape[i])
                return SGQ_TILING("y_origin dim[%u] [%ld] must equal x dim[%u] [%ld].", i, (long)yo->shape[i], i,
                                  (long)x->shape[i]);
        if (yo->shape[n - 1] != half)
            return SGQ_TILING("y_origin last dim [%ld] must equal dimH [%ld].", (long)yo->shape[n - 1], (long)half);
        if (yo->dtype != x->dtype)
            return SGQ_TILING("y_origin dtype must equal x dtype.");
    }
    /* the tiling divides by the tokens (CalcCoreDistribution) and by dimH (CalcTileTokens): it fails
     * for an empty x; the kernel reads weight[token] for every token */
    if (tokens <= 0 || half <= 0)
        return SGQ_TILING("x must not be empty, got %ld tokens of %ld elements.", (long)tokens, (long)d2);
    if (w && aclemu_tensor_numel(w) != tokens)
        return SGQ_TILING("input weight element num should be equal to the product of input x dims except the last "
                          "one, got %ld, expected %ld.", (long)aclemu_tensor_numel(w), (long)tokens);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_SwigluGroupQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weightOptional,
                                         const aclTensor *groupIndexOptional, const aclTensor *scaleOptional,
                                         int64_t dstType, int64_t quantMode, int64_t blockSize, bool roundScale,
                                         double clampLimit, double dstTypeMax, bool outputOrigin,
                                         const aclTensor *yOut, const aclTensor *yScaleOut,
                                         const aclTensor *yOriginOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *w = weightOptional, *gi = groupIndexOptional, *sc = scaleOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, yScaleOut, "yScaleOut")) ||
        (st = aclemu_check_notnull(api, yOriginOut, "yOriginOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set xs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT);
    if ((st = aclemu_check_dtype(api, x, "x", xs)) ||
        (w && (st = aclemu_check_dtype(api, w, "weightOptional", ACLEMU_DT(ACL_FLOAT)))) ||
        (gi && (st = aclemu_check_dtype(api, gi, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (sc && (st = aclemu_check_dtype(api, sc, "scaleOptional", ACLEMU_DT(ACL_FLOAT)))) ||
        (st = aclemu_check_dtype(api, yOut, "yOut",
                                 ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2) |
                                     ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2) |
                                     ACLEMU_DT(ACL_HIFLOAT8))) ||
        (st = aclemu_check_dtype(api, yScaleOut, "yScaleOut", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT8_E8M0))) ||
        (st = aclemu_check_same_dtype(api, x, "x", yOriginOut, "yOriginOut")))
        return st;
    if (!combo_ok(x->dtype, yOut->dtype, yScaleOut->dtype))
        return ACLEMU_PARAM_ERROR(api, "The dtype combination of x %s, yOut %s and yScaleOut %s is not supported.",
                                  aclemu_dtype_name(x->dtype), aclemu_dtype_name(yOut->dtype),
                                  aclemu_dtype_name(yScaleOut->dtype));
    const aclTensor *all[7] = {x, w, gi, sc, yOut, yScaleOut, yOriginOut};
    static const char *names[7] = {"x", "weightOptional", "groupIndexOptional", "scaleOptional", "yOut", "yScaleOut",
                                   "yOriginOut"};
    if ((st = quant_check_tensors(api, all, names, 7, 0)))
        return st;
    const float clamp = (float)clampLimit, dmax = (float)dstTypeMax;
    int hif8 = quantMode == 2 || quantMode == 3;
    if (hif8)
        st = check_hif8(api, x, w, gi, sc, quantMode, clamp, dmax, outputOrigin, yOut, yScaleOut, yOriginOut);
    else
        st = check_block_mx(api, x, w, gi, dstType, quantMode, blockSize, roundScale, clamp, outputOrigin, yOut,
                            yScaleOut, yOriginOut);
    if (st)
        return st;

    int64_t rows = rows_of(x), half = x->shape[x->ndim - 1] / 2, G = gi ? gi->shape[0] : 0;
    uint32_t block_dim;
    uint64_t per;
    aclemu_tile_1d((uint64_t)rows, aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &block_dim, &per);
    uint64_t ws_amax = 0, ws_mult = 0;
    if (quantMode == 3) {
        ws_amax = aclemu_exec_alloc_workspace(executor, (uint64_t)rows * sizeof(float));
        ws_mult = aclemu_exec_alloc_workspace(executor, (uint64_t)(G ? G : 1) * sizeof(float));
    }
    static const int phases3[3] = {SGQ_AMAX, SGQ_SCALE, SGQ_ROWS};
    int nl = quantMode == 3 ? 3 : 1;
    for (int l = 0; l < nl; l++) {
        int phase = quantMode == 3 ? phases3[l] : SGQ_ROWS;
        sgq_args *a = (sgq_args *)aclemu_exec_add_launch(executor, "SwigluGroupQuant",
                                                         phase == SGQ_SCALE ? 1 : block_dim, sizeof *a);
        if (!a)
            return ACLNN_ERR_INNER;
        a->rows = rows;
        a->half = half;
        a->groups = G;
        a->per_block = (int64_t)per;
        a->phase = phase;
        a->mode = (int32_t)quantMode;
        a->round_scale = roundScale;
        a->has_clamp = hif8 ? clamp > 0.0f : clamp != -1.0f;
        a->clamp = clamp;
        a->dst_max = dmax;
        a->output_origin = hif8 && outputOrigin;
        if ((st = aclemu_exec_tdesc(executor, a, &a->x, x)) || (st = aclemu_exec_tdesc(executor, a, &a->y, yOut)) ||
            (w && (st = aclemu_exec_tdesc(executor, a, &a->weight, w))) ||
            (gi && (st = aclemu_exec_tdesc(executor, a, &a->group, gi))) ||
            (quantMode == 2 && (st = aclemu_exec_tdesc(executor, a, &a->scale, sc))) ||
            (quantMode != 2 && (st = aclemu_exec_tdesc(executor, a, &a->yscale, yScaleOut))) ||
            (a->output_origin && (st = aclemu_exec_tdesc(executor, a, &a->yorigin, yOriginOut))))
            return st;
        if (quantMode == 3 && ((st = aclemu_exec_bind_workspace(executor, a, &a->ws_amax, ws_amax)) ||
                               (st = aclemu_exec_bind_workspace(executor, a, &a->ws_mult, ws_mult))))
            return st;
    }
    return ACLNN_SUCCESS;
}
