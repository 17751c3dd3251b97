/* NormDynQuant kernel, per row: x = x1 (+ x2) (+ bias), added in FP32 as the real kernels do
 * (the norm reads the FP32 sum, xOut holds it rounded to its dtype), rstd = 1 / sqrt(mean(x^2) +
 * eps) in FP32, y = x * rstd * gamma (+ beta); with `layer`: mean, rstd = 1 / sqrt(var + eps),
 * y = (x - mean) * rstd * gamma + beta; for each
 * enabled output k: v = y (* smooth_k), amax = max |v|, then
 *  A2:  inv = DMAX / amax, scale_k = 1 / inv, code = enc(v * inv);
 *  950: scale_k = amax * (1 / DMAX), code = enc(v / scale_k);
 * enc the quant driver's encoder (quant_codec.h: RINT + saturation for INT8, RNE + saturation
 * for FP8). */
#include "acl/acl_base.h"
#include "norm_dyn_quant_args.h"
#include "norm_rows.h"
#include "quant_codec.h"
#include "quant_runs.h"

static void quant_out(const norm_dyn_quant_args *a, const float *y, const nn_cbuf *smooth, float *sm, float *v,
                      const nn_cbuf *out, const nn_cbuf *scale, int64_t r)
{
    int64_t n = a->h.n;
    const float *src = y; /* y itself when there is no smooth scale (no copy) */
    if (smooth->present) {
        for (int64_t i = 0; i < n; i++)
            v[i] = y[i] * sm[i];
        src = v;
    }
    float amax = quant_amax_run(src, n);
    int a2 = a->style == NDQ_STYLE_A2;
    float inv = a2 ? a->dst_max / amax : 0.0f;
    float s = a2 ? 1.0f / inv : amax * (1.0f / a->dst_max);
    uint8_t *q = (uint8_t *)nn_ptr(out) + r * n;
    if (a->code == ACL_INT8) { /* the scaling inside the INT8 run */
        quant_i8_rint_affine_run(src, (int8_t *)q, n, a2 ? inv : s, !a2, 0.0f, 0);
    } else {
        for (int64_t i = 0; i < n; i++)
            v[i] = a2 ? src[i] * inv : src[i] / s;
        for (int64_t i = 0; i < n; i++)
            q[i] = (uint8_t)quant_encode(v[i], a->code, QUANT_RINT);
    }
    nr_store(scale, r, 1, &s);
}

static int norm_dyn_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(norm_dyn_quant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const norm_dyn_quant_args *a = (const norm_dyn_quant_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(8, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *t = x + n, *g = t + n, *b = g + n, *s1 = b + n, *s2 = s1 + n, *v = s2 + n, *bias = v + n;
    if (!a->bias_rows)
        nr_load(&a->bias, 0, n, bias);
    nr_load(&a->gamma, 0, n, g);
    nr_load(&a->beta, 0, n, b);
    nr_load(&a->smooth1, 0, n, s1);
    nr_load(&a->smooth2, 0, n, s2);
    for (int64_t r = s; r < e; r++) {
        nr_load_sum(&a->x1, &a->x2, &a->bias, a->bias_rows, r, n, x, t, bias);
        nr_store(&a->xout, r * n, n, x);
        if (a->layer) {
            float mean, rstd;
            nr_layer_stats(x, n, a->h.eps, &mean, &rstd);
            for (int64_t i = 0; i < n; i++)
                x[i] = (x[i] - mean) * rstd * g[i] + b[i];
        } else {
            float rstd = nr_rms_rstd(x, n, a->h.eps);
            for (int64_t i = 0; i < n; i++)
                x[i] = a->beta.present ? x[i] * rstd * g[i] + b[i] : x[i] * rstd * g[i];
        }
        if (a->y1.present)
            quant_out(a, x, &a->smooth1, s1, v, &a->y1, &a->scale1, r);
        if (a->y2.present)
            quant_out(a, x, &a->smooth2, s2, v, &a->y2, &a->scale2, r);
    }
    return 0;
}

ACLEMU_KERNEL("NormDynQuant", norm_dyn_quant_kernel);
