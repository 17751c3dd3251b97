/* aclnnDequantBias on the quant driver (QUANT_DEQUANT_BIAS): INT32 x [M, N] -> out [M, N],
 * out = float(x + bias) * weightScale * activateScale for an INT32 bias (the INT32 add wraps),
 * float(x) * weightScale * activateScale + bias for a FLOAT / FLOAT16 / BF16 one, in FP32, then
 * rounded to out (FLOAT16 when weightScale is FLOAT, BF16 when it is BF16). The real aclnn is
 * generated from the op definition: nulls (x, weightScale, out: 161001) and the dtypes of x,
 * weightScale and out (161002) are checked there, everything else in the tiling (561002):
 * outputDtype 1 / 27, the ranks (x, out 2-D; weightScale, activateScale, bias 1-D), the sizes
 * (weightScale and bias N, activateScale M, out [M, N]; an empty activateScale / bias counts as
 * none), activateScale FLOAT, bias BF16 / FLOAT / FLOAT16 / INT32, M at most 25000. Kernels for
 * A2 / A3 only (the docs): 361001 elsewhere. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DB_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_DequantBias(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weightScale,
                                    const aclTensor *activateScaleOptional, const aclTensor *biasOptional,
                                    int64_t outputDtype, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *as = activateScaleOptional, *bias = biasOptional, *ws = weightScale;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, ws, "weightScale")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, ws, "weightScale", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, out, "out", ws->dtype == ACL_BF16 ? ACLEMU_DT(ACL_BF16)
                                                                         : ACLEMU_DT(ACL_FLOAT16))))
        return st;
    const aclTensor *all[5] = {x, ws, as, bias, out};
    static const char *names[5] = {"x", "weightScale", "activateScaleOptional", "biasOptional", "out"};
    for (int i = 0; i < 5; i++)
        if (all[i] && ((st = aclemu_check_format(api, all[i], names[i])) ||
                       (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK))))
            return st;
    if (outputDtype != 1 && outputDtype != 27)
        return DB_TILING(api, "Attr outputDtype should be 1 or 27.");
    if (x->ndim != 2)
        return DB_TILING(api, "The dim number of x should be 2.");
    if (ws->ndim != 1)
        return DB_TILING(api, "The dim number of weightScale should be 1.");
    if (as && as->ndim != 1)
        return DB_TILING(api, "The dim number of activateScale should be 1.");
    if (bias && bias->ndim != 1)
        return DB_TILING(api, "The dim number of bias should be 1.");
    if (out->ndim != 2)
        return DB_TILING(api, "The dim number of y should be 2.");
    int64_t M = x->shape[0], N = x->shape[1];
    if (ws->shape[0] != N)
        return DB_TILING(api, "dim 1 of x and weightScale should be same.");
    if (as && aclemu_tensor_numel(as) > 0 && as->shape[0] != M)
        return DB_TILING(api, "dim 0 of x and activateScale %ld and %ld should be same.", (long)as->shape[0], (long)M);
    if (bias && aclemu_tensor_numel(bias) > 0 && bias->shape[0] != N)
        return DB_TILING(api, "dim 1 of x %ld and dim 0 of bias %ld should be same.", (long)bias->shape[0], (long)N);
    if (out->shape[0] != M)
        return DB_TILING(api, "dim 0 of input and output should be same.");
    if (out->shape[1] != N)
        return DB_TILING(api, "dim 1 of input and output should be same.");
    if (as && aclemu_tensor_numel(as) == 0)
        as = NULL;
    if (bias && aclemu_tensor_numel(bias) == 0)
        bias = NULL;
    if (as && as->dtype != ACL_FLOAT)
        return DB_TILING(api, "activate_scale's dtype should be float");
    if (bias && bias->dtype != ACL_BF16 && bias->dtype != ACL_FLOAT && bias->dtype != ACL_FLOAT16 &&
        bias->dtype != ACL_INT32)
        return DB_TILING(api, "bias's dtype should be bf16 or float or fp16 or int32");
    if (M > 25000)
        return DB_TILING(api, "input x size is too large.");
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_DEQUANT_BIAS;
    return quant_launch_aux(executor, &a, x, out, NULL, NULL, ws, bias, as);
}
