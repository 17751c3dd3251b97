/* WqbmmMsd: the MSD (multi-step decomposition) A16W4 matmul of
 * experimental/matmul/weight_quant_batch_matmul_experiment (op_kernel/msd/..._vec_compute.h), per
 * row of x and group g of 128 along k, all in FP32 as the vector unit computes it:
 *   amax = max |x| over the group;  s0 = (x / amax) * 7.49,  A0 = round(s0)   (CAST_ROUND: half away)
 *   s1 = (s0 - A0) * 14.98, A1 = round(s1);  s2 = (s1 - A1) * 14.98, A2 = round(s2)
 *   (three INT4 slices; NaN, from an all-zero group, becomes 0 on the cast to INT4)
 *   Y_i = sum over the group of A_i * w (the Cube unit's exact INT32 sums)
 *   yc = 0; yc += fp32(Y_i) * d_i (Axpy; d = 1/7.49, 1/(7.49 * 14.98), 1/(7.49 * 14.98 * 14.98), FP32)
 *   yc = yc * scale[g][n];  ysum = yc * amax + ysum (MulAddDst), groups in order
 * then y = fp16(ysum), round to nearest even (CAST_RINT). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "wqbmm_exp_args.h"

#define MSD_GROUP 128

static float ld16(const aclemu_tdesc *d, int64_t r, int64_t c)
{
    uint16_t h;
    memcpy(&h, (const char *)(uintptr_t)d->addr + (d->offset + r * d->stride[0] + c * d->stride[1]) * 2, 2);
    return aclemu_half_to_float(h);
}

static int8_t slice(float v)
{
    if (isnan(v))
        return 0;
    return (int8_t)roundf(v); /* |v| <= 7.49 */
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(wqbmm_exp_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const wqbmm_exp_args *a = args;
    if (a->k % MSD_GROUP || a->x.ndim != 2 || a->y.ndim != 2 || a->scale.ndim != 2)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int64_t M = a->m, K = a->k, N = a->n, G = K / MSD_GROUP;
    uint64_t s, e;
    aclemu_block_range((uint64_t)N, a->cols_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    const int64_t nc = (int64_t)(e - s);
    int8_t *w = malloc((size_t)(K * nc)); /* the block's columns of the weight, decoded */
    int8_t *A = malloc((size_t)(3 * K));
    float *amax = malloc((size_t)G * sizeof(float)), *ysum = malloc((size_t)nc * sizeof(float));
    if (!w || !A || !amax || !ysum) {
        free(w), free(A), free(amax), free(ysum);
        return ACLEMU_KERNEL_BAD_ARGS; /* out of host memory */
    }
    const uint8_t *wb = (const uint8_t *)(uintptr_t)a->weight;
    for (int64_t q = 0; q < K; q++)
        for (int64_t j = 0; j < nc; j++) {
            int64_t el = a->w_off + q * N + (int64_t)s + j;
            int v = (el & 1) ? wb[el >> 1] >> 4 : wb[el >> 1] & 0xf;
            w[q * nc + j] = (int8_t)(v >= 8 ? v - 16 : v);
        }
    const float f1 = 7.49f, f2 = 14.98f;
    const float d0 = 1.0f / f1, d1 = 1.0f / (f1 * f2), d2 = 1.0f / (f1 * f2 * f2);
    for (int64_t r = 0; r < M; r++) {
        for (int64_t g = 0; g < G; g++) {
            float mx = 0.0f;
            for (int64_t q = g * MSD_GROUP; q < (g + 1) * MSD_GROUP; q++)
                mx = fmaxf(mx, fabsf(ld16(&a->x, r, q)));
            amax[g] = mx;
            for (int64_t q = g * MSD_GROUP; q < (g + 1) * MSD_GROUP; q++) {
                float s0 = (ld16(&a->x, r, q) / mx) * f1;
                int8_t a0 = slice(s0);
                float s1 = (s0 - (float)a0) * f2;
                int8_t a1 = slice(s1);
                float s2 = (s1 - (float)a1) * f2;
                A[q] = a0;
                A[K + q] = a1;
                A[2 * K + q] = slice(s2);
            }
        }
        for (int64_t j = 0; j < nc; j++)
            ysum[j] = 0.0f;
        for (int64_t g = 0; g < G; g++)
            for (int64_t j = 0; j < nc; j++) {
                int32_t y0 = 0, y1 = 0, y2 = 0;
                for (int64_t q = g * MSD_GROUP; q < (g + 1) * MSD_GROUP; q++) {
                    int32_t wv = w[q * nc + j];
                    y0 += A[q] * wv;
                    y1 += A[K + q] * wv;
                    y2 += A[2 * K + q] * wv;
                }
                float yc = 0.0f;
                yc = yc + (float)y0 * d0;
                yc = yc + (float)y1 * d1;
                yc = yc + (float)y2 * d2;
                yc = yc * ld16(&a->scale, g, (int64_t)s + j);
                ysum[j] = yc * amax[g] + ysum[j];
            }
        for (int64_t j = 0; j < nc; j++) {
            uint16_t h = aclemu_float_to_half(ysum[j]);
            memcpy((char *)(uintptr_t)a->y.addr + (a->y.offset + r * a->y.stride[0] + ((int64_t)s + j) * a->y.stride[1]) * 2,
                   &h, 2);
        }
    }
    free(w), free(A), free(amax), free(ysum);
    return 0;
}

ACLEMU_KERNEL("WqbmmMsd", k);
