/* The checks and launch shared by aclnnRmsNorm, aclnnAddRmsNorm and aclnnInplaceAddRmsNorm. */
#ifndef OPS_NN_RMS_NORM_PLAN_H
#define OPS_NN_RMS_NORM_PLAN_H

#include "aclemu_op/op_api.h"

/* gamma's dims must be x's trailing dims; rstd (if given) holds one value per row. Sets
 * *rows / *n. */
aclnnStatus rms_check_shapes(const char *api, const aclTensor *x, const char *xn, const aclTensor *gamma,
                             const aclTensor *rstd, const char *rn, int64_t *rows, int64_t *n);
/* Stages operands and records the RmsNorm launch (x2 / xout may be NULL). */
aclnnStatus rms_launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *x2, const aclTensor *gamma, double eps,
                       const aclTensor *y, const aclTensor *rstd, const aclTensor *xout, int64_t rows, int64_t n);

#endif
