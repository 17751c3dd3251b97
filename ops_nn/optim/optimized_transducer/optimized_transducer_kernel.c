/* OptimizedTransducer (see optimized_transducer_args.h). */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "optimized_transducer_args.h"

static inline float log_add(float a, float b)
{
    float mx = a > b ? a : b, mn = a > b ? b : a;
    return logf(expf(mn - mx) + 1.0f) + mx;
}

static int32_t ld_i32(const aclemu_tdesc *t, int64_t i0, int64_t i1)
{
    int32_t v;
    int64_t off = t->offset + i0 * t->stride[0] + (t->ndim > 1 ? i1 * t->stride[1] : 0);
    memcpy(&v, (const char *)(uintptr_t)t->addr + off * 4, 4);
    return v;
}

static int k_optimized_transducer(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(otr_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const otr_args *a = args;
    const int64_t MT = a->max_t, MU = a->max_u, V = a->vocab, TU = MT * MU, bl = a->blank;
    const aclemu_tdesc *L = &a->logits, *G = &a->grad, *LS = &a->loss;
    if (L->ndim != 4 || bl < 0 || bl >= V)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t es = aclemu_kdtype_size(L->dtype);
    float *row = (float *)(uintptr_t)a->ws + a->batch * TU * 5 + (int64_t)blk->block_idx * V;
    uint64_t b0, b1;
    aclemu_block_range((uint64_t)a->batch, (uint64_t)a->per_block, blk, &b0, &b1);
    for (uint64_t bb = b0; bb < b1; bb++) {
        const int64_t b = (int64_t)bb;
        const int32_t T = ld_i32(&a->tlen, b, 0), U = ld_i32(&a->ulen, b, 0) + 1;
        if (T < 1 || T > MT || U < 1 || U > MU)
            return ACLEMU_KERNEL_BAD_ARGS;
        float *pb = (float *)(uintptr_t)a->ws + b * TU * 5, *pe = pb + TU, *den = pe + TU, *al = den + TU, *be = al + TU;
        /* log-probabilities of blank and of the next target, compact T x U */
        for (int32_t t = 0; t < T; t++)
            for (int32_t u = 0; u < U; u++) {
                const char *lp = (const char *)(uintptr_t)L->addr +
                                 (L->offset + b * L->stride[0] + t * L->stride[1] + u * L->stride[2]) * (int64_t)es;
                const int64_t c = (int64_t)t * U + u;
                int32_t y = -1;
                if (u < U - 1) {
                    y = ld_i32(&a->targets, b, u);
                    if (y < 0 || y >= V)
                        return ACLEMU_KERNEL_BAD_ARGS;
                }
                if (a->fused) {
                    aclemu_load_f32(row, lp, L->dtype, L->stride[3] * (int64_t)es, V);
                    float mx = row[0], s = 0.0f;
                    for (int64_t k = 1; k < V; k++) mx = row[k] > mx ? row[k] : mx;
                    for (int64_t k = 0; k < V; k++) s += expf(row[k] - mx);
                    const float d = mx + logf(s);
                    den[c] = d;
                    pb[c] = row[bl] - d;
                    if (y >= 0) pe[c] = row[y] - d;
                } else {
                    aclemu_load_f32(&pb[c], lp + bl * L->stride[3] * (int64_t)es, L->dtype, 0, 1);
                    if (y >= 0) aclemu_load_f32(&pe[c], lp + y * L->stride[3] * (int64_t)es, L->dtype, 0, 1);
                }
            }
        /* alpha */
        al[0] = 0.0f;
        for (int32_t t = 1; t < T; t++) al[t * U] = al[(t - 1) * U] + pb[(t - 1) * U];
        for (int32_t u = 1; u < U; u++) al[u] = al[u - 1] + pe[u - 1];
        for (int32_t t = 1; t < T; t++)
            for (int32_t u = 1; u < U; u++)
                al[t * U + u] = log_add(al[(t - 1) * U + u] + pb[(t - 1) * U + u], al[t * U + u - 1] + pe[t * U + u - 1]);
        /* beta */
        be[(T - 1) * U + U - 1] = pb[(T - 1) * U + U - 1];
        for (int32_t t = T - 2; t >= 0; t--) be[t * U + U - 1] = be[(t + 1) * U + U - 1] + pb[t * U + U - 1];
        for (int32_t u = U - 2; u >= 0; u--) be[(T - 1) * U + u] = be[(T - 1) * U + u + 1] + pe[(T - 1) * U + u];
        for (int32_t t = T - 2; t >= 0; t--)
            for (int32_t u = U - 2; u >= 0; u--)
                be[t * U + u] = log_add(be[(t + 1) * U + u] + pb[t * U + u], be[t * U + u + 1] + pe[t * U + u]);
        const float lossv = -be[0];
        aclemu_store_f32((char *)(uintptr_t)LS->addr + (LS->offset + b * LS->stride[0]) * (int64_t)es, LS->dtype, 0,
                         &lossv, 1);
        if (!a->requires_grad)
            continue;
        const float clamp = a->clamp;
        for (int32_t t = 0; t < T; t++)
            for (int32_t u = 0; u < U; u++) {
                const int64_t c = (int64_t)t * U + u;
                const char *lp = (const char *)(uintptr_t)L->addr +
                                 (L->offset + b * L->stride[0] + t * L->stride[1] + u * L->stride[2]) * (int64_t)es;
                char *gp = (char *)(uintptr_t)G->addr +
                           (G->offset + b * G->stride[0] + t * G->stride[1] + u * G->stride[2]) * (int64_t)es;
                const int64_t ls = L->stride[3] * (int64_t)es, gs = G->stride[3] * (int64_t)es;
                const int32_t y = u < U - 1 ? ld_i32(&a->targets, b, u) : -1;
                if (a->fused) {
                    const float cc = al[c] + lossv - den[c];
                    aclemu_load_f32(row, lp, L->dtype, ls, V);
                    const float gb = row[bl] + cc, gt = y >= 0 ? row[y] + cc : 0.0f;
                    const float sh = cc + be[c];
                    for (int64_t k = 0; k < V; k++) row[k] = expf(row[k] + sh);
                    if (t == T - 1 && u == U - 1) row[bl] = row[bl] - expf(gb);
                    if (t < T - 1) row[bl] = row[bl] - expf(gb + be[c + U]);
                    if (u < U - 1) row[y] = row[y] - expf(gt + be[c + 1]);
                    if (clamp > 0.0f)
                        for (int64_t k = 0; k < V; k++) {
                            float g = row[k] < clamp ? row[k] : clamp;
                            row[k] = g > -clamp ? g : -clamp;
                        }
                    aclemu_store_f32(gp, G->dtype, gs, row, V);
                } else {
                    const float cc = al[c] + lossv;
                    float lb, lt = 0.0f, r;
                    aclemu_load_f32(&lb, lp + bl * ls, L->dtype, 0, 1);
                    if (y >= 0) aclemu_load_f32(&lt, lp + y * ls, L->dtype, 0, 1);
                    const float gb = lb + cc, gt = lt + cc;
                    if (t == T - 1 && u == U - 1) {
                        r = -expf(gb);
                        if (clamp >= 0.0f && r < -clamp) r = -clamp;
                        aclemu_store_f32(gp + bl * gs, G->dtype, 0, &r, 1);
                    }
                    if (t < T - 1) {
                        r = -expf(gb + be[c + U]);
                        if (clamp >= 0.0f && r < -clamp) r = -clamp;
                        aclemu_store_f32(gp + bl * gs, G->dtype, 0, &r, 1);
                    }
                    if (u < U - 1) {
                        r = -expf(gt + be[c + 1]);
                        if (clamp >= 0.0f && r < -clamp) r = -clamp;
                        aclemu_store_f32(gp + y * gs, G->dtype, 0, &r, 1);
                    }
                }
            }
    }
    return 0;
}

ACLEMU_KERNEL("OptimizedTransducer", k_optimized_transducer);
