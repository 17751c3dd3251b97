/* FusedInferAttentionScore: one work item is one query row (b, n, i). Scores over the key rows
 * j: s_j = scale * <q, k_j> (FP32 products, double sums) + pse, -inf when masked, outside the
 * preTokens / nextTokens band (j - i in [-pre, next]) or past the batch's key length; then a
 * softmax in double, out = sum_j p_j v_j rounded once to the output dtype; lse = max + log(sum).
 * Rows past the batch's query length, or with every score masked, give 0 (lse +inf). */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "fia_args.h"

#define FIA_MAX_D 1024

static const char *at(const aclemu_tdesc *d, int64_t b, int64_t n, int64_t s, size_t es)
{
    return (const char *)(uintptr_t)d->addr +
           (d->offset + b * d->stride[0] + n * d->stride[1] + s * d->stride[2]) * (int64_t)es;
}

static int masked(const aclemu_tdesc *m, int64_t b, int64_t i, int64_t j)
{
    const uint8_t *p = (const uint8_t *)(uintptr_t)m->addr;
    return p[m->offset + b * m->stride[0] + i * m->stride[2] + j * m->stride[3]] != 0;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(fia_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const fia_args *a = args;
    const int64_t N = a->q.shape[1], Sq = a->q.shape[2], D = a->q.shape[3], Skv = a->k.shape[2];
    if (a->q.ndim != 4 || D <= 0 || D > FIA_MAX_D || a->group < 1)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t es = aclemu_kdtype_size(a->q.dtype), pes = a->pse.addr ? aclemu_kdtype_size(a->pse.dtype) : 0;
    float q[FIA_MAX_D], kv[FIA_MAX_D];
    double acc[FIA_MAX_D];
    float *s = (float *)(uintptr_t)a->scratch + (uint64_t)blk->block_idx * (uint64_t)(Skv ? Skv : 1);
    uint64_t b0, e0;
    aclemu_block_range(a->items, a->items_per_block, blk, &b0, &e0);
    for (uint64_t it = b0; it < e0; it++) {
        const int64_t i = (int64_t)(it % (uint64_t)Sq), n = (int64_t)(it / (uint64_t)Sq % (uint64_t)N),
                      b = (int64_t)(it / (uint64_t)Sq / (uint64_t)N), nk = n / a->group;
        const int64_t lq = a->nbatch_lens ? a->act_q[b] : Sq, lkv = a->nbatch_lens ? a->act_kv[b] : Skv;
        double mx = -INFINITY;
        if (i < lq) {
            aclemu_load_f32(q, at(&a->q, b, n, i, es), a->q.dtype, a->q.stride[3] * (int64_t)es, D);
            for (int64_t j = 0; j < Skv; j++) {
                double v = -INFINITY;
                int off = j >= lkv || j - i < -a->pre_tokens || j - i > a->next_tokens ||
                          (a->mask.addr && masked(&a->mask, b, i, j));
                if (!off) {
                    aclemu_load_f32(kv, at(&a->k, b, nk, j, es), a->k.dtype, a->k.stride[3] * (int64_t)es, D);
                    double dot = 0;
                    for (int64_t d = 0; d < D; d++)
                        dot += (double)(q[d] * kv[d]);
                    v = a->scale * dot;
                    if (a->pse.addr) {
                        float p;
                        aclemu_load_f32(&p, (const char *)(uintptr_t)a->pse.addr +
                                                (a->pse.offset + b * a->pse.stride[0] + n * a->pse.stride[1] +
                                                 i * a->pse.stride[2] + j * a->pse.stride[3]) * (int64_t)pes,
                                        a->pse.dtype, (int64_t)pes, 1);
                        v += p;
                    }
                }
                s[j] = (float)v;
                mx = v > mx ? v : mx;
            }
        }
        for (int64_t d = 0; d < D; d++)
            acc[d] = 0;
        double sum = 0;
        if (mx > -INFINITY) {
            for (int64_t j = 0; j < Skv; j++) {
                if (s[j] == -INFINITY)
                    continue;
                double p = exp((double)s[j] - mx);
                sum += p;
                aclemu_load_f32(kv, at(&a->v, b, nk, j, es), a->v.dtype, a->v.stride[3] * (int64_t)es, D);
                for (int64_t d = 0; d < D; d++)
                    acc[d] += p * (double)kv[d];
            }
            for (int64_t d = 0; d < D; d++)
                acc[d] /= sum;
        }
        aclemu_store_f64((char *)at(&a->out, b, n, i, es), a->out.dtype, a->out.stride[3] * (int64_t)es, acc, D);
        if (a->lse.addr) {
            float l = mx > -INFINITY ? (float)(mx + log(sum)) : INFINITY;
            aclemu_store_f32((char *)at(&a->lse, b, n, i, 4), ACL_FLOAT, 4, &l, 1);
        }
    }
    return 0;
}

ACLEMU_KERNEL("FusedInferAttentionScore", k);
