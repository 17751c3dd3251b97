/* WeightAntiquant: W'(k, n) = (weight(k, n) + offset(r, c)) * scale(r, c) with r = k / group
 * (0 without groups) and c = n (0 when per tensor), written row-major in x's dtype. FP16: the
 * add and the multiply each round to FP16 (the vector unit's FP16 arithmetic); BF16: FP32 math
 * rounded once. INT4 elements are nibbles (even element index: low nibble), sign-extended; an
 * INT32 weight holds eight INT4 along n, lowest nibble first. */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "wqbmm_args.h"

static int32_t int4_at(const uint8_t *base, int64_t e)
{
    uint8_t b = base[e >> 1];
    int32_t v = (e & 1) ? (b >> 4) : (b & 0xf);
    return v >= 8 ? v - 16 : v;
}

static int32_t weight_at(const aclemu_tdesc *w, int64_t kk, int64_t nn)
{
    const uint8_t *base = (const uint8_t *)(uintptr_t)w->addr;
    if (w->dtype == ACL_INT8)
        return ((const int8_t *)base)[w->offset + kk * w->stride[0] + nn * w->stride[1]];
    if (w->dtype == ACL_INT4)
        return int4_at(base, w->offset + kk * w->stride[0] + nn * w->stride[1]);
    int32_t word; /* INT32: eight INT4 along n */
    memcpy(&word, base + (w->offset + kk * w->stride[0] + (nn / 8) * w->stride[1]) * 4, 4);
    int32_t v = (int32_t)(((uint32_t)word >> (4 * (nn % 8))) & 0xf);
    return v >= 8 ? v - 16 : v;
}

static float param_at(const aclemu_tdesc *d, int64_t r, int64_t c)
{
    float v;
    aclemu_load_f32(&v, (const char *)(uintptr_t)d->addr + (d->offset + r * d->stride[0] + c * d->stride[1]) * 2,
                    d->dtype, 2, 1);
    return v;
}

static float round_to(int32_t dt, float v)
{
    return dt == ACL_FLOAT16 ? aclemu_half_to_float(aclemu_float_to_half(v)) : v;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(wqbmm_antiquant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const wqbmm_antiquant_args *a = args;
    if (a->weight.ndim != 2 || a->scale.ndim != 2 || (a->out_dtype != ACL_FLOAT16 && a->out_dtype != ACL_BF16))
        return ACLEMU_KERNEL_BAD_ARGS;
    const int has_off = a->offset.addr != 0;
    float row[ACLEMU_CHUNK];
    char *out = (char *)(uintptr_t)a->out;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->K, a->rows_per_block, blk, &s, &e);
    for (int64_t kk = (int64_t)s; kk < (int64_t)e; kk++) {
        int64_t r = a->group ? kk / a->group : 0;
        if (r >= a->scale.shape[0])
            r = a->scale.shape[0] - 1; /* per tensor / per channel: one row (stride 0) */
        for (int64_t c0 = 0; c0 < a->N; c0 += ACLEMU_CHUNK) {
            int64_t m = a->N - c0 < ACLEMU_CHUNK ? a->N - c0 : ACLEMU_CHUNK;
            for (int64_t i = 0; i < m; i++) {
                int64_t nn = c0 + i, c = a->scale.shape[1] == 1 ? 0 : nn;
                float w = (float)weight_at(&a->weight, kk, nn);
                if (has_off)
                    w = round_to(a->out_dtype, w + param_at(&a->offset, r, c));
                row[i] = round_to(a->out_dtype, w * param_at(&a->scale, r, c));
            }
            aclemu_store_f32(out + (kk * a->N + c0) * 2, a->out_dtype, 2, row, m);
        }
    }
    return 0;
}

ACLEMU_KERNEL("WeightAntiquant", k);
