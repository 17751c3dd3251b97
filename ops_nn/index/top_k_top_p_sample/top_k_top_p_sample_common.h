/* Helpers shared by the TopKTopPSample and TopKTopPSampleV2 kernels (ops-nn
 * index/top_k_top_p_sample and top_k_top_p_sample_v2): the sort key (larger value first, equal
 * values by lower index), the partial top-k selection, the softmax with the first value as max,
 * the top-p running-sum count, the first maximum and the one-element load. */
#ifndef OPS_NN_TOP_K_TOP_P_SAMPLE_COMMON_H
#define OPS_NN_TOP_K_TOP_P_SAMPLE_COMMON_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "top_k_top_p_sample_rows.h"

#define TKS_TOPK_MAX 1024u    /* TOPK_MAX */
#define TKS_SOFTMAX_LEN 8192  /* SOFTMAX_PER_LEN: the chunk of the row softmax */
#define TKS_CUMSUM_BLOCK 512  /* REPEAT_MAX: the block of the full-sort cumulative sum */

/* Sort key: larger value first, equal values by lower index (the rolling top-k keeps a later
 * chunk's element only when it is strictly greater than the current k-th). */
static inline uint64_t key_of(float v, uint32_t i)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    u = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
    return (uint64_t)u << 32 | (uint64_t)(0xffffffffu - i);
}
static inline uint32_t idx_of(uint64_t k) { return 0xffffffffu - (uint32_t)k; }

static inline int cmp_desc(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a > b ? -1 : a < b;
}

/* Moves the k largest keys of c[0..n) to the front (any order), then sorts them descending. */
static inline void top_keys(uint64_t *c, int64_t n, int64_t k)
{
    if (k > n)
        k = n;
    int64_t lo = 0, hi = n - 1;
    while (k < n && lo < hi) {
        uint64_t a = c[lo], b = c[(lo + hi) / 2], d = c[hi];
        uint64_t piv = a > b ? (b > d ? b : (a > d ? d : a)) : (a > d ? a : (b > d ? d : b));
        int64_t i = lo, j = hi;
        while (i <= j) {
            while (c[i] > piv) i++;
            while (c[j] < piv) j--;
            if (i <= j) {
                uint64_t t = c[i];
                c[i] = c[j];
                c[j] = t;
                i++;
                j--;
            }
        }
        if (k - 1 <= j)
            hi = j;
        else if (k - 1 >= i)
            lo = i;
        else
            break;
    }
    qsort(c, (size_t)k, sizeof *c, cmp_desc);
}

/* softmax of v[0..n) with the first value as the max (SoftMaxCompute) into out */
static inline void softmax_first(const float *v, int64_t n, float *out)
{
    float m = v[0], s = 0.0f;
    for (int64_t j = 0; j < n; j++) {
        out[j] = expf(v[j] - m);
        s += out[j];
    }
    for (int64_t j = 0; j < n; j++) out[j] = out[j] / s;
}

/* running sum until it passes p (TopPCompute; V1: sum > p, V2 with reach: sum >= p): the count,
 * or 0 when it never does */
static inline int64_t topp_count(const float *pr, int64_t n, float p, int reach)
{
    float cum = 0.0f;
    for (int64_t j = 0; j < n; j++) {
        cum += pr[j];
        if (cum > p || (reach && cum == p))
            return j + 1;
    }
    return 0;
}

static inline int64_t first_max(const float *v, int64_t n)
{
    int64_t m = 0;
    for (int64_t j = 1; j < n; j++)
        if (v[j] > v[m]) m = j;
    return m;
}

static inline float load1(const aclemu_tdesc *t, int64_t r, int64_t c)
{
    float v;
    size_t es = aclemu_kdtype_size(t->dtype);
    int64_t off = t->offset + r * t->stride[0] + (t->ndim > 1 ? c * t->stride[1] : 0);
    aclemu_load_f32(&v, (const char *)(uintptr_t)t->addr + off * (int64_t)es, t->dtype, 0, 1);
    return v;
}

/* The count of the full sort's cumulative sum (CumsumAndOut) over the sorted sp[0..n): blocks of
 * TKS_CUMSUM_BLOCK; a block whose sum keeps the running sum below p is taken whole, one that
 * brings it to p exactly ends there, else element by element until the sum passes p (V2 with
 * reach: reaches p); never: n. */
static inline int64_t cumsum_count(const float *sp, int64_t n, float p, int reach)
{
    float run = 0.0f;
    for (int64_t j0 = 0; j0 < n; j0 += TKS_CUMSUM_BLOCK) {
        int64_t j1 = j0 + TKS_CUMSUM_BLOCK < n ? j0 + TKS_CUMSUM_BLOCK : n;
        float bs = 0.0f;
        for (int64_t j = j0; j < j1; j++) bs += sp[j];
        float t = run + bs;
        if (t < p) {
            run += bs;
            continue;
        }
        if (t == p)
            return j1;
        for (int64_t j = j0; j < j1; j++) {
            run += sp[j];
            if (run > p || (reach && run == p))
                return j + 1;
        }
    }
    return n;
}

/* The first maximum of v[i] (/ (|q[b][i]| + eps) with q) over TKS_SOFTMAX_LEN-element chunks: a
 * chunk's first maximum wins only when strictly larger than the best so far, which starts at
 * `init` (V1: 0, V2: FLOAT_MIN); best_out: the best value (may be NULL). */
static inline int64_t chunk_race(const float *v, int64_t n, const aclemu_tdesc *q, int64_t b, float eps, float init,
                                 float *best_out)
{
    float best = init;
    int64_t bi = 0;
    for (int64_t i0 = 0; i0 < n; i0 += TKS_SOFTMAX_LEN) {
        int64_t i1 = i0 + TKS_SOFTMAX_LEN < n ? i0 + TKS_SOFTMAX_LEN : n, cm = i0;
        float cv = 0.0f;
        for (int64_t i = i0; i < i1; i++) {
            float t = q ? v[i] / (fabsf(load1(q, b, i)) + eps) : v[i];
            if (i == i0 || t > cv) {
                cv = t;
                cm = i;
            }
        }
        if (cv > best)
            bi = cm;
        best = best > cv ? best : cv;
    }
    if (best_out)
        *best_out = best;
    return bi;
}

/* SoftMaxFstCompute: the sum of exp(x - m) in TKS_SOFTMAX_LEN-element chunks (e: the exps, or NULL) */
static inline float row_exp_sum(const float *x, int64_t n, float m, float *e)
{
    float sum = 0.0f;
    for (int64_t i0 = 0; i0 < n; i0 += TKS_SOFTMAX_LEN) {
        int64_t i1 = i0 + TKS_SOFTMAX_LEN < n ? i0 + TKS_SOFTMAX_LEN : n;
        float cs = 0.0f;
        for (int64_t i = i0; i < i1; i++) {
            float t = expf(x[i] - m);
            if (e)
                e[i] = t;
            cs += t;
        }
        sum += cs;
    }
    return sum;
}

/* The block's rows [r0, r1) and its workspace slot, NULL when the blob does not hold together */
static inline char *tkps_block_slot(const tkps_rows *g, const aclemu_tdesc *logits, const aclemu_block *blk,
                                    uint64_t *r0, uint64_t *r1)
{
    const int64_t V = g->cols;
    if (logits->ndim != 2 || V < 1 || V > (1 << 20) || g->ws_per_block < V * 24)
        return NULL;
    aclemu_block_range((uint64_t)g->rows, (uint64_t)g->rows_per_block, blk, r0, r1);
    return (char *)(uintptr_t)g->ws + (int64_t)blk->block_idx * g->ws_per_block;
}

/* Row b of logits into x (Cast CAST_NONE, exact) and its topK (INT32) */
static inline int32_t tkps_load_row(const aclemu_tdesc *L, const aclemu_tdesc *K, int64_t b, int64_t V, float *x)
{
    const size_t les = aclemu_kdtype_size(L->dtype);
    const char *row = (const char *)(uintptr_t)L->addr + (L->offset + b * L->stride[0]) * (int64_t)les;
    aclemu_load_f32(x, row, L->dtype, L->stride[1] * (int64_t)les, V);
    int32_t k;
    memcpy(&k, (const char *)(uintptr_t)K->addr + (K->offset + b * K->stride[0]) * 4, 4);
    return k;
}

#endif
