/* Geometry and the staged launch of the N-d window pooling ops; see pool3d_common.h. */
#include "pool3d_common.h"
#include "nn_stage.h"

void pool3d_geom(const aclTensor *t, uint32_t sdims, int64_t *planes, int64_t sp[3])
{
    uint32_t lead = t->ndim - sdims;
    *planes = nn_prod(t->shape, 0, lead);
    for (int i = 0; i < 3; i++)
        sp[i] = 1;
    for (uint32_t i = 0; i < sdims; i++)
        sp[3 - sdims + i] = t->shape[lead + i];
}

void pool3d_adaptive(pool3d_args *p, const int64_t in[3], const int64_t out[3])
{
    p->adaptive = 1;
    for (int i = 0; i < 3; i++) {
        p->in[i] = in[i];
        p->out[i] = out[i];
        p->k[i] = p->s[i] = p->dil[i] = 1;
        p->pad[i] = 0;
    }
}

aclnnStatus pool3d_launch(aclOpExecutor *ex, const char *kernel, const pool3d_args *p, int64_t planes,
                          const aclTensor *const *ins, int nin, const aclTensor *const *outs, int nout, int scratch)
{
    return pool3d_launch_perm(ex, kernel, p, planes, ins, nin, outs, nout, scratch, NULL);
}

aclnnStatus pool3d_launch_perm(aclOpExecutor *ex, const char *kernel, const pool3d_args *p, int64_t planes,
                               const aclTensor *const *ins, int nin, const aclTensor *const *outs, int nout,
                               int scratch, const int32_t *perm)
{
    aclnnStatus st;
    if (planes == 0)
        return ACLNN_SUCCESS;
    nn_stage s[3];
    for (int i = 0; i < nin; i++)
        if ((st = nn_stage_in(ex, ins[i], perm, -1, &s[i])))
            return st;
    for (int i = 0; i < nout; i++)
        if ((st = nn_stage_out(ex, outs[i], perm, -1, &s[nin + i])))
            return st;
    /* sizes are bounded by the tensors (numel fits in int64), so the products cannot overflow */
    int64_t in_plane = p->in[0] * p->in[1] * p->in[2], out_plane = p->out[0] * p->out[1] * p->out[2];
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)planes, (uint64_t)(in_plane + out_plane), &bd, &per);
    uint64_t ws = scratch ? aclemu_exec_alloc_workspace(ex, (uint64_t)bd * (uint64_t)in_plane * 8) : 0;
    pool3d_args *a = (pool3d_args *)aclemu_exec_add_launch(ex, kernel, bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    *a = *p;
    a->planes = planes;
    a->planes_per_block = (int64_t)per;
    for (int i = 0; i < nin + nout; i++)
        if ((st = nn_stage_bind(ex, a, &a->op[i], &s[i])))
            return st;
    if (scratch && (st = aclemu_exec_bind_workspace(ex, a, &a->scratch, ws)))
        return st;
    for (int i = 0; i < nout; i++)
        if ((st = nn_stage_out_finish(ex, &s[nin + i])))
            return st;
    return ACLNN_SUCCESS;
}
