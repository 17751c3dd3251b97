/* Where the channel dim of a BatchNorm tensor is and how to see it as (N, C, S). */
#ifndef OPS_NN_BATCH_NORM_LAYOUT_H
#define OPS_NN_BATCH_NORM_LAYOUT_H

#include "aclemu_op/op_api.h"

/* Formats accepted for the input / output (NHWC / NDHWC only on Ascend950). */
aclnnStatus bn_check_format(const char *api, const aclTensor *t, const char *name);
/* perm[] reorders a channel-last tensor to channel-first; returns 0 when no reorder is needed. */
int bn_channel_perm(const aclTensor *t, int32_t *perm);
/* N, C, S of t (channel at dim 1, or last for channel-last formats). */
void bn_dims(const aclTensor *t, int64_t *N, int64_t *C, int64_t *S);

#endif
