/* Portable epilogue: alpha, bias, beta*D, activation, one rounding to C's dtype. */
#include <math.h>

#include "gemm_internal.h"
#include "numerics.h"

void gemm_epilogue(const gemm_plan *p, int64_t batch, int64_t m0, int64_t mc, int64_t n0, int64_t nc,
                   const float *acc, int64_t ldacc)
{
    const gemm_desc *d = &p->d;
    const gemm_view *c = &d->c, *dv = &d->d, *bv = &d->bias;
    char *cbase = (char *)c->ptr + gemm_batch_offset(p, c, batch) * gemm_dtype_size(c->dtype);
    const char *dbase = NULL, *bbase = NULL;
    if (dv->ptr && d->beta != 0.0f)
        dbase = (const char *)dv->ptr + gemm_batch_offset(p, dv, batch) * gemm_dtype_size(dv->dtype);
    if (bv->ptr) bbase = (const char *)bv->ptr + gemm_batch_offset(p, bv, batch) * gemm_dtype_size(bv->dtype);
    for (int64_t i = 0; i < mc; i++) {
        int64_t m = m0 + i;
        for (int64_t j = 0; j < nc; j++) {
            int64_t n = n0 + j;
            float v = d->alpha * acc[i * ldacc + j];
            if (bbase) v += gemm_load_f32(bbase, bv->dtype, m * bv->rs + gemm_view_joff(bv, n));
            if (dbase) v += d->beta * gemm_load_f32(dbase, dv->dtype, m * dv->rs + gemm_view_joff(dv, n));
            v = gemm_act_apply(d->act, d->act_param, v);
            int64_t off = m * c->rs + gemm_view_joff(c, n);
            switch (c->dtype) {
            case GEMM_F16: ((uint16_t *)cbase)[off] = gemm_f32_to_f16(v); break;
            case GEMM_BF16: ((uint16_t *)cbase)[off] = gemm_f32_to_bf16(v); break;
            default: ((float *)cbase)[off] = v; break;
            }
        }
    }
}
