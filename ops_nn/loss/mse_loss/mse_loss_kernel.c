/* MseLoss kernels: elementwise (x - t)^2, per-block partial sums, and the final sum / mean. */
#include "mse_loss_args.h"
#include "nn_kernel.h"

static int mse_none_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(aclemu_ew))
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_ew *ew = (const aclemu_ew *)args;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[3];
    int64_t n;
    double x[ACLEMU_CHUNK], t[ACLEMU_CHUNK];
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t d = 0; d < n; d += ACLEMU_CHUNK) {
            int64_t k = n - d < ACLEMU_CHUNK ? n - d : ACLEMU_CHUNK;
            aclemu_load_f64(x, p[1] + d * it.inner_stride[1], ew->op[1].dtype, it.inner_stride[1], k);
            aclemu_load_f64(t, p[2] + d * it.inner_stride[2], ew->op[2].dtype, it.inner_stride[2], k);
            for (int64_t i = 0; i < k; i++) x[i] = (x[i] - t[i]) * (x[i] - t[i]);
            aclemu_store_f64(p[0] + d * it.inner_stride[0], ew->op[0].dtype, it.inner_stride[0], x, k);
        }
    return 0;
}

static int mse_partial_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mse_partial_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const mse_partial_args *a = (const mse_partial_args *)args;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2];
    int64_t n;
    double x[ACLEMU_CHUNK], t[ACLEMU_CHUNK], sum = 0;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t d = 0; d < n; d += ACLEMU_CHUNK) {
            int64_t k = n - d < ACLEMU_CHUNK ? n - d : ACLEMU_CHUNK;
            aclemu_load_f64(x, p[0] + d * it.inner_stride[0], a->ew.op[0].dtype, it.inner_stride[0], k);
            aclemu_load_f64(t, p[1] + d * it.inner_stride[1], a->ew.op[1].dtype, it.inner_stride[1], k);
            for (int64_t i = 0; i < k; i++) sum += (x[i] - t[i]) * (x[i] - t[i]);
        }
    ((double *)(uintptr_t)a->parts)[blk->block_idx] = sum;
    return 0;
}

static int mse_finish_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mse_finish_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const mse_finish_args *a = (const mse_finish_args *)args;
    const double *parts = (const double *)(uintptr_t)a->parts;
    double s = 0;
    for (int64_t i = 0; i < a->nparts; i++) s += parts[i];
    nn_store(&a->out, 0, s * a->scale);
    return 0;
}

ACLEMU_KERNEL("MseLossNone", mse_none_kernel);
ACLEMU_KERNEL("MseLossPartial", mse_partial_kernel);
ACLEMU_KERNEL("MseLossFinish", mse_finish_kernel);
