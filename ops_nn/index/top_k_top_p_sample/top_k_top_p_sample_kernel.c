/* TopKTopPSample (see top_k_top_p_sample_args.h; the steps of ops-nn
 * index/top_k_top_p_sample/op_kernel/top_k_top_p_sample.h and top_k_top_p_sort_cumsum.h, all in
 * FP32: Exp, ReduceSum per chunk, Div, Abs + eps, first maximum). */
#include "top_k_top_p_sample_args.h"
#include "top_k_top_p_sample_common.h"

static int k_top_k_top_p_sample(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(tktps_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const tktps_args *a = args;
    const int64_t V = a->geo.cols;
    uint64_t r0, r1;
    char *slot = tkps_block_slot(&a->geo, &a->logits, blk, &r0, &r1);
    if (!slot)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t *c = (uint64_t *)slot;
    float *x = (float *)(c + V), *pr = x + V, *tmp = pr + V; /* tmp: 2 V */
    const aclemu_tdesc *L = &a->logits, *Q = &a->q, *S = &a->sel;
    const int hasq = Q->addr != 0;
    const float eps = a->eps;
    const uint32_t guess = a->top_k_guess > TKS_TOPK_MAX ? TKS_TOPK_MAX : a->top_k_guess;
    const uint32_t kmax = V > (int64_t)TKS_TOPK_MAX ? TKS_TOPK_MAX : (uint32_t)V;
    float *sel_base = (float *)(uintptr_t)S->addr;
    for (uint64_t r = r0; r < r1; r++) {
        const int64_t b = (int64_t)r;
        const uint32_t k = (uint32_t)tkps_load_row(L, &a->topk, b, V, x);
        const float p = load1(&a->topp, b, 0);
        float *srow = sel_base + S->offset + b * S->stride[0];
        if (a->need_logits) /* InitGlobalMemory(-Inf) */
            for (int64_t i = 0; i < V; i++) srow[i * S->stride[1]] = -INFINITY;
        int64_t out = 0, nkeep = 0; /* kept: c[0..nkeep) (keys of x or of the probabilities) */
        if (k <= kmax) {
            /* classic top-k (+ top-p) */
            int64_t kc = k ? (int64_t)k : 1; /* k = 0 is outside the documented range: the top one */
            for (int64_t i = 0; i < V; i++) c[i] = key_of(x[i], (uint32_t)i);
            top_keys(c, V, kc);
            for (int64_t j = 0; j < kc; j++) pr[j] = x[idx_of(c[j])]; /* sorted logits */
            float *sm = tmp;
            softmax_first(pr, kc, sm);
            int64_t n = kc;
            if (p > 0.0f && p < 1.0f) {
                int64_t f = topp_count(sm, kc, p, 0);
                n = f ? f : kc;
                softmax_first(pr, n, sm);
            }
            if (hasq)
                for (int64_t j = 0; j < n; j++) sm[j] = sm[j] / (fabsf(load1(Q, b, j)) + eps);
            out = idx_of(c[first_max(sm, n)]);
            nkeep = n;
        } else {
            /* the row's softmax: max from 0 (GetRowMax), exp, sums per 8192-element chunk, Div */
            float m = 0.0f;
            for (int64_t i = 0; i < V; i++) m = x[i] > m ? x[i] : m;
            const float sum = row_exp_sum(x, V, m, pr);
            for (int64_t i = 0; i < V; i++) pr[i] = pr[i] / sum;
            if (!(p > 0.0f && p < 1.0f)) {
                /* no top-k, no top-p (SoftMaxAndQSampleCompute / the top of the softmax) */
                if (hasq) {
                    out = chunk_race(pr, V, Q, b, eps, 0.0f, NULL);
                } else {
                    out = first_max(pr, V);
                }
                nkeep = 0; /* the kernel writes no logits on this path */
            } else {
                /* top-p with a guessed k */
                int64_t kc = (int64_t)guess < V ? (int64_t)guess : V;
                for (int64_t i = 0; i < V; i++) c[i] = key_of(pr[i], (uint32_t)i);
                int64_t f = 0;
                if (kc > 0) {
                    top_keys(c, V, kc);
                    float *tp = tmp; /* the kc top probabilities, then their softmax */
                    for (int64_t j = 0; j < kc; j++) tp[j] = pr[idx_of(c[j])];
                    f = topp_count(tp, kc, p, 0);
                    if (f) {
                        softmax_first(tp, f, tp + kc);
                        float *sm = tp + kc;
                        if (hasq)
                            for (int64_t j = 0; j < f; j++) sm[j] = sm[j] / (fabsf(load1(Q, b, j)) + eps);
                        out = idx_of(c[first_max(sm, f)]);
                        nkeep = f;
                    }
                }
                if (!f) {
                    /* full sort (SortAll) and the blockwise cumulative sum (CumsumAndOut) */
                    for (int64_t i = 0; i < V; i++) c[i] = key_of(pr[i], (uint32_t)i);
                    qsort(c, (size_t)V, sizeof *c, cmp_desc);
                    float *sp = pr; /* sorted probabilities, in place of pr (read through c first) */
                    for (int64_t j = 0; j < V; j++) tmp[j] = pr[idx_of(c[j])];
                    memcpy(sp, tmp, (size_t)V * sizeof(float));
                    int64_t n = cumsum_count(sp, V, p, 0);
                    int64_t m2 = 0;
                    if (hasq) {
                        /* SoftMaxAll on the sorted probabilities: max = the first, chunk sums */
                        const float s = row_exp_sum(sp, n, sp[0], tmp);
                        for (int64_t i = 0; i < n; i++) tmp[i] = tmp[i] / s;
                        m2 = chunk_race(tmp, n, Q, b, eps, 0.0f, NULL);
                    }
                    out = idx_of(c[m2]);
                    nkeep = n;
                }
            }
        }
        int64_t ov = out;
        aclemu_store_i64((char *)(uintptr_t)a->idx.addr + (a->idx.offset + b * a->idx.stride[0]) * 8, a->idx.dtype, 0,
                         &ov, 1);
        if (a->need_logits)
            for (int64_t j = 0; j < nkeep; j++) {
                uint32_t i = idx_of(c[j]);
                srow[(int64_t)i * S->stride[1]] = x[i];
            }
    }
    return 0;
}

ACLEMU_KERNEL("TopKTopPSample", k_top_k_top_p_sample);
