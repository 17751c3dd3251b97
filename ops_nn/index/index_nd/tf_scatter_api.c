/* The TF-style scatters on the IndexNd kernel with a reduction: aclnnScatterMax / Min / Mul / Div
 * (ops-nn index/scatter_max ..., aclnn generated from the op definitions: 950 only; var and
 * updates FLOAT16, FLOAT, INT32, INT8, UINT8, indices INT32 / INT64, updates = indices.shape +
 * varRef.shape[1:]; useLocking has no effect: updates are applied one at a time in index
 * order) and aclnnTfScatterAdd (index/tf_scatter_add/op_api, checks in the real order: null ->
 * dtypes (FLOAT, FLOAT16, BF16, INT32, INT8, UINT8 on 910 / A2 / A3 / 950, none elsewhere;
 * indices INT32 / INT64; updates of varRef's) -> the scatter_add shape rule or else the
 * scatter_nd_add one). Index values are range-checked by the kernel before anything is written. */
#include "aclemu_plans.h"
#include "index_nd_args.h"
#include "index_nd_launch.h"

#define DT(x) ACLEMU_DT(ACL_##x)

/* updates = indices.shape + var.shape[1:] (the real CheckShapeForScatterAdd); 0 when not met,
 * with the message in *msg. */
static int scatter_add_shape(const aclTensor *var, const aclTensor *indices, const aclTensor *updates, const char **msg)
{
    uint32_t v = var->ndim, q = indices->ndim;
    if (updates->ndim != q + v - 1) {
        *msg = "updatesDimNum must have the same number of indicesDimNum add varDimNum - 1.";
        return 0;
    }
    for (uint32_t i = 0; i < q; i++)
        if (updates->shape[i] != indices->shape[i]) {
            *msg = "updatesShape must have the same number of indicesShape.";
            return 0;
        }
    for (uint32_t i = 1; i < v; i++)
        if (updates->shape[i + q - 1] != var->shape[i]) {
            *msg = "updatesShape must have the same number of varShape.";
            return 0;
        }
    return 1;
}

static aclnnStatus check_ranks(const char *api, const aclTensor *var, const aclTensor *indices, const aclTensor *updates)
{
    const aclTensor *ts[3] = {var, indices, updates};
    const char *names[3] = {"varRef", "indices", "updates"};
    aclnnStatus st;
    for (int i = 0; i < 3; i++) {
        if (ts[i]->ndim < 1)
            return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be at least 1.", names[i], ts[i]->ndim);
        if ((st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus plan_tf(aclOpExecutor *ex, aclTensor *var, const aclTensor *indices, const aclTensor *updates, int reduce)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, var, "varRef")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, updates, "updates")) || (st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set list = DT(FLOAT16) | DT(FLOAT) | DT(INT32) | DT(INT8) | DT(UINT8);
    if ((st = aclemu_check_dtype(api, var, "varRef", list)) || (st = aclemu_check_dtype(api, indices, "indices", DT(INT32) | DT(INT64))) ||
        (st = aclemu_check_same_dtype(api, var, "varRef", updates, "updates")) || (st = check_ranks(api, var, indices, updates)))
        return st;
    const char *msg;
    if (!scatter_add_shape(var, indices, updates, &msg))
        return ACLEMU_PARAM_ERROR(api, "%s", msg);
    if (aclemu_tensor_numel(var) == 0 || aclemu_tensor_numel(indices) == 0)
        return ACLNN_SUCCESS;
    return index_nd_launch(ex, INDEX_ND_UPDATE, reduce, var, indices, updates, 0, 1);
}

aclnnStatus aclemu_plan_ScatterMax(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *indices,
                                   const aclTensor *updates, bool useLocking)
{
    (void)useLocking;
    return plan_tf(executor, varRef, indices, updates, INDEX_ND_MAX);
}

aclnnStatus aclemu_plan_ScatterMin(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *indices,
                                   const aclTensor *updates, bool useLocking)
{
    (void)useLocking;
    return plan_tf(executor, varRef, indices, updates, INDEX_ND_MIN);
}

aclnnStatus aclemu_plan_ScatterMul(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *indices,
                                   const aclTensor *updates, bool useLocking)
{
    (void)useLocking;
    return plan_tf(executor, varRef, indices, updates, INDEX_ND_MUL);
}

aclnnStatus aclemu_plan_ScatterDiv(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *indices,
                                   const aclTensor *updates, bool useLocking)
{
    (void)useLocking;
    return plan_tf(executor, varRef, indices, updates, INDEX_ND_DIV);
}

aclnnStatus aclemu_plan_TfScatterAdd(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *indices,
                                     const aclTensor *updates)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, varRef, "varRef")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, updates, "updates")))
        return st;
    int f = aclemu_op_profile()->family;
    aclemu_dtype_set list = f == ACLEMU_FAMILY_950 || f == ACLEMU_FAMILY_910A || f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3
                                ? DT(FLOAT) | DT(FLOAT16) | DT(BF16) | DT(INT32) | DT(INT8) | DT(UINT8) : 0;
    if ((st = aclemu_check_dtype(api, varRef, "varRef", list)) || (st = aclemu_check_dtype(api, indices, "indices", DT(INT64) | DT(INT32))))
        return st;
    if (updates->dtype != varRef->dtype)
        return ACLEMU_PARAM_ERROR(api, "updates dtype %s should be in same with varRef dtype %s.", aclemu_dtype_name(updates->dtype),
                                  aclemu_dtype_name(varRef->dtype));
    if ((st = check_ranks(api, varRef, indices, updates)))
        return st;
    if (varRef->shape[0] == 0 && aclemu_tensor_numel(indices) != 0)
        return ACLEMU_PARAM_ERROR(api, "when varRef.shape[0] = 0, indices tensor must be empty.");
    const char *msg;
    int32_t K = 1;
    if (!scatter_add_shape(varRef, indices, updates, &msg)) {
        /* the scatter_nd_add rule: updates = indices.shape[:-1] + var.shape[K:] */
        int64_t q = (int64_t)indices->ndim, v = (int64_t)varRef->ndim, k = indices->shape[q - 1];
        if (k < 0 || k > v) /* negative: a huge size_t in the real code */
            return ACLEMU_PARAM_ERROR(api, "indices.shape[-1] must less than or equal to varRefDimNum.");
        if ((__int128)updates->ndim != (__int128)q - 1 + v - k) /* 128-bit: k is a user dim of any size */
            return ACLEMU_PARAM_ERROR(api, "updatesDimNum must have the same number of indicesDimNum - 1 add varDimNum - rankSize.");
        for (int64_t i = 0; i < q - 1; i++)
            if (updates->shape[i] != indices->shape[i])
                return ACLEMU_PARAM_ERROR(api, "updatesShape must have the same number of indicesShape.");
        for (int64_t i = 0; i < v - k; i++)
            if (updates->shape[i + q - 1] != varRef->shape[i + k])
                return ACLEMU_PARAM_ERROR(api, "updatesShape must have the same number of varShape.");
        if (k < 1)
            return ACLEMU_PARAM_ERROR(api, "indices.shape[-1] %lld should be at least 1.", (long long)k);
        K = (int32_t)k;
    }
    if (aclemu_tensor_numel(varRef) == 0 || aclemu_tensor_numel(indices) == 0 || aclemu_tensor_numel(updates) == 0)
        return ACLNN_SUCCESS;
    return index_nd_launch(executor, INDEX_ND_UPDATE, INDEX_ND_ADD, varRef, indices, updates, 0, K);
}
