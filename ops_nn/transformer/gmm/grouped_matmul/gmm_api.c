/* aclnnGroupedMatmulV3 (ops-transformer gmm/grouped_matmul, aclnn_grouped_matmul.cpp), the float
 * (non-quantised) cases:
 *  - groupType -1: x, weight, y lists of E tensors, y_i = x_i @ weight_i (+ bias_i), splitItem 0/1;
 *  - groupType 0, one x (M, K), weight one (E, K, N) tensor or E (K, N) tensors, the groups are
 *    row ranges of x given by groupList (INT64, 1-D, E ascending cumulative row counts, checked
 *    by the kernel, which reads it on the device); y one (M, N) tensor (splitItem 2/3) or E
 *    tensors (m_g, N) (splitItem 0/1; each must hold its group's rows, checked by the kernel).
 * Checks in the real order: x, weight, y non-null and non-empty lists; groupType -1 / 0 / 2
 * (1 "Not support split n dim now"), splitItem 2/3 needing groupType != -1; groupList 1-D;
 * dtypes FLOAT16, BFLOAT16 or FLOAT for x, weight and y alike (bias FLOAT16 with FP16, FLOAT
 * with BF16 / FLOAT); x and y 2-D, weight 2-D (or 3-D single), k and n matching.
 * Refused as not implemented (161002): the quantised paths (scale / offset / antiquant lists),
 * groupType 2 (split K), more than 16 groups (one launch per group in an executor of 16).
 * Every group is computed by the kernel in FP32 products with double sums, rounded once. */
#include "aclemu_plans.h"
#include "gmm_args.h"

#define GMM_MAX_GROUPS 16

static aclnnStatus list_ok(const char *api, const aclTensorList *l, const char *name, aclDataType dt, uint32_t rank)
{
    for (uint64_t i = 0; i < l->size; i++) {
        const aclTensor *t = l->items[i];
        if (!t)
            return ACLEMU_PARAM_ERROR(api, "%s[%llu] is null, which is not supported.", name, (unsigned long long)i);
        if (t->dtype != dt)
            return ACLEMU_PARAM_ERROR(api, "%s[%llu] dtype %s should be %s.", name, (unsigned long long)i,
                                      aclemu_dtype_name(t->dtype), aclemu_dtype_name(dt));
        if (rank && t->ndim != rank)
            return ACLEMU_PARAM_ERROR(api, "%s[%llu] dim num should be %u in this case, but now is %u.", name,
                                      (unsigned long long)i, rank, t->ndim);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_GroupedMatmulV3(aclOpExecutor *executor, const aclTensorList *x, const aclTensorList *weight,
                                        const aclTensorList *biasOptional, const aclTensorList *scaleOptional,
                                        const aclTensorList *offsetOptional, const aclTensorList *antiquantScaleOptional,
                                        const aclTensorList *antiquantOffsetOptional, const aclTensor *groupListOptional,
                                        int64_t splitItem, int64_t groupType, const aclTensorList *y)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensorList *bias = biasOptional;
    const aclTensor *gl = groupListOptional;
    aclnnStatus st;
    if (!x)
        return ACLEMU_NULL_ERROR(api, "x must not be nullptr.");
    if (!x->size)
        return ACLEMU_PARAM_ERROR(api, "x must not be empty tensorlist.");
    if (!weight)
        return ACLEMU_NULL_ERROR(api, "weight must not be nullptr.");
    if (!weight->size)
        return ACLEMU_PARAM_ERROR(api, "weight must not be empty tensorlist.");
    if (!y)
        return ACLEMU_NULL_ERROR(api, "y must not be nullptr.");
    if (!y->size)
        return ACLEMU_PARAM_ERROR(api, "y must not be empty tensorlist.");
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_310P && !(x->size == 1 && y->size == 1 && weight->size == 1 && groupType == 0))
        return ACLEMU_PARAM_ERROR(api, "only surpport x, y, weight not separated case with groupType is 0 on ASCEND310P.");
    if (groupType == 1)
        return ACLEMU_PARAM_ERROR(api, "Not support split n dim now, groupType can not be 1.");
    if (groupType != 0 && groupType != 2 && groupType != -1)
        return ACLEMU_PARAM_ERROR(api, "groupType only support -1/0/2 now, but given groupType is %lld", (long long)groupType);
    if ((splitItem == 2 || splitItem == 3) && groupType == -1)
        return ACLEMU_PARAM_ERROR(api, "When splitItem is 2/3, groupType can not be -1.");
    if (splitItem < 0 || splitItem > 3)
        return ACLEMU_PARAM_ERROR(api, "splitItem should be in [0, 3], but given splitItem is %lld.", (long long)splitItem);
    if (gl && gl->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "When groupList type is tensor, groupList dim only support 1, but now is %u.", gl->ndim);
    if ((scaleOptional && scaleOptional->size) || (offsetOptional && offsetOptional->size) ||
        (antiquantScaleOptional && antiquantScaleOptional->size) || (antiquantOffsetOptional && antiquantOffsetOptional->size))
        return ACLEMU_PARAM_ERROR(api, "the quantised cases (scale / offset / antiquant lists) are not implemented.");
    if (groupType == 2)
        return ACLEMU_PARAM_ERROR(api, "groupType 2 (split K) is not implemented.");
    for (uint64_t i = 0; i < x->size; i++)
        if (!x->items[i])
            return ACLEMU_PARAM_ERROR(api, "x[%llu] is null, which is not supported.", (unsigned long long)i);
    const aclDataType dt = x->items[0]->dtype;
    if ((st = aclemu_check_dtype(api, x->items[0], "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT))))
        return st;
    const int single_w = weight->size == 1 && groupType == 0 && weight->items[0] && weight->items[0]->ndim == 3;
    if ((st = list_ok(api, x, "x", dt, 2)) || (st = list_ok(api, weight, "weight", dt, single_w ? 3 : 2)) ||
        (st = list_ok(api, y, "y", dt, 2)))
        return st;
    const aclDataType bdt = dt == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT;
    if (bias && bias->size && (st = list_ok(api, bias, "bias", bdt, 0)))
        return st;
    const int64_t E = single_w ? weight->items[0]->shape[0] : (int64_t)weight->size;
    if (E > GMM_MAX_GROUPS)
        return ACLEMU_PARAM_ERROR(api, "%lld groups: more than %d groups are not implemented.", (long long)E, GMM_MAX_GROUPS);
    if (groupType == -1) {
        if (splitItem > 1)
            return ACLEMU_PARAM_ERROR(api, "When y is separated, splitItem should be 0/1, but current splitItem is %lld.",
                                      (long long)splitItem);
        if (x->size != weight->size || y->size != weight->size)
            return ACLEMU_PARAM_ERROR(api, "x, weight and y should be lists of one size, got %llu, %llu and %llu.",
                                      (unsigned long long)x->size, (unsigned long long)weight->size,
                                      (unsigned long long)y->size);
    } else {
        if (x->size != 1)
            return ACLEMU_PARAM_ERROR(api, "When groupType is 0, x should be one tensor, got %llu.", (unsigned long long)x->size);
        if (!gl)
            return ACLEMU_NULL_ERROR(api, "groupListOptional required in this case, but get nullptr.");
        if ((st = aclemu_check_dtype(api, gl, "groupList", ACLEMU_DT(ACL_INT64))))
            return st;
        if (gl->shape[0] != E)
            return ACLEMU_PARAM_ERROR(api, "groupList's size %lld should be the number of groups %lld.",
                                      (long long)gl->shape[0], (long long)E);
        if (y->size == 1 && splitItem < 2)
            return ACLEMU_PARAM_ERROR(api, "When y is not separated, splitItem should be 2/3, but current splitItem is %lld.",
                                      (long long)splitItem);
        if (y->size != 1 && splitItem > 1)
            return ACLEMU_PARAM_ERROR(api, "When y is separated, splitItem should be 0/1, but current splitItem is %lld.",
                                      (long long)splitItem);
        if (y->size != 1 && (int64_t)y->size != E)
            return ACLEMU_PARAM_ERROR(api, "When y and weight are separated, size of y %llu should equal to size of weight %lld.",
                                      (unsigned long long)y->size, (long long)E);
    }
    if (bias && bias->size && bias->size != (single_w ? 1 : (uint64_t)E))
        return ACLEMU_PARAM_ERROR(api, "bias should hold %lld tensors, got %llu.", (long long)(single_w ? 1 : E),
                                  (unsigned long long)bias->size);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    for (int64_t g = 0; g < E; g++) {
        const aclTensor *xt = x->items[groupType == -1 ? g : 0], *wt = weight->items[single_w ? 0 : g];
        const aclTensor *yt = y->items[y->size == 1 ? 0 : g];
        const aclTensor *bt = bias && bias->size ? bias->items[single_w ? 0 : g] : NULL;
        int64_t K = wt->shape[wt->ndim - 2], N = wt->shape[wt->ndim - 1];
        if (xt->shape[1] != K)
            return ACLEMU_PARAM_ERROR(api, "k dim value of x and weight is not matched: %lld and %lld.",
                                      (long long)xt->shape[1], (long long)K);
        if (yt->shape[1] != N)
            return ACLEMU_PARAM_ERROR(api, "n dim value of weight and y is not matched: %lld and %lld.", (long long)N,
                                      (long long)yt->shape[1]);
        if ((groupType == -1 || y->size == 1) && yt->shape[0] != xt->shape[0])
            return ACLEMU_PARAM_ERROR(api, "m dim value of x and y is not matched: %lld and %lld.",
                                      (long long)xt->shape[0], (long long)yt->shape[0]);
        if (bt && !(bt->shape[bt->ndim - 1] == N && (single_w ? bt->ndim == 2 && bt->shape[0] == E : bt->ndim == 1))) {
            char b[160];
            return ACLEMU_PARAM_ERROR(api, "bias shape %s should be [%lld]%s.", aclemu_shape_str(bt->shape, bt->ndim, b, sizeof b),
                                      (long long)N, single_w ? " per group ([E, N] in all)" : "");
        }
        uint64_t rows = (uint64_t)xt->shape[0];
        if (rows == 0 || N == 0)
            continue; /* nothing to compute (K == 0 still writes the zeros of the empty sums + bias) */
        uint64_t per = (rows + cores - 1) / cores;
        uint32_t blocks = (uint32_t)((rows + per - 1) / per);
        gmm_args *a = aclemu_exec_add_launch(executor, "GroupedMatmul", blocks, sizeof *a);
        if (!a)
            return ACLNN_ERR_INNER;
        if ((st = aclemu_exec_tdesc(executor, a, &a->x, xt)) || (st = aclemu_exec_tdesc(executor, a, &a->w, wt)) ||
            (st = aclemu_exec_tdesc(executor, a, &a->y, yt)) || (bt && (st = aclemu_exec_tdesc(executor, a, &a->bias, bt))) ||
            (groupType == 0 && (st = aclemu_exec_tdesc(executor, a, &a->group_list, gl))))
            return st;
        if (single_w) { /* group g's (K, N) slice */
            a->w.offset += g * wt->stride[0];
            a->w.ndim = 2;
            a->w.shape[0] = K, a->w.shape[1] = N;
            a->w.stride[0] = wt->stride[1], a->w.stride[1] = wt->stride[2];
            if (bt) {
                a->bias.offset += g * bt->stride[0];
                a->bias.ndim = 1;
                a->bias.shape[0] = N;
                a->bias.stride[0] = bt->stride[1];
            }
        }
        a->group = (int32_t)g;
        a->y_per_group = groupType == 0 && y->size != 1;
        a->rows_per_block = per;
    }
    return ACLNN_SUCCESS;
}
