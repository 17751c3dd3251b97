/* QConv: the decode and dequantisation steps of aclnnQuantConvolution (qconv_args.h). */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "qconv_args.h"
#include "quant_codec.h"
#include "quant_param_bits.h"

#define QCONV_CHUNK 256

/* Plane p = (n, c) of the source into the padded FP32 plane at dst. */
static void qconv_decode_plane(const qconv_args *a, const uint8_t *src, float *dst, int64_t p)
{
    const int64_t n = p / a->c, c = p % a->c;
    const int64_t P0 = a->sz[0] + a->lo[0] + a->hi[0], P1 = a->sz[1] + a->lo[1] + a->hi[1],
                  P2 = a->sz[2] + a->lo[2] + a->hi[2];
    float *out = dst + p * P0 * P1 * P2;
    const uint8_t *base = src + n * a->sn + c * a->sc;
    for (int64_t i0 = 0; i0 < P0; i0++) {
        const int64_t s0 = i0 - a->lo[0];
        for (int64_t i1 = 0; i1 < P1; i1++) {
            const int64_t s1 = i1 - a->lo[1];
            float *row = out + (i0 * P1 + i1) * P2;
            if (s0 < 0 || s0 >= a->sz[0] || s1 < 0 || s1 >= a->sz[1]) {
                for (int64_t i2 = 0; i2 < P2; i2++)
                    row[i2] = a->fill;
                continue;
            }
            const uint8_t *line = base + s0 * a->ss[0] + s1 * a->ss[1];
            for (int64_t i2 = 0; i2 < P2; i2++) {
                const int64_t s2 = i2 - a->lo[2];
                row[i2] = (s2 < 0 || s2 >= a->sz[2]) ? a->fill : quant_decode(line[s2 * a->ss[2]], a->src_dtype);
            }
        }
    }
}

/* Plane p = (n, c) of a FRACTAL_Z_3D weight into the contiguous FP32 plane at dst. */
static void qconv_decode_fz3d_plane(const qconv_args *a, const uint8_t *src, float *dst, int64_t p)
{
    const int64_t n = p / a->c, c = p % a->c, D = a->sz[0], H = a->sz[1], W = a->sz[2];
    const int64_t inner = (n / 16) * 512 + (n % 16) * 32 + c % 32;
    float *out = dst + p * D * H * W;
    for (int64_t d = 0; d < D; d++)
        for (int64_t h = 0; h < H; h++)
            for (int64_t w = 0; w < W; w++) {
                const int64_t r = ((d * a->fz_c1 + c / 32) * H + h) * W + w;
                *out++ = quant_decode(src[r * a->fz_n1 * 512 + inner], a->src_dtype);
            }
}

static float qconv_scale(const qconv_args *a, int64_t c)
{
    const char *s = (const char *)(uintptr_t)a->scale;
    const int64_t at = a->scale_off + c * a->scale_s;
    if (a->scale_dtype == ACL_FLOAT) {
        float f;
        memcpy(&f, s + at * 4, 4);
        return f;
    }
    uint64_t p;
    memcpy(&p, s + at * 8, 8);
    return quant_param_scale(p);
}

/* Plane p = (n, c): acc -> out. */
static void qconv_dequant_plane(const qconv_args *a, const float *acc, char *out, int64_t p)
{
    const int64_t n = p / a->c, c = p % a->c;
    const int64_t O1 = a->sz[1], O2 = a->sz[2], plane = a->sz[0] * O1 * O2;
    const float scale = qconv_scale(a, c);
    float bias = 0.0f;
    int bias_i32 = 0;
    if (a->bias) {
        const char *b = (const char *)(uintptr_t)a->bias;
        const int64_t at = a->bias_off + c * a->bias_s;
        bias_i32 = a->bias_dtype == ACL_INT32;
        if (bias_i32) {
            int32_t v;
            memcpy(&v, b + at * 4, 4);
            bias = (float)v;
        } else {
            aclemu_load_f32(&bias, b + at * (int64_t)aclemu_kdtype_size(a->bias_dtype), a->bias_dtype, 0, 1);
        }
    }
    const float *src = acc + p * plane;
    const int64_t es = (int64_t)aclemu_kdtype_size(a->dst_dtype);
    const int code = a->dst_dtype == ACL_HIFLOAT8 || a->dst_dtype == ACL_FLOAT8_E4M3FN;
    float v[QCONV_CHUNK];
    for (int64_t i0 = 0; i0 < a->sz[0]; i0++)
        for (int64_t i1 = 0; i1 < O1; i1++) {
            const float *row = src + (i0 * O1 + i1) * O2;
            char *dst = out + (n * a->sn + c * a->sc + i0 * a->ss[0] + i1 * a->ss[1]) * es;
            for (int64_t j0 = 0; j0 < O2; j0 += QCONV_CHUNK) {
                const int64_t m = O2 - j0 < QCONV_CHUNK ? O2 - j0 : QCONV_CHUNK;
                for (int64_t j = 0; j < m; j++)
                    v[j] = bias_i32 ? (row[j0 + j] + bias) * scale : row[j0 + j] * scale + bias;
                char *d = dst + j0 * a->ss[2] * es;
                if (code) {
                    for (int64_t j = 0; j < m; j++)
                        ((uint8_t *)d)[j * a->ss[2]] = (uint8_t)quant_encode(v[j], a->dst_dtype, QUANT_RINT);
                } else {
                    aclemu_store_f32(d, a->dst_dtype, a->ss[2] * es, v, m);
                }
            }
        }
}

static int qconv_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(qconv_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const qconv_args *a = (const qconv_args *)args;
    if (a->c <= 0 || a->mode < QCONV_DECODE || a->mode > QCONV_DECODE_FZ3D)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->planes, (uint64_t)a->per_block, blk, &s, &e);
    const char *src = (const char *)(uintptr_t)(a->src + (uint64_t)a->src_off);
    char *dst = (char *)(uintptr_t)(a->dst + (uint64_t)a->dst_off);
    for (uint64_t p = s; p < e; p++) {
        if (a->mode == QCONV_DECODE)
            qconv_decode_plane(a, (const uint8_t *)src, (float *)dst, (int64_t)p);
        else if (a->mode == QCONV_DECODE_FZ3D)
            qconv_decode_fz3d_plane(a, (const uint8_t *)src, (float *)dst, (int64_t)p);
        else
            qconv_dequant_plane(a, (const float *)src, dst, (int64_t)p);
    }
    return 0;
}
ACLEMU_KERNEL("QConv", qconv_kernel);
