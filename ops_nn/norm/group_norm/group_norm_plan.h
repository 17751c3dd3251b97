/* Staging and the GroupNorm launch shared by aclnnGroupNorm, aclnnGroupNormSilu(V2),
 * aclnnGroupNormSwish and aclnnInstanceNorm (group = C). perm (may be NULL) shows x / y as (N, C, ...). */
#ifndef OPS_NN_GROUP_NORM_PLAN_H
#define OPS_NN_GROUP_NORM_PLAN_H

#include "aclemu_op/op_api.h"

aclnnStatus group_norm_launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                              const int32_t *perm, int64_t N, int64_t C, int64_t HxW, int64_t group, double eps,
                              int silu, int stat_var, const aclTensor *y, const aclTensor *mean,
                              const aclTensor *rstd);
/* The same with Swish (y / (1 + exp(-swish_scale * y))) when `swish` (GroupNormSwish). */
aclnnStatus group_norm_launch_swish(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma,
                                    const aclTensor *beta, const int32_t *perm, int64_t N, int64_t C, int64_t HxW,
                                    int64_t group, double eps, int swish, double swish_scale, int stat_var,
                                    const aclTensor *y, const aclTensor *mean, const aclTensor *rstd);
/* GroupNormSiluQuant: y (INT8) = the quantised (silu of the) GroupNorm output, qscale 1 or C
 * FLOAT values; quant GN_Q_A2 / GN_Q_950 (group_norm_args.h). */
aclnnStatus group_norm_launch_quant(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma,
                                    const aclTensor *beta, int64_t N, int64_t C, int64_t HxW, int64_t group,
                                    double eps, int silu, const aclTensor *qscale, int quant, const aclTensor *y,
                                    const aclTensor *mean, const aclTensor *rstd);

#endif
