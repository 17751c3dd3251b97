/* AVX-512 epilogue for C (and D) with unit column stride, including views whose column index is
 * split (jsplit, e.g. (image, position) of a convolution output: each row is cut into runs that do
 * not cross a split): alpha, bias (per row or per column), beta*D, ReLU, one rounding to C's
 * dtype. Other cases use the portable epilogue. acc may be C itself (in place: each vector is read
 * before it is written). */
#include "gemm_internal.h"
#include "simd_avx512.h"

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
    if (d->act != GEMM_ACT_NONE && d->act != GEMM_ACT_RELU) return 0;
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
    int relu = d->act == GEMM_ACT_RELU, scale = d->alpha != 1.0f;
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
            for (int64_t j = 0; j < len; j += 16) {
                __mmask16 msk = mask16(len - j);
                __m512 v = _mm512_maskz_loadu_ps(msk, arow + j);
                if (scale) v = _mm512_mul_ps(alpha, v);
                if (bias_kind == 1) v = _mm512_add_ps(v, bsc);
                else if (bias_kind == 2) v = _mm512_add_ps(v, v16_load(brow + j * bes, bv->dtype, msk));
                if (use_d) v = _mm512_fmadd_ps(beta, v16_load(drow + j * des, dv->dtype, msk), v);
                if (relu) v = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ), v, zero);
                v16_store(crow + j * ces, c->dtype, msk, v);
            }
        }
        j0 += len;
    }
    return 1;
}
