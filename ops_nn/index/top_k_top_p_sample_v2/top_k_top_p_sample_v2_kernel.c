/* TopKTopPSampleV2 (see top_k_top_p_sample_v2_args.h): row b follows Process of ops-nn
 * index/top_k_top_p_sample_v2/op_kernel/top_k_top_p_sample_v2.h, all in FP32:
 *  - top-k when 0 < k <= min(V, ksMax) (ksMax: aligned to 8, capped at 1024), or the top one when
 *    p <= 0: the k largest logits (descending, ties to the lower index); inputIsLogits: their
 *    softmax (max = the first), else the raw values;
 *  - top-k and 0 < p < 1: n = the first count whose running sum reaches p (else k), no
 *    renormalisation;
 *  - no top-k, 0 < p < 1 (the guessed k): the top min(topKGuess, V) values; inputIsLogits: their
 *    probabilities exp(x - max) / (the row's sum of exp, 8192-element chunks), else raw; when the
 *    running sum reaches p, n is that count; otherwise the whole row is sorted (probabilities of
 *    the row softmax or raw values) and n comes from 512-element blocks (a block whose sum stays
 *    below p is taken whole, one that reaches it exactly ends there, else element by element
 *    until the sum reaches p; none: V);
 *  - no top-k, p >= 1: the row softmax (inputIsLogits; max from FLOAT_MIN, chunk sums) or the raw
 *    values, unsorted, n = V; the first maximum (a later 8192-chunk wins only when strictly larger);
 *    with neither top-k, top-p nor minP, q and inputIsLogits the race is taken right there;
 *  - minP in (0, 1): keep the values >= minP * (the largest kept value) (sorted: the prefix,
 *    unsorted: compacted in order); minP >= 1: only the maximum;
 *  - isNeedSampleResult: logitsSortMasked[0..n) = the kept values (the rest 0), logitsIdx[0..n) =
 *    their indices (the rest untouched); else logitsSelectIdx = the first kept index, or with q the
 *    first maximum of value / (|q[b][j]| + eps) over the n kept positions j;
 *  - isNeedLogits: logitsTopKPSelect is defLogit (-inf, or 0 when not inputIsLogits) but the kept
 *    logits at their positions (all of them when nothing filters). */
#include "top_k_top_p_sample_v2_args.h"
#include "../top_k_top_p_sample/top_k_top_p_sample_common.h"

#define TKS2_FLOAT_MIN (-3.40282e+38f) /* FLOAT_MIN */

/* GetRowMax: the max of the row from FLOAT_MIN */
static float row_max(const float *x, int64_t n)
{
    float m = TKS2_FLOAT_MIN;
    for (int64_t i = 0; i < n; i++) m = x[i] > m ? x[i] : m;
    return m;
}

static int k_top_k_top_p_sample_v2(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(tktps2_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const tktps2_args *a = args;
    const int64_t V = a->geo.cols;
    uint64_t r0, r1;
    char *slot = tkps_block_slot(&a->geo, &a->logits, blk, &r0, &r1);
    if (!slot)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t *c = (uint64_t *)slot;
    float *x = (float *)(c + V), *vals = x + V, *tmp = vals + V;
    uint32_t *ids = (uint32_t *)(tmp + V);
    const aclemu_tdesc *L = &a->logits, *S = &a->sel;
    const aclemu_tdesc *Q = a->q.addr ? &a->q : NULL;
    const float eps = a->eps;
    const int isl = a->input_is_logits;
    const float def_logit = isl ? -INFINITY : 0.0f;
    const uint32_t kmax = (uint32_t)V < a->ks_max ? (uint32_t)V : a->ks_max;
    for (uint64_t r = r0; r < r1; r++) {
        const int64_t b = (int64_t)r;
        const int32_t k = tkps_load_row(L, &a->topk, b, V, x);
        const float p = load1(&a->topp, b, 0);
        const float minp = a->minp.addr ? load1(&a->minp, b, 0) : 0.0f;
        const int has_minp = a->minp.addr && minp > 0.0f;
        const int do_topk = k > 0 && (uint32_t)k <= kmax;
        const int do_topp = p > 0.0f && p < 1.0f;
        const int no_filter = !do_topk && !do_topp && !has_minp;
        int local = 0, all_sel = 0, done = 0, ori0 = 0;
        int64_t n = 0, max_index = 0;
        float max_value = TKS2_FLOAT_MIN, ori_max = 0.0f;
        int64_t kc = 0;
        if (do_topk || p <= 0.0f) {
            /* TopKLoopProcess over the logits: ids / tmp = the kc largest (localIndexRs / localValueRs) */
            kc = p <= 0.0f ? 1 : k;
            n = kc;
            for (int64_t i = 0; i < V; i++) c[i] = key_of(x[i], (uint32_t)i);
            top_keys(c, V, kc);
            for (int64_t j = 0; j < kc; j++) {
                ids[j] = idx_of(c[j]);
                tmp[j] = x[ids[j]];
            }
            max_value = ori_max = tmp[0];
            max_index = ids[0];
            local = 1;
        }
        if (isl) {
            if (do_topk || p <= 0.0f) {
                softmax_first(tmp, kc, vals); /* SoftMaxCompute */
                max_value = vals[0];
            } else if (!do_topp) {
                const float m = row_max(x, V);
                ori_max = m;
                if (no_filter)
                    all_sel = 1;
                const float sum = row_exp_sum(x, V, m, vals);
                for (int64_t i = 0; i < V; i++) vals[i] = vals[i] / sum; /* SoftMaxFullCompute */
                if (no_filter && Q) {
                    max_index = chunk_race(vals, V, Q, b, eps, TKS2_FLOAT_MIN, NULL);
                    done = 1; /* the index is written, nothing else */
                }
            } else {
                memcpy(vals, x, (size_t)V * sizeof(float)); /* LogitsCast */
            }
        } else {
            if (do_topk || p <= 0.0f) {
                memcpy(vals, tmp, (size_t)kc * sizeof(float));
            } else {
                memcpy(vals, x, (size_t)V * sizeof(float));
                if (no_filter)
                    all_sel = 1;
            }
        }
        if (done) {
        } else if (do_topk && do_topp) {
            int64_t f = topp_count(vals, kc, p, 1);
            n = f ? f : kc;
            max_value = vals[0];
            max_index = ids[0];
            local = 1;
        } else if (!do_topk && do_topp) {
            /* the guessed k */
            kc = (int64_t)a->top_k_guess < V ? (int64_t)a->top_k_guess : V;
            int64_t f = 0;
            if (kc > 0) {
                for (int64_t i = 0; i < V; i++) c[i] = key_of(vals[i], (uint32_t)i);
                top_keys(c, V, kc);
                for (int64_t j = 0; j < kc; j++) {
                    ids[j] = idx_of(c[j]);
                    tmp[j] = vals[ids[j]];
                }
                if (isl) {
                    max_value = ori_max = tmp[0];
                    const float sum = row_exp_sum(x, V, max_value, NULL); /* SoftMaxFstCompute */
                    for (int64_t j = 0; j < kc; j++) vals[j] = expf(tmp[j] - max_value) / sum; /* SoftMaxComputeLocal */
                    f = topp_count(vals, kc, p, 1);
                    max_value = vals[0];
                } else {
                    f = topp_count(tmp, kc, p, 1);
                    max_value = ori_max = tmp[0];
                    memcpy(vals, tmp, (size_t)kc * sizeof(float));
                }
                n = f ? f : kc;
                max_index = ids[0];
                local = 1;
            }
            if (!f) {
                /* SortAll: the whole row sorted, softmax (inputIsLogits) and the blockwise cumsum */
                local = 0;
                const float m = row_max(x, V);
                ori_max = m;
                const float sum = row_exp_sum(x, V, m, NULL);
                for (int64_t i = 0; i < V; i++) c[i] = key_of(x[i], (uint32_t)i);
                qsort(c, (size_t)V, sizeof *c, cmp_desc);
                for (int64_t j = 0; j < V; j++) {
                    ids[j] = idx_of(c[j]);
                    vals[j] = isl ? expf(x[ids[j]] - m) / sum : x[ids[j]];
                }
                n = cumsum_count(vals, V, p, 1);
                max_value = vals[0];
                max_index = ids[0];
            }
        } else if (!do_topk && p >= 1.0f) {
            /* GetRowMaxandIndex over the unsorted row */
            local = 0;
            n = V;
            for (int64_t i = 0; i < V; i++) ids[i] = (uint32_t)i;
            max_index = chunk_race(vals, V, NULL, b, eps, TKS2_FLOAT_MIN, &max_value);
            if (!isl)
                ori_max = max_value;
        }
        if (!done && has_minp) {
            const float thd = minp * max_value;
            if (minp >= 1.0f) {
                ids[0] = (uint32_t)max_index;
                vals[0] = max_value;
                n = 1;
                local = 1;
                ori0 = 1; /* the logit written out is the row's max logit */
            } else if (local) {
                for (int64_t j = n - 1; j >= 0; j--)
                    if (vals[j] >= thd) {
                        n = j + 1;
                        break;
                    }
            } else {
                int64_t m = 0;
                for (int64_t j = 0; j < n; j++)
                    if (vals[j] >= thd) {
                        vals[m] = vals[j];
                        ids[m] = ids[j];
                        m++;
                    }
                n = m;
            }
        }
        if (a->need_logits) {
            float *srow = (float *)(uintptr_t)S->addr + S->offset + b * S->stride[0];
            for (int64_t i = 0; i < V; i++) srow[i * S->stride[1]] = all_sel ? x[i] : def_logit;
            if (!all_sel)
                for (int64_t j = 0; j < n; j++) srow[(int64_t)ids[j] * S->stride[1]] = (j == 0 && ori0) ? ori_max : x[ids[j]];
        }
        if (a->need_sample_result) {
            float *mrow = (float *)(uintptr_t)a->smask.addr + a->smask.offset + b * a->smask.stride[0];
            char *irow = (char *)(uintptr_t)a->lidx.addr + (a->lidx.offset + b * a->lidx.stride[0]) * 8;
            for (int64_t i = 0; i < V; i++) mrow[i * a->smask.stride[1]] = i < n ? vals[i] : 0.0f;
            for (int64_t j = 0; j < n; j++) {
                int64_t v = ids[j];
                aclemu_store_i64(irow + j * a->lidx.stride[1] * 8, a->lidx.dtype, 0, &v, 1);
            }
            continue;
        }
        if (!done && Q && n > 0) {
            if (local) {
                /* QSampleCompute + ArgMaxAndGather: one ReduceMax, the first maximum */
                for (int64_t j = 0; j < n; j++) tmp[j] = vals[j] / (fabsf(load1(Q, b, j)) + eps);
                max_index = ids[first_max(tmp, n)];
            } else {
                max_index = ids[chunk_race(vals, n, Q, b, eps, TKS2_FLOAT_MIN, NULL)];
            }
        }
        int64_t ov = max_index;
        aclemu_store_i64((char *)(uintptr_t)a->idx.addr + (a->idx.offset + b * a->idx.stride[0]) * 8, a->idx.dtype, 0,
                         &ov, 1);
    }
    return 0;
}

ACLEMU_KERNEL("TopKTopPSampleV2", k_top_k_top_p_sample_v2);
