/* Host side of the GroupNorm backward kernels (group_norm_grad_kernel.c), shared by
 * aclnnGroupNormBackward and aclnnGroupNormSwishGrad: x / dy seen as (N, C, HxW), mean / rstd as
 * (N, G). With `swish` the kernels first turn dy into dy * d swish(y) / dy, y recomputed from
 * x, mean, rstd, gamma and beta (the GroupNormSwish forward). */
#ifndef OPS_NN_GROUP_NORM_GRAD_PLAN_H
#define OPS_NN_GROUP_NORM_GRAD_PLAN_H

#include "aclemu_op/op_api.h"

/* The operands; NULL = absent (gamma 1, beta 0; an absent output is not computed). */
typedef struct gn_grad_ops {
    const aclTensor *dy, *x, *mean, *rstd, *gamma, *beta, *dx, *dgamma, *dbeta;
    const char *dgamma_name, *dbeta_name; /* for the zero fill when nothing is summed */
} gn_grad_ops;

/* Records the launches: dx per (n, group) row, dgamma / dbeta per channel. */
aclnnStatus gn_grad_launch(aclOpExecutor *ex, const gn_grad_ops *o, int64_t N, int64_t C, int64_t HxW, int64_t G,
                           int swish, double swish_scale);

#endif
