/* aclnnRenormV2 (ops-nn experimental; the aclnn is generated from the op definition, kernel for
 * ascend910b only): x / yOut FLOAT or FLOAT16 of one dtype, ND (161002). Tiling (561002): an empty
 * x fails, x must be 2-D; beyond the real tiling (the kernel has no branch for other values) dim
 * must be 0 (rows) or 1 (columns) and yOut must have x's shape. p and maxNorm are FLOAT
 * attributes; the norm (sum |x|^p)^(1/p) has no epsilon and the factor maxNorm / norm applies
 * only when norm > maxNorm (no 1e-7 guard as aclnnRenorm). Runs the LpNormV3 kernel in its
 * renorm mode, dim 1 on the transposed view. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "lp_norm_v3_plan.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR

aclnnStatus aclemu_plan_RenormV2(aclOpExecutor *executor, const aclTensor *x, double p, int64_t dim, double maxNorm,
                                 const aclTensor *yOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = lp_norm_v3_checks(api, x, yOut)))
        return st;
    if (x->ndim != 2)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "RenormV2 only supports 2D tensor, x dim num is %u.",
                               x->ndim);
    if ((st = nr_same_shape(api, TILING, x, "x", yOut, "yOut")))
        return st;
    if (dim != 0 && dim != 1)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "dim %lld should be 0 or 1.", (long long)dim);
    int64_t rows = x->shape[dim], n = x->shape[1 - dim];
    lp_norm_v3_args a = {0};
    a.p = (float)p;
    a.renorm = 1;
    a.max_norm = (float)maxNorm;
    return lp_norm_v3_launch(executor, x, yOut, dim == 1, rows, n, &a);
}
