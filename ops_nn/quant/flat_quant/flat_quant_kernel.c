/* FlatQuant kernel: one slice k of v = P1 · x[k] · P2 (FP16, computed by the two CubeGemm launches
 * before it) per step, quantized to INT4 as the A2 / A3 and 950 INT4 kernels do
 * (quant/flat_quant/op_kernel/flat_quant_vec.h Quant / SplitQuant, flat_quant_high.h):
 *   m = max |v| over the slice (FP16 values), quantScale[k] = m · clipRatio / 7 (FP32),
 *   mult = m != 0 ? (7 / clipRatio) / m : 7, code = Cast(Cast_fp16_rint(v · mult)) to INT4
 *   (the half is rounded to an integer half-to-even and saturated to [-8, 7]).
 * With a group list (V3), slices from quantK on (GetQuantK of tensor_utils.h: the last cumulative
 * end, the sum of the counts, or the sum of the pairs' counts; quantK <= 0 or >= K means K) get
 * zero codes and a zero scale (ClearGM). */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "flat_quant_args.h"
#include "quant_codec.h"

#define KERNEL_BAD_ARGS 507015

static int64_t quant_k(const flat_quant_args *a)
{
    if (!a->group.addr || a->groups <= 0)
        return a->K;
    const int64_t *g = (const int64_t *)(uintptr_t)a->group.addr + a->group.offset;
    int64_t q = 0;
    if (a->group_type == 0)
        q = g[(a->groups - 1) * a->group.stride[0]];
    else if (a->group_type == 1)
        for (int64_t i = 0; i < a->groups; i++)
            q += g[i * a->group.stride[0]];
    else
        for (int64_t i = 0; i < a->groups; i++)
            q += g[i * a->group.stride[0] + a->group.stride[1]];
    return (q > 0 && q < a->K) ? q : a->K;
}

static int flat_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(flat_quant_args))
        return KERNEL_BAD_ARGS;
    const flat_quant_args *a = (const flat_quant_args *)args;
    uint64_t k0, k1;
    aclemu_block_range((uint64_t)a->K, (uint64_t)a->per_block, blk, &k0, &k1);
    if (k0 >= k1)
        return 0;
    int64_t qk = quant_k(a);
    const uint16_t *v = (const uint16_t *)(uintptr_t)a->v;
    /* out's first byte: INT4 counts two elements a byte, INT32 holds eight */
    int64_t out_byte = a->out.dtype == ACL_INT32 ? a->out.offset * 4 : a->out.offset / 2;
    uint8_t *out = (uint8_t *)(uintptr_t)a->out.addr + out_byte;
    float *scale = (float *)(uintptr_t)a->scale.addr + a->scale.offset;
    int64_t sstride = a->scale.stride[0];
    int64_t row_bytes = a->MN / 2;
    for (int64_t k = (int64_t)k0; k < (int64_t)k1; k++) {
        uint8_t *o = out + k * row_bytes;
        if (k >= qk) {
            memset(o, 0, (size_t)row_bytes);
            scale[k * sstride] = 0.0f;
            continue;
        }
        const uint16_t *r = v + k * a->MN;
        float m = 0.0f;
        for (int64_t i = 0; i < a->MN; i++) {
            float f = fabsf(aclemu_half_to_float(r[i]));
            if (f != f || f > m) /* a NaN max stays (ComputeMaxValue) */
                m = f;
            if (m != m)
                break;
        }
        scale[k * sstride] = m * a->clip / 7.0f;
        float mult = m != 0.0f ? (7.0f / a->clip) / m : 7.0f;
        for (int64_t i = 0; i < a->MN; i += 2) {
            int32_t c[2];
            for (int j = 0; j < 2; j++) {
                float h = aclemu_half_to_float(aclemu_float_to_half(aclemu_half_to_float(r[i + j]) * mult));
                c[j] = quant_to_int(h, QUANT_RINT, -8, 7);
            }
            o[i / 2] = (uint8_t)((c[0] & 0xF) | ((c[1] & 0xF) << 4));
        }
    }
    return 0;
}
ACLEMU_KERNEL("FlatQuant", flat_quant_kernel);
