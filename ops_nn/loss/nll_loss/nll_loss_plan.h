/* Shared by aclnnNLLLoss(2d) and their backwards: the checks (dtypes, the (N, C) / (C) self with
 * target (N) / (), weight (C), reduction, the expected loss shape) and the launches of the
 * row kernels over `rows` rows of C classes. */
#ifndef OPS_NN_NLL_LOSS_PLAN_H
#define OPS_NN_NLL_LOSS_PLAN_H

#include "aclemu_op/op_api.h"

aclnnStatus nll_check(const char *api, const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                      int64_t reduction, int64_t *N, int64_t *C);
/* The loss tensor (out of the forward, gradOutput of the backward) must be (N) for reduction
 * none with a 2-D self, else hold one element. */
aclnnStatus nll_check_loss_shape(const char *api, const aclTensor *t, const char *name, const aclTensor *self,
                                 int64_t reduction, int64_t N);

/* Forward: loss and total weight of `rows` rows; self_perm (NULL: none) stages self as
 * (rows, C), e.g. the (N, H, W, C) permutation of a 2-D loss. */
aclnnStatus nll_launch_forward(aclOpExecutor *ex, const aclTensor *self, const int32_t *self_perm,
                               const aclTensor *target, const aclTensor *weight, int64_t rows, int64_t C,
                               int64_t reduction, int64_t ignoreIndex, aclTensor *out, aclTensor *totalWeight);
/* Backward: the gradient of self, written through out_perm (NULL: none); rows are split over
 * the vector cores. */
aclnnStatus nll_launch_backward(aclOpExecutor *ex, const aclTensor *gradOutput, const aclTensor *target,
                                const aclTensor *weight, const aclTensor *totalWeight, int64_t rows, int64_t C,
                                int64_t reduction, int64_t ignoreIndex, aclTensor *out, const int32_t *out_perm);

#endif
