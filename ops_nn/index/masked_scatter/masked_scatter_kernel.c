/* MaskedScatter (see masked_scatter_args.h): elements copied bytewise (self and source share the dtype). */
#include <string.h>

#include "aclemu/kernel.h"
#include "index_elem.h"
#include "masked_scatter_args.h"

static int k_masked_scatter(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(masked_scatter_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const masked_scatter_args *a = args;
    if (a->self.ndim > ACLEMU_KMAX_RANK || a->mask.ndim != a->self.ndim || a->source.ndim > ACLEMU_KMAX_RANK ||
        a->self.dtype != a->source.dtype || blk->block_idx != 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    const unsigned char *mask = (const unsigned char *)(uintptr_t)a->mask.addr;
    uint64_t trues = 0;
    for (uint64_t i = 0; i < a->numel; i++)
        trues += mask[index_view_offset(&a->mask, i)] != 0;
    if (trues > a->source_numel)
        return ACLEMU_KERNEL_BAD_ARGS;
    const size_t es = aclemu_kdtype_size(a->self.dtype);
    char *self = (char *)(uintptr_t)a->self.addr;
    const char *src = (const char *)(uintptr_t)a->source.addr;
    uint64_t k = 0;
    for (uint64_t i = 0; i < a->numel; i++)
        if (mask[index_view_offset(&a->mask, i)])
            memcpy(self + index_view_offset(&a->self, i) * (int64_t)es, src + index_view_offset(&a->source, k++) * (int64_t)es, es);
    return 0;
}

ACLEMU_KERNEL("MaskedScatter", k_masked_scatter);
