/* aclnnTake (ops-nn index/gather_v2, aclnn_take.cpp), checks in the real order:
 *  - null self, index, out;
 *  - self's dtype in the list (FLOAT, FLOAT16, UINT64, INT64, UINT32, INT32, UINT16, INT16, UINT8,
 *    INT8, DOUBLE, COMPLEX64, COMPLEX128, BOOL, BF16), out of self's dtype, index INT32 / INT64,
 *    then BF16 only on A2 / A3 / 950 (its own message);
 *  - index rank <= 8; out of index's shape; a non-empty index needs a non-empty self.
 * Empty self or index: nothing to run. Index values are range-checked by the kernel. */
#include "aclemu_plans.h"
#include "take_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define TAKE_DTYPES                                                                                          \
    (DT(FLOAT) | DT(FLOAT16) | DT(UINT64) | DT(INT64) | DT(UINT32) | DT(INT32) | DT(UINT16) | DT(INT16) |   \
     DT(UINT8) | DT(INT8) | DT(DOUBLE) | DT(COMPLEX64) | DT(COMPLEX128) | DT(BOOL) | DT(BF16))

aclnnStatus aclemu_plan_Take(aclOpExecutor *executor, const aclTensor *self, const aclTensor *index, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    /* BF16 is in the list on every chip; the chip gate comes after the other dtype checks */
    if ((self->dtype != ACL_BF16 && (st = aclemu_check_dtype(api, self, "self", TAKE_DTYPES))) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) ||
        (st = aclemu_check_dtype(api, index, "index", DT(INT32) | DT(INT64))))
        return st;
    int fam = aclemu_op_profile()->family;
    if (self->dtype == ACL_BF16 && fam != ACLEMU_FAMILY_A2 && fam != ACLEMU_FAMILY_A3 && fam != ACLEMU_FAMILY_950)
        return ACLEMU_PARAM_ERROR(api, "take operator doesn't support [DT_BF16], except on ASCEND910B or ASCEND950 chip");
    if ((st = aclemu_check_shape(api, index, "index", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, out, "out", index, "index")))
        return st;
    int64_t sn = aclemu_tensor_numel(self), n = aclemu_tensor_numel(index);
    if (sn == 0 && n != 0)
        return ACLEMU_PARAM_ERROR(api, "IndexError: take(): tried to take from an empty tensor");
    if (sn == 0 || n == 0)
        return ACLNN_SUCCESS;
    uint32_t blocks;
    uint64_t per;
    aclemu_tile_1d((uint64_t)n, aclemu_vector_core_num(aclemu_op_profile()), 4096, 1, &blocks, &per);
    take_args *a = aclemu_exec_add_launch(executor, "Take", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->self, self)) || (st = aclemu_exec_tdesc(executor, a, &a->index, index)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->out, out)))
        return st;
    a->self_numel = sn;
    a->numel = (uint64_t)n;
    a->per_block = per;
    return ACLNN_SUCCESS;
}
