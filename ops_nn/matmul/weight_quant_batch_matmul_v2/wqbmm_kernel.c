/* WeightAntiquant: W'(k, n) = (weight(k, n) + offset(r, c)) * scale(r, c) with r = k / group
 * (0 without groups) and c = n (0 when per tensor), rounded as x's dtype and stored as FP32 in
 * the weight's storage order (wqbmm_args.h). FP16: the
 * add and the multiply each round to FP16 (the vector unit's FP16 arithmetic); BF16: FP32 math
 * rounded once. INT4 elements are nibbles (even element index: low nibble), sign-extended; an
 * INT32 weight holds eight INT4 along n, lowest nibble first. */
#include <immintrin.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "gemm.h"
#include "quant_codec.h"
#include "wqbmm_args.h"

static int32_t int4_at(const uint8_t *base, int64_t e)
{
    uint8_t b = base[e >> 1];
    int32_t v = (e & 1) ? (b >> 4) : (b & 0xf);
    return v >= 8 ? v - 16 : v;
}

static int32_t weight_at(const aclemu_tdesc *w, int64_t kk, int64_t nn, int pack_k)
{
    const uint8_t *base = (const uint8_t *)(uintptr_t)w->addr;
    if (w->dtype == ACL_INT8)
        return ((const int8_t *)base)[w->offset + kk * w->stride[0] + nn * w->stride[1]];
    if (w->dtype == ACL_INT4)
        return int4_at(base, w->offset + kk * w->stride[0] + nn * w->stride[1]);
    int32_t word; /* INT32: eight INT4 along n (or along k: pack_k) */
    const int64_t pk = pack_k ? kk / 8 : kk, pn = pack_k ? nn : nn / 8, sh = pack_k ? kk % 8 : nn % 8;
    memcpy(&word, base + (w->offset + pk * w->stride[0] + pn * w->stride[1]) * 4, 4);
    int32_t v = (int32_t)(((uint32_t)word >> (4 * sh)) & 0xf);
    return v >= 8 ? v - 16 : v;
}

/* One element of an ND weight as a float: the integer codes above, or (950) FLOAT8_E4M3FN /
 * HIFLOAT8 bytes, FLOAT4_E2M1 nibbles (element index: even = low nibble) and FLOAT words
 * holding eight FLOAT4_E2M1 along n (along k: pack_k), lowest nibble first; every code decodes exactly. */
static float weight_val(const aclemu_tdesc *w, int64_t kk, int64_t nn, int pack_k)
{
    const uint8_t *base = (const uint8_t *)(uintptr_t)w->addr;
    switch (w->dtype) {
    case ACL_FLOAT8_E4M3FN:
    case ACL_HIFLOAT8:
        return quant_decode(base[w->offset + kk * w->stride[0] + nn * w->stride[1]], w->dtype);
    case ACL_FLOAT4_E2M1: {
        int64_t e = w->offset + kk * w->stride[0] + nn * w->stride[1];
        return quant_from_fp4((e & 1) ? (uint32_t)(base[e >> 1] >> 4) : (uint32_t)(base[e >> 1] & 0xf), 0);
    }
    case ACL_FLOAT: {
        uint32_t word;
        const int64_t pk = pack_k ? kk / 8 : kk, pn = pack_k ? nn : nn / 8, sh = pack_k ? kk % 8 : nn % 8;
        memcpy(&word, base + (w->offset + pk * w->stride[0] + pn * w->stride[1]) * 4, 4);
        return quant_from_fp4((word >> (4 * sh)) & 0xf, 0);
    }
    default:
        return (float)weight_at(w, kk, nn, pack_k);
    }
}

/* One element of a FRACTAL_NZ weight (wqbmm_args.h), at (k, n) of the weight's (K, N) view. */
static float nz_weight_at(const wqbmm_antiquant_args *a, int64_t kk, int64_t nn)
{
    const uint8_t *base = (const uint8_t *)(uintptr_t)a->weight.addr;
    const int64_t r = a->nz_tr ? nn : kk, c = a->nz_tr ? kk : nn;
    const int64_t e = a->nz_elem_off + ((c / a->nz_c0) * a->nz_rows + r) * a->nz_c0 + c % a->nz_c0;
    if (a->nz_bits == 8)
        return (float)((const int8_t *)base)[e];
    uint32_t code = (e & 1) ? (uint32_t)(base[e >> 1] >> 4) : (uint32_t)(base[e >> 1] & 0xf);
    if (a->nz_fp4)
        return quant_from_fp4(code, 0);
    return (float)(code >= 8 ? (int32_t)code - 16 : (int32_t)code);
}

static float round_to(int32_t dt, float v)
{
    return dt == ACL_FLOAT16 ? aclemu_half_to_float(aclemu_float_to_half(v)) : v;
}

static float param_at(const aclemu_tdesc *d, int64_t r, int64_t c)
{
    const int64_t e = d->offset + r * d->stride[0] + c * d->stride[1];
    const char *base = (const char *)(uintptr_t)d->addr;
    if (d->dtype == ACL_INT32) { /* V1 deqOffset */
        int32_t i;
        memcpy(&i, base + e * 4, 4);
        return (float)i;
    }
    if (d->dtype == ACL_UINT64) { /* V1 deqScale: FP32 bits in the low word */
        uint64_t u;
        float f;
        memcpy(&u, base + e * 8, 8);
        uint32_t lo = (uint32_t)u;
        memcpy(&f, &lo, 4);
        return f;
    }
    if (d->dtype == ACL_FLOAT8_E8M0 || d->dtype == ACL_UINT8) /* MX scale: 2^(c - 127) (950: UINT8 = E8M0) */
        return quant_from_e8m0((uint8_t)base[e]);
    float v;
    aclemu_load_f32(&v, base + e * 2, d->dtype, 2, 1);
    return v;
}

/* One dequantised element of the V1 modes (wqbmm_args.h). */
static float v1_value(const wqbmm_antiquant_args *a, int32_t w, int has_off, int has_sc, float of, float sc)
{
    if (a->mode == 2)
        return round_to(ACL_FLOAT16, (float)((double)w + of) * sc);
    float v = (float)w;
    if (a->aq_offset != 0.0f)
        v += a->aq_offset;
    if (a->aq_scale != 1.0f)
        v *= a->aq_scale;
    v = round_to(ACL_FLOAT16, v);
    if (has_off)
        v = round_to(ACL_FLOAT16, v + of);
    if (has_sc)
        v = round_to(ACL_FLOAT16, v * sc);
    return v;
}

/* One run of m INT8 weights (unit stride) -> FP32 holding FP16 values, FP16 rounding of each
 * step: the vector unit's FP16 add and multiply (F16C conversions round to nearest even). */
__attribute__((target("avx2,f16c"))) static void run_f16_avx2(const int8_t *w, const float *off, const float *sc,
                                                              int64_t m, float *out)
{
    int64_t i = 0;
    for (; i + 8 <= m; i += 8) {
        __m256 v = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(w + i))));
        if (off)
            v = _mm256_cvtph_ps(_mm256_cvtps_ph(_mm256_add_ps(v, _mm256_loadu_ps(off + i)), _MM_FROUND_TO_NEAREST_INT));
        v = _mm256_cvtph_ps(_mm256_cvtps_ph(_mm256_mul_ps(v, _mm256_loadu_ps(sc + i)), _MM_FROUND_TO_NEAREST_INT));
        _mm256_storeu_ps(out + i, v);
    }
    for (; i < m; i++) {
        float v = (float)w[i];
        if (off)
            v = round_to(ACL_FLOAT16, v + off[i]);
        out[i] = round_to(ACL_FLOAT16, v * sc[i]);
    }
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(wqbmm_antiquant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const wqbmm_antiquant_args *a = args;
    const int has_sc = a->scale.addr != 0;
    if ((!a->nz && a->weight.ndim != 2) || (a->nz && (a->nz_c0 < 1 || a->nz_rows < 1 || (a->nz_bits != 8 && a->nz_bits != 4))) || (has_sc && a->scale.ndim != 2) || (!has_sc && a->mode != 1) ||
        (a->out_dtype != ACL_FLOAT16 && a->out_dtype != ACL_BF16) || a->mode < 0 || a->mode > 2)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int has_off = a->offset.addr != 0, tr = a->transposed;
    const int64_t sr = has_sc ? a->scale.shape[0] : 1, scn = has_sc ? a->scale.shape[1] : 1;
    const int64_t rows = tr ? a->N : a->K, cols = tr ? a->K : a->N;
    const int64_t inner_stride = a->weight.stride[tr ? 0 : 1];
    /* INT8 runs with unit stride and an FP16 x take the vector path */
    const int fast = a->mode == 0 && !a->nz && a->weight.dtype == ACL_INT8 && inner_stride == 1 && a->out_dtype == ACL_FLOAT16 &&
                     gemm_host_isa() >= GEMM_ISA_AVX2; /* AVX2 implies F16C here (isa.c) */
    float sc[ACLEMU_CHUNK], of[ACLEMU_CHUNK];
    float *out = (float *)(uintptr_t)a->out;
    uint64_t s, e;
    aclemu_block_range((uint64_t)rows, a->rows_per_block, blk, &s, &e);
    /* chunks of a buffer row outer, rows inner: a row-major weight's chunk reloads its scale /
     * offset only when the group changes; an (n, k) weight's chunk spans groups of one column */
    for (int64_t c0 = 0; c0 < cols; c0 += ACLEMU_CHUNK) {
        int64_t m = cols - c0 < ACLEMU_CHUNK ? cols - c0 : ACLEMU_CHUNK, loaded = -1;
        for (int64_t o = (int64_t)s; o < (int64_t)e; o++) {
            if (!tr) {
                int64_t r = a->group ? o / a->group : 0;
                if (r >= sr)
                    r = sr - 1; /* per tensor / per channel: one row (stride 0) */
                if (r != loaded) {
                    for (int64_t i = 0; i < m; i++) {
                        int64_t c = scn == 1 ? 0 : c0 + i;
                        sc[i] = has_sc ? param_at(&a->scale, r, c) : 1.0f;
                        of[i] = has_off ? param_at(&a->offset, r, c) : 0.0f;
                    }
                    loaded = r;
                }
            } else {
                int64_t c = scn == 1 ? 0 : o, last = -1;
                float sv = 0, ov = 0;
                for (int64_t i = 0; i < m; i++) {
                    int64_t r = a->group ? (c0 + i) / a->group : 0;
                    if (r >= sr)
                        r = sr - 1;
                    if (r != last) {
                        sv = has_sc ? param_at(&a->scale, r, c) : 1.0f;
                        ov = has_off ? param_at(&a->offset, r, c) : 0.0f;
                        last = r;
                    }
                    sc[i] = sv;
                    of[i] = ov;
                }
            }
            /* the buffer is always (N, K): a row-major weight's run lands in a column */
            float run[ACLEMU_CHUNK], *dst = tr ? out + o * a->ld + c0 : run;
            if (fast) {
                const int8_t *w = (const int8_t *)(uintptr_t)a->weight.addr + a->weight.offset +
                                  o * a->weight.stride[tr ? 1 : 0] + c0;
                run_f16_avx2(w, has_off ? of : NULL, sc, m, dst);
            } else if (a->mode) {
                for (int64_t i = 0; i < m; i++)
                    dst[i] = v1_value(a, tr ? weight_at(&a->weight, c0 + i, o, 0) : weight_at(&a->weight, o, c0 + i, 0),
                                      has_off, has_sc, of[i], sc[i]);
            } else {
                    for (int64_t i = 0; i < m; i++) {
                float w = a->nz ? nz_weight_at(a, o, c0 + i)
                                : tr ? weight_val(&a->weight, c0 + i, o, a->pack_k) : weight_val(&a->weight, o, c0 + i, a->pack_k);
                if (has_off)
                    w = round_to(a->out_dtype, w + of[i]);
                w = w * sc[i];
                /* FP16: rounded like the vector unit's multiply; BF16: FP32 math rounded once */
                    dst[i] = a->out_dtype == ACL_FLOAT16 ? round_to(ACL_FLOAT16, w) : aclemu_bf16_to_float(aclemu_float_to_bf16(w));
                }
            }
            if (!tr)
                for (int64_t i = 0; i < m; i++)
                    out[(c0 + i) * a->ld + o] = run[i];
        }
    }
    return 0;
}

ACLEMU_KERNEL("WeightAntiquant", k);
