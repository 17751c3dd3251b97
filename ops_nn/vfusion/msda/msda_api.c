/* aclnnMultiScaleDeformableAttnFunction / aclnnMultiScaleDeformableAttentionGrad (ops-nn vfusion),
 * checks in the real order (op_api/aclnn_multi_scale_deformable_attn_function.cpp,
 * aclnn_multi_scale_deformable_attention_grad.cpp).
 * Forward (A2 / A3 / 950 / 310P): nulls -> dtypes (value, location, attnWeight, output FLOAT /
 *   FLOAT16 / BF16, no BF16 on 310P; spatialShape, levelStartIndex INT32 / INT64; location,
 *   attnWeight and output of value's dtype) -> ranks (4, 2, 1, 6, 5, 3) -> spatialShape and
 *   location last dims 2 -> numQueries >= 32, numHeads / numLevels / numPoints <= 16,
 *   channels % 8 == 0 and <= 256 (the op_api applies these on every chip) -> numLevels of
 *   spatialShape, location and attnWeight equal. The real code stops there; the other shared
 *   dims (batch, heads, queries, points, output) are checked after it, so a mismatch is a 161002
 *   rather than a read outside a tensor.
 * Backward (A2 / A3 / 950): nulls -> dtypes (each in its list, no consistency rule) -> formats
 *   (no NZ) -> ranks and last dims -> the constraints (one message) -> shared dims -> outputs of
 *   their inputs' shapes.
 * Empty inputs succeed with nothing to run. Location's last dim is (x, y): x scales with the
 * level's W, y with its H (what the kernels do; the doc's "y, x" is not). */
#include "aclemu_plans.h"
#include "msda_args.h"
#include "nn_stage.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define MSDA_INDEX_DTYPES (DT(INT32) | DT(INT64))

static aclemu_dtype_set float_dtypes(void)
{
    return aclemu_op_profile()->family == ACLEMU_FAMILY_310P ? DT(FLOAT) | DT(FLOAT16) : DT(FLOAT) | DT(FLOAT16) | DT(BF16);
}

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim != rank)
        return ACLEMU_PARAM_ERROR(api, "parameter '%s' expects %u dimensions, but got %u.", name, rank, t->ndim);
    return ACLNN_SUCCESS;
}

/* Ranks, last dims 2 (the first checks of both APIs). */
static aclnnStatus check_ranks(const char *api, const aclTensor *value, const aclTensor *spatialShape,
                               const aclTensor *levelStartIndex, const aclTensor *location, const aclTensor *attnWeight,
                               const aclTensor *out, const char *out_name)
{
    aclnnStatus st;
    if ((st = check_rank(api, value, "value", 4)) || (st = check_rank(api, spatialShape, "spatialShape", 2)) ||
        (st = check_rank(api, levelStartIndex, "levelStartIndex", 1)) || (st = check_rank(api, location, "location", 6)) ||
        (st = check_rank(api, attnWeight, "attnWeight", 5)) || (st = check_rank(api, out, out_name, 3)))
        return st;
    if (spatialShape->shape[1] != 2)
        return ACLEMU_PARAM_ERROR(api, "The last axis of spatialShape should be 2, but got %lld.", (long long)spatialShape->shape[1]);
    if (location->shape[5] != 2)
        return ACLEMU_PARAM_ERROR(api, "The last axis of location should be 2, but got %lld.", (long long)location->shape[5]);
    return ACLNN_SUCCESS;
}

/* Every shared dim: value (B, K, NH, C), spatialShape (L, 2), levelStartIndex (L), location
 * (B, Q, NH, L, P, 2), attnWeight (B, Q, NH, L, P), out (B, Q, NH * C). */
static aclnnStatus check_dims(const char *api, const aclTensor *value, const aclTensor *spatialShape,
                              const aclTensor *levelStartIndex, const aclTensor *location, const aclTensor *attnWeight,
                              const aclTensor *out, const char *out_name)
{
    const int64_t B = value->shape[0], NH = value->shape[2], C = value->shape[3], L = spatialShape->shape[0];
    const int64_t Q = location->shape[1], P = location->shape[4];
    if (location->shape[0] != B || attnWeight->shape[0] != B || out->shape[0] != B)
        return ACLEMU_PARAM_ERROR(api, "bs of value, location, attnWeight and %s must be equal.", out_name);
    if (location->shape[2] != NH || attnWeight->shape[2] != NH)
        return ACLEMU_PARAM_ERROR(api, "num_heads of value, location and attnWeight must be equal.");
    if (levelStartIndex->shape[0] != L || location->shape[3] != L || attnWeight->shape[3] != L)
        return ACLEMU_PARAM_ERROR(api, "num_levels of spatialShape, levelStartIndex, location and attnWeight must be equal.");
    if (attnWeight->shape[1] != Q || out->shape[1] != Q)
        return ACLEMU_PARAM_ERROR(api, "num_queries of location, attnWeight and %s must be equal.", out_name);
    if (attnWeight->shape[4] != P)
        return ACLEMU_PARAM_ERROR(api, "num_points of location and attnWeight must be equal.");
    if (out->shape[2] != NH * C)
        return ACLEMU_PARAM_ERROR(api, "last dim of %s must be equal to num_heads * channels (%lld).", out_name,
                                  (long long)(NH * C));
    return ACLNN_SUCCESS;
}

/* Stages the operands as FP32 (value, location, attnWeight, the grad's gradOutput) and the
 * tables as they are, and records `kernel` over `units` work items. */
static aclnnStatus launch(aclOpExecutor *ex, const char *kernel, const aclTensor *value, const aclTensor *spatialShape,
                          const aclTensor *levelStartIndex, const aclTensor *location, const aclTensor *attnWeight,
                          const aclTensor *out_or_gout, const aclTensor *const *gouts, int64_t units, uint64_t unit_cost)
{
    aclnnStatus st;
    nn_stage s[9];
    const int grad = gouts != NULL;
    if ((st = nn_stage_in(ex, value, NULL, ACL_FLOAT, &s[0])) || (st = nn_stage_in(ex, location, NULL, ACL_FLOAT, &s[1])) ||
        (st = nn_stage_in(ex, attnWeight, NULL, ACL_FLOAT, &s[2])) || (st = nn_stage_in(ex, spatialShape, NULL, -1, &s[3])) ||
        (st = nn_stage_in(ex, levelStartIndex, NULL, -1, &s[4])))
        return st;
    if ((st = grad ? nn_stage_in(ex, out_or_gout, NULL, ACL_FLOAT, &s[5]) : nn_stage_out(ex, out_or_gout, NULL, ACL_FLOAT, &s[5])))
        return st;
    for (int i = 0; grad && i < 3; i++)
        if ((st = nn_stage_out(ex, gouts[i], NULL, ACL_FLOAT, &s[6 + i])))
            return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)units, unit_cost, &bd, &per);
    msda_args *a = (msda_args *)aclemu_exec_add_launch(ex, kernel, bd, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->B = value->shape[0];
    a->K = value->shape[1];
    a->NH = value->shape[2];
    a->C = value->shape[3];
    a->Q = location->shape[1];
    a->L = location->shape[3];
    a->P = location->shape[4];
    a->per_block = (int64_t)per;
    nn_cbuf *bufs[9] = {&a->value, &a->loc, &a->attn, &a->shapes, &a->starts, &a->out, &a->gvalue, &a->gloc, &a->gattn};
    for (int i = 0; i < (grad ? 9 : 6); i++)
        if ((st = nn_stage_bind(ex, a, bufs[i], &s[i])))
            return st;
    if (!grad)
        return nn_stage_out_finish(ex, &s[5]);
    for (int i = 0; i < 3; i++)
        if ((st = nn_stage_out_finish(ex, &s[6 + i])))
            return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_MultiScaleDeformableAttnFunction(aclOpExecutor *executor, const aclTensor *value,
                                                         const aclTensor *spatialShape, const aclTensor *levelStartIndex,
                                                         const aclTensor *location, const aclTensor *attnWeight,
                                                         aclTensor *output)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, value, "value")) || (st = aclemu_check_notnull(api, spatialShape, "spatialShape")) ||
        (st = aclemu_check_notnull(api, levelStartIndex, "levelStartIndex")) ||
        (st = aclemu_check_notnull(api, location, "location")) || (st = aclemu_check_notnull(api, attnWeight, "attnWeight")) ||
        (st = aclemu_check_notnull(api, output, "output")))
        return st;
    const aclemu_dtype_set fl = DT(FLOAT) | DT(FLOAT16) | DT(BF16);
    if ((st = aclemu_check_dtype(api, value, "value", fl)) ||
        (st = aclemu_check_dtype(api, spatialShape, "spatialShape", MSDA_INDEX_DTYPES)) ||
        (st = aclemu_check_dtype(api, levelStartIndex, "levelStartIndex", MSDA_INDEX_DTYPES)) ||
        (st = aclemu_check_dtype(api, location, "location", fl)) || (st = aclemu_check_dtype(api, attnWeight, "attnWeight", fl)) ||
        (st = aclemu_check_dtype(api, output, "output", fl)) ||
        (st = aclemu_check_same_dtype(api, value, "value", location, "location")) ||
        (st = aclemu_check_same_dtype(api, value, "value", attnWeight, "attnWeight")) ||
        (st = aclemu_check_same_dtype(api, value, "value", output, "output")) ||
        (st = aclemu_check_dtype(api, value, "value", float_dtypes())))
        return st;
    if ((st = check_ranks(api, value, spatialShape, levelStartIndex, location, attnWeight, output, "output")))
        return st;
    const int64_t Q = location->shape[1], NH = location->shape[2], L = location->shape[3], P = location->shape[4];
    const int64_t C = value->shape[3];
    if (Q < 32)
        return ACLEMU_PARAM_ERROR(api, "numQueries must be greater than or equal to 32, but got %lld.", (long long)Q);
    if (NH > 16)
        return ACLEMU_PARAM_ERROR(api, "numHeads must be less than or equal to 16, but got %lld.", (long long)NH);
    if (L > 16)
        return ACLEMU_PARAM_ERROR(api, "numLevels must be less than or equal to 16, but got %lld.", (long long)L);
    if (P > 16)
        return ACLEMU_PARAM_ERROR(api, "numPoints must be less than or equal to 16, but got %lld.", (long long)P);
    if (C % 8 || C > 256)
        return ACLEMU_PARAM_ERROR(api, "embedDims must be divisible by 8 and less than or equal to 256, but got %lld.",
                                  (long long)C);
    if (spatialShape->shape[0] != L || attnWeight->shape[3] != L)
        return ACLEMU_PARAM_ERROR(api, "numLevels dimensions must be equal: spatialShape[0]=%lld, location[3]=%lld, "
                                  "attnWeight[3]=%lld.", (long long)spatialShape->shape[0], (long long)L,
                                  (long long)attnWeight->shape[3]);
    if ((st = check_dims(api, value, spatialShape, levelStartIndex, location, attnWeight, output, "output")) ||
        (st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if (!aclemu_tensor_numel(value) || !aclemu_tensor_numel(spatialShape) || !aclemu_tensor_numel(levelStartIndex) ||
        !aclemu_tensor_numel(location) || !aclemu_tensor_numel(attnWeight))
        return ACLNN_SUCCESS;
    return launch(executor, "MsdaForward", value, spatialShape, levelStartIndex, location, attnWeight, output, NULL,
                  value->shape[0] * Q, (uint64_t)(NH * L * P * 4 * C + 1));
}

aclnnStatus aclemu_plan_MultiScaleDeformableAttentionGrad(aclOpExecutor *executor, const aclTensor *value,
                                                          const aclTensor *spatialShape, const aclTensor *levelStartIndex,
                                                          const aclTensor *location, const aclTensor *attnWeight,
                                                          const aclTensor *gradOutput, aclTensor *gradValue,
                                                          aclTensor *gradLocation, aclTensor *gradAttnWeight)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *ins[6] = {value, spatialShape, levelStartIndex, location, attnWeight, gradOutput};
    static const char *const in_names[6] = {"value", "spatialShape", "levelStartIndex", "location", "attnWeight", "gradOutput"};
    const aclTensor *outs[3] = {gradValue, gradLocation, gradAttnWeight};
    static const char *const out_names[3] = {"gradValue", "gradLocation", "gradAttnWeight"};
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ins[i], in_names[i])))
            return st;
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_notnull(api, outs[i], out_names[i])))
            return st;
    const aclemu_dtype_set fl = DT(FLOAT) | DT(FLOAT16) | DT(BF16);
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_dtype(api, ins[i], in_names[i], i == 1 || i == 2 ? MSDA_INDEX_DTYPES : fl)))
            return st;
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_dtype(api, outs[i], out_names[i], fl)))
            return st;
    for (int i = 0; i < 6; i++)
        if (aclemu_format_is_private(ins[i]->format) && ins[i]->format == ACL_FORMAT_FRACTAL_NZ)
            return ACLEMU_PARAM_ERROR(api, "parameter '%s' format does not support NZ.", in_names[i]);
    if ((st = check_ranks(api, value, spatialShape, levelStartIndex, location, attnWeight, gradOutput, "gradOutput")))
        return st;
    const int64_t NH = value->shape[2], C = value->shape[3], L = spatialShape->shape[0];
    const int64_t Q = location->shape[1], P = location->shape[4];
    if (!(C % 8 == 0 && C <= 256 && Q < 500000 && L <= 16 && NH <= 16 && P <= 16))
        return ACLEMU_PARAM_ERROR(api, "invalid parameter: constraints are not satisfied (channels %% 8 == 0 and <= 256, "
                                  "num_queries < 500000, num_levels, num_heads and num_points <= 16; got channels %lld, "
                                  "num_queries %lld, num_levels %lld, num_heads %lld, num_points %lld).",
                                  (long long)C, (long long)Q, (long long)L, (long long)NH, (long long)P);
    if ((st = check_dims(api, value, spatialShape, levelStartIndex, location, attnWeight, gradOutput, "gradOutput")))
        return st;
    for (int i = 0; i < 3; i++) {
        const aclTensor *ref = i == 0 ? value : i == 1 ? location : attnWeight;
        int same = outs[i]->ndim == ref->ndim;
        for (uint32_t d = 0; same && d < ref->ndim; d++)
            same = outs[i]->shape[d] == ref->shape[d];
        if (!same)
            return ACLEMU_PARAM_ERROR(api, "%s shape must be the same as %s shape.", out_names[i], in_names[i == 0 ? 0 : i + 2]);
    }
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    for (int i = 0; i < 6; i++)
        if (!aclemu_tensor_numel(ins[i]))
            return ACLNN_SUCCESS;
    return launch(executor, "MsdaBackward", value, spatialShape, levelStartIndex, location, attnWeight, gradOutput, outs,
                  value->shape[0] * NH, (uint64_t)(Q * L * P * 8 * C + value->shape[1] * C + 1));
}
