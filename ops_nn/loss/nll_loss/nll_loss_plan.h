/* Checks shared by aclnnNLLLoss and aclnnNLLLossBackward: dtypes, the (N, C) / (C) self with
 * target (N) / (), weight (C), reduction and the expected loss shape. */
#ifndef OPS_NN_NLL_LOSS_PLAN_H
#define OPS_NN_NLL_LOSS_PLAN_H

#include "aclemu_op/op_api.h"

aclnnStatus nll_check(const char *api, const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                      int64_t reduction, int64_t *N, int64_t *C);
/* The loss tensor (out of the forward, gradOutput of the backward) must be (N) for reduction
 * none with a 2-D self, else hold one element. */
aclnnStatus nll_check_loss_shape(const char *api, const aclTensor *t, const char *name, const aclTensor *self,
                                 int64_t reduction, int64_t N);

#endif
