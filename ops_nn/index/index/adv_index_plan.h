/* Host side of the AdvIndex kernel (adv_index_args.h), shared by aclnnIndex and
 * aclnnIndexPutImpl: the bool-mask shape rule and the launch. */
#ifndef OPS_NN_ADV_INDEX_PLAN_H
#define OPS_NN_ADV_INDEX_PLAN_H

#include "aclemu_plans.h"

/* Every non-empty BOOL entry must have the shape of the self dims it covers (entries in list
 * order, an undefined one covering one dim): 161002 with the real IndexPut message. */
aclnnStatus adv_index_check_masks(const char *api, const aclTensor *self, const aclTensorList *indices);
/* Records the launch (ADV_GATHER: other = out, ADV_PUT: other = values); the index shapes must
 * broadcast, the result have at most 8 dims, and, without masks, out have the result's shape /
 * values broadcast to it (161002 otherwise; with masks the kernel checks, failing the launch). */
aclnnStatus adv_index_launch(aclOpExecutor *ex, int mode, const aclTensor *self, const aclTensorList *indices,
                             const aclTensor *other, bool accumulate);

#endif
