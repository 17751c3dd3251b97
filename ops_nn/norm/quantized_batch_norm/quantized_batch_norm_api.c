/* aclnnQuantizedBatchNorm (ops-nn norm/quantized_batch_norm; A2 / A3 / 950): y = requant(batch
 * norm(dequant(x))) with the running statistics. Checks in the op_api's order: nulls (tensors,
 * then the four scalars), empty tensors, input / output dtype (INT8 / UINT8 / INT32), formats
 * (equal, not private), equal shapes, weight / bias / mean / var FLOAT then 1-D of C, the scalars'
 * dtypes, rank 4; then the chip (no kernel off A2 / A3 / 950: 361001) and the tiling (storage
 * format NCHW, else 561002 "Not supported x format"). Channels are split over the vector cores. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "quantized_batch_norm_args.h"

#define QBN_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)
#define QBN_INTS (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT32))

static aclnnStatus qbn_not_empty(const char *api, const aclTensor *t, const char *name)
{
    if (t && aclemu_tensor_numel(t) == 0)
        return ACLEMU_PARAM_ERROR(api, "%s should not be an empty tensor.", name);
    return ACLNN_SUCCESS;
}

static aclnnStatus qbn_channel_vec(const char *api, const aclTensor *t, const char *name, int64_t C)
{
    if (t && (t->ndim != 1 || t->shape[0] != C))
        return ACLEMU_PARAM_ERROR(api, "Dim of %s should be one and shape is channel num of input.", name);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_QuantizedBatchNorm(aclOpExecutor *executor, const aclTensor *input, const aclTensor *mean,
                                           const aclTensor *var, const aclScalar *inputScale,
                                           const aclScalar *inputZeroPoint, const aclScalar *outputScale,
                                           const aclScalar *outputZeroPoint, aclTensor *weight, aclTensor *bias,
                                           float epsilon, aclTensor *output)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, output, "output")) ||
        (st = aclemu_check_notnull(api, mean, "mean")) || (st = aclemu_check_notnull(api, var, "var")) ||
        (st = aclemu_check_notnull(api, inputScale, "inputScale")) ||
        (st = aclemu_check_notnull(api, inputZeroPoint, "inputZeroPoint")) ||
        (st = aclemu_check_notnull(api, outputScale, "outputScale")) ||
        (st = aclemu_check_notnull(api, outputZeroPoint, "outputZeroPoint")))
        return st;
    if ((st = qbn_not_empty(api, input, "input")) || (st = qbn_not_empty(api, mean, "mean")) ||
        (st = qbn_not_empty(api, var, "var")) || (st = qbn_not_empty(api, weight, "weight")) ||
        (st = qbn_not_empty(api, bias, "bias")))
        return st;
    if ((st = aclemu_check_dtype(api, input, "input", QBN_INTS)) ||
        (st = aclemu_check_dtype(api, output, "output", QBN_INTS)))
        return st;
    if (input->format != output->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, input [%s], output [%s].",
                                  aclemu_format_name(input->format), aclemu_format_name(output->format));
    if (aclemu_format_is_private(input->format))
        return ACLEMU_PARAM_ERROR(api, "Format only support NCHW.");
    if ((st = aclemu_check_shape(api, input, "input", 8)) || (st = aclemu_check_shape(api, output, "output", 8)) ||
        (st = aclemu_check_same_shape(api, output, "output", input, "input")))
        return st;
    const aclemu_dtype_set f32 = ACLEMU_DT(ACL_FLOAT);
    if ((st = nn_dtype_opt(api, weight, "weight", f32)) || (st = nn_dtype_opt(api, bias, "bias", f32)) ||
        (st = aclemu_check_dtype(api, mean, "mean", f32)) || (st = aclemu_check_dtype(api, var, "var", f32)))
        return st;
    /* the op_api reads view dim 1 whatever the rank (a missing dim reads as 0) */
    const int64_t C = input->ndim >= 2 ? input->shape[1] : 0;
    if ((st = qbn_channel_vec(api, weight, "weight", C)) || (st = qbn_channel_vec(api, bias, "bias", C)) ||
        (st = qbn_channel_vec(api, mean, "mean", C)) || (st = qbn_channel_vec(api, var, "var", C)))
        return st;
    if ((st = aclemu_check_dtype_value(api, inputScale->dtype, "inputScale", f32)) ||
        (st = aclemu_check_dtype_value(api, inputZeroPoint->dtype, "inputZeroPoint", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype_value(api, outputScale->dtype, "outputScale", f32)) ||
        (st = aclemu_check_dtype_value(api, outputZeroPoint->dtype, "outputZeroPoint", ACLEMU_DT(ACL_INT32))))
        return st;
    if (input->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "input should be 4-D (NCHW), but got %u dims.", input->ndim);
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    /* the tiling (node QuantizedBatchNorm) */
    if (input->format != ACL_FORMAT_NCHW)
        return QBN_TILING(api, "Not supported x format");
    /* the kernel writes x's dtype; ViewCopy into a different output dtype fails */
    if (output->dtype != input->dtype)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "ViewCopy: output dtype %s differs from the result's dtype %s.",
                               aclemu_dtype_name(output->dtype), aclemu_dtype_name(input->dtype));
    const int64_t N = input->shape[0], S = input->shape[2] * input->shape[3];
    nn_stage sx, sm, sv, sw, sb, sy;
    if ((st = nn_stage_in(executor, input, NULL, -1, &sx)) || (st = nn_stage_in(executor, mean, NULL, -1, &sm)) ||
        (st = nn_stage_in(executor, var, NULL, -1, &sv)) || (st = nn_stage_in(executor, weight, NULL, -1, &sw)) ||
        (st = nn_stage_in(executor, bias, NULL, -1, &sb)) || (st = nn_stage_out(executor, output, NULL, -1, &sy)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)C, (uint64_t)(N * S), &bd, &per);
    quantized_batch_norm_args *a =
        (quantized_batch_norm_args *)aclemu_exec_add_launch(executor, "QuantizedBatchNorm", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->N = N;
    a->C = C;
    a->S = S;
    a->ch_per_block = (int64_t)per;
    a->eps = epsilon;
    a->in_scale = (float)aclemu_scalar_to_f64(inputScale);
    a->out_scale = (float)aclemu_scalar_to_f64(outputScale);
    a->in_zp = (int32_t)aclemu_scalar_to_i64(inputZeroPoint);
    a->out_zp = (int32_t)aclemu_scalar_to_i64(outputZeroPoint);
    if ((st = nn_stage_bind(executor, a, &a->x, &sx)) || (st = nn_stage_bind(executor, a, &a->mean, &sm)) ||
        (st = nn_stage_bind(executor, a, &a->var, &sv)) || (st = nn_stage_bind(executor, a, &a->w, &sw)) ||
        (st = nn_stage_bind(executor, a, &a->b, &sb)) || (st = nn_stage_bind(executor, a, &a->y, &sy)))
        return st;
    return nn_stage_out_finish(executor, &sy);
}
