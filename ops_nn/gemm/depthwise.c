/* Direct depthwise 2-D convolution: one (image, channel) plane per work item, FP32 accumulation,
 * operands converted (and rounded per the cube math mode) row by row into a zero-padded band of
 * input rows (bounded size), outputs rounded once to y's dtype. */
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

/* One output row, unit column stride: each 16-wide chunk accumulates every tap in a register and
 * is rounded once into y (dtype ydt). 3x3 keeps its weights in registers. */
AVX512_TARGET static void row_all_taps_avx512(char *y, int32_t ydt, const float *plane, int64_t PW, int64_t ow_n,
                                              int64_t KH, int64_t KW, int64_t dh, int64_t dw, const float *wk,
                                              float bias)
{
    size_t es = gemm_dtype_size(ydt);
    if (KH == 3 && KW == 3) {
        __m512 w[9];
        for (int t = 0; t < 9; t++) w[t] = _mm512_set1_ps(wk[t]);
        const float *r0 = plane, *r1 = plane + dh * PW, *r2 = plane + 2 * dh * PW;
        for (int64_t i = 0; i < ow_n; i += 16) {
            __m512 v = _mm512_set1_ps(bias), u = _mm512_setzero_ps();
            v = _mm512_fmadd_ps(w[0], _mm512_loadu_ps(r0 + i), v);
            u = _mm512_fmadd_ps(w[1], _mm512_loadu_ps(r0 + i + dw), u);
            v = _mm512_fmadd_ps(w[2], _mm512_loadu_ps(r0 + i + 2 * dw), v);
            u = _mm512_fmadd_ps(w[3], _mm512_loadu_ps(r1 + i), u);
            v = _mm512_fmadd_ps(w[4], _mm512_loadu_ps(r1 + i + dw), v);
            u = _mm512_fmadd_ps(w[5], _mm512_loadu_ps(r1 + i + 2 * dw), u);
            v = _mm512_fmadd_ps(w[6], _mm512_loadu_ps(r2 + i), v);
            u = _mm512_fmadd_ps(w[7], _mm512_loadu_ps(r2 + i + dw), u);
            v = _mm512_fmadd_ps(w[8], _mm512_loadu_ps(r2 + i + 2 * dw), v);
            v16_store(y + i * es, ydt, mask16(ow_n - i), _mm512_add_ps(v, u));
        }
        return;
    }
    for (int64_t i = 0; i < ow_n; i += 16) {
        __m512 v = _mm512_set1_ps(bias);
        for (int64_t kh = 0; kh < KH; kh++) {
            const float *row = plane + kh * dh * PW + i;
            for (int64_t kw = 0; kw < KW; kw++)
                v = _mm512_fmadd_ps(_mm512_set1_ps(wk[kh * KW + kw]), _mm512_loadu_ps(row + kw * dw), v);
        }
        v16_store(y + i * es, ydt, mask16(ow_n - i), v);
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
        _mm_prefetch(src + (i + 4 * n) * es, _MM_HINT_T0); /* a few rows ahead: planes stream from memory */
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

/* Input rows are staged in a band of at most DW_BAND_FLOATS FP32 values (a few output rows' worth
 * of zero-padded input rows), so the scratch is O(tile) whatever the plane size. */
#define DW_BAND_FLOATS 16384

int gemm_dw_run_block(const gemm_dw_plan *p, uint32_t block_idx)
{
    if ((int64_t)block_idx >= p->nblocks) return GEMM_EINVAL;
    const gemm_conv_params *cp = &p->cp;
    int64_t H = cp->in[0], W = cp->in[1], OH = cp->out[0], OW = cp->out[1];
    int64_t KH = cp->ksz[0], KW = cp->ksz[1], C = cp->cin;
    int64_t sh = cp->stride[0], dh = cp->dil[0];
    /* Band rows of PW floats: left padding, the row, right padding and room for vector tails. */
    int64_t PW = cp->pad_lo[1] + W + cp->pad_hi[1] + 16 * cp->stride[1] + 16;
    int64_t span = (KH - 1) * dh + 1; /* input rows one output row reads */
    int64_t band_out = (DW_BAND_FLOATS / PW - span) / sh + 1;
    if (band_out < 1) band_out = 1;
    if (band_out > OH) band_out = OH;
    int64_t band_rows = (band_out - 1) * sh + span;
    float *scratch = aclemu_worker_scratch(sizeof(float) * (size_t)(band_rows * PW + OW + KH * KW + 48));
    if (!scratch) return GEMM_ENOMEM;
    float *band = scratch, *acc = band + band_rows * PW, *wk = acc + OW + 16;
    int avx512 = p->isa == GEMM_ISA_AVX512;
    size_t xes = gemm_dtype_size(cp->x_dtype), yes = gemm_dtype_size(cp->y_dtype);
    int64_t q0 = p->planes * block_idx / p->nblocks, q1 = p->planes * (block_idx + 1) / p->nblocks;
    /* Padding columns are never written below: zero them once. */
    memset(band, 0, sizeof(float) * (size_t)(band_rows * PW));
    for (int64_t q = q0; q < q1; q++) {
        int64_t c = q % C;
        for (int64_t t = 0; t < KH * KW; t++)
            wk[t] = math_round(cp, cp->w_dtype, gemm_load_f32(p->w, cp->w_dtype, c * KH * KW + t));
        float bv = p->bias ? gemm_load_f32(p->bias, cp->bias_dtype, c) : 0.0f;
        int64_t xplane = q * H * W;
        for (int64_t ob = 0; ob < OH; ob += band_out) {
            int64_t nrows = OH - ob < band_out ? OH - ob : band_out;
            int64_t r0 = ob * sh - cp->pad_lo[0], rows = (nrows - 1) * sh + span;
            for (int64_t r = 0; r < rows; r++) {
                int64_t ih = r0 + r;
                float *dst = band + r * PW + cp->pad_lo[1];
                if (ih < 0 || ih >= H) {
                    memset(dst, 0, sizeof(float) * (size_t)W);
                } else if (avx512) {
                    row_load_avx512(cp, dst, (const char *)p->x + (xplane + ih * W) * xes, cp->x_dtype, W);
                } else if (cp->x_dtype == GEMM_F32 && cp->math == GEMM_MATH_KEEP) {
                    memcpy(dst, (const float *)p->x + xplane + ih * W, sizeof(float) * (size_t)W);
                } else {
                    for (int64_t iw = 0; iw < W; iw++)
                        dst[iw] = math_round(cp, cp->x_dtype, gemm_load_f32(p->x, cp->x_dtype, xplane + ih * W + iw));
                }
            }
            for (int64_t o = 0; o < nrows; o++) {
                int64_t oh = ob + o, yoff = (q * OH + oh) * OW;
                const float *brow = band + o * sh * PW;
                if (avx512 && cp->stride[1] == 1 && p->act == GEMM_ACT_NONE) {
                    row_all_taps_avx512((char *)p->y + yoff * yes, cp->y_dtype, brow, PW, OW, KH, KW, dh, cp->dil[1],
                                        wk, bv);
                    continue;
                }
                for (int64_t i = 0; i < OW; i++) acc[i] = bv;
                for (int64_t kh = 0; kh < KH; kh++) {
                    const float *row = brow + kh * dh * PW;
                    for (int64_t kw = 0; kw < KW; kw++) {
                        if (avx512) row_fma_avx512(acc, row, OW, cp->stride[1], kw * cp->dil[1], wk[kh * KW + kw]);
                        else row_fma_portable(acc, row, OW, cp->stride[1], kw * cp->dil[1], wk[kh * KW + kw]);
                    }
                }
                if (p->act != GEMM_ACT_NONE)
                    for (int64_t i = 0; i < OW; i++) acc[i] = gemm_act_apply(p->act, p->act_param, acc[i]);
                if (avx512) row_store_avx512((char *)p->y + yoff * yes, cp->y_dtype, acc, OW);
                else if (cp->y_dtype == GEMM_F32) memcpy((float *)p->y + yoff, acc, sizeof(float) * (size_t)OW);
                else
                    for (int64_t i = 0; i < OW; i++) store(p->y, cp->y_dtype, yoff + i, acc[i]);
            }
        }
    }
    return GEMM_OK;
}
