/* aclnnCalculateConvolutionWeightSize and aclnnTransConvolutionWeight (ops-math trans_data, Ascend
 * 310P only): the FRACTAL_Z FLOAT16 weight a host program prepares once for aclnnConvolution.
 * The layout (GE's FRACTAL_Z with groups) is in ../common/conv_fz_args.h; the checks follow the
 * real op_api in order and with its messages. Stage 2 packs weightIn (any strides, FLOAT16 or
 * FLOAT rounded to FLOAT16) into the workspace (ConvFz PACK) and copies the packed weight over
 * weightOut's memory (CubeNz COPY): like the real Cast -> TransData -> ViewCopy chain it works
 * whatever weightIn and weightOut share. weightOut then describes FRACTAL_Z storage of the FZ
 * shape, its view the NCHW shape of weightIn — what aclnnConvolution accepts on the 310P. */
#include "aclemu_plans.h" /* generated: the planner and the size function's prototype */
#include "conv_common.h"

#define TCW_DIMS 4
#define TCW_MAX_GROUPS 65535

/* CheckParams of the real op_api: rank, transposed, groups, chip. */
static aclnnStatus tcw_check_params(const char *api, uint64_t dims, bool transposed, int64_t groups)
{
    if (dims != TCW_DIMS)
        return ACLEMU_PARAM_ERROR(api, "only support 4 dim tensorShape, but got dim %lu.", (unsigned long)dims);
    if (transposed)
        return ACLEMU_PARAM_ERROR(api, "only support nontranspose convolution, now transpose is %d.", (int)transposed);
    if (groups == 0)
        return ACLEMU_PARAM_ERROR(api, "only support groups larger than 0, now groups is %lu.", (unsigned long)groups);
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_310P)
        return ACLEMU_PARAM_ERROR(api, "only support ascend310P, now soc is %s.", aclemu_op_profile()->short_soc_version);
    return ACLNN_SUCCESS;
}

/* The groups l0op::TransData lays out: at most 65535 (TransDataFzToDst); a negative value has no
 * FRACTAL_Z sub-format (the real merged format would be garbage), refused the same way. */
static aclnnStatus tcw_check_groups(const char *api, int64_t groups)
{
    if (groups > TCW_MAX_GROUPS)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "The groups %lld is larger than the max groups 65535!", (long long)groups);
    if (groups < 0)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "The groups %lld is invalid: TransData to FRACTAL_Z needs groups in [1, 65535].",
                               (long long)groups);
    return ACLNN_SUCCESS;
}

static aclnnStatus tcw_too_large(const char *api, const char *name, const int64_t *dims)
{
    char s[160];
    return ACLEMU_PARAM_ERROR(api, "%s %s is invalid: its FRACTAL_Z size must fit in int64.", name,
                              aclemu_shape_str(dims, TCW_DIMS, s, sizeof s));
}

ACLNN_API aclnnStatus aclnnCalculateConvolutionWeightSize(const aclIntArray *tensorShape, bool transposed,
                                                          int64_t groups, aclDataType dataType,
                                                          uint64_t *weightTensorSize)
{
    const char *api = "aclnnCalculateConvolutionWeightSize";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensorShape, "tensorShape")))
        return st;
    if (!weightTensorSize)
        return ACLEMU_NULL_ERROR(api, "expected a value of type number for argument weightTensorSize but instead found "
                                      "type null.");
    if ((st = tcw_check_params(api, tensorShape->size, transposed, groups)))
        return st;
    if (dataType != ACL_FLOAT16)
        return ACLEMU_PARAM_ERROR(api, "only support datatype is float16, now datatype is %d.", (int)dataType);
    for (size_t i = 0; i < TCW_DIMS; i++) {
        int64_t d = tensorShape->data[i];
        if (d < 0)
            return ACLEMU_PARAM_ERROR(api, "tensorShape dim[%zu] must be non-negative, but got %ld.", i, (long)d);
        if (d == 0) {
            *weightTensorSize = 0;
            return ACLNN_SUCCESS;
        }
    }
    if ((st = tcw_check_groups(api, groups)))
        return st;
    conv_fz_geom g;
    if (conv_fz_geometry(&g, tensorShape->data, groups) != 0)
        return tcw_too_large(api, "tensorShape", tensorShape->data);
    *weightTensorSize = (uint64_t)g.numel;
    return ACLNN_SUCCESS;
}

/* CheckTensor of the real op_api. weightOut may already be a FRACTAL_Z weight of an earlier
 * conversion: its view is NCHW (the real tensor keeps view format NCHW, storage FRACTAL_Z). */
static aclnnStatus tcw_check_tensors(const char *api, const aclTensor *in, const aclTensor *out)
{
    if (in->dtype != ACL_FLOAT16 && in->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "only support weightIn datatype is float16/float32, now datatype is %s.",
                                  aclemu_dtype_name(in->dtype));
    if (out->dtype != ACL_FLOAT16)
        return ACLEMU_PARAM_ERROR(api, "only support weightOut datatype is float16, now datatype is %s.",
                                  aclemu_dtype_name(out->dtype));
    if (in->format != ACL_FORMAT_NCHW)
        return ACLEMU_PARAM_ERROR(api, "only support weightIn format is NCHW, now format is %s.",
                                  aclemu_format_name(in->format));
    if (out->format != ACL_FORMAT_NCHW && !(out->format == ACL_FORMAT_FRACTAL_Z && out->ndim == TCW_DIMS))
        return ACLEMU_PARAM_ERROR(api, "only support weightOut format is NCHW, now format is %s.",
                                  aclemu_format_name(out->format));
    if (!aclemu_tensor_is_contiguous(out))
        return ACLEMU_PARAM_ERROR(api, "only support weightOut tensor is contiguous.");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_TransConvolutionWeight(aclOpExecutor *ex, const aclTensor *weightIn, bool transposed,
                                               const int64_t groups, aclTensor *weightOut)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, weightIn, "weightIn")) ||
        (st = aclemu_check_notnull(api, weightOut, "weightOut")) ||
        (st = tcw_check_params(api, weightIn->ndim, transposed, groups)) ||
        (st = tcw_check_tensors(api, weightIn, weightOut)))
        return st;
    int in_empty = aclemu_tensor_numel(weightIn) == 0, out_empty = aclemu_tensor_numel(weightOut) == 0;
    if (in_empty || out_empty) {
        if (in_empty != out_empty)
            return ACLEMU_PARAM_ERROR(api, "weightIn and weightOut should both be empty or non-empty, but got weightIn "
                                           "empty=%d, weightOut empty=%d.",
                                      in_empty, out_empty);
        return ACLNN_SUCCESS; /* workspace 0, nothing to run */
    }
    if ((st = aclemu_check_shape(api, weightIn, "weightIn", TCW_DIMS)) || (st = tcw_check_groups(api, groups)))
        return st;
    conv_fz_geom g;
    if (conv_fz_geometry(&g, weightIn->shape, groups) != 0)
        return tcw_too_large(api, "weightIn", weightIn->shape);
    const uint64_t bytes = (uint64_t)g.numel * 2;
    if (!weightOut->data)
        return ACLEMU_NULL_ERROR(api, "a tensor device address should not be nullptr.");
    if ((st = aclemu_check_device_bytes(api, weightOut, "weightOut", bytes)))
        return st;

    /* 1. weightIn -> FRACTAL_Z FLOAT16 in the workspace */
    int64_t ws = (int64_t)aclemu_exec_alloc_workspace(ex, bytes);
    if ((st = conv_fz_launch(ex, CONV_FZ_PACK, weightIn, ws, &g)))
        return st;
    /* 2. weightOut now describes the FZ storage, its view the NCHW weight (the real op sets the
       storage format / shape and gives the view weightIn's original shape) ... */
    weightOut->format = ACL_FORMAT_FRACTAL_Z;
    weightOut->ndim = TCW_DIMS;
    for (int i = TCW_DIMS - 1; i >= 0; i--) {
        weightOut->shape[i] = weightIn->shape[i];
        weightOut->stride[i] = i == TCW_DIMS - 1 ? 1 : weightOut->stride[i + 1] * weightIn->shape[i + 1];
        weightOut->storage_shape[i] = g.shape[i];
    }
    weightOut->storage_ndim = TCW_DIMS;
    /* 3. ... and receives the packed weight (bound now, so that the memory checker sees the
       storage the copy writes) */
    return cube_launch_ws_to_tensor(ex, weightOut, ws, (int64_t)bytes);
}
