/* GroupNorm backward launches; see group_norm_grad_plan.h. */
#include <stddef.h>

#include "group_norm_grad_args.h"
#include "group_norm_grad_plan.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

aclnnStatus gn_grad_launch(aclOpExecutor *ex, const gn_grad_ops *o, int64_t N, int64_t C, int64_t HxW, int64_t G,
                           int swish, double swish_scale)
{
    aclnnStatus st;
    group_norm_grad_args a = {0};
    a.N = N;
    a.C = C;
    a.HxW = HxW;
    a.G = G;
    a.swish = swish ? 1 : 0;
    a.swish_scale = (float)swish_scale;
    int64_t D = C / G;
    const aclTensor *beta = swish ? o->beta : NULL;
    if (o->dx) {
        const nr_operand ops[] = {{o->dy, 0, offsetof(group_norm_grad_args, dy), NULL},
                                  {o->x, 0, offsetof(group_norm_grad_args, x), NULL},
                                  {o->mean, 0, offsetof(group_norm_grad_args, mean), NULL},
                                  {o->rstd, 0, offsetof(group_norm_grad_args, rstd), NULL},
                                  {o->gamma, 0, offsetof(group_norm_grad_args, gamma), NULL},
                                  {beta, 0, offsetof(group_norm_grad_args, beta), NULL},
                                  {o->dx, 1, offsetof(group_norm_grad_args, dx), NULL}};
        if ((st = nr_launch(ex, "GroupNormGradDx", &a, sizeof a, N * G, D * HxW, 0.0, ops, 7)))
            return st;
    }
    if (!o->dgamma && !o->dbeta)
        return ACLNN_SUCCESS;
    if (N == 0 || HxW == 0) { /* nothing summed */
        if (o->dgamma && (st = nn_fill(ex, o->dgamma, o->dgamma_name, 0.0)))
            return st;
        if (o->dbeta && (st = nn_fill(ex, o->dbeta, o->dbeta_name, 0.0)))
            return st;
        return ACLNN_SUCCESS;
    }
    /* gamma / beta only matter to the per-channel sums through the swish derivative */
    const nr_operand ops[] = {{o->dy, 0, offsetof(group_norm_grad_args, dy), NULL},
                              {o->x, 0, offsetof(group_norm_grad_args, x), NULL},
                              {o->mean, 0, offsetof(group_norm_grad_args, mean), NULL},
                              {o->rstd, 0, offsetof(group_norm_grad_args, rstd), NULL},
                              {swish ? o->gamma : NULL, 0, offsetof(group_norm_grad_args, gamma), NULL},
                              {beta, 0, offsetof(group_norm_grad_args, beta), NULL},
                              {o->dgamma, 1, offsetof(group_norm_grad_args, dgamma), NULL},
                              {o->dbeta, 1, offsetof(group_norm_grad_args, dbeta), NULL}};
    return nr_launch(ex, "GroupNormGradGamma", &a, sizeof a, C, N * HxW, 0.0, ops, 8);
}
