/* Take: every index value of the block is range-checked ([-numel(self), numel(self))) before
 * anything is written; then elements are copied bytewise (self and out share the dtype). */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "index_elem.h"
#include "take_args.h"

static int64_t index_at(const aclemu_tdesc *t, uint64_t i)
{
    const char *p = (const char *)(uintptr_t)t->addr + index_view_offset(t, i) * (int64_t)aclemu_kdtype_size(t->dtype);
    if (aclemu_kdtype_size(t->dtype) == 4) {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, p, 8);
    return v;
}

static int k_take(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(take_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const take_args *a = args;
    if (a->self.ndim > ACLEMU_KMAX_RANK || a->index.ndim > ACLEMU_KMAX_RANK || a->out.ndim > ACLEMU_KMAX_RANK ||
        a->self.dtype != a->out.dtype)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range(a->numel, a->per_block, blk, &s, &e);
    for (uint64_t i = s; i < e; i++) {
        int64_t v = index_at(&a->index, i);
        if (v < -a->self_numel || v >= a->self_numel)
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    const size_t es = aclemu_kdtype_size(a->self.dtype);
    const char *from = (const char *)(uintptr_t)a->self.addr;
    char *to = (char *)(uintptr_t)a->out.addr;
    for (uint64_t i = s; i < e; i++) {
        int64_t v = index_at(&a->index, i);
        v = v < 0 ? v + a->self_numel : v;
        memcpy(to + index_view_offset(&a->out, i) * (int64_t)es, from + index_view_offset(&a->self, (uint64_t)v) * (int64_t)es, es);
    }
    return 0;
}

ACLEMU_KERNEL("Take", k_take);

/* Put: all indices checked, then self[index[i]] = (or +=) source[i] in order. */
static int k_put(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(take_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const take_args *a = args;
    if (a->self.ndim > ACLEMU_KMAX_RANK || a->index.ndim > ACLEMU_KMAX_RANK || a->out.ndim > ACLEMU_KMAX_RANK ||
        a->self.dtype != a->out.dtype || blk->block_idx != 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (uint64_t i = 0; i < a->numel; i++) {
        int64_t v = index_at(&a->index, i);
        if (v < -a->self_numel || v >= a->self_numel)
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    const int32_t dt = a->self.dtype;
    const size_t es = aclemu_kdtype_size(dt);
    char *to = (char *)(uintptr_t)a->self.addr;
    const char *from = (const char *)(uintptr_t)a->out.addr;
    for (uint64_t i = 0; i < a->numel; i++) {
        int64_t v = index_at(&a->index, i);
        v = v < 0 ? v + a->self_numel : v;
        char *dp = to + index_view_offset(&a->self, (uint64_t)v) * (int64_t)es;
        const char *sp = from + index_view_offset(&a->out, i) * (int64_t)es;
        if (!a->accumulate)
            memcpy(dp, sp, es);
        else
            index_elem_add(dp, sp, dt, es);
    }
    return 0;
}

ACLEMU_KERNEL("Put", k_put);
