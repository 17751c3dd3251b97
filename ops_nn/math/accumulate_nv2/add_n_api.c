/* part mathrest (issue 10): aclnnAddN and aclnnSumV2 on the AccumulateNV2 launches.
 * AddN (real math/add_n/op_api/aclnn_add_n.cpp): null list / items / out -> A2, A3 or 950 only
 * ("ACLNN only support ...") -> every tensor and out in [INT32, INT64, FLOAT16, BF16, FLOAT] ->
 * ranks <= 8 -> all shapes equal to tensors[0]'s and to out's (no broadcast) -> tensors[0] not
 * in a private format. The real check of tensors[0]'s dtype against out's returns `false` from
 * an aclnnStatus function, i.e. success, so mixed dtypes run: here each input converts on load
 * and the sum is computed in out's domain and rounded once into out. An empty list (the real
 * code reads tensors[0] first) is refused with 161002.
 * SumV2 (experimental accumulate_nv2_v2) has aclnnSum's checks word for word: its planner. */
#include "aclemu_plans.h"
#include "accumulate_plan.h"

#define ADD_N_DTYPES                                                                                   \
    (ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) |     \
     ACLEMU_DT(ACL_FLOAT))

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (uint32_t d = 0; d < a->ndim; d++)
        if (a->shape[d] != b->shape[d])
            return 0;
    return 1;
}

aclnnStatus aclemu_plan_AddN(aclOpExecutor *executor, const aclTensorList *tensors, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensors, "tensors")))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if (!tensors->items[i])
            return ACLEMU_NULL_ERROR(api, "Expected a proper Tensor but got null for tensor %llu.", (unsigned long long)i);
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (tensors->size == 0)
        return ACLEMU_PARAM_ERROR(api, "tensors should not be an empty list.");
    if (!aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950))
        return ACLEMU_PARAM_ERROR(api, "ACLNN only support ASCEND910B(A2), ASCEND910_93(A3) and ASCEND950(A5) series");
    char buf[160];
    aclemu_dtype_set list = aclemu_chip_dtypes(ADD_N_DTYPES);
    for (uint64_t i = 0; i < tensors->size; i++)
        if (!aclemu_dtype_in(tensors->items[i]->dtype, list))
            return ACLEMU_PARAM_ERROR(api, "Tensor %llu not implemented for %s, should be in dtype support list %s.",
                                      (unsigned long long)i, aclemu_dtype_name(tensors->items[i]->dtype),
                                      aclemu_dtype_set_str(list, buf, sizeof buf));
    if ((st = aclemu_check_dtype(api, out, "out", ADD_N_DTYPES)))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if (tensors->items[i]->ndim > ACLEMU_MAX_RANK)
            return ACLEMU_PARAM_ERROR(api, "Dim of tensor %llu is %u, can't be greater than %d.", (unsigned long long)i,
                                      tensors->items[i]->ndim, ACLEMU_MAX_RANK);
    if ((st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    for (uint64_t i = 0; i < tensors->size; i++)
        if ((st = aclemu_check_shape(api, tensors->items[i], "tensors", ACLEMU_MAX_RANK)))
            return st;
    for (uint64_t i = 1; i < tensors->size; i++)
        if (!same_shape(tensors->items[i], tensors->items[0]))
            return ACLEMU_PARAM_ERROR(api, "Input tensors should have same shape.");
    if (!same_shape(tensors->items[0], out))
        return ACLEMU_PARAM_ERROR(api, "Input tensors should have same shape with output.");
    if (aclemu_format_is_private(tensors->items[0]->format))
        return ACLEMU_PARAM_ERROR(api, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
    return accumulate_launch(executor, tensors, out);
}

aclnnStatus aclemu_plan_SumV2(aclOpExecutor *executor, const aclTensorList *tensors, aclTensor *out)
{
    return aclemu_plan_Sum(executor, tensors, out);
}
