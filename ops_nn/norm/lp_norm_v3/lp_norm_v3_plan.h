/* Host side shared by aclnnLpNormV3 and aclnnRenormV2 (both on the LpNormV3 kernel). */
#ifndef OPS_NN_LP_NORM_V3_PLAN_H
#define OPS_NN_LP_NORM_V3_PLAN_H

#include "aclemu_op/op_api.h"
#include "lp_norm_v3_args.h"

/* nulls, the A2-only chip gate, FLOAT / FLOAT16 with yOut alike, formats, ranks, non-empty x */
aclnnStatus lp_norm_v3_checks(const char *api, const aclTensor *x, const aclTensor *yOut);
/* one LpNormV3 launch over rows x n (transposed: the 2-D x and yOut walked column-wise) */
aclnnStatus lp_norm_v3_launch(aclOpExecutor *executor, const aclTensor *x, const aclTensor *yOut, int transposed,
                              int64_t rows, int64_t n, const lp_norm_v3_args *a);

#endif
