/* aclnnBatchNormalizationGrad (ops-nn experimental; the aclnn is generated from the op
 * definition, kernel for ascend910b only): every operand FLOAT, FLOAT16 or BF16, all of one dtype,
 * ND (161002); the tiling / infershape rules (561002): input rank >= 2 with N, C and the spatial
 * product all non-zero, gradOutput of input's shape, weight 1-D of length C, bias / saveMean /
 * saveInvstd of weight's shape, gradInputOut of input's shape, gradWeightOut / gradBiasOut of
 * weight's. saveInvstd is 1 / sqrt(var + eps) (epsilon is not used); bias takes no part. Runs the
 * BatchNormGrad kernel in training mode. */
#include "aclemu_plans.h"
#include "batch_norm_grad_plan.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR

aclnnStatus aclemu_plan_BatchNormalizationGrad(aclOpExecutor *executor, const aclTensor *gradOutput,
                                               const aclTensor *input, const aclTensor *weight, const aclTensor *bias,
                                               const aclTensor *saveMean, const aclTensor *saveInvstd, double epsilon,
                                               const aclTensor *gradInputOut, const aclTensor *gradWeightOut,
                                               const aclTensor *gradBiasOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[9] = {gradOutput, input, weight, bias, saveMean, saveInvstd, gradInputOut, gradWeightOut,
                              gradBiasOut};
    const char *names[9] = {"gradOutput", "input", "weight", "bias", "saveMean", "saveInvstd",
                            "gradInputOut", "gradWeightOut", "gradBiasOut"};
    aclnnStatus st;
    for (int i = 0; i < 9; i++)
        if ((st = aclemu_check_notnull(api, ts[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", NN_FLOATS)))
        return st;
    for (int i = 1; i < 9; i++)
        if ((st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", ts[i], names[i])))
            return st;
    for (int i = 0; i < 9; i++)
        if ((st = aclemu_check_format(api, ts[i], names[i])) || (st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    if ((st = nr_same_shape(api, TILING, input, "input", gradOutput, "gradOutput")))
        return st;
    if (input->ndim < 2)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "input dim num %u should be at least 2.",
                               input->ndim);
    int64_t N = input->shape[0], C = input->shape[1], S = nn_prod(input->shape, 2, input->ndim);
    if (weight->ndim != 1 || weight->shape[0] != C)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api,
                               "weight should be 1-D of the input channel dim %lld.", (long long)C);
    if ((st = nr_same_shape(api, TILING, weight, "weight", bias, "bias")) ||
        (st = nr_same_shape(api, TILING, weight, "weight", saveMean, "saveMean")) ||
        (st = nr_same_shape(api, TILING, weight, "weight", saveInvstd, "saveInvstd")) ||
        (st = nr_same_shape(api, TILING, input, "input", gradInputOut, "gradInputOut")) ||
        (st = nr_same_shape(api, TILING, weight, "weight", gradWeightOut, "gradWeightOut")) ||
        (st = nr_same_shape(api, TILING, weight, "weight", gradBiasOut, "gradBiasOut")))
        return st;
    if (N == 0 || C == 0 || S == 0)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api,
                               "input N %lld, C %lld and spatial size %lld should all be greater than 0.",
                               (long long)N, (long long)C, (long long)S);
    (void)epsilon;
    bn_grad_ops o = {gradOutput, input, weight, NULL, NULL, saveMean, saveInvstd, gradInputOut, gradWeightOut,
                     gradBiasOut};
    return bn_grad_launch(executor, &o, NULL, N, C, S, 1, 0, 0.0);
}
