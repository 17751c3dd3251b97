/* IndexNd (see index_nd_args.h): elements copied bytewise (data and other share the dtype). */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "index_elem.h"
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
    return index_elem_value((const char *)(uintptr_t)t->addr, aclemu_kdtype_size(t->dtype) == 4 ? ACL_INT32 : ACL_INT64, off);
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

static double reduce_f(int r, double o, double v)
{
    switch (r) {
    case INDEX_ND_ADD: return o + v;
    case INDEX_ND_MUL: return o * v;
    case INDEX_ND_DIV: return o / v;
    case INDEX_ND_MAX: return o != o || v != v ? (o != o ? o : v) : (v > o ? v : o);
    case INDEX_ND_MIN: return o != o || v != v ? (o != o ? o : v) : (v < o ? v : o);
    default: return v;
    }
}

static int64_t reduce_i(int r, int64_t o, int64_t v)
{
    switch (r) {
    case INDEX_ND_ADD: return (int64_t)((uint64_t)o + (uint64_t)v);
    case INDEX_ND_MUL: return (int64_t)((uint64_t)o * (uint64_t)v);
    case INDEX_ND_DIV: return o == INT64_MIN && v == -1 ? o : o / v; /* v != 0: checked first */
    case INDEX_ND_MAX: return v > o ? v : o;
    case INDEX_ND_MIN: return v < o ? v : o;
    default: return v;
    }
}

/* data element at dp op= other element at op (dtype dt). */
static void update(const index_nd_args *a, char *dp, const char *op, size_t es, int ints)
{
    int32_t dt = a->data.dtype;
    if (a->reduce == INDEX_ND_ASSIGN) {
        memcpy(dp, op, es);
    } else if (ints) {
        int64_t o, v;
        aclemu_load_i64(&o, dp, dt, (int64_t)es, 1);
        aclemu_load_i64(&v, op, dt, (int64_t)es, 1);
        o = reduce_i(a->reduce, o, v);
        aclemu_store_i64(dp, dt, (int64_t)es, &o, 1);
    } else {
        double o, v;
        aclemu_load_f64(&o, dp, dt, (int64_t)es, 1);
        aclemu_load_f64(&v, op, dt, (int64_t)es, 1);
        o = reduce_f(a->reduce, o, v);
        aclemu_store_f64(dp, dt, (int64_t)es, &o, 1);
    }
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
    const int ints = aclemu_compute_domain(a->data.dtype) == ACLEMU_DOM_I64;
    if (a->reduce < INDEX_ND_ASSIGN || a->reduce > INDEX_ND_MIN || (a->mode == INDEX_ND_GATHER && a->reduce))
        return ACLEMU_KERNEL_BAD_ARGS;
    if (a->mode == INDEX_ND_UPDATE && a->reduce == INDEX_ND_DIV && ints) /* no integer division by zero */
        for (uint64_t i = s * (uint64_t)a->S; i < e * (uint64_t)a->S; i++) {
            int64_t v;
            aclemu_load_i64(&v, (const char *)(uintptr_t)a->other.addr + (a->other.offset + offset_of(&a->other, 0, i)) * (int64_t)es,
                            a->other.dtype, (int64_t)es, 1);
            if (v == 0)
                return ACLEMU_KERNEL_BAD_ARGS;
        }
    char *data = (char *)(uintptr_t)a->data.addr, *other = (char *)(uintptr_t)a->other.addr;
    for (uint64_t n = s; n < e; n++) {
        int64_t base = row_base(a, (int64_t)n);
        for (int64_t j = 0; j < a->S; j++) {
            int64_t doff = base + offset_of(&a->data, (uint32_t)a->K, (uint64_t)j);
            int64_t ooff = a->other.offset + offset_of(&a->other, 0, n * (uint64_t)a->S + (uint64_t)j);
            if (a->mode == INDEX_ND_GATHER)
                memcpy(other + ooff * (int64_t)es, data + doff * (int64_t)es, es);
            else
                update(a, data + doff * (int64_t)es, other + ooff * (int64_t)es, es, ints);
        }
    }
    return 0;
}

ACLEMU_KERNEL("IndexNd", k_index_nd);
