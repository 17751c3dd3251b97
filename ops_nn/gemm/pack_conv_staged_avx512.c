/* The implicit-GEMM convolution source through a staged input band on AVX-512 (2-D forward
 * im2col, W stride 1 or 2, columns of one image). The driver stages a chunk, reads the panels
 * whose lane groups each lie on one output row in place (microkernel with per-k row pointers) and
 * packs the others with gemm_conv_stage_pack_panel.
 *
 * The input rows a chunk of output positions reads are first copied into scratch ("staged") with
 * the padding written as zeros and, for stride 2, the even and odd columns split into two phases:
 *   stage[ci][r][q][u] = x[img, ci, ih_lo + r, u*sw + q - pad_w]   (0 outside the input).
 * Then tap (th, tw) of output (oh, ow) is stage[ci][(oh-oh_lo)*sh + th*dh][(tw*dw) % sw][ow + (tw*dw)/sw]:
 * for a fixed tap, consecutive ow are consecutive floats. A panel's lanes therefore split into
 * the same few contiguous segments (one per output row it touches) for every tap and channel, and
 * each row of B is 1-2 masked loads per 16 lanes, with no per-tap lane plans and no
 * bounds checks. This matters most when there are few input channels per tap (the 7x7/2 stem:
 * 3 channels), where per-tap plans cannot be amortised. */
#include <string.h>

#include "gemm_internal.h"
#include "simd_avx512.h"

#define MAX_SEGS 16

typedef struct seg_set {
    int n;
    __mmask16 mask[MAX_SEGS];
    int64_t off[MAX_SEGS]; /* stage offset of lane 0 of the group (lane l reads off + l) */
} seg_set;

/* Stages rows [ih_lo, ih_lo + R) of channels [ci0, ci1] of one image. */
AVX512_TARGET static void stage_band(const gemm_plan *p, const char *img_base, int64_t ci0, int64_t ci1, int64_t ih_lo,
                                     int64_t R, int64_t U, int64_t Up, float *stage)
{
    const gemm_conv_geom *g = &p->d.conv;
    int32_t dt = p->d.b.dtype;
    size_t es = gemm_dtype_size(dt);
    int64_t H = g->in[0], W = g->in[1], sw = g->stride[1], pw = g->pad[1];
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    int plain = dt == GEMM_F32 && p->d.math == GEMM_MATH_KEEP;
    for (int64_t ci = ci0; ci <= ci1; ci++) {
        const char *cb = img_base + ci * g->ch_stride * (int64_t)es;
        for (int64_t r = 0; r < R; r++) {
            float *row = stage + ((ci - ci0) * R + r) * sw * Up;
            int64_t ih = ih_lo + r;
            if (ih < 0 || ih >= H) {
                memset(row, 0, sizeof(float) * (size_t)(sw * Up));
                continue;
            }
            const char *src = cb + ih * W * (int64_t)es;
            for (int64_t u0 = 0; u0 < U; u0 += 16) {
                int64_t b = u0 * sw - pw; /* input column of window element 0 */
                /* lanes of the window [b, b + 16) inside [0, W) */
                int64_t lo = b < 0 ? -b : 0, hi = W - b;
                __mmask16 m0 = (__mmask16)(mask16(hi > 16 ? 16 : hi < 0 ? 0 : hi) & ~mask16(lo > 16 ? 16 : lo));
                __m512 v0 = v16_load(src + b * (int64_t)es, dt, m0);
                if (!plain) v0 = v16_math(p, dt, v0);
                if (sw == 1) {
                    _mm512_store_ps(row + u0, v0);
                    continue;
                }
                int64_t lo1 = lo - 16, hi1 = hi - 16;
                __mmask16 m1 = (__mmask16)(mask16(hi1 > 16 ? 16 : hi1 < 0 ? 0 : hi1) & ~mask16(lo1 > 16 ? 16 : lo1 < 0 ? 0 : lo1));
                __m512 v1 = v16_load(src + (b + 16) * (int64_t)es, dt, m1);
                if (!plain) v1 = v16_math(p, dt, v1);
                _mm512_store_ps(row + u0, _mm512_permutex2var_ps(v0, even, v1));
                _mm512_store_ps(row + Up + u0, _mm512_permutex2var_ps(v0, odd, v1));
            }
        }
    }
}

/* Lane groups of the 48-column panel at chunk column j0: runs of lanes on one output row. */
static void panel_segments(const gemm_conv_stage *sg, int64_t j0, seg_set S[3])
{
    int64_t Wo = sg->wo, sh = sg->sh, RS = sg->rs, nc = sg->nc, pos0 = sg->pos0;
    for (int grp = 0; grp < 3; grp++) {
        S[grp].n = 0;
        int64_t l = 0, jb = j0 + grp * 16;
        while (l < 16 && jb + l < nc) {
            int64_t pp = pos0 + jb + l, oh = pp / Wo, ow = pp % Wo;
            int64_t len = Wo - ow, left = nc - (jb + l);
            if (len > 16 - l) len = 16 - l;
            if (len > left) len = left;
            S[grp].mask[S[grp].n] = (__mmask16)(((1u << len) - 1u) << l);
            S[grp].off[S[grp].n] = (oh - sg->oh_lo) * sh * RS + ow - l;
            S[grp].n++;
            l += len;
        }
    }
}

AVX512_TARGET int gemm_conv_stage_chunk(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0,
                                        int64_t kc, float *stage, gemm_conv_stage *sg)
{
    const gemm_conv_geom *g = &p->d.conv;
    if (!stage || g->kind != GEMM_BSRC_IM2COL || g->nsp != 2 || g->stride[1] > 2 || kc > GEMM_KC_MAX) return 0;
    int64_t P = g->out_total, img = n0 / P;
    if (img != (n0 + nc - 1) / P) return 0; /* columns of one image only */
    int64_t Wo = g->out[1], sh = g->stride[0], sw = g->stride[1], dh = g->dil[0], dw = g->dil[1];
    int64_t kh = g->ksz[0], kw = g->ksz[1];
    int64_t pos0 = n0 % P, oh_lo = pos0 / Wo, oh_hi = (pos0 + nc - 1) / Wo;
    int64_t R = (oh_hi - oh_lo) * sh + (kh - 1) * dh + 1;
    int64_t U = Wo + ((kw - 1) * dw) / sw, Up = (U + 15) / 16 * 16, RS = sw * Up;
    int64_t ci0 = k0 / g->k_total, ci1 = (k0 + kc - 1) / g->k_total;
    if ((ci1 - ci0 + 1) * R * RS > GEMM_STAGE_FLOATS || g->k_total > GEMM_STAGE_MAX_TAPS) return 0;
    size_t es = gemm_dtype_size(p->d.b.dtype);
    stage_band(p, base + img * g->img_stride * (int64_t)es, ci0, ci1, oh_lo * sh - g->pad[0], R, U, Up, stage);
    sg->wo = Wo;
    sg->sh = sh;
    sg->rs = RS;
    sg->nc = nc;
    sg->pos0 = pos0;
    sg->oh_lo = oh_lo;
    /* the stage row of each k: channel ci's block, then the tap's row/phase/shift */
    int64_t ch_sz = R * RS, ci = k0 / g->k_total, t = k0 % g->k_total;
    for (int64_t k = 0; k < kc; k++) {
        int64_t th = t / kw, tw = t % kw;
        sg->kptr[k] = stage + (ci - ci0) * ch_sz + th * dh * RS + ((tw * dw) % sw) * Up + (tw * dw) / sw;
        if (++t == g->k_total) {
            t = 0;
            ci++;
        }
    }
    return 1;
}

int gemm_conv_stage_panel_plain(const gemm_conv_stage *sg, int64_t j0, int64_t off[3])
{
    seg_set S[3];
    panel_segments(sg, j0, S);
    for (int grp = 0; grp < 3; grp++) {
        if (S[grp].n != 1 || S[grp].mask[0] != 0xffff) return 0;
        off[grp] = S[grp].off[0];
    }
    return 1;
}

AVX512_TARGET void gemm_conv_stage_pack_panel(const gemm_conv_stage *sg, int64_t j0, int64_t kc, float *d)
{
    seg_set S[3];
    panel_segments(sg, j0, S);
    for (int64_t k = 0; k < kc; k++, d += 48) {
        const float *tb = sg->kptr[k];
        for (int grp = 0; grp < 3; grp++) {
            __m512 v = _mm512_setzero_ps();
            for (int i = 0; i < S[grp].n; i++) v = _mm512_mask_loadu_ps(v, S[grp].mask[i], tb + S[grp].off[i]);
            _mm512_store_ps(d + grp * 16, v);
        }
    }
}
