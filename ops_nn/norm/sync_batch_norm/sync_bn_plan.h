/* Checks shared by the sync-BN family: channel-first inputs of rank >= 2 seen as (N, C, S), and
 * 1-D per-channel tensors. */
#ifndef OPS_NN_SYNC_BN_PLAN_H
#define OPS_NN_SYNC_BN_PLAN_H

#include "aclemu_op/op_api.h"

/* N = dim 0, C = dim 1, S = product of the rest (t has rank >= 2). */
void sbn_dims(const aclTensor *t, int64_t *N, int64_t *C, int64_t *S);
/* t (when given) must be 1-D of length C: "expected tensor for <name> to have shape [C] ...". */
aclnnStatus sbn_per_channel(const char *api, const aclTensor *t, const char *name, int64_t C);
/* Private (non-ND-like) storage formats are refused: "Format of <name> only support ND, NCHW, NCL, NCDHW." */
aclnnStatus sbn_plain_format(const char *api, const aclTensor *t, const char *name);

#endif
