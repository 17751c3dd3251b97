/* aclnnExpandIntoJaggedPermute (ops-nn index/expand_into_jagged_permute; its aclnn layer is
 * generated from the op definition), checks in that order: nulls (permute, inputOffset,
 * outputOffset, outputPermuteOut; 161001) -> the chips the definition registers a kernel for
 * (A2 / A3; 161002) -> every tensor INT32 (161002) -> ND formats -> what the host tiling refuses
 * (561002): permute, inputOffset and outputOffset of other than 1 dim. The real tiling's check of
 * their lengths is unreachable (it returns first), and so is any of outputSize; here the shape
 * mismatches the documentation names fail as 561002 too: offsets of other than permute's length
 * plus 1, an out of other than [outputSize]. The offsets and permute values are read on the
 * device: a permute value outside [0, n] or output offsets decreasing or leaving out's range
 * fail the stream (507015) before anything is written. An empty permute launches nothing. */
#include "aclemu_plans.h"
#include "jagged_permute_args.h"
#include "nn_check.h"

#define EJP_TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_ExpandIntoJaggedPermute(aclOpExecutor *executor, const aclTensor *permute,
                                                const aclTensor *inputOffset, const aclTensor *outputOffset,
                                                int64_t outputSize, const aclTensor *outputPermuteOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[4] = {permute, inputOffset, outputOffset, outputPermuteOut};
    const char *ns[4] = {"permute", "inputOffset", "outputOffset", "outputPermuteOut"};
    aclnnStatus st;
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2) | NN_CHIP(ACLEMU_FAMILY_A3))))
        return st;
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_dtype(api, ts[i], ns[i], ACLEMU_DT(ACL_INT32))))
            return st;
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], 8)))
            return st;
    for (int i = 0; i < 3; i++)
        if (ts[i]->ndim != 1)
            return EJP_TILING_ERROR(api, "%s's shape is not 1D (it has %u dims).", ns[i], ts[i]->ndim);
    const int64_t n = permute->shape[0];
    if (inputOffset->shape[0] != n + 1 || outputOffset->shape[0] != n + 1)
        return EJP_TILING_ERROR(api, "outputOffset (%lld) and inputOffset (%lld) should be one more than permute (%lld).",
                                (long long)outputOffset->shape[0], (long long)inputOffset->shape[0], (long long)n);
    if (outputPermuteOut->ndim != 1 || outputPermuteOut->shape[0] != outputSize)
        return EJP_TILING_ERROR(api, "outputPermuteOut should be a 1-D tensor of outputSize %lld elements.", (long long)outputSize);
    if (n == 0)
        return ACLNN_SUCCESS;
    uint32_t blocks;
    uint64_t per;
    aclemu_tile_1d((uint64_t)n, aclemu_vector_core_num(aclemu_op_profile()), 64, 1, &blocks, &per);
    jagged_permute_args *a = aclemu_exec_add_launch(executor, "ExpandIntoJaggedPermute", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->n = n;
    a->seg_per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->permute, permute)) || (st = aclemu_exec_tdesc(executor, a, &a->in_off, inputOffset)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->out_off, outputOffset)))
        return st;
    return aclemu_exec_tdesc(executor, a, &a->out, outputPermuteOut);
}
