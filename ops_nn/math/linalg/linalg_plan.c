/* The launch of the batched factorisations: batch dims of the input (all operands share
 * them), one block per range of matrices, a double workspace slot per block. */
#include <string.h>

#include "linalg_plan.h"

int la_is_empty(const aclTensor *t)
{
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] == 0) return 1;
    return 0;
}

uint32_t la_batch_shape(const aclTensor *in, const int64_t *extra, uint32_t nextra, int64_t *out)
{
    uint32_t nb = in->ndim - 2;
    memcpy(out, in->shape, nb * sizeof(int64_t));
    if (nextra) /* extra may be NULL when there is nothing to append */
        memcpy(out + nb, extra, nextra * sizeof(int64_t));
    return nb + nextra;
}

aclnnStatus la_check_shape_is(const char *api, const aclTensor *t, const char *what, const int64_t *want, uint32_t nd)
{
    if (t->ndim == nd && !memcmp(t->shape, want, nd * sizeof(int64_t)))
        return ACLNN_SUCCESS;
    char s1[256], s2[256];
    return ACLEMU_PARAM_ERROR(api, "%s shape should be %s, but got %s.", what, aclemu_shape_str(want, nd, s1, sizeof s1),
                              aclemu_shape_str(t->shape, t->ndim, s2, sizeof s2));
}

aclnnStatus la_launch(aclOpExecutor *ex, int32_t op, const aclTensor *const *t, const int *kind, int nviews,
                      int32_t flag_a, int32_t flag_b)
{
    const char *api = aclemu_exec_api(ex);
    const aclTensor *in = t[0];
    uint32_t nb = in->ndim - 2;
    int64_t m = in->shape[nb], n = in->shape[nb + 1], batches = 1;
    for (uint32_t d = 0; d < nb; d++)
        if (__builtin_mul_overflow(batches, in->shape[d], &batches))
            return ACLEMU_PARAM_ERROR(api, "self has more matrices than int64 counts.");
    int64_t wsd = linalg_ws_doubles(op, m, n);
    if (wsd < 0)
        return ACLEMU_PARAM_ERROR(api, "self matrices of %lld x %lld are too large to factor.", (long long)m, (long long)n);
    if (batches == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)batches, aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &bd, &per);
    uint64_t ws = aclemu_exec_alloc_workspace(ex, (uint64_t)bd * (uint64_t)wsd * sizeof(double));
    linalg_args *a = (linalg_args *)aclemu_exec_add_launch(ex, "LinalgFactor", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->op = op;
    a->nb = (int32_t)nb;
    a->flag_a = flag_a;
    a->flag_b = flag_b;
    a->m = m;
    a->n = n;
    a->batches = batches;
    a->per_block = (int64_t)per;
    a->ws_doubles = wsd;
    memcpy(a->bshape, in->shape, nb * sizeof(int64_t));
    aclnnStatus st;
    for (int k = 0; k < nviews; k++) {
        const aclTensor *v = t[k];
        if (!v) continue;
        linalg_view *lv = &a->v[k];
        lv->dtype = v->dtype;
        lv->off = v->offset;
        memcpy(lv->bs, v->stride, nb * sizeof(int64_t));
        if (kind[k] >= LA_VECTOR) lv->rs = v->stride[nb];
        if (kind[k] == LA_MATRIX) lv->cs = v->stride[nb + 1];
        if ((st = aclemu_exec_bind_tensor(ex, a, &lv->base, v)))
            return st;
    }
    return aclemu_exec_bind_workspace(ex, a, &a->ws, ws);
}
