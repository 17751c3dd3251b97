/* Modulate and its backward in double (one rounding at the store); the backward sums over L in
 * a fixed order per (b, d), so it is deterministic. Absent operands (present 0) are skipped:
 * forward without scale / shift uses 0, backward without scale passes the gradient through. */
#include "modulate_args.h"
#include "nn_kernel.h"

static int bad(const modulate_args *a, size_t size)
{
    return size < sizeof(modulate_args) || a->B < 0 || a->L < 0 || a->D < 0;
}

static int k_fwd(const void *args, size_t size, const aclemu_block *blk)
{
    const modulate_args *a = args;
    if (bad(a, size))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nn_block_items(a->B, a->per_block, blk, &s, &e);
    for (int64_t b = s; b < e; b++)
        for (int64_t l = 0; l < a->L; l++)
            for (int64_t d = 0; d < a->D; d++) {
                int64_t i = (b * a->L + l) * a->D + d, j = b * a->D + d;
                double sc = a->op[1].present ? nn_load(&a->op[1], j) : 0, sh = a->op[2].present ? nn_load(&a->op[2], j) : 0;
                nn_store(&a->op[3], i, nn_load(&a->op[0], i) * (1 + sc) + sh);
            }
    return 0;
}
ACLEMU_KERNEL("Modulate", k_fwd);

static int k_grad(const void *args, size_t size, const aclemu_block *blk)
{
    const modulate_args *a = args;
    if (bad(a, size))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nn_block_items(a->B, a->per_block, blk, &s, &e);
    for (int64_t b = s; b < e; b++)
        for (int64_t d = 0; d < a->D; d++) {
            int64_t j = b * a->D + d;
            double sc = a->op[2].present ? nn_load(&a->op[2], j) : 1, gs = 0, gt = 0;
            for (int64_t l = 0; l < a->L; l++) {
                int64_t i = (b * a->L + l) * a->D + d;
                double g = nn_load(&a->op[0], i);
                nn_store(&a->op[3], i, g * sc);
                gs += g * nn_load(&a->op[1], i);
                gt += g;
            }
            if (a->op[4].present)
                nn_store(&a->op[4], j, gs);
            if (a->op[5].present)
                nn_store(&a->op[5], j, gt);
        }
    return 0;
}
ACLEMU_KERNEL("ModulateGrad", k_grad);
