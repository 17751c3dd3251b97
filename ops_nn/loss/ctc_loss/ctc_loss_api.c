/* aclnnCtcLoss / aclnnCtcLossBackward: logProbs (T, N, C) or (T, C) FLOAT, DOUBLE (+ FLOAT16,
 * BF16 on A2/A3/950), targets (N, S) padded or 1-D concatenated, INT32 / INT64 / BOOL / FLOAT /
 * FLOAT16; inputLengths / targetLengths of N values; negLogLikelihood (N) (or () for a 2-D
 * logProbs); logAlpha (N, T, 2 * maxTargetLength + 1), rounded up to 8 except on the 950. The
 * real order: nulls, shapes and values, then dtypes. Batch items go in launches of CTC_CHUNK,
 * one block per item. */
#include "aclemu_plans.h"
#include "ctc_loss_args.h"
#include "nn_check.h"
#include "nn_stage.h"

#define DT(x) ACLEMU_DT(ACL_##x)

typedef struct ctc_dims {
    int64_t T, N, C, max_target, S;
} ctc_dims;

static int is_950(void)
{
    return aclemu_op_profile()->family == ACLEMU_FAMILY_950;
}

/* Lengths must be >= 0 (the kernels index with them); returns the max and a bounded sum. */
static aclnnStatus check_lengths(const char *api, const aclIntArray *l, const char *name, int64_t bound, int64_t *max,
                                 int64_t *sum)
{
    *max = 0;
    *sum = 0;
    for (uint64_t i = 0; i < l->size; i++) {
        if (l->data[i] < 0 || l->data[i] > bound)
            return ACLEMU_PARAM_ERROR(api, "%s[%llu] = %lld should be in [0, %lld].", name, (unsigned long long)i,
                                      (long long)l->data[i], (long long)bound);
        *max = l->data[i] > *max ? l->data[i] : *max;
        *sum += l->data[i]; /* each <= bound <= ACLEMU_TENSOR_SIZE_MAX, at most size of them: no overflow */
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_shapes(const char *api, const aclTensor *lp, const aclTensor *targets,
                                const aclIntArray *input_lengths, const aclIntArray *target_lengths, int64_t blank,
                                ctc_dims *d)
{
    aclnnStatus st;
    if ((st = aclemu_check_shape(api, lp, "logProbs", 8)) || (st = aclemu_check_shape(api, targets, "targets", 8)))
        return st;
    if (lp->ndim >= 1 && lp->shape[0] == 0)
        return ACLEMU_PARAM_ERROR(api, "start (0) + length (1) exceeds dimension size (0).");
    if (lp->ndim < 2 || lp->ndim > 3)
        return ACLEMU_PARAM_ERROR(api, "DimNum of logProbs [%u] must equal 2 or 3.", lp->ndim);
    d->T = lp->shape[0];
    d->N = lp->ndim == 3 ? lp->shape[1] : 1;
    d->C = lp->shape[lp->ndim - 1];
    if (blank < 0 || blank >= d->C)
        return ACLEMU_PARAM_ERROR(api, "Attr parameter blank %lld must be greater than or equal to 0 and less than %lld.",
                                  (long long)blank, (long long)d->C);
    int64_t max_in, sum_in, sum_t;
    if (input_lengths->size > (uint64_t)INT32_MAX || target_lengths->size > (uint64_t)INT32_MAX)
        return ACLEMU_PARAM_ERROR(api, "inputLengths / targetLengths hold too many values.");
    if ((st = check_lengths(api, input_lengths, "inputLengths", INT32_MAX, &max_in, &sum_in)))
        return st;
    if ((int64_t)input_lengths->size != d->N || max_in > d->T)
        return ACLEMU_PARAM_ERROR(api,
                                  "Inputlengths's size [%lld] must equal to [%lld], and max value [%lld] must be less "
                                  "than or equal to [%lld].",
                                  (long long)input_lengths->size, (long long)d->N, (long long)max_in, (long long)d->T);
    if ((int64_t)target_lengths->size != d->N)
        return ACLEMU_PARAM_ERROR(api, "targetLengths's size [%lld] must equal to [%lld].",
                                  (long long)target_lengths->size, (long long)d->N);
    int64_t tn = aclemu_tensor_numel(targets);
    if ((st = check_lengths(api, target_lengths, "targetLengths", tn < INT32_MAX ? tn : INT32_MAX, &d->max_target, &sum_t)))
        return st;
    char s[256];
    if (targets->ndim != 1 && targets->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "DimNum of targets [%u] must equal 1 or 2.", targets->ndim);
    if (targets->ndim == 2 && (targets->shape[0] != d->N || targets->shape[1] < d->max_target))
        return ACLEMU_PARAM_ERROR(api, "Target's shape expect [%lld, >=%lld], but get current shape %s.",
                                  (long long)d->N, (long long)d->max_target,
                                  aclemu_shape_str(targets->shape, targets->ndim, s, sizeof s));
    if (targets->ndim == 1 && targets->shape[0] != sum_t)
        return ACLEMU_PARAM_ERROR(api, "Target's shape expect [%lld], but get current shape %s.", (long long)sum_t,
                                  aclemu_shape_str(targets->shape, targets->ndim, s, sizeof s));
    int64_t tail = 2 * d->max_target + 1;
    d->S = is_950() ? tail : (tail + 7) / 8 * 8;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_out_shape(const char *api, const aclTensor *t, const char *name, const int64_t *want,
                                   uint32_t nd)
{
    char s1[256], s2[256];
    aclnnStatus st;
    if ((st = aclemu_check_shape(api, t, name, 8)))
        return st;
    int same = t->ndim == nd;
    for (uint32_t i = 0; same && i < nd; i++)
        same = t->shape[i] == want[i];
    if (same)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "Shape of %s %s must equal %s.", name, aclemu_shape_str(t->shape, t->ndim, s1, sizeof s1),
                              aclemu_shape_str(want, nd, s2, sizeof s2));
}

static aclnnStatus check_dtypes(const char *api, const aclTensor *lp, const aclTensor *targets)
{
    aclemu_family f = aclemu_op_profile()->family;
    aclemu_dtype_set lp_set = DT(FLOAT) | DT(DOUBLE);
    if (f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950)
        lp_set |= DT(FLOAT16) | DT(BF16);
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, lp, "logProbs", lp_set)) ||
        (st = aclemu_check_dtype(api, targets, "targets", DT(INT32) | DT(INT64) | DT(BOOL) | DT(FLOAT) | DT(FLOAT16))))
        return st;
    return ACLNN_SUCCESS;
}

/* One launch per CTC_CHUNK batch items; `bind` fills the operand fields of each blob. */
typedef struct ctc_operands {
    nn_stage lp, targets, nll, alpha, grad_out, grad;
    int has_grad;
} ctc_operands;

static aclnnStatus launch_all(aclOpExecutor *ex, const char *kernel, const ctc_dims *d, const aclTensor *targets,
                              const aclIntArray *input_lengths, const aclIntArray *target_lengths, int64_t blank,
                              bool zero_infinity, int grad_per_item, const ctc_operands *o)
{
    aclnnStatus st;
    int64_t off = 0;
    for (int64_t n0 = 0; n0 < d->N; n0 += CTC_CHUNK) {
        int64_t count = d->N - n0 < CTC_CHUNK ? d->N - n0 : CTC_CHUNK;
        ctc_args *a = (ctc_args *)aclemu_exec_add_launch(ex, kernel, (uint32_t)count, sizeof(*a));
        if (!a)
            return ACLNN_ERR_INNER;
        a->T = d->T;
        a->N = d->N;
        a->C = d->C;
        a->S = d->S;
        a->blank = blank;
        a->zero_infinity = zero_infinity;
        a->grad_per_item = grad_per_item;
        a->n0 = n0;
        a->count = count;
        for (int64_t j = 0; j < count; j++) {
            a->input_len[j] = (int32_t)input_lengths->data[n0 + j];
            a->target_len[j] = (int32_t)target_lengths->data[n0 + j];
            a->target_off[j] = targets->ndim == 2 ? (n0 + j) * targets->shape[1] : off;
            off += target_lengths->data[n0 + j];
        }
        if ((st = nn_stage_bind(ex, a, &a->log_probs, &o->lp)) || (st = nn_stage_bind(ex, a, &a->targets, &o->targets)) ||
            (st = nn_stage_bind(ex, a, &a->nll, &o->nll)) || (st = nn_stage_bind(ex, a, &a->log_alpha, &o->alpha)))
            return st;
        if (o->has_grad && ((st = nn_stage_bind(ex, a, &a->grad_out, &o->grad_out)) ||
                            (st = nn_stage_bind(ex, a, &a->grad, &o->grad))))
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_CtcLoss(aclOpExecutor *executor, const aclTensor *logProbs, const aclTensor *targets,
                                const aclIntArray *inputLengths, const aclIntArray *targetlengths, int64_t blank,
                                bool zeroInfinity, aclTensor *negLogLikelihoodOut, aclTensor *logAlphaOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, logProbs, "logProbs")) || (st = aclemu_check_notnull(api, targets, "targets")) ||
        (st = aclemu_check_notnull(api, inputLengths, "inputLengths")) ||
        (st = aclemu_check_notnull(api, targetlengths, "targetLengths")) ||
        (st = aclemu_check_notnull(api, negLogLikelihoodOut, "negLogLikelihoodOut")) ||
        (st = aclemu_check_notnull(api, logAlphaOut, "logAlphaOut")))
        return st;
    ctc_dims d;
    if ((st = check_shapes(api, logProbs, targets, inputLengths, targetlengths, blank, &d)))
        return st;
    int64_t nll_shape[1] = {d.N}, alpha_shape[3] = {d.N, d.T, d.S};
    if ((st = check_out_shape(api, negLogLikelihoodOut, "negLogLikelihoodOut", nll_shape, logProbs->ndim == 3)) ||
        (st = check_out_shape(api, logAlphaOut, "logAlphaOut", alpha_shape, 3)))
        return st;
    if ((st = check_dtypes(api, logProbs, targets)) ||
        (st = aclemu_check_same_dtype(api, logProbs, "logProbs", negLogLikelihoodOut, "negLogLikelihoodOut")) ||
        (st = aclemu_check_same_dtype(api, logProbs, "logProbs", logAlphaOut, "logAlphaOut")))
        return st;
    if (d.N == 0)
        return ACLNN_SUCCESS;
    ctc_operands o = {0};
    if ((st = nn_stage_in(executor, logProbs, NULL, -1, &o.lp)) || (st = nn_stage_in(executor, targets, NULL, -1, &o.targets)) ||
        (st = nn_stage_out(executor, negLogLikelihoodOut, NULL, -1, &o.nll)) ||
        (st = nn_stage_out(executor, logAlphaOut, NULL, -1, &o.alpha)))
        return st;
    if ((st = launch_all(executor, "CtcLossV2", &d, targets, inputLengths, targetlengths, blank, zeroInfinity, 0, &o)))
        return st;
    if ((st = nn_stage_out_finish(executor, &o.nll)))
        return st;
    return nn_stage_out_finish(executor, &o.alpha);
}

aclnnStatus aclemu_plan_CtcLossBackward(aclOpExecutor *executor, const aclTensor *gradOut, const aclTensor *logProbs,
                                        const aclTensor *targets, const aclIntArray *inputLengths,
                                        const aclIntArray *targetLengths, const aclTensor *negLogLikelihood,
                                        const aclTensor *logAlpha, int64_t blank, bool zeroInfinity, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOut, "gradOut")) || (st = aclemu_check_notnull(api, logProbs, "logProbs")) ||
        (st = aclemu_check_notnull(api, targets, "targets")) ||
        (st = aclemu_check_notnull(api, inputLengths, "inputLengths")) ||
        (st = aclemu_check_notnull(api, targetLengths, "targetLengths")) ||
        (st = aclemu_check_notnull(api, negLogLikelihood, "negLogLikelihood")) ||
        (st = aclemu_check_notnull(api, logAlpha, "logAlpha")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    ctc_dims d;
    if ((st = check_shapes(api, logProbs, targets, inputLengths, targetLengths, blank, &d)))
        return st;
    int64_t nll_shape[1] = {d.N};
    uint32_t nll_nd = logProbs->ndim == 3;
    if ((st = check_out_shape(api, negLogLikelihood, "negLogLikelihood", nll_shape, nll_nd)) ||
        (st = check_out_shape(api, gradOut, "gradOut", nll_shape, nll_nd)) ||
        (st = check_out_shape(api, out, "out", logProbs->shape, logProbs->ndim)) ||
        (st = aclemu_check_shape(api, logAlpha, "logAlpha", 8)))
        return st;
    char s[256];
    if (logAlpha->ndim != 3 || logAlpha->shape[0] != d.N || logAlpha->shape[1] != d.T ||
        logAlpha->shape[2] < 2 * d.max_target + 1)
        return ACLEMU_PARAM_ERROR(api, "Shape of logAlpha %s must be [%lld, %lld, >=%lld].",
                                  aclemu_shape_str(logAlpha->shape, logAlpha->ndim, s, sizeof s), (long long)d.N,
                                  (long long)d.T, (long long)(2 * d.max_target + 1));
    d.S = logAlpha->shape[2];
    if ((st = check_dtypes(api, logProbs, targets)) ||
        (st = aclemu_check_same_dtype(api, logProbs, "logProbs", gradOut, "gradOut")) ||
        (st = aclemu_check_same_dtype(api, logProbs, "logProbs", negLogLikelihood, "negLogLikelihood")) ||
        (st = aclemu_check_same_dtype(api, logProbs, "logProbs", logAlpha, "logAlpha")) ||
        (st = aclemu_check_same_dtype(api, logProbs, "logProbs", out, "out")))
        return st;
    if (d.N == 0 || d.C == 0)
        return ACLNN_SUCCESS;
    ctc_operands o = {0};
    o.has_grad = 1;
    if ((st = nn_stage_in(executor, logProbs, NULL, -1, &o.lp)) || (st = nn_stage_in(executor, targets, NULL, -1, &o.targets)) ||
        (st = nn_stage_in(executor, negLogLikelihood, NULL, -1, &o.nll)) ||
        (st = nn_stage_in(executor, logAlpha, NULL, -1, &o.alpha)) ||
        (st = nn_stage_in(executor, gradOut, NULL, -1, &o.grad_out)) || (st = nn_stage_out(executor, out, NULL, -1, &o.grad)))
        return st;
    if ((st = launch_all(executor, "CtcLossV2Grad", &d, targets, inputLengths, targetLengths, blank, zeroInfinity,
                         logProbs->ndim == 3, &o)))
        return st;
    return nn_stage_out_finish(executor, &o.grad);
}
