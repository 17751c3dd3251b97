/* aclnnLayerNormBackward: gradOut / input / gradInputOut FLOAT, FLOAT16, BF16 (no BF16 on 910 /
 * 310P); mean / rstd one value per row (float dtypes); weight/bias/grads of the normalised shape.
 * outputMask has 3 entries; an output is required when its entry is true. */
#include "aclemu_plans.h"
#include "layer_norm_backward_args.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_LayerNormBackward(aclOpExecutor *executor, const aclTensor *gradOut, const aclTensor *input,
                                          const aclIntArray *normalizedShape, const aclTensor *mean,
                                          const aclTensor *rstd, const aclTensor *weightOptional,
                                          const aclTensor *biasOptional, const aclBoolArray *outputMask,
                                          aclTensor *gradInputOut, aclTensor *gradWeightOut, aclTensor *gradBiasOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclIntArray *ns = normalizedShape;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOut, "gradOut")) || (st = aclemu_check_notnull(api, input, "input")) ||
        (st = aclemu_check_notnull(api, ns, "normalizedShape")) || (st = aclemu_check_notnull(api, mean, "mean")) ||
        (st = aclemu_check_notnull(api, rstd, "rstd")) || (st = aclemu_check_notnull(api, outputMask, "outputMask")))
        return st;
    if (outputMask->size != 3)
        return ACLEMU_PARAM_ERROR(api, "outputMask size %llu should be 3.", (unsigned long long)outputMask->size);
    int want_dx = outputMask->data[0], want_dw = outputMask->data[1], want_db = outputMask->data[2];
    if ((want_dx && (st = aclemu_check_notnull(api, gradInputOut, "gradInputOut"))) ||
        (want_dw && (st = aclemu_check_notnull(api, gradWeightOut, "gradWeightOut"))) ||
        (want_db && (st = aclemu_check_notnull(api, gradBiasOut, "gradBiasOut"))))
        return st;
    if (!want_dx) gradInputOut = NULL;
    if (!want_dw) gradWeightOut = NULL;
    if (!want_db) gradBiasOut = NULL;
    if ((st = aclemu_check_dtype(api, gradOut, "gradOut", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, input, "input", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, input, "input", gradOut, "gradOut")) ||
        (st = aclemu_check_dtype(api, mean, "mean", NN_FLOATS)) || (st = aclemu_check_dtype(api, rstd, "rstd", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, weightOptional, "weightOptional", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, biasOptional, "biasOptional", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, gradInputOut, "gradInputOut", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, gradWeightOut, "gradWeightOut", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, gradBiasOut, "gradBiasOut", NN_FLOATS)))
        return st;
    if ((st = aclemu_check_format(api, gradOut, "gradOut")) || (st = aclemu_check_format(api, input, "input")))
        return st;
    if ((st = aclemu_check_shape(api, gradOut, "gradOut", 8)) || (st = aclemu_check_shape(api, input, "input", 8)) ||
        (st = aclemu_check_shape(api, mean, "mean", 8)) || (st = aclemu_check_shape(api, rstd, "rstd", 8)) ||
        (st = nn_shape_opt(api, weightOptional, "weightOptional", 8)) ||
        (st = nn_shape_opt(api, gradInputOut, "gradInputOut", 8)) ||
        (st = nn_shape_opt(api, gradWeightOut, "gradWeightOut", 8)) ||
        (st = nn_shape_opt(api, gradBiasOut, "gradBiasOut", 8)) ||
        (st = aclemu_check_same_shape(api, input, "input", gradOut, "gradOut")) ||
        (gradInputOut && (st = aclemu_check_same_shape(api, input, "input", gradInputOut, "gradInputOut"))))
        return st;
    if (ns->size < 1 || ns->size > input->ndim)
        return ACLEMU_PARAM_ERROR(api, "normalizedShape length %llu should be in [1, input dim num %u].",
                                  (unsigned long long)ns->size, input->ndim);
    uint32_t begin = input->ndim - (uint32_t)ns->size;
    for (uint32_t i = 0; i < ns->size; i++)
        if (ns->data[i] != input->shape[begin + i])
            return ACLEMU_PARAM_ERROR(api, "normalizedShape[%u] = %lld should equal input dim %u (%lld).", i,
                                      (long long)ns->data[i], begin + i, (long long)input->shape[begin + i]);
    int64_t rows = nn_prod(input->shape, 0, begin), n = nn_prod(input->shape, begin, input->ndim);
    if ((st = nn_numel_opt(api, mean, "mean", rows)) || (st = nn_numel_opt(api, rstd, "rstd", rows)) ||
        (st = nn_numel_opt(api, weightOptional, "weightOptional", n)) ||
        (st = nn_numel_opt(api, gradWeightOut, "gradWeightOut", n)) ||
        (st = nn_numel_opt(api, gradBiasOut, "gradBiasOut", n)))
        return st;
    if (n == 0)
        return ACLNN_SUCCESS;
    if (rows == 0) { /* no rows: weight/bias gradients are 0 */
        if ((gradWeightOut && (st = nn_fill(executor, gradWeightOut, "gradWeightOut", 0.0))) ||
            (gradBiasOut && (st = nn_fill(executor, gradBiasOut, "gradBiasOut", 0.0))))
            return st;
        return ACLNN_SUCCESS;
    }
    nn_stage sdy, sx, sm, sr, sg, sdx, sdw, sdb;
    if ((st = nn_stage_in(executor, gradOut, NULL, -1, &sdy)) || (st = nn_stage_in(executor, input, NULL, -1, &sx)) ||
        (st = nn_stage_in(executor, mean, NULL, -1, &sm)) || (st = nn_stage_in(executor, rstd, NULL, -1, &sr)) ||
        (st = nn_stage_in(executor, weightOptional, NULL, -1, &sg)) ||
        (st = nn_stage_out(executor, gradInputOut, NULL, -1, &sdx)) ||
        (st = nn_stage_out(executor, gradWeightOut, NULL, -1, &sdw)) ||
        (st = nn_stage_out(executor, gradBiasOut, NULL, -1, &sdb)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)n, &bd, &per);
    int want_parts = gradWeightOut || gradBiasOut;
    uint64_t parts = want_parts ? aclemu_exec_alloc_workspace(executor, 2ull * bd * (uint64_t)n * sizeof(float)) : 0;
    layer_norm_backward_args *a =
        (layer_norm_backward_args *)aclemu_exec_add_launch(executor, "LayerNormGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->rows = rows;
    a->n = n;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->dy, &sdy)) || (st = nn_stage_bind(executor, a, &a->x, &sx)) ||
        (st = nn_stage_bind(executor, a, &a->mean, &sm)) || (st = nn_stage_bind(executor, a, &a->rstd, &sr)) ||
        (st = nn_stage_bind(executor, a, &a->gamma, &sg)) || (st = nn_stage_bind(executor, a, &a->dx, &sdx)) ||
        (want_parts && (st = aclemu_exec_bind_workspace(executor, a, &a->parts, parts))))
        return st;
    if ((st = nn_stage_out_finish(executor, &sdx)))
        return st;
    if (!want_parts)
        return ACLNN_SUCCESS;
    if ((st = nn_sum_parts(executor, parts, bd, n, &sdw)))
        return st;
    return nn_sum_parts(executor, parts + (uint64_t)bd * (uint64_t)n * sizeof(float), bd, n, &sdb);
}
