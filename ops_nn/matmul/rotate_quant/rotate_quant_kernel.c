/* RotateQuant kernel (A2 / A3), the vector part of matmul/rotate_quant/op_kernel/rotate_quant.h:
 * per row of w (the cube result, stored in x's dtype) in FP32: m = max |w|,
 * quantScale = DMAX / m (Div), code = Cast(w · quantScale) with CAST_RINT to INT16, then through
 * FLOAT16 to the INT8 / INT4 code (saturating); scaleOut = m · (1 / DMAX) (Mul by the constant).
 * DMAX is 127 for INT8, 7 for INT4 (the roundMode attribute is not used by this kernel). */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "quant_codec.h"
#include "rotate_quant_args.h"

#define KERNEL_BAD_ARGS 507015

static int rotate_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(rotate_quant_args))
        return KERNEL_BAD_ARGS;
    const rotate_quant_args *a = (const rotate_quant_args *)args;
    uint64_t r0, r1;
    aclemu_block_range((uint64_t)a->M, (uint64_t)a->per_block, blk, &r0, &r1);
    if (r0 >= r1)
        return 0;
    float *v = (float *)aclemu_worker_scratch((size_t)a->N * sizeof(float));
    if (!v)
        return KERNEL_BAD_ARGS;
    const char *w = (const char *)(uintptr_t)a->w;
    const float dmax = a->int4 ? 7.0f : 127.0f;
    const float inv = 1.0f / dmax;
    const int32_t lo = a->int4 ? -8 : -128, hi = a->int4 ? 7 : 127;
    int64_t ybyte = a->int4 ? a->y.offset * 4 : a->y.offset; /* INT4 codes live in an INT32 view */
    uint8_t *y = (uint8_t *)(uintptr_t)a->y.addr + ybyte;
    int64_t row_bytes = a->int4 ? a->N / 2 : a->N;
    float *scale = (float *)(uintptr_t)a->scale.addr + a->scale.offset;
    for (int64_t r = (int64_t)r0; r < (int64_t)r1; r++) {
        aclemu_load_f32(v, w + r * a->N * 2, a->wdtype, 2, a->N);
        float m = 0.0f;
        for (int64_t i = 0; i < a->N; i++)
            m = fmaxf(m, fabsf(v[i]));
        float qs = dmax / m;
        scale[r * a->scale.stride[0]] = m * inv;
        uint8_t *o = y + r * row_bytes;
        if (a->int4) {
            for (int64_t i = 0; i < a->N; i += 2) {
                int32_t c0 = quant_to_int(v[i] * qs, QUANT_RINT, lo, hi);
                int32_t c1 = quant_to_int(v[i + 1] * qs, QUANT_RINT, lo, hi);
                o[i / 2] = (uint8_t)((c0 & 0xF) | ((c1 & 0xF) << 4));
            }
        } else {
            for (int64_t i = 0; i < a->N; i++)
                o[i] = (uint8_t)(int8_t)quant_to_int(v[i] * qs, QUANT_RINT, lo, hi);
        }
    }
    return 0;
}
ACLEMU_KERNEL("RotateQuant", rotate_quant_kernel);
