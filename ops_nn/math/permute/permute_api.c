/* aclnnPermute: any of the listed dtypes (BF16 only on A2/A3/950; HIFLOAT8 / FLOAT8 are not
 * emulated), out of self's dtype. Real order: null, dtypes, shapes (rank of self == dims size,
 * out == permuted shape, rank <= 8), dims in [-rank, rank-1] without repeats. The copy walks
 * self through a permuted view into out. */
#include "aclemu_plans.h"
#include "act_plan.h"

#define PERMUTE_DTYPES                                                                                 \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT16) |      \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_UINT16) |      \
     ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_UINT64) | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_DOUBLE) |     \
     ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128) | ACLEMU_DT(ACL_BF16))

aclnnStatus aclemu_plan_Permute(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *dims,
                                aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, dims, "dims")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", PERMUTE_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", PERMUTE_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    uint32_t rank = self->ndim;
    if (dims->size != rank)
        return ACLEMU_PARAM_ERROR(api, "dims size %llu should be equal to the dim num %u of self.",
                                  (unsigned long long)dims->size, rank);
    int64_t lo = rank ? -(int64_t)rank : -1, hi = rank ? (int64_t)rank - 1 : 0;
    uint32_t perm[ACLEMU_MAX_RANK], seen = 0;
    for (uint32_t i = 0; i < rank; i++) {
        int64_t v = dims->data[i];
        if (v < lo || v > hi)
            return ACLEMU_PARAM_ERROR(api, "The values of dims should be in range [%lld, %lld].", (long long)lo,
                                      (long long)hi);
        perm[i] = (uint32_t)(v < 0 ? v + rank : v);
        if (seen & (1u << perm[i]))
            return ACLEMU_PARAM_ERROR(api, "Each dimension in perm should not be repeated.");
        seen |= 1u << perm[i];
    }
    act_view v;
    act_view_of(&v, self);
    for (uint32_t i = 0; i < rank; i++) {
        v.view.shape[i] = self->shape[perm[i]];
        v.view.stride[i] = self->stride[perm[i]];
    }
    if ((st = aclemu_check_shape_is(api, out, "out", v.view.shape, rank)))
        return st;
    const aclTensor *ins[1] = {&v.view};
    aclemu_ew *ew = (aclemu_ew *)aclemu_ew_launch(executor, "Transpose", sizeof(aclemu_ew), out, ins, 1, &st);
    if (!ew)
        return st;
    /* stage 2 patches self's address into the view operand */
    return aclemu_exec_bind_tensor(executor, ew, &ew->op[1].addr, self);
}
