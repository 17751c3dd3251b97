/* aclnnAddRmsNormQuant (A2 / A3 / 950 / 310P). Dtypes per chip (the op's documentation):
 * A2 / A3: x1 / x2 / gamma / xOut FLOAT16, BF16; scales FLOAT, BF16; zero points INT32, BF16;
 * 310P: FLOAT16 / FLOAT / INT32; 950: FLOAT, FLOAT16, BF16 / same / INT32 + floats. y1Out /
 * y2Out INT8 (the 950's FLOAT8 / HIFLOAT8 outputs are not emulated). Checks: null, dtype, rank
 * 1..8, then the shape relations (x2 / y / xOut = x1's shape, gamma = x1's trailing dims,
 * scales / zero points gamma's element count). Empty x1 / gamma / y2Out: nothing runs. */
#include <stddef.h>

#include "add_rms_norm_quant_args.h"
#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

static aclnnStatus dtypes(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
                          const aclTensor *s1, const aclTensor *s2, const aclTensor *z1, const aclTensor *z2,
                          const aclTensor *y1, const aclTensor *y2, const aclTensor *xo)
{
    aclemu_family fam = aclemu_op_profile()->family;
    aclemu_dtype_set xs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16), ss = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16),
                     zs = ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_BF16);
    if (fam == ACLEMU_FAMILY_310P) {
        xs = ACLEMU_DT(ACL_FLOAT16);
        ss = ACLEMU_DT(ACL_FLOAT);
        zs = ACLEMU_DT(ACL_INT32);
    } else if (fam == ACLEMU_FAMILY_950) {
        xs = ss = NN_FLOATS;
        zs = NN_FLOATS | ACLEMU_DT(ACL_INT32);
    }
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, x1, "x1", xs)) || (st = aclemu_check_dtype(api, x2, "x2", xs)) ||
        (st = aclemu_check_dtype(api, gamma, "gamma", xs)) || (st = aclemu_check_dtype(api, s1, "scales1", ss)) ||
        (st = nn_dtype_opt(api, s2, "scales2Optional", ss)) || (st = nn_dtype_opt(api, z1, "zeroPoints1Optional", zs)) ||
        (st = nn_dtype_opt(api, z2, "zeroPoints2Optional", zs)) ||
        (st = aclemu_check_dtype(api, y1, "y1Out", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, y2, "y2Out", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_same_dtype(api, y1, "y1Out", y2, "y2Out")) || (st = aclemu_check_dtype(api, xo, "xOut", xs)))
        return st;
    if ((st = aclemu_check_same_dtype(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", gamma, "gamma")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", xo, "xOut")) ||
        (s2 && (st = aclemu_check_same_dtype(api, s1, "scales1", s2, "scales2Optional"))) ||
        (z1 && z2 && (st = aclemu_check_same_dtype(api, z1, "zeroPoints1Optional", z2, "zeroPoints2Optional"))))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus rank(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st = t ? aclemu_check_shape(api, t, name, 8) : ACLNN_SUCCESS;
    if (!st && t)
        st = nn_rank_in(api, t, name, 1, 8);
    return st;
}

aclnnStatus aclemu_plan_AddRmsNormQuant(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                        const aclTensor *gamma, const aclTensor *scales1,
                                        const aclTensor *scales2Optional, const aclTensor *zeroPoints1Optional,
                                        const aclTensor *zeroPoints2Optional, int64_t axis, double epsilon,
                                        bool divMode, aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut)
{
    (void)axis; /* documented: only -1 is supported, other values have no effect */
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, scales1, "scales1")) ||
        (st = aclemu_check_notnull(api, y1Out, "y1Out")) || (st = aclemu_check_notnull(api, y2Out, "y2Out")) ||
        (st = aclemu_check_notnull(api, xOut, "xOut")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = dtypes(api, x1, x2, gamma, scales1, scales2Optional, zeroPoints1Optional, zeroPoints2Optional, y1Out,
                     y2Out, xOut)))
        return st;
    if ((st = rank(api, x1, "x1")) || (st = rank(api, x2, "x2")) || (st = rank(api, gamma, "gamma")) ||
        (st = rank(api, scales1, "scales1")) || (st = rank(api, scales2Optional, "scales2Optional")) ||
        (st = rank(api, zeroPoints1Optional, "zeroPoints1Optional")) ||
        (st = rank(api, zeroPoints2Optional, "zeroPoints2Optional")) || (st = rank(api, y1Out, "y1Out")) ||
        (st = rank(api, y2Out, "y2Out")) || (st = rank(api, xOut, "xOut")))
        return st;
    if (aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(gamma) == 0 || aclemu_tensor_numel(y2Out) == 0)
        return ACLNN_SUCCESS;
    int64_t rows, n;
    const aclTensor *z1 = zeroPoints1Optional, *z2 = zeroPoints2Optional, *s2 = scales2Optional;
    if ((st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, x1, "x1", x2, "x2")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, x1, "x1", y1Out, "y1Out")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, x1, "x1", xOut, "xOut")) ||
        (s2 && (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, x1, "x1", y2Out, "y2Out"))) ||
        (st = nr_split_rows(api, ACLNN_ERR_PARAM_INVALID, x1, "x1", gamma, "gamma", &rows, &n)) ||
        (st = nn_numel_opt(api, scales1, "scales1", n)) || (st = nn_numel_opt(api, s2, "scales2Optional", n)) ||
        (st = nn_numel_opt(api, z1, "zeroPoints1Optional", n)) || (st = nn_numel_opt(api, z2, "zeroPoints2Optional", n)))
        return st;
    add_rms_norm_quant_args a = {0};
    a.div_mode = divMode;
    const nr_operand ops[] = {{x1, 0, offsetof(add_rms_norm_quant_args, x1)},
                              {x2, 0, offsetof(add_rms_norm_quant_args, x2)},
                              {gamma, 0, offsetof(add_rms_norm_quant_args, gamma)},
                              {scales1, 0, offsetof(add_rms_norm_quant_args, s1)},
                              {s2, 0, offsetof(add_rms_norm_quant_args, s2)},
                              {z1, 0, offsetof(add_rms_norm_quant_args, z1)},
                              {s2 ? z2 : NULL, 0, offsetof(add_rms_norm_quant_args, z2)},
                              {y1Out, 1, offsetof(add_rms_norm_quant_args, y1)},
                              {s2 ? y2Out : NULL, 1, offsetof(add_rms_norm_quant_args, y2)},
                              {xOut, 1, offsetof(add_rms_norm_quant_args, xout)}};
    return nr_launch(executor, "AddRmsNormQuant", &a, sizeof a, rows, n, epsilon, ops, 10);
}
