/* aclnnBnInferGrad (ops-nn experimental; the aclnn is generated from the op definition, kernel for
 * ascend910b only): grads / xBackpropOut FLOAT, FLOAT16 or BF16 of one dtype in ND, NCHW, NHWC or
 * NC1HWC0, scale / batchVariance FLOAT ND (161002). Tiling (561002): an empty grads runs nothing;
 * the layout is NC1HWC0 when grads is 5-D, else formatMode 1 NHWC, 2 NC1HWC0 (needs 5-D), anything
 * else NCHW; NCHW / NHWC need rank >= 4, the channel count must be > 0. Beyond the real tiling,
 * scale and batchVariance must hold one value per channel (the kernel reads that many) and
 * xBackpropOut must have grads' shape (infershape). Runs the BatchNormGrad kernel in inference
 * mode without a mean: channel-last NHWC and the (N, C1, H, W, C0) blocks are seen channel-first
 * ((N, C1, C0, H, W) is channel c1 * C0 + c0). */
#include "aclemu_plans.h"
#include "batch_norm_grad_plan.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR

static aclnnStatus check_grads_format(const char *api, const aclTensor *t, const char *name)
{
    if (t->format == ACL_FORMAT_ND || t->format == ACL_FORMAT_NCHW || t->format == ACL_FORMAT_NHWC ||
        t->format == ACL_FORMAT_NC1HWC0)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s format %d should be ND, NCHW, NHWC or NC1HWC0.", name, (int)t->format);
}

aclnnStatus aclemu_plan_BnInferGrad(aclOpExecutor *executor, const aclTensor *grads, const aclTensor *scale,
                                    const aclTensor *batchVariance, double epsilon, int64_t formatMode,
                                    const aclTensor *xBackpropOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, grads, "grads")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, batchVariance, "batchVariance")) ||
        (st = aclemu_check_notnull(api, xBackpropOut, "xBackpropOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, grads, "grads", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, scale, "scale", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, batchVariance, "batchVariance", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, grads, "grads", xBackpropOut, "xBackpropOut")))
        return st;
    if ((st = check_grads_format(api, grads, "grads")) || (st = check_grads_format(api, xBackpropOut, "xBackpropOut")) ||
        (st = aclemu_check_format(api, scale, "scale")) || (st = aclemu_check_format(api, batchVariance, "batchVariance")))
        return st;
    const aclTensor *ts[4] = {grads, scale, batchVariance, xBackpropOut};
    const char *names[4] = {"grads", "scale", "batchVariance", "xBackpropOut"};
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    if ((st = nr_same_shape(api, TILING, grads, "grads", xBackpropOut, "xBackpropOut")))
        return st;
    if (aclemu_tensor_numel(grads) == 0)
        return ACLNN_SUCCESS;
    uint32_t r = grads->ndim;
    int mode = r == 5 ? 2 : formatMode == 1 ? 1 : formatMode == 2 ? 2 : 0;
    int32_t perm[ACLEMU_MAX_RANK];
    const int32_t *pp = NULL;
    int64_t N, C, S;
    if (mode == 2) {
        if (r < 5)
            return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "grads dim num %u should be 5 for NC1HWC0.", r);
        static const int32_t nc1c0hw[5] = {0, 1, 4, 2, 3};
        pp = nc1c0hw;
        N = grads->shape[0];
        C = grads->shape[1] * grads->shape[4];
        S = grads->shape[2] * grads->shape[3];
    } else {
        if (r < 4)
            return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "grads dim num %u should be at least 4 for %s.",
                                   r, mode == 1 ? "NHWC" : "NCHW");
        N = grads->shape[0];
        if (mode == 1) {
            perm[0] = 0;
            perm[1] = (int32_t)r - 1;
            for (uint32_t i = 2; i < r; i++)
                perm[i] = (int32_t)i - 1;
            pp = perm;
            C = grads->shape[r - 1];
            S = nn_prod(grads->shape, 1, r - 1);
        } else {
            C = grads->shape[1];
            S = nn_prod(grads->shape, 2, r);
        }
    }
    if (aclemu_tensor_numel(scale) != C || aclemu_tensor_numel(batchVariance) != C) {
        char a[128], b[128];
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api,
                               "scale shape %s and batchVariance shape %s should hold one value per channel (%lld).",
                               aclemu_shape_str(scale->shape, scale->ndim, a, sizeof a),
                               aclemu_shape_str(batchVariance->shape, batchVariance->ndim, b, sizeof b), (long long)C);
    }
    bn_grad_ops o = {grads, NULL, scale, NULL, batchVariance, NULL, NULL, xBackpropOut, NULL, NULL};
    return bn_grad_launch(executor, &o, pp, N, C, S, 0, 0, (double)(float)epsilon);
}
