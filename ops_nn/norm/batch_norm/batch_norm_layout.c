/* Channel layout of BatchNorm tensors; see batch_norm_layout.h. */
#include "batch_norm_layout.h"

static int channel_last(const aclTensor *t) { return t->format == ACL_FORMAT_NHWC || t->format == ACL_FORMAT_NDHWC; }

aclnnStatus bn_check_format(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st = aclemu_check_format(api, t, name);
    if (st)
        return st;
    int is950 = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    if (t->ndim == 5 && t->format != ACL_FORMAT_NCDHW && !(is950 && t->format == ACL_FORMAT_NDHWC))
        return ACLEMU_PARAM_ERROR(api, "Format of %s should be %s, when input dim is 5.", name,
                                  is950 ? "NCDHW or NDHWC" : "NCDHW");
    switch (t->format) {
    case ACL_FORMAT_ND: case ACL_FORMAT_NC: case ACL_FORMAT_NCL: case ACL_FORMAT_NCHW: case ACL_FORMAT_NCDHW:
        return ACLNN_SUCCESS;
    case ACL_FORMAT_NHWC: case ACL_FORMAT_NDHWC:
        if (is950)
            return ACLNN_SUCCESS;
        return ACLEMU_PARAM_ERROR(api, "%s format %s is not supported on %s.", name, aclemu_format_name(t->format),
                                  aclemu_op_profile()->soc_version);
    default:
        return ACLEMU_PARAM_ERROR(api, "%s format %s should be one of NC, NCL, NCHW, NCDHW, NHWC, NDHWC, ND.", name,
                                  aclemu_format_name(t->format));
    }
}

int bn_channel_perm(const aclTensor *t, int32_t *perm)
{
    if (!channel_last(t) || t->ndim < 3)
        return 0;
    perm[0] = 0;
    perm[1] = (int32_t)t->ndim - 1;
    for (uint32_t i = 2; i < t->ndim; i++)
        perm[i] = (int32_t)i - 1;
    return 1;
}

void bn_dims(const aclTensor *t, int64_t *N, int64_t *C, int64_t *S)
{
    int cl = channel_last(t) && t->ndim >= 3;
    *N = t->shape[0];
    *C = cl ? t->shape[t->ndim - 1] : t->shape[1];
    int64_t s = 1;
    for (uint32_t i = cl ? 1 : 2; i < (cl ? t->ndim - 1 : t->ndim); i++)
        s *= t->shape[i];
    *S = s;
}
