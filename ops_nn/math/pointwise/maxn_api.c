/* aclnnMaxN / aclnnMinN (aclnn_maxn.h, aclnn_minn.h): the elementwise max / min of a tensor list,
 * every tensor of out's dtype, broadcast together. Planned as a chain of Pointwise launches in
 * stream order: out = op(t0, t1), then out = op(out, tk) (each element reads before it writes,
 * so reusing out is safe). A list of one is copied through op(t0, t0). The executor holds 16
 * launches, so lists of more than 16 tensors fail stage 1 with 561000. */
#include <string.h>

#include "aclemu_plans.h"
#include "pw_plan.h"

#define MAXN_910 (PW_DT(FLOAT16) | PW_DT(FLOAT) | PW_DT(INT8) | PW_DT(INT32) | PW_DT(INT64))
static const pw_dtypes maxn_dtypes = {MAXN_910 | PW_DT(BF16), MAXN_910 | PW_DT(BF16) | PW_DT(UINT8), MAXN_910};

static aclnnStatus maxn_plan(aclOpExecutor *ex, int op, const aclTensorList *tensors, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensors, "tensors")))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if ((st = aclemu_check_notnull(api, tensors->items[i], "tensors[i]")))
            return st;
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = pw_pick(&maxn_dtypes);
    if ((st = aclemu_check_dtype(api, out, "out", dts)))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if ((st = aclemu_check_dtype(api, tensors->items[i], "tensors[i]", dts)) ||
            (st = aclemu_check_same_dtype(api, out, "out", tensors->items[i], "tensors[i]")))
            return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if ((st = pw_check_rank(api, tensors->items[i], "tensors[i]")))
            return st;
    if ((st = pw_check_rank(api, out, "out")))
        return st;
    if (tensors->size == 0)
        return ACLEMU_PARAM_ERROR(api, "The input tensor list should not be empty.");
    int64_t bs[ACLEMU_MAX_RANK];
    uint32_t bn = tensors->items[0]->ndim;
    memcpy(bs, tensors->items[0]->shape, bn * sizeof(int64_t));
    for (uint64_t i = 1; i < tensors->size; i++) {
        const aclTensor *t = tensors->items[i];
        int64_t nb[ACLEMU_MAX_RANK];
        uint32_t nn;
        if (!pw_bcast_dims(t->shape, t->ndim, bs, bn, nb, &nn)) {
            char b1[160], b2[160];
            return ACLEMU_PARAM_ERROR(api, "the size of tensor %s must match the size of tensor %s.",
                                      aclemu_shape_str(t->shape, t->ndim, b1, sizeof b1),
                                      aclemu_shape_str(bs, bn, b2, sizeof b2));
        }
        memcpy(bs, nb, nn * sizeof(int64_t));
        bn = nn;
    }
    if ((st = pw_check_out_shape(api, bs, bn, out, "out")))
        return st;
    const aclTensor *first = tensors->items[0], *second = tensors->size > 1 ? tensors->items[1] : first;
    pw_operand ops[2] = {{first, NULL, 0}, {second, NULL, 0}};
    if ((st = pw_launch(ex, op, out->dtype, out, ops, 2, 0, NULL)))
        return st;
    for (uint64_t i = 2; i < tensors->size; i++) {
        pw_operand more[2] = {{out, NULL, 0}, {tensors->items[i], NULL, 0}};
        if ((st = pw_launch(ex, op, out->dtype, out, more, 2, 0, NULL)))
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_MaxN(aclOpExecutor *executor, const aclTensorList *tensors, aclTensor *out)
{
    return maxn_plan(executor, PW_MAXIMUM, tensors, out);
}

aclnnStatus aclemu_plan_MinN(aclOpExecutor *executor, const aclTensorList *tensors, aclTensor *out)
{
    return maxn_plan(executor, PW_MINIMUM, tensors, out);
}
