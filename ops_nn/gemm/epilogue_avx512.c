/* AVX-512 epilogue for C (and D) with unit column stride, including views whose column index is
 * split (jsplit, e.g. (image, position) of a convolution output: each row is cut into runs that do
 * not cross a split): alpha, bias (per row or per column), beta*D, every fused activation (GELU
 * through the vector engine's polynomial erf / tanh, as the unfused Gelu kernels compute it: the
 * scalar erff per element made a fused MatMul+Gelu slower than the two kernels), one rounding to
 * C's dtype. Other cases use the portable epilogue. acc may be C itself (in place: each vector is read
 * before it is written). */
#include "eltwise.h"
#include "gemm_internal.h"
#include "simd_avx512.h"

/* The activation on 16 lanes; GELU is applied afterwards on the row chunk (vec_unary_f32). */
AVX512_TARGET static inline __m512 act16(int act, const float *prm, __m512 v)
{
    __m512 zero = _mm512_setzero_ps();
    switch (act) {
    case GEMM_ACT_RELU: /* NaN stays NaN (the compare is false for it) */
        return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ), v, zero);
    case GEMM_ACT_CLIP:
        v = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, _mm512_set1_ps(prm[0]), _CMP_LT_OQ), v, _mm512_set1_ps(prm[0]));
        return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, _mm512_set1_ps(prm[1]), _CMP_GT_OQ), v, _mm512_set1_ps(prm[1]));
    case GEMM_ACT_LEAKY_RELU:
        return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ), v, _mm512_mul_ps(v, _mm512_set1_ps(prm[0])));
    case GEMM_ACT_HARDSWISH: {
        __m512 r = _mm512_add_ps(v, _mm512_set1_ps(3.0f));
        r = _mm512_min_ps(_mm512_max_ps(r, zero), _mm512_set1_ps(6.0f));
        return _mm512_div_ps(_mm512_mul_ps(v, r), _mm512_set1_ps(6.0f));
    }
    default: return v;
    }
}

/* Columns from n to the next split boundary of view v (or all remaining when v is not split). */
static inline int64_t run_len(const gemm_view *v, int64_t n, int64_t left)
{
    if (v->jsplit <= 0) return left;
    int64_t r = v->jsplit - n % v->jsplit;
    return r < left ? r : left;
}

AVX512_TARGET int gemm_epilogue_avx512(const gemm_plan *p, int64_t batch, int64_t m0, int64_t mc, int64_t n0,
                                       int64_t nc, const float *acc, int64_t ldacc)
{
    const gemm_desc *d = &p->d;
    const gemm_view *c = &d->c, *dv = &d->d, *bv = &d->bias;
    if (c->cs != 1) return 0;
    int gelu = d->act == GEMM_ACT_GELU_TANH || d->act == GEMM_ACT_GELU_ERF;
    if (d->act != GEMM_ACT_NONE && d->act != GEMM_ACT_RELU && d->act != GEMM_ACT_CLIP &&
        d->act != GEMM_ACT_LEAKY_RELU && d->act != GEMM_ACT_HARDSWISH && !gelu)
        return 0;
    vec_params vp = vec_params_default();
    float tmp[256] __attribute__((aligned(64)));
    int use_d = dv->ptr && d->beta != 0.0f;
    if (use_d && dv->cs != 1) return 0;
    int bias_kind = 0; /* 1: per row (one value per m), 2: per column (contiguous along n) */
    if (bv->ptr) {
        if (bv->cs == 0 && bv->jsplit <= 0) bias_kind = 1;
        else if (bv->cs == 1 && bv->jsplit <= 0) bias_kind = 2;
        else return 0;
    }
    size_t ces = gemm_dtype_size(c->dtype), des = use_d ? gemm_dtype_size(dv->dtype) : 0,
           bes = bias_kind ? gemm_dtype_size(bv->dtype) : 0;
    char *cbase = (char *)c->ptr + gemm_batch_offset(p, c, batch) * ces;
    const char *dbase = use_d ? (const char *)dv->ptr + gemm_batch_offset(p, dv, batch) * des : NULL;
    const char *bbase = bias_kind ? (const char *)bv->ptr + gemm_batch_offset(p, bv, batch) * bes : NULL;
    __m512 alpha = _mm512_set1_ps(d->alpha), beta = _mm512_set1_ps(d->beta), zero = _mm512_setzero_ps();
    int scale = d->alpha != 1.0f;
    for (int64_t j0 = 0; j0 < nc;) {
        int64_t n = n0 + j0, len = run_len(c, n, nc - j0);
        if (use_d) len = run_len(dv, n, len);
        int64_t coff = gemm_view_joff(c, n), doff = use_d ? gemm_view_joff(dv, n) : 0;
        for (int64_t i = 0; i < mc; i++) {
            int64_t m = m0 + i;
            const float *arow = acc + i * ldacc + j0;
            char *crow = cbase + (m * c->rs + coff) * ces;
            const char *drow = use_d ? dbase + (m * dv->rs + doff) * des : NULL;
            const char *brow = bias_kind == 2 ? bbase + (m * bv->rs + n) * bes : NULL;
            __m512 bsc = bias_kind == 1 ? _mm512_set1_ps(gemm_load_f32(bbase, bv->dtype, m * bv->rs)) : zero;
            for (int64_t j1 = 0; j1 < len; j1 += 256) { /* chunks of 256: GELU runs on tmp */
                int64_t cl = len - j1 < 256 ? len - j1 : 256;
                for (int64_t j = j1; j < j1 + cl; j += 16) {
                    __mmask16 msk = mask16(j1 + cl - j);
                    __m512 v = _mm512_maskz_loadu_ps(msk, arow + j);
                    if (scale) v = _mm512_mul_ps(alpha, v);
                    if (bias_kind == 1) v = _mm512_add_ps(v, bsc);
                    else if (bias_kind == 2) v = _mm512_add_ps(v, v16_load(brow + j * bes, bv->dtype, msk));
                    if (use_d) v = _mm512_fmadd_ps(beta, v16_load(drow + j * des, dv->dtype, msk), v);
                    v = act16(d->act, d->act_param, v);
                    if (gelu) _mm512_mask_storeu_ps(tmp + (j - j1), msk, v);
                    else v16_store(crow + j * ces, c->dtype, msk, v);
                }
                if (!gelu) continue;
                vec_unary_f32(d->act == GEMM_ACT_GELU_TANH ? VEC_GELU_TANH : VEC_GELU_ERF, &vp, tmp, tmp, cl);
                for (int64_t j = 0; j < cl; j += 16) {
                    __mmask16 msk = mask16(cl - j);
                    v16_store(crow + (j1 + j) * ces, c->dtype, msk, _mm512_maskz_loadu_ps(msk, tmp + j));
                }
            }
        }
        j0 += len;
    }
    return 1;
}
