/* AvgPool2d attribute checks; see avgpool2d_attrs.h. */
#include "avgpool2d_attrs.h"

aclnnStatus avgpool2d_format(const char *api, const aclTensor *t, const char *name)
{
    if (aclemu_format_is_private(t->format) || (t->format != ACL_FORMAT_NCHW && t->format != ACL_FORMAT_NCL))
        return ACLEMU_PARAM_ERROR(api, "%s format should be NCHW or NCL. Actual: %s is [%s].", name, name,
                                  aclemu_format_name(t->format));
    if ((t->format == ACL_FORMAT_NCHW && t->ndim != 4) || (t->format == ACL_FORMAT_NCL && t->ndim != 3))
        return ACLEMU_PARAM_ERROR(api, "%s is %uD tensor but the format is [%s].", name, t->ndim,
                                  aclemu_format_name(t->format));
    return ACLNN_SUCCESS;
}

aclnnStatus avgpool2d_cube_math(const char *api, const aclTensor *self, int8_t cubeMathType)
{
    if (cubeMathType < 0 || cubeMathType > 3)
        return ACLEMU_PARAM_ERROR(api, "cubeMathType %d should be in [0, 3].", (int)cubeMathType);
    /* 910 has no FP32 cube path: FP32 needs permission to compute in FP16 */
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_910A && self->dtype == ACL_FLOAT &&
        (cubeMathType == 0 || cubeMathType == 3))
        return ACLEMU_PARAM_ERROR(api, "cubeMathType cannot support fp32 in this platform.");
    return ACLNN_SUCCESS;
}

aclnnStatus avgpool2d_attrs(const char *api, const pool_geom *g, const aclIntArray *kernelSize,
                            const aclIntArray *stride, const aclIntArray *padding, bool ceilMode,
                            bool countIncludePad, int64_t divisorOverride, vec_pool2d *p)
{
    if (kernelSize->size < 1 || kernelSize->size > 2)
        return ACLEMU_PARAM_ERROR(api, "Expected length of kernel is 1 or 2, but got %llu.",
                                  (unsigned long long)kernelSize->size);
    if (padding->size < 1 || padding->size > 2)
        return ACLEMU_PARAM_ERROR(api, "Expected length of padding is 1 or 2, but got %llu.",
                                  (unsigned long long)padding->size);
    if (stride->size > 2)
        return ACLEMU_PARAM_ERROR(api, "Expected length of stride is 0 or 1 or 2, but got: %llu.",
                                  (unsigned long long)stride->size);
    int64_t kh = pool_attr(kernelSize, 0, 0), kw = pool_attr(kernelSize, 1, 0);
    if (kh <= 0 || kw <= 0)
        return ACLEMU_PARAM_ERROR(api, "Dim value of kernel is less than or equal to 0.");
    int64_t sh = pool_attr(stride, 0, kh), sw = stride->size ? pool_attr(stride, 1, kw) : kw;
    if (sh <= 0 || sw <= 0)
        return ACLEMU_PARAM_ERROR(api, "Dim value of stride is less than or equal to 0.");
    int64_t ph = pool_attr(padding, 0, 0), pw = pool_attr(padding, 1, 0);
    if (ph < 0 || pw < 0)
        return ACLEMU_PARAM_ERROR(api, "Dim value of padding is negative.");
    if (kh < 2 * ph)
        return ACLEMU_PARAM_ERROR(api, "value of paddingH should be at most half of kernelH. Actual: paddingH is "
                                  "[%lld],kernelH is [%lld].", (long long)ph, (long long)kh);
    if (kw < 2 * pw)
        return ACLEMU_PARAM_ERROR(api, "value of paddingW should be at most half of kernelW. Actual: paddingW is "
                                  "[%lld],kernelW is [%lld].", (long long)pw, (long long)kw);
    if (g->C == 0 || g->H == 0 || g->W == 0)
        return ACLEMU_PARAM_ERROR(api,
                                  "Expected tensor with optional 0 dim batch size, but got nInputPlane:%lld, "
                                  "height:%lld, width:%lld",
                                  (long long)g->C, (long long)g->H, (long long)g->W);
    int64_t oh = pool_out_size(g->H, kh, ph, ph, sh, 1, ceilMode), ow = pool_out_size(g->W, kw, pw, pw, sw, 1, ceilMode);
    if (oh <= 0 || ow <= 0)
        return ACLEMU_PARAM_ERROR(api, "Given input size %lldx%lldx%lld, calc out size %lldx%lldx%lld",
                                  (long long)g->C, (long long)g->H, (long long)g->W, (long long)g->C, (long long)oh,
                                  (long long)ow);
    vec_pool2d q = {g->H, g->W, oh, ow, kh, kw, sh, sw, ph, pw, 1, 1, ceilMode, countIncludePad, divisorOverride};
    *p = q;
    return ACLNN_SUCCESS;
}
