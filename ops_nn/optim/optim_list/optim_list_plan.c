/* Grouped launches of the tensor-list optimizers; see optim_list_plan.h. */
#include <string.h>

#include "nn_stage.h"
#include "optim_list_plan.h"

/* One launch over positions [lo, hi) of the lists (all non-empty). */
static aclnnStatus launch_group(aclOpExecutor *ex, const char *kernel, const ol_args *tmpl,
                                const aclTensorList *const *lists, const int *dirs, int nroles,
                                const aclTensor *scale, const aclTensor *found_inf, const uint64_t *pos, int npos)
{
    nn_stage st[OL_MAX_TENSORS][2 * OL_MAX_ROLES], ss, sf;
    aclnnStatus rc;
    int64_t total = 0;
    for (int k = 0; k < npos; k++) {
        for (int r = 0; r < nroles; r++) {
            const aclTensor *t = lists[r] ? lists[r]->items[pos[k]] : NULL;
            if ((rc = nn_stage_in(ex, t, NULL, -1, &st[k][2 * r])) ||
                (rc = nn_stage_out(ex, dirs[r] == OL_INOUT ? t : NULL, NULL, -1, &st[k][2 * r + 1])))
                return rc;
        }
        total += aclemu_tensor_numel(lists[0]->items[pos[k]]);
    }
    if ((rc = nn_stage_in(ex, scale, NULL, -1, &ss)) || (rc = nn_stage_in(ex, found_inf, NULL, -1, &sf)))
        return rc;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)total, 8, &bd, &per);
    ol_args *a = (ol_args *)aclemu_exec_add_launch(ex, kernel, bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    memcpy(a, tmpl, sizeof(*a));
    a->total = total;
    a->per_block = (int64_t)per;
    a->ntensors = npos;
    if ((rc = nn_stage_bind(ex, a, &a->scale, &ss)) || (rc = nn_stage_bind(ex, a, &a->found_inf, &sf)))
        return rc;
    int64_t first = 0;
    for (int k = 0; k < npos; k++) {
        a->t[k].first = first;
        a->t[k].numel = aclemu_tensor_numel(lists[0]->items[pos[k]]);
        first += a->t[k].numel;
        for (int o = 0; o < 2 * nroles; o++)
            if ((rc = nn_stage_bind(ex, a, &a->t[k].op[o], &st[k][o])))
                return rc;
    }
    for (int k = 0; k < npos; k++)
        for (int o = 1; o < 2 * nroles; o += 2)
            if ((rc = nn_stage_out_finish(ex, &st[k][o])))
                return rc;
    return ACLNN_SUCCESS;
}

aclnnStatus ol_launch(aclOpExecutor *ex, const char *kernel, const ol_args *tmpl, const aclTensorList *const *lists,
                      const int *dirs, int nroles, const aclTensor *scale, const aclTensor *found_inf)
{
    if (nroles > OL_MAX_ROLES)
        return ACLNN_ERR_INNER;
    uint64_t pos[OL_MAX_TENSORS];
    int npos = 0;
    aclnnStatus rc;
    for (uint64_t i = 0; i < lists[0]->size; i++) {
        if (aclemu_tensor_numel(lists[0]->items[i]) == 0)
            continue;
        pos[npos++] = i;
        if (npos == OL_MAX_TENSORS) {
            if ((rc = launch_group(ex, kernel, tmpl, lists, dirs, nroles, scale, found_inf, pos, npos)))
                return rc;
            npos = 0;
        }
    }
    return npos ? launch_group(ex, kernel, tmpl, lists, dirs, nroles, scale, found_inf, pos, npos) : ACLNN_SUCCESS;
}

aclnnStatus ol_check_null(const char *api, const aclTensorList *l, const char *name, int optional)
{
    if (!l)
        return optional ? ACLNN_SUCCESS : ACLEMU_NULL_ERROR(api, "%s should not be nullptr.", name);
    for (uint64_t i = 0; i < l->size; i++)
        if (!l->items[i])
            return ACLEMU_NULL_ERROR(api, "%s[%llu] should not be nullptr.", name, (unsigned long long)i);
    return ACLNN_SUCCESS;
}

aclnnStatus ol_check_dtype_all(const char *api, const aclTensorList *l, aclDataType dt)
{
    for (uint64_t i = 0; l && i < l->size; i++)
        if (l->items[i]->dtype != dt)
            return ACLEMU_PARAM_ERROR(api, "expects all input tensors with the same dtype.");
    return ACLNN_SUCCESS;
}

aclnnStatus ol_check_shape_all(const char *api, const aclTensorList *ref, const aclTensorList *l)
{
    for (uint64_t i = 0; l && i < ref->size; i++) {
        const aclTensor *a = ref->items[i], *b = l->items[i];
        aclnnStatus st;
        if ((st = aclemu_check_shape(api, a, "paramsRef", 8)) || (st = aclemu_check_shape(api, b, "tensor list", 8)))
            return st;
        int same = a->ndim == b->ndim;
        for (uint32_t d = 0; same && d < a->ndim; d++)
            same = a->shape[d] == b->shape[d];
        if (!same)
            return ACLEMU_PARAM_ERROR(api, "expects all input tensors with the same shape.");
    }
    return ACLNN_SUCCESS;
}
