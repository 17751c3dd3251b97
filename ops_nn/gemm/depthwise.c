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
    int64_t rowlen = cp->pad_lo[1] + W + cp->pad_hi[1] + cp->stride[1] * 16 + cp->dil[1] * KW + 16;
    float *scratch = aclemu_worker_scratch(sizeof(float) * (size_t)(rowlen + OW + KH * KW + 16));
    if (!scratch) return GEMM_ENOMEM;
    float *row = scratch, *acc = row + rowlen, *wk = acc + OW;
    int avx512 = p->isa == GEMM_ISA_AVX512;
    size_t xes = gemm_dtype_size(cp->x_dtype);
    int64_t q0 = p->planes * block_idx / p->nblocks, q1 = p->planes * (block_idx + 1) / p->nblocks;
    for (int64_t q = q0; q < q1; q++) {
        int64_t c = q % C;
        for (int64_t t = 0; t < KH * KW; t++)
            wk[t] = math_round(cp, cp->w_dtype, gemm_load_f32(p->w, cp->w_dtype, c * KH * KW + t));
        float bv = p->bias ? gemm_load_f32(p->bias, cp->bias_dtype, c) : 0.0f;
        int64_t xplane = q * H * W;
        for (int64_t oh = 0; oh < OH; oh++) {
            for (int64_t i = 0; i < OW; i++) acc[i] = 0.0f;
            for (int64_t kh = 0; kh < KH; kh++) {
                int64_t ih = oh * cp->stride[0] - cp->pad_lo[0] + kh * cp->dil[0];
                if (ih < 0 || ih >= H) continue;
                /* padded row: row[pad_lo + iw] = x[ih, iw], zeros around */
                memset(row, 0, sizeof(float) * (size_t)rowlen);
                int64_t src = xplane + ih * W;
                if (cp->x_dtype == GEMM_F32 && cp->math == GEMM_MATH_KEEP)
                    memcpy(row + cp->pad_lo[1], (const char *)p->x + src * xes, sizeof(float) * (size_t)W);
                else
                    for (int64_t iw = 0; iw < W; iw++)
                        row[cp->pad_lo[1] + iw] = math_round(cp, cp->x_dtype, gemm_load_f32(p->x, cp->x_dtype, src + iw));
                for (int64_t kw = 0; kw < KW; kw++) {
                    float wv = wk[kh * KW + kw];
                    if (avx512) row_fma_avx512(acc, row, OW, cp->stride[1], kw * cp->dil[1], wv);
                    else row_fma_portable(acc, row, OW, cp->stride[1], kw * cp->dil[1], wv);
                }
            }
            int64_t yoff = (q * OH + oh) * OW;
            for (int64_t i = 0; i < OW; i++) store(p->y, cp->y_dtype, yoff + i, acc[i] + bv);
        }
    }
    return GEMM_OK;
}
