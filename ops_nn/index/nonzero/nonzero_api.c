/* Planners of Nonzero and NonzeroV2 (ops-nn index/non_zero: op_api/aclnn_nonzero.cpp,
 * aclnn_nonzero_v2.cpp): null -> dtype (lists per arch) -> ranks -> no dim past INT32_MAX.
 * out is [K, D] (V2: [D, K]) with room for K results: the real checks only its rank, and its
 * examples give room for every element or exactly the count; it gets the real [N, D] / [D, N]
 * view shape back after stage 2, as the real op's output-shape tensor sets it, and must be
 * contiguous here (written compactly). An input with more than K non-zero elements writes
 * nothing and fails stage 2 (a card would write past out). */
#include <stdint.h>
#include <string.h>

#include "aclemu_plans.h"
#include "nonzero_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
/* Nonzero: the 910B list (BF16 through the chip rule); the regbase arch adds UINT16/32/64 */
#define NZ_DTYPES                                                                                        \
    (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) | DT(BOOL) | \
     DT(BF16))
/* NonzeroV2: the unsigned types on every arch */
#define NZ2_DTYPES (NZ_DTYPES | DT(UINT16) | DT(UINT32) | DT(UINT64))

static aclnnStatus plan_nonzero(aclOpExecutor *ex, const aclTensor *self, aclTensor *out, int transposed)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = transposed ? NZ2_DTYPES
                                      : NZ_DTYPES | (aclemu_op_profile()->family == ACLEMU_FAMILY_950
                                                         ? DT(UINT16) | DT(UINT32) | DT(UINT64) : 0);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, out, "out", DT(INT64))))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    for (uint32_t i = 0; i < self->ndim; i++)
        if (self->shape[i] > INT32_MAX)
            return ACLEMU_PARAM_ERROR(api, "The tensor's shape cannot be larger than %d.", INT32_MAX);
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    int64_t n = aclemu_tensor_numel(self), D = (int64_t)self->ndim;
    char s2[256];
    if (out->ndim != 2 || (transposed ? out->shape[0] != D : out->shape[1] != D))
        return ACLEMU_PARAM_ERROR(api, "out shape %s should be %s (self has %lld dims).",
                                  aclemu_shape_str(out->shape, out->ndim, s2, sizeof s2),
                                  transposed ? "[D, K]" : "[K, D]", (long long)D);
    if (!(out->stride[1] == 1 || out->shape[1] == 1) || !(out->stride[0] == out->shape[1] || out->shape[0] == 1))
        return ACLEMU_PARAM_ERROR(api, "out must be contiguous: its shape is set from the result.");
    nonzero_args a;
    memset(&a, 0, sizeof a);
    a.dtype = self->dtype;
    a.nd = (int32_t)D;
    a.transposed = transposed;
    a.out_rank = 2;
    a.in_off = self->offset;
    a.out_off = out->offset;
    a.numel = n;
    a.cap = transposed ? out->shape[1] : out->shape[0];
    for (uint32_t i = 0; i < self->ndim; i++) {
        a.shape[i] = self->shape[i];
        a.stride[i] = self->stride[i];
    }
    a.ws_dims = (int64_t)aclemu_exec_alloc_workspace(ex, 2 * sizeof(int64_t));
    nonzero_args *b = (nonzero_args *)aclemu_exec_add_launch(ex, "Nonzero", 1, sizeof(nonzero_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    if ((st = aclemu_exec_bind_tensor(ex, b, &b->in, self)) || (st = aclemu_exec_bind_tensor(ex, b, &b->out, out)) ||
        (st = aclemu_exec_bind_workspace(ex, b, &b->ws, 0)))
        return st;
    return aclemu_exec_out_shape(ex, out, (uint64_t)a.ws_dims);
}

aclnnStatus aclemu_plan_Nonzero(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plan_nonzero(executor, self, out, 0);
}

aclnnStatus aclemu_plan_NonzeroV2(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plan_nonzero(executor, self, out, 1);
}
