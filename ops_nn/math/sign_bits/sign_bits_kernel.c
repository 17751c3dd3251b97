/* Device side of SignBitsPack / SignBitsUnpack: each block takes a range of out's elements
 * (row-major over its 2-D view) and reads the self elements they come from (sign_bits_args.h). */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "sign_bits_args.h"

static int k_sign_bits(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(sign_bits_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const sign_bits_args *a = (const sign_bits_args *)args;
    const aclemu_tdesc *s = &a->self, *o = &a->out;
    if (s->ndim != 1 || o->ndim != 2 || o->shape[1] <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t n = s->shape[0], total = o->shape[0] * o->shape[1], cols = o->shape[1];
    int64_t e0 = (int64_t)blk->block_idx * a->per_block, e1 = e0 + a->per_block;
    if (e1 > total)
        e1 = total;
    size_t ses = aclemu_kdtype_size(s->dtype), oes = aclemu_kdtype_size(o->dtype);
    const char *sb = (const char *)(uintptr_t)s->addr;
    char *ob = (char *)(uintptr_t)o->addr;
    int64_t sst = s->stride[0] * (int64_t)ses;
    if (a->unpack) {
        float v[ACLEMU_CHUNK];
        int64_t bytes[ACLEMU_CHUNK / 8 + 2];
        for (int64_t e = e0; e < e1;) {
            /* one chunk within one out row */
            int64_t c = e % cols, m = e1 - e;
            if (m > cols - c) m = cols - c;
            if (m > ACLEMU_CHUNK) m = ACLEMU_CHUNK;
            int64_t b0 = e / 8, b1 = (e + m - 1) / 8;
            aclemu_load_i64(bytes, sb + (s->offset + b0 * s->stride[0]) * (int64_t)ses, s->dtype, sst, b1 - b0 + 1);
            for (int64_t k = 0; k < m; k++) {
                int64_t i = e + k;
                v[k] = ((bytes[i / 8 - b0] >> (i % 8)) & 1) ? 1.0f : -1.0f;
            }
            int64_t r = e / cols;
            aclemu_store_f32(ob + (o->offset + r * o->stride[0] + c * o->stride[1]) * (int64_t)oes, o->dtype,
                             o->stride[1] * (int64_t)oes, v, m);
            e += m;
        }
        return 0;
    }
    float x[8];
    for (int64_t e = e0; e < e1; e++) {
        int64_t i0 = e * 8, m = n - i0 < 8 ? n - i0 : 8;
        aclemu_load_f32(x, sb + (s->offset + i0 * s->stride[0]) * (int64_t)ses, s->dtype, sst, m);
        for (int64_t k = m; k < 8; k++)
            x[k] = -1.0f; /* the tail counts as negative */
        unsigned byte = 0;
        for (int k = 0; k < 8; k++) {
            int neg = x[k] < 0.0f; /* NaN, -0: not negative */
            if (a->msb_negative)
                byte |= (unsigned)neg << (7 - k);
            else
                byte |= (unsigned)!neg << k;
        }
        int64_t r = e / cols, c = e % cols;
        ob[(o->offset + r * o->stride[0] + c * o->stride[1]) * (int64_t)oes] = (char)byte;
    }
    return 0;
}
ACLEMU_KERNEL("SignBits", k_sign_bits);
