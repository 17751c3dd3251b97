/* LinearCeGrad (flceg_args.h), per row in FP32 in the real kernels' order (ops-nn
 * matmul/fused_linear_cross_entropy_loss_grad/op_kernel: _high_perf.h updates the softmax then
 * multiplies; _mem_friendly.h: l + (-lmax), Exp, Div by sumexp, the target update, Muls grad),
 * then Cast to FLOAT16 / BF16 with CAST_RINT. A target outside [0, V) updates nothing. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "flceg_args.h"

static char *at(const aclemu_tdesc *t, int64_t i, int64_t j)
{
    return (char *)(uintptr_t)t->addr +
           (t->offset + i * t->stride[0] + j * (t->ndim > 1 ? t->stride[1] : 0)) * (int64_t)aclemu_kdtype_size(t->dtype);
}

static float f32_at(const aclemu_tdesc *t, int64_t i)
{
    float v;
    aclemu_load_f32(&v, at(t, i, 0), t->dtype, 0, 1);
    return v;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(flceg_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const flceg_args *a = (const flceg_args *)args;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->bt, a->per_block, blk, &s, &e);
    float *row = (float *)aclemu_worker_scratch((size_t)(a->v > 0 ? a->v : 1) * sizeof(float));
    if (!row)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t gs = aclemu_kdtype_size(a->g_dtype);
    for (int64_t b = (int64_t)s; b < (int64_t)e; b++) {
        if (a->has_soft) {
            aclemu_load_f32(row, at(&a->soft, b, 0), a->soft.dtype, a->soft.stride[1] * 4, a->v);
        } else {
            const float *l = (const float *)(uintptr_t)a->logits + b * a->v;
            float nmax = -f32_at(&a->lmax, b), se = f32_at(&a->sumexp, b);
            for (int64_t j = 0; j < a->v; j++)
                row[j] = expf(l[j] + nmax) / se;
        }
        int masked;
        if (a->mask_bits) {
            uint8_t byte = *(const uint8_t *)at(&a->mask, b / 8, 0);
            masked = (byte >> (b % 8)) & 1;
        } else {
            masked = *(const uint8_t *)at(&a->mask, b, 0) != 0;
        }
        if (!masked) {
            int64_t t = 0;
            aclemu_load_i64(&t, at(&a->target, b, 0), a->target.dtype, 0, 1);
            if (t >= 0 && t < a->v)
                row[t] = row[t] - 1.0f;
        }
        float gr = f32_at(&a->grad, b);
        for (int64_t j = 0; j < a->v; j++)
            row[j] = row[j] * gr;
        aclemu_store_f32((char *)(uintptr_t)a->g + (size_t)b * (size_t)a->v * gs, a->g_dtype, (int64_t)gs, row, a->v);
    }
    return 0;
}

ACLEMU_KERNEL("LinearCeGrad", k);
