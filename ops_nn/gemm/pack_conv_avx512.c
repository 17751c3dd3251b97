/* AVX-512 packer for the implicit-GEMM convolution source (forward im2col).
 *
 * For one micro-panel of 48 output positions, the source offset of every lane (without the
 * channel term) depends only on the kernel tap, so a "lane plan" is computed once per tap (in
 * vector registers) and reused for every input channel. Lanes whose offsets advance by the
 * innermost stride s form a segment: s = 1 is one masked load, s = 2 one (16-bit) or two (FP32)
 * masked loads of the 2x wider window and a permute that keeps the even elements. Padding lanes
 * stay zero and masked lanes never fault. Other strides: a gather (FP32) or lane by lane. */
#include <string.h>

#include "gemm_internal.h"
#include "simd_avx512.h"

#define MAX_TAPS 128
#define MAX_SEGS 4

typedef struct lane_plan {
    int32_t nseg;     /* -1: lane by lane (gather) */
    __mmask16 valid;
    __mmask32 seg_mask[MAX_SEGS]; /* s = 1: lanes; s = 2: elements of the 32-wide window */
    __mmask16 seg_lanes[MAX_SEGS];
    int64_t seg_off[MAX_SEGS];    /* source offset of element 0 of the segment's window */
    int32_t idx[16];              /* per-lane offsets (valid lanes), for the gather path */
} lane_plan;

/* Scatters the low bits of m to the even bit positions (bit l -> bit 2l). */
static inline uint32_t spread_even(uint32_t m)
{
    m &= 0xffffu;
    m = (m | (m << 8)) & 0x00ff00ffu;
    m = (m | (m << 4)) & 0x0f0f0f0fu;
    m = (m | (m << 2)) & 0x33333333u;
    m = (m | (m << 1)) & 0x55555555u;
    return m;
}

/* Builds the plans of the 3 lane groups of one tap. base[d][g]: oc*stride - pad per lane, ioff[g]:
 * image offset per lane, nlanes valid lanes in the panel. */
AVX512_TARGET static void plan_tap(const gemm_conv_geom *g, const int64_t *tc, const __m512i base[3][3],
                                   const __m512i ioff[3], int64_t nlanes, int64_t s, lane_plan *L3)
{
    const __m512i prev_idx = _mm512_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
    for (int grp = 0; grp < 3; grp++) {
        lane_plan *L = &L3[grp];
        int64_t left = nlanes - grp * 16;
        __mmask16 valid = mask16(left < 0 ? 0 : left);
        __m512i lin = _mm512_setzero_si512();
        for (int d = 0; d < g->nsp; d++) {
            __m512i ip = _mm512_add_epi32(base[d][grp], _mm512_set1_epi32((int32_t)(tc[d] * g->dil[d])));
            valid &= _mm512_cmpge_epi32_mask(ip, _mm512_setzero_si512()) &
                     _mm512_cmplt_epi32_mask(ip, _mm512_set1_epi32((int32_t)g->in[d]));
            lin = _mm512_add_epi32(_mm512_mullo_epi32(lin, _mm512_set1_epi32((int32_t)g->in[d])), ip);
        }
        __m512i off = _mm512_add_epi32(ioff[grp], lin);
        L->valid = valid;
        _mm512_storeu_si512(L->idx, _mm512_maskz_mov_epi32(valid, off));
        if (s > 2) {
            L->nseg = -1;
            continue;
        }
        __m512i prev = _mm512_add_epi32(_mm512_permutexvar_epi32(prev_idx, off), _mm512_set1_epi32((int32_t)s));
        uint32_t cont = (uint32_t)(_mm512_cmpeq_epi32_mask(off, prev) & valid & (__mmask16)(valid << 1)) & ~1u;
        uint32_t starts = valid & ~cont;
        int nseg = 0;
        while (starts) {
            if (nseg == MAX_SEGS) { nseg = -1; break; }
            int l0 = __builtin_ctz(starts);
            uint32_t after = ~(cont >> (l0 + 1));
            int len = 1 + (after ? __builtin_ctz(after) : 16);
            if (l0 + len > 16) len = 16 - l0;
            uint32_t lanes = ((1u << len) - 1u) << l0;
            L->seg_mask[nseg] = s == 1 ? lanes : spread_even(lanes);
            L->seg_lanes[nseg] = (__mmask16)lanes;
            L->seg_off[nseg] = (int64_t)L->idx[l0] - s * l0;
            nseg++;
            starts &= starts - 1;
        }
        L->nseg = nseg;
    }
}

/* 16 lanes of one group for one channel (cbase: the channel's source). */
AVX512_TARGET static inline __m512 load_group(const lane_plan *L, const char *cbase, int32_t dt, size_t es,
                                              int64_t s)
{
    const __m512i even16 = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    __m512 v = _mm512_setzero_ps();
    if (L->nseg < 0) {
        if (dt == GEMM_F32)
            return _mm512_mask_i32gather_ps(v, L->valid, _mm512_loadu_si512(L->idx), (const float *)cbase, 4);
        float t[16];
        for (int l = 0; l < 16; l++) t[l] = (L->valid >> l & 1) ? gemm_load_f32(cbase, dt, L->idx[l]) : 0.0f;
        return _mm512_loadu_ps(t);
    }
    if (s == 1) {
        for (int i = 0; i < L->nseg; i++) {
            __mmask16 m = (__mmask16)L->seg_mask[i];
            v = _mm512_mask_mov_ps(v, m, v16_load(cbase + L->seg_off[i] * (int64_t)es, dt, m));
        }
        return v;
    }
    /* s == 2: even elements of a 32-element window */
    for (int i = 0; i < L->nseg; i++) {
        __mmask32 m = L->seg_mask[i];
        const char *src = cbase + L->seg_off[i] * (int64_t)es;
        __m512 w;
        if (dt == GEMM_F32) {
            __m512 lo = _mm512_maskz_loadu_ps((__mmask16)m, src), hi = _mm512_maskz_loadu_ps((__mmask16)(m >> 16), src + 64);
            w = _mm512_permutex2var_ps(lo, even16, hi);
        } else {
            __m512i h = _mm512_maskz_loadu_epi16(m, src);
            __m256i e = _mm512_cvtepi32_epi16(h); /* low halves of each 32-bit pair = even elements */
            w = dt == GEMM_F16 ? _mm512_cvtph_ps(e)
                               : _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(e), 16));
        }
        v = _mm512_mask_mov_ps(v, L->seg_lanes[i], w);
    }
    return v;
}

AVX512_TARGET int gemm_pack_conv_b_avx512(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                        float *dst)
{
    const gemm_conv_geom *g = &p->d.conv;
    int32_t dt = p->d.b.dtype;
    size_t es = gemm_dtype_size(dt);
    if (g->kind != GEMM_BSRC_IM2COL || g->k_total > MAX_TAPS) return 0;
    int64_t span = (g->nimg - 1) * g->img_stride + g->in_total;
    if (span > INT32_MAX / 2) return 0;
    for (int d = 0; d < g->nsp; d++)
        if (g->in[d] + g->pad[d] + g->ksz[d] * g->dil[d] > INT32_MAX / 4 || g->out[d] * g->stride[d] > INT32_MAX / 4) return 0;
    if (g->nsp == 1 && g->ksz[0] == 1 && g->stride[0] == 1 && g->pad[0] == 0 && g->in[0] == g->out[0] &&
        n0 / g->out_total == (n0 + nc - 1) / g->out_total) {
        /* Pointwise conv, columns in one image: B is a dense matrix with rows (channels) ch_stride
         * apart; copy it row by row like a dense operand. */
        int64_t img = n0 / g->out_total, pos = n0 % g->out_total;
        const char *src = base + (img * g->img_stride + (k0 / g->k_total) * g->ch_stride + pos) * (int64_t)es;
        gemm_pack_b_rows_avx512(p, dt, src, g->ch_stride, kc, nc, dst);
        return 1;
    }
    int64_t s = g->stride[g->nsp - 1];
    int plain = dt == GEMM_F32 && p->d.math == GEMM_MATH_KEEP;

    static __thread lane_plan lp[MAX_TAPS][3];
    /* Output coordinates of the first column, advanced incrementally across the panel. */
    int64_t n = n0, img = n / g->out_total, oc[3] = {0, 0, 0};
    {
        int64_t r = n % g->out_total;
        for (int d = g->nsp - 1; d >= 0; d--) {
            oc[d] = r % g->out[d];
            r /= g->out[d];
        }
    }
    int64_t ci0 = k0 / g->k_total, t0 = k0 % g->k_total;
    for (int64_t j0 = 0; j0 < nc; j0 += 48) {
        int64_t w = nc - j0 < 48 ? nc - j0 : 48;
        int32_t bl[3][48], io[48];
        for (int64_t j = 0; j < 48; j++) {
            for (int d = 0; d < 3; d++) bl[d][j] = d < g->nsp ? (int32_t)(oc[d] * g->stride[d] - g->pad[d]) : 0;
            io[j] = (int32_t)(img * g->img_stride);
            if (j < w) { /* next column */
                for (int d = g->nsp - 1; d >= 0; d--) {
                    if (++oc[d] < g->out[d]) break;
                    oc[d] = 0;
                    if (d == 0) img++;
                }
            }
        }
        __m512i base_v[3][3], ioff_v[3];
        for (int grp = 0; grp < 3; grp++) {
            for (int d = 0; d < 3; d++) base_v[d][grp] = _mm512_loadu_si512(&bl[d][grp * 16]);
            ioff_v[grp] = _mm512_loadu_si512(&io[grp * 16]);
        }
        for (int64_t t = 0; t < g->k_total; t++) { /* the plans of every tap */
            int64_t tc[3], r = t;
            for (int d = g->nsp - 1; d >= 0; d--) {
                tc[d] = r % g->ksz[d];
                r /= g->ksz[d];
            }
            plan_tap(g, tc, base_v, ioff_v, w, s, lp[t]);
        }
        int64_t ci = ci0, t = t0;
        const char *cbase = base + ci * g->ch_stride * es;
        for (int64_t k = 0; k < kc; k++) {
            const lane_plan *L = lp[t];
            for (int grp = 0; grp < 3; grp++) {
                __m512 v = load_group(&L[grp], cbase, dt, es, s);
                _mm512_store_ps(dst + grp * 16, plain ? v : v16_math(p, dt, v));
            }
            dst += 48;
            if (++t == g->k_total) {
                t = 0;
                ci++;
                cbase += g->ch_stride * es;
            }
        }
    }
    return 1;
}
