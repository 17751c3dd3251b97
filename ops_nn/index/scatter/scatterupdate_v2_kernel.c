/* ScatterupdateV2 (see scatterupdate_v2_args.h): bytewise row copies, memcpy when both views
 * are contiguous. */
#include <string.h>

#include "aclemu/kernel.h"
#include "index_elem.h"
#include "scatterupdate_v2_args.h"

static int view_contiguous(const aclemu_tdesc *t)
{
    int64_t s = 1;
    for (int d = (int)t->ndim - 1; d >= 0; d--) {
        if (t->shape[d] != 1 && t->stride[d] != s)
            return 0;
        s *= t->shape[d];
    }
    return 1;
}

static int k_scatterupdate_v2(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(scatterupdate_v2_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const scatterupdate_v2_args *a = args;
    const aclemu_tdesc *o = &a->output, *u = &a->updates, *ix = &a->indices;
    if (o->dtype != u->dtype || a->row <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t lo, hi;
    aclemu_block_range((uint64_t)a->total, (uint64_t)a->per_block, blk, &lo, &hi);
    const size_t es = aclemu_kdtype_size(o->dtype);
    const int fast = view_contiguous(o) && view_contiguous(u);
    char *op = (char *)(uintptr_t)o->addr;
    const char *up = (const char *)(uintptr_t)u->addr, *ip = (const char *)(uintptr_t)ix->addr;
    for (int64_t i = 0; i < a->nidx; i++) {
        int64_t r = index_elem_value(ip, ix->dtype, index_view_offset(ix, (uint64_t)i));
        if (r < 0 || r >= (a->total + a->row - 1) / a->row) /* no element of the row inside output */
            continue;
        int64_t s = r * a->row, e = s + a->row;
        if (s < (int64_t)lo)
            s = (int64_t)lo;
        if (e > (int64_t)hi)
            e = (int64_t)hi;
        if (s >= e)
            continue;
        int64_t src = i * a->row + (s - r * a->row);
        if (fast) {
            memcpy(op + (o->offset + s) * (int64_t)es, up + (u->offset + src) * (int64_t)es, (size_t)(e - s) * es);
        } else {
            for (int64_t k = 0; k < e - s; k++)
                memcpy(op + index_view_offset(o, (uint64_t)(s + k)) * (int64_t)es,
                       up + index_view_offset(u, (uint64_t)(src + k)) * (int64_t)es, es);
        }
    }
    return 0;
}

ACLEMU_KERNEL("ScatterupdateV2", k_scatterupdate_v2);
