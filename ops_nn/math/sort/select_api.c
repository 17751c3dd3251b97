/* Planners of the order statistics on the sort family: Kthvalue, Median, MedianDim, NanMedian,
 * NanMedianDim (ops-nn index/gather_v2: op_api/aclnn_kthvalue.cpp, aclnn_median.cpp). The real
 * ops sort each line stably ascending (NaN last) and gather one position; so does SortLines in
 * its select modes, which makes the tie rules the same: among equal values, the k-th in index
 * order. Median: a line with a NaN gives NaN and the index of its first NaN. NanMedian: the
 * lower median of the non-NaN elements ((m - 1) / 2; NaN when all are NaN). */
#include <math.h>
#include <string.h>

#include "../fill_scalar/fill_scalar_args.h"
#include "aclemu_plans.h"
#include "sort_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
/* Kthvalue: DAV_2201 (A2 / A3) adds BF16, the regbase arch (950) also UINT16 / 32 / 64 */
#define KTH_DTYPES (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8))
/* Median family: BF16 on DAV_2201 and the regbase arch */
#define MEDIAN_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(UINT8) | DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64))

static int is_float_dt(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

static aclemu_family family(void) { return aclemu_op_profile()->family; }

static aclemu_dtype_set median_dtypes(void)
{
    aclemu_family f = family();
    return MEDIAN_DTYPES | (f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950 ? DT(BF16) : 0);
}

/* Records the SortLines launch of a select mode. d: the line dim, or -1 for one line over the
 * whole of self (dims merged where the view allows). Outputs have self's shape with dim d
 * removed (keep == false) or of size 1; for d == -1 they hold one element. */
static aclnnStatus select_launch(aclOpExecutor *ex, const aclTensor *self, int64_t d, bool keep, int sel, int64_t kth,
                                 const aclTensor *values, const aclTensor *indices)
{
    const char *api = aclemu_exec_api(ex);
    sort_args a;
    memset(&a, 0, sizeof a);
    a.in_dtype = self->dtype;
    a.val_dtype = values ? values->dtype : self->dtype;
    a.idx_dtype = indices ? indices->dtype : ACL_INT64;
    a.select = sel;
    a.is_float = is_float_dt(self->dtype);
    a.kth = kth;
    a.in_off = self->offset;
    a.val_off = values ? values->offset : 0;
    a.idx_off = indices ? indices->offset : 0;
    a.len = 1;
    if (d < 0) {
        a.len = aclemu_tensor_numel(self);
        for (uint32_t i = 0; i < self->ndim; i++) {
            int64_t sz = self->shape[i];
            if (sz == 1)
                continue;
            int n = a.nf;
            if (n && a.fstride[n - 1] == self->stride[i] * sz) {
                a.fshape[n - 1] *= sz;
                a.fstride[n - 1] = self->stride[i];
            } else {
                a.fshape[n] = sz;
                a.fstride[n] = self->stride[i];
                a.nf++;
            }
        }
        if (a.nf <= 1) {
            a.sin = a.nf ? a.fstride[0] : 1;
            a.nf = 0;
        }
    } else {
        uint32_t oj = 0;
        for (uint32_t i = 0; i < self->ndim; i++) {
            int has_out = (int64_t)i != d || keep;
            int64_t vs = values && has_out ? values->stride[oj] : 0, xs = indices && has_out ? indices->stride[oj] : 0;
            oj += has_out;
            if ((int64_t)i == d) {
                a.len = self->shape[i];
                a.sin = self->stride[i];
                continue;
            }
            sort_args_add_outer_dim(&a, self->shape[i], self->stride[i], vs, xs);
        }
    }
    if (a.len > ((int64_t)1 << 36))
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                               "sorting lines of more than 2^36 elements is not supported.");
    a.k = a.len; /* the whole line is sorted, one entry written */
    a.nlines = 1;
    for (int i = 0; i < a.nl; i++)
        a.nlines *= a.lshape[i];
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)a.nlines, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(4096 / (a.len + 1) + 1), 1,
                   &bd, &per);
    a.lines_per_block = (int64_t)per;
    a.ws_per_block = (a.len * 32 + 63) / 64 * 64;
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
    return indices ? aclemu_exec_bind_tensor(ex, b, &b->idx, indices) : ACLNN_SUCCESS;
}

/* out must have self's shape with dim d removed (or 1 with keep). */
static aclnnStatus chk_reduced_out(const char *api, const aclTensor *self, int64_t d, bool keep, const aclTensor *out,
                                   const char *name)
{
    int64_t want[ACLEMU_KMAX_RANK];
    uint32_t r = 0;
    for (uint32_t i = 0; i < self->ndim; i++) {
        if ((int64_t)i != d) want[r++] = self->shape[i];
        else if (keep) want[r++] = 1;
    }
    if (out->ndim == r && !memcmp(out->shape, want, r * sizeof(int64_t)))
        return ACLNN_SUCCESS;
    char a[256], b[256];
    return ACLEMU_PARAM_ERROR(api, "%s shape should be %s, but current is %s.", name, aclemu_shape_str(want, r, a, sizeof a),
                              aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
}

static aclnnStatus chk_rank(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, t, name)) || (st = aclemu_check_shape(api, t, name, ACLEMU_MAX_RANK)))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Kthvalue(aclOpExecutor *executor, const aclTensor *self, int64_t k, int64_t dim, bool keepdim,
                                 aclTensor *valuesOut, aclTensor *indicesOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, valuesOut, "valuesOut")) ||
        (st = aclemu_check_notnull(api, indicesOut, "indicesOut")))
        return st;
    /* k and dim first, then dtypes, then the rank (CheckParams of aclnn_kthvalue.cpp) */
    int64_t n = (int64_t)self->ndim;
    if (n == 0 && dim != 0 && dim != -1)
        return ACLEMU_PARAM_ERROR(api, "The shape of input is invalid");
    if (n > 0 && (dim < -n || dim >= n))
        return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [-%lld, %lld], but got %lld)",
                                  (long long)n, (long long)(n - 1), (long long)dim);
    int64_t d = n == 0 ? 0 : dim < 0 ? dim + n : dim;
    int64_t len = n ? self->shape[d] : 1;
    if (k <= 0 || k > len)
        return ACLEMU_PARAM_ERROR(api, "Selected index k out of range (max num of self.size(%lld) is %lld, but k is %lld)",
                                  (long long)n, (long long)len, (long long)k);
    aclemu_family f = family();
    aclemu_dtype_set dts = KTH_DTYPES | (f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 ? DT(BF16) : 0) |
                           (f == ACLEMU_FAMILY_950 ? DT(BF16) | DT(UINT16) | DT(UINT32) | DT(UINT64) : 0);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) ||
        (st = aclemu_check_same_dtype(api, self, "self", valuesOut, "valuesOut")) ||
        (st = aclemu_check_dtype(api, indicesOut, "indicesOut", DT(INT64))))
        return st;
    if ((st = chk_rank(api, self, "self")))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if ((st = chk_reduced_out(api, self, n ? d : -1, keepdim, valuesOut, "valuesOut")) ||
        (st = chk_reduced_out(api, self, n ? d : -1, keepdim, indicesOut, "indicesOut")))
        return st;
    return select_launch(executor, self, n ? d : 0, keepdim, SORT_SEL_KTH, k - 1, valuesOut, indicesOut);
}

/* Median / NanMedian of all elements: dtypes, ranks, BF16 with a last dim of 1 refused. */
static aclnnStatus chk_median_all(const char *api, const aclTensor *self, const aclTensor *out, const char *on)
{
    aclnnStatus st;
    aclemu_dtype_set dts = median_dtypes();
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, on)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, out, on, dts)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, on)))
        return st;
    if ((st = chk_rank(api, self, "self")) || (st = chk_rank(api, out, on)))
        return st;
    if (self->ndim && self->dtype == ACL_BF16 && self->shape[self->ndim - 1] == 1)
        return ACLEMU_PARAM_ERROR(api, "The last axis value is not support 1 when input type is BF16.");
    return ACLNN_SUCCESS;
}

/* out filled with one value (the empty-self results of the median family). */
static aclnnStatus fill_out(aclOpExecutor *ex, const aclTensor *out, double fv, int64_t iv)
{
    aclnnStatus st;
    const aclTensor *none[1] = {NULL};
    fill_scalar_args *a = (fill_scalar_args *)aclemu_ew_launch(ex, "Fill", sizeof(fill_scalar_args), out, none, 0, &st);
    if (!a)
        return st;
    switch (out->dtype) {
    case ACL_FLOAT: { float x = (float)fv; memcpy(a->elem, &x, 4); break; }
    case ACL_FLOAT16: { uint16_t h = aclemu_float_to_half((float)fv); memcpy(a->elem, &h, 2); break; }
    case ACL_BF16: { uint16_t h = aclemu_float_to_bf16((float)fv); memcpy(a->elem, &h, 2); break; }
    case ACL_INT8: case ACL_UINT8: a->elem[0] = (unsigned char)iv; break;
    case ACL_INT16: { int16_t x = (int16_t)iv; memcpy(a->elem, &x, 2); break; }
    case ACL_INT32: { int32_t x = (int32_t)iv; memcpy(a->elem, &x, 4); break; }
    default: memcpy(a->elem, &iv, 8); break;
    }
    return ACLNN_SUCCESS;
}

/* One element of the order statistic into out (any shape of one element). */
static aclnnStatus chk_one_element(const char *api, const aclTensor *out, const char *on)
{
    if (aclemu_tensor_numel(out) == 1)
        return ACLNN_SUCCESS;
    char b[256];
    return ACLEMU_PARAM_ERROR(api, "%s shape should hold one element, but current is %s.", on,
                              aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
}

aclnnStatus aclemu_plan_Median(aclOpExecutor *executor, const aclTensor *self, aclTensor *valuesOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = chk_median_all(api, self, valuesOut, "valuesOut")))
        return st;
    if (aclemu_tensor_numel(valuesOut) == 0)
        return ACLNN_SUCCESS;
    if (aclemu_tensor_numel(self) == 0) {
        /* DealMedianEmptyTensor: NaN for floats, the type's minimum for INT64 / INT32, else 0 */
        int64_t iv = self->dtype == ACL_INT64 ? INT64_MIN : self->dtype == ACL_INT32 ? INT32_MIN : 0;
        return fill_out(executor, valuesOut, NAN, iv);
    }
    if ((st = chk_one_element(api, valuesOut, "valuesOut")))
        return st;
    return select_launch(executor, self, -1, false, SORT_SEL_MEDIAN, 0, valuesOut, NULL);
}

aclnnStatus aclemu_plan_NanMedian(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = chk_median_all(api, self, out, "out")))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return aclemu_tensor_numel(out) ? fill_out(executor, out, NAN, 0) : ACLNN_SUCCESS; /* NaN (0 for ints) */
    if ((st = chk_one_element(api, out, "out")))
        return st;
    return select_launch(executor, self, -1, false, SORT_SEL_NANMEDIAN, 0, out, NULL);
}

/* MedianDim / NanMedianDim: null -> dtypes (indicesOut INT64) -> dim -> ranks (out rank n - 1,
 * or n with keepDim, 0 for a 0-d self) -> BF16 with a dim of size 1 refused. */
static aclnnStatus plan_median_dim(aclOpExecutor *ex, const aclTensor *self, int64_t dim, bool keep,
                                   const aclTensor *values, const aclTensor *indices, int sel)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, values, "valuesOut")) ||
        (st = aclemu_check_notnull(api, indices, "indicesOut")))
        return st;
    aclemu_dtype_set dts = median_dtypes();
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, values, "valuesOut", dts)) ||
        (st = aclemu_check_same_dtype(api, self, "self", values, "valuesOut")) ||
        (st = aclemu_check_dtype(api, indices, "indicesOut", DT(INT64))))
        return st;
    int64_t n = (int64_t)self->ndim, lo = -n < n - 1 ? -n : n - 1, hi = -n < n - 1 ? n - 1 : -n;
    if (dim < lo || dim > hi)
        return ACLEMU_PARAM_ERROR(api, "dim should be in range [%lld, %lld].", (long long)lo, (long long)hi);
    if ((st = chk_rank(api, self, "self")) || (st = chk_rank(api, values, "valuesOut")) ||
        (st = chk_rank(api, indices, "indicesOut")))
        return st;
    uint32_t want = n == 0 ? 0 : keep ? (uint32_t)n : (uint32_t)n - 1;
    if (values->ndim != want)
        return ACLEMU_PARAM_ERROR(api, "valuesOut dim num %u should be %u.", values->ndim, want);
    if (indices->ndim != want)
        return ACLEMU_PARAM_ERROR(api, "indicesOut dim num %u should be %u.", indices->ndim, want);
    int64_t d = n == 0 ? 0 : dim < 0 ? dim + n : dim;
    if (n && self->dtype == ACL_BF16 && self->shape[d] == 1)
        return ACLEMU_PARAM_ERROR(api, "The dim axis value is not support 1 when input type is BF16.");
    if (sel == SORT_SEL_NANMEDIAN && n && self->shape[d] == 0)
        return ACLEMU_PARAM_ERROR(api, "Expected reduction dim %lld to have non-zero size.", (long long)d);
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(values) == 0 || aclemu_tensor_numel(indices) == 0)
        return ACLNN_SUCCESS;
    if ((st = chk_reduced_out(api, self, n ? d : -1, keep, values, "valuesOut")) ||
        (st = chk_reduced_out(api, self, n ? d : -1, keep, indices, "indicesOut")))
        return st;
    return select_launch(ex, self, d, keep, sel, 0, values, indices);
}

aclnnStatus aclemu_plan_MedianDim(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool keepDim,
                                  aclTensor *valuesOut, aclTensor *indicesOut)
{
    return plan_median_dim(executor, self, dim, keepDim, valuesOut, indicesOut, SORT_SEL_MEDIAN);
}

aclnnStatus aclemu_plan_NanMedianDim(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool keepDim,
                                     aclTensor *valuesOut, aclTensor *indicesOut)
{
    return plan_median_dim(executor, self, dim, keepDim, valuesOut, indicesOut, SORT_SEL_NANMEDIAN);
}
