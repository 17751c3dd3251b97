/* AdaLayerNorm kernel, per row in FP32: mean, rstd = 1 / sqrt(var + eps) (biased), then
 * out = ((x - mean) * rstd * w + b) * (1 + scale[batch]) + shift[batch] (w 1, b 0 when absent).
 *
 * AdaLayerNormQuant (ops-nn norm/ada_layer_norm/op_kernel/ada_layer_norm_base_v1.h, arch35/
 * ada_layer_norm_full_load.h): y as above kept in FP32, v = y * smooth, amax = max |v| (from 0),
 *  A2 / A3: quantScale = amax / 127; a row of a multi-row group is normalised as (x - mean) /
 *           sqrt(var + eps) and quantised as v / (amax * (1/127)), a single row (or H > 3072)
 *           as (x - mean) * rstd and v * (127 / amax); the result is cast to FP16 (CAST_RINT),
 *           then to INT8 with CAST_ROUND (half away from zero, saturating);
 *  950:     quantScale = amax * (1 / DMAX), code = cast(v / quantScale) (INT8: RINT, saturating;
 *           FLOAT8: the quant driver's RNE saturating encoder). */
#include "ada_layer_norm_args.h"
#include "aclemu_op/fp16.h"
#include "norm_rows.h"
#include "quant_codec.h"

/* 1 when row r lies in a multi-row group of the A2 kernel's per-core loop. */
static int a2_multi_row(const ada_layer_norm_args *a, int64_t r)
{
    if (a->group <= 1)
        return 0;
    int64_t single = a->h.rows / a->cores, tail = a->h.rows % a->cores;
    /* core c owns [c * single + min(c, tail), + single + (c < tail)) */
    int64_t c, start, cnt;
    if (r < tail * (single + 1)) {
        c = r / (single + 1);
        start = c * (single + 1);
        cnt = single + 1;
    } else {
        c = tail + (r - tail * (single + 1)) / single;
        start = c * single + tail;
        cnt = single;
    }
    int64_t gs = start + (r - start) / a->group * a->group;
    int64_t ge = gs + a->group < start + cnt ? gs + a->group : start + cnt;
    return ge - gs > 1;
}

static void quant_row(const ada_layer_norm_args *a, int64_t r, float *v, const float *sm, int multi)
{
    int64_t n = a->h.n;
    float amax = 0.0f;
    for (int64_t i = 0; i < n; i++) {
        if (a->smooth.present)
            v[i] *= sm[i];
        float m = fabsf(v[i]);
        if (m > amax || isnan(m))
            amax = m;
    }
    uint8_t *q = (uint8_t *)nn_ptr(&a->y) + r * n;
    float s;
    if (a->quant == ADA_Q_A2) {
        s = amax / 127.0f;
        float div = amax * (1.0f / 127.0f), mul = 127.0f / amax;
        for (int64_t i = 0; i < n; i++) {
            float t = multi ? v[i] / div : v[i] * mul;
            float h = aclemu_half_to_float(aclemu_float_to_half(t));
            q[i] = (uint8_t)quant_to_int(h, QUANT_ROUND, -128, 127);
        }
    } else {
        s = amax * (1.0f / a->dst_max);
        for (int64_t i = 0; i < n; i++)
            q[i] = (uint8_t)quant_encode(v[i] / s, a->code, QUANT_RINT);
    }
    nr_store(&a->qscale, r, 1, &s);
}

static int ada_layer_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ada_layer_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ada_layer_norm_args *a = (const ada_layer_norm_args *)args;
    int64_t s, e, n = a->h.n;
    nr_block_rows(&a->h, blk, &s, &e);
    float *x = nr_scratch(6, n);
    if (!x)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *w = x + n, *b = w + n, *sc = b + n, *sh = sc + n, *sm = sh + n;
    for (int64_t i = 0; i < n; i++) {
        w[i] = 1.0f;
        b[i] = 0.0f;
    }
    nr_load(&a->w, 0, n, w);
    nr_load(&a->b, 0, n, b);
    nr_load(&a->smooth, 0, n, sm);
    for (int64_t r = s; r < e; r++) {
        int64_t batch = r / a->S;
        float mean, rstd;
        nr_load(&a->x, r * n, n, x);
        nr_load(&a->scale, batch * n, n, sc);
        nr_load(&a->shift, batch * n, n, sh);
        nr_layer_stats(x, n, a->h.eps, &mean, &rstd);
        int multi = a->quant == ADA_Q_A2 && a2_multi_row(a, r);
        if (multi) {
            float sd = sqrtf(nr_sq_sum(x, n, mean) / (float)n + (float)a->h.eps); /* Sqrt, then Div */
            for (int64_t i = 0; i < n; i++)
                x[i] = ((x[i] - mean) / sd * w[i] + b[i]) * (1.0f + sc[i]) + sh[i];
        } else {
            for (int64_t i = 0; i < n; i++)
                x[i] = ((x[i] - mean) * rstd * w[i] + b[i]) * (1.0f + sc[i]) + sh[i];
        }
        if (a->quant != ADA_Q_NONE) {
            quant_row(a, r, x, sm, multi);
            continue;
        }
        nr_store(&a->y, r * n, n, x);
        nr_store(&a->mean, r, 1, &mean);
        nr_store(&a->rstd, r, 1, &rstd);
    }
    return 0;
}

ACLEMU_KERNEL("AdaLayerNorm", ada_layer_norm_kernel);
