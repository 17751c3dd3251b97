/* DataFormatDimMap (see data_format_dim_map_args.h). */
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "data_format_dim_map_args.h"

static int k_data_format_dim_map(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(dfdm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const dfdm_args *a = args;
    if (a->n < 1 || a->n > DFDM_MAX_LEN || a->ew.nops != 2)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[ACLEMU_EW_MAX_OPS];
    int64_t n, v[ACLEMU_CHUNK];
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t k = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            aclemu_load_i64(v, p[1] + c * it.inner_stride[1], a->ew.op[1].dtype, it.inner_stride[1], k);
            for (int64_t i = 0; i < k; i++)
                v[i] = a->table[((v[i] % a->n) + a->n) % a->n];
            aclemu_store_i64(p[0] + c * it.inner_stride[0], a->ew.op[0].dtype, it.inner_stride[0], v, k);
        }
    return 0;
}

ACLEMU_KERNEL("DataFormatDimMap", k_data_format_dim_map);
