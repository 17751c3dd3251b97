/* aclnnSituGlu / aclnnSituGluGrad (A2 / A3 / 950). Their aclnn layer is the generated one: nulls,
 * dtypes (FLOAT, FLOAT16, BF16, every tensor of x's dtype), ND formats, ranks <= 8, the chip; then
 * the tiling's refusals (561002): dim in [-rank, rank-1], x[dim] even, y (gradY) of x's rank with
 * [dim] = x[dim] / 2 (and the other dims equal). gate and up are the halves of x along dim
 * (activateLeft: gate first); the backward writes both halves of out (x's shape). Empty x runs
 * nothing. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* The common checks; half: the tensor of the halves' shape (out of the forward, gradY of the
 * backward), full: the backward's out (bwd 1). */
static aclnnStatus check(const char *api, const aclTensor *x, const aclTensor *half, const char *hname,
                         const char *hname_tiling, int bwd, const aclTensor *full, int64_t dim, uint32_t *d)
{
    aclnnStatus st;
    if ((bwd && (st = aclemu_check_notnull(api, half, hname))) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, bwd ? full : half, bwd ? "out" : hname)))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACT_FLOATS)) || (st = aclemu_check_same_dtype(api, x, "x", half, hname)) ||
        (full && (st = aclemu_check_same_dtype(api, x, "x", full, "out"))))
        return st;
    const aclTensor *ts[3] = {x, half, full};
    const char *ns[3] = {"x", hname, "out"};
    for (int i = 0; i < 3; i++)
        if (ts[i] && ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK))))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    int64_t rank = x->ndim;
    if (dim > rank - 1 || dim < -rank)
        return TILING_ERROR(api, "dim should in [-%lld, %lld], but get %lld.", (long long)rank, (long long)rank - 1,
                            (long long)dim);
    *d = (uint32_t)(dim < 0 ? dim + rank : dim);
    if (x->shape[*d] % 2)
        return TILING_ERROR(api, "x[dim] should be divisible by 2, but get %lld.", (long long)x->shape[*d]);
    if (half->ndim != x->ndim)
        return TILING_ERROR(api, "the number of dimensions of %s should be equal to dimensions of x, but get %lld.",
                            hname_tiling, (long long)half->ndim);
    if (half->shape[*d] != x->shape[*d] / 2)
        return TILING_ERROR(api, "%s[dim] should be equal to x[dim] divided by 2, but get %lld, expected %lld.",
                            hname_tiling, (long long)half->shape[*d], (long long)x->shape[*d] / 2);
    for (uint32_t i = 0; i < x->ndim; i++)
        if (i != *d && half->shape[i] != x->shape[i])
            return TILING_ERROR(api, "%s should have the shape of x but for dim, but dim %u differs.", hname_tiling, i);
    return full ? aclemu_check_same_shape(api, full, "out", x, "x") : ACLNN_SUCCESS;
}

static act_params params(double beta, double linear_beta)
{
    act_params p = act_params_default();
    p.scale = (float)beta;
    p.lambd = (float)linear_beta;
    return p;
}

aclnnStatus aclemu_plan_SituGlu(aclOpExecutor *executor, const aclTensor *x, int64_t dim, double beta,
                                double linearBeta, bool activateLeft, const aclTensor *out)
{
    uint32_t d;
    aclnnStatus st = check(aclemu_exec_api(executor), x, out, "out", "y", 0, NULL, dim, &d);
    if (st || aclemu_tensor_numel(x) == 0)
        return st;
    int64_t h = x->shape[d] / 2;
    act_view gate, up;
    act_view_slice(&gate, x, d, activateLeft ? 0 : h, h);
    act_view_slice(&up, x, d, activateLeft ? h : 0, h);
    act_params p = params(beta, linearBeta);
    const act_view *views[2] = {&gate, &up};
    return act_launch(executor, "SituGlu", ACT_SITU_GLU, &p, (const aclTensor *[]){out}, 1,
                      (const aclTensor *[]){&gate.view, &up.view}, 2, views, 2);
}

aclnnStatus aclemu_plan_SituGluGrad(aclOpExecutor *executor, const aclTensor *gradY, const aclTensor *x, int64_t dim,
                                    double beta, double linearBeta, bool activateLeft, const aclTensor *out)
{
    uint32_t d;
    aclnnStatus st = check(aclemu_exec_api(executor), x, gradY, "gradY", "grad_y", 1, out, dim, &d);
    if (st || aclemu_tensor_numel(x) == 0)
        return st;
    int64_t h = x->shape[d] / 2, g0 = activateLeft ? 0 : h, u0 = activateLeft ? h : 0;
    act_view gate, up, ogate, oup;
    act_view_slice(&gate, x, d, g0, h);
    act_view_slice(&up, x, d, u0, h);
    act_view_slice(&ogate, out, d, g0, h);
    act_view_slice(&oup, out, d, u0, h);
    act_params p = params(beta, linearBeta);
    const act_view *views[4] = {&gate, &up, &ogate, &oup};
    const aclTensor *ins[3] = {gradY, &gate.view, &up.view};
    if ((st = act_launch(executor, "SituGluGrad", ACT_SITU_GLU_BWD_GATE, &p, (const aclTensor *[]){&ogate.view}, 1, ins,
                         3, views, 4)))
        return st;
    return act_launch(executor, "SituGluGrad", ACT_SITU_GLU_BWD_UP, &p, (const aclTensor *[]){&oup.view}, 1, ins, 3,
                      views, 4);
}
