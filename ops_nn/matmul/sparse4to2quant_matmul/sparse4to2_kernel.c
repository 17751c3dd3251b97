/* Sparse4to2Expand (sparse4to2_args.h). The layout is aclnnTransSparse4to2Para's
 * (ops-nn op_host/op_api/aclnn_trans_sparse4to2_para.cpp): weight (n, kk), kk = k1 * 64 + j * 8 + h * 4 + p
 * (j < 8, h < 2, p < 4) keeps two of the four p: bytes (k1 * nnz + n) * 32 + j * 4 + 2h + {0, 1},
 * and nibble h of index byte (k1 * nnz + n) * 8 + j holds their positions: bits 0-1 the first
 * position, bits 2-3 the second position minus one. Where a group holds one non-zero only, the
 * compressor writes a zero as the other value and the two positions may coincide: values are
 * added into the zeroed row, so a zero never overwrites the kept one. */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "sparse4to2_args.h"

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(sparse4to2_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const sparse4to2_args *a = args;
    const int8_t *w = (const int8_t *)(uintptr_t)a->weight + a->w_off;
    const uint8_t *ix = (const uint8_t *)(uintptr_t)a->index + a->i_off;
    int8_t *out = (int8_t *)(uintptr_t)a->out;
    const int64_t kd = a->k1 * 64;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->n, a->rows_per_block, blk, &s, &e);
    for (int64_t n = (int64_t)s; n < (int64_t)e; n++) {
        int8_t *row = out + n * kd;
        memset(row, 0, (size_t)kd);
        for (int64_t b = 0; b < a->k1; b++) {
            const int8_t *src = w + (b * a->nnz + n) * 32;
            const uint8_t *idx = ix + (b * a->nnz + n) * 8;
            for (int j = 0; j < 8; j++)
                for (int h = 0; h < 2; h++) {
                    unsigned nib = (idx[j] >> (4 * h)) & 0xfu;
                    int8_t *g = row + b * 64 + j * 8 + h * 4;
                    g[nib & 3u] = (int8_t)(g[nib & 3u] + src[j * 4 + 2 * h]);
                    g[(nib >> 2) + 1] = (int8_t)(g[(nib >> 2) + 1] + src[j * 4 + 2 * h + 1]);
                }
        }
    }
    return 0;
}

ACLEMU_KERNEL("Sparse4to2Expand", k);
