/* NLLLoss kernel: per row -w[t] * self[n, t] (0 for ignoreIndex or a class id outside [0, C)),
 * then none / mean (sum / total weight, NaN when it is 0) / sum; totalWeight = sum of w[t]. */
#include "nll_loss_args.h"
#include "nn_kernel.h"

static int nll_loss_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(nll_loss_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const nll_loss_args *a = (const nll_loss_args *)args;
    double sum = 0, tw = 0;
    for (int64_t n = 0; n < a->N; n++) {
        int64_t t = nn_load_int(&a->target, n);
        double l = 0;
        if (t != a->ignore_index && t >= 0 && t < a->C) {
            double w = a->weight.present ? nn_load(&a->weight, t) : 1.0;
            l = -w * nn_load(&a->self, n * a->C + t);
            tw += w;
        }
        if (a->reduction == 0)
            nn_store(&a->out, n, l);
        sum += l;
    }
    if (a->reduction == 1)
        nn_store(&a->out, 0, sum / tw);
    else if (a->reduction == 2)
        nn_store(&a->out, 0, sum);
    nn_store(&a->total_weight, 0, tw);
    return 0;
}

ACLEMU_KERNEL("NLLLoss", nll_loss_kernel);
