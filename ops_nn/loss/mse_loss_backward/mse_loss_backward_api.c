/* aclnnMseLossBackward: gradOutput / self / target / out FLOAT, FLOAT16 (+ BF16 on A2/A3/950);
 * the three inputs broadcast to out's shape; reduction 0, 1 or 2. */
#include "aclemu_plans.h"
#include "mse_loss_backward_args.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_MseLossBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                        const aclTensor *target, int64_t reduction, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, target, "target")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, self, "self", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, target, "target", NN_FLOATS)) || (st = aclemu_check_dtype(api, out, "out", NN_FLOATS)))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    int64_t b[ACLEMU_MAX_RANK], b2[ACLEMU_MAX_RANK];
    uint32_t nd, nd2;
    if ((st = aclemu_check_shape(api, gradOutput, "gradOutput", 8)) || (st = aclemu_check_shape(api, self, "self", 8)) ||
        (st = aclemu_check_shape(api, target, "target", 8)) || (st = aclemu_check_shape(api, out, "out", 8)) ||
        (st = aclemu_broadcast_shape(api, self, "self", target, "target", b, &nd)))
        return st;
    /* broadcast gradOutput against the self/target shape too */
    aclTensor tmp = *self;
    tmp.ndim = nd;
    tmp.shape = b;
    if ((st = aclemu_broadcast_shape(api, &tmp, "self", gradOutput, "gradOutput", b2, &nd2)) ||
        (st = aclemu_check_shape_is(api, out, "out", b2, nd2)))
        return st;
    if (reduction < 0 || reduction > 2)
        return ACLEMU_PARAM_ERROR(api, "reduction %lld should be 0 (none), 1 (mean) or 2 (sum).", (long long)reduction);
    int64_t n = 1;
    for (uint32_t i = 0; i < nd; i++) n *= b[i];
    const aclTensor *in[3] = {gradOutput, self, target};
    mse_grad_args *a = (mse_grad_args *)aclemu_ew_launch(executor, "MseLossGrad", sizeof(mse_grad_args), out, in, 3, &st);
    if (a)
        a->scale = reduction == 1 ? 2.0 / (double)(n ? n : 1) : 2.0;
    return st;
}
