/* MaxPool2dWithIndices kernel: the block's planes through the vector max-pool. */
#include "nn_kernel.h"
#include "pool_args.h"

static int max_pool2d_with_indices_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    return vec_max_pool2d(nn_vbuf(&a->op[0]), nn_vbuf(&a->op[1]), nn_vbuf(&a->op[2]), &a->p, s, e)
               ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("MaxPool2dWithIndices", max_pool2d_with_indices_kernel);

/* MaxPool2dWithMask kernel: per plane the vector max-pool with INT32 indices into scratch, then
 * each output's argmax turned into its kernel offset k = i*kw + j and bit o of mask row k set. */
#include <string.h>

#include "acl/acl_base.h"
#include "max_pool2d_mask.h"

static int max_pool2d_with_mask_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    const vec_pool2d *p = &a->p;
    int64_t s, e, nout = p->OH * p->OW, row = max_pool2d_mask_row_k(p->OH, p->OW), kk = p->kh * p->kw;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    int32_t *idx = (int32_t *)aclemu_worker_scratch((size_t)nout * sizeof(int32_t));
    if (!idx)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t xes = (int64_t)aclemu_kdtype_size(a->op[0].dtype), yes = (int64_t)aclemu_kdtype_size(a->op[1].dtype);
    for (int64_t pl = s; pl < e; pl++) {
        vec_buf x = {(char *)nn_ptr(&a->op[0]) + pl * p->H * p->W * xes, a->op[0].dtype};
        vec_buf y = {(char *)nn_ptr(&a->op[1]) + pl * nout * yes, a->op[1].dtype};
        vec_buf ib = {idx, ACL_INT32};
        if (vec_max_pool2d(x, y, ib, p, 0, 1))
            return ACLEMU_KERNEL_BAD_ARGS;
        uint8_t *mask = (uint8_t *)nn_ptr(&a->op[2]) + pl * kk * row;
        memset(mask, 0, (size_t)(kk * row));
        for (int64_t o = 0; o < nout; o++) {
            int64_t oh = o / p->OW, ow = o % p->OW, h = idx[o] / p->W, w = idx[o] % p->W;
            int64_t i = (h - (oh * p->sh - p->ph)) / p->dh, j = (w - (ow * p->sw - p->pw)) / p->dw;
            if (i < 0 || i >= p->kh || j < 0 || j >= p->kw)
                continue;
            mask[(i * p->kw + j) * row + o / 8] |= (uint8_t)(1u << (o % 8));
        }
    }
    return 0;
}

ACLEMU_KERNEL("MaxPool2dWithMask", max_pool2d_with_mask_kernel);
