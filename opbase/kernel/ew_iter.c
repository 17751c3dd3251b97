/* Device side: walking an aclemu_ew index range as innermost-dimension runs. */
#include "aclemu_op/kernel_util.h"

void aclemu_ew_iter_init(aclemu_ew_iter *it, const aclemu_ew *ew, uint64_t start, uint64_t end)
{
    it->ew = ew;
    it->pos = start;
    it->end = end;
    uint64_t r = start;
    for (uint32_t d = ew->ndim; d-- > 0;) {
        it->idx[d] = (int64_t)(r % (uint64_t)ew->shape[d]);
        r /= (uint64_t)ew->shape[d];
    }
    for (uint32_t k = 0; k < ew->nops; k++) {
        it->esize[k] = (int64_t)aclemu_kdtype_size(ew->op[k].dtype);
        it->inner_stride[k] = ew->op[k].stride[ew->ndim - 1] * it->esize[k];
    }
}

int64_t aclemu_ew_iter_next(aclemu_ew_iter *it, char **p)
{
    const aclemu_ew *ew = it->ew;
    if (it->pos >= it->end)
        return 0;
    uint32_t last = ew->ndim - 1;
    for (uint32_t k = 0; k < ew->nops; k++) {
        int64_t off = ew->op[k].offset;
        for (uint32_t d = 0; d < ew->ndim; d++)
            off += it->idx[d] * ew->op[k].stride[d];
        p[k] = (char *)(uintptr_t)ew->op[k].addr + off * it->esize[k];
    }
    int64_t n = ew->shape[last] - it->idx[last];
    if ((uint64_t)n > it->end - it->pos)
        n = (int64_t)(it->end - it->pos);
    it->pos += (uint64_t)n;
    /* advance the multi-index past this run */
    it->idx[last] += n;
    for (uint32_t d = last; d > 0 && it->idx[d] >= ew->shape[d]; d--) {
        it->idx[d] = 0;
        it->idx[d - 1]++;
    }
    return n;
}
