/* aclnnSinkhorn: checks as math/sinkhorn/op_api/aclnn_sinkhorn.cpp of hicann/ops-math (null
 * cost / p -> dtypes FLOAT / FLOAT16 (+ BFLOAT16 on A2/A3) -> cost 2-D, p of cost's shape, at
 * most 4096 columns -> empty: nothing). tol may be NULL: 0.0001 as the real op takes it. */
#include "aclemu_plans.h"
#include "sinkhorn_args.h"

aclnnStatus aclemu_plan_Sinkhorn(aclOpExecutor *executor, const aclTensor *cost, const aclScalar *tol, aclTensor *p)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, cost, "cost")) || (st = aclemu_check_notnull(api, p, "p")))
        return st;
    const aclemu_dtype_set list = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, cost, "cost", list)) || (st = aclemu_check_dtype(api, p, "p", list)))
        return st;
    if ((st = aclemu_check_shape(api, cost, "cost", 8)) || (st = aclemu_check_shape(api, p, "p", 8)))
        return st;
    if (cost->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "cost dim num %u should be 2.", cost->ndim);
    if ((st = aclemu_check_same_shape(api, cost, "cost", p, "p")))
        return st;
    if (cost->shape[1] > 4096)
        return ACLEMU_PARAM_ERROR(api, "the column number of cost is %lld, it cannot be larger than 4096.", (long long)cost->shape[1]);
    int64_t r = cost->shape[0], c = cost->shape[1];
    if (r == 0 || c == 0)
        return ACLNN_SUCCESS;
    if (r > ((int64_t)1 << 30))
        return ACLEMU_PARAM_ERROR(api, "cost has too many rows.");
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)(r * c + r + 2 * c) * sizeof(double));
    sinkhorn_args *a = (sinkhorn_args *)aclemu_exec_add_launch(executor, "Sinkhorn", 1, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->r = r;
    a->c = c;
    a->tol = tol ? (double)(float)aclemu_scalar_to_f64(tol) : 0.0001; /* read as a float, as ToFloat */
    const aclTensor *t[2] = {cost, p};
    for (int k = 0; k < 2; k++) {
        a->v[k].dtype = t[k]->dtype;
        a->v[k].off = t[k]->offset;
        a->v[k].rs = t[k]->stride[0];
        a->v[k].cs = t[k]->stride[1];
        if ((st = aclemu_exec_bind_tensor(executor, a, &a->v[k].base, t[k])))
            return st;
    }
    return aclemu_exec_bind_workspace(executor, a, &a->ws, ws);
}
