/* AdaLayerNormGrad kernel, per row (b, s) in the real kernel's FP32 steps (16-bit operands cast
 * up first):
 *   sc = scale[b] + 1, xc = x - mean, d = dy * sc, z = xc * rstd,
 *   dbeta += d, dgamma += d * z, dscale[b] += dy * (z * gamma + beta), dshift[b] += dy,
 *   g = d * gamma, m1 = sum(g) / H, m2 = sum(g * z) / H, dx = ((g - m1) - z * m2) * rstd,
 * dx rounded to its dtype (nearest even); dscale / dshift summed over S in FP32 per batch. */
#include <string.h>

#include "ada_layer_norm_backward_args.h"
#include "nn_kernel.h"

static float sumf(const float *v, int64_t n)
{
    double s = 0;
    for (int64_t i = 0; i < n; i++) s += v[i];
    return (float)s;
}

static int ada_layer_norm_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ada_layer_norm_backward_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ada_layer_norm_backward_args *a = (const ada_layer_norm_backward_args *)args;
    const int64_t S = a->S, H = a->H;
    float *dw = NULL, *db = NULL;
    if (a->parts) {
        dw = (float *)(uintptr_t)a->parts + (int64_t)blk->block_idx * H;
        db = (float *)(uintptr_t)a->parts + (int64_t)(blk->block_dim + blk->block_idx) * H;
        memset(dw, 0, (size_t)H * sizeof(float));
        memset(db, 0, (size_t)H * sizeof(float));
    }
    int64_t b0, b1;
    nn_block_items(a->B, a->batches_per_block, blk, &b0, &b1);
    if (b0 >= b1)
        return 0;
    float *buf = (float *)aclemu_worker_scratch((size_t)H * 10 * sizeof(float));
    if (!buf)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *sc = buf, *dy = buf + H, *xc = buf + 2 * H, *d = buf + 3 * H, *g = buf + 4 * H, *t = buf + 5 * H;
    float *acc_s = buf + 6 * H, *acc_t = buf + 7 * H, *w = buf + 8 * H, *bb = buf + 9 * H;
    if (a->gamma.present)
        aclemu_load_f32(w, (const char *)nn_ptr(&a->gamma), a->gamma.dtype, (int64_t)aclemu_kdtype_size(a->gamma.dtype), H);
    else
        for (int64_t h = 0; h < H; h++) w[h] = 1.0f;
    if (a->beta.present)
        aclemu_load_f32(bb, (const char *)nn_ptr(&a->beta), a->beta.dtype, (int64_t)aclemu_kdtype_size(a->beta.dtype), H);
    else
        memset(bb, 0, (size_t)H * sizeof(float));
    const char *dyp = (const char *)nn_ptr(&a->dy), *xp = (const char *)nn_ptr(&a->x);
    const char *scp = (const char *)nn_ptr(&a->scale);
    char *dxp = (char *)nn_ptr(&a->dx), *dsp = (char *)nn_ptr(&a->dscale), *dtp = (char *)nn_ptr(&a->dshift);
    const int64_t dyes = (int64_t)aclemu_kdtype_size(a->dy.dtype), xes = (int64_t)aclemu_kdtype_size(a->x.dtype);
    const int64_t sces = (int64_t)aclemu_kdtype_size(a->scale.dtype);
    const float coff = 1.0f / (float)H;
    for (int64_t b = b0; b < b1; b++) {
        aclemu_load_f32(sc, scp + b * H * sces, a->scale.dtype, sces, H);
        for (int64_t h = 0; h < H; h++) sc[h] = sc[h] + 1.0f;
        memset(acc_s, 0, (size_t)H * sizeof(float));
        memset(acc_t, 0, (size_t)H * sizeof(float));
        for (int64_t s = 0; s < S; s++) {
            const int64_t r = b * S + s;
            aclemu_load_f32(dy, dyp + r * H * dyes, a->dy.dtype, dyes, H);
            aclemu_load_f32(xc, xp + r * H * xes, a->x.dtype, xes, H);
            const float mean = (float)nn_load(&a->mean, r), rstd = (float)nn_load(&a->rstd, r);
            for (int64_t h = 0; h < H; h++) {
                acc_t[h] = acc_t[h] + dy[h];
                xc[h] = xc[h] - mean;
                d[h] = dy[h] * sc[h];
                xc[h] = xc[h] * rstd; /* z */
                float tz = xc[h] * w[h];
                tz = tz + bb[h];
                tz = dy[h] * tz;
                acc_s[h] = acc_s[h] + tz;
                g[h] = d[h] * w[h];
                t[h] = g[h] * xc[h];
            }
            if (db)
                for (int64_t h = 0; h < H; h++) {
                    float dz = d[h] * xc[h];
                    db[h] = db[h] + d[h];
                    dw[h] = dw[h] + dz;
                }
            if (!dxp)
                continue;
            const float m1 = sumf(g, H) * coff, m2 = sumf(t, H) * coff;
            for (int64_t h = 0; h < H; h++) {
                float v = g[h] - m1;
                float zm = xc[h] * m2;
                v = v - zm;
                t[h] = v * rstd;
            }
            aclemu_store_f32(dxp + r * H * (int64_t)aclemu_kdtype_size(a->dx.dtype), a->dx.dtype,
                             (int64_t)aclemu_kdtype_size(a->dx.dtype), t, H);
        }
        if (dsp)
            aclemu_store_f32(dsp + b * H * (int64_t)aclemu_kdtype_size(a->dscale.dtype), a->dscale.dtype,
                             (int64_t)aclemu_kdtype_size(a->dscale.dtype), acc_s, H);
        if (dtp)
            aclemu_store_f32(dtp + b * H * (int64_t)aclemu_kdtype_size(a->dshift.dtype), a->dshift.dtype,
                             (int64_t)aclemu_kdtype_size(a->dshift.dtype), acc_t, H);
    }
    return 0;
}

ACLEMU_KERNEL("AdaLayerNormGrad", ada_layer_norm_grad_kernel);
