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

aclnnStatus nn_chip_gate(const char *api, unsigned families)
{
    const aclemu_chip_profile *prof = aclemu_op_profile();
    if (families & NN_CHIP(prof->family))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s is not supported on %s.", api, prof->soc_version);
}
