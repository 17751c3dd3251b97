/* NLLLossGrad kernel: zero the block's rows, then -w[t] * g at each row's target. */
#include "nll_loss_args.h"
#include "nn_kernel.h"

static int nll_loss_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(nll_loss_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const nll_loss_args *a = (const nll_loss_args *)args;
    int64_t s, e;
    nn_block_items(a->N, a->rows_per_block, blk, &s, &e);
    int64_t es = (int64_t)aclemu_kdtype_size(a->out.dtype);
    aclemu_zero_run((char *)nn_ptr(&a->out) + s * a->C * es, a->out.dtype, es, (e - s) * a->C);
    double scale = a->reduction == 1 ? 1.0 / nn_load(&a->total_weight, 0) : 1.0;
    for (int64_t n = s; n < e; n++) {
        int64_t t = nn_load_int(&a->target, n);
        if (t == a->ignore_index || t < 0 || t >= a->C)
            continue;
        double w = a->weight.present ? nn_load(&a->weight, t) : 1.0;
        double g = nn_load(&a->grad, a->reduction == 0 ? n : 0);
        nn_store(&a->out, n * a->C + t, -w * g * scale);
    }
    return 0;
}

ACLEMU_KERNEL("NLLLossGrad", nll_loss_grad_kernel);
