/* MseLossGrad kernel: out = scale * (self - target) * gradOutput, in double. */
#include "mse_loss_backward_args.h"
#include "nn_kernel.h"

static int mse_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mse_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const mse_grad_args *a = (const mse_grad_args *)args;
    const aclemu_ew *ew = &a->ew;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[4];
    int64_t n;
    double g[ACLEMU_CHUNK], x[ACLEMU_CHUNK], t[ACLEMU_CHUNK];
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t d = 0; d < n; d += ACLEMU_CHUNK) {
            int64_t k = n - d < ACLEMU_CHUNK ? n - d : ACLEMU_CHUNK;
            aclemu_load_f64(g, p[1] + d * it.inner_stride[1], ew->op[1].dtype, it.inner_stride[1], k);
            aclemu_load_f64(x, p[2] + d * it.inner_stride[2], ew->op[2].dtype, it.inner_stride[2], k);
            aclemu_load_f64(t, p[3] + d * it.inner_stride[3], ew->op[3].dtype, it.inner_stride[3], k);
            for (int64_t i = 0; i < k; i++) x[i] = a->scale * (x[i] - t[i]) * g[i];
            aclemu_store_f64(p[0] + d * it.inner_stride[0], ew->op[0].dtype, it.inner_stride[0], x, k);
        }
    return 0;
}

ACLEMU_KERNEL("MseLossGrad", mse_grad_kernel);
