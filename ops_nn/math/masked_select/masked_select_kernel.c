/* Device side of MaskedSelect (see masked_select_args.h): one pass over the broadcast shape,
 * counting the selected elements, a second writing them (skipped when they do not fit). */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "masked_select_args.h"

static int k_masked_select(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(masked_select_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const masked_select_args *a = (const masked_select_args *)args;
    const aclemu_tdesc *s = &a->self, *m = &a->mask, *o = &a->out;
    int nd = (int)s->ndim;
    if (nd > ACLEMU_KMAX_RANK || m->ndim != s->ndim || o->ndim != 1) return ACLEMU_KERNEL_BAD_ARGS;
    if (blk->block_idx != 0) return 0;
    size_t ses = aclemu_kdtype_size(s->dtype), mes = aclemu_kdtype_size(m->dtype), oes = aclemu_kdtype_size(o->dtype);
    const char *sp = (const char *)(uintptr_t)s->addr, *mp = (const char *)(uintptr_t)m->addr;
    char *op = (char *)(uintptr_t)o->addr + o->offset * (int64_t)oes;
    int64_t count = 0;
    for (int pass = 0; pass < 2 && (pass == 0 || count <= a->cap); pass++) {
        int64_t idx[ACLEMU_KMAX_RANK] = {0}, soff = s->offset, moff = m->offset, k = 0;
        for (int64_t e = 0; e < a->numel; e++) {
            const char *mv = mp + moff * (int64_t)mes; /* UINT8 / BOOL: one byte */
            if (*mv) {
                if (pass == 1)
                    aclemu_convert_run(op + k * (int64_t)oes, o->dtype, (int64_t)oes, sp + soff * (int64_t)ses, s->dtype,
                                       (int64_t)ses, 1);
                k++;
            }
            for (int d = nd - 1; d >= 0; d--) {
                soff += s->stride[d];
                moff += m->stride[d];
                if (++idx[d] < s->shape[d]) break;
                soff -= idx[d] * s->stride[d];
                moff -= idx[d] * m->stride[d];
                idx[d] = 0;
            }
        }
        count = k;
    }
    int64_t *dims = (int64_t *)((char *)(uintptr_t)a->ws + a->ws_dims);
    dims[0] = count;
    return 0;
}
ACLEMU_KERNEL("MaskedSelect", k_masked_select);
