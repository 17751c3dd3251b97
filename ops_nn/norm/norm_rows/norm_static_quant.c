/* NormStaticQuant kernel, per row: x = x1 (+ x2) (+ bias) in FP32 (xOut holds it rounded to its
 * dtype; the norm reads that value with round_sum, else the FP32 sum), mean and rstd = 1 / sqrt(var + eps) in FP32 (biased
 * variance), y = (x - mean) * rstd * gamma + beta (stored to yn when given, before beta with yn_pre_beta); for each enabled output k: v = y / s_k + z_k
 * (NSQ_DIV), y * s_k + z_k (NSQ_MUL) or y * (1 / s_k) + z_k with s_k = 0 read as 1 (NSQ_RECIP);
 * optionally rounded to FP16 (the kernels that cast FP32 -> FP16 -> INT8), then the quant
 * driver's encoder (INT8 / INT4: round half to even, saturated, NaN -> 0; FP8: nearest even,
 * saturated). With `rms`: rstd = 1 / sqrt(mean(x^2) + eps), y = x * rstd * gamma (+ beta). */
#include "acl/acl_base.h"
#include "norm_quant_epilogue.h"
#include "norm_rows.h"
#include "norm_static_quant_args.h"

static void quant_out(const norm_static_quant_args *a, const float *y, const float *s, const float *z, float *q,
                      float *tmp)
{
    int64_t n = a->h.n, sn = a->scale_n;
    for (int64_t i = 0; i < n; i++) {
        int64_t k = sn == 1 ? 0 : i;
        float sc = s[k], v;
        if (a->mode == NSQ_DIV)
            v = y[i] / sc;
        else if (a->mode == NSQ_MUL)
            v = y[i] * sc;
        else
            v = y[i] * (1.0f / (sc == 0.0f ? 1.0f : sc));
        q[i] = v + (z ? z[k] : 0.0f);
    }
    if (a->fp16_stage)
        nr_round(q, n, ACL_FLOAT16, tmp);
    if (a->code == 0 || a->code == ACL_INT8)
        for (int64_t i = 0; i < n; i++)
            q[i] = (float)quant_to_int(q[i], QUANT_RINT, -128, 127);
}

/* Row r of y: INT8 through nr_store, the other codes written as bytes (INT4: two per byte, the
 * even element in the low nibble; n even). */
static void store_out(const norm_static_quant_args *a, const nn_cbuf *y, int64_t r, const float *q)
{
    int64_t n = a->h.n;
    if (a->code == 0 || a->code == ACL_INT8) {
        nr_store(y, r * n, n, q);
        return;
    }
    uint8_t *p = (uint8_t *)nn_ptr(y);
    if (a->code == ACL_INT4) {
        p += r * (n / 2);
        for (int64_t i = 0; i + 1 < n; i += 2)
            p[i / 2] = (uint8_t)(quant_encode(q[i], ACL_INT4, QUANT_RINT) |
                                 (quant_encode(q[i + 1], ACL_INT4, QUANT_RINT) << 4));
        return;
    }
    p += r * n;
    for (int64_t i = 0; i < n; i++)
        p[i] = (uint8_t)quant_encode(q[i], a->code, QUANT_RINT);
}

static int norm_static_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(norm_static_quant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const norm_static_quant_args *a = (const norm_static_quant_args *)args;
    int64_t s, e, n = a->h.n, sn = a->scale_n;
    if (sn != 1 && sn != n)
        return ACLEMU_KERNEL_BAD_ARGS;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(10, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *t = x + n, *g = t + n, *b = g + n, *bias = b + n, *s1 = bias + n, *s2 = s1 + n, *z1 = s2 + n,
          *z2 = z1 + n, *q = z2 + n;
    nr_load(&a->gamma, 0, n, g);
    nr_load(&a->beta, 0, n, b);
    for (int64_t i = 0; !a->beta.present && i < n; i++)
        b[i] = 0.0f;
    if (!a->bias_rows)
        nr_load(&a->bias, 0, n, bias);
    nr_load(&a->s1, 0, sn, s1);
    nr_load(&a->s2, 0, sn, s2);
    nr_load(&a->z1, 0, sn, z1);
    nr_load(&a->z2, 0, sn, z2);
    for (int64_t r = s; r < e; r++) {
        nr_load_sum(&a->x1, &a->x2, &a->bias, a->bias_rows, r, n, x, t, bias);
        if (a->round_sum)
            nr_round(x, n, a->x1.dtype, t);
        nr_store(&a->xout, r * n, n, x);
        float mean = 0.0f, rstd;
        if (a->rms) {
            rstd = nr_rms_rstd(x, n, a->h.eps);
            nr_store(&a->rstd, r, 1, &rstd);
        } else {
            nr_layer_stats(x, n, a->h.eps, &mean, &rstd);
        }
        for (int64_t i = 0; i < n; i++)
            x[i] = a->rms ? x[i] * rstd * g[i] : (x[i] - mean) * rstd * g[i];
        if (a->yn_pre_beta)
            nr_store(&a->yn, r * n, n, x);
        for (int64_t i = 0; a->beta.present && i < n; i++) /* no beta: nothing added (-0 stays -0) */
            x[i] += b[i];
        if (!a->yn_pre_beta)
            nr_store(&a->yn, r * n, n, x);
        if (a->y1.present) { /* absent: only the norm's outputs (yn / rstd / xout) are wanted */
            quant_out(a, x, s1, a->z1.present ? z1 : NULL, q, t);
            store_out(a, &a->y1, r, q);
        }
        if (a->y2.present) {
            quant_out(a, x, s2, a->z2.present ? z2 : NULL, q, t);
            store_out(a, &a->y2, r, q);
        }
    }
    return 0;
}

ACLEMU_KERNEL("NormStaticQuant", norm_static_quant_kernel);
