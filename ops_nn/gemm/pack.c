/* Portable packers: any strided view, any dtype, and the implicit-GEMM convolution sources.
 * They convert to FP32 and apply the cube math mode (NUMERICS.md) while packing. */
#include <string.h>

#include "gemm_internal.h"
#include "numerics.h"

int64_t gemm_batch_offset(const gemm_plan *p, const gemm_view *v, int64_t batch)
{
    int64_t off = 0;
    for (int d = p->d.nbatch_dims - 1; d >= 0; d--) {
        int64_t n = p->d.batch_shape[d];
        off += (batch % n) * v->bstride[d];
        batch /= n;
    }
    return off;
}

float gemm_load_f32(const void *base, int32_t dt, int64_t off)
{
    switch (dt) {
    case GEMM_F16: return gemm_f16_to_f32(((const uint16_t *)base)[off]);
    case GEMM_BF16: return gemm_bf16_to_f32(((const uint16_t *)base)[off]);
    default: return ((const float *)base)[off];
    }
}

float gemm_math_round(const gemm_plan *p, int32_t dt, float v)
{
    if (p->d.math == GEMM_MATH_FP16) return dt == GEMM_F16 ? v : gemm_round_fp16(v);
    if (p->d.math == GEMM_MATH_HF32 && dt == GEMM_F32) return gemm_f32_to_hf32(v, p->d.hf32_round);
    return v;
}

static inline float fetch(const gemm_plan *p, const void *base, int32_t dt, int64_t off)
{
    return gemm_math_round(p, dt, gemm_load_f32(base, dt, off));
}

void gemm_pack_a(const gemm_plan *p, const char *base, int64_t m0, int64_t mc, int64_t k0, int64_t kc, float *dst)
{
    const gemm_view *a = &p->d.a;
    int32_t dt = a->dtype;
    int64_t mr = p->mr;
    for (int64_t i = 0; i < mc; i += mr) {
        int64_t w = mc - i < mr ? mc - i : mr;
        for (int64_t k = 0; k < kc; k++) {
            int64_t koff = gemm_view_joff(a, k0 + k);
            int64_t r = 0;
            for (; r < w; r++) dst[r] = fetch(p, base, dt, (m0 + i + r) * a->rs + koff);
            for (; r < mr; r++) dst[r] = 0.0f;
            dst += mr;
        }
    }
}

void gemm_pack_a_isa(const gemm_plan *p, const char *base, int64_t m0, int64_t mc, int64_t k0, int64_t kc, float *dst)
{
    if (p->isa == GEMM_ISA_AVX512 && gemm_pack_a_avx512(p, base, m0, mc, k0, kc, dst)) return;
    gemm_pack_a(p, base, m0, mc, k0, kc, dst);
}

/* Decoded convolution column/row index: image and per-dim output (or input) coordinates. */
typedef struct conv_pos {
    int64_t img;
    int64_t c[3];
} conv_pos;

static void decode_pos(const gemm_conv_geom *g, const int64_t *dims, int64_t total, int64_t idx, conv_pos *o)
{
    o->img = idx / total;
    int64_t r = idx % total;
    for (int d = g->nsp - 1; d >= 0; d--) {
        o->c[d] = r % dims[d];
        r /= dims[d];
    }
}

/* Source offset of x[img, ci, ...] for output position `op` and kernel tap `t`, or -1 when the tap
 * falls into padding (or between the strided samples of a transposed conv). */
static inline int64_t conv_src_off(const gemm_conv_geom *g, const conv_pos *op, int64_t ci, const int64_t *t)
{
    int64_t lin = 0;
    for (int d = 0; d < g->nsp; d++) {
        int64_t ip;
        if (g->kind == GEMM_BSRC_COL2IM) {
            int64_t num = op->c[d] + g->pad[d] - t[d] * g->dil[d];
            if (num < 0 || num % g->stride[d]) return -1;
            ip = num / g->stride[d];
        } else {
            ip = op->c[d] * g->stride[d] - g->pad[d] + t[d] * g->dil[d];
        }
        if (ip < 0 || ip >= g->in[d]) return -1;
        lin = lin * g->in[d] + ip;
    }
    return op->img * g->img_stride + ci * g->ch_stride + lin;
}

static void decode_tap(const gemm_conv_geom *g, int64_t idx, int64_t *ci, int64_t *t)
{
    *ci = idx / g->k_total;
    int64_t r = idx % g->k_total;
    for (int d = g->nsp - 1; d >= 0; d--) {
        t[d] = r % g->ksz[d];
        r /= g->ksz[d];
    }
}

#define PACK_B_MAXNR 64

void gemm_pack_b(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc, float *dst)
{
    const gemm_view *b = &p->d.b;
    const gemm_conv_geom *g = &p->d.conv;
    int32_t dt = b->dtype;
    int64_t nr = p->nr;
    for (int64_t j0 = 0; j0 < nc; j0 += nr) {
        int64_t w = nc - j0 < nr ? nc - j0 : nr;
        if (g->kind == GEMM_BSRC_DENSE) {
            int64_t coff[PACK_B_MAXNR];
            for (int64_t j = 0; j < w; j++) coff[j] = gemm_view_joff(b, n0 + j0 + j);
            for (int64_t k = 0; k < kc; k++) {
                int64_t roff = (k0 + k) * b->rs, j = 0;
                for (; j < w; j++) dst[j] = fetch(p, base, dt, roff + coff[j]);
                for (; j < nr; j++) dst[j] = 0.0f;
                dst += nr;
            }
        } else if (g->kind == GEMM_BSRC_IM2COL || g->kind == GEMM_BSRC_COL2IM) {
            conv_pos pos[PACK_B_MAXNR];
            for (int64_t j = 0; j < w; j++) decode_pos(g, g->out, g->out_total, n0 + j0 + j, &pos[j]);
            for (int64_t k = 0; k < kc; k++) {
                int64_t ci, t[3];
                decode_tap(g, k0 + k, &ci, t);
                int64_t j = 0;
                for (; j < w; j++) {
                    int64_t off = conv_src_off(g, &pos[j], ci, t);
                    dst[j] = off < 0 ? 0.0f : fetch(p, base, dt, off);
                }
                for (; j < nr; j++) dst[j] = 0.0f;
                dst += nr;
            }
        } else { /* GEMM_BSRC_IM2COL_T: k = (img, opos), n = (ci, tap) */
            int64_t ci[PACK_B_MAXNR], t[PACK_B_MAXNR][3];
            for (int64_t j = 0; j < w; j++) decode_tap(g, n0 + j0 + j, &ci[j], t[j]);
            for (int64_t k = 0; k < kc; k++) {
                conv_pos pos;
                decode_pos(g, g->out, g->out_total, k0 + k, &pos);
                int64_t j = 0;
                for (; j < w; j++) {
                    int64_t off = conv_src_off(g, &pos, ci[j], t[j]);
                    dst[j] = off < 0 ? 0.0f : fetch(p, base, dt, off);
                }
                for (; j < nr; j++) dst[j] = 0.0f;
                dst += nr;
            }
        }
    }
}
