/* aclnnApplyAdamWV2: varRef / mRef / vRef / maxGradNormOptionalRef (required when amsgrad) /
 * grad FLOAT, FLOAT16 (+ BF16 on A2/A3/950), all of varRef's shape; step one element of FLOAT or
 * INT64 (read on the device). Elements are split over the vector cores. */
#include "aclemu_plans.h"
#include "apply_adam_w_v2_args.h"
#include "nn_check.h"
#include "nn_stage.h"

aclnnStatus aclemu_plan_ApplyAdamWV2(aclOpExecutor *executor, aclTensor *varRef, aclTensor *mRef, aclTensor *vRef,
                                     aclTensor *maxGradNormOptionalRef, const aclTensor *grad, const aclTensor *step,
                                     float lr, float beta1, float beta2, float weightDecay, float eps, bool amsgrad,
                                     bool maximize)
{
    const char *api = aclemu_exec_api(executor);
    aclTensor *mx = amsgrad ? maxGradNormOptionalRef : NULL;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, varRef, "varRef")) || (st = aclemu_check_notnull(api, mRef, "mRef")) ||
        (st = aclemu_check_notnull(api, vRef, "vRef")) ||
        (amsgrad && (st = aclemu_check_notnull(api, maxGradNormOptionalRef, "maxGradNormOptionalRef"))) ||
        (st = aclemu_check_notnull(api, grad, "grad")) || (st = aclemu_check_notnull(api, step, "step")))
        return st;
    if ((st = aclemu_check_shape(api, varRef, "varRef", 8)) || (st = aclemu_check_shape(api, mRef, "mRef", 8)) ||
        (st = aclemu_check_shape(api, vRef, "vRef", 8)) || (st = nn_shape_opt(api, mx, "maxGradNormOptionalRef", 8)) ||
        (st = aclemu_check_shape(api, grad, "grad", 8)) || (st = aclemu_check_shape(api, step, "step", 8)) ||
        (st = aclemu_check_same_shape(api, varRef, "varRef", mRef, "mRef")) ||
        (st = aclemu_check_same_shape(api, varRef, "varRef", vRef, "vRef")) ||
        (mx && (st = aclemu_check_same_shape(api, varRef, "varRef", mx, "maxGradNormOptionalRef"))) ||
        (st = aclemu_check_same_shape(api, varRef, "varRef", grad, "grad")))
        return st;
    if (aclemu_tensor_numel(step) != 1)
        return ACLEMU_PARAM_ERROR(api, "Numel of step must be 1, but got %lld.", (long long)aclemu_tensor_numel(step));
    if ((st = aclemu_check_dtype(api, varRef, "varRef", NN_FLOATS)) || (st = aclemu_check_dtype(api, mRef, "mRef", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, vRef, "vRef", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, mx, "maxGradNormOptionalRef", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, grad, "grad", NN_FLOATS)) ||
        (st = aclemu_check_dtype(api, step, "step", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT64))))
        return st;
    int64_t n = aclemu_tensor_numel(varRef);
    if (n == 0)
        return ACLNN_SUCCESS;
    nn_stage vi, mi, wi, xi, vo, mo, wo, xo, sg, ss;
    if ((st = nn_stage_in(executor, varRef, NULL, -1, &vi)) || (st = nn_stage_in(executor, mRef, NULL, -1, &mi)) ||
        (st = nn_stage_in(executor, vRef, NULL, -1, &wi)) || (st = nn_stage_in(executor, mx, NULL, -1, &xi)) ||
        (st = nn_stage_in(executor, grad, NULL, -1, &sg)) || (st = nn_stage_in(executor, step, NULL, -1, &ss)) ||
        (st = nn_stage_out(executor, varRef, NULL, -1, &vo)) || (st = nn_stage_out(executor, mRef, NULL, -1, &mo)) ||
        (st = nn_stage_out(executor, vRef, NULL, -1, &wo)) || (st = nn_stage_out(executor, mx, NULL, -1, &xo)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)n, 4, &bd, &per);
    adamw_args *a = (adamw_args *)aclemu_exec_add_launch(executor, "ApplyAdamWV2", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->lr = lr;
    a->beta1 = beta1;
    a->beta2 = beta2;
    a->weight_decay = weightDecay;
    a->eps = eps;
    a->amsgrad = amsgrad;
    a->maximize = maximize;
    a->n = n;
    a->per_block = (int64_t)per;
    const nn_stage *ss_all[] = {&vi, &mi, &wi, &xi, &vo, &mo, &wo, &xo, &sg, &ss};
    nn_cbuf *bufs[] = {&a->var_in, &a->m_in, &a->v_in, &a->max_in, &a->var_out, &a->m_out, &a->v_out, &a->max_out,
                       &a->grad, &a->step};
    for (int i = 0; i < 10; i++)
        if ((st = nn_stage_bind(executor, a, bufs[i], ss_all[i])))
            return st;
    const nn_stage *outs[] = {&vo, &mo, &wo, &xo};
    for (int i = 0; i < 4; i++)
        if ((st = nn_stage_out_finish(executor, outs[i])))
            return st;
    return ACLNN_SUCCESS;
}
