/* aclnnCrossEntropySumExpAndIndexLogit: its aclnn layer is generated from the op definition,
 * which registers an AI Core kernel for ascend950 only, so: nulls (161001) -> the chip (161002 off
 * the 950) -> the dtypes of the definition's two rows (logits FLOAT / BF16, target INT32,
 * globalLogitsMax as logits, predicted / sumExp / exp FLOAT, offset / mask INT32; 161002) -> ND
 * formats -> then the tiling's refusals (561002) in its order: vocabEndIndex <= vocabStartIndex,
 * logits of other than 2 or 3 dims, an empty logits, N outside [1, 32768], V outside
 * [16, 204800], V not a multiple of 8 (FLOAT) / 16 (BF16), vocabEnd - vocabStart != V, target
 * empty or of other than N elements, globalLogitsMax the same. The outputs are not checked there;
 * here outputs of other than N (exp: N * V) elements are refused with the same code rather than
 * written out of bounds. Inputs of any strides are accepted (AutoContiguous). */
#include "aclemu_plans.h"
#include "cross_entropy_sum_exp_and_index_logit_args.h"
#include "nn_check.h"
#include "nn_stage.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static aclnnStatus not_empty(const char *api, const aclTensor *t, const char *name)
{
    for (uint32_t d = 0; d < t->ndim; d++)
        if (t->shape[d] <= 0) {
            char s[256];
            return TILING_ERROR(api, "%s %s is an empty tensor, dim %u must be greater than 0", name,
                                aclemu_shape_str(t->shape, t->ndim, s, sizeof s), d);
        }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_CrossEntropySumExpAndIndexLogit(aclOpExecutor *executor, const aclTensor *vocabParallelLogits,
                                                        const aclTensor *target, const aclTensor *globalLogitsMax,
                                                        int64_t vocabStartIndex, int64_t vocabEndIndex,
                                                        const aclTensor *predictedLogitsOut,
                                                        const aclTensor *sumExpLogitsOut,
                                                        const aclTensor *expLogitsOut,
                                                        const aclTensor *targetOffsetOut,
                                                        const aclTensor *targetMaskOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[8] = {vocabParallelLogits, target, globalLogitsMax, predictedLogitsOut, sumExpLogitsOut,
                              expLogitsOut, targetOffsetOut, targetMaskOut};
    static const char *const ns[8] = {"vocabParallelLogits", "target", "globalLogitsMax", "predictedLogitsOut",
                                      "sumExpLogitsOut", "expLogitsOut", "targetOffsetOut", "targetMaskOut"};
    aclnnStatus st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_950))) ||
        (st = aclemu_check_dtype(api, vocabParallelLogits, ns[0], DT(FLOAT) | DT(BF16))) ||
        (st = aclemu_check_dtype(api, target, ns[1], DT(INT32))) ||
        (st = aclemu_check_same_dtype(api, vocabParallelLogits, ns[0], globalLogitsMax, ns[2])))
        return st;
    for (int i = 3; i < 8; i++)
        if ((st = aclemu_check_dtype(api, ts[i], ns[i], i < 6 ? DT(FLOAT) : DT(INT32))))
            return st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    const aclTensor *x = vocabParallelLogits;
    if (vocabEndIndex <= vocabStartIndex)
        return TILING_ERROR(api, "vocab_end_index %lld should be larger than vocab_start_index %lld.",
                            (long long)vocabEndIndex, (long long)vocabStartIndex);
    if (x->ndim != 2 && x->ndim != 3)
        return TILING_ERROR(api, "vocab_parallel_logits should be 2D or 3D, but has %u dims.", x->ndim);
    if ((st = not_empty(api, x, "vocab_parallel_logits")))
        return st;
    int64_t V = x->shape[x->ndim - 1], N = aclemu_tensor_numel(x) / V;
    if (N < 1 || N > 32768)
        return TILING_ERROR(api, "vocab_parallel_logits N = %lld should be in [1, 32768].", (long long)N);
    if (V < 16 || V > 204800)
        return TILING_ERROR(api, "vocab_parallel_logits V_local = %lld should be in [16, 204800].", (long long)V);
    int64_t align = x->dtype == ACL_BF16 ? 16 : 8;
    if (V % align)
        return TILING_ERROR(api, "vocab_parallel_logits V_local = %lld must be multiple of %lld for the dtype.",
                            (long long)V, (long long)align);
    if (vocabEndIndex - vocabStartIndex != V)
        return TILING_ERROR(api, "vocab_end_index %lld should be vocab_start_index + V_local (%lld).",
                            (long long)vocabEndIndex, (long long)(vocabStartIndex + V));
    for (int i = 1; i < 8; i++) {
        if (i == 1 || i == 2) {
            if ((st = not_empty(api, ts[i], i == 1 ? "target" : "global_logits_max")))
                return st;
        }
        int64_t want = i == 5 ? N * V : N;
        if (aclemu_tensor_numel(ts[i]) != want)
            return TILING_ERROR(api, "%s element num %lld must equal %s (%lld).", ns[i],
                                (long long)aclemu_tensor_numel(ts[i]), i == 5 ? "N * V_local" : "N (prod of logits leading dims)",
                                (long long)want);
    }
    nn_stage s[8];
    for (int i = 0; i < 8; i++)
        if ((st = (i < 3 ? nn_stage_in : nn_stage_out)(executor, ts[i], NULL, -1, &s[i])))
            return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)N, (uint64_t)V, &bd, &per);
    ce_sumexp_args *a =
        (ce_sumexp_args *)aclemu_exec_add_launch(executor, "CrossEntropySumExpAndIndexLogit", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->N = N;
    a->V = V;
    a->start = vocabStartIndex;
    a->rows_per_block = (int64_t)per;
    nn_cbuf *b[8] = {&a->logits, &a->target, &a->gmax, &a->pred, &a->sumexp, &a->exp, &a->offset, &a->mask};
    for (int i = 0; i < 8; i++)
        if ((st = nn_stage_bind(executor, a, b[i], &s[i])))
            return st;
    for (int i = 3; i < 8; i++)
        if ((st = nn_stage_out_finish(executor, &s[i])))
            return st;
    return ACLNN_SUCCESS;
}
