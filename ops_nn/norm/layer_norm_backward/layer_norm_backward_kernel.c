/* LayerNormGrad kernel: dx per row and this block's partial dweight / dbias. */
#include <string.h>

#include "layer_norm_backward_args.h"
#include "nn_kernel.h"
#include "norm.h"

static int layer_norm_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(layer_norm_backward_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const layer_norm_backward_args *a = (const layer_norm_backward_args *)args;
    int64_t s, e;
    nn_block_items(a->rows, a->rows_per_block, blk, &s, &e);
    float *dw = NULL, *db = NULL;
    if (a->parts) {
        dw = (float *)(uintptr_t)a->parts + (int64_t)blk->block_idx * a->n;
        db = (float *)(uintptr_t)a->parts + (int64_t)(blk->block_dim + blk->block_idx) * a->n;
        memset(dw, 0, (size_t)a->n * sizeof(float));
        memset(db, 0, (size_t)a->n * sizeof(float));
    }
    if (s >= e)
        return 0;
    int rc = vec_layer_norm_backward(nn_vbuf(&a->dy), nn_vbuf(&a->x), nn_vbuf(&a->mean), nn_vbuf(&a->rstd),
                                     nn_vbuf(&a->gamma), nn_vbuf(&a->dx), dw, db, a->rows, a->n, s, e);
    return rc ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("LayerNormGrad", layer_norm_grad_kernel);
