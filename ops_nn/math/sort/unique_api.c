/* Planners of Unique, Unique2, UniqueConsecutive and UniqueDim (ops-nn index/unique_consecutive,
 * index/unique_with_counts_ext2: op_api/aclnn_unique*.cpp): checks in the real order, then one
 * Unique launch (unique_kernel.c). valueOut / countsOut get the real result's shape (and rank)
 * back after stage 2, as the real ops set their view shapes from the kernel's output-shape
 * tensor whatever shape they came with: the real checks leave their shapes alone, and the
 * examples give room for every element ([8] for a [4, 2] UniqueConsecutive by rows) or exactly
 * the result ([3, 2] for a UniqueDim with 3 distinct rows). They must be contiguous here (the
 * result is written compactly); a result past their room is written by no kernel and fails
 * stage 2 (a card would write past them). `sorted` == false still gives sorted values, which
 * is a valid result of the unsorted mode. */
#include <string.h>

#include "aclemu_plans.h"
#include "unique_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
/* UniqueCommon's list (BF16 on A2 / A3 / 950, which the chip rule applies) */
#define UNIQUE_DTYPES                                                                                          \
    (DT(BOOL) | DT(UINT8) | DT(INT8) | DT(UINT16) | DT(INT16) | DT(UINT32) | DT(INT32) | DT(UINT64) | DT(INT64) | \
     DT(DOUBLE) | DT(FLOAT) | DT(FLOAT16) | DT(BF16))
/* UniqueConsecutive's dim meaning "flattened" (NoneN of aclnn_unique_consecutive.cpp) */
#define UNIQUE_DIM_NONE 1000

static int contiguous(const aclTensor *t)
{
    int64_t s = 1;
    for (uint32_t d = t->ndim; d-- > 0;) {
        if (t->shape[d] != 1 && t->stride[d] != s)
            return 0;
        s *= t->shape[d];
    }
    return 1;
}

static aclnnStatus chk_result_out(const char *api, const aclTensor *t, const char *name)
{
    if (!contiguous(t))
        return ACLEMU_PARAM_ERROR(api, "%s must be contiguous: its shape is set from the result.", name);
    return ACLNN_SUCCESS;
}

/* The launch. d: slice dim or -1 (flattened); inv / cnt may be NULL. */
static aclnnStatus unique_launch(aclOpExecutor *ex, const aclTensor *self, int64_t d, int consecutive,
                                 aclTensor *val, const aclTensor *inv, aclTensor *cnt)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t n = aclemu_tensor_numel(self);
    if (n > ((int64_t)1 << 36)) /* the workspace holds 24 bytes per element: bound it before sizing it */
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                               "unique of more than 2^36 elements is not supported.");
    if (self->ndim == 0)
        d = -1;
    unique_args a;
    memset(&a, 0, sizeof a);
    a.dtype = self->dtype;
    a.val_dtype = val->dtype;
    a.consecutive = consecutive;
    a.nd = (int32_t)self->ndim;
    a.dim = (int32_t)d;
    a.numel = n;
    a.outer = a.inner = 1;
    a.len = n;
    for (uint32_t i = 0; i < self->ndim; i++) {
        a.shape[i] = self->shape[i];
        a.stride[i] = self->stride[i];
        if (d >= 0 && (int64_t)i < d) a.outer *= self->shape[i];
        if (d >= 0 && (int64_t)i > d) a.inner *= self->shape[i];
    }
    if (d >= 0)
        a.len = self->shape[d];
    a.in_off = self->offset;
    a.val_off = val->offset;
    if (inv) {
        a.inv_off = inv->offset;
        for (uint32_t i = 0; i < inv->ndim; i++) a.inv_stride[i] = inv->stride[i];
    }
    a.cnt_off = cnt ? cnt->offset : 0;
    /* a flattened result is 1-D [U]; by dim it is self's shape with dim d = U */
    if ((st = chk_result_out(api, val, "valueOut")) || (cnt && (st = chk_result_out(api, cnt, "countsOut"))))
        return st;
    a.val_rank = d >= 0 ? (int32_t)self->ndim : 1;
    a.val_cap = aclemu_tensor_numel(val);
    a.cnt_cap = cnt ? aclemu_tensor_numel(cnt) : 0;
    a.ws_keys = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)n * 8);
    a.ws_vals = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)n * 8);
    a.ws_offs = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)n * 8);
    a.ws_perm = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)a.len * 8);
    a.ws_gid = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)a.len * 8);
    a.ws_val_dims = (int64_t)aclemu_exec_alloc_workspace(ex, UNIQUE_MAX_DIMS * 8);
    a.ws_cnt_dims = (int64_t)aclemu_exec_alloc_workspace(ex, UNIQUE_MAX_DIMS * 8);
    unique_args *b = (unique_args *)aclemu_exec_add_launch(ex, "Unique", 1, sizeof(unique_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    if ((st = aclemu_exec_bind_tensor(ex, b, &b->in, self)) || (st = aclemu_exec_bind_tensor(ex, b, &b->val, val)) ||
        (st = aclemu_exec_bind_workspace(ex, b, &b->ws, 0)))
        return st;
    if (inv && (st = aclemu_exec_bind_tensor(ex, b, &b->inv, inv)))
        return st;
    if (cnt && (st = aclemu_exec_bind_tensor(ex, b, &b->cnt, cnt)))
        return st;
    if ((st = aclemu_exec_out_shape_rank(ex, val, (uint64_t)a.ws_val_dims, (uint32_t)a.val_rank)))
        return st;
    return cnt ? aclemu_exec_out_shape_rank(ex, cnt, (uint64_t)a.ws_cnt_dims, 1) : ACLNN_SUCCESS;
}

static aclnnStatus chk_rank(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, t, name)) || (st = aclemu_check_shape(api, t, name, ACLEMU_MAX_RANK)))
        return st;
    return ACLNN_SUCCESS;
}

/* self / valueOut dtypes (valueOut must take self's values), inverse / counts INT64 */
static aclnnStatus chk_dtypes(const char *api, const aclTensor *self, const aclTensor *val, const aclTensor *inv,
                              const aclTensor *cnt)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, self, "self", UNIQUE_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", val, "valueOut")) ||
        (st = aclemu_check_dtype(api, inv, "inverseOut", DT(INT64))) ||
        (cnt && (st = aclemu_check_dtype(api, cnt, "countsOut", DT(INT64)))))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Unique(aclOpExecutor *executor, const aclTensor *self, bool sorted, bool returnInverse,
                               aclTensor *valueOut, aclTensor *inverseOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)sorted;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, valueOut, "valueOut")) ||
        (st = aclemu_check_notnull(api, inverseOut, "inverseOut")))
        return st;
    if ((st = chk_dtypes(api, self, valueOut, inverseOut, NULL)) || (st = chk_rank(api, self, "self")))
        return st;
    if (returnInverse && (st = aclemu_check_same_shape(api, self, "self", inverseOut, "inverseOut")))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    return unique_launch(executor, self, -1, 0, valueOut, returnInverse ? inverseOut : NULL, NULL);
}

aclnnStatus aclemu_plan_Unique2(aclOpExecutor *executor, const aclTensor *self, bool sorted, bool returnInverse,
                                bool returnCounts, aclTensor *valueOut, aclTensor *inverseOut, aclTensor *countsOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)sorted;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, valueOut, "valueOut")) ||
        (st = aclemu_check_notnull(api, inverseOut, "inverseOut")) ||
        (st = aclemu_check_notnull(api, countsOut, "countsOut")))
        return st;
    if ((st = chk_dtypes(api, self, valueOut, inverseOut, countsOut)) || (st = chk_rank(api, self, "self")))
        return st;
    if ((returnInverse || returnCounts) && (st = aclemu_check_same_shape(api, self, "self", inverseOut, "inverseOut")))
        return st;
    if (returnCounts && (st = aclemu_check_same_shape(api, valueOut, "valueOut", countsOut, "countsOut")))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    return unique_launch(executor, self, -1, 0, valueOut, returnInverse ? inverseOut : NULL,
                         returnCounts ? countsOut : NULL);
}

/* "The param of dim must be in the range of [min, max]" (CheckDimValueWithUnique) */
static aclnnStatus chk_unique_dim(const char *api, const aclTensor *self, int64_t dim, int64_t *d)
{
    int64_t n = (int64_t)self->ndim, lo = -n < n - 1 ? -n : n - 1, hi = -n < n - 1 ? n - 1 : -n;
    if (dim > hi || dim < lo)
        return ACLEMU_PARAM_ERROR(api, "The param of dim must be in the range of [%lld, %lld], but got %lld.",
                                  (long long)lo, (long long)hi, (long long)dim);
    *d = n == 0 ? -1 : dim < 0 ? dim + n : dim;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_UniqueConsecutive(aclOpExecutor *executor, const aclTensor *self, bool returnInverse,
                                          bool returnCounts, int64_t dim, aclTensor *valueOut, aclTensor *inverseOut,
                                          aclTensor *countsOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, valueOut, "valueOut")) ||
        (st = aclemu_check_notnull(api, inverseOut, "inverseOut")) ||
        (st = aclemu_check_notnull(api, countsOut, "countsOut")))
        return st;
    if ((st = chk_dtypes(api, self, valueOut, inverseOut, countsOut)) || (st = chk_rank(api, self, "self")))
        return st;
    if (dim != UNIQUE_DIM_NONE && (st = chk_unique_dim(api, self, dim, &d)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (returnInverse) {
        int64_t want = d >= 0 ? self->shape[d] : 0;
        if (d >= 0 && (inverseOut->ndim != 1 || inverseOut->shape[0] != want))
            return ACLEMU_PARAM_ERROR(api, "inverseOut shape should be [%lld] for dim %lld.", (long long)want,
                                      (long long)dim);
        if (d < 0 && (st = aclemu_check_same_shape(api, self, "self", inverseOut, "inverseOut")))
            return st;
    }
    return unique_launch(executor, self, d, 1, valueOut, returnInverse ? inverseOut : NULL,
                         returnCounts ? countsOut : NULL);
}

aclnnStatus aclemu_plan_UniqueDim(aclOpExecutor *executor, const aclTensor *self, bool sorted, bool returnInverse,
                                  int64_t dim, aclTensor *valueOut, aclTensor *inverseOut, aclTensor *countsOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    (void)sorted;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, valueOut, "valueOut")) ||
        (st = aclemu_check_notnull(api, inverseOut, "inverseOut")) ||
        (st = aclemu_check_notnull(api, countsOut, "countsOut")))
        return st;
    if ((st = chk_dtypes(api, self, valueOut, inverseOut, countsOut)) || (st = chk_rank(api, self, "self")) ||
        (st = chk_unique_dim(api, self, dim, &d)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (returnInverse && d >= 0 && (inverseOut->ndim != 1 || inverseOut->shape[0] != self->shape[d]))
        return ACLEMU_PARAM_ERROR(api, "inverseOut shape should be [%lld] for dim %lld.", (long long)self->shape[d],
                                  (long long)dim);
    return unique_launch(executor, self, d, 0, valueOut, returnInverse ? inverseOut : NULL, countsOut);
}
