/* AVX-512 packers for dense operands: contiguous rows are copied as vectors, operands contiguous
 * along K are transposed in registers (8x8 for A panels, 16x16 for B panels). Conversion from
 * FP16/BF16 and the HF32/FP16 math roundings are applied on the way. */
#include <string.h>

#include "gemm_internal.h"
#include "simd_avx512.h"

AVX512_TARGET static inline void tr8x8(__m256 r[8])
{
    __m256 t[8], s[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    for (int g = 0; g < 2; g++) {
        s[4 * g + 0] = _mm256_shuffle_ps(t[4 * g], t[4 * g + 2], 0x44);
        s[4 * g + 1] = _mm256_shuffle_ps(t[4 * g], t[4 * g + 2], 0xEE);
        s[4 * g + 2] = _mm256_shuffle_ps(t[4 * g + 1], t[4 * g + 3], 0x44);
        s[4 * g + 3] = _mm256_shuffle_ps(t[4 * g + 1], t[4 * g + 3], 0xEE);
    }
    for (int j = 0; j < 4; j++) {
        r[j] = _mm256_permute2f128_ps(s[j], s[4 + j], 0x20);
        r[4 + j] = _mm256_permute2f128_ps(s[j], s[4 + j], 0x31);
    }
}

AVX512_TARGET int gemm_pack_a_avx512(const gemm_plan *p, const char *base, int64_t m0, int64_t mc, int64_t k0,
                                     int64_t kc, float *dst)
{
    const gemm_view *a = &p->d.a;
    int32_t dt = a->dtype;
    size_t es = gemm_dtype_size(dt);
    if (p->mr != 8 || a->jsplit > 0) return 0;
    if (a->rs == 1) { /* M contiguous: one masked 8-lane load per k */
        for (int64_t i = 0; i < mc; i += 8) {
            __mmask8 m = mask8(mc - i);
            const char *src = base + ((m0 + i) + (k0 * a->cs)) * es;
            for (int64_t k = 0; k < kc; k++) {
                _mm256_store_ps(dst, v8_math(p, dt, v8_load(src, dt, m)));
                src += a->cs * es;
                dst += 8;
            }
        }
        return 1;
    }
    if (a->cs == 1) { /* K contiguous: 8 rows x 8 k transposed in registers */
        int32_t math = p->d.math;
        int conv = dt != GEMM_F32 || math != GEMM_MATH_KEEP;
        for (int64_t i = 0; i < mc; i += 8) {
            int64_t w = mc - i < 8 ? mc - i : 8;
            const char *row0 = base + ((m0 + i) * a->rs + k0) * es;
            int64_t k = 0;
            if (w == 8) /* full panels, 8 k at a time: unmasked loads, no branches */
                for (; k + 8 <= kc; k += 8) {
                    __m256 r[8];
                    const char *src = row0 + k * es;
                    if (!conv)
                        for (int j = 0; j < 8; j++) r[j] = _mm256_loadu_ps((const float *)(src + j * a->rs * 4));
                    else
                        for (int j = 0; j < 8; j++) r[j] = v8_math(p, dt, v8_load(src + j * a->rs * es, dt, 0xff));
                    tr8x8(r);
                    for (int j = 0; j < 8; j++) _mm256_store_ps(dst + (k + j) * 8, r[j]);
                }
            for (; k < kc; k += 8) {
                int64_t kn = kc - k < 8 ? kc - k : 8;
                __mmask8 km = mask8(kn);
                __m256 r[8];
                for (int64_t j = 0; j < 8; j++)
                    r[j] = j < w ? v8_math(p, dt, v8_load(row0 + (j * a->rs + k) * es, dt, km)) : _mm256_setzero_ps();
                tr8x8(r);
                for (int64_t kk = 0; kk < kn; kk++) _mm256_store_ps(dst + (k + kk) * 8, r[kk]);
            }
            dst += kc * 8;
        }
        return 1;
    }
    return 0;
}

/* kc rows of nc contiguous elements (row k at src + k*rs elements) into 48-wide panels, row by row
 * (sequential reads), 16 lanes at a time; the last panel is zero padded. */
AVX512_TARGET void gemm_pack_b_rows_avx512(const gemm_plan *p, int32_t dt, const char *src, int64_t rs, int64_t kc,
                                           int64_t nc, float *dst)
{
    size_t es = gemm_dtype_size(dt);
    int64_t npanels = (nc + 47) / 48, pstride = kc * 48;
    /* The rows are usually far apart (B is larger than the caches and a row segment only nc wide):
     * prefetch PF_ROWS rows ahead so the copy is not bound by miss latency. */
    enum { PF_ROWS = 6 };
    int64_t pf = PF_ROWS * rs * (int64_t)es;
    for (int64_t k = 0; k < kc; k++, src += rs * (int64_t)es) {
        float *d = dst + k * 48;
        for (int64_t pj = 0; pj < npanels; pj++, d += pstride) {
            for (int g = 0; g < 3; g++) {
                int64_t j = pj * 48 + g * 16;
                __mmask16 m = mask16(nc - j < 0 ? 0 : nc - j);
                if (k + PF_ROWS < kc && m) _mm_prefetch(src + j * es + pf, _MM_HINT_T0);
                _mm512_store_ps(d + g * 16, v16_math(p, dt, v16_load(src + j * es, dt, m)));
            }
        }
    }
}

AVX512_TARGET static int pack_b_dense(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0,
                                      int64_t kc, float *dst)
{
    const gemm_view *b = &p->d.b;
    int32_t dt = b->dtype;
    size_t es = gemm_dtype_size(dt);
    if (b->jsplit > 0) return 0;
    if (b->cs == 1) { /* N contiguous: row by row */
        gemm_pack_b_rows_avx512(p, dt, base + (k0 * b->rs + n0) * es, b->rs, kc, nc, dst);
        return 1;
    }
    if (b->rs == 1) { /* K contiguous (B transposed): 16 columns x 16 k transposed in registers */
        for (int64_t j = 0; j < nc; j += 48) {
            for (int g = 0; g < 3; g++) {
                int64_t c0 = j + g * 16;
                int64_t w = nc - c0;
                if (w > 16) w = 16;
                for (int64_t k = 0; k < kc; k += 16) {
                    int64_t kn = kc - k < 16 ? kc - k : 16;
                    __mmask16 km = mask16(kn);
                    __m512 r[16];
                    for (int64_t c = 0; c < 16; c++)
                        r[c] = c < w ? v16_math(p, dt, v16_load(base + ((n0 + c0 + c) * b->cs + k0 + k) * es, dt, km))
                                     : _mm512_setzero_ps();
                    tr16x16(r);
                    for (int64_t kk = 0; kk < kn; kk++) _mm512_store_ps(dst + (k + kk) * 48 + g * 16, r[kk]);
                }
            }
            dst += kc * 48;
        }
        return 1;
    }
    return 0;
}

int gemm_pack_conv_b_avx512(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                            float *dst);

int gemm_pack_b_avx512(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                       float *dst)
{
    if (p->nr != 48) return 0;
    if (p->d.conv.kind == GEMM_BSRC_DENSE) return pack_b_dense(p, base, n0, nc, k0, kc, dst);
    /* (2-D forward convs the staged source serves never get here: the driver reads them in place) */
    return gemm_pack_conv_b_avx512(p, base, n0, nc, k0, kc, dst);
}
