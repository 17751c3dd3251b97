/* aclnnOptimizedTransducer: generated from the op definition (ascend910b only, AutoContiguous inputs),
 * so: nulls of logits, targets, logitLengths, targetLengths, loss, grad (161001) -> no kernel off the
 * A2 (361001) -> the definition's dtype rows (161002): logits FLOAT / FLOAT16, targets and both
 * lengths INT32, loss and grad of logits' dtype -> ND formats. The tiling
 * (optimized_transducer_tiling.cpp) reads logits as [B, maxT, maxU, V] and checks nothing more; the
 * kernel then reads targets [B, maxU - 1], the lengths [B] and writes loss [B] and grad (logits'
 * shape, the infershape); shapes that would make it read or write past a tensor, and a blank outside
 * [-V, V), are refused here (561002). Sequences are split over the cores as the tiling does; no
 * sequence runs nothing. clamp reaches the kernel as FP32. */
#include "aclemu_plans.h"
#include "optimized_transducer_args.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_OptimizedTransducer(aclOpExecutor *executor, const aclTensor *logits, const aclTensor *targets,
                                            const aclTensor *logitLengths, const aclTensor *targetLengths,
                                            int64_t blank, double clamp, bool fusedLogSoftmax, bool requiresGrad,
                                            const aclTensor *loss, const aclTensor *grad)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[6] = {logits, targets, logitLengths, targetLengths, loss, grad};
    static const char *const ns[6] = {"logits", "targets", "logitLengths", "targetLengths", "loss", "grad"};
    aclnnStatus st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    const aclemu_dtype_set fl = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
    if ((st = aclemu_check_dtype(api, logits, "logits", fl)) ||
        (st = aclemu_check_dtype(api, targets, "targets", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, logitLengths, "logitLengths", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, targetLengths, "targetLengths", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, loss, "loss", fl)) || (st = aclemu_check_same_dtype(api, logits, "logits", loss, "loss")) ||
        (st = aclemu_check_dtype(api, grad, "grad", fl)) || (st = aclemu_check_same_dtype(api, logits, "logits", grad, "grad")))
        return st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    if (logits->ndim != 4)
        return TILING_ERROR(api, "logits should be [B, maxT, maxU, V], but it has %u dims.", logits->ndim);
    const int64_t B = logits->shape[0], T = logits->shape[1], U = logits->shape[2], V = logits->shape[3];
    if (targets->ndim != 2 || targets->shape[0] != B || targets->shape[1] != U - 1)
        return TILING_ERROR(api, "targets should be [%lld, %lld] ([B, maxU - 1]).", (long long)B, (long long)(U - 1));
    if (logitLengths->ndim != 1 || logitLengths->shape[0] != B)
        return TILING_ERROR(api, "logitLengths should be [%lld] ([B]).", (long long)B);
    if (targetLengths->ndim != 1 || targetLengths->shape[0] != B)
        return TILING_ERROR(api, "targetLengths should be [%lld] ([B]).", (long long)B);
    if (loss->ndim != 1 || loss->shape[0] != B)
        return TILING_ERROR(api, "loss should be [%lld] ([B]).", (long long)B);
    int same = grad->ndim == 4;
    for (int i = 0; same && i < 4; i++) same = grad->shape[i] == logits->shape[i];
    if (!same)
        return TILING_ERROR(api, "grad should have the shape of logits.");
    if (B == 0)
        return ACLNN_SUCCESS;
    if (T < 1 || U < 1 || V < 1)
        return TILING_ERROR(api, "logits should have maxT, maxU and V of at least 1.");
    if (blank >= V || blank < -V)
        return TILING_ERROR(api, "blank %lld is out of range for V = %lld.", (long long)blank, (long long)V);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint32_t bd = (uint32_t)(B < (int64_t)cores ? B : (int64_t)cores);
    uint64_t per = ((uint64_t)B + bd - 1) / bd;
    bd = (uint32_t)(((uint64_t)B + per - 1) / per);
    otr_args *a = aclemu_exec_add_launch(executor, "OptimizedTransducer", bd, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->batch = B;
    a->max_t = T;
    a->max_u = U;
    a->vocab = V;
    a->per_block = (int64_t)per;
    a->blank = blank >= 0 ? blank : V + blank;
    a->clamp = (float)clamp;
    a->fused = fusedLogSoftmax ? 1 : 0;
    a->requires_grad = requiresGrad ? 1 : 0;
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)B * (uint64_t)(T * U) * 5 * sizeof(float) + (uint64_t)V * 4 * bd);
    for (int i = 0; i < 6; i++) {
        aclemu_tdesc *d[6] = {&a->logits, &a->targets, &a->tlen, &a->ulen, &a->loss, &a->grad};
        if ((st = aclemu_exec_tdesc(executor, a, d[i], ts[i])))
            return st;
    }
    return aclemu_exec_bind_workspace(executor, a, &a->ws, ws);
}
