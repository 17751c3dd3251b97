/* Device side of Nonzero / NonzeroV2 (see nonzero_args.h): one pass counts the non-zero
 * elements (a NaN is non-zero, -0 is zero), a second writes their coordinates. */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "nonzero_args.h"

/* aclDataType values */
enum { NZ_FLOAT = 0, NZ_FLOAT16 = 1, NZ_DOUBLE = 11, NZ_BF16 = 27 };

static int nonzero_at(int dt, const char *p, size_t es)
{
    switch (dt) {
    case NZ_FLOAT: { float f; memcpy(&f, p, 4); return f != 0.0f; }
    case NZ_DOUBLE: { double f; memcpy(&f, p, 8); return f != 0.0; }
    case NZ_FLOAT16: case NZ_BF16: { uint16_t h; memcpy(&h, p, 2); return (h & 0x7fff) != 0; }
    default: {
        for (size_t i = 0; i < es; i++) if (p[i]) return 1;
        return 0;
    }
    }
}

static int k_nonzero(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(nonzero_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const nonzero_args *a = (const nonzero_args *)args;
    if (a->nd < 0 || a->nd > NZ_MAX_DIMS || a->out_rank != 2) return ACLEMU_KERNEL_BAD_ARGS;
    if (blk->block_idx != 0) return 0;
    size_t es = aclemu_kdtype_size(a->dtype);
    const char *in = (const char *)(uintptr_t)a->in;
    int64_t *out = (int64_t *)(uintptr_t)a->out + a->out_off;
    int64_t n = 0;
    for (int pass = 0; pass < 2 && (pass == 0 || n <= a->cap); pass++) {
        int64_t idx[NZ_MAX_DIMS] = {0}, off = a->in_off, total = n, k = 0;
        for (int64_t e = 0; e < a->numel; e++) {
            if (nonzero_at(a->dtype, in + off * (int64_t)es, es)) {
                if (pass == 1)
                    for (int d = 0; d < a->nd; d++) out[a->transposed ? d * total + k : k * a->nd + d] = idx[d];
                k++;
            }
            for (int d = a->nd - 1; d >= 0; d--) {
                off += a->stride[d];
                if (++idx[d] < a->shape[d]) break;
                off -= idx[d] * a->stride[d];
                idx[d] = 0;
            }
        }
        n = k;
    }
    int64_t *dims = (int64_t *)((char *)(uintptr_t)a->ws + a->ws_dims);
    dims[0] = a->transposed ? a->nd : n;
    dims[1] = a->transposed ? n : a->nd;
    return 0;
}
ACLEMU_KERNEL("Nonzero", k_nonzero);
