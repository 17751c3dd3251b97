/* Device side of the tensor-list optimizers: this block's share of position k. */
#ifndef OPS_NN_OPTIM_LIST_KERNEL_H
#define OPS_NN_OPTIM_LIST_KERNEL_H

#include "nn_kernel.h"
#include "optim_list_args.h"

/* Local element range [*lo, *hi) of position k inside this block's flat range [s, e). */
static inline void ol_span(const ol_args *a, int k, int64_t s, int64_t e, int64_t *lo, int64_t *hi)
{
    int64_t f = a->t[k].first, l = f + a->t[k].numel;
    int64_t b = s > f ? s : f, en = e < l ? e : l;
    *lo = b - f;
    *hi = en > b ? en - f : *lo;
}

/* Leaves every in+out role unchanged: copies input to output where the kernel works on a staged
 * copy (same buffer otherwise), for this block's elements. */
static inline void ol_passthrough(const ol_args *a, int64_t s, int64_t e)
{
    for (int k = 0; k < a->ntensors; k++) {
        int64_t lo, hi;
        ol_span(a, k, s, e, &lo, &hi);
        for (int r = 0; r < OL_MAX_ROLES; r++) {
            const nn_cbuf *in = &a->t[k].op[2 * r], *out = &a->t[k].op[2 * r + 1];
            if (!out->present || nn_ptr(in) == nn_ptr(out))
                continue;
            for (int64_t i = lo; i < hi; i++)
                nn_store(out, i, nn_load(in, i));
        }
    }
}

#endif
