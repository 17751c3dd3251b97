/* Fill kernel: writes the blob's element into every element of the view. */
#include <string.h>

#include "aclemu_op/kernel_util.h"
#include "fill_scalar_args.h"

static int fill_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(fill_scalar_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const fill_scalar_args *a = (const fill_scalar_args *)args;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    const size_t es = aclemu_kdtype_size(a->ew.op[0].dtype);
    char *p[1];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t st = it.inner_stride[0];
        if (es == 4 && st == 4) { /* the common FLOAT / INT32 case */
            uint32_t v;
            memcpy(&v, a->elem, 4);
            uint32_t *d = (uint32_t *)p[0];
            for (int64_t i = 0; i < n; i++)
                d[i] = v;
            continue;
        }
        for (int64_t i = 0; i < n; i++)
            memcpy(p[0] + i * st, a->elem, es);
    }
    return 0;
}

ACLEMU_KERNEL("Fill", fill_kernel);
