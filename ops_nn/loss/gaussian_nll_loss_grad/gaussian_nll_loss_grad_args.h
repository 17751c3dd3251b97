/* Blob of GaussianNllLossGrad: `total` input elements in groups of `group` consecutive ones
 * sharing one var element (1: var of input's shape; total: one var; the last dim: var with it 1
 * or without it); groups split over the blocks. target broadcasts along one axis of size
 * t_axis and inner stride t_inner (t_axis 0: target of input's shape). */
#ifndef OPS_NN_GAUSSIAN_NLL_LOSS_GRAD_ARGS_H
#define OPS_NN_GAUSSIAN_NLL_LOSS_GRAD_ARGS_H

#include "nn_cbuf.h"

typedef struct gnll_grad_args {
    nn_cbuf grad, input, target, var, grad_input, grad_var;
    int64_t total, group, groups_per_block, t_axis, t_inner;
    int32_t grad_scalar; /* reduction mean / sum: gradOutput is one element */
    float eps;
    float scale;         /* 1 / N for mean, else 1 */
} gnll_grad_args;

#endif
