/* Host side of the tensor-list optimizers: checks shared by their op_apis and the grouped
 * launches (OL_MAX_TENSORS list positions per launch, non-contiguous elements staged). */
#ifndef OPS_NN_OPTIM_LIST_PLAN_H
#define OPS_NN_OPTIM_LIST_PLAN_H

#include "aclemu_op/op_api.h"
#include "optim_list_args.h"

/* Role directions. */
enum { OL_IN = 0, OL_INOUT = 1 };

/* Records the launches of `kernel` over every position of lists[0] (lists[r] may be NULL: role
 * absent). tmpl carries the scalars; scale / found_inf may be NULL. Empty positions are skipped. */
aclnnStatus ol_launch(aclOpExecutor *ex, const char *kernel, const ol_args *tmpl, const aclTensorList *const *lists,
                      const int *dirs, int nroles, const aclTensor *scale, const aclTensor *found_inf);

/* The list (unless optional and NULL) and each of its elements must be non-null (161001). */
aclnnStatus ol_check_null(const char *api, const aclTensorList *l, const char *name, int optional);
/* Every element of `l` must have `dt` (161002 "expects all input tensors with the same dtype."). */
aclnnStatus ol_check_dtype_all(const char *api, const aclTensorList *l, aclDataType dt);
/* Element i of `l` must have the shape of element i of `ref` (161002 "expects all input tensors with
 * the same shape."); elements of rank > 8 are refused. */
aclnnStatus ol_check_shape_all(const char *api, const aclTensorList *ref, const aclTensorList *l);

#endif
