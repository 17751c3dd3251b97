/* QmmF8Decode / QmmF8Dequant: the FP8 quantized matmuls' steps around the GEMM engine (see
 * qf8_args.h). Numerics: the FP8 codes decode exactly (E4M3FN: no infinities, S.1111.111 NaN;
 * E5M2: IEEE-like; HIFLOAT8 by quant_from_hif8), E8M0 scales are 2^(c - 127) with 0xFF NaN (quant_codec.h); the dequantisation
 * follows the arch35 TransposeQuantBatchMatMul kernel's VFDoDequant: FP32 (acc * x2Scale[n]) *
 * x1Scale[m], then one cast to FLOAT16 / BFLOAT16 (round to nearest even). */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "qf8_args.h"
#include "quant_codec.h"
#include "quant_param_bits.h"

static int64_t qf8_idx(int64_t j, int64_t split, int64_t s, int64_t outer)
{
    return split > 0 ? (j % split) * s + (j / split) * outer : j * s;
}

static int qf8_decode_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(qf8_decode_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const qf8_decode_args *a = (const qf8_decode_args *)args;
    const int fp4 = a->src_dtype == ACL_FLOAT4_E2M1;
    if (a->src_dtype != ACL_FLOAT8_E4M3FN && a->src_dtype != ACL_FLOAT8_E5M2 && a->src_dtype != ACL_HIFLOAT8 && !fp4)
        return ACLEMU_KERNEL_BAD_ARGS;
    if (a->scale && a->scale_dtype != ACL_FLOAT8_E8M0 && a->scale_dtype != ACL_BF16 && a->scale_dtype != ACL_FLOAT16)
        return ACLEMU_KERNEL_BAD_ARGS;
    float lut[256];
    for (uint32_t c = 0; c < 256; c++)
        lut[c] = fp4 ? quant_from_fp4(c & 0xf, 0) * (a->fp4_as_e4m3 ? 0.015625f : 1.0f) : quant_decode(c, a->src_dtype);
    const uint8_t *src = (const uint8_t *)(uintptr_t)a->src;
    const uint8_t *sc = (const uint8_t *)(uintptr_t)a->scale;
    float *dst = (float *)(uintptr_t)(a->dst + (uint64_t)a->dst_off);
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > a->nb * a->rows)
        r1 = a->nb * a->rows;
    for (int64_t r = r0; r < r1; r++) {
        int64_t b = r / a->rows, i = r % a->rows;
        int64_t base = a->off + b * a->sb + qf8_idx(i, a->isplit, a->si, a->iouter);
        float *d = dst + r * a->K;
        if (fp4) { /* element e: byte e / 2, low nibble for even e */
            for (int64_t k = 0; k < a->K; k++) {
                int64_t e = base + qf8_idx(k, a->ksplit, a->sk, a->kouter);
                d[k] = lut[(src[e >> 1] >> ((e & 1) * 4)) & 0xf];
            }
        } else if (a->ksplit == 0 && a->sk == 1) {
            const uint8_t *row = src + base;
            for (int64_t k = 0; k < a->K; k++) d[k] = lut[row[k]];
        } else {
            const uint8_t *row = src + base;
            for (int64_t k = 0; k < a->K; k++) d[k] = lut[row[qf8_idx(k, a->ksplit, a->sk, a->kouter)]];
        }
        if (sc) {
            int64_t so = a->soff + b * a->ssb + i * a->ssi;
            for (int64_t k0 = 0; k0 < a->K; k0 += 32) {
                int64_t at = so + (k0 / 64) * a->ssk64 + ((k0 / 32) & 1) * a->ss2;
                float s;
                if (a->scale_dtype == ACL_FLOAT8_E8M0)
                    s = quant_from_e8m0(sc[at]);
                else
                    aclemu_load_f32(&s, (const char *)(sc + at * 2), a->scale_dtype, 0, 1);
                int64_t k1 = k0 + 32 < a->K ? k0 + 32 : a->K;
                for (int64_t k = k0; k < k1; k++) d[k] *= s;
            }
        }
    }
    return 0;
}
ACLEMU_KERNEL("QmmF8Decode", qf8_decode_kernel);

static int qf8_dequant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(qf8_dequant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const qf8_dequant_args *a = (const qf8_dequant_args *)args;
    const float *acc = (const float *)(uintptr_t)(a->acc + (uint64_t)a->acc_off);
    const float *s1 = (const float *)(uintptr_t)a->s1, *s2 = (const float *)(uintptr_t)a->s2;
    const float *bias = (const float *)(uintptr_t)a->bias;
    const int bias16 = a->bias_dtype == ACL_BF16 || a->bias_dtype == ACL_FLOAT16;
    if (a->bias_dtype != 0 && a->bias_dtype != ACL_FLOAT && !bias16)
        return ACLEMU_KERNEL_BAD_ARGS;
    char *out = (char *)(uintptr_t)a->out;
    const int64_t oes = (int64_t)aclemu_kdtype_size(a->out_dtype);
    float row[ACLEMU_CHUNK];
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > a->nb * a->M)
        r1 = a->nb * a->M;
    for (int64_t r = r0; r < r1; r++) {
        int64_t b = r / a->M, m = r % a->M;
        const float *ar = acc + r * a->N;
        float pt = s1 ? s1[a->s1_off + m * a->s1_s] : 1.0f;
        for (int64_t n0 = 0; n0 < a->N; n0 += ACLEMU_CHUNK) {
            int64_t cnt = a->N - n0 < ACLEMU_CHUNK ? a->N - n0 : ACLEMU_CHUNK;
            for (int64_t j = 0; j < cnt; j++) {
                float sc = !s2 ? 1.0f
                           : a->s2_param ? quant_param_scale(((const uint64_t *)(const void *)s2)[a->s2_off + (n0 + j) * a->s2_s])
                                         : s2[a->s2_off + (n0 + j) * a->s2_s];
                float bv = 0.0f;
                if (bias) {
                    int64_t bi = a->bias_off + b * a->bias_sb + (n0 + j) * a->bias_sn;
                    if (bias16)
                        aclemu_load_f32(&bv, (const char *)(const void *)bias + bi * 2, a->bias_dtype, 0, 1);
                    else
                        bv = bias[bi];
                }
                float v = (a->bias_first ? ar[n0 + j] + bv : ar[n0 + j]) * sc;
                v = s1 ? v * pt : v;
                row[j] = a->bias_first || !bias ? v : v + bv;
            }
            if (a->add_out) { /* FLOAT out += value (one FP32 add) */
                float *o = (float *)(void *)(out + (a->out_off + b * a->osb + m * a->osm + n0 * a->osn) * 4);
                for (int64_t j = 0; j < cnt; j++)
                    o[j * a->osn] += row[j];
                continue;
            }
            aclemu_store_f32(out + (a->out_off + b * a->osb + m * a->osm + n0 * a->osn) * oes, a->out_dtype,
                             a->osn * oes, row, cnt);
        }
    }
    return 0;
}
ACLEMU_KERNEL("QmmF8Dequant", qf8_dequant_kernel);
