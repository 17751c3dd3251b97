/* ResizeNearestNeighborV2 (align_corners = false, half_pixel_centers = false): each output row
 * (n, c, h) copies the elements src(n, c, hs, ws) with hs = min(floor(h * scale_h), H - 1),
 * ws likewise; the source index is computed in FP32 like the kernel. A pure copy: the bytes
 * move unchanged for every dtype. */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "upsample_nearest_args.h"

static int64_t src_index(int64_t dst, float scale, int64_t in)
{
    int64_t s = (int64_t)floorf((float)dst * scale);
    return s < in - 1 ? s : in - 1;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(upsample_nearest_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const upsample_nearest_args *a = args;
    const aclemu_tdesc *x = &a->x, *y = &a->y;
    if (x->ndim != 4 || y->ndim != 4)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t es = aclemu_kdtype_size(x->dtype);
    uint64_t s, e;
    aclemu_block_range(a->rows, a->rows_per_block, blk, &s, &e);
    const int64_t OH = y->shape[2], OW = y->shape[3], H = x->shape[2], W = x->shape[3], C = y->shape[1];
    const char *xb = (const char *)(uintptr_t)x->addr + x->offset * (int64_t)es;
    char *yb = (char *)(uintptr_t)y->addr + y->offset * (int64_t)es;
    for (uint64_t r = s; r < e; r++) {
        int64_t h = (int64_t)(r % (uint64_t)OH), nc = (int64_t)(r / (uint64_t)OH);
        int64_t c = nc % C, n = nc / C;
        int64_t hs = src_index(h, a->scale_h, H);
        const char *xrow = xb + (n * x->stride[0] + c * x->stride[1] + hs * x->stride[2]) * (int64_t)es;
        char *yrow = yb + (n * y->stride[0] + c * y->stride[1] + h * y->stride[2]) * (int64_t)es;
        for (int64_t w = 0; w < OW; w++)
            memcpy(yrow + w * y->stride[3] * (int64_t)es, xrow + src_index(w, a->scale_w, W) * x->stride[3] * (int64_t)es,
                   es);
    }
    return 0;
}

ACLEMU_KERNEL("ResizeNearestNeighborV2", k);
