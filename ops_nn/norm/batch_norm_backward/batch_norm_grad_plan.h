/* Host side of the BatchNormGrad kernel (channel-first (N, C, S) tensors, channels split over the
 * vector cores), shared by aclnnBatchNormBackward, aclnnBatchNormalizationGrad and
 * aclnnBnInferGrad. */
#ifndef OPS_NN_BATCH_NORM_GRAD_PLAN_H
#define OPS_NN_BATCH_NORM_GRAD_PLAN_H

#include "aclemu_op/op_api.h"

/* The operands; NULL = absent. dy / x (and dx) are N x C x S once `perm` (NULL = identity) is
 * applied; the per-channel ones hold C contiguous elements. Training reads sm / si (si the batch
 * variance when invstd_is_var), inference rv (and rm, 0 when absent). */
typedef struct bn_grad_ops {
    const aclTensor *dy, *x, *w, *rm, *rv, *sm, *si, *dx, *dw, *db;
} bn_grad_ops;

aclnnStatus bn_grad_launch(aclOpExecutor *ex, const bn_grad_ops *o, const int32_t *perm, int64_t N, int64_t C,
                           int64_t S, int training, int invstd_is_var, double eps);

#endif
