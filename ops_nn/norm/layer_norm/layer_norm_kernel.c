/* LayerNorm kernel: each block normalises its rows with the vector row kernel. */
#include "layer_norm_args.h"
#include "nn_kernel.h"
#include "norm.h"

static int layer_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(layer_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const layer_norm_args *a = (const layer_norm_args *)args;
    int64_t s, e;
    nn_block_items(a->rows, a->rows_per_block, blk, &s, &e);
    vec_buf none = {0, 0};
    int rc = vec_layer_norm(nn_vbuf(&a->x), none, none, nn_vbuf(&a->gamma), nn_vbuf(&a->beta), a->eps,
                            nn_vbuf(&a->y), nn_vbuf(&a->mean), nn_vbuf(&a->rstd), none, a->rows, a->n, s, e);
    return rc ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("LayerNorm", layer_norm_kernel);
