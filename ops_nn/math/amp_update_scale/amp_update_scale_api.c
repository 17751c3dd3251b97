/* aclnnAmpUpdateScale (ops-math math/amp_update_scale, A2 / A3 / 950; generated aclnn layer):
 * null pointers (161001); dtypes of the op definition (161002): currentScale FLOAT / FLOAT16 /
 * BF16, foundInf and updatedScale of its dtype, both trackers INT32; then its tiling's checks
 * (561002): growthInterval in [1, INT32_MAX], currentScale / growthTracker / foundInf of one
 * element (0-d counts as [1], any other rank fails); here also the outputs (the kernel writes one
 * element of each). */
#include <stdint.h>

#include "aclemu_plans.h"
#include "amp_update_scale_args.h"

#define AMP_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

static int64_t numel_of(const aclTensor *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < t->ndim; i++)
        n *= t->shape[i];
    return n;
}

aclnnStatus aclemu_plan_AmpUpdateScale(aclOpExecutor *executor, const aclTensor *currentScale,
                                       const aclTensor *growthTracker, const aclTensor *foundInf, double growthFactor,
                                       double backoffFactor, int64_t growthInterval, const aclTensor *updatedScale,
                                       const aclTensor *updatedGrowthTracker)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *ts[5] = {currentScale, growthTracker, foundInf, updatedScale, updatedGrowthTracker};
    const char *ns[5] = {"currentScale", "growthTracker", "foundInf", "updatedScale", "updatedGrowthTracker"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, currentScale, "currentScale", AMP_DTYPES)) ||
        (st = aclemu_check_dtype(api, growthTracker, "growthTracker", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_same_dtype(api, currentScale, "currentScale", foundInf, "foundInf")) ||
        (st = aclemu_check_same_dtype(api, currentScale, "currentScale", updatedScale, "updatedScale")) ||
        (st = aclemu_check_dtype(api, updatedGrowthTracker, "updatedGrowthTracker", ACLEMU_DT(ACL_INT32))))
        return st;
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])))
            return st;
    if (growthInterval < 1 || growthInterval > INT32_MAX)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "growthInterval %lld is invalid: growthInterval must be in range [1, INT32_MAX].",
                               (long long)growthInterval);
    for (int i = 0; i < 5; i++) {
        if (ts[i]->ndim > 1)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "%s has %u dims: it should be scalar [1].", ns[i], ts[i]->ndim);
        if (numel_of(ts[i]) != 1)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "%s has %lld elements: The shape of input must be scalar [1].", ns[i],
                                   (long long)numel_of(ts[i]));
    }
    amp_update_scale_args *a = (amp_update_scale_args *)aclemu_exec_add_launch(executor, "AmpUpdateScale", 1, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->growth = (float)growthFactor;
    a->backoff = (float)backoffFactor;
    a->interval = (int32_t)growthInterval;
    aclemu_tdesc *ds[5] = {&a->scale, &a->tracker, &a->found, &a->out_scale, &a->out_tracker};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_exec_tdesc(executor, a, ds[i], ts[i])))
            return st;
    return ACLNN_SUCCESS;
}
