/* aclnnRecurrentGatedDeltaRule (ops-transformer attention/recurrent_gated_delta_rule,
 * aclnn_recurrent_gated_delta_rule.cpp and docs), A2 / A3:
 *  - null query, key, value, stateRef, beta, actualSeqLengths, ssmStateIndices, out; gk must be
 *    null ("not supported in the current version");
 *  - dtypes: query / key / value / beta / stateRef / out BFLOAT16, actualSeqLengths /
 *    ssmStateIndices / numAcceptedTokens INT32, g FLOAT;
 *  - shapes (docs): query, key (T, Nk, Dk); value, out (T, Nv, Dv); beta, g (T, Nv); stateRef
 *    (BlockNum, Nv, Dv, Dk); actualSeqLengths, numAcceptedTokens (B); ssmStateIndices (T);
 *    Nv a multiple of Nk; Nk, Nv, Dk, Dv <= 256.
 * The values (lengths summing to T, each <= 8; state indices within BlockNum; accepted counts
 * in [1, length]) live on the device and are checked by the kernel before it writes. */
#include "aclemu_plans.h"
#include "rgdr_args.h"

static aclnnStatus dims(const char *api, const aclTensor *t, const char *name, uint32_t rank, const int64_t *want)
{
    int ok = t->ndim == rank;
    for (uint32_t i = 0; ok && i < rank; i++)
        ok = want[i] < 0 || t->shape[i] == want[i];
    if (ok)
        return ACLNN_SUCCESS;
    char b[160];
    return ACLEMU_PARAM_ERROR(api, "%s's shape %s does not match the expected %u-d shape.", name,
                              aclemu_shape_str(t->shape, t->ndim, b, sizeof b), rank);
}

aclnnStatus aclemu_plan_RecurrentGatedDeltaRule(aclOpExecutor *executor, const aclTensor *query, const aclTensor *key,
                                                const aclTensor *value, const aclTensor *beta, aclTensor *stateRef,
                                                const aclTensor *actualSeqLengths, const aclTensor *ssmStateIndices,
                                                const aclTensor *g, const aclTensor *gk,
                                                const aclTensor *numAcceptedTokens, float scaleValue, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_notnull(api, query, "query")) || (st = aclemu_check_notnull(api, key, "key")) ||
        (st = aclemu_check_notnull(api, value, "value")) || (st = aclemu_check_notnull(api, stateRef, "stateRef")) ||
        (st = aclemu_check_notnull(api, beta, "beta")) ||
        (st = aclemu_check_notnull(api, actualSeqLengths, "actualSeqLengths")) ||
        (st = aclemu_check_notnull(api, ssmStateIndices, "ssmStateIndices")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (gk)
        return ACLEMU_PARAM_ERROR(api, "gk parameter is not supported in the current version");
    const aclemu_dtype_set bf = ACLEMU_DT(ACL_BF16), i32 = ACLEMU_DT(ACL_INT32);
    if ((st = aclemu_check_dtype(api, query, "query", bf)) || (st = aclemu_check_dtype(api, key, "key", bf)) ||
        (st = aclemu_check_dtype(api, value, "value", bf)) || (st = aclemu_check_dtype(api, stateRef, "stateRef", bf)) ||
        (st = aclemu_check_dtype(api, beta, "beta", bf)) ||
        (st = aclemu_check_dtype(api, actualSeqLengths, "actualSeqLengths", i32)) ||
        (st = aclemu_check_dtype(api, ssmStateIndices, "ssmStateIndices", i32)) ||
        (g && (st = aclemu_check_dtype(api, g, "g", ACLEMU_DT(ACL_FLOAT)))) ||
        (numAcceptedTokens && (st = aclemu_check_dtype(api, numAcceptedTokens, "numAcceptedTokens", i32))) ||
        (st = aclemu_check_dtype(api, out, "out", bf)))
        return st;
    if (query->ndim != 3)
        return dims(api, query, "query", 3, (int64_t[]){-1, -1, -1});
    const int64_t T = query->shape[0], Nk = query->shape[1], Dk = query->shape[2];
    if (value->ndim != 3)
        return dims(api, value, "value", 3, (int64_t[]){-1, -1, -1});
    const int64_t Nv = value->shape[1], Dv = value->shape[2];
    if ((st = dims(api, key, "key", 3, (int64_t[]){T, Nk, Dk})) || (st = dims(api, value, "value", 3, (int64_t[]){T, Nv, Dv})) ||
        (st = dims(api, out, "out", 3, (int64_t[]){T, Nv, Dv})) || (st = dims(api, beta, "beta", 2, (int64_t[]){T, Nv})) ||
        (g && (st = dims(api, g, "g", 2, (int64_t[]){T, Nv}))) ||
        (st = dims(api, stateRef, "stateRef", 4, (int64_t[]){-1, Nv, Dv, Dk})) ||
        (st = dims(api, ssmStateIndices, "ssmStateIndices", 1, (int64_t[]){T})) ||
        (st = dims(api, actualSeqLengths, "actualSeqLengths", 1, (int64_t[]){-1})) ||
        (numAcceptedTokens &&
         (st = dims(api, numAcceptedTokens, "numAcceptedTokens", 1, (int64_t[]){actualSeqLengths->shape[0]}))))
        return st;
    if (Nk < 1 || Nv < 1 || Dk < 1 || Dv < 1 || Nk > RGDR_MAX_DIM || Nv > RGDR_MAX_DIM || Dk > RGDR_MAX_DIM ||
        Dv > RGDR_MAX_DIM || Nv % Nk)
        return ACLEMU_PARAM_ERROR(api, "Nk %lld, Nv %lld, Dk %lld, Dv %lld should be in [1, 256] with Nv a multiple of Nk.",
                                  (long long)Nk, (long long)Nv, (long long)Dk, (long long)Dv);
    if (T == 0 || actualSeqLengths->shape[0] == 0 || stateRef->shape[0] == 0)
        return ACLEMU_PARAM_ERROR(api, "empty tensors are not supported (T %lld, B %lld, BlockNum %lld).", (long long)T,
                                  (long long)actualSeqLengths->shape[0], (long long)stateRef->shape[0]);
    uint64_t items = (uint64_t)actualSeqLengths->shape[0] * (uint64_t)Nv;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (items + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((items + per - 1) / per);
    uint64_t scratch = aclemu_exec_alloc_workspace(executor, (uint64_t)blocks * (uint64_t)(Dv * Dk) * 4);
    rgdr_args *a = aclemu_exec_add_launch(executor, "RecurrentGatedDeltaRule", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->q, query)) || (st = aclemu_exec_tdesc(executor, a, &a->k, key)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->v, value)) || (st = aclemu_exec_tdesc(executor, a, &a->beta, beta)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->state, stateRef)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->lens, actualSeqLengths)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->idx, ssmStateIndices)) || (g && (st = aclemu_exec_tdesc(executor, a, &a->g, g))) ||
        (numAcceptedTokens && (st = aclemu_exec_tdesc(executor, a, &a->accepted, numAcceptedTokens))) ||
        (st = aclemu_exec_tdesc(executor, a, &a->out, out)) || (st = aclemu_exec_bind_workspace(executor, a, &a->scratch, scratch)))
        return st;
    a->scale = scaleValue;
    a->items = items;
    a->items_per_block = per;
    return ACLNN_SUCCESS;
}
