/* TransQuantParamV2: the UINT64 quant parameters of quant_param_bits.h from FP32 tensors. The
 * offset is rounded to nearest even (the vector unit's CAST_RINT) and clamped to INT9; NaN
 * converts to 0 like the vector cast. One block: the op is tiny. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "quant_param_bits.h"
#include "tqp_v2_args.h"

static int32_t offset_int9(float f)
{
    if (f != f)
        return 0;
    float r = rintf(f);
    return r < -256.0f ? -256 : r > 255.0f ? 255 : (int32_t)r;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(tqp_v2_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const tqp_v2_args *a = args;
    if (blk->block_idx != 0)
        return 0;
    const float *scale = (const float *)(uintptr_t)a->scale, *offset = (const float *)(uintptr_t)a->offset;
    uint64_t *out = (uint64_t *)(uintptr_t)a->out;
    for (int64_t i = 0; i < a->len; i++) {
        int64_t si = a->scale_len == 1 ? 0 : i;
        float s = scale[a->scale_off + si * a->scale_step];
        uint64_t p = quant_param_fp19((uint32_t)quant_param_scale_bits(s), a->round_mode) | QUANT_PARAM_FLAG;
        if (offset) {
            int64_t oi = a->offset_len == 1 ? 0 : i;
            p |= quant_param_offset_bits(offset_int9(offset[a->offset_off + oi * a->offset_step]));
        }
        out[a->out_off + i * a->out_step] = p;
    }
    return 0;
}

ACLEMU_KERNEL("TransQuantParamV2", k);
