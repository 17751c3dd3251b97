/* GEMM_BSRC_WQ: B panels dequantised from an INT8 / INT4 weight while packing (no FP32 copy of
 * the weight in memory). The values are those of the WeightAntiquant kernel (gemm.h): FP16 x: the
 * offset add and the scale multiply each rounded to FP16 (F16C: RNE); BF16 x: FP32 math rounded
 * once to BF16 (RNE, NaN quieted). AVX-512 (nr 48): (k, n) INT8 rows as masked byte loads, (n, k)
 * INT8 columns as 16 k x 16 columns transposed in registers; AVX2 + F16C (nr 16): (k, n) INT8
 * rows; everything else (INT4, other strides) element by element. */
#include <immintrin.h>
#include <string.h>

#include "gemm_internal.h"
#include "numerics.h"
#include "simd_avx512.h"

#define AVX2_TARGET __attribute__((target("avx2,fma,f16c")))

static inline int64_t wq_row(const gemm_wq_src *w, int64_t k)
{
    int64_t r = w->group ? k / w->group : 0;
    return r < w->prows ? r : w->prows - 1;
}

static inline float wq_param(const gemm_view *v, int64_t r, int64_t c)
{
    return gemm_load_f32(v->ptr, v->dtype, r * v->rs + c * v->cs);
}

static inline int32_t wq_elem(const gemm_plan *p, const char *base, int64_t k, int64_t n)
{
    const gemm_view *b = &p->d.b;
    int64_t e = p->d.wq.woff + k * b->rs + n * b->cs;
    if (p->d.wq.wbits == 8) return ((const int8_t *)base)[e];
    uint8_t byte = ((const uint8_t *)base)[e >> 1];
    int32_t v = (e & 1) ? (byte >> 4) : (byte & 0xf);
    return v >= 8 ? v - 16 : v;
}

static inline float wq_deq(int32_t rnd, float w, int has_off, float of, float sc)
{
    if (rnd == GEMM_F16) {
        if (has_off) w = gemm_round_fp16(w + of);
        return gemm_round_fp16(w * sc);
    }
    if (has_off) w = w + of;
    return gemm_bf16_to_f32(gemm_f32_to_bf16(w * sc));
}

static void pack_wq_scalar(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                           float *dst)
{
    const gemm_wq_src *w = &p->d.wq;
    const int has_off = w->offset.ptr != NULL;
    int64_t nr = p->nr;
    for (int64_t j0 = 0; j0 < nc; j0 += nr) {
        int64_t cols = nc - j0 < nr ? nc - j0 : nr;
        for (int64_t k = 0; k < kc; k++) {
            int64_t r = wq_row(w, k0 + k), j = 0;
            for (; j < cols; j++) {
                int64_t n = n0 + j0 + j;
                float of = has_off ? wq_param(&w->offset, r, n) : 0.0f;
                dst[j] = wq_deq(w->round, (float)wq_elem(p, base, k0 + k, n), has_off, of, wq_param(&w->scale, r, n));
            }
            for (; j < nr; j++) dst[j] = 0.0f;
            dst += nr;
        }
    }
}

/* Per-column parameters of one panel at parameter row r (zero beyond the panel's columns: the
 * padded lanes then come out +0, as the portable packer writes them). */
static void wq_panel_params(const gemm_wq_src *w, int64_t r, int64_t n, int64_t cols, int64_t width, float *sc,
                            float *of)
{
    for (int64_t j = 0; j < width; j++) {
        sc[j] = j < cols ? wq_param(&w->scale, r, n + j) : 0.0f;
        of[j] = j < cols && w->offset.ptr ? wq_param(&w->offset, r, n + j) : 0.0f;
    }
}

/* ---- AVX-512 ---- */

AVX512_TARGET static inline __m512 v16_bf16_round(__m512 x)
{
    __m512i u = _mm512_castps_si512(x);
    __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    __m512i r = _mm512_add_epi32(u, _mm512_add_epi32(_mm512_set1_epi32(0x7fff), lsb));
    __mmask16 nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
    r = _mm512_mask_or_epi32(r, nan, u, _mm512_set1_epi32(0x400000));
    return _mm512_castsi512_ps(_mm512_and_si512(r, _mm512_set1_epi32((int)0xffff0000u)));
}

AVX512_TARGET static inline __m512 v16_deq(int f16, int has_off, __m512 v, __m512 of, __m512 sc)
{
    if (f16) {
        if (has_off) v = v16_fp16_round(_mm512_add_ps(v, of));
        return v16_fp16_round(_mm512_mul_ps(v, sc));
    }
    if (has_off) v = _mm512_add_ps(v, of);
    return v16_bf16_round(_mm512_mul_ps(v, sc));
}

AVX512_TARGET static inline __m512 v16_i8(const int8_t *src, __mmask16 m)
{
    return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(m, src)));
}

static inline __mmask16 wq_mask16(int64_t n) { return n <= 0 ? (__mmask16)0 : mask16(n); }

/* (k, n) INT8 rows: per k, 48 columns as three masked 16-byte loads. */
AVX512_TARGET static void pack_wq_rows_avx512(const gemm_plan *p, const char *base, int64_t n0, int64_t nc,
                                              int64_t k0, int64_t kc, float *dst)
{
    const gemm_wq_src *w = &p->d.wq;
    const int has_off = w->offset.ptr != NULL, f16 = w->round == GEMM_F16;
    const int64_t rs = p->d.b.rs;
    float sc[48], of[48];
    for (int64_t j0 = 0; j0 < nc; j0 += 48) {
        int64_t cols = nc - j0 < 48 ? nc - j0 : 48, loaded = -1;
        __mmask16 m[3] = {wq_mask16(cols), wq_mask16(cols - 16), wq_mask16(cols - 32)};
        __m512 vs[3] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()}, vo[3] = {vs[0], vs[1], vs[2]};
        const int8_t *src = (const int8_t *)base + w->woff + k0 * rs + n0 + j0;
        for (int64_t k = 0; k < kc; k++, src += rs, dst += 48) {
            int64_t r = wq_row(w, k0 + k);
            if (r != loaded) {
                wq_panel_params(w, r, n0 + j0, cols, 48, sc, of);
                for (int g = 0; g < 3; g++) {
                    vs[g] = _mm512_loadu_ps(sc + 16 * g);
                    vo[g] = _mm512_loadu_ps(of + 16 * g);
                }
                loaded = r;
            }
            _mm_prefetch((const char *)(src + 8 * rs), _MM_HINT_T0);
            for (int g = 0; g < 3; g++)
                _mm512_store_ps(dst + 16 * g, v16_deq(f16, has_off, v16_i8(src + 16 * g, m[g]), vo[g], vs[g]));
        }
    }
}

/* (n, k) INT8 columns (k contiguous): 16 k of 16 columns, dequantised, transposed in registers. */
AVX512_TARGET static void pack_wq_cols_avx512(const gemm_plan *p, const char *base, int64_t n0, int64_t nc,
                                              int64_t k0, int64_t kc, float *dst)
{
    const gemm_wq_src *w = &p->d.wq;
    const int has_off = w->offset.ptr != NULL, f16 = w->round == GEMM_F16;
    const int64_t cs = p->d.b.cs;
    const int one_row = wq_row(w, k0) == wq_row(w, k0 + kc - 1); /* the chunk lies in one parameter row */
    float sc[48], of[48], lsc[16], lof[16];
    for (int64_t j0 = 0; j0 < nc; j0 += 48) {
        int64_t cols = nc - j0 < 48 ? nc - j0 : 48;
        if (one_row) wq_panel_params(w, wq_row(w, k0), n0 + j0, cols, 48, sc, of);
        for (int g = 0; g < 3; g++) {
            int64_t c0 = 16 * g, wg = cols - c0;
            for (int64_t kb = 0; kb < kc; kb += 16) {
                int64_t kn = kc - kb < 16 ? kc - kb : 16;
                __mmask16 km = mask16(kn);
                int64_t r0 = wq_row(w, k0 + kb), r1 = wq_row(w, k0 + kb + kn - 1);
                __m512 r[16];
                for (int64_t c = 0; c < 16; c++) {
                    if (c >= wg) {
                        r[c] = _mm512_setzero_ps();
                        continue;
                    }
                    int64_t n = n0 + j0 + c0 + c;
                    const int8_t *src = (const int8_t *)base + w->woff + n * cs + k0 + kb;
                    if (!(kb & 63)) _mm_prefetch((const char *)(src + 256), _MM_HINT_T0);
                    __m512 vs, vo;
                    if (one_row) {
                        vs = _mm512_set1_ps(sc[c0 + c]);
                        vo = _mm512_set1_ps(of[c0 + c]);
                    } else if (r0 == r1) {
                        vs = _mm512_set1_ps(wq_param(&w->scale, r0, n));
                        vo = _mm512_set1_ps(has_off ? wq_param(&w->offset, r0, n) : 0.0f);
                    } else { /* a group boundary inside these 16 k */
                        for (int64_t l = 0; l < 16; l++) {
                            int64_t rl = wq_row(w, k0 + kb + (l < kn ? l : kn - 1));
                            lsc[l] = wq_param(&w->scale, rl, n);
                            lof[l] = has_off ? wq_param(&w->offset, rl, n) : 0.0f;
                        }
                        vs = _mm512_loadu_ps(lsc);
                        vo = _mm512_loadu_ps(lof);
                    }
                    r[c] = v16_deq(f16, has_off, v16_i8(src, km), vo, vs);
                }
                tr16x16(r);
                for (int64_t kk = 0; kk < kn; kk++) _mm512_store_ps(dst + (kb + kk) * 48 + c0, r[kk]);
            }
        }
        dst += kc * 48;
    }
}

/* ---- AVX2 + F16C ---- */

AVX2_TARGET static inline __m256 v8_deq(int f16, int has_off, __m256 v, __m256 of, __m256 sc)
{
    if (f16) {
        if (has_off) v = _mm256_cvtph_ps(_mm256_cvtps_ph(_mm256_add_ps(v, of), _MM_FROUND_TO_NEAREST_INT));
        return _mm256_cvtph_ps(_mm256_cvtps_ph(_mm256_mul_ps(v, sc), _MM_FROUND_TO_NEAREST_INT));
    }
    if (has_off) v = _mm256_add_ps(v, of);
    v = _mm256_mul_ps(v, sc);
    __m256i u = _mm256_castps_si256(v);
    __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
    __m256i rn = _mm256_add_epi32(u, _mm256_add_epi32(_mm256_set1_epi32(0x7fff), lsb));
    __m256i qn = _mm256_or_si256(u, _mm256_set1_epi32(0x400000));
    __m256 nan = _mm256_cmp_ps(v, v, _CMP_UNORD_Q);
    __m256i r = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(rn), _mm256_castsi256_ps(qn), nan));
    return _mm256_castsi256_ps(_mm256_and_si256(r, _mm256_set1_epi32((int)0xffff0000u)));
}

AVX2_TARGET static void pack_wq_rows_avx2(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0,
                                          int64_t kc, float *dst)
{
    const gemm_wq_src *w = &p->d.wq;
    const int has_off = w->offset.ptr != NULL, f16 = w->round == GEMM_F16;
    const int64_t rs = p->d.b.rs;
    float sc[16], of[16];
    for (int64_t j0 = 0; j0 < nc; j0 += 16) {
        int64_t cols = nc - j0 < 16 ? nc - j0 : 16, loaded = -1;
        __m256 vs[2] = {_mm256_setzero_ps(), _mm256_setzero_ps()}, vo[2] = {vs[0], vs[1]};
        const int8_t *src = (const int8_t *)base + w->woff + k0 * rs + n0 + j0;
        for (int64_t k = 0; k < kc; k++, src += rs, dst += 16) {
            int64_t r = wq_row(w, k0 + k);
            if (r != loaded) {
                wq_panel_params(w, r, n0 + j0, cols, 16, sc, of);
                for (int g = 0; g < 2; g++) {
                    vs[g] = _mm256_loadu_ps(sc + 8 * g);
                    vo[g] = _mm256_loadu_ps(of + 8 * g);
                }
                loaded = r;
            }
            __m128i b8;
            if (cols == 16) {
                b8 = _mm_loadu_si128((const __m128i *)(const void *)src);
            } else {
                int8_t tmp[16] = {0};
                memcpy(tmp, src, (size_t)cols);
                b8 = _mm_loadu_si128((const __m128i *)(const void *)tmp);
            }
            _mm_prefetch((const char *)(src + 8 * rs), _MM_HINT_T0);
            __m256 lo = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(b8));
            __m256 hi = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_srli_si128(b8, 8)));
            _mm256_storeu_ps(dst, v8_deq(f16, has_off, lo, vo[0], vs[0]));
            _mm256_storeu_ps(dst + 8, v8_deq(f16, has_off, hi, vo[1], vs[1]));
        }
    }
}

/* (n, k) INT8 columns on AVX2: each column's k run dequantised 8 at a time into a staging row,
 * then spread into the panel. */
AVX2_TARGET static void pack_wq_cols_avx2(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0,
                                          int64_t kc, float *dst)
{
    const gemm_wq_src *w = &p->d.wq;
    const int has_off = w->offset.ptr != NULL, f16 = w->round == GEMM_F16;
    const int64_t cs = p->d.b.cs;
    float run[GEMM_KC_MAX + 8], lsc[8], lof[8];
    for (int64_t j0 = 0; j0 < nc; j0 += 16) {
        int64_t cols = nc - j0 < 16 ? nc - j0 : 16;
        for (int64_t c = 0; c < 16; c++) {
            if (c >= cols) {
                for (int64_t k = 0; k < kc; k++) dst[k * 16 + c] = 0.0f;
                continue;
            }
            int64_t n = n0 + j0 + c;
            const int8_t *src = (const int8_t *)base + w->woff + n * cs + k0;
            for (int64_t kb = 0; kb < kc; kb += 8) {
                int64_t kn = kc - kb < 8 ? kc - kb : 8;
                int8_t tmp[16] = {0};
                memcpy(tmp, src + kb, (size_t)kn);
                for (int64_t l = 0; l < 8; l++) {
                    int64_t rl = wq_row(w, k0 + kb + (l < kn ? l : kn - 1));
                    lsc[l] = wq_param(&w->scale, rl, n);
                    lof[l] = has_off ? wq_param(&w->offset, rl, n) : 0.0f;
                }
                __m256 v = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)tmp)));
                _mm256_storeu_ps(run + kb, v8_deq(f16, has_off, v, _mm256_loadu_ps(lof), _mm256_loadu_ps(lsc)));
            }
            for (int64_t k = 0; k < kc; k++) dst[k * 16 + c] = run[k];
        }
        dst += kc * 16;
    }
}

void gemm_pack_b_wq(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                    float *dst)
{
    const gemm_view *b = &p->d.b;
    const int i8 = p->d.wq.wbits == 8;
    if (p->isa == GEMM_ISA_AVX512 && p->nr == 48 && i8) {
        if (b->cs == 1) {
            pack_wq_rows_avx512(p, base, n0, nc, k0, kc, dst);
            return;
        }
        if (b->rs == 1) {
            pack_wq_cols_avx512(p, base, n0, nc, k0, kc, dst);
            return;
        }
    }
    if (p->isa >= GEMM_ISA_AVX2 && p->nr == 16 && i8 && kc <= GEMM_KC_MAX) {
        if (b->cs == 1) {
            pack_wq_rows_avx2(p, base, n0, nc, k0, kc, dst);
            return;
        }
        if (b->rs == 1) {
            pack_wq_cols_avx2(p, base, n0, nc, k0, kc, dst);
            return;
        }
    }
    pack_wq_scalar(p, base, n0, nc, k0, kc, dst);
}
