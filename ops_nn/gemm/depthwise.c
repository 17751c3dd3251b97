/* Direct depthwise 2-D convolution: one (image, channel) plane per work item, FP32 accumulation,
 * operands converted (and rounded per the cube math mode) row by row into a zero-padded row. */
#include <string.h>

#include "aclemu/kernel.h"
#include "conv.h"
#include "gemm_internal.h"
#include "numerics.h"
#include "simd_avx512.h"

int gemm_dw_supported(const gemm_conv_params *cp)
{
    return cp->nsp == 2 && !cp->transposed && cp->groups == cp->cin && cp->cout == cp->cin;
}

int gemm_dw_plan_init(gemm_dw_plan *p, const gemm_conv_params *cp, const void *x, const void *w, const void *bias,
                      void *y, uint32_t max_blocks)
{
    memset(p, 0, sizeof *p);
    if (!gemm_dw_supported(cp)) return GEMM_EINVAL;
    for (int d = 0; d < 2; d++)
        if (cp->in[d] <= 0 || cp->ksz[d] <= 0 || cp->stride[d] <= 0 || cp->dil[d] <= 0 || cp->pad_lo[d] < 0 ||
            cp->pad_hi[d] < 0 || cp->out[d] != gemm_conv_out_size(cp, d) || cp->out[d] <= 0)
            return GEMM_EINVAL;
    if (cp->batch < 0 || !x || !w || !y) return GEMM_EINVAL;
    p->cp = *cp;
    p->x = x;
    p->w = w;
    p->bias = bias;
    p->y = y;
    p->isa = gemm_host_isa();
    p->planes = cp->batch * cp->cin;
    if (max_blocks == 0) max_blocks = 1;
    p->nblocks = (int32_t)(p->planes < (int64_t)max_blocks ? p->planes : (int64_t)max_blocks);
    return GEMM_OK;
}

static float math_round(const gemm_conv_params *cp, int32_t dt, float v)
{
    if (cp->math == GEMM_MATH_FP16) return dt == GEMM_F16 ? v : gemm_round_fp16(v);
    if (cp->math == GEMM_MATH_HF32 && dt == GEMM_F32) return gemm_f32_to_hf32(v, cp->hf32_round);
    return v;
}

static void store(void *y, int32_t dt, int64_t off, float v)
{
    if (dt == GEMM_F16) ((uint16_t *)y)[off] = gemm_f32_to_f16(v);
    else if (dt == GEMM_BF16) ((uint16_t *)y)[off] = gemm_f32_to_bf16(v);
    else ((float *)y)[off] = v;
}

/* acc[ow] += wv * row[ow*s + off] for ow in [0, ow_n). */
AVX512_TARGET static void row_fma_avx512(float *acc, const float *row, int64_t ow_n, int64_t s, int64_t off, float wv)
{
    __m512 w = _mm512_set1_ps(wv);
    if (s == 1) {
        int64_t i = 0;
        for (; i + 16 <= ow_n; i += 16)
            _mm512_storeu_ps(acc + i, _mm512_fmadd_ps(w, _mm512_loadu_ps(row + off + i), _mm512_loadu_ps(acc + i)));
        if (i < ow_n) {
            __mmask16 m = mask16(ow_n - i);
            _mm512_mask_storeu_ps(acc + i, m,
                                  _mm512_fmadd_ps(w, _mm512_maskz_loadu_ps(m, row + off + i), _mm512_maskz_loadu_ps(m, acc + i)));
        }
        return;
    }
    __m512i step = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                      _mm512_set1_epi32((int)s));
    for (int64_t i = 0; i < ow_n; i += 16) {
        __mmask16 m = mask16(ow_n - i);
        __m512 xv = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), m, step, row + off + i * s, 4);
        _mm512_mask_storeu_ps(acc + i, m, _mm512_fmadd_ps(w, xv, _mm512_maskz_loadu_ps(m, acc + i)));
    }
}

/* One output row, unit column stride: each 16-wide chunk accumulates every tap in a register. */
AVX512_TARGET static void row_all_taps_avx512(float *acc, const float *plane, int64_t PW, int64_t ow_n, int64_t KH,
                                              int64_t KW, int64_t dh, int64_t dw, const float *wk, float bias)
{
    for (int64_t i = 0; i < ow_n; i += 16) {
        __mmask16 m = mask16(ow_n - i);
        __m512 v = _mm512_set1_ps(bias);
        for (int64_t kh = 0; kh < KH; kh++) {
            const float *row = plane + kh * dh * PW + i;
            for (int64_t kw = 0; kw < KW; kw++)
                v = _mm512_fmadd_ps(_mm512_set1_ps(wk[kh * KW + kw]), _mm512_loadu_ps(row + kw * dw), v);
        }
        _mm512_mask_storeu_ps(acc + i, m, v);
    }
}

/* Converts n elements of dtype dt to FP32 with the math mode applied (dst[i] from src[i]). */
AVX512_TARGET static void row_load_avx512(const gemm_conv_params *cp, float *dst, const char *src, int32_t dt, int64_t n)
{
    gemm_plan pm; /* v16_math reads only the math fields */
    pm.d.math = cp->math;
    pm.d.hf32_round = cp->hf32_round;
    size_t es = gemm_dtype_size(dt);
    for (int64_t i = 0; i < n; i += 16) {
        __mmask16 m = mask16(n - i);
        _mm512_mask_storeu_ps(dst + i, m, v16_math(&pm, dt, v16_load(src + i * es, dt, m)));
    }
}

AVX512_TARGET static void row_store_avx512(char *dst, int32_t dt, const float *src, int64_t n)
{
    size_t es = gemm_dtype_size(dt);
    for (int64_t i = 0; i < n; i += 16) {
        __mmask16 m = mask16(n - i);
        v16_store(dst + i * es, dt, m, _mm512_maskz_loadu_ps(m, src + i));
    }
}

static void row_fma_portable(float *acc, const float *row, int64_t ow_n, int64_t s, int64_t off, float wv)
{
    for (int64_t i = 0; i < ow_n; i++) acc[i] += wv * row[i * s + off];
}

int gemm_dw_run_block(const gemm_dw_plan *p, uint32_t block_idx)
{
    if ((int64_t)block_idx >= p->nblocks) return GEMM_EINVAL;
    const gemm_conv_params *cp = &p->cp;
    int64_t H = cp->in[0], W = cp->in[1], OH = cp->out[0], OW = cp->out[1];
    int64_t KH = cp->ksz[0], KW = cp->ksz[1], C = cp->cin;
    /* One zero-padded FP32 copy of the plane (rows of PW, PH rows), so every tap is a plain
     * (or strided) row read; the extra columns keep vector tails inside the buffer. */
    int64_t PW = cp->pad_lo[1] + W + cp->pad_hi[1] + 16 * cp->stride[1] + 16;
    int64_t PH = cp->pad_lo[0] + H + cp->pad_hi[0];
    float *scratch = aclemu_worker_scratch(sizeof(float) * (size_t)(PW * PH + OW + KH * KW + 32));
    if (!scratch) return GEMM_ENOMEM;
    float *plane = scratch, *acc = plane + PW * PH, *wk = acc + OW + 16;
    int avx512 = p->isa == GEMM_ISA_AVX512;
    int64_t q0 = p->planes * block_idx / p->nblocks, q1 = p->planes * (block_idx + 1) / p->nblocks;
    memset(plane, 0, sizeof(float) * (size_t)(PW * PH));
    for (int64_t q = q0; q < q1; q++) {
        int64_t c = q % C;
        for (int64_t t = 0; t < KH * KW; t++)
            wk[t] = math_round(cp, cp->w_dtype, gemm_load_f32(p->w, cp->w_dtype, c * KH * KW + t));
        float bv = p->bias ? gemm_load_f32(p->bias, cp->bias_dtype, c) : 0.0f;
        int64_t xplane = q * H * W;
        for (int64_t ih = 0; ih < H; ih++) { /* borders stay zero: only the interior is rewritten */
            float *dst = plane + (cp->pad_lo[0] + ih) * PW + cp->pad_lo[1];
            if (avx512)
                row_load_avx512(cp, dst, (const char *)p->x + (xplane + ih * W) * gemm_dtype_size(cp->x_dtype),
                                cp->x_dtype, W);
            else if (cp->x_dtype == GEMM_F32 && cp->math == GEMM_MATH_KEEP)
                memcpy(dst, (const float *)p->x + xplane + ih * W, sizeof(float) * (size_t)W);
            else
                for (int64_t iw = 0; iw < W; iw++)
                    dst[iw] = math_round(cp, cp->x_dtype, gemm_load_f32(p->x, cp->x_dtype, xplane + ih * W + iw));
        }
        for (int64_t oh = 0; oh < OH; oh++) {
            if (avx512 && cp->stride[1] == 1) {
                row_all_taps_avx512(acc, plane + oh * cp->stride[0] * PW, PW, OW, KH, KW, cp->dil[0], cp->dil[1], wk, bv);
                goto store_row;
            }
            for (int64_t i = 0; i < OW; i++) acc[i] = bv;
            for (int64_t kh = 0; kh < KH; kh++) {
                const float *row = plane + (oh * cp->stride[0] + kh * cp->dil[0]) * PW;
                for (int64_t kw = 0; kw < KW; kw++) {
                    if (avx512) row_fma_avx512(acc, row, OW, cp->stride[1], kw * cp->dil[1], wk[kh * KW + kw]);
                    else row_fma_portable(acc, row, OW, cp->stride[1], kw * cp->dil[1], wk[kh * KW + kw]);
                }
            }
        store_row:;
            int64_t yoff = (q * OH + oh) * OW;
            if (avx512) row_store_avx512((char *)p->y + yoff * gemm_dtype_size(cp->y_dtype), cp->y_dtype, acc, OW);
            else if (cp->y_dtype == GEMM_F32) memcpy((float *)p->y + yoff, acc, sizeof(float) * (size_t)OW);
            else
                for (int64_t i = 0; i < OW; i++) store(p->y, cp->y_dtype, yoff + i, acc[i]);
        }
    }
    return GEMM_OK;
}
