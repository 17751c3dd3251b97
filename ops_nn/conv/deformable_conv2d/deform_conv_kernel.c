/* DeformIm2col: the deformable sampling of aclnnDeformableConv2d (layout in deform_conv_args.h).
 * A sample at (py, px) interpolates the four neighbours (floor, floor + 1) bilinearly, those
 * outside the image counting as 0, in FP32 like the device kernel; it is then scaled by its mask. */
#include <math.h>

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
