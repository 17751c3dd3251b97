/* aclnnAdvanceStep / aclnnAdvanceStepV2: generated from the op definition (ascend910b / 910_93 /
 * 950), so: nulls of the six required tensors (161001; specToken and acceptedNum are optional inputs
 * of the definition, version 2, and may be absent) -> the chip (161002 elsewhere) -> INT64 for every
 * tensor given (161002) -> ND formats -> the tiling's refusals (561002) in its order: numSeqs,
 * numQueries or blockSize < 1; a specToken that is not [numSeqs, specNum], an acceptedNum that is
 * not [numSeqs]; then, unless both are given and non-empty (the legacy policy): numSeqs <=
 * numQueries; numSeqs >= 200000000; dim 0 of inputTokens, inputPositions, seqLens, slotMapping,
 * blockTables other than numSeqs; sampledTokenIds' dim 0 other than numQueries or dim 1 other than
 * 1. With both (the speculative policy, T = specNum + 1 tokens a sequence): inputTokens not
 * [numSeqs * T], sampledTokenIds not [numSeqs, T], inputPositions / seqLens / slotMapping not of
 * inputTokens' shape, blockTables not [numSeqs, n]; a T too large for the unified buffer. numQueries
 * is not used by that policy (the documentation's numSeqs == numQueries rule is not in the tiling).
 * The tensors are used in place (the definition has no AutoContiguous): non-contiguous views are
 * refused here (161002) rather than read as if contiguous. */
#include "advance_step_args.h"
#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int64_t align32(int64_t n, int64_t bytes) { return (n * bytes + 31) / 32 * 32; }

/* The speculative policy's shape checks and unified-buffer bound; T = specNum + 1. */
static aclnnStatus spec_shapes(const char *api, const aclTensor *const *ts, int64_t numSeqs, int64_t T)
{
    const aclTensor *tok = ts[0], *smp = ts[1], *bt = ts[5];
    int64_t n;
    if (tok->ndim != 1 || __builtin_mul_overflow(numSeqs, T, &n) || tok->shape[0] != n)
        return TILING_ERROR(api, "inputTokens shape is not [num_seqs * (1 + spec_num),].");
    if (smp->ndim != 2 || smp->shape[0] != numSeqs || smp->shape[1] != T)
        return TILING_ERROR(api, "sampledTokenIds shape is not [num_seqs, (1 + spec_num)].");
    static const char *const msg[3] = {"inputPosisiongs", "seqLens", "slotMapping"};
    for (int k = 0; k < 3; k++) {
        const aclTensor *t = ts[2 + k];
        if (t->ndim != tok->ndim || t->shape[0] != tok->shape[0])
            return TILING_ERROR(api, "%s shape is not [num_seqs * (1 + spec_num),].", msg[k]);
    }
    if (bt->ndim != 2 || bt->shape[0] != numSeqs)
        return TILING_ERROR(api, "blockTables shape 1st dim is not num_seqs.");
    /* Tiling4Seqs: four INT64 rows and one INT32 row of T + 4 elements, a ReduceMin row, 768 bytes */
    int64_t ub = (int64_t)aclemu_op_profile()->ub_size;
    if (T > ub || ub - align32(1 + T, 4) - 768 <= 4 * align32(T + 4, 8) + align32(T + 4, 4))
        return TILING_ERROR(api, "Invalid ubRequired, return false");
    return ACLNN_SUCCESS;
}

/* ts: inputTokens, sampledTokenIds, inputPositions, seqLens, slotMapping, blockTables, specToken,
 * acceptedNum (the last two NULL for aclnnAdvanceStep). */
static aclnnStatus advance_step_plan(aclOpExecutor *executor, const aclTensor *const *ts, int64_t numSeqs,
                                     int64_t numQueries, int64_t blockSize)
{
    const char *api = aclemu_exec_api(executor);
    static const char *const ns[8] = {"inputTokens", "sampledTokenIds", "inputPositions", "seqLens", "slotMapping",
                                      "blockTables", "specToken", "acceptedNum"};
    aclnnStatus st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    for (int i = 0; i < 8; i++)
        if (ts[i] && (st = aclemu_check_dtype(api, ts[i], ns[i], ACLEMU_DT(ACL_INT64))))
            return st;
    for (int i = 0; i < 8; i++) {
        if (!ts[i])
            continue;
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
    /* the optional inputs count when they hold elements (CheckOptionalShapeExisting) */
    const aclTensor *spec = ts[6] && aclemu_tensor_numel(ts[6]) > 0 ? ts[6] : NULL;
    const aclTensor *acc = ts[7] && aclemu_tensor_numel(ts[7]) > 0 ? ts[7] : NULL;
    if (spec && (spec->ndim != 2 || spec->shape[0] != numSeqs))
        return TILING_ERROR(api, "specToken shape is not [num_seqs, spec_num].");
    if (acc && (acc->ndim != 1 || acc->shape[0] != numSeqs))
        return TILING_ERROR(api, "acceptedNum shape is not [num_seqs, ].");
    int is_spec = spec && acc;
    int64_t spec_num = is_spec ? spec->shape[1] : 0;
    if (is_spec) {
        if ((st = spec_shapes(api, ts, numSeqs, spec_num + 1)))
            return st;
    } else {
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
        const aclTensor *sampledTokenIds = ts[1];
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
    }
    const aclTensor *used[8] = {ts[0], ts[1], ts[2], ts[3], ts[4], ts[5], is_spec ? spec : NULL, is_spec ? acc : NULL};
    nn_stage s[8];
    for (int i = 0; i < 8; i++)
        if ((st = nn_stage_in(executor, used[i], NULL, -1, &s[i])))
            return st;
    const aclemu_chip_profile *prof = aclemu_op_profile();
    int64_t cores = prof->vector_core_cnt ? prof->vector_core_cnt : prof->ai_core_cnt;
    if (cores < 1)
        cores = 1;
    /* Tiling4Seqs: perCoreSeqs = ceil(numSeqs / cores) sequences on each of ceil(numSeqs / perCoreSeqs) cores */
    int64_t per_core = (numSeqs + cores - 1) / cores;
    uint32_t blocks = is_spec ? (uint32_t)((numSeqs + per_core - 1) / per_core) : 1;
    advance_step_args *a = (advance_step_args *)aclemu_exec_add_launch(executor, "AdvanceStep", blocks, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->num_seqs = numSeqs;
    a->num_queries = numQueries;
    a->block_size = blockSize;
    a->tables_numel = aclemu_tensor_numel(ts[5]);
    a->stride = is_spec ? ts[5]->shape[1] : a->tables_numel / numSeqs;
    a->cores = cores;
    a->spec = is_spec;
    a->spec_num = spec_num;
    a->per_core = per_core;
    nn_cbuf *b[8] = {&a->tokens, &a->sampled, &a->positions, &a->seq_lens, &a->slots, &a->tables, &a->spec_token,
                     &a->accepted};
    for (int i = 0; i < 8; i++)
        if ((st = nn_stage_bind(executor, a, b[i], &s[i])))
            return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_AdvanceStep(aclOpExecutor *executor, const aclTensor *inputTokens,
                                    const aclTensor *sampledTokenIds, const aclTensor *inputPositions,
                                    const aclTensor *seqLens, const aclTensor *slotMapping,
                                    const aclTensor *blockTables, int64_t numSeqs, int64_t numQueries, int64_t blockSize)
{
    const aclTensor *ts[8] = {inputTokens, sampledTokenIds, inputPositions, seqLens, slotMapping, blockTables, NULL, NULL};
    return advance_step_plan(executor, ts, numSeqs, numQueries, blockSize);
}

aclnnStatus aclemu_plan_AdvanceStepV2(aclOpExecutor *executor, const aclTensor *inputTokens,
                                      const aclTensor *sampledTokenIds, const aclTensor *inputPositions,
                                      const aclTensor *seqLens, const aclTensor *slotMapping,
                                      const aclTensor *blockTables, const aclTensor *specToken,
                                      const aclTensor *acceptedNum, int64_t numSeqs, int64_t numQueries,
                                      int64_t blockSize)
{
    const aclTensor *ts[8] = {inputTokens, sampledTokenIds, inputPositions, seqLens, slotMapping, blockTables,
                              specToken, acceptedNum};
    return advance_step_plan(executor, ts, numSeqs, numQueries, blockSize);
}
