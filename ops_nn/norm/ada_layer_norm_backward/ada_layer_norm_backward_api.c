/* aclnnAdaLayerNormBackward (ops-nn norm/ada_layer_norm_grad; A2 / A3). Checks in the op_api's
 * order: null gradOut / input / normalizedShape / mean / rstd / scale / shift (161001); dtypes
 * (gradOut FLOAT / FLOAT16 / BF16, input / rstd / mean / scale / shift of its dtype, weight / bias
 * in the list and of input's dtype unless FLOAT, weight == bias, gradInputOut / gradScaleOut /
 * gradShiftOut of input / scale / shift, gradWeightOut / gradBiasOut of weight's (else bias's,
 * else input's unless FLOAT)); shapes (ranks <= 8, gradOut == input, mean == rstd,
 * normalizedShape of length 1 equal to H, input rank >= 2, weight / bias 1-D, B / S / H > 0,
 * scale / shift [B..., 1, H] or [B..., H], mean [B..., S, 1], outputs of their inputs' shapes,
 * gradWeightOut / gradBiasOut H elements) — all 161002; then the tiling: weight's length must be
 * H (561002; the op_api ignores its own check). No output asked for: nothing to do. Off A2 / A3
 * the real op_api launches nothing and succeeds; so do we. Outputs left NULL are skipped (the
 * real op_api would dereference them). gradWeight / gradBias are rounded to the weight's dtype
 * (the real fill's dtype when weight is absent) before their outputs' dtypes. */
#include "ada_layer_norm_backward_args.h"
#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"

#define ALNG_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static aclnnStatus dt_same(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn)
{
    return aclemu_check_same_dtype(api, a, an, b, bn);
}

static aclnnStatus grad_wb_dtype(const char *api, const aclTensor *out, const char *name, const aclTensor *input,
                                 const aclTensor *w, const aclTensor *b)
{
    if (!out)
        return ACLNN_SUCCESS;
    if (w)
        return dt_same(api, out, name, w, "weightOptional");
    if (b)
        return dt_same(api, out, name, b, "biasOptional");
    if (out->dtype != ACL_FLOAT)
        return dt_same(api, out, name, input, "input");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_AdaLayerNormBackward(aclOpExecutor *executor, const aclTensor *gradOut, const aclTensor *input,
                                             const aclIntArray *normalizedShape, const aclTensor *rstd,
                                             const aclTensor *mean, const aclTensor *scale, const aclTensor *shift,
                                             const aclTensor *weightOptional, const aclTensor *biasOptional,
                                             aclTensor *gradInputOut, aclTensor *gradScaleOut,
                                             aclTensor *gradShiftOut, aclTensor *gradWeightOut,
                                             aclTensor *gradBiasOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *w = weightOptional, *bi = biasOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOut, "gradOut")) || (st = aclemu_check_notnull(api, input, "input")) ||
        (st = aclemu_check_notnull(api, normalizedShape, "normalizedShape")) ||
        (st = aclemu_check_notnull(api, mean, "mean")) || (st = aclemu_check_notnull(api, rstd, "rstd")) ||
        (st = aclemu_check_notnull(api, scale, "scale")) || (st = aclemu_check_notnull(api, shift, "shift")))
        return st;
    /* dtypes */
    if ((st = aclemu_check_dtype(api, gradOut, "gradOut", NN_FLOATS)) ||
        (st = dt_same(api, input, "input", gradOut, "gradOut")) || (st = dt_same(api, rstd, "rstd", gradOut, "gradOut")) ||
        (st = dt_same(api, mean, "mean", gradOut, "gradOut")) || (st = dt_same(api, scale, "scale", gradOut, "gradOut")) ||
        (st = dt_same(api, shift, "shift", gradOut, "gradOut")))
        return st;
    if (w && ((st = aclemu_check_dtype(api, w, "weightOptional", NN_FLOATS)) ||
              (w->dtype != ACL_FLOAT && (st = dt_same(api, w, "weightOptional", input, "input")))))
        return st;
    if (bi && ((st = aclemu_check_dtype(api, bi, "biasOptional", NN_FLOATS)) ||
               (bi->dtype != ACL_FLOAT && (st = dt_same(api, bi, "biasOptional", input, "input")))))
        return st;
    if ((w && bi && (st = dt_same(api, w, "weightOptional", bi, "biasOptional"))) ||
        (gradInputOut && (st = dt_same(api, gradInputOut, "gradInputOut", input, "input"))) ||
        (gradScaleOut && (st = dt_same(api, gradScaleOut, "gradScaleOut", scale, "scale"))) ||
        (gradShiftOut && (st = dt_same(api, gradShiftOut, "gradShiftOut", shift, "shift"))) ||
        (st = grad_wb_dtype(api, gradWeightOut, "gradWeightOut", input, w, bi)) ||
        (st = grad_wb_dtype(api, gradBiasOut, "gradBiasOut", input, w, bi)))
        return st;
    /* shapes */
    const aclTensor *all[] = {gradOut, input, mean, rstd, scale, shift, gradInputOut, gradScaleOut, gradShiftOut,
                              gradWeightOut, gradBiasOut};
    const char *names[] = {"gradOut", "input", "mean", "rstd", "scale", "shift", "gradInputOut", "gradScaleOut",
                           "gradShiftOut", "gradWeightOut", "gradBiasOut"};
    for (int i = 0; i < 11; i++)
        if (all[i] && (st = aclemu_check_shape(api, all[i], names[i], 8)))
            return st;
    if ((st = aclemu_check_same_shape(api, gradOut, "gradOut", input, "input")) ||
        (st = aclemu_check_same_shape(api, mean, "mean", rstd, "rstd")))
        return st;
    if (normalizedShape->size != 1)
        return ACLEMU_PARAM_ERROR(api, "Expected normalizedShape len 1, but got %llu.",
                                  (unsigned long long)normalizedShape->size);
    const uint32_t nd = input->ndim;
    if (nd < 2)
        return ACLEMU_PARAM_ERROR(api, "input dim num %u should be at least 2.", nd);
    if (normalizedShape->data[0] != input->shape[nd - 1])
        return ACLEMU_PARAM_ERROR(api, "Expected normalized index [0] shape [%lld] be equal to tensor index [%u] shape "
                                  "[%lld], but failed.", (long long)normalizedShape->data[0], nd - 1,
                                  (long long)input->shape[nd - 1]);
    if ((w && ((st = aclemu_check_shape(api, w, "weightOptional", 8)) || (st = nn_rank_in(api, w, "weightOptional", 1, 1)))) ||
        (bi && ((st = aclemu_check_shape(api, bi, "biasOptional", 8)) || (st = nn_rank_in(api, bi, "biasOptional", 1, 1)))))
        return st;
    const int64_t S = input->shape[nd - 2], H = input->shape[nd - 1], B = nn_prod(input->shape, 0, nd - 2);
    if (B <= 0 || S <= 0 || H <= 0)
        return ACLEMU_PARAM_ERROR(api, "input sizes should greater than 0.");
    int64_t e1[ACLEMU_MAX_RANK], e2[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i + 2 < nd; i++)
        e1[i] = e2[i] = input->shape[i];
    e1[nd - 2] = 1;
    e1[nd - 1] = H;
    e2[nd - 2] = H;
    if (!(nn_shape_eq(scale, e1, nd) || nn_shape_eq(scale, e2, nd - 1)) ||
        !(nn_shape_eq(shift, e1, nd) || nn_shape_eq(shift, e2, nd - 1))) {
        char s0[128], s1[128], s2[128];
        return ACLEMU_PARAM_ERROR(api, "Expected scale/shape shape %s to be %s or %s, but failed.",
                                  aclemu_shape_str(scale->shape, scale->ndim, s0, sizeof s0),
                                  aclemu_shape_str(e1, nd, s1, sizeof s1), aclemu_shape_str(e2, nd - 1, s2, sizeof s2));
    }
    int64_t ms[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i < nd; i++)
        ms[i] = input->shape[i];
    ms[nd - 1] = 1;
    if (!nn_shape_eq(mean, ms, nd)) {
        char s0[128], s1[128];
        return ACLEMU_PARAM_ERROR(api, "Expected mean shape %s to be %s, but failed.",
                                  aclemu_shape_str(mean->shape, mean->ndim, s0, sizeof s0),
                                  aclemu_shape_str(ms, nd, s1, sizeof s1));
    }
    if ((gradInputOut && (st = aclemu_check_same_shape(api, gradInputOut, "gradInputOut", input, "input"))) ||
        (gradScaleOut && (st = aclemu_check_same_shape(api, gradScaleOut, "gradScaleOut", scale, "scale"))) ||
        (gradShiftOut && (st = aclemu_check_same_shape(api, gradShiftOut, "gradShiftOut", shift, "shift"))))
        return st;
    const aclTensor *wb_outs[2] = {gradWeightOut, gradBiasOut};
    const char *wb_names[2] = {"gradWeightOut", "gradBiasOut"};
    for (int i = 0; i < 2; i++)
        if (wb_outs[i] && aclemu_tensor_numel(wb_outs[i]) != H) {
            char s0[128];
            return ACLEMU_PARAM_ERROR(api, "Expected %s shape size [%s] to be [%lld], but failed.", wb_names[i],
                                      aclemu_shape_str(wb_outs[i]->shape, wb_outs[i]->ndim, s0, sizeof s0),
                                      (long long)H);
        }
    if (!gradInputOut && !gradScaleOut && !gradShiftOut && !gradWeightOut && !gradBiasOut)
        return ACLNN_SUCCESS;
    if (!aclemu_chip_in(ACLEMU_CHIPS_A2_A3))
        return ACLNN_SUCCESS; /* the real op_api computes only on 910B / 910_93 */
    /* the tiling: gamma (weight or its fill of normalizedShape) against dy's last dim */
    if (w && w->shape[0] != H)
        return ALNG_TILING(api, "TilingForAdaLayerNormGrad: dy dim value(=%lld) is not equal togamma dim "
                           "value(=%lld), please check.", (long long)H, (long long)w->shape[0]);
    /* beta is read as H values too (the real tiling leaves it unchecked) */
    if (bi && bi->shape[0] != H)
        return ALNG_TILING(api, "TilingForAdaLayerNormGrad: dy dim value(=%lld) is not equal to beta dim "
                           "value(=%lld), please check.", (long long)H, (long long)bi->shape[0]);
    /* the dtype of the kernel's dgamma / dbeta: weight's, else bias's, else the outputs' (infer_dtype) */
    int32_t wdt = w ? w->dtype : bi ? bi->dtype : gradWeightOut ? gradWeightOut->dtype : gradBiasOut->dtype;
    nn_stage sdy, sx, sm, sr, ssc, sg, sb, sdx, sds, sdt, sdw, sdb;
    if ((st = nn_stage_in(executor, gradOut, NULL, -1, &sdy)) || (st = nn_stage_in(executor, input, NULL, -1, &sx)) ||
        (st = nn_stage_in(executor, mean, NULL, -1, &sm)) || (st = nn_stage_in(executor, rstd, NULL, -1, &sr)) ||
        (st = nn_stage_in(executor, scale, NULL, -1, &ssc)) || (st = nn_stage_in(executor, w, NULL, -1, &sg)) ||
        (st = nn_stage_in(executor, bi, NULL, -1, &sb)) ||
        (st = nn_stage_out(executor, gradInputOut, NULL, -1, &sdx)) ||
        (st = nn_stage_out(executor, gradScaleOut, NULL, -1, &sds)) ||
        (st = nn_stage_out(executor, gradShiftOut, NULL, -1, &sdt)) ||
        (st = nn_stage_out(executor, gradWeightOut, NULL, wdt, &sdw)) ||
        (st = nn_stage_out(executor, gradBiasOut, NULL, wdt, &sdb)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)B, (uint64_t)(S * H * 3), &bd, &per);
    const int want_parts = gradWeightOut || gradBiasOut;
    uint64_t parts = want_parts ? aclemu_exec_alloc_workspace(executor, 2ull * bd * (uint64_t)H * sizeof(float)) : 0;
    ada_layer_norm_backward_args *a =
        (ada_layer_norm_backward_args *)aclemu_exec_add_launch(executor, "AdaLayerNormGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->B = B;
    a->S = S;
    a->H = H;
    a->batches_per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->dy, &sdy)) || (st = nn_stage_bind(executor, a, &a->x, &sx)) ||
        (st = nn_stage_bind(executor, a, &a->mean, &sm)) || (st = nn_stage_bind(executor, a, &a->rstd, &sr)) ||
        (st = nn_stage_bind(executor, a, &a->scale, &ssc)) || (st = nn_stage_bind(executor, a, &a->gamma, &sg)) ||
        (st = nn_stage_bind(executor, a, &a->beta, &sb)) || (st = nn_stage_bind(executor, a, &a->dx, &sdx)) ||
        (st = nn_stage_bind(executor, a, &a->dscale, &sds)) || (st = nn_stage_bind(executor, a, &a->dshift, &sdt)) ||
        (want_parts && (st = aclemu_exec_bind_workspace(executor, a, &a->parts, parts))))
        return st;
    if ((st = nn_stage_out_finish(executor, &sdx)) || (st = nn_stage_out_finish(executor, &sds)) ||
        (st = nn_stage_out_finish(executor, &sdt)))
        return st;
    if (!want_parts)
        return ACLNN_SUCCESS;
    if ((st = nn_sum_parts(executor, parts, bd, H, &sdw)))
        return st;
    return nn_sum_parts(executor, parts + (uint64_t)bd * (uint64_t)H * sizeof(float), bd, H, &sdb);
}
