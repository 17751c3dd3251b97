/* EmbeddingDenseGrad kernel: the block accumulates (FP32) the grad rows of every index inside
 * its row range [s, e), then scales by 1/count when asked and stores. */
#include <string.h>

#include "embedding_args.h"
#include "nn_kernel.h"

static int embedding_dense_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(embedding_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const embedding_args *a = (const embedding_args *)args;
    int64_t s, e, D = a->D;
    nn_block_items(a->num, a->per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    size_t rows = (size_t)(e - s);
    float *acc = (float *)aclemu_worker_scratch(rows * (size_t)D * sizeof(float) + rows * sizeof(float) +
                                                (size_t)D * sizeof(float));
    if (!acc)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *cnt = acc + rows * (size_t)D, *g = cnt + rows;
    memset(acc, 0, (rows * (size_t)D + rows) * sizeof(float));
    int64_t ges = (int64_t)aclemu_kdtype_size(a->grad.dtype);
    for (int64_t i = 0; i < a->nidx; i++) {
        int64_t k = nn_load_int(&a->indices, i);
        if (k < s || k >= e || k == a->padding_idx)
            continue;
        aclemu_load_f32(g, (const char *)nn_ptr(&a->grad) + i * D * ges, a->grad.dtype, ges, D);
        float *r = acc + (size_t)(k - s) * (size_t)D;
        for (int64_t j = 0; j < D; j++) r[j] += g[j];
        cnt[k - s] += 1.0f;
    }
    int64_t oes = (int64_t)aclemu_kdtype_size(a->out.dtype);
    for (size_t r = 0; r < rows; r++) {
        float *row = acc + r * (size_t)D;
        if (a->scale_by_freq && cnt[r] > 1.0f)
            for (int64_t j = 0; j < D; j++) row[j] /= cnt[r];
        aclemu_store_f32((char *)nn_ptr(&a->out) + (s + (int64_t)r) * D * oes, a->out.dtype, oes, row, D);
    }
    return 0;
}

ACLEMU_KERNEL("EmbeddingDenseGrad", embedding_dense_grad_kernel);
