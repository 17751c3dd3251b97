/* GroupNorm kernel: per (n, g) row of C/group channels x HxW elements, mean and variance (two
 * passes, double accumulation), then y = (x - mean) * rstd * gamma[c] + beta[c], optionally
 * followed by SiLU y * sigmoid(y). */
#include <math.h>

#include "aclemu_op/fp16.h"
#include "group_norm_args.h"
#include "nn_kernel.h"
#include "quant_codec.h"

/* GroupNormSiluQuant (ops-nn norm/group_norm_silu_quant/op_kernel/group_norm_silu_quant_b16.h,
 * arch35/group_norm_silu_quant_regbase_base.h): per (n, g) row in FP32, y = x * (rstd * gamma)
 * + (beta - rstd * gamma * mean), silu = y / (1 + exp(-y)), then
 *  A2 / A3: the statistics as the kernel accumulates them (sum x and sum x^2 in FP32, rstd =
 *           1 / sqrt(E[x^2] - mean^2 + eps)); t = silu * fp32(1 / quantScale), cast to FP16
 *           (round to nearest even), clamped to [-128, 127], cast to INT8 with CAST_RINT;
 *  950:     Welford statistics (the two-pass double ones here); t = silu / quantScale, FP16 with
 *           round-to-odd, INT8 with CAST_RINT - one RINT of t, saturated. */
static void quant_row(const group_norm_args *a, int64_t r, float *row)
{
    int64_t cpg = a->C / a->group, g = r % a->group;
    int8_t *q = (int8_t *)nn_ptr(&a->y) + r * cpg * a->HxW;
    for (int64_t c = 0; c < cpg; c++) {
        float qs = (float)nn_load(&a->qscale, a->qscale_n == 1 ? 0 : g * cpg + c), inv = 1.0f / qs;
        const float *p = row + c * a->HxW;
        int8_t *o = q + c * a->HxW;
        for (int64_t i = 0; i < a->HxW; i++) {
            float t;
            if (a->quant == GN_Q_A2)
                t = aclemu_half_to_float(aclemu_float_to_half(p[i] * inv));
            else
                t = p[i] / qs;
            o[i] = (int8_t)quant_to_int(t, QUANT_RINT, -128, 127);
        }
    }
}

/* FP32 sums of x and x^2 over eight lanes, as the vector unit reduces them. */
static void f32_stats(const float *x, int64_t n, float *sum, float *sq)
{
    float s[8] = {0}, q[8] = {0};
    for (int64_t i = 0; i < n; i++) {
        s[i & 7] += x[i];
        q[i & 7] += x[i] * x[i];
    }
    *sum = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
    *sq = ((q[0] + q[1]) + (q[2] + q[3])) + ((q[4] + q[5]) + (q[6] + q[7]));
}

static int group_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(group_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const group_norm_args *a = (const group_norm_args *)args;
    int64_t cpg = a->C / a->group, len = cpg * a->HxW, s, e;
    nn_block_items(a->N * a->group, a->rows_per_block, blk, &s, &e);
    float *row = (float *)aclemu_worker_scratch((size_t)(len ? len : 1) * sizeof(float));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t xes = (int64_t)aclemu_kdtype_size(a->x.dtype), yes = (int64_t)aclemu_kdtype_size(a->y.dtype);
    const char *xp = (const char *)nn_ptr(&a->x);
    char *yp = (char *)nn_ptr(&a->y);
    for (int64_t r = s; r < e; r++) {
        aclemu_load_f32(row, xp + r * len * xes, a->x.dtype, xes, len);
        double sum = 0, q = 0;
        for (int64_t i = 0; i < len; i++) sum += row[i];
        double mean = sum / (double)len;
        for (int64_t i = 0; i < len; i++) q += ((double)row[i] - mean) * ((double)row[i] - mean);
        double var = q / (double)len, rstd = 1.0 / sqrt(var + a->eps);
        if (a->quant == GN_Q_A2) {
            float fs, fq, rec = 1.0f / (float)len;
            f32_stats(row, len, &fs, &fq);
            float fm = fs * rec;
            mean = fm;
            rstd = 1.0f / sqrtf(fq * rec - fm * fm + (float)a->eps);
        }
        int64_t g = r % a->group;
        for (int64_t c = 0; c < cpg; c++) {
            int64_t ch = g * cpg + c;
            double w = a->gamma.present ? nn_load(&a->gamma, ch) : 1.0, b = a->beta.present ? nn_load(&a->beta, ch) : 0.0;
            float k = (float)(rstd * w), o = (float)(b - mean * rstd * w);
            if (a->quant != GN_Q_NONE) {
                k = (float)rstd * (float)w;
                o = -k * (float)mean + (float)b;
            }
            float *p = row + c * a->HxW;
            for (int64_t i = 0; i < a->HxW; i++) p[i] = p[i] * k + o;
            if (a->silu)
                for (int64_t i = 0; i < a->HxW; i++) p[i] = p[i] / (1.0f + expf(-a->swish_scale * p[i]));
        }
        if (a->quant != GN_Q_NONE)
            quant_row(a, r, row);
        else
            aclemu_store_f32(yp + r * len * yes, a->y.dtype, yes, row, len);
        if (a->mean.present)
            nn_store(&a->mean, r, mean);
        if (a->rstd.present)
            nn_store(&a->rstd, r, a->stat_var ? var : rstd);
    }
    return 0;
}

ACLEMU_KERNEL("GroupNorm", group_norm_kernel);
