/* Shared stage-1 code of the random family (see random_plan.h). */
#include <string.h>

#include "random_plan.h"

int64_t rnd_mask_bytes(int64_t n)
{
    return (n + 127) / 128 * 16; /* callers bound n first */
}

aclnnStatus rnd_shape_numel(const char *api, const aclIntArray *shape, int64_t *n)
{
    int64_t p = 1;
    for (uint64_t i = 0; i < shape->size; i++) {
        int64_t d = shape->data[i];
        if (d < 0)
            return ACLEMU_PARAM_ERROR(api, "shape[%llu] is %lld, dims must be >= 0.", (unsigned long long)i,
                                      (long long)d);
        if (d && p > (INT64_MAX - 127) / d)
            return ACLEMU_PARAM_ERROR(api, "shape has too many elements.");
        p *= d;
    }
    *n = p;
    return ACLNN_SUCCESS;
}

aclnnStatus rnd_check_prob(const char *api, const char *name, double p)
{
    if (p > 1 || p < 0 || p != p)
        return ACLEMU_PARAM_ERROR(api, "The value of %s has to be between 0 and 1, but current is %f.", name, p);
    return ACLNN_SUCCESS;
}

aclnnStatus rnd_check_seed_tensors(const char *api, const aclTensor *seedTensor, const aclTensor *offsetTensor)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, seedTensor, "seedTensor")) ||
        (st = aclemu_check_notnull(api, offsetTensor, "offsetTensor")))
        return st;
    return ACLNN_SUCCESS;
}

random_args *rnd_fill_launch(aclOpExecutor *ex, const aclTensor *out, const aclTensor *const *ins, uint32_t nin,
                             int32_t dist, aclnnStatus *st)
{
    random_args *a = (random_args *)aclemu_ew_launch(ex, "RandomFill", sizeof(random_args), out, ins, nin, st);
    if (a)
        a->dist = dist;
    return a;
}

void rnd_seed_scalar(random_seed *rs, uint64_t seed, uint64_t offset)
{
    rs->seed = seed;
    rs->offset = offset;
}

aclnnStatus rnd_seed_tensors(aclOpExecutor *ex, void *blob, random_seed *rs, const aclTensor *seedTensor,
                             const aclTensor *offsetTensor, uint64_t offset)
{
    aclnnStatus st;
    if (aclemu_tensor_numel(seedTensor) < 1 || aclemu_tensor_numel(offsetTensor) < 1)
        return ACLEMU_PARAM_ERROR(aclemu_exec_api(ex), "seedTensor and offsetTensor must hold one element.");
    rs->offset = offset;
    rs->seed_off = seedTensor->offset;
    rs->offset_off = offsetTensor->offset;
    rs->seed_dtype = (int32_t)seedTensor->dtype;
    rs->offset_dtype = (int32_t)offsetTensor->dtype;
    if ((st = aclemu_exec_bind_tensor(ex, blob, &rs->seed_addr, seedTensor)) ||
        (st = aclemu_exec_bind_tensor(ex, blob, &rs->offset_addr, offsetTensor)))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus rnd_do_mask(aclOpExecutor *ex, const aclTensor *x, const aclTensor *mask, double scale, int32_t mode,
                        const aclTensor *out)
{
    aclnnStatus st;
    const aclTensor *ins[1] = {x};
    random_args *a = rnd_fill_launch(ex, out, ins, 1, RD_DO_MASK, &st);
    if (!a)
        return st;
    a->b = scale;
    a->mask_mode = mode;
    if (mode != MASK_USE)
        return ACLNN_SUCCESS;
    a->mask_contig = aclemu_tensor_is_contiguous(mask);
    return aclemu_exec_tdesc(ex, a, &a->mask, mask);
}

aclnnStatus rnd_gen_mask(aclOpExecutor *ex, const aclTensor *maskOut, double keep, const random_seed *rs,
                         const aclTensor *seedTensor, const aclTensor *offsetTensor)
{
    aclnnStatus st;
    random_args *a = rnd_fill_launch(ex, maskOut, NULL, 0, RD_GEN_MASK, &st);
    if (!a)
        return st;
    a->a = keep;
    a->rs = *rs;
    if (seedTensor)
        return rnd_seed_tensors(ex, a, &a->rs, seedTensor, offsetTensor, rs->offset);
    return ACLNN_SUCCESS;
}
