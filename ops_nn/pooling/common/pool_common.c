/* Pooling geometry, output sizes and the staged launch; see pool_common.h. */
#include "pool_common.h"
#include "nn_stage.h"

aclnnStatus pool_geom_of(const char *api, const aclTensor *t, const char *name, pool_geom *g)
{
    if (t->ndim != 3 && t->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "3D or 4D tensor expected for %s, but got %u dims.", name, t->ndim);
    g->is3d = t->ndim == 3;
    g->channel_last = t->format == ACL_FORMAT_NHWC;
    const int64_t *s = t->shape;
    if (g->is3d) {
        g->N = 1;
        g->C = g->channel_last ? s[2] : s[0];
        g->H = g->channel_last ? s[0] : s[1];
        g->W = g->channel_last ? s[1] : s[2];
        g->perm[0] = 2; g->perm[1] = 0; g->perm[2] = 1;
    } else {
        g->N = s[0];
        g->C = g->channel_last ? s[3] : s[1];
        g->H = g->channel_last ? s[1] : s[2];
        g->W = g->channel_last ? s[2] : s[3];
        g->perm[0] = 0; g->perm[1] = 3; g->perm[2] = 1; g->perm[3] = 2;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus pool_check_out(const char *api, const aclTensor *out, const char *name, const pool_geom *g, int64_t OH,
                           int64_t OW)
{
    int64_t e[4];
    uint32_t nd = 0;
    if (!g->is3d)
        e[nd++] = g->N;
    if (g->channel_last) {
        e[nd++] = OH; e[nd++] = OW; e[nd++] = g->C;
    } else {
        e[nd++] = g->C; e[nd++] = OH; e[nd++] = OW;
    }
    return aclemu_check_shape_is(api, out, name, e, nd);
}

static int64_t div_floor(int64_t x, int64_t y)
{
    int64_t q = x / y, r = x % y;
    if (r != 0 && ((r < 0) != (y < 0)))
        q--;
    return q;
}

int64_t pool_out_size(int64_t in, int64_t k, int64_t pl, int64_t pr, int64_t s, int64_t d, int ceil_mode)
{
    if (s <= 0)
        return -1;
    int64_t o = div_floor(in + pl + pr - d * (k - 1) - 1 + (ceil_mode ? s - 1 : 0), s) + 1;
    if (ceil_mode && (o - 1) * s >= in + pl)
        o--;
    return o;
}

aclnnStatus pool_launch(aclOpExecutor *ex, const char *kernel, const pool_geom *g, const aclTensor *const *ins,
                        int nin, const aclTensor *const *outs, int nout, const vec_pool2d *p, int64_t pad_b,
                        int64_t pad_r, uint64_t cost_per_plane)
{
    aclnnStatus st;
    int64_t planes = g->N * g->C;
    if (planes == 0)
        return ACLNN_SUCCESS;
    const int32_t *perm = g->channel_last ? g->perm : NULL;
    nn_stage s[4];
    for (int i = 0; i < nin; i++)
        if ((st = nn_stage_in(ex, ins[i], perm, -1, &s[i])))
            return st;
    for (int i = 0; i < nout; i++)
        if ((st = nn_stage_out(ex, outs[i], perm, -1, &s[nin + i])))
            return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)planes, cost_per_plane, &bd, &per);
    pool_args *a = (pool_args *)aclemu_exec_add_launch(ex, kernel, bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->p = *p;
    a->planes = planes;
    a->planes_per_block = (int64_t)per;
    a->pad_b = pad_b;
    a->pad_r = pad_r;
    for (int i = 0; i < nin + nout; i++)
        if ((st = nn_stage_bind(ex, a, &a->op[i], &s[i])))
            return st;
    for (int i = 0; i < nout; i++)
        if ((st = nn_stage_out_finish(ex, &s[nin + i])))
            return st;
    return ACLNN_SUCCESS;
}
