/* Planners of Sort, Argsort and Topk. Checks follow math/sort/op_api/aclnn_sort.cpp,
 * aclnn_argsort.cpp and the aclnnTopk doc of hicann/ops-math: null -> dtype -> dim -> shapes.
 * On the Ascend910 an FP32 sort runs on FP16 keys (the real op casts), and so does ours. */
#include <string.h>

#include "aclemu_plans.h"
#include "sort_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define SORT_DTYPES (DT(FLOAT16) | DT(FLOAT) | DT(DOUBLE) | DT(UINT8) | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | \
                     DT(BF16) | DT(BOOL))
#define ARGSORT_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8) | DT(BF16))
#define TOPK_DTYPES (DT(INT8) | DT(UINT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(FLOAT) | DT(DOUBLE) | \
                     DT(BF16) | DT(UINT16) | DT(UINT32) | DT(UINT64))

static aclnnStatus sort_dim(const char *api, const aclTensor *self, int64_t dim, int64_t *d)
{
    int64_t n = (int64_t)self->ndim, lo = n ? -n : -1, hi = n ? n - 1 : 0;
    if (dim < lo || dim > hi)
        return ACLEMU_PARAM_ERROR(api, "dim should be in range [%lld, %lld].", (long long)lo, (long long)hi);
    *d = n == 0 ? -1 : dim < 0 ? dim + n : dim;
    return ACLNN_SUCCESS;
}

/* values / indices (either may be NULL) = the first k of self sorted along dim d; with
 * `gather` (SortWithIndex) the indices written are gather's elements at the sorted positions,
 * and key_mode picks the order of the keys (enum sort_key_mode). */
static aclnnStatus sort_launch_ex(aclOpExecutor *ex, const aclTensor *self, int64_t d, int64_t k, bool descending,
                                  const aclTensor *values, const aclTensor *indices, const aclTensor *gather,
                                  int key_mode)
{
    if (aclemu_tensor_numel(self) == 0 || k == 0)
        return ACLNN_SUCCESS;
    if (self->ndim && self->shape[d] > ((int64_t)1 << 36))
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex),
                               "sorting lines of more than 2^36 elements is not supported.");
    sort_args a;
    memset(&a, 0, sizeof a);
    a.in_dtype = self->dtype;
    a.val_dtype = values ? values->dtype : self->dtype;
    a.idx_dtype = indices ? indices->dtype : ACL_INT64;
    a.descending = descending;
    a.round_fp16 = self->dtype == ACL_FLOAT && aclemu_op_profile()->family == ACLEMU_FAMILY_910A;
    a.in_off = self->offset;
    a.val_off = values ? values->offset : 0;
    a.idx_off = indices ? indices->offset : 0;
    a.len = 1;
    a.k = k;
    a.key_mode = key_mode;
    a.gx_dtype = gather ? gather->dtype : ACL_INT64;
    a.gx_off = gather ? gather->offset : 0;
    for (uint32_t i = 0; i < self->ndim; i++) {
        int64_t vs = values ? values->stride[i] : 0, xs = indices ? indices->stride[i] : 0;
        int64_t gs = gather ? gather->stride[i] : 0;
        if ((int64_t)i == d) {
            a.len = self->shape[i];
            a.sin = self->stride[i];
            a.sval = vs;
            a.sidx = xs;
            a.sgx = gs;
            continue;
        }
        sort_args_add_outer_dim_gx(&a, self->shape[i], self->stride[i], vs, xs, gs);
    }
    a.nlines = 1;
    for (int i = 0; i < a.nl; i++)
        a.nlines *= a.lshape[i];
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)a.nlines, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(4096 / (a.len + 1) + 1), 1,
                   &bd, &per);
    a.lines_per_block = (int64_t)per;
    a.ws_per_block = (a.len * 32 + 63) / 64 * 64; /* keys, indices and their ping-pong copies */
    int64_t ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)a.ws_per_block * bd);
    sort_args *b = (sort_args *)aclemu_exec_add_launch(ex, "SortLines", bd, sizeof(sort_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    aclnnStatus st;
    if ((st = aclemu_exec_bind_tensor(ex, b, &b->in, self)) || (st = aclemu_exec_bind_workspace(ex, b, &b->ws, (uint64_t)ws)))
        return st;
    if (values && (st = aclemu_exec_bind_tensor(ex, b, &b->val, values)))
        return st;
    if (gather && (st = aclemu_exec_bind_tensor(ex, b, &b->gx, gather)))
        return st;
    return indices ? aclemu_exec_bind_tensor(ex, b, &b->idx, indices) : ACLNN_SUCCESS;
}

static aclnnStatus sort_launch(aclOpExecutor *ex, const aclTensor *self, int64_t d, int64_t k, bool descending,
                               const aclTensor *values, const aclTensor *indices)
{
    return sort_launch_ex(ex, self, d, k, descending, values, indices, NULL, SORT_KEY_TORCH);
}

static aclnnStatus chk_view(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, t, name)) || (st = aclemu_check_shape(api, t, name, ACLEMU_MAX_RANK)))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Sort(aclOpExecutor *executor, const aclTensor *self, bool stable, int64_t dim, bool descending,
                             aclTensor *valuesOut, aclTensor *indicesOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    (void)stable; /* the radix sort is stable: a valid result for both */
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, valuesOut, "valuesOut")) ||
        (st = aclemu_check_notnull(api, indicesOut, "indicesOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", SORT_DTYPES)) ||
        (st = aclemu_check_dtype(api, valuesOut, "valuesOut", SORT_DTYPES)) ||
        (st = aclemu_check_dtype(api, indicesOut, "indicesOut", DT(INT64))))
        return st;
    if ((st = sort_dim(api, self, dim, &d)) || (st = chk_view(api, self, "self")) ||
        (st = aclemu_check_same_shape(api, self, "self", valuesOut, "valuesOut")) ||
        (st = aclemu_check_same_shape(api, self, "self", indicesOut, "indicesOut")))
        return st;
    return sort_launch(executor, self, d, self->ndim ? self->shape[d] : 1, descending, valuesOut, indicesOut);
}

aclnnStatus aclemu_plan_Argsort(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool descending,
                                aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", ARGSORT_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", DT(INT64))))
        return st;
    if ((st = sort_dim(api, self, dim, &d)) || (st = chk_view(api, self, "self")) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    return sort_launch(executor, self, d, self->ndim ? self->shape[d] : 1, descending, NULL, out);
}

aclnnStatus aclemu_plan_Topk(aclOpExecutor *executor, const aclTensor *self, int64_t k, int64_t dim, bool largest,
                             bool sorted, aclTensor *valuesOut, aclTensor *indicesOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    (void)sorted; /* results come sorted, which is valid for sorted == false too */
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, valuesOut, "valuesOut")) ||
        (st = aclemu_check_notnull(api, indicesOut, "indicesOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", TOPK_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", valuesOut, "valuesOut")) ||
        (st = aclemu_check_dtype(api, indicesOut, "indicesOut", DT(INT64))))
        return st;
    if ((st = sort_dim(api, self, dim, &d)) || (st = chk_view(api, self, "self")))
        return st;
    int64_t len = self->ndim ? self->shape[d] : 1;
    if (k < 0 || k > len)
        return ACLEMU_PARAM_ERROR(api, "k %lld should be in the range [0, %lld].", (long long)k, (long long)len);
    int64_t want[ACLEMU_KMAX_RANK];
    memcpy(want, self->shape, self->ndim * sizeof(int64_t));
    if (self->ndim)
        want[d] = k;
    char a[256], b[256];
    const aclTensor *outs[2] = {valuesOut, indicesOut};
    for (int i = 0; i < 2; i++)
        if (outs[i]->ndim != self->ndim || memcmp(outs[i]->shape, want, self->ndim * sizeof(int64_t)))
            return ACLEMU_PARAM_ERROR(api, "%s shape should be %s, but current is %s.", i ? "indicesOut" : "valuesOut",
                                      aclemu_shape_str(want, self->ndim, a, sizeof a),
                                      aclemu_shape_str(outs[i]->shape, outs[i]->ndim, b, sizeof b));
    return sort_launch(executor, self, d, k, largest, valuesOut, indicesOut);
}

/* SortWithIndex (real experimental/math/sort_with_index op_api + tiling; kernel for A2 only):
 * null (x, index, valuesOut, indicesOut) -> x in [FLOAT16, FLOAT, BF16, INT32], valuesOut of x's
 * dtype, index INT32, indicesOut of index's dtype -> ranks <= 8, x / index / valuesOut /
 * indicesOut one shape -> axis the last one (-1 or rank - 1). Empty: nothing recorded. The
 * tiling refuses a sort axis past what one core's UB holds (85% of UB over the per-element
 * footprint of its buffers, in whole 32-element blocks, for one tile; a merge sort of
 * 32 * 4^k elements within 75% of UB beyond). Stable for both `stable` values (the real 910B
 * path is); NaN first in both orders. */
#define SWI_BLOCK 32u
static uint32_t swi_cap(aclDataType dt)
{
    uint64_t ub = aclemu_op_profile()->ub_size;
    uint32_t v = dt == ACL_FLOAT16 || dt == ACL_BF16 ? 2 : 4;
    uint32_t per = 2 * v + 2 * 4 + 12 + 8 + 16 + ((dt == ACL_BF16 || dt == ACL_INT32) ? 8 : 0);
    uint32_t single = (uint32_t)((ub * 17 / 20) / per) / SWI_BLOCK * SWI_BLOCK;
    if (single > 8160)
        single = 8160; /* the hardware full sort: 32 * 255 */
    if (single < SWI_BLOCK)
        single = SWI_BLOCK;
    uint32_t mrg_budget = (uint32_t)((ub * 3 / 4) / (per + 8)), mrg = SWI_BLOCK;
    while (mrg * 4 <= mrg_budget)
        mrg *= 4;
    return single > mrg ? single : mrg;
}

aclnnStatus aclemu_plan_SortWithIndex(aclOpExecutor *executor, const aclTensor *x, const aclTensor *index, int64_t axis,
                                      bool descending, bool stable, aclTensor *valuesOut, aclTensor *indicesOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)stable;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, valuesOut, "y")) || (st = aclemu_check_notnull(api, indicesOut, "sortedIndex")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", DT(FLOAT16) | DT(FLOAT) | DT(BF16) | DT(INT32))) ||
        (st = aclemu_check_same_dtype(api, x, "x", valuesOut, "y")) ||
        (st = aclemu_check_dtype(api, index, "index", DT(INT32))) ||
        (st = aclemu_check_same_dtype(api, index, "index", indicesOut, "sortedIndex")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, index, "index", ACLEMU_MAX_RANK)))
        return st;
    char s1[256], s2[256];
    const aclTensor *pair[3][2] = {{x, index}, {valuesOut, x}, {indicesOut, index}};
    static const char *const fmt[3] = {"x shape %s and index shape %s must be the same.", "y shape %s must equal x shape %s.",
                                       "sortedIndex shape %s must equal index shape %s."};
    for (int i = 0; i < 3; i++) {
        const aclTensor *p = pair[i][0], *q = pair[i][1];
        if (p->ndim != q->ndim || memcmp(p->shape, q->shape, p->ndim * sizeof(int64_t)))
            return ACLEMU_PARAM_ERROR(api, fmt[i], aclemu_shape_str(p->shape, p->ndim, s1, sizeof s1),
                                      aclemu_shape_str(q->shape, q->ndim, s2, sizeof s2));
    }
    int64_t rank = (int64_t)x->ndim, sr = rank ? rank : 1;
    if (axis < -sr || axis >= sr)
        return ACLEMU_PARAM_ERROR(api, "axis %lld is out of range [%lld, %lld).", (long long)axis, (long long)-sr, (long long)sr);
    if ((axis < 0 ? axis + sr : axis) != sr - 1)
        return ACLEMU_PARAM_ERROR(api, "only last-axis sort is supported (axis must be -1 or rank-1). axis=%lld, rank=%lld.",
                                  (long long)axis, (long long)rank);
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(index) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    int64_t n = rank ? x->shape[rank - 1] : 1;
    uint32_t cap = swi_cap(x->dtype);
    if (n > (int64_t)cap)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "sort axis N=%lld exceeds the in-core sort UB ceiling (at most %u elements for %s).",
                               (long long)n, cap, aclemu_dtype_name(x->dtype));
    return sort_launch_ex(executor, x, rank ? rank - 1 : 0, n, descending, valuesOut, indicesOut, index, SORT_KEY_NAN_FIRST);
}
