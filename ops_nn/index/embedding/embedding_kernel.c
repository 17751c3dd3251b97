/* Embedding kernel: a row copy per index of the block. */
#include <string.h>

#include "embedding_args.h"
#include "nn_kernel.h"

static int embedding_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(embedding_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const embedding_args *a = (const embedding_args *)args;
    int64_t s, e;
    nn_block_items(a->nidx, a->per_block, blk, &s, &e);
    size_t row = (size_t)a->D * aclemu_kdtype_size(a->weight.dtype);
    const char *w = (const char *)nn_ptr(&a->weight);
    char *o = (char *)nn_ptr(&a->out);
    for (int64_t i = s; i < e; i++) {
        int64_t k = nn_load_int(&a->indices, i);
        if (k < 0)
            return ACLEMU_KERNEL_BAD_ARGS;
        if (k >= a->num)
            memset(o + (size_t)i * row, 0, row);
        else
            memcpy(o + (size_t)i * row, w + (size_t)k * row, row);
    }
    return 0;
}

ACLEMU_KERNEL("Embedding", embedding_kernel);
