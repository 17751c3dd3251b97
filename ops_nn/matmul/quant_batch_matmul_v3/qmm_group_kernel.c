/* QuantGemmGroup: the K-grouped quantized matmul routes of aclnnQuantMatmulV5 (A2 / A3; K-G INT4 on the 950) (math
 * in qmm_group_args.h). The group sums are exact integer sums (the Cube's INT32 L0C); the FP16 /
 * FP32 steps follow the real kernels named there. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "qmm_group_args.h"
#include "quant_param_bits.h"

#define QMMG_NC 256 /* columns per pass */

static int32_t qmmg_int4(const uint8_t *base, int64_t e)
{
    uint8_t b = base[e >> 1];
    int32_t v = (e & 1) ? (b >> 4) : (b & 0xf);
    return v >= 8 ? v - 16 : v;
}

static int32_t qmmg_x2(const qmmg_args *a, int64_t k, int64_t n)
{
    int64_t e = a->x2_off + k * a->x2_rs + n * a->x2_cs;
    if (a->mode == QMMG_A8W4 || a->mode == QMMG_KG_INT4)
        return qmmg_int4((const uint8_t *)(uintptr_t)a->x2, e);
    return ((const int8_t *)(uintptr_t)a->x2)[e];
}

static void qmmg_a8w4_row(const qmmg_args *a, int64_t m, int64_t n0, int64_t nc, float *res)
{
    const int8_t *x1 = (const int8_t *)(uintptr_t)a->x1;
    const uint64_t *x2s = (const uint64_t *)(uintptr_t)a->x2s;
    uint16_t whi[QMMG_NC], wlo[QMMG_NC];
    int32_t ahi[QMMG_NC], alo[QMMG_NC];
    for (int64_t k0 = 0, g = 0; k0 < a->K; k0 += a->gk, g++) {
        int64_t k1 = k0 + a->gk < a->K ? k0 + a->gk : a->K;
        memset(ahi, 0, sizeof ahi);
        memset(alo, 0, sizeof alo);
        for (int64_t k = k0; k < k1; k++) {
            int32_t x = x1[a->x1_off + m * a->x1_rs + k * a->x1_cs];
            int32_t hi = (int32_t)floor(x / 16.0), lo = (x & 15) - 8; /* msd pre-kernel split */
            for (int64_t j = 0; j < nc; j++) {
                int32_t w = qmmg_x2(a, k, n0 + j);
                ahi[j] += hi * w;
                alo[j] += lo * w;
            }
        }
        for (int64_t j = 0; j < nc; j++) {
            float s = quant_param_scale(x2s[a->x2s_off + g * a->x2s_rs + (n0 + j) * a->x2s_cs]);
            uint16_t h = aclemu_float_to_half((float)ahi[j] * s), l = aclemu_float_to_half((float)alo[j] * s);
            if (g == 0) {
                whi[j] = h;
                wlo[j] = l;
            } else { /* atomic FP16 add of GetTensorC(..., enAtomic) */
                whi[j] = aclemu_float_to_half(aclemu_half_to_float(whi[j]) + aclemu_half_to_float(h));
                wlo[j] = aclemu_float_to_half(aclemu_half_to_float(wlo[j]) + aclemu_half_to_float(l));
            }
        }
    }
    const float *yoff = (const float *)(uintptr_t)a->yoff, *x1s = (const float *)(uintptr_t)a->x1s;
    float ps = x1s[a->x1s_off + m * a->x1s_rs];
    for (int64_t j = 0; j < nc; j++) {
        float v = aclemu_half_to_float(wlo[j]) + aclemu_half_to_float(whi[j]) * 16.0f;
        v = v + yoff[a->yoff_off + (n0 + j) * a->yoff_cs];
        res[j] = v * ps;
    }
}

static void qmmg_perblock_row(const qmmg_args *a, int64_t m, int64_t n0, int64_t nc, float *res)
{
    const int8_t *x1 = (const int8_t *)(uintptr_t)a->x1;
    const float *x1s = (const float *)(uintptr_t)a->x1s, *x2s = (const float *)(uintptr_t)a->x2s;
    int32_t acc[QMMG_NC];
    for (int64_t j = 0; j < nc; j++)
        res[j] = 0.0f;
    for (int64_t k0 = 0, kb = 0; k0 < a->K; k0 += a->gk, kb++) {
        int64_t k1 = k0 + a->gk < a->K ? k0 + a->gk : a->K;
        memset(acc, 0, sizeof acc);
        for (int64_t k = k0; k < k1; k++) {
            int32_t x = x1[a->x1_off + m * a->x1_rs + k * a->x1_cs];
            for (int64_t j = 0; j < nc; j++)
                acc[j] += x * qmmg_x2(a, k, n0 + j);
        }
        float s1 = x1s[a->x1s_off + m * a->x1s_rs + kb * a->x1s_cs];
        for (int64_t j = 0; j < nc; j++) {
            float s = s1 * x2s[a->x2s_off + ((n0 + j) / a->gn) * a->x2s_rs + kb * a->x2s_cs];
            res[j] = (float)acc[j] * s + res[j];
        }
    }
    if (a->bias) {
        const float *b = (const float *)(uintptr_t)a->bias;
        for (int64_t j = 0; j < nc; j++)
            res[j] = b[a->bias_off + (n0 + j) * a->bias_cs] + res[j];
    }
}

static void qmmg_kg_int4_row(const qmmg_args *a, int64_t m, int64_t n0, int64_t nc, float *res)
{
    const uint8_t *x1 = (const uint8_t *)(uintptr_t)a->x1;
    const float *x1s = (const float *)(uintptr_t)a->x1s, *x2s = (const float *)(uintptr_t)a->x2s;
    const uint16_t *off = (const uint16_t *)(uintptr_t)a->yoff;
    int32_t acc[QMMG_NC];
    for (int64_t j = 0; j < nc; j++)
        res[j] = 0.0f;
    for (int64_t k0 = 0, g = 0; k0 < a->K; k0 += a->gk, g++) {
        int64_t k1 = k0 + a->gk < a->K ? k0 + a->gk : a->K;
        int32_t t = 0;
        memset(acc, 0, sizeof acc);
        for (int64_t k = k0; k < k1; k++) {
            int32_t x = qmmg_int4(x1, a->x1_off + m * a->x1_rs + k * a->x1_cs);
            t += x;
            for (int64_t j = 0; j < nc; j++)
                acc[j] += x * qmmg_x2(a, k, n0 + j);
        }
        for (int64_t j = 0; j < nc; j++) {
            float s = x2s[a->x2s_off + g * a->x2s_rs + (n0 + j) * a->x2s_cs];
            float o = aclemu_half_to_float(off[a->yoff_off + g * a->yoff_rs + (n0 + j) * a->yoff_cs]);
            res[j] += s * ((float)acc[j] - (float)t * o);
        }
    }
    float ps = x1s[a->x1s_off + m * a->x1s_rs];
    for (int64_t j = 0; j < nc; j++)
        res[j] *= ps;
}

static int qmmg_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(qmmg_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const qmmg_args *a = (const qmmg_args *)args;
    if ((a->mode != QMMG_A8W4 && a->mode != QMMG_PERBLOCK && a->mode != QMMG_KG_INT4) || a->gk < 1 || a->gn < 1 ||
        (a->out_dtype != ACL_FLOAT16 && a->out_dtype != ACL_BF16))
        return ACLEMU_KERNEL_BAD_ARGS;
    char *out = (char *)(uintptr_t)a->out;
    float res[QMMG_NC];
    int64_t m0 = (int64_t)blk->block_idx * a->rows_per_block, m1 = m0 + a->rows_per_block;
    if (m1 > a->M)
        m1 = a->M;
    for (int64_t m = m0; m < m1; m++)
        for (int64_t n0 = 0; n0 < a->N; n0 += QMMG_NC) {
            int64_t nc = a->N - n0 < QMMG_NC ? a->N - n0 : QMMG_NC;
            if (a->mode == QMMG_A8W4)
                qmmg_a8w4_row(a, m, n0, nc, res);
            else if (a->mode == QMMG_KG_INT4)
                qmmg_kg_int4_row(a, m, n0, nc, res);
            else
                qmmg_perblock_row(a, m, n0, nc, res);
            aclemu_store_f32(out + (a->out_off + m * a->out_rs + n0 * a->out_cs) * 2, a->out_dtype, a->out_cs * 2,
                             res, nc);
        }
    return 0;
}
ACLEMU_KERNEL("QuantGemmGroup", qmmg_kernel);
