/* ReluV3's mask: along the last dim, byte j of a row holds (x > 0) of its elements 8j .. 8j + 7,
 * element 8j + k in bit k (the layout of the kernel's Compare bit mask, which the official
 * example reads as mask[i / 8] >> i % 8 & 1). NaN gives 0. */
#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "relu_v3_args.h"

/* Element offset of row r's first element (rows enumerate every dim but the last). */
static int64_t row_offset(const aclemu_tdesc *t, uint64_t r)
{
    int64_t off = t->offset;
    for (int32_t d = (int32_t)t->ndim - 2; d >= 0; d--) {
        uint64_t n = (uint64_t)t->shape[d];
        off += (int64_t)(r % n) * t->stride[d];
        r /= n;
    }
    return off;
}

static int relu_v3_mask_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(relu_v3_mask_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const relu_v3_mask_args *a = (const relu_v3_mask_args *)args;
    const aclemu_tdesc *tx = &a->x, *tm = &a->mask;
    if (tx->ndim < 1 || tx->ndim != tm->ndim || a->len <= 0 || tm->shape[tm->ndim - 1] != (a->len + 7) / 8)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t xe = aclemu_kdtype_size(tx->dtype);
    const int64_t sx = tx->stride[tx->ndim - 1], sm = tm->stride[tm->ndim - 1];
    uint64_t s, e;
    aclemu_block_range(a->rows, a->rows_per_block, blk, &s, &e);
    double v[8];
    for (uint64_t r = s; r < e; r++) {
        const char *xp = (const char *)(uintptr_t)tx->addr + row_offset(tx, r) * (int64_t)xe;
        uint8_t *mp = (uint8_t *)(uintptr_t)tm->addr + row_offset(tm, r);
        for (int64_t j = 0; j * 8 < a->len; j++) {
            int64_t n = a->len - j * 8 < 8 ? a->len - j * 8 : 8;
            aclemu_load_f64(v, xp + j * 8 * sx * (int64_t)xe, tx->dtype, sx * (int64_t)xe, n);
            uint8_t bits = 0;
            for (int64_t k = 0; k < n; k++)
                bits |= (uint8_t)((v[k] > 0) << k);
            mp[j * sm] = bits;
        }
    }
    return 0;
}

ACLEMU_KERNEL("ReluV3Mask", relu_v3_mask_kernel);
