/* aclnnAddRmsNormCast (A2 / A3 / 950). The real aclnn is generated from the op definition:
 * x1 / x2 / gamma / y2Out / xOut FLOAT16, BF16 of one dtype, y1Out / rstdOut FLOAT (161002);
 * shapes are the tiling's (561002): x1 rank 1..8, gamma rank 1..8 and x1's trailing dims,
 * x2 / y1Out / y2Out / xOut of x1's shape, rstdOut one value per row. Runs the RmsNorm kernel
 * (x = float(x1) + float(x2) normalised in FP32; xOut holds x rounded) into y1Out, then the Cast kernel
 * y1Out -> y2Out. */
#include "aclemu_plans.h"
#include "../../math/cast/cast_args.h" /* the Cast kernel's blob */
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "rms_norm_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR
#define XS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

aclnnStatus aclemu_plan_AddRmsNormCast(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                       const aclTensor *gamma, double epsilon, const aclTensor *y1Out,
                                       const aclTensor *y2Out, const aclTensor *rstdOut, const aclTensor *xOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, y1Out, "y1Out")) ||
        (st = aclemu_check_notnull(api, y2Out, "y2Out")) || (st = aclemu_check_notnull(api, rstdOut, "rstdOut")) ||
        (st = aclemu_check_notnull(api, xOut, "xOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", XS)) || (st = aclemu_check_same_dtype(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", gamma, "gamma")) ||
        (st = aclemu_check_dtype(api, y1Out, "y1Out", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", y2Out, "y2Out")) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", xOut, "xOut")))
        return st;
    const aclTensor *ts[] = {x1, x2, gamma, y1Out, y2Out, rstdOut, xOut};
    const char *names[] = {"x1", "x2", "gamma", "y1Out", "y2Out", "rstdOut", "xOut"};
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    if (x1->ndim < 1 || gamma->ndim < 1)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "x1 and gamma should have rank 1 to 8.");
    if ((st = nr_same_shape(api, TILING, x1, "x1", x2, "x2")) ||
        (st = nr_same_shape(api, TILING, x1, "x1", y1Out, "y1Out")) ||
        (st = nr_same_shape(api, TILING, x1, "x1", y2Out, "y2Out")) ||
        (st = nr_same_shape(api, TILING, x1, "x1", xOut, "xOut")))
        return st;
    int64_t rows, n;
    if ((st = nr_split_rows(api, TILING, x1, "x1", gamma, "gamma", &rows, &n)) ||
        (st = nr_check_row_stat(api, TILING, rstdOut, "rstdOut", rows)))
        return st;
    if (rows == 0 || n == 0)
        return ACLNN_SUCCESS;
    if ((st = rms_launch(executor, x1, x2, gamma, epsilon, y1Out, rstdOut, xOut, rows, n)))
        return st;
    const aclTensor *in[1] = {y1Out};
    aclemu_ew_launch(executor, "Cast", sizeof(cast_args), (aclTensor *)y2Out, in, 1, &st);
    return st;
}
