/* Optional-tensor and shape-relation checks; see nn_check.h. */
#include "nn_check.h"

aclnnStatus nn_dtype_opt(const char *api, const aclTensor *t, const char *name, aclemu_dtype_set allowed)
{
    return t ? aclemu_check_dtype(api, t, name, allowed) : ACLNN_SUCCESS;
}

aclnnStatus nn_format_opt(const char *api, const aclTensor *t, const char *name)
{
    return t ? aclemu_check_format(api, t, name) : ACLNN_SUCCESS;
}

aclnnStatus nn_shape_opt(const char *api, const aclTensor *t, const char *name, uint32_t max_rank)
{
    return t ? aclemu_check_shape(api, t, name, max_rank) : ACLNN_SUCCESS;
}

aclnnStatus nn_numel_opt(const char *api, const aclTensor *t, const char *name, int64_t n)
{
    if (!t || aclemu_tensor_numel(t) == n)
        return ACLNN_SUCCESS;
    char s[256];
    return ACLEMU_PARAM_ERROR(api, "%s shape %s should hold %lld elements.", name,
                              aclemu_shape_str(t->shape, t->ndim, s, sizeof s), (long long)n);
}

aclnnStatus nn_rank_in(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi)
{
    if (t->ndim >= lo && t->ndim <= hi)
        return ACLNN_SUCCESS;
    if (lo == hi)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, lo);
    return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be in [%u, %u].", name, t->ndim, lo, hi);
}

aclnnStatus nn_vec_of(const char *api, const aclTensor *t, const char *name, int64_t n)
{
    if (!t || (t->ndim == 1 && t->shape[0] == n))
        return ACLNN_SUCCESS;
    char s[256];
    return ACLEMU_PARAM_ERROR(api, "%s shape %s should be [%lld].", name, aclemu_shape_str(t->shape, t->ndim, s, sizeof s),
                              (long long)n);
}

int nn_shape_eq(const aclTensor *t, const int64_t *shape, uint32_t nd)
{
    if (t->ndim != nd)
        return 0;
    for (uint32_t i = 0; i < nd; i++)
        if (t->shape[i] != shape[i])
            return 0;
    return 1;
}

aclnnStatus nn_ada_ln_shapes(const char *api, const aclTensor *x, const aclTensor *scale, const aclTensor *shift,
                             const aclTensor *w, const aclTensor *b, int64_t *B, int64_t *S, int64_t *H)
{
    uint32_t nd = x->ndim;
    if (nd < 2 || nd > 8)
        return ACLEMU_PARAM_ERROR(api, "input x dim num should be between 2 and 8.");
    int64_t bs = 1;
    for (uint32_t i = 0; i + 2 < nd; i++)
        bs *= x->shape[i];
    *B = bs;
    *S = x->shape[nd - 2];
    *H = x->shape[nd - 1];
    if (*B <= 0 || *S <= 0 || *H <= 0)
        return ACLEMU_PARAM_ERROR(api, "x sizes should greater than 0.");
    int64_t e1[ACLEMU_MAX_RANK], e2[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i + 2 < nd; i++)
        e1[i] = e2[i] = x->shape[i];
    e1[nd - 2] = 1;
    e1[nd - 1] = *H;
    e2[nd - 2] = *H;
    char sa[128];
    if (!nn_shape_eq(scale, e1, nd) && !nn_shape_eq(scale, e2, nd - 1))
        return ACLEMU_PARAM_ERROR(api, "scale shape %s should be [B..., 1, H] or [B..., H] of x.",
                                  aclemu_shape_str(scale->shape, scale->ndim, sa, sizeof sa));
    if (!nn_shape_eq(shift, e1, nd) && !nn_shape_eq(shift, e2, nd - 1))
        return ACLEMU_PARAM_ERROR(api, "shift shape %s should be [B..., 1, H] or [B..., H] of x.",
                                  aclemu_shape_str(shift->shape, shift->ndim, sa, sizeof sa));
    aclnnStatus st = nn_vec_of(api, w, "weightOptional", *H);
    return st ? st : nn_vec_of(api, b, "biasOptional", *H);
}

aclnnStatus nn_chip_gate(const char *api, unsigned families)
{
    const aclemu_chip_profile *prof = aclemu_op_profile();
    if (families & NN_CHIP(prof->family))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s is not supported on %s.", api, prof->soc_version);
}
