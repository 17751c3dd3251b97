/* aclnnApplyFusedEmaAdam on the elementwise optimizer kernel (optim_ew, rule OE_FUSED_EMA_ADAM).
 * Generated from the op definition (ascend910b / 910_93), so: nulls in prototype order (161001)
 * -> the chip (161002 off A2 / A3) -> the definition's dtypes: grad FLOAT / FLOAT16 / BFLOAT16,
 * var / m / v / s of grad's, step INT64 (161002) -> ND formats, ranks up to 8 -> the tiling's
 * refusal (561002) of var / m / v / s of other than grad's shape. step is read at element 0 (the
 * doc asks for [1], but nothing checks it: the official example passes a [2, 2] step); here an
 * empty step is refused with the same code. The attributes are floats. An
 * empty grad launches nothing. */
#include <string.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "optim_ew_plan.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static const oe_spec kSpec = {OE_FUSED_EMA_ADAM, NN_CHIP(ACLEMU_FAMILY_A2) | NN_CHIP(ACLEMU_FAMILY_A3), NN_FLOATS,
                              1u << 5, 6, 4, 1, {"varRef", "mRef", "vRef", "sRef", "grad", "step"}, {NULL}};

aclnnStatus aclemu_plan_ApplyFusedEmaAdam(aclOpExecutor *executor, const aclTensor *grad, aclTensor *varRef,
                                          aclTensor *mRef, aclTensor *vRef, aclTensor *sRef, const aclTensor *step,
                                          double lr, double emaDecay, double beta1, double beta2, double eps,
                                          int64_t mode, bool biasCorrection, double weightDecay)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[6] = {grad, varRef, mRef, vRef, sRef, step};
    static const char *const ns[6] = {"grad", "varRef", "mRef", "vRef", "sRef", "step"};
    aclnnStatus st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, kSpec.chips)) || (st = aclemu_check_dtype(api, grad, "grad", NN_FLOATS)))
        return st;
    for (int i = 1; i < 5; i++)
        if ((st = aclemu_check_same_dtype(api, grad, "grad", ts[i], ns[i])))
            return st;
    if ((st = aclemu_check_dtype(api, step, "step", ACLEMU_DT(ACL_INT64))))
        return st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], 8)))
            return st;
    for (int i = 1; i < 5; i++)
        if (ts[i]->ndim != grad->ndim || memcmp(ts[i]->shape, grad->shape, grad->ndim * sizeof(int64_t)) != 0) {
            char s0[256], s1[256];
            return TILING_ERROR(api, "grad, var, m, v and s should have the same shape, but %s is %s and grad %s.",
                                ns[i], aclemu_shape_str(ts[i]->shape, ts[i]->ndim, s0, sizeof s0),
                                aclemu_shape_str(grad->shape, grad->ndim, s1, sizeof s1));
        }
    if (aclemu_tensor_numel(step) < 1)
        return TILING_ERROR(api, "step should hold an element, but is empty.");
    if (aclemu_tensor_numel(grad) == 0)
        return ACLNN_SUCCESS;
    const aclTensor *in[6] = {varRef, mRef, vRef, sRef, grad, step};
    double s[6] = {(float)lr, (float)emaDecay, (float)beta1, (float)beta2, (float)eps, (float)weightDecay};
    return oe_launch(executor, &kSpec, in, NULL, s, 6, (mode == 1 ? 1 : 0) | (biasCorrection ? 2 : 0));
}
