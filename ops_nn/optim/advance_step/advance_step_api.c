/* aclnnAdvanceStep: generated from the op definition (ascend910b / 910_93 / 950), so: nulls
 * (161001) -> the chip (161002 elsewhere) -> INT64 for every tensor (161002) -> ND formats -> the
 * tiling's refusals (561002) in its order: numSeqs, numQueries or blockSize < 1; numSeqs <=
 * numQueries; numSeqs >= 200000000; dim 0 of inputTokens, inputPositions, seqLens, slotMapping,
 * blockTables other than numSeqs; sampledTokenIds' dim 0 other than numQueries or dim 1 other than
 * 1. The tensors are used in place (the definition has no AutoContiguous): non-contiguous views are
 * refused here (161002) rather than read as if contiguous. */
#include "advance_step_args.h"
#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_AdvanceStep(aclOpExecutor *executor, const aclTensor *inputTokens,
                                    const aclTensor *sampledTokenIds, const aclTensor *inputPositions,
                                    const aclTensor *seqLens, const aclTensor *slotMapping,
                                    const aclTensor *blockTables, int64_t numSeqs, int64_t numQueries, int64_t blockSize)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[6] = {inputTokens, sampledTokenIds, inputPositions, seqLens, slotMapping, blockTables};
    static const char *const ns[6] = {"inputTokens", "sampledTokenIds", "inputPositions", "seqLens", "slotMapping",
                                      "blockTables"};
    aclnnStatus st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_dtype(api, ts[i], ns[i], ACLEMU_DT(ACL_INT64))))
            return st;
    for (int i = 0; i < 6; i++) {
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
        if (!aclemu_tensor_is_contiguous(ts[i]))
            return ACLEMU_PARAM_ERROR(api, "%s should be contiguous.", ns[i]);
    }
    if (numSeqs < 1)
        return TILING_ERROR(api, "Non-positive attr num_seqs, tiling failed.");
    if (numQueries < 1)
        return TILING_ERROR(api, "Non-positive attr num_queries, tiling failed.");
    if (blockSize < 1)
        return TILING_ERROR(api, "Non-positive attr block_size, tiling failed.");
    if (numSeqs <= numQueries)
        return TILING_ERROR(api, "numSeqs %lld should not be smaller or equal to numQueries %lld", (long long)numSeqs,
                            (long long)numQueries);
    if (numSeqs >= 200000000)
        return TILING_ERROR(api, "numSeqs %lld should be smaller to 200000000", (long long)numSeqs);
    static const int dim0[5] = {0, 2, 3, 4, 5};
    for (int k = 0; k < 5; k++) {
        const aclTensor *t = ts[dim0[k]];
        int64_t d0 = t->ndim ? t->shape[0] : 1;
        if (d0 != numSeqs)
            return TILING_ERROR(api, "numSeqs %lld should equal to %s's %sdim %lld ", (long long)numSeqs, ns[dim0[k]],
                                dim0[k] == 5 ? "first " : "", (long long)d0);
    }
    int64_t s0 = sampledTokenIds->ndim ? sampledTokenIds->shape[0] : 1;
    if (s0 != numQueries)
        return TILING_ERROR(api, "numQueries %lld should equal to sampledTokenIds's first dim %lld ",
                            (long long)numQueries, (long long)s0);
    if (sampledTokenIds->ndim < 2 || sampledTokenIds->shape[1] != 1)
        return TILING_ERROR(api, "sampledTokenIds's last dim should be 1");
    /* the kernel indexes each of these up to numSeqs / numQueries elements */
    for (int i = 0; i < 5; i++)
        if (aclemu_tensor_numel(ts[i]) < (i == 1 ? numQueries : numSeqs))
            return TILING_ERROR(api, "%s holds too few elements.", ns[i]);
    nn_stage s[6];
    for (int i = 0; i < 6; i++)
        if ((st = nn_stage_in(executor, ts[i], NULL, -1, &s[i])))
            return st;
    advance_step_args *a = (advance_step_args *)aclemu_exec_add_launch(executor, "AdvanceStep", 1, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->num_seqs = numSeqs;
    a->num_queries = numQueries;
    a->block_size = blockSize;
    a->tables_numel = aclemu_tensor_numel(blockTables);
    a->stride = a->tables_numel / numSeqs;
    a->cores = aclemu_op_profile()->vector_core_cnt ? aclemu_op_profile()->vector_core_cnt : aclemu_op_profile()->ai_core_cnt;
    nn_cbuf *b[6] = {&a->tokens, &a->sampled, &a->positions, &a->seq_lens, &a->slots, &a->tables};
    for (int i = 0; i < 6; i++)
        if ((st = nn_stage_bind(executor, a, b[i], &s[i])))
            return st;
    return ACLNN_SUCCESS;
}
