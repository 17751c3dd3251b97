/* Row-norm launches; see norm_rows_plan.h. */
#include <string.h>

#include "nn_cbuf.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

#define NR_MAX_OPS 16

static aclnnStatus launch(aclOpExecutor *ex, const char *kernel, const void *tmpl, size_t size, int64_t rows,
                          int64_t n, double eps, const nr_operand *ops, int nops, int nparts, uint64_t *parts_ws,
                          uint32_t *blocks)
{
    if (nops > NR_MAX_OPS)
        return ACLNN_ERR_INNER;
    nn_stage st_ops[NR_MAX_OPS];
    aclnnStatus st;
    for (int i = 0; i < nops; i++) {
        if (ops[i].ws1) { /* a workspace buffer: contiguous, never packed or unpacked */
            memset(&st_ops[i], 0, sizeof st_ops[i]);
            st_ops[i].t = ops[i].t;
            st_ops[i].staged = 1;
            st_ops[i].ws = ops[i].ws1 - 1;
            st_ops[i].dtype = (int32_t)ops[i].t->dtype;
            continue;
        }
        st = ops[i].out ? nn_stage_out(ex, ops[i].t, ops[i].perm, -1, &st_ops[i])
                        : nn_stage_in(ex, ops[i].t, ops[i].perm, -1, &st_ops[i]);
        if (st)
            return st;
    }
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)n, &bd, &per);
    uint64_t parts = nparts ? aclemu_exec_alloc_workspace(ex, (uint64_t)nparts * bd * (uint64_t)n * sizeof(float)) : 0;
    char *blob = (char *)aclemu_exec_add_launch(ex, kernel, bd, size);
    if (!blob)
        return ACLNN_ERR_INNER;
    memcpy(blob, tmpl, size);
    nr_rows *h = (nr_rows *)blob;
    h->rows = rows;
    h->n = n;
    h->rows_per_block = (int64_t)per;
    h->eps = eps;
    h->nparts = nparts;
    h->parts = 0;
    if (nparts && (st = aclemu_exec_bind_workspace(ex, blob, &h->parts, parts)))
        return st;
    if (parts_ws)
        *parts_ws = parts;
    if (blocks)
        *blocks = bd;
    for (int i = 0; i < nops; i++)
        if ((st = nn_stage_bind(ex, blob, (nn_cbuf *)(blob + ops[i].field), &st_ops[i])))
            return st;
    for (int i = 0; i < nops; i++)
        if (ops[i].out && !ops[i].ws1 && (st = nn_stage_out_finish(ex, &st_ops[i])))
            return st;
    return ACLNN_SUCCESS;
}

aclnnStatus nr_launch(aclOpExecutor *ex, const char *kernel, const void *tmpl, size_t size, int64_t rows, int64_t n,
                      double eps, const nr_operand *ops, int nops)
{
    if (rows == 0 || n == 0)
        return ACLNN_SUCCESS;
    return launch(ex, kernel, tmpl, size, rows, n, eps, ops, nops, 0, NULL, NULL);
}

aclnnStatus nr_launch_sums(aclOpExecutor *ex, const char *kernel, const void *tmpl, size_t size, int64_t rows,
                           int64_t n, double eps, const nr_operand *ops, int nops, const aclTensor *const *sums,
                           const char *const *sum_names, int nparts)
{
    aclnnStatus st;
    if (n == 0)
        return ACLNN_SUCCESS;
    if (rows == 0) { /* nothing to reduce: the sums are 0 */
        for (int k = 0; k < nparts; k++)
            if (sums[k] && (st = nn_fill(ex, sums[k], sum_names[k], 0.0)))
                return st;
        return ACLNN_SUCCESS;
    }
    uint64_t parts;
    uint32_t bd;
    if ((st = launch(ex, kernel, tmpl, size, rows, n, eps, ops, nops, nparts, &parts, &bd)))
        return st;
    for (int k = 0; k < nparts; k++) {
        if (!sums[k])
            continue;
        nn_stage so;
        if ((st = nn_stage_out(ex, sums[k], NULL, -1, &so)) ||
            (st = nn_sum_parts(ex, parts + (uint64_t)k * bd * (uint64_t)n * sizeof(float), bd, n, &so)))
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus nr_split_rows(const char *api, aclnnStatus code, const aclTensor *x, const char *xn, const aclTensor *inner,
                          const char *in, int64_t *rows, int64_t *n)
{
    char a[256], b[256];
    int ok = inner->ndim >= 1 && inner->ndim <= x->ndim;
    uint32_t begin = ok ? x->ndim - inner->ndim : 0;
    for (uint32_t i = 0; ok && i < inner->ndim; i++)
        ok = inner->shape[i] == x->shape[begin + i];
    if (!ok)
        return aclemu_op_error(code, ACLEMU_ERRCODE_PARAM, api, "%s shape %s should equal the trailing dims of %s shape %s.",
                               in, aclemu_shape_str(inner->shape, inner->ndim, a, sizeof a), xn,
                               aclemu_shape_str(x->shape, x->ndim, b, sizeof b));
    *rows = nn_prod(x->shape, 0, begin);
    *n = nn_prod(x->shape, begin, x->ndim);
    return ACLNN_SUCCESS;
}

aclnnStatus nr_check_row_stat(const char *api, aclnnStatus code, const aclTensor *t, const char *name, int64_t rows)
{
    if (!t || aclemu_tensor_numel(t) == rows)
        return ACLNN_SUCCESS;
    char a[256];
    return aclemu_op_error(code, ACLEMU_ERRCODE_PARAM, api, "%s shape %s should hold one value per row (%lld).", name,
                           aclemu_shape_str(t->shape, t->ndim, a, sizeof a), (long long)rows);
}

int nr_shape_eq(const aclTensor *a, const aclTensor *b)
{
    int same = a->ndim == b->ndim;
    for (uint32_t i = 0; same && i < a->ndim; i++)
        same = a->shape[i] == b->shape[i];
    return same;
}

aclnnStatus nr_same_shape(const char *api, aclnnStatus code, const aclTensor *a, const char *an, const aclTensor *b,
                          const char *bn)
{
    if (nr_shape_eq(a, b))
        return ACLNN_SUCCESS;
    char sa[256], sb[256];
    return aclemu_op_error(code, ACLEMU_ERRCODE_PARAM, api, "%s shape %s should equal %s shape %s.", bn,
                           aclemu_shape_str(b->shape, b->ndim, sb, sizeof sb), an,
                           aclemu_shape_str(a->shape, a->ndim, sa, sizeof sa));
}
