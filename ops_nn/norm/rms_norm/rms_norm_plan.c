/* Shape checks and the staged RmsNorm launch; see rms_norm_plan.h. */
#include "rms_norm_plan.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "rms_norm_args.h"

aclnnStatus rms_check_shapes(const char *api, const aclTensor *x, const char *xn, const aclTensor *gamma,
                             const aclTensor *rstd, const char *rn, int64_t *rows, int64_t *n)
{
    char a[256], b[256];
    if (gamma->ndim < 1 || gamma->ndim > x->ndim)
        return ACLEMU_PARAM_ERROR(api, "gamma dim num %u should be in [1, %s dim num %u].", gamma->ndim, xn, x->ndim);
    uint32_t begin = x->ndim - gamma->ndim;
    for (uint32_t i = 0; i < gamma->ndim; i++)
        if (gamma->shape[i] != x->shape[begin + i])
            return ACLEMU_PARAM_ERROR(api, "gamma shape %s should equal the trailing dims of %s shape %s.",
                                      aclemu_shape_str(gamma->shape, gamma->ndim, a, sizeof a), xn,
                                      aclemu_shape_str(x->shape, x->ndim, b, sizeof b));
    *rows = nn_prod(x->shape, 0, begin);
    *n = nn_prod(x->shape, begin, x->ndim);
    if (rstd && aclemu_tensor_numel(rstd) != *rows)
        return ACLEMU_PARAM_ERROR(api, "%s shape %s should be %s's shape with the normalised dims set to 1.", rn,
                                  aclemu_shape_str(rstd->shape, rstd->ndim, a, sizeof a), xn);
    return ACLNN_SUCCESS;
}

aclnnStatus rms_launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *x2, const aclTensor *gamma, double eps,
                       const aclTensor *y, const aclTensor *rstd, const aclTensor *xout, int64_t rows, int64_t n)
{
    if (rows == 0 || n == 0)
        return ACLNN_SUCCESS;
    aclnnStatus st;
    nn_stage sx, s2, sg, sy, sr, so;
    if ((st = nn_stage_in(ex, x, NULL, -1, &sx)) || (st = nn_stage_in(ex, x2, NULL, -1, &s2)) ||
        (st = nn_stage_in(ex, gamma, NULL, -1, &sg)) || (st = nn_stage_out(ex, y, NULL, -1, &sy)) ||
        (st = nn_stage_out(ex, rstd, NULL, -1, &sr)) || (st = nn_stage_out(ex, xout, NULL, -1, &so)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)n, &bd, &per);
    rms_norm_args *a = (rms_norm_args *)aclemu_exec_add_launch(ex, "RmsNorm", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->eps = eps;
    a->rows = rows;
    a->n = n;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(ex, a, &a->x, &sx)) || (st = nn_stage_bind(ex, a, &a->x2, &s2)) ||
        (st = nn_stage_bind(ex, a, &a->gamma, &sg)) || (st = nn_stage_bind(ex, a, &a->y, &sy)) ||
        (st = nn_stage_bind(ex, a, &a->rstd, &sr)) || (st = nn_stage_bind(ex, a, &a->xout, &so)))
        return st;
    if ((st = nn_stage_out_finish(ex, &sy)) || (st = nn_stage_out_finish(ex, &sr)) ||
        (st = nn_stage_out_finish(ex, &so)))
        return st;
    return ACLNN_SUCCESS;
}
