/* SwigluGroupQuant kernel, following the arch35 kernels of ops-nn activation/swiglu_group_quant
 * (swiglu_group_quant_base.h, swiglu_*_perf.h, swiglu_{dynamic,static}_group_quant_hifp8.h):
 *   y = x0' / (1 + exp(-x0')) * x1' (* weight[row]), in FP32, x0' = min(x0, c),
 *   x1' = clamp(x1, -c, c) when clamp_limit is set; then per quant mode
 *   0 block FP8: per 128 columns a = max |y| over the finite y, a' = max(a, 1e-4),
 *     scale = a' * fp32(1 / fp8max); inverse fp8max / a' (round_scale: scale rounded up to a power
 *     of two from its FP32 bits, inverse 2^-e); code = RINT-cast(y * inverse, or y where that is
 *     not finite);
 *   1 MX FP8: per 32 columns a' = max(max |y|, 1e-4), sf = a' * fp32(1 / fp8max), E8M0 code
 *     E(sf) + (mantissa != 0), y * 2^(127 - code) cast RINT;
 *   1 MX FP4: y rounded to x's dtype, per 32 columns the largest exponent field E (255 for a
 *     non-finite), code max(E, emax) - emax (emax 2 for E2M1, 0 for E1M2; 0xFF non-finite, 0 for a
 *     zero block), multiplier 2^(127 - code) (2^-127 for code 254), FP4 cast RINT;
 *   2 static HiF8: y * invScale[group] cast ROUND (half away);
 *   3 dynamic HiF8: amax = max(max |y|, 1e-8) over all rows (or each group's), y_scale =
 *     amax / dst_max, y * (1 / y_scale) (groups: dst_max / amax) cast ROUND.
 * Modes 0 / 1 process the first min(sum(group_index), N) rows and leave the others as they are;
 * modes 2 / 3 with group_index write HiF8 zero to the rows past the groups (y_origin all rows). */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "quant_codec.h"
#include "swiglu_group_quant_args.h"

#define KERNEL_BAD_ARGS 507015

static char *base_of(const aclemu_tdesc *t) { return (char *)(uintptr_t)t->addr; }

static int64_t flat_off(const aclemu_tdesc *t, int64_t idx, uint32_t n) { return aclemu_tdesc_flat_off(t, idx, n); }

static int64_t load_i64(const aclemu_tdesc *t, int64_t i)
{
    int64_t v;
    memcpy(&v, base_of(t) + (t->offset + i * t->stride[0]) * 8, 8);
    return v;
}

static float load_f32(const aclemu_tdesc *t, int64_t off)
{
    float v;
    memcpy(&v, base_of(t) + off * 4, 4);
    return v;
}

static void store_f32(const aclemu_tdesc *t, int64_t off, float v) { memcpy(base_of(t) + off * 4, &v, 4); }

static float f32_of_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static float to_dtype(float v, int32_t dt)
{
    if (dt == ACL_FLOAT16)
        return aclemu_half_to_float(aclemu_float_to_half(v));
    if (dt == ACL_BF16)
        return aclemu_bf16_to_float(aclemu_float_to_bf16(v));
    return v;
}

/* the weighted SwiGLU of row r into y[half] (x0 / x1 scratch) */
static void swiglu_row(const sgq_args *a, int64_t r, float *y, float *x1)
{
    const aclemu_tdesc *x = &a->x;
    uint32_t nd = x->ndim;
    int64_t esz = (int64_t)aclemu_kdtype_size(x->dtype), xs = x->stride[nd - 1];
    int64_t xo = flat_off(x, r, nd - 1);
    aclemu_load_f32(y, base_of(x) + xo * esz, x->dtype, xs * esz, a->half);
    aclemu_load_f32(x1, base_of(x) + (xo + a->half * xs) * esz, x->dtype, xs * esz, a->half);
    float w = 1.0f;
    if (a->weight.addr)
        w = load_f32(&a->weight, flat_off(&a->weight, r, a->weight.ndim));
    float c = a->clamp;
    for (int64_t i = 0; i < a->half; i++) {
        float x0 = y[i], v1 = x1[i];
        if (a->has_clamp) {
            x0 = fminf(x0, c);
            v1 = fminf(fmaxf(v1, -c), c);
        }
        float s = x0 / (expf(-x0) + 1.0f) * v1;
        if (a->weight.addr)
            s *= w;
        y[i] = s;
    }
}

/* y's element offset of row r */
static int64_t y_row(const aclemu_tdesc *t, int64_t r) { return flat_off(t, r, t->ndim - 1); }

static void store_code(const sgq_args *a, int64_t row, int64_t c, uint32_t code)
{
    const aclemu_tdesc *y = &a->y;
    int64_t e = row + c * y->stride[y->ndim - 1];
    uint8_t *b = (uint8_t *)base_of(y);
    if (y->dtype == ACL_FLOAT4_E2M1 || y->dtype == ACL_FLOAT4_E1M2) { /* even element: low nibble */
        uint8_t *p = b + (e >> 1);
        *p = (e & 1) ? (uint8_t)((*p & 0x0f) | (code << 4)) : (uint8_t)((*p & 0xf0) | (code & 0x0f));
    } else {
        b[e] = (uint8_t)code;
    }
}

static void store_origin(const sgq_args *a, int64_t r, const float *y)
{
    const aclemu_tdesc *o = &a->yorigin;
    int64_t esz = (int64_t)aclemu_kdtype_size(o->dtype);
    aclemu_store_f32(base_of(o) + y_row(o, r) * esz, o->dtype, o->stride[o->ndim - 1] * esz, y, a->half);
}

static void block_fp8_row(const sgq_args *a, int64_t r, const float *y)
{
    int e5 = a->y.dtype == ACL_FLOAT8_E5M2;
    float fmax = e5 ? 57344.0f : 448.0f, coeff = f32_of_bits(e5 ? 0x37924925u : 0x3b124925u);
    int64_t yo = y_row(&a->y, r), sc = a->half / 128;
    for (int64_t k = 0; k < sc; k++) {
        const float *g = y + k * 128;
        float m = 0.0f;
        for (int j = 0; j < 128; j++) {
            float v = g[j] + 0.0f;
            if (v * 0.0f == v * 0.0f && fabsf(v) > m) /* NaN / Inf masked out */
                m = fabsf(v);
        }
        float ca = fmaxf(m, 1e-4f), s = ca * coeff, inv;
        if (a->round_scale) {
            uint32_t b = quant_f32_bits(s), e = (b >> 23) & 0xffu, man = b & 0x7fffffu;
            uint32_t es = e - 127u + (man != 0);
            s = f32_of_bits((es + 127u) << 23);
            inv = f32_of_bits((127u - es) << 23);
        } else {
            inv = fmax / ca;
        }
        store_f32(&a->yscale, flat_off(&a->yscale, r * sc + k, a->yscale.ndim), s);
        for (int j = 0; j < 128; j++) {
            float v = g[j] + 0.0f, t = v * inv;
            if (!(t * 0.0f == t * 0.0f))
                t = v;
            store_code(a, yo, k * 128 + j, quant_encode(t, a->y.dtype, QUANT_RINT));
        }
    }
}

static void mx_row(const sgq_args *a, int64_t r, float *y)
{
    int32_t yd = a->y.dtype;
    int fp4 = yd == ACL_FLOAT4_E2M1 || yd == ACL_FLOAT4_E1M2;
    int64_t yo = y_row(&a->y, r), sc = a->half / 32, scw = 2 * ((sc + 1) / 2);
    uint8_t *sb = (uint8_t *)base_of(&a->yscale);
    float coeff = f32_of_bits(yd == ACL_FLOAT8_E5M2 ? 0x37924925u : 0x3b124925u);
    for (int64_t k = 0; k < sc; k++) {
        float *g = y + k * 32;
        uint32_t code;
        float mul;
        if (fp4) {
            uint32_t emax = yd == ACL_FLOAT4_E2M1 ? 2u : 0u, me = 0;
            for (int j = 0; j < 32; j++) {
                g[j] = to_dtype(g[j], a->x.dtype);
                uint32_t e = (quant_f32_bits(g[j]) >> 23) & 0xffu;
                me = e > me ? e : me;
            }
            if (me == 0xffu) {
                code = 0xffu;
                mul = NAN;
            } else if (me == 0) {
                code = 0;
                mul = 0.0f;
            } else {
                code = (me > emax ? me : emax) - emax;
                mul = code == 254 ? ldexpf(1.0f, -127) : ldexpf(1.0f, 127 - (int)code);
            }
        } else {
            float m = 0.0f;
            for (int j = 0; j < 32; j++) {
                g[j] += 0.0f;
                m = fmaxf(m, fabsf(g[j]));
            }
            uint32_t b = quant_f32_bits(fmaxf(m, 1e-4f) * coeff), e = (b >> 23) & 0xffu;
            code = e + ((b & 0x7fffffu) != 0);
            mul = f32_of_bits((254u - code) << 23);
        }
        sb[flat_off(&a->yscale, r * scw + k, a->yscale.ndim)] = (uint8_t)code;
        for (int j = 0; j < 32; j++) {
            float t = g[j] * mul;
            uint32_t q = fp4 ? quant_to_fp4(t, yd == ACL_FLOAT4_E1M2, QUANT_RINT) : quant_encode(t, yd, QUANT_RINT);
            store_code(a, yo, k * 32 + j, q);
        }
    }
}

/* group ends (cumulative counts) into ends[G]; returns the total */
static int64_t group_ends(const sgq_args *a, int64_t *ends)
{
    int64_t s = 0;
    for (int64_t g = 0; g < a->groups; g++) {
        s += load_i64(&a->group, g);
        ends[g] = s;
    }
    return s;
}

/* the group of row r (-1: past the groups) */
static int64_t group_of(const sgq_args *a, const int64_t *ends, int64_t r)
{
    int64_t start = 0;
    for (int64_t g = 0; g < a->groups; g++) {
        if (ends[g] != start && r >= start && r < ends[g])
            return g;
        start = ends[g];
    }
    return -1;
}

static int sgq_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(sgq_args))
        return KERNEL_BAD_ARGS;
    const sgq_args *a = (const sgq_args *)args;
    int64_t G = a->group.addr ? a->groups : 0;
    float *buf = (float *)aclemu_worker_scratch((size_t)(2 * a->half) * sizeof(float) + (size_t)(G + 1) * 8);
    float *y = buf, *x1 = buf + a->half;
    int64_t *ends = (int64_t *)(void *)(buf + 2 * a->half);
    int64_t total = G ? group_ends(a, ends) : a->rows;
    int64_t real_bs = total < a->rows ? (total > 0 ? total : 0) : a->rows;
    float *ws_amax = (float *)(uintptr_t)a->ws_amax, *ws_mult = (float *)(uintptr_t)a->ws_mult;

    if (a->phase == SGQ_SCALE) {
        if (blk->block_idx != 0)
            return 0;
        if (!G) {
            float m = 0.0f;
            for (int64_t r = 0; r < a->rows; r++)
                m = fmaxf(m, ws_amax[r]);
            float s = m / a->dst_max;
            store_f32(&a->yscale, a->yscale.offset, s);
            ws_mult[0] = 1.0f / s;
            return 0;
        }
        int64_t start = 0;
        for (int64_t g = 0; g < G; g++) {
            int64_t end = ends[g], lo = start, hi = end < a->rows ? end : a->rows;
            start = end;
            if (end == lo || lo >= hi)
                continue; /* an empty group keeps its y_scale */
            float m = 0.0f;
            for (int64_t r = lo; r < hi; r++)
                m = fmaxf(m, ws_amax[r]);
            store_f32(&a->yscale, a->yscale.offset + g * a->yscale.stride[0], m / a->dst_max);
            ws_mult[g] = a->dst_max / m;
        }
        return 0;
    }

    uint64_t r0, r1;
    aclemu_block_range((uint64_t)a->rows, (uint64_t)a->per_block, blk, &r0, &r1);
    for (int64_t r = (int64_t)r0; r < (int64_t)r1; r++) {
        if (a->mode <= 1) {
            if (r >= real_bs)
                continue; /* past sum(group_index): left as it is */
            swiglu_row(a, r, y, x1);
            if (a->mode == 0)
                block_fp8_row(a, r, y);
            else
                mx_row(a, r, y);
            continue;
        }
        int64_t g = G ? group_of(a, ends, r) : 0;
        swiglu_row(a, r, y, x1);
        if (a->phase == SGQ_AMAX) {
            if (a->output_origin)
                store_origin(a, r, y);
            if (g >= 0) {
                float m = 1e-8f;
                for (int64_t i = 0; i < a->half; i++)
                    m = fmaxf(m, fabsf(y[i]));
                ws_amax[r] = m;
            }
            continue;
        }
        if (a->mode == 2 && a->output_origin)
            store_origin(a, r, y);
        int64_t yo = y_row(&a->y, r);
        if (g < 0) { /* past the groups: HiF8 zero */
            for (int64_t i = 0; i < a->half; i++)
                store_code(a, yo, i, 0);
            continue;
        }
        float mult = a->mode == 2 ? load_f32(&a->scale, a->scale.offset + g * a->scale.stride[0]) : ws_mult[g];
        for (int64_t i = 0; i < a->half; i++)
            store_code(a, yo, i, quant_to_hif8(y[i] * mult));
    }
    return 0;
}
ACLEMU_KERNEL("SwigluGroupQuant", sgq_kernel);
