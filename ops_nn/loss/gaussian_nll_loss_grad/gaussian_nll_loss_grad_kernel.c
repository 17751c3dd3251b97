/* GaussianNllLossGrad kernel: per input element i, d = x - t, v = max(var, eps) (a NaN var stays
 * NaN), g = gradOutput (times 1 / N for mean): gradInput = g d / v; g (1 / v - d^2 / v^2) / 2 summed
 * over the group of i into gradVar. In double, each output rounded once. */
#include <math.h>

#include "gaussian_nll_loss_grad_args.h"
#include "nn_kernel.h"

static int gnll_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(gnll_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const gnll_grad_args *a = (const gnll_grad_args *)args;
    int64_t s, e, G = a->group;
    nn_block_items(a->total / G, a->groups_per_block, blk, &s, &e);
    double g0 = a->grad_scalar ? nn_load(&a->grad, 0) * (double)a->scale : 0;
    for (int64_t k = s; k < e; k++) {
        double v = nn_load(&a->var, k);
        if (v < (double)a->eps)
            v = (double)a->eps;
        double acc = 0;
        for (int64_t i = k * G; i < (k + 1) * G; i++) {
            int64_t ti = a->t_axis ? (i / (a->t_axis * a->t_inner)) * a->t_inner + i % a->t_inner : i;
            double d = nn_load(&a->input, i) - nn_load(&a->target, ti);
            double g = a->grad_scalar ? g0 : nn_load(&a->grad, i);
            nn_store(&a->grad_input, i, g * d / v);
            acc += g * 0.5 * (1.0 / v - d * d / (v * v));
        }
        nn_store(&a->grad_var, k, acc);
    }
    return 0;
}

ACLEMU_KERNEL("GaussianNllLossGrad", gnll_grad_kernel);
