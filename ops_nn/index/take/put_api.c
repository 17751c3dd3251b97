/* aclnnInplacePut (ops-nn index/scatter_nd_update, aclnn_put.cpp), checks in the real order:
 * null (selfRef, index, source) -> dtypes (FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8,
 * DOUBLE, COMPLEX64, COMPLEX128, BOOL, + BF16 on A2 / A3 / 950 without accumulate; index INT32 /
 * INT64; source of self's dtype) -> ranks <= 8, numel(source) = numel(index) -> empty index:
 * nothing to do; empty self with a non-empty index is refused. One Put launch (take_kernel.c). */
#include "aclemu_plans.h"
#include "take_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)

aclnnStatus aclemu_plan_InplacePut(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *index,
                                   const aclTensor *source, bool accumulate)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "self")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, source, "source")))
        return st;
    int f = aclemu_op_profile()->family;
    aclemu_dtype_set list = DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) |
                            DT(COMPLEX64) | DT(COMPLEX128) | DT(BOOL);
    if ((f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950) && !accumulate)
        list |= DT(BF16);
    if ((st = aclemu_check_dtype(api, selfRef, "self", list)) || (st = aclemu_check_dtype(api, index, "index", DT(INT64) | DT(INT32))))
        return st;
    if (source->dtype != selfRef->dtype)
        return ACLEMU_PARAM_ERROR(api, "source dtype %s should be in same with self dtype %s.", aclemu_dtype_name(source->dtype),
                                  aclemu_dtype_name(selfRef->dtype));
    if ((st = aclemu_check_shape(api, selfRef, "self", 8)) || (st = aclemu_check_shape(api, index, "index", 8)))
        return st;
    int64_t n = aclemu_tensor_numel(index), sn = aclemu_tensor_numel(source);
    if (n != sn)
        return ACLEMU_PARAM_ERROR(api,
                                  "Expect source and index to have the same number of elements,but the source has %lld,the "
                                  "index has %lld.", (long long)sn, (long long)n);
    if (n == 0)
        return ACLNN_SUCCESS;
    int64_t selfn = aclemu_tensor_numel(selfRef);
    if (selfn == 0)
        return ACLEMU_PARAM_ERROR(api, "Can not put elements into an empty tensor");
    take_args *a = aclemu_exec_add_launch(executor, "Put", 1, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->self, selfRef)) || (st = aclemu_exec_tdesc(executor, a, &a->index, index)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->out, source)))
        return st;
    a->self_numel = selfn;
    a->numel = (uint64_t)n;
    a->per_block = (uint64_t)n;
    a->accumulate = accumulate;
    return ACLNN_SUCCESS;
}
