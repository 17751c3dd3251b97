/* aclnnEmbedding: weight 2-D of FLOAT, FLOAT16, BF16 (A2/A3/950), DOUBLE, INT8/16/32/64, UINT8,
 * BOOL, COMPLEX64/128; indices INT32 / INT64 of rank <= 7; out = indices.shape + [D] of weight's
 * dtype. Index rows are split over the vector cores. A negative index fails the stream
 * (AI-core exception); an index past the table gives zeros (undefined on the device). */
#include "aclemu_plans.h"
#include "embedding_args.h"
#include "nn_check.h"
#include "nn_stage.h"

#define EMBEDDING_DTYPES                                                                                   \
    (NN_FLOATS | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT16) | \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_COMPLEX64) |            \
     ACLEMU_DT(ACL_COMPLEX128))

aclnnStatus aclemu_plan_Embedding(aclOpExecutor *executor, const aclTensor *weight, const aclTensor *indices,
                                  const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, weight, "weight")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, weight, "weight", EMBEDDING_DTYPES)) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_same_dtype(api, weight, "weight", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, weight, "weight")) || (st = aclemu_check_format(api, indices, "indices")))
        return st;
    if ((st = aclemu_check_shape(api, weight, "weight", 8)) || (st = nn_rank_in(api, weight, "weight", 2, 2)) ||
        (st = aclemu_check_shape(api, indices, "indices", 7)) || (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    int64_t e[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i < indices->ndim; i++)
        e[i] = indices->shape[i];
    e[indices->ndim] = weight->shape[1];
    if ((st = aclemu_check_shape_is(api, out, "out", e, indices->ndim + 1)))
        return st;
    int64_t nidx = aclemu_tensor_numel(indices), D = weight->shape[1];
    if (nidx * D == 0)
        return ACLNN_SUCCESS;
    nn_stage sw, si, so;
    if ((st = nn_stage_in(executor, weight, NULL, -1, &sw)) || (st = nn_stage_in(executor, indices, NULL, -1, &si)) ||
        (st = nn_stage_out(executor, out, NULL, -1, &so)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)nidx, (uint64_t)D, &bd, &per);
    embedding_args *a = (embedding_args *)aclemu_exec_add_launch(executor, "Embedding", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->num = weight->shape[0];
    a->D = D;
    a->nidx = nidx;
    a->per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->weight, &sw)) || (st = nn_stage_bind(executor, a, &a->indices, &si)) ||
        (st = nn_stage_bind(executor, a, &a->out, &so)))
        return st;
    return nn_stage_out_finish(executor, &so);
}
