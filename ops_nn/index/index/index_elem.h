/* Device side, shared by the index kernels that accumulate (Put, AdvIndex): *dst += *src for one
 * element of dtype dt (es bytes): COMPLEX64 / COMPLEX128 per part, integers in int64 (wrapping;
 * BOOL as a logical or), floats in double rounded once to the dtype; view offsets; index values. */
#ifndef OPS_NN_INDEX_ELEM_H
#define OPS_NN_INDEX_ELEM_H

#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/kargs.h"
#include "aclemu_op/kernel_util.h"

static inline void index_elem_add(char *dst, const char *src, int32_t dt, size_t es)
{
    if (dt == ACL_COMPLEX64) {
        float x[2], y[2];
        memcpy(x, dst, 8), memcpy(y, src, 8);
        x[0] += y[0], x[1] += y[1];
        memcpy(dst, x, 8);
    } else if (dt == ACL_COMPLEX128) {
        double x[2], y[2];
        memcpy(x, dst, 16), memcpy(y, src, 16);
        x[0] += y[0], x[1] += y[1];
        memcpy(dst, x, 16);
    } else if (aclemu_compute_domain(dt) == ACLEMU_DOM_I64) {
        int64_t x, y;
        aclemu_load_i64(&x, dst, dt, (int64_t)es, 1);
        aclemu_load_i64(&y, src, dt, (int64_t)es, 1);
        x = dt == ACL_BOOL ? (x != 0) | (y != 0) : (int64_t)((uint64_t)x + (uint64_t)y);
        aclemu_store_i64(dst, dt, (int64_t)es, &x, 1);
    } else {
        double x, y;
        aclemu_load_f64(&x, dst, dt, (int64_t)es, 1);
        aclemu_load_f64(&y, src, dt, (int64_t)es, 1);
        x += y;
        aclemu_store_f64(dst, dt, (int64_t)es, &x, 1);
    }
}

/* Element offset of the row-major position i in the view t. */
static inline int64_t index_view_offset(const aclemu_tdesc *t, uint64_t i)
{
    int64_t off = t->offset;
    for (int d = (int)t->ndim - 1; d >= 0; d--) {
        off += (int64_t)(i % (uint64_t)t->shape[d]) * t->stride[d];
        i /= (uint64_t)t->shape[d];
    }
    return off;
}

/* An INT32 / INT64 index value at element offset `off` of a tensor at base p. */
static inline int64_t index_elem_value(const char *p, int32_t dt, int64_t off)
{
    if (dt == ACL_INT32) {
        int32_t v;
        memcpy(&v, p + off * 4, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, p + off * 8, 8);
    return v;
}

#endif
