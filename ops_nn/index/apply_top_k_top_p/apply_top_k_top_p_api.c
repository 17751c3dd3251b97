/* aclnnApplyTopKTopP (ops-nn index/apply_top_k_top_p_with_sorted/op_api), checks in its order:
 *  - null logits (161001); p and k both null only logs its message — the real check does not
 *    fail — and then no filter applies (out = logits); null out (161001);
 *  - dtypes (161002): logits FLOAT / FLOAT16 / BFLOAT16 (the chip rule), p of that list, k
 *    INT32, out of the list; p and out of logits' dtype;
 *  - shapes (161002): logits 2-D, out of logits' shape, p and k 1-D of logits.size(0);
 *  - formats (161002): ND.
 * An empty logits / p / k runs nothing. A last dim of 1 copies logits (no sort). The 910 / 310P
 * / 310B have no kernel (361001). */
#include "aclemu_plans.h"
#include "apply_top_k_top_p_args.h"
#include "nn_check.h"

#define TKTP_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

static aclnnStatus chk_nd(const char *api, const aclTensor *t, const char *name)
{
    if (t && t->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "%s format only support ND", name);
    return ACLNN_SUCCESS;
}

static aclnnStatus chk_vec(const char *api, const aclTensor *t, const char *name, int64_t rows)
{
    if (!t)
        return ACLNN_SUCCESS;
    if (t->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "%s should be 1-D, but it has %u dims.", name, t->ndim);
    if (t->shape[0] != rows)
        return ACLEMU_PARAM_ERROR(api, "expected %s.size(0) is equal to logits.size(0), but got %lld.", name,
                                  (long long)t->shape[0]);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ApplyTopKTopP(aclOpExecutor *executor, const aclTensor *logits, const aclTensor *p,
                                      const aclTensor *k, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, logits, "logits")))
        return st;
    if (!p && !k)
        aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                        "The inputs, p and k, should not be nullptr at the same time.");
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, logits, "logits", TKTP_DTYPES)) || (st = nn_dtype_opt(api, p, "p", TKTP_DTYPES)) ||
        (st = nn_dtype_opt(api, k, "k", ACLEMU_DT(ACL_INT32))) || (st = aclemu_check_dtype(api, out, "out", TKTP_DTYPES)) ||
        (p && (st = aclemu_check_same_dtype(api, logits, "logits", p, "p"))) ||
        (st = aclemu_check_same_dtype(api, logits, "logits", out, "out")))
        return st;
    if (logits->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "logits should be 2-D, but it has %u dims.", logits->ndim);
    if ((st = aclemu_check_shape(api, logits, "logits", 2)) || (st = aclemu_check_same_shape(api, logits, "logits", out, "out")) ||
        (st = chk_vec(api, p, "p", logits->shape[0])) || (st = chk_vec(api, k, "k", logits->shape[0])))
        return st;
    if ((st = chk_nd(api, logits, "logits")) || (st = chk_nd(api, p, "p")) || (st = chk_nd(api, k, "k")) ||
        (st = chk_nd(api, out, "out")))
        return st;
    if (aclemu_tensor_numel(logits) == 0 || (p && aclemu_tensor_numel(p) == 0) || (k && aclemu_tensor_numel(k) == 0))
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if (logits->shape[1] == 1 || (!p && !k)) {
        const aclTensor *in[1] = {logits};
        aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), out, in, 1, &st);
        return st;
    }
    if (logits->shape[1] > 0xffffffffll)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "rows of more than 2^32 logits are not supported.");
    int64_t V = logits->shape[1];
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)logits->shape[0], aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(4096 / (V + 1) + 1),
                   1, &bd, &per);
    topktopp_args *a = aclemu_exec_add_launch(executor, "ApplyTopKTopP", bd, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->rows = logits->shape[0];
    a->cols = V;
    a->rows_per_block = (int64_t)per;
    a->ws_per_block = (V * 12 + 63) / 64 * 64;
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)a->ws_per_block * bd);
    if ((st = aclemu_exec_tdesc(executor, a, &a->logits, logits)) || (st = aclemu_exec_tdesc(executor, a, &a->out, out)) ||
        (p && (st = aclemu_exec_tdesc(executor, a, &a->p, p))) || (k && (st = aclemu_exec_tdesc(executor, a, &a->k, k))))
        return st;
    return aclemu_exec_bind_workspace(executor, a, &a->ws, ws);
}
