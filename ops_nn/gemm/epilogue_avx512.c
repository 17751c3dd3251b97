/* AVX-512 epilogue for rows contiguous in C (and D): alpha, bias (per row or per column),
 * beta*D, ReLU, one rounding to C's dtype. Other cases use the portable epilogue. */
#include "gemm_internal.h"
#include "simd_avx512.h"

AVX512_TARGET int gemm_epilogue_avx512(const gemm_plan *p, int64_t batch, int64_t m0, int64_t mc, int64_t n0,
                                       int64_t nc, const float *acc, int64_t ldacc)
{
    const gemm_desc *d = &p->d;
    const gemm_view *c = &d->c, *dv = &d->d, *bv = &d->bias;
    if (c->cs != 1 || c->jsplit > 0) return 0;
    if (d->act != GEMM_ACT_NONE && d->act != GEMM_ACT_RELU) return 0;
    int use_d = dv->ptr && d->beta != 0.0f;
    if (use_d && (dv->cs != 1 || dv->jsplit > 0)) return 0;
    int bias_kind = 0; /* 1: per row (one value per m), 2: per column (contiguous along n) */
    if (bv->ptr) {
        if (bv->cs == 0 && bv->jsplit == 0) bias_kind = 1;
        else if (bv->cs == 1 && bv->jsplit == 0) bias_kind = 2;
        else return 0;
    }
    size_t ces = gemm_dtype_size(c->dtype);
    char *cbase = (char *)c->ptr + gemm_batch_offset(p, c, batch) * ces;
    const char *dbase = use_d ? (const char *)dv->ptr + gemm_batch_offset(p, dv, batch) * gemm_dtype_size(dv->dtype)
                              : NULL;
    const char *bbase = bias_kind ? (const char *)bv->ptr + gemm_batch_offset(p, bv, batch) * gemm_dtype_size(bv->dtype)
                                  : NULL;
    __m512 alpha = _mm512_set1_ps(d->alpha), beta = _mm512_set1_ps(d->beta), zero = _mm512_setzero_ps();
    for (int64_t i = 0; i < mc; i++) {
        int64_t m = m0 + i;
        const float *arow = acc + i * ldacc;
        char *crow = cbase + (m * c->rs + n0) * ces;
        __m512 brow = zero;
        if (bias_kind == 1) brow = _mm512_set1_ps(gemm_load_f32(bbase, bv->dtype, m * bv->rs));
        for (int64_t j = 0; j < nc; j += 16) {
            __mmask16 msk = mask16(nc - j);
            __m512 v = _mm512_mul_ps(alpha, _mm512_maskz_loadu_ps(msk, arow + j));
            if (bias_kind == 1) v = _mm512_add_ps(v, brow);
            else if (bias_kind == 2)
                v = _mm512_add_ps(v, v16_load(bbase + (m * bv->rs + n0 + j) * gemm_dtype_size(bv->dtype), bv->dtype, msk));
            if (use_d)
                v = _mm512_fmadd_ps(beta, v16_load(dbase + (m * dv->rs + n0 + j) * gemm_dtype_size(dv->dtype), dv->dtype, msk), v);
            if (d->act == GEMM_ACT_RELU) v = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ), v, zero);
            v16_store(crow + j * ces, c->dtype, msk, v);
        }
    }
    return 1;
}
