/* DlqCombine: the level-0 dequantisation and accumulation of aclnnDualLevelQuantMatmulWeightNz
 * (dlq_args.h), as the arch35 DualLevelQuantBatchMatmul vector code does it: the FP32 result
 * buffer starts at the bias (or 0), each K block's Cube result is multiplied by the product of
 * the two level-0 scales and added (one fused multiply-add, MulAddDst), and the last block's
 * value is cast to the output dtype (CAST_RINT). */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "dlq_args.h"

static int dlq_combine_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(dlq_combine_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const dlq_combine_args *a = (const dlq_combine_args *)args;
    if (a->out_dtype != ACL_FLOAT16 && a->out_dtype != ACL_BF16)
        return ACLEMU_KERNEL_BAD_ARGS;
    const float *part = (const float *)(uintptr_t)(a->part + (uint64_t)a->part_off);
    const float *s0a = (const float *)(uintptr_t)a->s0a, *s0b = (const float *)(uintptr_t)a->s0b;
    const float *bias = (const float *)(uintptr_t)a->bias;
    char *out = (char *)(uintptr_t)a->out;
    const int64_t oes = (int64_t)aclemu_kdtype_size(a->out_dtype);
    float row[ACLEMU_CHUNK];
    int64_t m0 = (int64_t)blk->block_idx * a->rows_per_block, m1 = m0 + a->rows_per_block;
    if (m1 > a->M)
        m1 = a->M;
    for (int64_t m = m0; m < m1; m++) {
        for (int64_t n0 = 0; n0 < a->N; n0 += ACLEMU_CHUNK) {
            int64_t cnt = a->N - n0 < ACLEMU_CHUNK ? a->N - n0 : ACLEMU_CHUNK;
            for (int64_t j = 0; j < cnt; j++)
                row[j] = bias ? bias[a->bias_off + (n0 + j) * a->bias_sn] : 0.0f;
            for (int64_t g = 0; g < a->G; g++) {
                const float *p = part + (g * a->M + m) * a->N + n0;
                float sa = s0a[a->s0a_off + m * a->s0a_sm + g * a->s0a_sg];
                const float *sb = s0b + a->s0b_off + g * a->s0b_sg + n0 * a->s0b_sn;
                for (int64_t j = 0; j < cnt; j++) {
                    float s = sa * sb[j * a->s0b_sn];
                    row[j] = fmaf(p[j], s, row[j]);
                }
            }
            aclemu_store_f32(out + (a->out_off + m * a->out_sm + n0 * a->out_sn) * oes, a->out_dtype,
                             a->out_sn * oes, row, cnt);
        }
    }
    return 0;
}
ACLEMU_KERNEL("DlqCombine", dlq_combine_kernel);
