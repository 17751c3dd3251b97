/* DeformIm2col: the deformable sampling of aclnnDeformableConv2d (layout in deform_conv_args.h).
 * A sample at (py, px) interpolates the four neighbours (floor, floor + 1) bilinearly, those
 * outside the image counting as 0, in FP32 like the device kernel; it is then scaled by its mask. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "deform_conv_args.h"

static inline float load1(const aclemu_tdesc *t, int64_t off)
{
    float v;
    size_t es = aclemu_kdtype_size(t->dtype);
    aclemu_load_f32(&v, (const char *)(uintptr_t)t->addr + (t->offset + off) * (int64_t)es, t->dtype, 0, 1);
    return v;
}

static inline float round_to(float v, int32_t dt)
{
    if (dt == ACL_FLOAT16)
        return aclemu_half_to_float(aclemu_float_to_half(v));
    if (dt == ACL_BF16)
        return aclemu_bf16_to_float(aclemu_float_to_bf16(v));
    return v;
}

/* x[n, c] at (py, px), bilinear, zero outside [0, h) x [0, w). */
static float sample(const deform_conv_args *a, int64_t xbase, float py, float px)
{
    float fy = floorf(py), fx = floorf(px);
    float dy = py - fy, dx = px - fx;
    int64_t y0 = (int64_t)fy, x0 = (int64_t)fx;
    float v[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4; k++) {
        int64_t yy = y0 + (k >> 1), xx = x0 + (k & 1);
        if (yy >= 0 && yy < a->h && xx >= 0 && xx < a->w)
            v[k] = load1(&a->x, xbase + yy * a->x.stride[2] + xx * a->x.stride[3]);
    }
    float top = v[0] * (1.0f - dx) + v[1] * dx;
    float bottom = v[2] * (1.0f - dx) + v[3] * dx;
    return top * (1.0f - dy) + bottom * dy;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(deform_conv_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const deform_conv_args *a = (const deform_conv_args *)args;
    const int64_t K = a->kh * a->kw, P = a->oh * a->ow, cpg = a->c / a->dgroups;
    const int64_t GK = a->dgroups * K;
    float *col = (float *)(uintptr_t)a->col;
    const aclemu_tdesc *o = &a->offset, *d = &a->deform_out;
    size_t des = d->addr ? aclemu_kdtype_size(d->dtype) : 0;
    uint64_t s, e;
    aclemu_block_range((uint64_t)(a->n * a->c * a->oh), a->per_block, blk, &s, &e);
    for (uint64_t r = s; r < e; r++) {
        int64_t oy = (int64_t)(r % (uint64_t)a->oh);
        int64_t c = (int64_t)(r / (uint64_t)a->oh % (uint64_t)a->c);
        int64_t n = (int64_t)(r / (uint64_t)(a->oh * a->c));
        int64_t g = c / cpg;
        int64_t xbase = n * a->x.stride[0] + c * a->x.stride[1];
        for (int64_t ox = 0; ox < a->ow; ox++) {
            int64_t obase = n * o->stride[0] + oy * o->stride[2] + ox * o->stride[3];
            for (int64_t ki = 0; ki < a->kh; ki++)
                for (int64_t kj = 0; kj < a->kw; kj++) {
                    int64_t t = ki * a->kw + kj, ch = g * K + t;
                    float dxo = load1(o, obase + ch * o->stride[1]);
                    float dyo = load1(o, obase + (GK + ch) * o->stride[1]);
                    float m = load1(o, obase + (2 * GK + ch) * o->stride[1]);
                    float py = (float)(oy * a->stride_h - a->pad_top + ki * a->dil_h) + dyo;
                    float px = (float)(ox * a->stride_w - a->pad_left + kj * a->dil_w) + dxo;
                    float v = sample(a, xbase, py, px) * m;
                    if (a->col_round)
                        v = round_to(v, a->col_round);
                    col[(n * a->c * K + c * K + t) * P + oy * a->ow + ox] = v;
                    if (des) {
                        int64_t off = d->offset + n * d->stride[0] + c * d->stride[1] +
                                      (oy * a->kh + ki) * d->stride[2] + (ox * a->kw + kj) * d->stride[3];
                        aclemu_store_f32((char *)(uintptr_t)d->addr + off * (int64_t)des, d->dtype, 0, &v, 1);
                    }
                }
        }
    }
    return 0;
}

ACLEMU_KERNEL("DeformIm2col", k);

/* DeformOffsetsGrad (layout in deform_conv_args.h). */
static int kgrad(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(deform_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const deform_grad_args *a = (const deform_grad_args *)args;
    const int64_t K = a->kh * a->kw, P = a->oh * a->ow, cpg = a->c / a->dgroups, GK = a->dgroups * K;
    const float *dcol = (const float *)(uintptr_t)a->dcol;
    float *gx = (float *)(uintptr_t)a->gx, *goff = (float *)(uintptr_t)a->goff;
    const aclemu_tdesc *o = &a->offset;
    uint64_t s, e;
    aclemu_block_range((uint64_t)(a->n * a->dgroups), a->per_block, blk, &s, &e);
    for (uint64_t r = s; r < e; r++) {
        const int64_t n = (int64_t)(r / (uint64_t)a->dgroups), g = (int64_t)(r % (uint64_t)a->dgroups);
        float *gxn = gx + (n * a->c + g * cpg) * a->h * a->w;
        memset(gxn, 0, (size_t)(cpg * a->h * a->w) * sizeof(float));
        for (int k3 = 0; k3 < 3; k3++) /* this group's x shifts, y shifts and masks */
            memset(goff + (n * 3 * GK + k3 * GK + g * K) * P, 0, (size_t)(K * P) * sizeof(float));
        for (int64_t t = 0; t < K; t++) {
            const int64_t ki = t / a->kw, kj = t % a->kw, ch = g * K + t;
            float *gdx = goff + (n * 3 * GK + ch) * P, *gdy = gdx + GK * P, *gm = gdy + GK * P;
            for (int64_t p = 0; p < P; p++) {
                const int64_t oy = p / a->ow, ox = p % a->ow;
                const int64_t obase = n * o->stride[0] + oy * o->stride[2] + ox * o->stride[3];
                float dxo = load1(o, obase + ch * o->stride[1]);
                float dyo = load1(o, obase + (GK + ch) * o->stride[1]);
                float m = load1(o, obase + (2 * GK + ch) * o->stride[1]);
                float py = (float)(oy * a->stride_h - a->pad_top + ki * a->dil_h) + dyo;
                float px = (float)(ox * a->stride_w - a->pad_left + kj * a->dil_w) + dxo;
                float fy = floorf(py), fx = floorf(px), wy = py - fy, wx = px - fx;
                int64_t y0 = (int64_t)fy, x0 = (int64_t)fx;
                const float cw[4] = {(1 - wy) * (1 - wx), (1 - wy) * wx, wy * (1 - wx), wy * wx};
                int in[4];
                for (int q = 0; q < 4; q++) {
                    int64_t yy = y0 + (q >> 1), xx = x0 + (q & 1);
                    in[q] = yy >= 0 && yy < a->h && xx >= 0 && xx < a->w;
                }
                float sdx = 0, sdy = 0, smask = 0;
                for (int64_t cc = 0; cc < cpg; cc++) {
                    const int64_t c = g * cpg + cc;
                    const float gv = dcol[(n * a->c * K + c * K + t) * P + p];
                    const int64_t xbase = n * a->x.stride[0] + c * a->x.stride[1];
                    float v[4] = {0, 0, 0, 0};
                    for (int q = 0; q < 4; q++)
                        if (in[q]) {
                            int64_t yy = y0 + (q >> 1), xx = x0 + (q & 1);
                            v[q] = load1(&a->x, xbase + yy * a->x.stride[2] + xx * a->x.stride[3]);
                            gxn[(cc * a->h + yy) * a->w + xx] += gv * m * cw[q];
                        }
                    float top = v[0] * (1 - wx) + v[1] * wx, bottom = v[2] * (1 - wx) + v[3] * wx;
                    smask += gv * (top * (1 - wy) + bottom * wy);
                    sdy += gv * m * (bottom - top);
                    sdx += gv * m * ((1 - wy) * (v[1] - v[0]) + wy * (v[3] - v[2]));
                }
                gdx[p] = sdx;
                gdy[p] = sdy;
                gm[p] = smask;
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("DeformOffsetsGrad", kgrad);
