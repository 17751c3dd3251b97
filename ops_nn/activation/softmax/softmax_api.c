/* aclnnSoftmax: dtype FLOAT16 / FLOAT / DOUBLE / BF16 (BF16 on A2/A3/950), rank 0-8, dim in
 * [-rank, rank-1] (rank 0: -1 or 0), out of self's shape. Rows are split over vector cores. */
#include "aclemu_plans.h"
#include "softmax_args.h"

#define SOFTMAX_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE))

aclnnStatus aclemu_plan_Softmax(aclOpExecutor *executor, const aclTensor *self, int64_t dim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", SOFTMAX_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", SOFTMAX_DTYPES)))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    int64_t rank = self->ndim, lo = rank ? -rank : -1, hi = rank ? rank - 1 : 0;
    if (dim < lo || dim > hi)
        return ACLEMU_PARAM_ERROR(api, "dim %lld should be in the range [%lld, %lld].", (long long)dim, (long long)lo,
                                  (long long)hi);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    int32_t d = rank ? (int32_t)(dim < 0 ? dim + rank : dim) : 0;
    uint64_t rows = (uint64_t)aclemu_tensor_numel(self) / (uint64_t)(rank ? self->shape[d] : 1);
    uint32_t block_dim;
    uint64_t per;
    /* a block should get enough rows to amortise its start (~4096 elements of work) */
    uint64_t len = rank ? (uint64_t)self->shape[d] : 1;
    uint64_t min_rows = len >= 4096 ? 1 : 4096 / len;
    aclemu_tile_1d(rows, aclemu_vector_core_num(aclemu_op_profile()), min_rows, 1, &block_dim, &per);
    softmax_args *a = (softmax_args *)aclemu_exec_add_launch(executor, "SoftmaxV2", block_dim, sizeof(softmax_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->dim = d;
    a->rows = rows;
    a->rows_per_block = per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->x, self)) || (st = aclemu_exec_tdesc(executor, a, &a->y, out)))
        return st;
    return ACLNN_SUCCESS;
}
