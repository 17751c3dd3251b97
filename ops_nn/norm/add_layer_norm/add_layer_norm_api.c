/* aclnnAddLayerNorm: x1 / x2 / gamma / beta / bias / yOut / xOut FLOAT, FLOAT16, BF16 (no BF16
 * on 910 / 310P), x2 / yOut / xOut of x1's dtype and shape; gamma / beta / bias x1's dtype or
 * FLOAT, of the normalised (trailing) shape; meanOut / rstdOut FLOAT, one value per row. Runs the
 * LayerNorm kernel with the residual operands. */
#include "aclemu_plans.h"
#include "add_layer_norm_args.h"
#include "nn_check.h"
#include "nn_stage.h"

static aclnnStatus param_dtype(const char *api, const aclTensor *x1, const aclTensor *t, const char *name)
{
    aclnnStatus st = nn_dtype_opt(api, t, name, NN_FLOATS);
    if (st || !t || t->dtype == ACL_FLOAT)
        return st;
    return aclemu_check_same_dtype(api, x1, "x1", t, name);
}

static aclnnStatus param_shape(const char *api, const aclTensor *t, const char *name, const aclTensor *gamma)
{
    aclnnStatus st;
    if (!t)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_shape(api, t, name, 8)))
        return st;
    return aclemu_check_same_shape(api, gamma, "gamma", t, name);
}

aclnnStatus aclemu_plan_AddLayerNorm(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                     const aclTensor *gamma, const aclTensor *beta, const aclTensor *biasOptional,
                                     double epsilon, bool additionalOutput, const aclTensor *yOut,
                                     const aclTensor *meanOut, const aclTensor *rstdOut, const aclTensor *xOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, beta, "beta")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")) || (st = aclemu_check_notnull(api, meanOut, "meanOut")) ||
        (st = aclemu_check_notnull(api, rstdOut, "rstdOut")) || (st = aclemu_check_notnull(api, xOut, "xOut")))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", NN_FLOATS)) || (st = aclemu_check_same_dtype(api, x1, "x1", x2, "x2")) ||
        (st = param_dtype(api, x1, gamma, "gamma")) || (st = param_dtype(api, x1, beta, "beta")) ||
        (st = param_dtype(api, x1, biasOptional, "biasOptional")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", yOut, "yOut")) ||
        (st = aclemu_check_same_dtype(api, x1, "x1", xOut, "xOut")) ||
        (st = aclemu_check_dtype(api, meanOut, "meanOut", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, rstdOut, "rstdOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = aclemu_check_format(api, x1, "x1")) || (st = aclemu_check_format(api, x2, "x2")) ||
        (st = aclemu_check_format(api, gamma, "gamma")) || (st = aclemu_check_format(api, yOut, "yOut")))
        return st;
    if ((st = aclemu_check_shape(api, x1, "x1", 8)) || (st = nn_rank_in(api, x1, "x1", 1, 8)) ||
        (st = aclemu_check_shape(api, x2, "x2", 8)) || (st = aclemu_check_shape(api, gamma, "gamma", 8)) ||
        (st = param_shape(api, beta, "beta", gamma)) || (st = param_shape(api, biasOptional, "biasOptional", gamma)) ||
        (st = aclemu_check_shape(api, yOut, "yOut", 8)) || (st = aclemu_check_shape(api, xOut, "xOut", 8)) ||
        (st = aclemu_check_shape(api, meanOut, "meanOut", 8)) || (st = aclemu_check_shape(api, rstdOut, "rstdOut", 8)) ||
        (st = aclemu_check_same_shape(api, x1, "x1", x2, "x2")) ||
        (st = aclemu_check_same_shape(api, x1, "x1", yOut, "yOut")) ||
        (st = aclemu_check_same_shape(api, x1, "x1", xOut, "xOut")))
        return st;
    if (gamma->ndim < 1 || gamma->ndim > x1->ndim)
        return ACLEMU_PARAM_ERROR(api, "gamma dim num %u should be in [1, x1 dim num %u].", gamma->ndim, x1->ndim);
    uint32_t begin = x1->ndim - gamma->ndim;
    for (uint32_t i = 0; i < gamma->ndim; i++)
        if (gamma->shape[i] != x1->shape[begin + i])
            return ACLEMU_PARAM_ERROR(api, "gamma dim %u (%lld) should equal x1 dim %u (%lld).", i,
                                      (long long)gamma->shape[i], begin + i, (long long)x1->shape[begin + i]);
    int64_t rows = nn_prod(x1->shape, 0, begin), n = nn_prod(x1->shape, begin, x1->ndim);
    if ((st = nn_numel_opt(api, meanOut, "meanOut", rows)) || (st = nn_numel_opt(api, rstdOut, "rstdOut", rows)))
        return st;
    if (rows == 0 || n == 0)
        return ACLNN_SUCCESS;
    nn_stage s1, s2, sb, sg, sbe, sy, sm, sr, so;
    if ((st = nn_stage_in(executor, x1, NULL, -1, &s1)) || (st = nn_stage_in(executor, x2, NULL, -1, &s2)) ||
        (st = nn_stage_in(executor, biasOptional, NULL, -1, &sb)) || (st = nn_stage_in(executor, gamma, NULL, -1, &sg)) ||
        (st = nn_stage_in(executor, beta, NULL, -1, &sbe)) || (st = nn_stage_out(executor, yOut, NULL, -1, &sy)) ||
        (st = nn_stage_out(executor, meanOut, NULL, -1, &sm)) || (st = nn_stage_out(executor, rstdOut, NULL, -1, &sr)) ||
        (st = nn_stage_out(executor, additionalOutput ? xOut : NULL, NULL, -1, &so)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)n, &bd, &per);
    add_layer_norm_args *a = (add_layer_norm_args *)aclemu_exec_add_launch(executor, "AddLayerNorm", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->eps = epsilon;
    a->rows = rows;
    a->n = n;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(executor, a, &a->x1, &s1)) || (st = nn_stage_bind(executor, a, &a->x2, &s2)) ||
        (st = nn_stage_bind(executor, a, &a->bias, &sb)) || (st = nn_stage_bind(executor, a, &a->gamma, &sg)) ||
        (st = nn_stage_bind(executor, a, &a->beta, &sbe)) || (st = nn_stage_bind(executor, a, &a->y, &sy)) ||
        (st = nn_stage_bind(executor, a, &a->mean, &sm)) || (st = nn_stage_bind(executor, a, &a->rstd, &sr)) ||
        (st = nn_stage_bind(executor, a, &a->xout, &so)))
        return st;
    if ((st = nn_stage_out_finish(executor, &sy)) || (st = nn_stage_out_finish(executor, &sm)) ||
        (st = nn_stage_out_finish(executor, &sr)) || (st = nn_stage_out_finish(executor, &so)))
        return st;
    return ACLNN_SUCCESS;
}
