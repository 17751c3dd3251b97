/* aclnnTransformBiasRescaleQkv (ops-math math/transform_bias_rescale_qkv, A2 / A3 / 950;
 * generated aclnn layer): null pointers (161001); one dtype for all five tensors, BF16 /
 * FLOAT16 / FLOAT, ND (161002); shapes as the doc's error table lists them (161002): qkv 3-D,
 * qkvBias 1-D of qkv's last dim; then the tiling's checks (561002): numHeads > 0, the last dim a
 * multiple of 3 and of 3 numHeads; here also the outputs (B, numHeads, T, D) (561002). */
#include <string.h>

#include "aclemu_plans.h"
#include "tbrq_args.h"

#define TB_DTYPES (ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT))

static aclnnStatus tiling_error(const char *api, const char *what)
{
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "%s", what);
}

aclnnStatus aclemu_plan_TransformBiasRescaleQkv(aclOpExecutor *executor, const aclTensor *qkv, const aclTensor *qkvBias,
                                                int64_t numHeads, const aclTensor *qOut, const aclTensor *kOut,
                                                const aclTensor *vOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *ts[5] = {qkv, qkvBias, qOut, kOut, vOut};
    const char *ns[5] = {"qkv", "qkvBias", "qOut", "kOut", "vOut"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, qkv, "qkv", TB_DTYPES)))
        return st;
    for (int i = 1; i < 5; i++)
        if ((st = aclemu_check_same_dtype(api, qkv, "qkv", ts[i], ns[i])))
            return st;
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])))
            return st;
    if (qkv->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "qkv should be a 3-D tensor (B, T, 3 * numHeads * dimPerHead), got %u dims.",
                                  qkv->ndim);
    if (qkvBias->ndim != 1 || qkvBias->shape[0] != qkv->shape[2])
        return ACLEMU_PARAM_ERROR(api, "qkvBias should be a 1-D tensor of %lld elements (qkv's last dim).",
                                  (long long)qkv->shape[2]);
    if (numHeads <= 0)
        return tiling_error(api, "numHeads should be greater than 0.");
    int64_t B = qkv->shape[0], T = qkv->shape[1], E = qkv->shape[2];
    if (E % 3 != 0 || (E / 3) % numHeads != 0)
        return tiling_error(api, "the last dim of qkv should be 3 * numHeads * dimPerHead.");
    int64_t D = E / 3 / numHeads;
    int64_t want[4] = {B, numHeads, T, D};
    for (int i = 2; i < 5; i++)
        if (ts[i]->ndim != 4 || memcmp(ts[i]->shape, want, sizeof want) != 0) {
            char a[96], b[96];
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "%s should be of shape %s, got %s.", ns[i], aclemu_shape_str(want, 4, a, sizeof a),
                                   aclemu_shape_str(ts[i]->shape, ts[i]->ndim, b, sizeof b));
        }
    int64_t rows = 3 * B * numHeads * T; /* bounded by qkv's elements / D */
    if (rows == 0 || D == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)rows, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(4096 / D + 1), 1, &bd, &per);
    tbrq_args *a = (tbrq_args *)aclemu_exec_add_launch(executor, "TransformBiasRescaleQkv", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->heads = numHeads;
    a->dph = D;
    a->per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->qkv, qkv)) || (st = aclemu_exec_tdesc(executor, a, &a->bias, qkvBias)))
        return st;
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_exec_tdesc(executor, a, &a->out[i], ts[2 + i])))
            return st;
    return ACLNN_SUCCESS;
}
