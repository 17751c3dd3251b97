/* MaxPool2dWithIndicesGrad kernel: scatter-add of gradOutput into the zeroed planes. */
#include "nn_kernel.h"
#include "pool_args.h"

static int max_pool2d_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    return vec_max_pool2d_backward(nn_vbuf(&a->op[0]), nn_vbuf(&a->op[1]), nn_vbuf(&a->op[2]), &a->p, s, e)
               ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("MaxPool2dWithIndicesGrad", max_pool2d_grad_kernel);

/* MaxPool2dWithMaskGrad kernel: zero the plane, then for every set mask bit (kernel offset k,
 * output o) add gradOutput[o] at the input position o's window puts k on (FP32 accumulation). */
#include "max_pool2d_mask.h"

static int max_pool2d_mask_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    const vec_pool2d *p = &a->p;
    int64_t s, e, nout = p->OH * p->OW, row = max_pool2d_mask_row_k(p->OH, p->OW), plane = p->H * p->W;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    float *buf = (float *)aclemu_worker_scratch((size_t)(plane + nout) * sizeof(float));
    if (!buf)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *dy = buf + plane;
    int64_t ges = (int64_t)aclemu_kdtype_size(a->op[0].dtype), des = (int64_t)aclemu_kdtype_size(a->op[2].dtype);
    for (int64_t pl = s; pl < e; pl++) {
        aclemu_load_f32(dy, (const char *)nn_ptr(&a->op[0]) + pl * nout * ges, a->op[0].dtype, ges, nout);
        const uint8_t *mask = (const uint8_t *)nn_ptr(&a->op[1]) + pl * p->kh * p->kw * row;
        for (int64_t i = 0; i < plane; i++)
            buf[i] = 0.0f;
        for (int64_t k = 0; k < p->kh * p->kw; k++) {
            int64_t ki = k / p->kw, kj = k % p->kw;
            for (int64_t o = 0; o < nout; o++) {
                if (!(mask[k * row + o / 8] >> (o % 8) & 1u))
                    continue;
                int64_t h = (o / p->OW) * p->sh - p->ph + ki * p->dh, w = (o % p->OW) * p->sw - p->pw + kj * p->dw;
                if (h >= 0 && h < p->H && w >= 0 && w < p->W)
                    buf[h * p->W + w] += dy[o];
            }
        }
        aclemu_store_f32((char *)nn_ptr(&a->op[2]) + pl * plane * des, a->op[2].dtype, des, buf, plane);
    }
    return 0;
}

ACLEMU_KERNEL("MaxPool2dWithMaskGrad", max_pool2d_mask_grad_kernel);
