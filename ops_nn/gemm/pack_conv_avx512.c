/* AVX-512 packer for the implicit-GEMM convolution source (forward im2col).
 *
 * For one micro-panel of 48 output positions, the source offset of every lane (without the
 * channel term) depends only on the kernel tap, so it is computed once per tap and reused for
 * every input channel: lanes whose offsets are consecutive form a segment read by one masked load
 * (padding lanes stay zero, masked lanes never fault); strided taps use a masked gather. */
#include <string.h>

#include "gemm_internal.h"
#include "simd_avx512.h"

#define MAX_TAPS 128
#define MAX_SEGS 4

typedef struct lane_plan {
    int32_t nseg; /* -1: use the gather */
    __mmask16 valid;
    __mmask16 seg_mask[MAX_SEGS];
    int64_t seg_off[MAX_SEGS]; /* source offset of lane 0 of the segment's pointer */
    int32_t idx[16];           /* gather offsets (valid lanes) */
} lane_plan;

AVX512_TARGET int gemm_pack_conv_b_avx512(const gemm_plan *p, const char *base, int64_t n0, int64_t nc,
                                          int64_t k0, int64_t kc, float *dst)
{
    const gemm_conv_geom *g = &p->d.conv;
    int32_t dt = p->d.b.dtype;
    size_t es = gemm_dtype_size(dt);
    if (g->kind != GEMM_BSRC_IM2COL || g->k_total > MAX_TAPS) return 0;
    int64_t span = (g->nimg - 1) * g->img_stride + g->in_total;
    if (span > INT32_MAX / 2) return 0;

    static __thread lane_plan lp[MAX_TAPS][3];
    for (int64_t j0 = 0; j0 < nc; j0 += 48) {
        int64_t w = nc - j0 < 48 ? nc - j0 : 48;
        /* Decode the panel's output positions. */
        int64_t img[48], oc[48][3];
        for (int64_t j = 0; j < w; j++) {
            int64_t n = n0 + j0 + j, r = n % g->out_total;
            img[j] = n / g->out_total;
            for (int d = g->nsp - 1; d >= 0; d--) {
                oc[j][d] = r % g->out[d];
                r /= g->out[d];
            }
        }
        int need_gather_16bit = 0;
        for (int64_t t = 0; t < g->k_total; t++) {
            int64_t tc[3], r = t;
            for (int d = g->nsp - 1; d >= 0; d--) {
                tc[d] = r % g->ksz[d];
                r /= g->ksz[d];
            }
            for (int grp = 0; grp < 3; grp++) {
                lane_plan *L = &lp[t][grp];
                int64_t off[16];
                L->valid = 0;
                for (int l = 0; l < 16; l++) {
                    int64_t j = grp * 16 + l;
                    off[l] = -1;
                    if (j >= w) continue;
                    int64_t lin = 0, ok = 1;
                    for (int d = 0; d < g->nsp; d++) {
                        int64_t ip = oc[j][d] * g->stride[d] - g->pad[d] + tc[d] * g->dil[d];
                        if (ip < 0 || ip >= g->in[d]) { ok = 0; break; }
                        lin = lin * g->in[d] + ip;
                    }
                    if (!ok) continue;
                    off[l] = img[j] * g->img_stride + lin;
                    L->valid |= (__mmask16)(1u << l);
                    L->idx[l] = (int32_t)off[l];
                }
                for (int l = 0; l < 16; l++)
                    if (!(L->valid >> l & 1)) L->idx[l] = 0;
                int nseg = 0;
                for (int l = 0; l < 16 && nseg >= 0;) {
                    if (off[l] < 0) { l++; continue; }
                    int s = l;
                    while (l + 1 < 16 && off[l + 1] == off[l] + 1) l++;
                    if (nseg == MAX_SEGS) { nseg = -1; break; }
                    L->seg_mask[nseg] = (__mmask16)(((1u << (l - s + 1)) - 1u) << s);
                    L->seg_off[nseg] = off[s] - s;
                    nseg++;
                    l++;
                }
                L->nseg = nseg;
                if (nseg < 0 && dt != GEMM_F32) need_gather_16bit = 1;
            }
        }
        if (need_gather_16bit) { /* no 16-bit gather: this panel goes the portable way */
            gemm_pack_b(p, base, n0 + j0, w, k0, kc, dst);
            dst += kc * 48;
            continue;
        }
        for (int64_t k = 0; k < kc; k++) {
            int64_t ci = (k0 + k) / g->k_total, t = (k0 + k) % g->k_total;
            const char *cbase = base + ci * g->ch_stride * es;
            for (int grp = 0; grp < 3; grp++) {
                const lane_plan *L = &lp[t][grp];
                __m512 v = _mm512_setzero_ps();
                if (L->nseg < 0) {
                    __m512i idx = _mm512_loadu_si512(L->idx);
                    v = _mm512_mask_i32gather_ps(v, L->valid, idx, (const float *)cbase, 4);
                } else {
                    for (int s = 0; s < L->nseg; s++)
                        v = _mm512_mask_mov_ps(v, L->seg_mask[s],
                                               v16_load(cbase + L->seg_off[s] * (int64_t)es, dt, L->seg_mask[s]));
                }
                _mm512_store_ps(dst + grp * 16, v16_math(p, dt, v));
            }
            dst += 48;
        }
    }
    return 1;
}
