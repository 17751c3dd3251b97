/* The staged GroupNorm launch; see group_norm_plan.h. */
#include "group_norm_args.h"
#include "group_norm_plan.h"
#include "nn_stage.h"

aclnnStatus group_norm_launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                              const int32_t *perm, int64_t N, int64_t C, int64_t HxW, int64_t group, double eps,
                              int silu, int stat_var, const aclTensor *y, const aclTensor *mean,
                              const aclTensor *rstd)
{
    return group_norm_launch_swish(ex, x, gamma, beta, perm, N, C, HxW, group, eps, silu, 1.0, stat_var, y, mean,
                                   rstd);
}

static aclnnStatus launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                          const int32_t *perm, int64_t N, int64_t C, int64_t HxW, int64_t group, double eps,
                          int swish, double swish_scale, int stat_var, const aclTensor *y, const aclTensor *mean,
                          const aclTensor *rstd, const aclTensor *qscale, int quant);

aclnnStatus group_norm_launch_swish(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma,
                                    const aclTensor *beta, const int32_t *perm, int64_t N, int64_t C, int64_t HxW,
                                    int64_t group, double eps, int swish, double swish_scale, int stat_var,
                                    const aclTensor *y, const aclTensor *mean, const aclTensor *rstd)
{
    return launch(ex, x, gamma, beta, perm, N, C, HxW, group, eps, swish, swish_scale, stat_var, y, mean, rstd, NULL,
                  0);
}

aclnnStatus group_norm_launch_quant(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma,
                                    const aclTensor *beta, int64_t N, int64_t C, int64_t HxW, int64_t group,
                                    double eps, int silu, const aclTensor *qscale, int quant, const aclTensor *y,
                                    const aclTensor *mean, const aclTensor *rstd)
{
    return launch(ex, x, gamma, beta, NULL, N, C, HxW, group, eps, silu, 1.0, 0, y, mean, rstd, qscale, quant);
}

static aclnnStatus launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                          const int32_t *perm, int64_t N, int64_t C, int64_t HxW, int64_t group, double eps,
                          int swish, double swish_scale, int stat_var, const aclTensor *y, const aclTensor *mean,
                          const aclTensor *rstd, const aclTensor *qscale, int quant)
{
    if (N * C * HxW == 0)
        return ACLNN_SUCCESS;
    aclnnStatus st;
    nn_stage sx, sg, sb, sy, sm, sr, sq;
    if ((st = nn_stage_in(ex, qscale, NULL, -1, &sq)) || (st = nn_stage_in(ex, x, perm, -1, &sx)) || (st = nn_stage_in(ex, gamma, NULL, -1, &sg)) ||
        (st = nn_stage_in(ex, beta, NULL, -1, &sb)) || (st = nn_stage_out(ex, y, perm, -1, &sy)) ||
        (st = nn_stage_out(ex, mean, NULL, -1, &sm)) || (st = nn_stage_out(ex, rstd, NULL, -1, &sr)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)(N * group), (uint64_t)(C / group * HxW * 3), &bd, &per);
    group_norm_args *a = (group_norm_args *)aclemu_exec_add_launch(ex, "GroupNorm", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->eps = eps;
    a->N = N;
    a->C = C;
    a->HxW = HxW;
    a->group = group;
    a->rows_per_block = (int64_t)per;
    a->silu = swish;
    a->swish_scale = (float)swish_scale;
    a->reserved = 0;
    a->stat_var = stat_var;
    a->quant = quant;
    a->qscale_n = qscale ? aclemu_tensor_numel(qscale) : 0;
    a->reserved2 = 0;
    if ((st = nn_stage_bind(ex, a, &a->x, &sx)) || (st = nn_stage_bind(ex, a, &a->gamma, &sg)) ||
        (st = nn_stage_bind(ex, a, &a->beta, &sb)) || (st = nn_stage_bind(ex, a, &a->y, &sy)) ||
        (st = nn_stage_bind(ex, a, &a->mean, &sm)) || (st = nn_stage_bind(ex, a, &a->rstd, &sr)) ||
        (st = nn_stage_bind(ex, a, &a->qscale, &sq)))
        return st;
    if ((st = nn_stage_out_finish(ex, &sy)) || (st = nn_stage_out_finish(ex, &sm)) ||
        (st = nn_stage_out_finish(ex, &sr)))
        return st;
    return ACLNN_SUCCESS;
}
