/* aclnnEmbeddingDenseBackward: grad FLOAT, FLOAT16 (+ BF16 on A2/A3/950) of shape indices.shape +
 * [D]; indices FLOAT16, FLOAT, DOUBLE, INT8, UINT8, INT16, INT32, INT64 or BOOL; out (numWeights,
 * D) FLOAT, FLOAT16 (+ BF16); ND only. Blocks own disjoint ranges of weight rows (each scans all
 * indices), so no two blocks write one row. */
#include "aclemu_plans.h"
#include "embedding_args.h"
#include "nn_check.h"
#include "nn_stage.h"

#define EDB_INDEX_DTYPES                                                                                  \
    (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_INT8) |          \
     ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_BOOL))

/* The EmbeddingDenseGrad launch over staged copies: out (num, D) from grad rows [nidx, D]. */
static aclnnStatus edb_launch(aclOpExecutor *executor, const aclTensor *grad, const aclTensor *indices, int64_t num,
                              int64_t D, int64_t paddingIdx, bool scaleGradByFreq, const aclTensor *out)
{
    aclnnStatus st;
    if (num * D == 0)
        return ACLNN_SUCCESS;
    nn_stage sg, si, so;
    if ((st = nn_stage_in(executor, grad, NULL, -1, &sg)) || (st = nn_stage_in(executor, indices, NULL, -1, &si)) ||
        (st = nn_stage_out(executor, out, NULL, -1, &so)))
        return st;
    int64_t nidx = aclemu_tensor_numel(indices);
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)num, (uint64_t)(D + nidx / (num ? num : 1) * D + 1), &bd, &per);
    embedding_args *a = (embedding_args *)aclemu_exec_add_launch(executor, "EmbeddingDenseGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->num = num;
    a->D = D;
    a->nidx = nidx;
    a->per_block = (int64_t)per;
    a->padding_idx = paddingIdx;
    a->scale_by_freq = scaleGradByFreq;
    if ((st = nn_stage_bind(executor, a, &a->grad, &sg)) || (st = nn_stage_bind(executor, a, &a->indices, &si)) ||
        (st = nn_stage_bind(executor, a, &a->out, &so)))
        return st;
    return nn_stage_out_finish(executor, &so);
}

aclnnStatus aclemu_plan_EmbeddingDenseBackward(aclOpExecutor *executor, const aclTensor *grad, const aclTensor *indices,
                                               uint64_t numWeights, uint64_t paddingIdx, bool scaleGradByFreq,
                                               const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, grad, "grad")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, grad, "grad", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, indices, "indices", EDB_INDEX_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", NN_FLOATS)))
        return st;
    if ((st = aclemu_check_shape(api, grad, "grad", 8)) || (st = aclemu_check_shape(api, indices, "indices", 8)) ||
        (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    int ok = grad->ndim == indices->ndim + 1;
    for (uint32_t i = 0; ok && i < indices->ndim; i++)
        ok = grad->shape[i] == indices->shape[i];
    if (!ok) {
        char a[256], b[256];
        return ACLEMU_PARAM_ERROR(api, "grad shape %s is not match with indices shape %s.",
                                  aclemu_shape_str(grad->shape, grad->ndim, a, sizeof a),
                                  aclemu_shape_str(indices->shape, indices->ndim, b, sizeof b));
    }
    if (out->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "outDim shape is not equal to 2");
    int64_t D = grad->shape[grad->ndim - 1], e[2] = {(int64_t)numWeights, D};
    if ((st = aclemu_check_shape_is(api, out, "out", e, 2)))
        return st;
    if (grad->format != ACL_FORMAT_ND || out->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "Format only support ND.");
    return edb_launch(executor, grad, indices, (int64_t)numWeights, D, (int64_t)paddingIdx, scaleGradByFreq, out);
}

/* aclnnEmbeddingDenseGrad (ops-nn experimental/index/embedding_dense_grad; the aclnn is generated
 * from the op definition, kernel for ascend310p only): the same scatter-add of grad rows into
 * y (numWeights, D), D = grad's last dim. Checks: null grad / indices / y (161001); no kernel off
 * the 310P (361001); the definition's dtypes (161002): grad FLOAT / FLOAT16 with indices INT32 /
 * INT64, y grad's dtype; ND. Tiling rules (561002, the doc's constraints): numWeights positive,
 * paddingIdx in [-1, numWeights), indices 1-D with grad.shape[0] elements and grad's elements
 * = that count x D, y of shape (numWeights, D). paddingIdx -1 pads nothing. */
aclnnStatus aclemu_plan_EmbeddingDenseGrad(aclOpExecutor *executor, const aclTensor *grad, const aclTensor *indices,
                                           int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq,
                                           const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, grad, "grad")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    const aclemu_dtype_set f = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
    if ((st = aclemu_check_dtype(api, grad, "grad", f)) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_same_dtype(api, grad, "grad", y, "y")))
        return st;
    if ((st = aclemu_check_format(api, grad, "grad")) || (st = aclemu_check_format(api, indices, "indices")) ||
        (st = aclemu_check_format(api, y, "y")) || (st = aclemu_check_shape(api, grad, "grad", 8)) ||
        (st = aclemu_check_shape(api, indices, "indices", 8)) || (st = aclemu_check_shape(api, y, "y", 8)))
        return st;
    const aclnnStatus T = ACLNN_ERR_INNER_TILING_ERROR;
    if (numWeights <= 0)
        return aclemu_op_error(T, ACLEMU_ERRCODE_PARAM, api, "numWeights %lld should be positive.", (long long)numWeights);
    if (paddingIdx < -1 || paddingIdx >= numWeights)
        return aclemu_op_error(T, ACLEMU_ERRCODE_PARAM, api, "paddingIdx %lld should be in [-1, %lld).", (long long)paddingIdx,
                               (long long)numWeights);
    if (grad->ndim == 0 || indices->ndim != 1)
        return aclemu_op_error(T, ACLEMU_ERRCODE_PARAM, api, "indices should be 1-D and grad at least 1-D (got %u-D and %u-D).",
                               indices->ndim, grad->ndim);
    const int64_t D = grad->ndim >= 2 ? grad->shape[grad->ndim - 1] : 1, n = indices->shape[0];
    if (grad->shape[0] != n || aclemu_tensor_numel(grad) != n * D)
        return aclemu_op_error(T, ACLEMU_ERRCODE_PARAM, api, "grad dim 0 (%lld) should equal the %lld indices, with rows of %lld.",
                               (long long)grad->shape[0], (long long)n, (long long)D);
    if (y->ndim != 2 || y->shape[0] != numWeights || y->shape[1] != D)
        return aclemu_op_error(T, ACLEMU_ERRCODE_PARAM, api, "y shape should be [%lld, %lld].", (long long)numWeights, (long long)D);
    return edb_launch(executor, grad, indices, numWeights, D, paddingIdx, scaleGradByFreq, y);
}
