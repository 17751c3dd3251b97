/* AddLayerNorm kernel: residual add and LayerNorm of the block's rows (vector row kernel). */
#include "add_layer_norm_args.h"
#include "nn_kernel.h"
#include "norm.h"

static int add_layer_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(add_layer_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const add_layer_norm_args *a = (const add_layer_norm_args *)args;
    int64_t s, e;
    nn_block_items(a->rows, a->rows_per_block, blk, &s, &e);
    int rc = vec_layer_norm(nn_vbuf(&a->x1), nn_vbuf(&a->x2), nn_vbuf(&a->bias), nn_vbuf(&a->gamma),
                            nn_vbuf(&a->beta), a->eps, nn_vbuf(&a->y), nn_vbuf(&a->mean), nn_vbuf(&a->rstd),
                            nn_vbuf(&a->xout), a->rows, a->n, s, e);
    return rc ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("AddLayerNorm", add_layer_norm_kernel);
