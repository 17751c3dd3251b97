/* Device-side helpers for the kernels of norm/pooling/loss/index/optim: contiguous operands as
 * pointers and vec_buf, and the block's share of a work range. */
#ifndef OPS_NN_COMMON_NN_KERNEL_H
#define OPS_NN_COMMON_NN_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "aclemu_op/kernel_util.h"
#include "nn_cbuf.h"
#include "view.h"

/* First element of b (NULL when absent). */
static inline void *nn_ptr(const nn_cbuf *b)
{
    if (!b->present)
        return NULL;
    return (char *)(uintptr_t)b->addr + b->offset * (int64_t)aclemu_kdtype_size(b->dtype);
}

static inline vec_buf nn_vbuf(const nn_cbuf *b)
{
    vec_buf v = {nn_ptr(b), b->dtype};
    return v;
}

/* Items [*s, *e) of `total` for this block when blocks take `per` items each. */
static inline void nn_block_items(int64_t total, int64_t per, const aclemu_block *blk, int64_t *s, int64_t *e)
{
    uint64_t a, b;
    aclemu_block_range((uint64_t)total, (uint64_t)per, blk, &a, &b);
    *s = (int64_t)a;
    *e = (int64_t)b;
}

/* Element i of a float operand (FLOAT/FLOAT16/BF16/DOUBLE) as double, and the store. */
double nn_load(const nn_cbuf *b, int64_t i);
void nn_store(const nn_cbuf *b, int64_t i, double v);
/* Element i of an integer operand (INT8..INT64, UINT8, BOOL) as int64. */
int64_t nn_load_int(const nn_cbuf *b, int64_t i);
void nn_store_int(const nn_cbuf *b, int64_t i, int64_t v);

#endif
