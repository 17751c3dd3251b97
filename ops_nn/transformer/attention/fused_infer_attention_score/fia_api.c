/* aclnnFusedInferAttentionScoreV2 (ops-transformer attention/fused_infer_attention_score): the
 * FP16 / BF16 attention of the A2 / A3, per batch b and head n (key / value head n / group):
 *   s = scaleValue * q k^T + pseShift;  s = -inf where attenMask is 1 or outside the
 *   preTokens / nextTokens band or past actualSeqLengthsKv[b];  out = softmax(s) v;
 *   softmaxLse = log(sum(exp(s))) when softmaxLseFlag;  query rows past actualSeqLengths[b]
 *   and rows with every score masked give 0.
 * Checks: A2 / A3 only; null query, key, value, attentionOut (and softmaxLse when asked for);
 * query FLOAT16 / BFLOAT16, key / value / pseShift / attentionOut of its dtype, attenMask BOOL,
 * INT8 or UINT8; inputLayout BSH, BSND or BNSD; query, key, value and out of the layout's rank;
 * numHeads = query's N (BSH: H divisible by it), head dim D in [1, 512], numKeyValueHeads 0 (= numHeads) or dividing
 * it and equal to the key's N; equal D; key and value of one shape; out of query's shape;
 * pseShift (B or 1, N, Sq, Skv), attenMask (Sq, Skv) / (B or 1, Sq, Skv) / (B or 1, 1, Sq, Skv);
 * actual lengths of size B (or 1) within S; sparseMode 0; innerPrecise 0..3; softmaxLse
 * FLOAT of (B, N, Sq, 1).
 * Not implemented here, refused with 161002: the quantised paths (deqScale / quantScale /
 * quantOffset / antiquant* tensors), paged attention (blockTable), left padding, shared
 * prefixes, sparse modes other than 0, key / value lists of more than one tensor. */
#include <string.h>

#include "aclemu_plans.h"
#include "fia_args.h"

enum { L_BSH, L_BSND, L_BNSD };

/* (B, N, S, D) view of t in layout `lay` with n heads (BSH splits H into n x D). */
static void bnsd_desc(aclemu_tdesc *d, int lay, int64_t n)
{
    aclemu_tdesc c = *d;
    d->ndim = 4;
    if (lay == L_BNSD)
        return;
    if (lay == L_BSND) {
        d->shape[1] = c.shape[2], d->stride[1] = c.stride[2];
        d->shape[2] = c.shape[1], d->stride[2] = c.stride[1];
        return;
    }
    int64_t D = c.shape[2] / n;
    d->shape[0] = c.shape[0], d->stride[0] = c.stride[0];
    d->shape[1] = n, d->stride[1] = D * c.stride[2];
    d->shape[2] = c.shape[1], d->stride[2] = c.stride[1];
    d->shape[3] = D, d->stride[3] = c.stride[2];
}

/* The logical (B, N, S, D) sizes of t in layout `lay`. */
static void bnsd_dims(const aclTensor *t, int lay, int64_t n, int64_t dims[4])
{
    if (lay == L_BNSD)
        memcpy(dims, t->shape, 4 * sizeof(int64_t));
    else if (lay == L_BSND)
        dims[0] = t->shape[0], dims[1] = t->shape[2], dims[2] = t->shape[1], dims[3] = t->shape[3];
    else
        dims[0] = t->shape[0], dims[1] = n, dims[2] = t->shape[1], dims[3] = n ? t->shape[2] / n : 0;
}

/* pse / mask of rank r broadcast into (B, N, Sq, Skv): right-aligned, size-1 dims stride 0. */
static int bcast4(aclemu_tdesc *d, const aclTensor *t, const int64_t want[4])
{
    int r = (int)t->ndim;
    if (r < 2 || r > 4)
        return 0;
    int64_t shape[4], stride[4];
    for (int i = 0; i < 4; i++) {
        int j = i - (4 - r);
        int64_t s = j < 0 ? 1 : t->shape[j];
        if (s != 1 && s != want[i])
            return 0;
        shape[i] = want[i];
        stride[i] = s == 1 ? 0 : t->stride[j];
    }
    d->ndim = 4;
    memcpy(d->shape, shape, sizeof shape);
    memcpy(d->stride, stride, sizeof stride);
    return 1;
}

static aclnnStatus unsupported(const char *api, const char *what)
{
    return ACLEMU_PARAM_ERROR(api, "%s is not implemented.", what);
}

aclnnStatus aclemu_plan_FusedInferAttentionScoreV2(
    aclOpExecutor *executor, const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShiftOptional, const aclTensor *attenMaskOptional, const aclIntArray *actualSeqLengthsOptional,
    const aclIntArray *actualSeqLengthsKvOptional, const aclTensor *deqScale1Optional,
    const aclTensor *quantScale1Optional, const aclTensor *deqScale2Optional, const aclTensor *quantScale2Optional,
    const aclTensor *quantOffset2Optional, const aclTensor *antiquantScaleOptional,
    const aclTensor *antiquantOffsetOptional, const aclTensor *blockTableOptional,
    const aclTensor *queryPaddingSizeOptional, const aclTensor *kvPaddingSizeOptional,
    const aclTensor *keyAntiquantScaleOptional, const aclTensor *keyAntiquantOffsetOptional,
    const aclTensor *valueAntiquantScaleOptional, const aclTensor *valueAntiquantOffsetOptional,
    const aclTensor *keySharedPrefixOptional, const aclTensor *valueSharedPrefixOptional,
    const aclIntArray *actualSharedPrefixLenOptional, int64_t numHeads, double scaleValue, int64_t preTokens,
    int64_t nextTokens, char *inputLayout, int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise,
    int64_t blockSize, int64_t antiquantMode, bool softmaxLseFlag, int64_t keyAntiquantMode,
    int64_t valueAntiquantMode, const aclTensor *attentionOut, const aclTensor *softmaxLse)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *pse = pseShiftOptional, *mask = attenMaskOptional;
    aclnnStatus st;
    (void)blockSize, (void)antiquantMode, (void)keyAntiquantMode, (void)valueAntiquantMode;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_notnull(api, query, "query")) || (st = aclemu_check_notnull(api, key, "key")) ||
        (st = aclemu_check_notnull(api, value, "value")) || (st = aclemu_check_notnull(api, attentionOut, "attentionOut")) ||
        (st = aclemu_check_notnull(api, inputLayout, "inputLayout")))
        return st;
    if (softmaxLseFlag && (st = aclemu_check_notnull(api, softmaxLse, "softmaxLse")))
        return st;
    if (key->size != 1 || value->size != 1)
        return key->size == 0 || value->size == 0 || key->size != value->size
                   ? ACLEMU_PARAM_ERROR(api, "key and value should be lists of the same non-zero size, got %llu and %llu.",
                                        (unsigned long long)key->size, (unsigned long long)value->size)
                   : unsupported(api, "a key / value list of more than one tensor");
    const aclTensor *k = key->items[0], *v = value->items[0];
    if ((st = aclemu_check_notnull(api, k, "key[0]")) || (st = aclemu_check_notnull(api, v, "value[0]")))
        return st;
    if (deqScale1Optional || quantScale1Optional || deqScale2Optional || quantScale2Optional || quantOffset2Optional)
        return unsupported(api, "the quantised path (deqScale / quantScale / quantOffset)");
    if (antiquantScaleOptional || antiquantOffsetOptional || keyAntiquantScaleOptional || keyAntiquantOffsetOptional ||
        valueAntiquantScaleOptional || valueAntiquantOffsetOptional)
        return unsupported(api, "the pseudo-quantised key / value path (antiquant scale / offset)");
    if (blockTableOptional)
        return unsupported(api, "paged attention (blockTable)");
    if (queryPaddingSizeOptional || kvPaddingSizeOptional)
        return unsupported(api, "left padding (queryPaddingSize / kvPaddingSize)");
    if (keySharedPrefixOptional || valueSharedPrefixOptional || actualSharedPrefixLenOptional)
        return unsupported(api, "shared prefixes");
    const aclemu_dtype_set qd = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, query, "query", qd)) || (st = aclemu_check_same_dtype(api, query, "query", k, "key")) ||
        (st = aclemu_check_same_dtype(api, query, "query", v, "value")) ||
        (st = aclemu_check_same_dtype(api, query, "query", attentionOut, "attentionOut")) ||
        (pse && (st = aclemu_check_same_dtype(api, query, "query", pse, "pseShift"))) ||
        (mask && (st = aclemu_check_dtype(api, mask, "attenMask",
                                          ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8)))) ||
        (softmaxLseFlag && (st = aclemu_check_dtype(api, softmaxLse, "softmaxLse", ACLEMU_DT(ACL_FLOAT)))))
        return st;
    int lay = !strcmp(inputLayout, "BSH") ? L_BSH : !strcmp(inputLayout, "BSND") ? L_BSND
                                                  : !strcmp(inputLayout, "BNSD") ? L_BNSD : -1;
    if (lay < 0)
        return ACLEMU_PARAM_ERROR(api, "inputLayout %.16s should be BSH, BSND or BNSD.", inputLayout);
    uint32_t rank = lay == L_BSH ? 3 : 4;
    const aclTensor *ts[4] = {query, k, v, attentionOut};
    const char *tn[4] = {"query", "key", "value", "attentionOut"};
    for (int i = 0; i < 4; i++)
        if (ts[i]->ndim != rank) {
            char b[160];
            return ACLEMU_PARAM_ERROR(api, "%s should be %u-d for layout %s, but got %s.", tn[i], rank, inputLayout,
                                      aclemu_shape_str(ts[i]->shape, ts[i]->ndim, b, sizeof b));
        }
    if (sparseMode != 0)
        return unsupported(api, "sparseMode other than 0");
    if (innerPrecise < 0 || innerPrecise > 3)
        return ACLEMU_PARAM_ERROR(api, "innerPrecise %lld should be in [0, 3].", (long long)innerPrecise);
    int64_t qn = lay == L_BSH ? numHeads : lay == L_BSND ? query->shape[2] : query->shape[1];
    if (numHeads <= 0 || numHeads != qn || (lay == L_BSH && query->shape[2] % numHeads))
        return ACLEMU_PARAM_ERROR(api, "numHeads %lld does not match query's heads (%lld).", (long long)numHeads,
                                  (long long)qn);
    int64_t nkv = numKeyValueHeads ? numKeyValueHeads : numHeads;
    if (nkv < 0 || numHeads % nkv)
        return ACLEMU_PARAM_ERROR(api, "numKeyValueHeads %lld should be 0 or divide numHeads %lld.",
                                  (long long)numKeyValueHeads, (long long)numHeads);
    if ((st = aclemu_check_same_shape(api, k, "key", v, "value")) ||
        (st = aclemu_check_same_shape(api, query, "query", attentionOut, "attentionOut")))
        return st;
    if (lay == L_BSH && k->shape[2] % nkv)
        return ACLEMU_PARAM_ERROR(api, "key's H %lld is not a multiple of numKeyValueHeads %lld.", (long long)k->shape[2],
                                  (long long)nkv);
    int64_t qd4[4], kd4[4];
    bnsd_dims(query, lay, numHeads, qd4);
    bnsd_dims(k, lay, nkv, kd4);
    if (kd4[1] != nkv)
        return ACLEMU_PARAM_ERROR(api, "key's heads %lld should be numKeyValueHeads %lld.", (long long)kd4[1], (long long)nkv);
    if (kd4[0] != qd4[0] || kd4[3] != qd4[3])
        return ACLEMU_PARAM_ERROR(api, "query and key should have the same B and D, got (%lld, %lld) and (%lld, %lld).",
                                  (long long)qd4[0], (long long)qd4[3], (long long)kd4[0], (long long)kd4[3]);
    const int64_t B = qd4[0], N = qd4[1], Sq = qd4[2], D = qd4[3], Skv = kd4[2];
    if (D < 1 || D > 512)
        return ACLEMU_PARAM_ERROR(api, "the head dim D %lld should be in [1, 512].", (long long)D);
    int64_t want[4] = {B, N, Sq, Skv};
    fia_args tmp;
    memset(&tmp, 0, sizeof tmp);
    if (pse && (pse->ndim != 4 || (pse->shape[0] != 1 && pse->shape[0] != B) || pse->shape[1] != N ||
                pse->shape[2] != Sq || pse->shape[3] != Skv)) {
        char b[160];
        return ACLEMU_PARAM_ERROR(api, "pseShift's shape %s should be (B or 1, %lld, %lld, %lld).",
                                  aclemu_shape_str(pse->shape, pse->ndim, b, sizeof b), (long long)N, (long long)Sq,
                                  (long long)Skv);
    }
    int64_t mwant[4] = {B, 1, Sq, Skv};
    if (mask && (mask->ndim == 4 ? mask->shape[1] != 1 : 0)) {
        char b[160];
        return ACLEMU_PARAM_ERROR(api, "attenMask's shape %s should be (B, 1, Sq, Skv), (B, Sq, Skv) or (Sq, Skv).",
                                  aclemu_shape_str(mask->shape, mask->ndim, b, sizeof b));
    }
    if (mask && !bcast4(&tmp.mask, mask, mwant)) {
        char b[160];
        return ACLEMU_PARAM_ERROR(api, "attenMask's shape %s should be (B, 1, Sq, Skv), (B, Sq, Skv) or (Sq, Skv).",
                                  aclemu_shape_str(mask->shape, mask->ndim, b, sizeof b));
    }
    if (softmaxLseFlag) {
        int64_t ls[4] = {B, N, Sq, 1};
        if ((st = aclemu_check_shape_is(api, softmaxLse, "softmaxLse", ls, 4)))
            return st;
    }
    const aclIntArray *aq = actualSeqLengthsOptional, *akv = actualSeqLengthsKvOptional;
    if ((aq && aq->size) || (akv && akv->size)) {
        if (B > FIA_MAX_BATCH)
            return unsupported(api, "actual sequence lengths with more than 64 batches");
        for (int w = 0; w < 2; w++) {
            const aclIntArray *a = w ? akv : aq;
            int64_t lim = w ? Skv : Sq;
            if (a && a->size && a->size != 1 && (int64_t)a->size != B)
                return ACLEMU_PARAM_ERROR(api, "%s should have 1 or B (%lld) values, got %llu.",
                                          w ? "actualSeqLengthsKv" : "actualSeqLengths", (long long)B,
                                          (unsigned long long)a->size);
            for (uint64_t i = 0; a && i < a->size; i++)
                if (a->data[i] < 0 || a->data[i] > lim)
                    return ACLEMU_PARAM_ERROR(api, "%s[%llu] = %lld should be in [0, %lld].",
                                              w ? "actualSeqLengthsKv" : "actualSeqLengths", (unsigned long long)i,
                                              (long long)a->data[i], (long long)lim);
        }
    }
    if (aclemu_tensor_numel(query) == 0)
        return ACLNN_SUCCESS;
    uint64_t items = (uint64_t)B * (uint64_t)N * (uint64_t)Sq;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (items + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((items + per - 1) / per);
    if (Skv > (int64_t)(UINT64_MAX / 8 / blocks))
        return ACLEMU_PARAM_ERROR(api, "the key length %lld is too large.", (long long)Skv);
    uint64_t scratch = aclemu_exec_alloc_workspace(executor, (uint64_t)blocks * (uint64_t)(Skv ? Skv : 1) * 4);
    fia_args *a = aclemu_exec_add_launch(executor, "FusedInferAttentionScore", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->q, query)) || (st = aclemu_exec_tdesc(executor, a, &a->k, k)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->v, v)) || (st = aclemu_exec_tdesc(executor, a, &a->out, attentionOut)) ||
        (pse && (st = aclemu_exec_tdesc(executor, a, &a->pse, pse))) ||
        (mask && (st = aclemu_exec_tdesc(executor, a, &a->mask, mask))) ||
        (softmaxLseFlag && (st = aclemu_exec_tdesc(executor, a, &a->lse, softmaxLse))) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->scratch, scratch)))
        return st;
    bnsd_desc(&a->q, lay, numHeads);
    bnsd_desc(&a->out, lay, numHeads);
    bnsd_desc(&a->k, lay, nkv);
    bnsd_desc(&a->v, lay, nkv);
    if (pse)
        bcast4(&a->pse, pse, want);
    if (mask) {
        uint64_t addr = a->mask.addr;
        a->mask = tmp.mask; /* the broadcast view computed above */
        a->mask.addr = addr;
        a->mask.offset = mask->offset;
        a->mask.dtype = mask->dtype;
    }
    a->scale = scaleValue;
    a->pre_tokens = preTokens;
    a->next_tokens = nextTokens;
    a->group = (int32_t)(numHeads / nkv);
    if ((aq && aq->size) || (akv && akv->size)) {
        a->nbatch_lens = (int32_t)B;
        for (int64_t b = 0; b < B; b++) {
            a->act_q[b] = aq && aq->size ? aq->data[aq->size == 1 ? 0 : b] : Sq;
            a->act_kv[b] = akv && akv->size ? akv->data[akv->size == 1 ? 0 : b] : Skv;
        }
    }
    a->items = items;
    a->items_per_block = per;
    return ACLNN_SUCCESS;
}
