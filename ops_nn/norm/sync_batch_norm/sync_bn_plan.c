/* Shared sync-BN checks; see sync_bn_plan.h. */
#include "nn_stage.h"
#include "sync_bn_plan.h"

void sbn_dims(const aclTensor *t, int64_t *N, int64_t *C, int64_t *S)
{
    *N = t->shape[0];
    *C = t->shape[1];
    *S = nn_prod(t->shape, 2, t->ndim);
}

aclnnStatus sbn_per_channel(const char *api, const aclTensor *t, const char *name, int64_t C)
{
    if (!t || (t->ndim == 1 && t->shape[0] == C))
        return ACLNN_SUCCESS;
    char s[256];
    return ACLEMU_PARAM_ERROR(api, "expected tensor for %s to have shape [%lld], but got %s.", name, (long long)C,
                              aclemu_shape_str(t->shape, t->ndim, s, sizeof s));
}

aclnnStatus sbn_plain_format(const char *api, const aclTensor *t, const char *name)
{
    aclFormat f = t->format;
    if (f == ACL_FORMAT_ND || f == ACL_FORMAT_NCHW || f == ACL_FORMAT_NCL || f == ACL_FORMAT_NCDHW ||
        f == ACL_FORMAT_NHWC || f == ACL_FORMAT_NDHWC)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "Format of %s only support ND, NCHW, NCL, NCDHW.", name);
}
