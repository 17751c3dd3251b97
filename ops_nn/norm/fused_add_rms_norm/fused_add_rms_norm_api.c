/* aclnnFusedAddRmsNorm (ops-nn experimental; the aclnn is generated from the op definition, kernels
 * for ascend910b / 910_93 / 950 / 310p): x1 / x2 / gamma / yOut / xOut FLOAT, FLOAT16 or BF16
 * (FLOAT16, FLOAT on 310P) of one dtype, rstdOut FLOAT, all ND (161002). The tiling's rules
 * (561002), in its order: x1 and gamma rank 1..8, yOut / x2 / xOut / rstdOut of x1's rank, gamma's
 * rank <= x1's; no zero dim in x1, x2 / yOut / xOut of x1's shape, rstdOut = x1's leading dims
 * with 1 for each gamma dim, gamma = x1's trailing dims; epsilon >= 0; the row length (product of
 * gamma's dims) at most 10240 (FLOAT) / 12288 (16-bit), the real first version's UB limit.
 * epsilon and scale are FLOAT attributes. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "fused_add_rms_norm_args.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR
#define TERR(...) aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static aclnnStatus check_shapes(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
                                const aclTensor *y, const aclTensor *rstd, const aclTensor *x)
{
    uint32_t r = x1->ndim, g = gamma->ndim;
    if (r < 1 || r > 8)
        return TERR("Input x1's dim num should not greater than 8 or smaller than 1.");
    if (g < 1 || g > 8)
        return TERR("Input gamma's dim num should not greater than 8 or smaller than 1.");
    if (y->ndim != r)
        return TERR("Input x's dim num must equal to output y's dim num.");
    if (x2->ndim != r)
        return TERR("Input x2/x1 shape invalid, dim num is not equal x1 dim.");
    if (x->ndim != r || rstd->ndim != r)
        return TERR("Output y/x/rstd shape invalid, dim num is not equal x1 dim.");
    if (r < g)
        return TERR("X1 dim num should not be smaller than gamma dim num.");
    for (uint32_t i = 0; i < r; i++) {
        if (x1->shape[i] == 0)
            return TERR("Input x1 shape can not be 0.");
        if (x2->shape[i] != x1->shape[i])
            return TERR("Input x2/x1 shape invalid, shape is not equal x1 shape.");
        if (y->shape[i] != x1->shape[i] || x->shape[i] != x1->shape[i])
            return TERR("Input y/x shape invalid, shape is not equal x1 shape.");
    }
    for (uint32_t i = 0; i < r - g; i++)
        if (rstd->shape[i] != x1->shape[i])
            return TERR("Output rstd shape invalid, shape is not equal x1 first few dim.");
    for (uint32_t i = 0; i < g; i++) {
        if (gamma->shape[i] != x1->shape[r - g + i])
            return TERR("Input gamma shape invalid, gamma shape is not equal x1 last few dim.");
        if (rstd->shape[r - 1 - i] != 1)
            return TERR("Output rstd shape invalid, last few dim is not equal to 1.");
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_FusedAddRmsNorm(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                        const aclTensor *gamma, double epsilon, double scale, const aclTensor *yOut,
                                        const aclTensor *rstdOut, const aclTensor *xOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[6] = {x1, x2, gamma, yOut, rstdOut, xOut};
    const char *names[6] = {"x1", "x2", "gamma", "yOut", "rstdOut", "xOut"};
    aclnnStatus st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, ts[i], names[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", gamma, "gamma")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", yOut, "yOut")) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", xOut, "xOut")))
        return st;
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_format(api, ts[i], names[i])) || (st = aclemu_check_shape(api, ts[i], names[i], 8)))
            return st;
    if ((st = check_shapes(api, x1, x2, gamma, yOut, rstdOut, xOut)))
        return st;
    float eps = (float)epsilon;
    if (eps < 0)
        return TERR("Epsilon less than zero, please check.");
    int64_t n = aclemu_tensor_numel(gamma), rows = aclemu_tensor_numel(x1) / n;
    int64_t ub = x1->dtype == ACL_FLOAT ? 10240 : 12288;
    if (n > ub)
        return TERR("The normalised row length %lld exceeds %lld (the kernel's UB factor).", (long long)n,
                    (long long)ub);
    fused_add_rms_norm_args a = {0};
    a.scale = (float)scale;
    const nr_operand ops[] = {{x1, 0, offsetof(fused_add_rms_norm_args, x1), NULL},
                              {x2, 0, offsetof(fused_add_rms_norm_args, x2), NULL},
                              {gamma, 0, offsetof(fused_add_rms_norm_args, gamma), NULL},
                              {yOut, 1, offsetof(fused_add_rms_norm_args, y), NULL},
                              {rstdOut, 1, offsetof(fused_add_rms_norm_args, rstd), NULL},
                              {xOut, 1, offsetof(fused_add_rms_norm_args, x), NULL}};
    return nr_launch(executor, "FusedAddRmsNorm", &a, sizeof a, rows, n, (double)eps, ops, 6);
}
