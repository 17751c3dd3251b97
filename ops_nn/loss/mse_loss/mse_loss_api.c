/* aclnnMseLoss: self / target / out FLOAT, FLOAT16 (+ BF16 on A2/A3/950), self and target
 * broadcastable, rank <= 8; reduction 0 (out of the broadcast shape), 1 mean or 2 sum (out holds
 * one element). The reductions sum per-block partials (double) then finish in one block. */
#include "aclemu_plans.h"
#include "mse_loss_args.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_MseLoss(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                int64_t reduction, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, target, "target")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target", NN_FLOATS)) || (st = aclemu_check_dtype(api, out, "out", NN_FLOATS)))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, target, "target")) ||
        (st = aclemu_check_format(api, out, "out")))
        return st;
    int64_t b[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = aclemu_check_shape(api, target, "target", 8)) ||
        (st = aclemu_check_shape(api, out, "out", 8)) ||
        (st = aclemu_broadcast_shape(api, self, "self", target, "target", b, &nd)))
        return st;
    if (reduction < 0 || reduction > 2)
        return ACLEMU_PARAM_ERROR(api, "reduction %lld should be 0 (none), 1 (mean) or 2 (sum).", (long long)reduction);
    if (reduction == 0) {
        if ((st = aclemu_check_shape_is(api, out, "out", b, nd)))
            return st;
        const aclTensor *in[2] = {self, target};
        aclemu_ew_launch(executor, "MseLossNone", sizeof(aclemu_ew), out, in, 2, &st);
        return st;
    }
    if (aclemu_tensor_numel(out) != 1)
        return ACLEMU_PARAM_ERROR(api, "out should hold one element when reduction is %lld.", (long long)reduction);
    int64_t n = nn_prod(b, 0, nd);
    if (n == 0) /* torch: the mean of nothing is NaN, the sum 0 */
        return nn_fill(executor, out, "out", reduction == 1 ? __builtin_nan("") : 0.0);
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)n, 1, &bd, &per);
    uint64_t parts = aclemu_exec_alloc_workspace(executor, (uint64_t)bd * sizeof(double));
    mse_partial_args *a = (mse_partial_args *)aclemu_exec_add_launch(executor, "MseLossPartial", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    const aclTensor *ts[2] = {self, target};
    if ((st = nn_ew_fill(executor, a, &a->ew, b, nd, ts, 2, per)) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->parts, parts)))
        return st;
    nn_stage so;
    if ((st = nn_stage_out(executor, out, NULL, -1, &so)))
        return st;
    mse_finish_args *f = (mse_finish_args *)aclemu_exec_add_launch(executor, "MseLossFinish", 1, sizeof(*f));
    if (!f)
        return ACLNN_ERR_INNER;
    f->nparts = bd;
    f->scale = reduction == 1 ? 1.0 / (double)n : 1.0;
    if ((st = aclemu_exec_bind_workspace(executor, f, &f->parts, parts)) || (st = nn_stage_bind(executor, f, &f->out, &so)))
        return st;
    return nn_stage_out_finish(executor, &so);
}
