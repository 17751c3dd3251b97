/* aclnnSoftmaxCrossEntropyWithLogits (ops-nn activation/softmax_cross_entropy_with_logits,
 * aclnn_softmax_cross_entropy_with_logits.cpp), checks in the real order: null features,
 * labels, loss, backprop; each dtype in FLOAT16, FLOAT (+ BF16 on A2 / A3 / 950); loss and
 * backprop of features' dtype; ranks <= 8; features and labels 2-d ("dimNum is %ld, must be 2").
 * The real op_api stops there and its ViewCopy refuses wrong output shapes later; we refuse
 * them in stage 1 (the docs: labels and backprop of features' shape, loss of (N)). Empty
 * features or labels: nothing to run. */
#include "aclemu_plans.h"
#include "sce_args.h"

static aclemu_dtype_set dtypes(void)
{
    int fam = aclemu_op_profile()->family;
    aclemu_dtype_set d = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT);
    if (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3 || fam == ACLEMU_FAMILY_950)
        d |= ACLEMU_DT(ACL_BF16);
    return d;
}

aclnnStatus aclemu_plan_SoftmaxCrossEntropyWithLogits(aclOpExecutor *executor, const aclTensor *features,
                                                      aclTensor *labels, aclTensor *loss, aclTensor *backprop)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, features, "features")) || (st = aclemu_check_notnull(api, labels, "labels")) ||
        (st = aclemu_check_notnull(api, loss, "loss")) || (st = aclemu_check_notnull(api, backprop, "backprop")))
        return st;
    aclemu_dtype_set d = dtypes();
    if ((st = aclemu_check_dtype(api, features, "features", d)) || (st = aclemu_check_dtype(api, labels, "labels", d)) ||
        (st = aclemu_check_dtype(api, loss, "loss", d)) || (st = aclemu_check_dtype(api, backprop, "backprop", d)) ||
        (st = aclemu_check_same_dtype(api, features, "features", loss, "loss")) ||
        (st = aclemu_check_same_dtype(api, features, "features", backprop, "backprop")))
        return st;
    if ((st = aclemu_check_shape(api, features, "features", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, labels, "labels", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, loss, "loss", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, backprop, "backprop", ACLEMU_MAX_RANK)))
        return st;
    if (features->ndim != 2 || labels->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "dimNum is %u, must be 2, but check failed.",
                                  features->ndim != 2 ? features->ndim : labels->ndim);
    if ((st = aclemu_check_same_shape(api, features, "features", labels, "labels")) ||
        (st = aclemu_check_same_shape(api, features, "features", backprop, "backprop")))
        return st;
    if (loss->ndim != 1 || loss->shape[0] != features->shape[0]) {
        char b[160];
        return ACLEMU_PARAM_ERROR(api, "loss shape %s should be [%lld].", aclemu_shape_str(loss->shape, loss->ndim, b, sizeof b),
                                  (long long)features->shape[0]);
    }
    if (aclemu_tensor_numel(features) == 0 || aclemu_tensor_numel(labels) == 0)
        return ACLNN_SUCCESS;
    uint64_t rows = (uint64_t)features->shape[0];
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (rows + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((rows + per - 1) / per);
    sce_args *a = aclemu_exec_add_launch(executor, "SoftmaxCrossEntropyWithLogits", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->features, features)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->labels, labels)) || (st = aclemu_exec_tdesc(executor, a, &a->loss, loss)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->backprop, backprop)))
        return st;
    a->rows_per_block = per;
    return ACLNN_SUCCESS;
}
