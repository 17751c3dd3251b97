/* aclnnScatter / aclnnScatterValue / aclnnInplaceScatter(Value) (ops-nn index/scatter_elements_v2,
 * aclnn_scatter.cpp), checks in the real order:
 *  - null self, index, src (value), out;
 *  - (ScatterValue) a complex value needs a complex self;
 *  - self's dtype in UINT8, INT8, INT16, INT32, INT64, BOOL, FLOAT16, FLOAT, DOUBLE, COMPLEX64,
 *    COMPLEX128 (+ BF16 on A2 / A3 / 950); src and out of self's dtype; a non-empty index INT32
 *    or INT64;
 *  - an empty index: out = self, nothing else is checked;
 *  - self, index, src of one rank (0-d counted as 1-d on the 950); out of self's shape (unless
 *    out is 0-d); index no larger than src in any dim, nor than self in any dim but `dim`;
 *    rank <= 8; dim in [-rank, rank - 1];
 *  - reduce: 0 none, 1 add, 2 mul (documented), 3 max, 4 min, 5 mean (experimental in the real
 *    code); other values fall back to none as the real GetReduceStr does.
 * aclnnScatterAdd (reduce add) and aclnnScatterReduce (+Inplace, with includeSelf) first refuse a
 * reduce outside [0, 5] ("reduce must be one of ..."); ScatterReduce on A2 / A3 (DAV_2201) only
 * takes FLOAT + sum + includeSelf, as the real op_api says. Mean and includeSelf = false use a
 * workspace of per-target counters (see scatter_args.h).
 * Index values are range-checked by the kernel before it writes (a kernel error, like the
 * device-side check of the real kernel). */
#include "aclemu_plans.h"
#include "scatter_args.h"

#define SCATTER_910                                                                                           \
    (ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) |                \
     ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) |              \
     ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))
#define SCATTER_COMPLEX (ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))

static aclemu_dtype_set self_dtypes(void)
{
    int fam = aclemu_op_profile()->family;
    return SCATTER_910 | (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3 || fam == ACLEMU_FAMILY_950
                              ? ACLEMU_DT(ACL_BF16) : 0);
}

/* a no larger than b in every dim (but `skip`) over the smaller rank, as CompareTensorShape. */
static int not_larger(const aclTensor *a, const aclTensor *b, int64_t skip)
{
    uint32_t n = a->ndim < b->ndim ? a->ndim : b->ndim;
    for (uint32_t i = 0; i < n; i++)
        if ((int64_t)i != skip && b->shape[i] < a->shape[i])
            return 0;
    return 1;
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *self, const char *sname, int64_t dim, const aclTensor *index,
                        int is_value, const aclTensor *src, const aclScalar *value, int64_t reduce, int include_self,
                        const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if (is_value) {
        if (!self || !index || !value || !out)
            return ACLEMU_NULL_ERROR(api, "%s, index, value, out cannot be nullptr!", sname);
    } else if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, index, "index")) ||
               (st = aclemu_check_notnull(api, src, "src")) || (st = aclemu_check_notnull(api, out, "out"))) {
        return st;
    }
    if (value && !aclemu_dtype_in(self->dtype, SCATTER_COMPLEX) && aclemu_dtype_in(value->dtype, SCATTER_COMPLEX))
        return ACLEMU_PARAM_ERROR(api, "When value is COMPLEX, the data type of self must be COMPLEX.");
    if ((st = aclemu_check_dtype(api, self, sname, self_dtypes())) ||
        (src && (st = aclemu_check_same_dtype(api, self, sname, src, "src"))) ||
        (out != self && (st = aclemu_check_same_dtype(api, self, sname, out, "out"))))
        return st;
    int64_t inumel = aclemu_tensor_numel(index);
    if (inumel != 0 && (st = aclemu_check_dtype(api, index, "index", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
        return st;
    if (reduce < SCATTER_NONE || reduce > SCATTER_MEAN)
        reduce = SCATTER_NONE; /* the real GetReduceStr: anything else is "none" */
    if (aclemu_dtype_in(self->dtype, SCATTER_COMPLEX) && (reduce == SCATTER_MAX || reduce == SCATTER_MIN))
        return ACLEMU_PARAM_ERROR(api, "reduce %lld (max / min) is not defined for complex self.", (long long)reduce);
    if (inumel == 0) {
        if (out == self)
            return ACLNN_SUCCESS;
        if ((st = aclemu_check_same_shape(api, self, sname, out, "out")))
            return st;
        const aclTensor *in[1] = {self};
        aclemu_ew_launch(ex, "ViewCopy", sizeof(aclemu_ew), out, in, 1, &st);
        return st;
    }
    uint32_t sr = self->ndim, ir = index->ndim, cr = src ? src->ndim : ir;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950) {
        sr = sr ? sr : 1;
        ir = ir ? ir : 1;
        cr = cr ? cr : 1;
    }
    if (sr != ir || sr != cr)
        return ACLEMU_PARAM_ERROR(api, "expect self, index, src have same number of dimensions.");
    if (out->ndim != 0 && (st = aclemu_check_same_shape(api, self, sname, out, "out")))
        return st;
    int64_t rank = (int64_t)self->ndim;
    int64_t fdim = dim < 0 ? (dim + rank >= 0 ? dim + rank : 0) : (dim < rank ? dim : rank - 1);
    char b1[160], b2[160];
    if (src && !not_larger(index, src, -1))
        return ACLEMU_PARAM_ERROR(api, "Expect index shape %s should be smaller than src shape %s in each dimension.",
                                  aclemu_shape_str(index->shape, index->ndim, b1, sizeof b1),
                                  aclemu_shape_str(src->shape, src->ndim, b2, sizeof b2));
    if (!not_larger(index, self, fdim))
        return ACLEMU_PARAM_ERROR(api,
                                  "Apart from dimension %lld, index shape %s should be smaller than self shape %s in "
                                  "each dimension.",
                                  (long long)dim, aclemu_shape_str(index->shape, index->ndim, b1, sizeof b1),
                                  aclemu_shape_str(self->shape, self->ndim, b2, sizeof b2));
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, index, "index", ACLEMU_MAX_RANK)) ||
        (src && (st = aclemu_check_shape(api, src, "src", ACLEMU_MAX_RANK))))
        return st;
    int64_t hi = rank > 0 ? rank - 1 : 0, lo = rank > 0 ? -rank : -1;
    if (dim > (hi > lo ? hi : lo) || dim < (hi < lo ? hi : lo))
        return ACLEMU_PARAM_ERROR(api, "dim must be in range [%lld, %lld].", (long long)(hi < lo ? hi : lo),
                                  (long long)(hi > lo ? hi : lo));
    if (aclemu_tensor_numel(self) == 0)
        return ACLEMU_PARAM_ERROR(api, "self is empty but index %s is not: nothing to scatter into.",
                                  aclemu_shape_str(index->shape, index->ndim, b1, sizeof b1));
    if (out != self) {
        const aclTensor *in[1] = {self};
        if (!aclemu_ew_launch(ex, "ViewCopy", sizeof(aclemu_ew), out, in, 1, &st) && st)
            return st;
    }
    int32_t d = (int32_t)(rank ? fdim : 0);
    uint64_t len = index->ndim ? (uint64_t)index->shape[d] : 1;
    uint64_t lines = (uint64_t)inumel / len;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (lines + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((lines + per - 1) / per);
    scatter_args *a = aclemu_exec_add_launch(ex, "ScatterElements", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(ex, a, &a->out, out)) || (st = aclemu_exec_tdesc(ex, a, &a->index, index)) ||
        (src && (st = aclemu_exec_tdesc(ex, a, &a->src, src))))
        return st;
    a->dim = d;
    a->reduce = (int32_t)reduce;
    a->include_self = include_self;
    if (reduce == SCATTER_MEAN || !include_self) { /* lines <= numel(out) / len(dim): bounded */
        uint64_t olen = self->ndim ? (uint64_t)self->shape[d] : 1;
        if ((st = aclemu_exec_bind_workspace(ex, a, &a->counts, aclemu_exec_alloc_workspace(ex, lines * olen * 8))))
            return st;
    }
    if (value) {
        a->has_value = 1;
        if (aclemu_dtype_in(value->dtype, SCATTER_COMPLEX)) {
            a->value_f[0] = value->dtype == ACL_COMPLEX64 ? value->v.c64[0] : value->v.c128[0];
            a->value_f[1] = value->dtype == ACL_COMPLEX64 ? value->v.c64[1] : value->v.c128[1];
        } else {
            a->value_f[0] = aclemu_scalar_to_f64(value);
        }
        a->value_i = aclemu_scalar_to_i64(value);
    }
    a->lines = lines;
    a->lines_per_block = per;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Scatter(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                const aclTensor *src, int64_t reduce, aclTensor *out)
{
    return plan(executor, self, "self", dim, index, 0, src, NULL, reduce, 1, out);
}

aclnnStatus aclemu_plan_ScatterValue(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                     const aclScalar *value, int64_t reduce, aclTensor *out)
{
    return plan(executor, self, "self", dim, index, 1, NULL, value, reduce, 1, out);
}

aclnnStatus aclemu_plan_InplaceScatter(aclOpExecutor *executor, aclTensor *selfRef, int64_t dim, const aclTensor *index,
                                       const aclTensor *src, int64_t reduce)
{
    return plan(executor, selfRef, "selfRef", dim, index, 0, src, NULL, reduce, 1, selfRef);
}

aclnnStatus aclemu_plan_InplaceScatterValue(aclOpExecutor *executor, aclTensor *selfRef, int64_t dim,
                                            const aclTensor *index, const aclScalar *value, int64_t reduce)
{
    return plan(executor, selfRef, "selfRef", dim, index, 1, NULL, value, reduce, 1, selfRef);
}

/* ScatterReduce's own checks, before the common ones: the A2 / A3 restriction, then the range
 * of reduce (the names are the real GetReduceStr's). */
static aclnnStatus reduce_checks(const char *api, const aclTensor *self, int64_t reduce, bool include_self, int arch_check)
{
    static const char *const names[] = {"none", "add", "mul", "max", "min", "mean"};
    int fam = aclemu_op_profile()->family;
    if (arch_check && self && (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3) &&
        !(self->dtype == ACL_FLOAT && reduce == SCATTER_ADD && include_self))
        return ACLEMU_PARAM_ERROR(api,
                                  "scatter_reduce only supports dtype=float32, reduce=sum, include_self=true. Got "
                                  "dtype=%s, reduce=%s, include_self=%d.",
                                  aclemu_dtype_name(self->dtype),
                                  names[reduce >= SCATTER_NONE && reduce <= SCATTER_MEAN ? reduce : 0], include_self ? 1 : 0);
    if (reduce < SCATTER_NONE || reduce > SCATTER_MEAN)
        return ACLEMU_PARAM_ERROR(api, "reduce must be one of [0(none), 1(add), 2(mul), 3(max), 4(min), 5(mean)].");
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ScatterAdd(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                   const aclTensor *src, aclTensor *out)
{
    return plan(executor, self, "self", dim, index, 0, src, NULL, SCATTER_ADD, 1, out);
}

aclnnStatus aclemu_plan_ScatterReduce(aclOpExecutor *executor, const aclTensor *self, int64_t dim, const aclTensor *index,
                                      const aclTensor *src, int64_t reduce, bool includeSelf, aclTensor *out)
{
    aclnnStatus st = reduce_checks(aclemu_exec_api(executor), self, reduce, includeSelf, 1);
    return st ? st : plan(executor, self, "self", dim, index, 0, src, NULL, reduce, includeSelf, out);
}

aclnnStatus aclemu_plan_InplaceScatterReduce(aclOpExecutor *executor, aclTensor *selfRef, int64_t dim,
                                             const aclTensor *index, const aclTensor *src, int64_t reduce,
                                             bool includeSelf)
{
    aclnnStatus st = reduce_checks(aclemu_exec_api(executor), selfRef, reduce, includeSelf, 1);
    return st ? st : plan(executor, selfRef, "selfRef", dim, index, 0, src, NULL, reduce, includeSelf, selfRef);
}
