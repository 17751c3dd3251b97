/* BatchNormGrad launch; see batch_norm_grad_plan.h. */
#include "batch_norm_backward_args.h"
#include "batch_norm_grad_plan.h"
#include "nn_stage.h"

aclnnStatus bn_grad_launch(aclOpExecutor *ex, const bn_grad_ops *o, const int32_t *perm, int64_t N, int64_t C,
                           int64_t S, int training, int invstd_is_var, double eps)
{
    aclnnStatus st;
    nn_stage sdy, sx, sw, srm, srv, ssm, ssi, sdx, sdw, sdb;
    if ((st = nn_stage_in(ex, o->dy, perm, -1, &sdy)) || (st = nn_stage_in(ex, o->x, perm, -1, &sx)) ||
        (st = nn_stage_in(ex, o->w, NULL, -1, &sw)) ||
        (st = nn_stage_in(ex, training ? NULL : o->rm, NULL, -1, &srm)) ||
        (st = nn_stage_in(ex, training ? NULL : o->rv, NULL, -1, &srv)) ||
        (st = nn_stage_in(ex, training ? o->sm : NULL, NULL, -1, &ssm)) ||
        (st = nn_stage_in(ex, training ? o->si : NULL, NULL, -1, &ssi)) ||
        (st = nn_stage_out(ex, o->dx, perm, -1, &sdx)) || (st = nn_stage_out(ex, o->dw, NULL, -1, &sdw)) ||
        (st = nn_stage_out(ex, o->db, NULL, -1, &sdb)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)C, (uint64_t)(N * S * 2), &bd, &per);
    batch_norm_backward_args *a = (batch_norm_backward_args *)aclemu_exec_add_launch(ex, "BatchNormGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->eps = eps;
    a->N = N;
    a->C = C;
    a->S = S;
    a->ch_per_block = (int64_t)per;
    a->training = training;
    a->invstd_is_var = invstd_is_var;
    if ((st = nn_stage_bind(ex, a, &a->dy, &sdy)) || (st = nn_stage_bind(ex, a, &a->x, &sx)) ||
        (st = nn_stage_bind(ex, a, &a->w, &sw)) || (st = nn_stage_bind(ex, a, &a->rm, &srm)) ||
        (st = nn_stage_bind(ex, a, &a->rv, &srv)) || (st = nn_stage_bind(ex, a, &a->sm, &ssm)) ||
        (st = nn_stage_bind(ex, a, &a->si, &ssi)) || (st = nn_stage_bind(ex, a, &a->dx, &sdx)) ||
        (st = nn_stage_bind(ex, a, &a->dw, &sdw)) || (st = nn_stage_bind(ex, a, &a->db, &sdb)))
        return st;
    if ((st = nn_stage_out_finish(ex, &sdx)) || (st = nn_stage_out_finish(ex, &sdw)) ||
        (st = nn_stage_out_finish(ex, &sdb)))
        return st;
    return ACLNN_SUCCESS;
}
