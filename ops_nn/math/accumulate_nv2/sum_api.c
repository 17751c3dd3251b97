/* aclnnSum (ops-math math/accumulate_nv2, aclnn_sum.cpp), checks in the real order: null list,
 * null items ("expected a proper Tensor but got null for tensor i."), null out; each tensor's
 * dtype in FLOAT16, FLOAT, INT8, INT32, UINT8 ("tensor i not implemented for ..."), then out's;
 * ranks <= 8; the tensors broadcast together and out has that shape. An empty list (the real
 * code reads tensors[0] unchecked) is refused with 161002. The real AccumulateNV2 kernel takes
 * one dtype and its ViewCopy does not cast, so every tensor and out must share a dtype (a
 * 161002 here rather than a failing kernel later).
 * The real op widens FLOAT16 to FLOAT and sums groups of 16 in FP32, rounding once at the end:
 * each launch here sums up to 16 inputs, the partial sum stays in an FP32-or-wider workspace
 * between launches and only the last launch rounds into out. Integers wrap like the dtype. */
#include <string.h>

#include "accumulate_args.h"
#include "accumulate_plan.h"
#include "aclemu_plans.h"

#define SUM_DTYPES                                                                                             \
    (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT8))

/* numpy broadcast of b into (shape, nd); 0 when they do not broadcast. */
static int bcast_into(int64_t *shape, uint32_t *nd, const aclTensor *b)
{
    uint32_t n = *nd > b->ndim ? *nd : b->ndim;
    int64_t r[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i < n; i++) {
        int64_t x = i < n - *nd ? 1 : shape[i - (n - *nd)];
        int64_t y = i < n - b->ndim ? 1 : b->shape[i - (n - b->ndim)];
        if (x != y && x != 1 && y != 1)
            return 0;
        r[i] = x == 1 ? y : x;
    }
    memcpy(shape, r, n * sizeof(int64_t));
    *nd = n;
    return 1;
}

/* d (a descriptor of t) as a view of out's shape: right-aligned dims, 0 strides on broadcast. */
static void broadcast_desc(aclemu_tdesc *d, const aclTensor *t, const aclTensor *out)
{
    uint32_t lead = out->ndim - t->ndim;
    for (uint32_t i = 0; i < out->ndim; i++) {
        int64_t s = i < lead ? 1 : t->shape[i - lead];
        d->shape[i] = out->shape[i];
        d->stride[i] = s == 1 && out->shape[i] != 1 ? 0 : (i < lead ? 0 : t->stride[i - lead]);
    }
    d->ndim = out->ndim;
}

aclnnStatus aclemu_plan_Sum(aclOpExecutor *executor, const aclTensorList *tensors, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensors, "tensors")))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if (!tensors->items[i])
            return ACLEMU_NULL_ERROR(api, "expected a proper Tensor but got null for tensor %llu.", (unsigned long long)i);
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if (!aclemu_dtype_in(tensors->items[i]->dtype, SUM_DTYPES))
            return ACLEMU_PARAM_ERROR(api, "tensor %llu not implemented for %s.", (unsigned long long)i,
                                      aclemu_dtype_name(tensors->items[i]->dtype));
    if ((st = aclemu_check_dtype(api, out, "out", SUM_DTYPES)))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if (tensors->items[i]->dtype != out->dtype)
            return ACLEMU_PARAM_ERROR(api, "tensor %llu dtype %s should be the dtype of out %s.", (unsigned long long)i,
                                      aclemu_dtype_name(tensors->items[i]->dtype), aclemu_dtype_name(out->dtype));
    for (uint64_t i = 0; i < tensors->size; i++)
        if (tensors->items[i]->ndim > ACLEMU_MAX_RANK)
            return ACLEMU_PARAM_ERROR(api, "Dim of tensor %llu is %u, can't be greater than %d.", (unsigned long long)i,
                                      tensors->items[i]->ndim, ACLEMU_MAX_RANK);
    if ((st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (tensors->size == 0)
        return ACLEMU_PARAM_ERROR(api, "tensors should not be an empty list.");
    int64_t bs[ACLEMU_MAX_RANK];
    uint32_t bn = tensors->items[0]->ndim;
    memcpy(bs, tensors->items[0]->shape, bn * sizeof(int64_t));
    for (uint64_t i = 1; i < tensors->size; i++)
        if (!bcast_into(bs, &bn, tensors->items[i]))
            return ACLEMU_PARAM_ERROR(api, "Input tensors can not broadcast.");
    int same = bn == out->ndim;
    for (uint32_t i = 0; same && i < bn; i++)
        same = bs[i] == out->shape[i];
    if (!same) {
        char b1[160], b2[160];
        return ACLEMU_PARAM_ERROR(api, "Expected out shape %s, but got %s.", aclemu_shape_str(bs, bn, b1, sizeof b1),
                                  aclemu_shape_str(out->shape, out->ndim, b2, sizeof b2));
    }
    return accumulate_launch(executor, tensors, out);
}

aclnnStatus accumulate_launch(aclOpExecutor *executor, const aclTensorList *tensors, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    int64_t numel = aclemu_tensor_numel(out);
    if (numel == 0)
        return ACLNN_SUCCESS;
    int64_t inner = out->ndim ? out->shape[out->ndim - 1] : 1;
    uint64_t rows = (uint64_t)(numel / inner);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (rows + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((rows + per - 1) / per);
    uint64_t ngroups = (tensors->size + ACC_MAX_INPUTS - 1) / ACC_MAX_INPUTS;
    if (ngroups > 1 && numel > INT64_MAX / 8)
        return ACLEMU_PARAM_ERROR(api, "out has too many elements (%lld) for the partial sums.", (long long)numel);
    uint64_t partial = ngroups > 1 ? aclemu_exec_alloc_workspace(executor, (uint64_t)numel * 8) : 0;
    for (uint64_t g = 0; g < ngroups; g++) {
        accumulate_args *a = aclemu_exec_add_launch(executor, "AccumulateNV2", blocks, sizeof *a);
        if (!a)
            return ACLNN_ERR_INNER;
        if ((st = aclemu_exec_tdesc(executor, a, &a->out, out)))
            return st;
        uint64_t first = g * ACC_MAX_INPUTS, n = tensors->size - first < ACC_MAX_INPUTS ? tensors->size - first
                                                                                          : ACC_MAX_INPUTS;
        for (uint64_t i = 0; i < n; i++) {
            const aclTensor *t = tensors->items[first + i];
            if ((st = aclemu_exec_tdesc(executor, a, &a->in[i], t)))
                return st;
            broadcast_desc(&a->in[i], t, out);
        }
        a->nin = (int32_t)n;
        a->read_partial = g > 0;
        a->write_out = g + 1 == ngroups;
        if (ngroups > 1 && (st = aclemu_exec_bind_workspace(executor, a, &a->partial, partial)))
            return st;
        a->rows = rows;
        a->rows_per_block = per;
    }
    return ACLNN_SUCCESS;
}
