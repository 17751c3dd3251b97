/* Host side of AdvIndex (see adv_index_plan.h). */
#include <string.h>

#include "adv_index_plan.h"
#include "adv_index_args.h"

aclnnStatus adv_index_check_masks(const char *api, const aclTensor *self, const aclTensorList *indices)
{
    int64_t at = 0;
    for (uint64_t i = 0; i < indices->size; i++) {
        const aclTensor *t = indices->items[i];
        if (aclemu_tensor_numel(t) == 0 || t->dtype != ACL_BOOL) {
            at++;
            continue;
        }
        if (at + (int64_t)t->ndim > (int64_t)self->ndim)
            return ACLEMU_PARAM_ERROR(api,
                                      "The bool mask at indices[%llu] has %u dimensions, but only %lld dimensions remain in "
                                      "selfRef (total %u, already consumed %lld).",
                                      (unsigned long long)i, t->ndim, (long long)((int64_t)self->ndim - at), self->ndim,
                                      (long long)at);
        for (uint32_t j = 0; j < t->ndim; j++)
            if (t->shape[j] != self->shape[at + j])
                return ACLEMU_PARAM_ERROR(api,
                                          "The shape of the bool mask at indices[%llu] dim %u (size %lld) does not match the "
                                          "shape of the indexed tensor at dimension %lld (size %lld).",
                                          (unsigned long long)i, j, (long long)t->shape[j], (long long)(at + j),
                                          (long long)self->shape[at + j]);
        at += t->ndim;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus adv_index_launch(aclOpExecutor *ex, int mode, const aclTensor *self, const aclTensorList *indices,
                             const aclTensor *other, bool accumulate)
{
    const char *api = aclemu_exec_api(ex);
    char b1[160], b2[160];
    adv_index_args tmp = {0};
    int32_t n = self->ndim == 0 ? 0 : (int32_t)indices->size, masks = 0;
    if (n > ACLEMU_KMAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "indices size %d should be no more than the %u dims of self.", n, self->ndim);
    uint64_t mask_elems = 0;
    for (int32_t e = 0; e < n; e++) {
        const aclTensor *t = indices->items[e];
        int64_t numel = aclemu_tensor_numel(t);
        tmp.kind[e] = numel == 0 ? ADV_SLICE : t->dtype == ACL_BOOL ? ADV_BOOL : ADV_INT;
        tmp.dims[e] = tmp.kind[e] == ADV_BOOL ? (int32_t)t->ndim : 1;
        tmp.idx[e].ndim = t->ndim;
        for (uint32_t d = 0; d < t->ndim; d++)
            tmp.idx[e].shape[d] = t->shape[d];
        if (tmp.kind[e] == ADV_BOOL)
            masks++, mask_elems += (uint64_t)numel;
    }
    int64_t zero[ACLEMU_KMAX_RANK] = {0};
    adv_layout L;
    if (self->ndim > 0) {
        int r = adv_index_layout((int32_t)self->ndim, self->shape, n, tmp.kind, tmp.dims, tmp.idx, zero, &L);
        if (r == ADV_TOO_MANY)
            return ACLEMU_PARAM_ERROR(api, "indices size %d should be no more than the %u dims of self.", n, self->ndim);
        if (r == ADV_NO_BROADCAST && !masks)
            return ACLEMU_PARAM_ERROR(api, "shape mismatch: indexing tensors could not be broadcast together.");
        if (r == ADV_RANK) {
            int32_t bnd = 0, kept = (int32_t)self->ndim;
            for (int32_t e = 0; e < n; e++)
                if (tmp.kind[e] != ADV_SLICE) {
                    int32_t nd = tmp.kind[e] == ADV_BOOL ? 1 : (int32_t)tmp.idx[e].ndim;
                    bnd = nd > bnd ? nd : bnd;
                    kept -= tmp.dims[e];
                }
            return ACLEMU_PARAM_ERROR(api, "Outputshape Dim should be less than or equal 8, but got [%d]", bnd + kept);
        }
        if (r == ADV_OK && !masks) {
            if (mode == ADV_GATHER && (other->ndim != (uint32_t)L.rnd ||
                                       memcmp(other->shape, L.rshape, (size_t)L.rnd * sizeof(int64_t)) != 0))
                return ACLEMU_PARAM_ERROR(api, "out shape %s should be %s, the shape self indexed by indices has.",
                                          aclemu_shape_str(other->shape, other->ndim, b1, sizeof b1),
                                          aclemu_shape_str(L.rshape, (uint32_t)L.rnd, b2, sizeof b2));
            int fits = mode == ADV_GATHER || (int32_t)other->ndim <= L.rnd;
            for (uint32_t j = 0; fits && mode == ADV_PUT && j < other->ndim; j++) {
                int64_t want = L.rshape[L.rnd - (int32_t)other->ndim + (int32_t)j];
                fits = other->shape[j] == 1 || other->shape[j] == want;
            }
            if (!fits)
                return ACLEMU_PARAM_ERROR(api, "values shape %s can not be broadcast to the indexed shape %s.",
                                          aclemu_shape_str(other->shape, other->ndim, b1, sizeof b1),
                                          aclemu_shape_str(L.rshape, (uint32_t)L.rnd, b2, sizeof b2));
        }
    }
    uint64_t numel = (uint64_t)aclemu_tensor_numel(other);
    uint32_t blocks = 1;
    uint64_t per = numel;
    if (mode == ADV_GATHER && !masks)
        aclemu_tile_1d(numel, aclemu_vector_core_num(aclemu_op_profile()), 4096, 1, &blocks, &per);
    uint64_t ws_off = mask_elems ? aclemu_exec_alloc_workspace(ex, mask_elems * sizeof(int64_t)) : 0;
    adv_index_args *a = aclemu_exec_add_launch(ex, "AdvIndex", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    aclnnStatus st;
    if ((st = aclemu_exec_tdesc(ex, a, &a->self, self)) || (st = aclemu_exec_tdesc(ex, a, &a->other, other)))
        return st;
    for (int32_t e = 0; e < n; e++) {
        a->kind[e] = tmp.kind[e], a->dims[e] = tmp.dims[e];
        if (tmp.kind[e] != ADV_SLICE && (st = aclemu_exec_tdesc(ex, a, &a->idx[e], indices->items[e])))
            return st;
    }
    if (mask_elems && (st = aclemu_exec_bind_workspace(ex, a, &a->ws, ws_off)))
        return st;
    a->ws_elems = mask_elems;
    a->mode = mode, a->accumulate = accumulate, a->nentries = n;
    a->numel = numel, a->per_block = per;
    return ACLNN_SUCCESS;
}
