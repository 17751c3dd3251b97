/* aclnnScatterList (ops-nn index/scatter_list; its aclnn layer is generated from the op
 * definition), checks in that order:
 *  - nulls (varRef, indice, updates; 161001);
 *  - the chips the definition registers a kernel for (A2 / A3 / 950 / 310P; 161002);
 *  - dtypes (161002): every var tensor and updates in INT8, INT16, INT32, UINT8, UINT16, UINT32,
 *    FLOAT16, BFLOAT16 (not on the 310P), FLOAT and all alike; indice INT32 / INT64; mask UINT8;
 *  - ND formats;
 *  - what the host tiling refuses (561002), in its order: an empty list, var tensors of different
 *    shapes, a 0-d var, updates below 2 dims or of a first dim other than the list size, axis
 *    (normalised by updates' rank) outside (0, rank), an empty updates or var, var's dims before /
 *    after the axis holding other counts than updates', updates longer than var along the axis,
 *    an indice of other than 1 or 2 dims / of a first dim other than the list size / [B, 2], a
 *    mask of other than [B], and a reduce other than "update" (the tiling's check, so 561002).
 * The start positions (and lengths) are read on the device: one out of var's range fails the
 * stream (507015) before anything is written. */
#include <stdio.h>
#include <string.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "scatter_list_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define SL_DTYPES (DT(INT8) | DT(INT16) | DT(INT32) | DT(UINT8) | DT(UINT16) | DT(UINT32) | DT(FLOAT16) | DT(BF16) | DT(FLOAT))
#define SL_TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int64_t prod(const int64_t *d, int64_t lo, int64_t hi)
{
    int64_t p = 1;
    for (int64_t i = lo; i < hi; i++) p *= d[i];
    return p;
}

aclnnStatus aclemu_plan_ScatterList(aclOpExecutor *executor, aclTensorList *varRef, const aclTensor *indice,
                                    const aclTensor *updates, const aclTensor *maskOptional, char *reduceOptional,
                                    int64_t axis)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, varRef, "varRef")) || (st = aclemu_check_notnull(api, indice, "indice")) ||
        (st = aclemu_check_notnull(api, updates, "updates")))
        return st;
    char nm[32];
    for (uint64_t i = 0; i < varRef->size; i++) {
        snprintf(nm, sizeof nm, "varRef[%llu]", (unsigned long long)i);
        if ((st = aclemu_check_notnull(api, varRef->items[i], nm)))
            return st;
    }
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    for (uint64_t i = 0; i < varRef->size; i++) {
        snprintf(nm, sizeof nm, "varRef[%llu]", (unsigned long long)i);
        if ((st = aclemu_check_dtype(api, varRef->items[i], nm, SL_DTYPES)))
            return st;
    }
    if ((st = aclemu_check_dtype(api, indice, "indice", DT(INT32) | DT(INT64))) ||
        (st = aclemu_check_dtype(api, updates, "updates", SL_DTYPES)) ||
        (st = nn_dtype_opt(api, maskOptional, "maskOptional", DT(UINT8))))
        return st;
    for (uint64_t i = 0; i < varRef->size; i++) {
        snprintf(nm, sizeof nm, "varRef[%llu]", (unsigned long long)i);
        if ((st = aclemu_check_same_dtype(api, varRef->items[i], nm, updates, "updates")))
            return st;
    }
    for (uint64_t i = 0; i < varRef->size; i++) {
        snprintf(nm, sizeof nm, "varRef[%llu]", (unsigned long long)i);
        if ((st = aclemu_check_format(api, varRef->items[i], nm)) || (st = aclemu_check_shape(api, varRef->items[i], nm, 8)))
            return st;
    }
    if ((st = aclemu_check_format(api, indice, "indice")) || (st = aclemu_check_format(api, updates, "updates")) ||
        (st = nn_format_opt(api, maskOptional, "maskOptional")) || (st = aclemu_check_shape(api, indice, "indice", 8)) ||
        (st = aclemu_check_shape(api, updates, "updates", 8)) || (st = nn_shape_opt(api, maskOptional, "maskOptional", 8)))
        return st;
    /* the tiling's checks */
    const int64_t B = (int64_t)varRef->size;
    if (B == 0)
        return SL_TILING_ERROR(api, "var can not be an empty tensor list.");
    const aclTensor *v0 = varRef->items[0];
    char s0[256], s1[256];
    for (int64_t i = 1; i < B; i++) {
        const aclTensor *v = varRef->items[i];
        if (v->ndim != v0->ndim || memcmp(v->shape, v0->shape, v0->ndim * sizeof(int64_t)))
            return SL_TILING_ERROR(api, "all var tensor shapes should be equal, but varRef[%lld] is %s and varRef[0] %s.",
                                   (long long)i, aclemu_shape_str(v->shape, v->ndim, s0, sizeof s0),
                                   aclemu_shape_str(v0->shape, v0->ndim, s1, sizeof s1));
    }
    if (v0->ndim < 1)
        return SL_TILING_ERROR(api, "The dimension of var must be at least 1, but it is %u.", v0->ndim);
    const int64_t ur = (int64_t)updates->ndim;
    if (ur < 2)
        return SL_TILING_ERROR(api, "The dimension of updates must >= 2, but it is %lld.", (long long)ur);
    if (updates->shape[0] != B)
        return SL_TILING_ERROR(api, "The tensor num of var (%lld) must equal to updates' first dim (%lld).", (long long)B,
                               (long long)updates->shape[0]);
    int64_t ax = axis < 0 ? axis + ur : axis;
    if (ax <= 0 || ax >= ur)
        return SL_TILING_ERROR(api, "axis %lld (normalised %lld) should be in (0, %lld), the dimension of updates.",
                               (long long)axis, (long long)ax, (long long)ur);
    if ((int64_t)v0->ndim != ur - 1)
        return SL_TILING_ERROR(api, "var has %u dims, it should have %lld (updates' minus 1).", v0->ndim, (long long)(ur - 1));
    for (int64_t i = 0; i < ur; i++)
        if (updates->shape[i] <= 0)
            return SL_TILING_ERROR(api, "updates can't be an empty tensor, but its shape is %s.",
                                   aclemu_shape_str(updates->shape, updates->ndim, s0, sizeof s0));
    for (uint32_t i = 0; i < v0->ndim; i++)
        if (v0->shape[i] <= 0)
            return SL_TILING_ERROR(api, "var tensor can't be an empty tensor, but its shape is %s.",
                                   aclemu_shape_str(v0->shape, v0->ndim, s0, sizeof s0));
    const int64_t va = ax - 1; /* the axis in var's dims */
    if (prod(updates->shape, 1, ax) != prod(v0->shape, 0, va))
        return SL_TILING_ERROR(api, "var's dims before the axis (%lld elements) must hold as many as updates' (%lld).",
                               (long long)prod(v0->shape, 0, va), (long long)prod(updates->shape, 1, ax));
    if (prod(updates->shape, ax + 1, ur) != prod(v0->shape, va + 1, ur - 1))
        return SL_TILING_ERROR(api, "var's dims after the axis (%lld elements) must hold as many as updates' (%lld).",
                               (long long)prod(v0->shape, va + 1, ur - 1), (long long)prod(updates->shape, ax + 1, ur));
    if (updates->shape[ax] > v0->shape[va])
        return SL_TILING_ERROR(api, "updates' axis length %lld must not be greater than var's %lld.",
                               (long long)updates->shape[ax], (long long)v0->shape[va]);
    if (indice->ndim != 1 && indice->ndim != 2)
        return SL_TILING_ERROR(api, "The dimension of indice only support 1 or 2 now, but it is %u.", indice->ndim);
    if (indice->shape[0] != B)
        return SL_TILING_ERROR(api, "The first dim of indice (%lld) should be equal to the first dim of updates (%lld).",
                               (long long)indice->shape[0], (long long)B);
    if (indice->ndim == 2 && indice->shape[1] != 2)
        return SL_TILING_ERROR(api, "The second dim of indice should be 2, but indice is %s.",
                               aclemu_shape_str(indice->shape, indice->ndim, s0, sizeof s0));
    if (maskOptional && maskOptional->ndim != 1)
        return SL_TILING_ERROR(api, "The dimension of mask only support 1 now, but it is %u.", maskOptional->ndim);
    if (maskOptional && maskOptional->shape[0] != B)
        return SL_TILING_ERROR(api, "The first dim of mask (%lld) must be equal to the first dim of updates (%lld).",
                               (long long)maskOptional->shape[0], (long long)B);
    if (reduceOptional && strcmp(reduceOptional, "update") != 0)
        return SL_TILING_ERROR(api, "reduce only supports \"update\" now, but it is \"%s\".", reduceOptional);
    /* launches of up to SL_MAX_VARS list entries */
    const int64_t pre = prod(v0->shape, 0, va);
    for (int64_t first = 0; first < B; first += SL_MAX_VARS) {
        int64_t nvar = B - first < SL_MAX_VARS ? B - first : SL_MAX_VARS;
        uint32_t blocks;
        uint64_t per;
        aclemu_tile_1d((uint64_t)(nvar * pre), aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &blocks, &per);
        scatter_list_args *a = aclemu_exec_add_launch(executor, "ScatterList", blocks, sizeof *a);
        if (!a)
            return ACLNN_ERR_INNER;
        if ((st = aclemu_exec_tdesc(executor, a, &a->indice, indice)) || (st = aclemu_exec_tdesc(executor, a, &a->updates, updates)) ||
            (maskOptional && (st = aclemu_exec_tdesc(executor, a, &a->mask, maskOptional))))
            return st;
        a->axis = (int32_t)va;
        a->ndim = (int32_t)v0->ndim;
        memcpy(a->shape, v0->shape, v0->ndim * sizeof(int64_t));
        a->first = first;
        a->nvar = nvar;
        a->rows_per_block = (int64_t)per;
        for (int64_t e = 0; e < nvar; e++) {
            const aclTensor *v = varRef->items[first + e];
            a->var[e].offset = v->offset;
            memcpy(a->var[e].stride, v->stride, v->ndim * sizeof(int64_t));
            if ((st = aclemu_exec_bind_tensor(executor, a, &a->var[e].addr, v)))
                return st;
        }
    }
    return ACLNN_SUCCESS;
}
