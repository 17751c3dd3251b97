/* aclnnSyncBnTrainingUpdateV2 (ops-nn experimental; the aclnn is generated from the op definition,
 * kernel for ascend910b only): every operand FLOAT, ND (161002). Tiling (561002): an empty x1
 * fails; beyond the real tiling (which reads dims 0..3 of x1) x1 must be 4-D [N, C, H, W], y1Out
 * of its shape and x2 / x3 / y2Out / y3Out hold C values. The real kernel's epsilon is 1e-6 (the
 * README says about 1e-5), the variance is the biased one and momentum (a FLOAT attribute) weighs
 * the old running value. Runs the BatchNorm kernel in training mode without weight / bias with
 * momentum 1 - momentum and the biased running-variance update. */
#include "aclemu_plans.h"
#include "batch_norm_plan.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR

aclnnStatus aclemu_plan_SyncBnTrainingUpdateV2(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *x3, double momentum, const aclTensor *y1Out,
                                               const aclTensor *y2Out, const aclTensor *y3Out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[6] = {x1, x2, x3, y1Out, y2Out, y3Out};
    const char *names[6] = {"x1", "x2", "x3", "y1Out", "y2Out", "y3Out"};
    aclnnStatus st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ts[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_dtype(api, ts[i], names[i], ACLEMU_DT(ACL_FLOAT))))
            return st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_format(api, ts[i], names[i])) || (st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    if (aclemu_tensor_numel(x1) == 0)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "x1 should not be empty.");
    if (x1->ndim != 4)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "x1 dim num %u should be 4 ([N, C, H, W]).",
                               x1->ndim);
    if ((st = nr_same_shape(api, TILING, x1, "x1", y1Out, "y1Out")))
        return st;
    int64_t N = x1->shape[0], C = x1->shape[1], S = x1->shape[2] * x1->shape[3];
    for (int i = 1; i < 6; i++)
        if (i != 3 && aclemu_tensor_numel(ts[i]) != C) {
            char s[128];
            return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "%s shape %s should hold C (%lld) values.",
                                   names[i], aclemu_shape_str(ts[i]->shape, ts[i]->ndim, s, sizeof s), (long long)C);
        }
    bn_fwd_ops o = {x1, NULL, NULL, x2, x3, y2Out, y3Out, y1Out, NULL, NULL};
    return bn_fwd_launch(executor, &o, NULL, N, C, S, 1, 1.0 - (double)(float)momentum, (double)1e-6f, 0, 1);
}
