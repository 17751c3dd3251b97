/* RecurrentGatedDeltaRule: for sequence b (tokens t0 .. t1) and value head h (key head
 * h / (Nv / Nk)) the FP32 state S (Dv x Dk) starts from state[idx[t0 + accepted[b] - 1]] (or
 * state[idx[t0]]); per token t: S *= exp(g[t, h]); d = beta[t, h] (v_t - S k_t); S += d k_t^T;
 * out[t, h] = S (scale q_t) rounded to BF16; state[idx[t]] = S rounded to BF16 (S itself stays
 * FP32 between tokens, as in the kernel's buffers). Sums in double. The lengths must sum to T
 * with each in [0, 8], indices lie in [0, BlockNum), accepted counts in [1, length]: else the
 * launch fails before any write. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "rgdr_args.h"

static int32_t i32_at(const aclemu_tdesc *d, int64_t i)
{
    int32_t v;
    memcpy(&v, (const char *)(uintptr_t)d->addr + (d->offset + i * d->stride[0]) * 4, 4);
    return v;
}

static float f_at(const aclemu_tdesc *d, int64_t i0, int64_t i1, int64_t i2)
{
    size_t es = aclemu_kdtype_size(d->dtype);
    int64_t off = d->offset + i0 * d->stride[0] + i1 * d->stride[1] + (d->ndim > 2 ? i2 * d->stride[2] : 0);
    float v;
    aclemu_load_f32(&v, (const char *)(uintptr_t)d->addr + off * (int64_t)es, d->dtype, (int64_t)es, 1);
    return v;
}

static void row_load(float *dst, const aclemu_tdesc *d, int64_t t, int64_t h, int64_t n)
{
    aclemu_load_f32(dst, (const char *)(uintptr_t)d->addr + (d->offset + t * d->stride[0] + h * d->stride[1]) * 2, d->dtype,
                    d->stride[2] * 2, n);
}

static char *state_row(const aclemu_tdesc *s, int64_t blk, int64_t h, int64_t v)
{
    return (char *)(uintptr_t)s->addr + (s->offset + blk * s->stride[0] + h * s->stride[1] + v * s->stride[2]) * 2;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(rgdr_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const rgdr_args *a = args;
    const int64_t T = a->q.shape[0], Nk = a->q.shape[1], Dk = a->q.shape[2], Nv = a->v.shape[1], Dv = a->v.shape[2];
    const int64_t B = a->lens.shape[0], nblk = a->state.shape[0];
    if (Dk > RGDR_MAX_DIM || Dv > RGDR_MAX_DIM || Nk < 1 || Nv % Nk)
        return ACLEMU_KERNEL_BAD_ARGS;
    /* validate the device-side values first */
    int64_t total = 0;
    for (int64_t b = 0; b < B; b++) {
        int32_t l = i32_at(&a->lens, b);
        if (l < 0 || l > RGDR_MAX_LEN)
            return ACLEMU_KERNEL_BAD_ARGS;
        if (a->accepted.addr && l > 0) {
            int32_t acc = i32_at(&a->accepted, b);
            if (acc < 1 || acc > l)
                return ACLEMU_KERNEL_BAD_ARGS;
        }
        total += l;
    }
    if (total != T)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int64_t t = 0; t < T; t++) {
        int32_t i = i32_at(&a->idx, t);
        if (i < 0 || i >= nblk)
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    float *S = (float *)(uintptr_t)a->scratch + (uint64_t)blk->block_idx * (uint64_t)(Dv * Dk);
    float q[RGDR_MAX_DIM], kk[RGDR_MAX_DIM], v[RGDR_MAX_DIM], o[RGDR_MAX_DIM], d[RGDR_MAX_DIM];
    uint64_t s, e;
    aclemu_block_range(a->items, a->items_per_block, blk, &s, &e);
    for (uint64_t it = s; it < e; it++) {
        const int64_t b = (int64_t)(it / (uint64_t)Nv), h = (int64_t)(it % (uint64_t)Nv), hk = h / (Nv / Nk);
        int64_t t0 = 0;
        for (int64_t i = 0; i < b; i++)
            t0 += i32_at(&a->lens, i);
        const int64_t t1 = t0 + i32_at(&a->lens, b);
        if (t1 == t0)
            continue;
        int64_t init = i32_at(&a->idx, a->accepted.addr ? t0 + i32_at(&a->accepted, b) - 1 : t0);
        for (int64_t r = 0; r < Dv; r++)
            aclemu_load_f32(S + r * Dk, state_row(&a->state, init, h, r), a->state.dtype, a->state.stride[3] * 2, Dk);
        for (int64_t t = t0; t < t1; t++) {
            row_load(q, &a->q, t, hk, Dk);
            row_load(kk, &a->k, t, hk, Dk);
            row_load(v, &a->v, t, h, Dv);
            const float gamma = a->g.addr ? expf(f_at(&a->g, t, h, 0)) : 1.0f, bt = f_at(&a->beta, t, h, 0);
            for (int64_t i = 0; i < Dk; i++)
                q[i] *= a->scale;
            for (int64_t r = 0; r < Dv; r++) {
                float *row = S + r * Dk;
                double kv = 0;
                for (int64_t i = 0; i < Dk; i++) {
                    row[i] *= gamma;
                    kv += (double)row[i] * kk[i];
                }
                d[r] = (v[r] - (float)kv) * bt;
                double acc = 0;
                for (int64_t i = 0; i < Dk; i++) {
                    row[i] += d[r] * kk[i];
                    acc += (double)row[i] * q[i];
                }
                o[r] = (float)acc;
            }
            aclemu_store_f32((char *)(uintptr_t)a->out.addr + (a->out.offset + t * a->out.stride[0] + h * a->out.stride[1]) * 2,
                             a->out.dtype, a->out.stride[2] * 2, o, Dv);
            int64_t dst = i32_at(&a->idx, t);
            for (int64_t r = 0; r < Dv; r++)
                aclemu_store_f32(state_row(&a->state, dst, h, r), a->state.dtype, a->state.stride[3] * 2, S + r * Dk, Dk);
        }
    }
    return 0;
}

ACLEMU_KERNEL("RecurrentGatedDeltaRule", k);
