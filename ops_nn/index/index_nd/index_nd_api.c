/* aclnnGatherNd (ops-nn index/gather_nd), aclnnScatterNd (index/scatter_nd) and
 * aclnnScatterNdUpdate (index/scatter_nd_update), checks in the real order.
 * GatherNd: null (self, indices, out) -> chip (910 / 310P / A2 / A3 / 950, else 361001) -> out of
 *   self's dtype, self in the chip's list, indices INT32 / INT64 -> ranks 1..8, K = indices'
 *   last dim in [1, rank(self)] -> out = indices[:-1] + self[K:].
 * ScatterNd: null (data, indices, updates, out) -> dtypes (data FLOAT16, FLOAT, BOOL, BF16 (A2 /
 *   A3 / 950 only, its own message); indices INT32 / INT64; updates and out of data's) -> ranks
 *   1..8, out = data, rank(updates) = rank(data) + rank(indices) - K - 1, K <= rank(data),
 *   updates = indices[:-1] + data[K:].
 * ScatterNdUpdate: null (varRef, indices, updates) -> dtypes (the chip's list; indices INT32 /
 *   INT64; updates of varRef's) -> the ScatterNd shape rules. Empty: nothing to run.
 * Index values are range-checked by the kernel; repeated rows are written in order. */
#include "aclemu_plans.h"
#include "index_nd_args.h"
#include "index_nd_launch.h"

#define DT(x) ACLEMU_DT(ACL_##x)

static int fam(void) { return aclemu_op_profile()->family; }

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name)
{
    if (t->ndim < 1)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be at least 1.", name, t->ndim);
    return aclemu_check_shape(api, t, name, 8);
}

aclnnStatus index_nd_launch(aclOpExecutor *ex, int mode, int reduce, const aclTensor *data, const aclTensor *indices,
                            const aclTensor *other, int negative, int32_t K)
{
    int64_t S = 1;
    for (uint32_t i = (uint32_t)K; i < data->ndim; i++)
        S *= data->shape[i]; /* a factor of numel(data): no overflow */
    int64_t N = K ? aclemu_tensor_numel(indices) / K : 0;
    if (N == 0 || S == 0 || aclemu_tensor_numel(data) == 0)
        return ACLNN_SUCCESS;
    uint32_t bd = 1;
    uint64_t per = (uint64_t)N;
    if (mode == INDEX_ND_GATHER)
        aclemu_tile_1d((uint64_t)N, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(4096 / S + 1), 1, &bd, &per);
    index_nd_args *a = aclemu_exec_add_launch(ex, "IndexNd", bd, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    aclnnStatus st;
    if ((st = aclemu_exec_tdesc(ex, a, &a->data, data)) || (st = aclemu_exec_tdesc(ex, a, &a->indices, indices)) ||
        (st = aclemu_exec_tdesc(ex, a, &a->other, other)))
        return st;
    a->mode = mode, a->K = K, a->negative = negative, a->N = N, a->S = S, a->rows_per_block = (int64_t)per;
    a->reduce = reduce;
    return ACLNN_SUCCESS;
}

/* K from the last dim of indices (GatherNd / ScatterNd rows). */
static aclnnStatus launch(aclOpExecutor *ex, int mode, const aclTensor *data, const aclTensor *indices, const aclTensor *other,
                          int negative)
{
    return index_nd_launch(ex, mode, INDEX_ND_ASSIGN, data, indices, other, negative, (int32_t)indices->shape[indices->ndim - 1]);
}

aclnnStatus aclemu_plan_GatherNd(aclOpExecutor *executor, const aclTensor *self, const aclTensor *indices,
                                 bool negativeIndexSupport, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set base = DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT8) | DT(UINT8) | DT(BOOL), list;
    switch (fam()) {
    case ACLEMU_FAMILY_950:
        list = base | DT(BF16) | DT(DOUBLE) | DT(INT16) | DT(UINT16) | DT(UINT32) | DT(UINT64);
        break;
    case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3: list = base | DT(BF16); break;
    case ACLEMU_FAMILY_310P: case ACLEMU_FAMILY_910A: list = base; break;
    default: return aclemu_check_chip(api, ACLEMU_CHIPS_ALL_BUT_310B);
    }
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) || (st = aclemu_check_dtype(api, self, "self", list)) ||
        (st = aclemu_check_dtype(api, indices, "indices", DT(INT32) | DT(INT64))))
        return st;
    if ((st = check_rank(api, self, "self")) || (st = check_rank(api, indices, "indices")))
        return st;
    int64_t K = indices->shape[indices->ndim - 1], r = (int64_t)self->ndim;
    if (!(K >= 1 && K <= r))
        return ACLEMU_PARAM_ERROR(api, "indices last dim %lld not in valid range: [1, %lld]", (long long)K, (long long)r);
    int64_t want[16];
    uint32_t n = 0;
    for (uint32_t i = 0; i + 1 < indices->ndim; i++) want[n++] = indices->shape[i];
    for (int64_t i = K; i < r; i++) want[n++] = self->shape[i];
    if ((st = aclemu_check_shape_is(api, out, "out", want, n)))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(indices) == 0)
        return ACLNN_SUCCESS;
    return launch(executor, INDEX_ND_GATHER, self, indices, out, negativeIndexSupport);
}

/* The ScatterNd shape rules (data, indices, updates). */
static aclnnStatus scatter_shapes(const char *api, const aclTensor *data, const char *dname, const aclTensor *indices,
                                  const aclTensor *updates)
{
    aclnnStatus st;
    if ((st = check_rank(api, data, dname)) || (st = check_rank(api, indices, "indices")) || (st = check_rank(api, updates, "updates")))
        return st;
    int64_t q = (int64_t)indices->ndim, r = (int64_t)data->ndim, K = indices->shape[q - 1];
    if ((__int128)r + q - K - 1 != (__int128)updates->ndim) /* 128-bit: K is a user dim of any size */
        return ACLEMU_PARAM_ERROR(api, "the rank of data,indices should match the shape of updates");
    if (K > r)
        return ACLEMU_PARAM_ERROR(api, "the rank of data should bigger than indices");
    if (K < 1)
        return ACLEMU_PARAM_ERROR(api, "indices last dim %lld should be at least 1.", (long long)K);
    for (int64_t i = 0; i < q - 1; i++)
        if (updates->shape[i] != indices->shape[i])
            return ACLEMU_PARAM_ERROR(api, "the shape of data, indices and updates are not matched");
    for (int64_t i = 0; i < r - K; i++)
        if (data->shape[i + K] != updates->shape[i + q - 1])
            return ACLEMU_PARAM_ERROR(api, "the shape of data, indices and updates are not matched");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ScatterNd(aclOpExecutor *executor, const aclTensor *data, const aclTensor *indices,
                                  const aclTensor *updates, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, data, "data")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, updates, "updates")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    int f = fam();
    if (data->dtype != ACL_BF16 && (st = aclemu_check_dtype(api, data, "data", DT(FLOAT16) | DT(FLOAT) | DT(BOOL))))
        return st;
    if ((st = aclemu_check_dtype(api, indices, "indices", DT(INT64) | DT(INT32))) ||
        (st = aclemu_check_same_dtype(api, data, "data", updates, "updates")) ||
        (st = aclemu_check_same_dtype(api, data, "data", out, "out")))
        return st;
    if (data->dtype == ACL_BF16 && f != ACLEMU_FAMILY_A2 && f != ACLEMU_FAMILY_A3 && f != ACLEMU_FAMILY_950)
        return ACLEMU_PARAM_ERROR(api, "data dtype DT_BF16 is unsupported by the current SOC version.");
    if ((st = check_rank(api, data, "data")) || (st = check_rank(api, indices, "indices")) ||
        (st = check_rank(api, updates, "updates")) || (st = aclemu_check_same_shape(api, data, "data", out, "out")) ||
        (st = scatter_shapes(api, data, "data", indices, updates)))
        return st;
    if (aclemu_tensor_numel(data) == 0 || aclemu_tensor_numel(indices) == 0 || aclemu_tensor_numel(updates) == 0) {
        if (aclemu_tensor_numel(data) == 0)
            return ACLNN_SUCCESS;
        const aclTensor *in[1] = {data}; /* out = data */
        aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), out, in, 1, &st);
        return st;
    }
    const aclTensor *in[1] = {data};
    if (!aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), out, in, 1, &st) && st)
        return st;
    return launch(executor, INDEX_ND_UPDATE, out, indices, updates, 1);
}

aclnnStatus aclemu_plan_ScatterNdUpdate(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *indices,
                                        const aclTensor *updates)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, varRef, "varRef")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, updates, "updates")))
        return st;
    aclemu_dtype_set list;
    int f = fam();
    if (f == ACLEMU_FAMILY_950)
        list = DT(FLOAT) | DT(FLOAT16) | DT(BOOL) | DT(BF16) | DT(INT64) | DT(INT8) | DT(FLOAT8_E5M2) | DT(FLOAT8_E4M3FN) |
               DT(HIFLOAT8) | DT(UINT8);
    else if (f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3)
        list = DT(FLOAT) | DT(FLOAT16) | DT(BOOL) | DT(INT16) | DT(BF16) | DT(INT64) | DT(INT8) | DT(INT32);
    else
        list = DT(FLOAT) | DT(FLOAT16) | DT(BOOL);
    if ((st = aclemu_check_dtype(api, varRef, "varRef", list)) ||
        (st = aclemu_check_dtype(api, indices, "indices", DT(INT64) | DT(INT32))))
        return st;
    if (updates->dtype != varRef->dtype)
        return ACLEMU_PARAM_ERROR(api, "updates dtype %s should be in same with varRef dtype %s.",
                                  aclemu_dtype_name(updates->dtype), aclemu_dtype_name(varRef->dtype));
    if ((st = scatter_shapes(api, varRef, "varRef", indices, updates)))
        return st;
    if (aclemu_tensor_numel(varRef) == 0 || aclemu_tensor_numel(indices) == 0 || aclemu_tensor_numel(updates) == 0)
        return ACLNN_SUCCESS;
    return launch(executor, INDEX_ND_UPDATE, varRef, indices, updates, 1);
}
