/* IndexNd (see index_nd_args.h): elements copied bytewise (data and other share the dtype). */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "index_nd_args.h"

/* Element offset of row-major position i of dims [lo, t->ndim) of view t. */
static int64_t offset_of(const aclemu_tdesc *t, uint32_t lo, uint64_t i)
{
    int64_t off = 0;
    for (int d = (int)t->ndim - 1; d >= (int)lo; d--) {
        off += (int64_t)(i % (uint64_t)t->shape[d]) * t->stride[d];
        i /= (uint64_t)t->shape[d];
    }
    return off;
}

static int64_t index_value(const index_nd_args *a, int64_t n, int k)
{
    const aclemu_tdesc *t = &a->indices;
    int64_t off = t->offset + offset_of(t, 0, (uint64_t)(n * a->K + k));
    const char *p = (const char *)(uintptr_t)t->addr;
    if (aclemu_kdtype_size(t->dtype) == 4) {
        int32_t v;
        memcpy(&v, p + off * 4, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, p + off * 8, 8);
    return v;
}

/* Data offset of row n's slice start, or -1 when an index is out of range. */
static int64_t row_base(const index_nd_args *a, int64_t n)
{
    int64_t off = a->data.offset;
    for (int k = 0; k < a->K; k++) {
        int64_t v = index_value(a, n, k), len = a->data.shape[k];
        if (v < 0 && a->negative)
            v += len;
        if (v < 0 || v >= len)
            return -1;
        off += v * a->data.stride[k];
    }
    return off;
}

static int k_index_nd(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(index_nd_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const index_nd_args *a = args;
    if (a->K < 1 || a->K > (int32_t)a->data.ndim || a->data.ndim > ACLEMU_KMAX_RANK || a->other.ndim > ACLEMU_KMAX_RANK ||
        a->indices.ndim > ACLEMU_KMAX_RANK || a->data.dtype != a->other.dtype)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->N, (uint64_t)a->rows_per_block, blk, &s, &e);
    for (uint64_t n = s; n < e; n++)
        if (row_base(a, (int64_t)n) < 0)
            return ACLEMU_KERNEL_BAD_ARGS;
    const size_t es = aclemu_kdtype_size(a->data.dtype);
    char *data = (char *)(uintptr_t)a->data.addr, *other = (char *)(uintptr_t)a->other.addr;
    for (uint64_t n = s; n < e; n++) {
        int64_t base = row_base(a, (int64_t)n);
        for (int64_t j = 0; j < a->S; j++) {
            int64_t doff = base + offset_of(&a->data, (uint32_t)a->K, (uint64_t)j);
            int64_t ooff = a->other.offset + offset_of(&a->other, 0, n * (uint64_t)a->S + (uint64_t)j);
            if (a->mode == INDEX_ND_GATHER)
                memcpy(other + ooff * (int64_t)es, data + doff * (int64_t)es, es);
            else
                memcpy(data + doff * (int64_t)es, other + ooff * (int64_t)es, es);
        }
    }
    return 0;
}

ACLEMU_KERNEL("IndexNd", k_index_nd);
