/* Host side of the BatchNorm kernel (channel-first (N, C, S), channels split over the vector
 * cores), shared by aclnnBatchNorm and aclnnSyncBnTrainingUpdateV2. */
#ifndef OPS_NN_BATCH_NORM_PLAN_H
#define OPS_NN_BATCH_NORM_PLAN_H

#include "aclemu_op/op_api.h"

/* NULL = absent. x / y are N x C x S once `perm` (NULL = identity) is applied; the others hold
 * C contiguous elements. rm_in / rv_in are read (running stats), rm_out / rv_out written in
 * training as (1 - momentum) * in + momentum * batch stat. */
typedef struct bn_fwd_ops {
    const aclTensor *x, *w, *b, *rm_in, *rv_in, *rm_out, *rv_out, *y, *save_mean, *save_invstd;
} bn_fwd_ops;

/* invstd_is_var: saveInvstd receives the batch variance; running_var_biased: the running
 * variance is updated with the biased batch variance (else the unbiased one). */
aclnnStatus bn_fwd_launch(aclOpExecutor *ex, const bn_fwd_ops *o, const int32_t *perm, int64_t N, int64_t C, int64_t S,
                          int training, double momentum, double eps, int invstd_is_var, int running_var_biased);

#endif
