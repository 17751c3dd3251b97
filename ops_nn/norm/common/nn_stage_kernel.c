/* Staging kernels: NnPack copies a strided view to/from a contiguous workspace buffer (the
 * l0op::Contiguous / ViewCopy steps of the real ops), NnFill writes one value everywhere. */
#include "aclemu_op/kernel_util.h"
#include "nn_stage_args.h"

static int nn_pack_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(aclemu_ew))
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_ew *ew = (const aclemu_ew *)args;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[2];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        aclemu_convert_run(p[0], ew->op[0].dtype, it.inner_stride[0], p[1], ew->op[1].dtype, it.inner_stride[1], n);
    return 0;
}

static int nn_fill_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(nn_fill_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const nn_fill_args *a = (const nn_fill_args *)args;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[1];
    int64_t n;
    double buf[ACLEMU_CHUNK];
    for (int i = 0; i < ACLEMU_CHUNK; i++)
        buf[i] = a->value;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        for (int64_t done = 0; done < n; done += ACLEMU_CHUNK) {
            int64_t k = n - done < ACLEMU_CHUNK ? n - done : ACLEMU_CHUNK;
            aclemu_store_f64(p[0] + done * it.inner_stride[0], a->ew.op[0].dtype, it.inner_stride[0], buf, k);
        }
    }
    return 0;
}

ACLEMU_KERNEL("NnPack", nn_pack_kernel);
ACLEMU_KERNEL("NnFill", nn_fill_kernel);

#include "nn_kernel.h"
#include "norm.h"

static int nn_sum_parts_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(nn_sum_parts_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const nn_sum_parts_args *a = (const nn_sum_parts_args *)args;
    int64_t s, e;
    nn_block_items(a->n, a->per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    int rc = vec_sum_parts((const float *)(uintptr_t)a->parts, a->nparts, a->n, nn_vbuf(&a->out), s, e);
    return rc ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

ACLEMU_KERNEL("NnSumParts", nn_sum_parts_kernel);
