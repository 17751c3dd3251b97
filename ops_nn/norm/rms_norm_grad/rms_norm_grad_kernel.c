/* RmsNormGrad kernel: dx per row and this block's partial dgamma. */
#include <string.h>

#include "nn_kernel.h"
#include "norm.h"
#include "rms_norm_grad_args.h"

static int rms_norm_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(rms_norm_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const rms_norm_grad_args *a = (const rms_norm_grad_args *)args;
    int64_t s, e;
    nn_block_items(a->rows, a->rows_per_block, blk, &s, &e);
    float *part = (float *)(uintptr_t)a->parts + (int64_t)blk->block_idx * a->n;
    if (s >= e) {
        memset(part, 0, (size_t)a->n * sizeof(float));
        return 0;
    }
    int rc = vec_rms_norm_grad(nn_vbuf(&a->dy), nn_vbuf(&a->x), nn_vbuf(&a->rstd), nn_vbuf(&a->gamma),
                               nn_vbuf(&a->dx), part, a->rows, a->n, s, e);
    return rc ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("RmsNormGrad", rms_norm_grad_kernel);
