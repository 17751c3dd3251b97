/* aclnnGather (ops-nn index/gather_elements_v2, aclnn_gather.cpp), checks in the real order:
 *  - null self, index, out;
 *  - self's dtype in the chip's list (BF16 on A2 / A3 / 950, FP8 on the 950); a non-empty index
 *    INT32 / INT64 ("aclnnGather not implemented for index dtype ..."); out of self's dtype;
 *  - self and index of one rank (0-d counted as 1-d); ranks <= 8; out of index's shape; dim in
 *    [-rank, rank - 1]; then (non-empty index) index no larger than self in every dim but dim,
 *    and self's dim not 0.
 * An empty index or self: nothing to do. It runs the GatherElements kernel over the lines of
 * the scatter driver (scatter_args.h), which range-checks every index before writing.
 *
 * aclnnGatherElementsV3 (ops-nn experimental/index/gather_elements_v3; its aclnn layer is
 * generated from the op definition): nulls (x, index, y; 161001) -> the chips the definition
 * registers a kernel for (A2 only; 161002) -> x FLOAT / FLOAT16 / BFLOAT16 / INT32, index INT32,
 * y of x's dtype (161002) -> ND formats -> the host tiling (561002): dim, read unsigned, below
 * x's rank (a negative dim fails). The tiling flattens the dims around dim and leaves the shape
 * relations unchecked; here they fail as 561002 too (index of x's rank, no larger than x but
 * along dim, y of index's shape). The same GatherElements launch; empty tensors run nothing. */
#include <string.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "scatter_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define GATHER_BASE                                                                                           \
    (DT(FLOAT) | DT(INT32) | DT(FLOAT16) | DT(INT8) | DT(DOUBLE) | DT(INT16) | DT(INT64) | DT(UINT64) |       \
     DT(UINT32) | DT(UINT16) | DT(UINT8) | DT(BOOL))

static aclnnStatus gather_elements_launch(aclOpExecutor *executor, const aclTensor *self, int64_t d, const aclTensor *index,
                                          const aclTensor *out);

static aclemu_dtype_set gather_dtypes(void)
{
    int fam = aclemu_op_profile()->family;
    if (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3)
        return GATHER_BASE | DT(BF16);
    if (fam == ACLEMU_FAMILY_950)
        return GATHER_BASE | DT(BF16) | DT(FLOAT8_E5M2) | DT(FLOAT8_E4M3FN) | DT(FLOAT8_E8M0);
    return GATHER_BASE;
}

aclnnStatus aclemu_plan_Gather(aclOpExecutor *executor, const aclTensor *self, const int64_t dim, const aclTensor *index,
                               aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", gather_dtypes())))
        return st;
    int64_t inumel = aclemu_tensor_numel(index);
    if (inumel != 0 && index->dtype != ACL_INT32 && index->dtype != ACL_INT64)
        return ACLEMU_PARAM_ERROR(api, "aclnnGather not implemented for index dtype %s.", aclemu_dtype_name(index->dtype));
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    int64_t sr = self->ndim ? (int64_t)self->ndim : 1, ir = index->ndim ? (int64_t)index->ndim : 1;
    if (sr != ir)
        return ACLEMU_PARAM_ERROR(api, "Index tensor must have the same number of dimensions as input tensor.");
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, index, "index", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, out, "out", index, "index")))
        return st;
    if (dim < -sr || dim >= sr)
        return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [%lld, %lld], but got %lld)",
                                  (long long)-sr, (long long)(sr - 1), (long long)dim);
    if (inumel == 0)
        return ACLNN_SUCCESS;
    int64_t d = dim < 0 ? dim + sr : dim;
    for (uint32_t i = 0; i < self->ndim; i++) {
        if ((int64_t)i != d && index->shape[i] > self->shape[i])
            return ACLEMU_PARAM_ERROR(api,
                                      "Size does not match at dimension %u, expected index shape %lld smaller than self "
                                      "shape %lld",
                                      i, (long long)index->shape[i], (long long)self->shape[i]);
        if ((int64_t)i == d && self->shape[i] == 0)
            return ACLEMU_PARAM_ERROR(api, "Size does not match at dimension %u, expected index shape to be 0", i);
    }
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    return gather_elements_launch(executor, self, d, index, out);
}

/* out (index's shape) = self gathered along d by index: one GatherElements launch. */
static aclnnStatus gather_elements_launch(aclOpExecutor *executor, const aclTensor *self, int64_t d, const aclTensor *index,
                                          const aclTensor *out)
{
    aclnnStatus st;
    int64_t inumel = aclemu_tensor_numel(index);
    uint64_t len = index->ndim ? (uint64_t)index->shape[d] : 1;
    uint64_t lines = (uint64_t)inumel / len;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (lines + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((lines + per - 1) / per);
    scatter_args *a = aclemu_exec_add_launch(executor, "GatherElements", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->out, self)) || (st = aclemu_exec_tdesc(executor, a, &a->index, index)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->src, out)))
        return st;
    a->dim = (int32_t)d;
    a->include_self = 1;
    a->lines = lines;
    a->lines_per_block = per;
    return ACLNN_SUCCESS;
}

#define GEV3_TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_GatherElementsV3(aclOpExecutor *executor, const aclTensor *x, const aclTensor *index, int64_t dim,
                                         const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))) ||
        (st = aclemu_check_dtype(api, x, "x", DT(FLOAT) | DT(FLOAT16) | DT(BF16) | DT(INT32))) ||
        (st = aclemu_check_dtype(api, index, "index", DT(INT32))) || (st = aclemu_check_same_dtype(api, x, "x", y, "y")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, index, "index")) ||
        (st = aclemu_check_format(api, y, "y")) || (st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, index, "index", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, y, "y", ACLEMU_MAX_RANK)))
        return st;
    if ((uint64_t)dim >= (uint64_t)x->ndim)
        return GEV3_TILING_ERROR(api, "dim out of range: dim %lld, x has %u dims.", (long long)dim, x->ndim);
    char s0[256], s1[256];
    if (index->ndim != x->ndim)
        return GEV3_TILING_ERROR(api, "index has %u dims, it should have x's %u.", index->ndim, x->ndim);
    for (uint32_t i = 0; i < x->ndim; i++)
        if ((int64_t)i != dim && index->shape[i] > x->shape[i])
            return GEV3_TILING_ERROR(api, "index shape %s should be no larger than x shape %s but along dim %lld.",
                                     aclemu_shape_str(index->shape, index->ndim, s0, sizeof s0),
                                     aclemu_shape_str(x->shape, x->ndim, s1, sizeof s1), (long long)dim);
    if (y->ndim != index->ndim || memcmp(y->shape, index->shape, index->ndim * sizeof(int64_t)))
        return GEV3_TILING_ERROR(api, "y shape %s should be index shape %s.", aclemu_shape_str(y->shape, y->ndim, s0, sizeof s0),
                                 aclemu_shape_str(index->shape, index->ndim, s1, sizeof s1));
    if (aclemu_tensor_numel(index) == 0 || aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    return gather_elements_launch(executor, x, dim, index, y);
}
