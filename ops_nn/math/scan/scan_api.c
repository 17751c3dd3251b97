/* Planners of the ops-math cumulative ops. Checks follow op_api/aclnn_cumsum.cpp,
 * aclnn_cumprod.cpp, aclnn_cummax.cpp and aclnn_cummin.cpp of hicann/ops-math: null -> dtype
 * -> shape (out as self, rank <= 8) -> dim. Complex dtypes, which Cumsum's real list has, are
 * not supported yet and refused by the dtype check. */
#include <string.h>

#include "aclemu_plans.h"
#include "scan_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define INTS (DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8))
#define FLOATS (DT(FLOAT) | DT(FLOAT16) | DT(BF16) | DT(DOUBLE))
#define CUMSUM_DTYPES (FLOATS | INTS)
#define CUMMAX_DTYPES (FLOATS | INTS | DT(BOOL))
#define CUMPROD_DTYPES (FLOATS | INTS | DT(UINT16) | DT(UINT32) | DT(UINT64))
#define IDX_DTYPES (DT(INT32) | DT(INT64))
/* what the element conversion of the kernel reads (every real dtype but the complex ones) */
#define ANY_REAL (FLOATS | INTS | DT(BOOL) | DT(UINT16) | DT(UINT32) | DT(UINT64))

/* dim in [-n, n-1] (a 0-d tensor: [-1, 0]) */
static aclnnStatus scan_dim(const char *api, const aclTensor *self, int64_t dim, int64_t *wrapped)
{
    int64_t n = (int64_t)self->ndim, lo = n ? -n : -1, hi = n ? n - 1 : 0;
    if (dim < lo || dim > hi)
        return ACLEMU_PARAM_ERROR(api, "dim must be within the range of [%lld, %lld], but it is %lld.",
                                  (long long)lo, (long long)hi, (long long)dim);
    *wrapped = n == 0 ? -1 : dim < 0 ? dim + n : dim;
    return ACLNN_SUCCESS;
}

static aclnnStatus scan_shapes(const char *api, const aclTensor *self, const char *sn, const aclTensor *out,
                               const char *on, const aclTensor *idx)
{
    aclnnStatus st;
    if ((st = aclemu_check_format(api, self, sn)) || (st = aclemu_check_format(api, out, on)) ||
        (st = aclemu_check_shape(api, self, sn, ACLEMU_MAX_RANK)) || (st = aclemu_check_same_shape(api, self, sn, out, on)))
        return st;
    if (idx && ((st = aclemu_check_format(api, idx, "indicesOut")) ||
                (st = aclemu_check_same_shape(api, self, sn, idx, "indicesOut"))))
        return st;
    return ACLNN_SUCCESS;
}

/* Records the Scan launch over dim d (-1: a 0-d tensor, one line of one element). */
static aclnnStatus scan_launch(aclOpExecutor *ex, int op, const aclTensor *self, int64_t d, aclDataType comp,
                               const aclTensor *out, const aclTensor *idx, bool exclusive, bool reverse)
{
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    scan_args a;
    memset(&a, 0, sizeof a);
    a.op = op;
    a.in_dtype = self->dtype;
    a.comp_dtype = comp;
    a.out_dtype = out->dtype;
    a.idx_dtype = idx ? idx->dtype : ACL_INT64;
    a.exclusive = exclusive;
    a.reverse = reverse;
    a.in_off = self->offset;
    a.out_off = out->offset;
    a.idx_off = idx ? idx->offset : 0;
    a.len = 1;
    for (uint32_t i = 0; i < self->ndim; i++) {
        int64_t sz = self->shape[i], xs = idx ? idx->stride[i] : 0;
        if ((int64_t)i == d) {
            a.len = sz;
            a.sin = self->stride[i];
            a.sout = out->stride[i];
            a.sidx = xs;
            continue;
        }
        if (sz == 1)
            continue;
        int n = a.nl;
        if (n && a.lin[n - 1] == self->stride[i] * sz && a.lout[n - 1] == out->stride[i] * sz && a.lidx[n - 1] == xs * sz) {
            a.lshape[n - 1] *= sz;
            a.lin[n - 1] = self->stride[i];
            a.lout[n - 1] = out->stride[i];
            a.lidx[n - 1] = xs;
        } else {
            a.lshape[n] = sz;
            a.lin[n] = self->stride[i];
            a.lout[n] = out->stride[i];
            a.lidx[n] = xs;
            a.nl++;
        }
    }
    a.nlines = 1;
    for (int i = 0; i < a.nl; i++)
        a.nlines *= a.lshape[i];
    uint32_t maxb = aclemu_vector_core_num(aclemu_op_profile()), bd;
    uint64_t per;
    uint64_t min_lines = (uint64_t)(16384 / (a.len + 1) + 1);
    /* lines side by side (contiguous across them, the dim strided) go as wide rows: a block
     * takes at least 2048 of them, so each reads long runs of a row instead of scattered bits */
    if (a.nl > 0 && a.lin[a.nl - 1] == 1 && a.lout[a.nl - 1] == 1 && a.sin != 1 && min_lines < 2048)
        min_lines = 2048;
    aclemu_tile_1d((uint64_t)a.nlines, maxb ? maxb : 1, min_lines, 1, &bd, &per);
    a.lines_per_block = (int64_t)per;
    scan_args *b = (scan_args *)aclemu_exec_add_launch(ex, "Scan", bd, sizeof(scan_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    aclnnStatus st;
    if ((st = aclemu_exec_bind_tensor(ex, b, &b->in, self)) || (st = aclemu_exec_bind_tensor(ex, b, &b->out, out)))
        return st;
    return idx ? aclemu_exec_bind_tensor(ex, b, &b->idx, idx) : ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Cumsum(aclOpExecutor *executor, const aclTensor *self, int64_t dim, aclDataType dtype,
                               aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    /* the real check looks at out and dtype only: self is cast to out's dtype */
    if ((st = aclemu_check_dtype(api, out, "out", CUMSUM_DTYPES)) ||
        (st = aclemu_check_dtype_value(api, dtype, "dtype", CUMSUM_DTYPES)))
        return st;
    if (out->dtype != dtype)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be the same as dtype %s.", aclemu_dtype_name(out->dtype),
                                  aclemu_dtype_name(dtype));
    if ((st = aclemu_check_dtype(api, self, "self", ANY_REAL)))
        return st;
    if ((st = scan_shapes(api, self, "self", out, "out", NULL)) || (st = scan_dim(api, self, dim, &d)))
        return st;
    return scan_launch(executor, SCAN_SUM, self, d, dtype, out, NULL, false, false);
}

aclnnStatus aclemu_plan_CumsumV2(aclOpExecutor *executor, const aclTensor *self, int64_t dim, bool exclusive,
                                 bool reverse, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", CUMSUM_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", CUMSUM_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = scan_shapes(api, self, "self", out, "out", NULL)) || (st = scan_dim(api, self, dim, &d)))
        return st;
    return scan_launch(executor, SCAN_SUM, self, d, out->dtype, out, NULL, exclusive, reverse);
}

static aclnnStatus plan_cumprod(aclOpExecutor *ex, const aclTensor *input, const aclScalar *dim, aclDataType dtype,
                                const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, dim, "dim")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, input, "input", CUMPROD_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", CUMPROD_DTYPES)) ||
        (st = aclemu_check_dtype_value(api, dim->dtype, "dim", IDX_DTYPES)))
        return st;
    if (out->dtype != dtype)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be the same as dtype %s.", aclemu_dtype_name(out->dtype),
                                  aclemu_dtype_name(dtype));
    if ((st = scan_shapes(api, input, "input", out, "out", NULL)) ||
        (st = scan_dim(api, input, aclemu_scalar_to_i64(dim), &d)))
        return st;
    return scan_launch(ex, SCAN_PROD, input, d, dtype, out, NULL, false, false);
}

aclnnStatus aclemu_plan_Cumprod(aclOpExecutor *executor, const aclTensor *input, const aclScalar *dim,
                                const aclDataType dtype, aclTensor *out)
{
    return plan_cumprod(executor, input, dim, dtype, out);
}

aclnnStatus aclemu_plan_InplaceCumprod(aclOpExecutor *executor, aclTensor *input, const aclScalar *dim)
{
    return plan_cumprod(executor, input, dim, input ? input->dtype : ACL_DT_UNDEFINED, input);
}

static aclnnStatus plan_cumext(aclOpExecutor *ex, const aclTensor *self, int64_t dim, const aclTensor *values,
                               const aclTensor *indices, int op)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t d = -1;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, values, "valuesOut")) ||
        (st = aclemu_check_notnull(api, indices, "indicesOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", CUMMAX_DTYPES)) ||
        (st = aclemu_check_dtype(api, values, "valuesOut", CUMMAX_DTYPES)) ||
        (st = aclemu_check_dtype(api, indices, "indicesOut", IDX_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", values, "valuesOut")))
        return st;
    if ((st = scan_shapes(api, self, "self", values, "valuesOut", indices)) || (st = scan_dim(api, self, dim, &d)))
        return st;
    return scan_launch(ex, op, self, d, self->dtype, values, indices, false, false);
}

aclnnStatus aclemu_plan_Cummax(aclOpExecutor *executor, const aclTensor *self, int64_t dim, aclTensor *valuesOut,
                               aclTensor *indicesOut)
{
    return plan_cumext(executor, self, dim, valuesOut, indicesOut, SCAN_MAX);
}

aclnnStatus aclemu_plan_Cummin(aclOpExecutor *executor, const aclTensor *self, int64_t dim, aclTensor *valuesOut,
                               aclTensor *indicesOut)
{
    return plan_cumext(executor, self, dim, valuesOut, indicesOut, SCAN_MIN);
}
