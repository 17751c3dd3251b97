/* Sqrt kernel: float domain for FLOAT / FLOAT16 / BF16 results (correctly rounded sqrtf, then
 * rounded once more by the store), double for DOUBLE. */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "sqrt_args.h"

static int sqrt_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(sqrt_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const sqrt_args *a = (const sqrt_args *)args;
    const int32_t odt = a->ew.op[0].dtype, xdt = a->ew.op[1].dtype;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sx = it.inner_stride[1];
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            if (a->result == ACL_DOUBLE) {
                double x[ACLEMU_CHUNK];
                aclemu_load_f64(x, p[1] + c * sx, xdt, sx, m);
                for (int64_t i = 0; i < m; i++)
                    x[i] = sqrt(x[i]);
                aclemu_store_f64(p[0] + c * so, odt, so, x, m);
            } else {
                float x[ACLEMU_CHUNK];
                aclemu_load_f32(x, p[1] + c * sx, xdt, sx, m);
                for (int64_t i = 0; i < m; i++)
                    x[i] = sqrtf(x[i]);
                aclemu_store_f32(p[0] + c * so, odt, so, x, m);
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("Sqrt", sqrt_kernel);
