/* ScaledMaskedSoftmax and its gradient, a row of D at a time in double: forward x * scale with
 * masked positions at -10000 (the real kernel's MASK_VAL), max-subtracted softmax; backward
 * scale * y * (g - sum(g * y)), masked positions 0. */
#include <math.h>

#include "nn_kernel.h"
#include "sms_args.h"

/* Mask row of data row r (r over B * C * S). */
static int64_t mask_row(const sms_args *a, int64_t r)
{
    int64_t s = r % a->S, bc = r / a->S, c = bc % a->C, b = bc / a->C;
    return ((b % a->mB) * a->mC + c % a->mC) * a->S + s;
}

static int bad(const sms_args *a, size_t size)
{
    return size < sizeof(sms_args) || a->B < 0 || a->C < 0 || a->S < 0 || a->D <= 0 || a->mB <= 0 || a->mC <= 0;
}

static int k_fwd(const void *args, size_t size, const aclemu_block *blk)
{
    const sms_args *a = args;
    if (bad(a, size))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nn_block_items(a->B * a->C * a->S, a->rows_per_block, blk, &s, &e);
    const uint8_t *m = nn_ptr(&a->op[1]);
    for (int64_t r = s; r < e; r++) {
        int64_t base = r * a->D, mb = mask_row(a, r) * a->D;
        double mx = -INFINITY, sum = 0;
        for (int64_t i = 0; i < a->D; i++) {
            double v = m[mb + i] ? -10000.0 : nn_load(&a->op[0], base + i) * a->scale;
            mx = v > mx ? v : mx;
        }
        for (int64_t i = 0; i < a->D; i++) {
            double v = m[mb + i] ? -10000.0 : nn_load(&a->op[0], base + i) * a->scale;
            sum += exp(v - mx);
        }
        for (int64_t i = 0; i < a->D; i++) {
            double v = m[mb + i] ? -10000.0 : nn_load(&a->op[0], base + i) * a->scale;
            nn_store(&a->op[2], base + i, exp(v - mx) / sum);
        }
    }
    return 0;
}
ACLEMU_KERNEL("ScaledMaskedSoftmax", k_fwd);

static int k_grad(const void *args, size_t size, const aclemu_block *blk)
{
    const sms_args *a = args;
    if (bad(a, size))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nn_block_items(a->B * a->C * a->S, a->rows_per_block, blk, &s, &e);
    const uint8_t *m = nn_ptr(&a->op[2]);
    for (int64_t r = s; r < e; r++) {
        int64_t base = r * a->D, mb = mask_row(a, r) * a->D;
        double dot = 0;
        for (int64_t i = 0; i < a->D; i++)
            dot += nn_load(&a->op[0], base + i) * nn_load(&a->op[1], base + i);
        for (int64_t i = 0; i < a->D; i++) {
            double g = nn_load(&a->op[0], base + i), y = nn_load(&a->op[1], base + i);
            nn_store(&a->op[3], base + i, m[mb + i] ? 0.0 : a->scale * y * (g - dot));
        }
    }
    return 0;
}
ACLEMU_KERNEL("ScaledMaskedSoftmaxGrad", k_grad);
