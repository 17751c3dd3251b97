/* RmsNorm kernel (RmsNorm, AddRmsNorm, InplaceAddRmsNorm): the block's rows through the vector
 * row kernel. */
#include "nn_kernel.h"
#include "norm.h"
#include "rms_norm_args.h"

static int rms_norm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(rms_norm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const rms_norm_args *a = (const rms_norm_args *)args;
    int64_t s, e;
    nn_block_items(a->rows, a->rows_per_block, blk, &s, &e);
    int rc = vec_rms_norm(nn_vbuf(&a->x), nn_vbuf(&a->x2), nn_vbuf(&a->gamma), a->eps, nn_vbuf(&a->y),
                          nn_vbuf(&a->rstd), nn_vbuf(&a->xout), a->rows, a->n, s, e);
    return rc ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("RmsNorm", rms_norm_kernel);
