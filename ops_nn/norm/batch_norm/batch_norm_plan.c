/* BatchNorm launch; see batch_norm_plan.h. */
#include "batch_norm_args.h"
#include "batch_norm_plan.h"
#include "nn_stage.h"

aclnnStatus bn_fwd_launch(aclOpExecutor *ex, const bn_fwd_ops *o, const int32_t *perm, int64_t N, int64_t C, int64_t S,
                          int training, double momentum, double eps, int invstd_is_var, int running_var_biased)
{
    aclnnStatus st;
    nn_stage sx, sw, sb, srm, srv, srm_o, srv_o, sy, ssm, ssi;
    if ((st = nn_stage_in(ex, o->x, perm, -1, &sx)) || (st = nn_stage_in(ex, o->w, NULL, -1, &sw)) ||
        (st = nn_stage_in(ex, o->b, NULL, -1, &sb)) || (st = nn_stage_in(ex, o->rm_in, NULL, -1, &srm)) ||
        (st = nn_stage_in(ex, o->rv_in, NULL, -1, &srv)) ||
        (st = nn_stage_out(ex, o->rm_out, NULL, -1, &srm_o)) ||
        (st = nn_stage_out(ex, o->rv_out, NULL, -1, &srv_o)) ||
        (st = nn_stage_out(ex, o->y, perm, -1, &sy)) ||
        (st = nn_stage_out(ex, o->save_mean, NULL, -1, &ssm)) ||
        (st = nn_stage_out(ex, o->save_invstd, NULL, -1, &ssi)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)C, (uint64_t)(N * S * (training ? 3 : 1)), &bd, &per);
    batch_norm_args *a = (batch_norm_args *)aclemu_exec_add_launch(ex, "BatchNorm", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->momentum = momentum;
    a->eps = eps;
    a->N = N;
    a->C = C;
    a->S = S;
    a->ch_per_block = (int64_t)per;
    a->training = training;
    a->invstd_is_var = invstd_is_var;
    a->running_var_biased = running_var_biased;
    if ((st = nn_stage_bind(ex, a, &a->x, &sx)) || (st = nn_stage_bind(ex, a, &a->w, &sw)) ||
        (st = nn_stage_bind(ex, a, &a->b, &sb)) || (st = nn_stage_bind(ex, a, &a->rm_in, &srm)) ||
        (st = nn_stage_bind(ex, a, &a->rv_in, &srv)) || (st = nn_stage_bind(ex, a, &a->rm_out, &srm_o)) ||
        (st = nn_stage_bind(ex, a, &a->rv_out, &srv_o)) || (st = nn_stage_bind(ex, a, &a->y, &sy)) ||
        (st = nn_stage_bind(ex, a, &a->save_mean, &ssm)) ||
        (st = nn_stage_bind(ex, a, &a->save_invstd, &ssi)))
        return st;
    const nn_stage *outs[] = {&srm_o, &srv_o, &sy, &ssm, &ssi};
    for (int i = 0; i < 5; i++)
        if ((st = nn_stage_out_finish(ex, outs[i])))
            return st;
    return ACLNN_SUCCESS;
}
