/* Attribute checks of the MaxPool2dWithIndices family; see max_pool2d_attrs.h. */
#include "max_pool2d_attrs.h"
#include "nn_check.h"

aclnnStatus max_pool2d_dtypes(const char *api, const aclTensor *self, const char *name)
{
    const aclemu_chip_profile *prof = aclemu_op_profile();
    if (prof->family == ACLEMU_FAMILY_310B)
        return ACLEMU_PARAM_ERROR(api, "support for %s is not implemented.", prof->soc_version);
    return aclemu_check_dtype(api, self, name, NN_FLOATS);
}

aclnnStatus max_pool2d_attrs(const char *api, const pool_geom *g, const aclIntArray *kernelSize,
                             const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation,
                             bool ceilMode, vec_pool2d *p)
{
    if (kernelSize->size != 1 && kernelSize->size != 2)
        return ACLEMU_PARAM_ERROR(api, "The size of kernelSize must be one or two, but got %llu.",
                                  (unsigned long long)kernelSize->size);
    if (stride->size > 2)
        return ACLEMU_PARAM_ERROR(api, "The size of stride must be zero, one or two, but got %llu.",
                                  (unsigned long long)stride->size);
    if (padding->size != 1 && padding->size != 2)
        return ACLEMU_PARAM_ERROR(api, "The size of padding must be one or two, but got %llu.",
                                  (unsigned long long)padding->size);
    if (dilation->size != 1 && dilation->size != 2)
        return ACLEMU_PARAM_ERROR(api, "The size of dilation must be one or two, but got %llu.",
                                  (unsigned long long)dilation->size);
    int64_t kh = pool_attr(kernelSize, 0, 0), kw = pool_attr(kernelSize, 1, 0);
    if (kh <= 0 || kw <= 0)
        return ACLEMU_PARAM_ERROR(api, "The size of kernel should be greater than 0, but got kh:%lld, kw:%lld",
                                  (long long)kh, (long long)kw);
    int64_t sh = pool_attr(stride, 0, kh), sw = stride->size ? pool_attr(stride, 1, kw) : kw;
    if (sh <= 0 || sw <= 0)
        return ACLEMU_PARAM_ERROR(api, "The size of stride should be greater than 0, but got dh:%lld, dw:%lld",
                                  (long long)sh, (long long)sw);
    int64_t ph = pool_attr(padding, 0, 0), pw = pool_attr(padding, 1, 0);
    if (ph < 0 || pw < 0 || ph > kh / 2 || pw > kw / 2)
        return ACLEMU_PARAM_ERROR(api,
                                  "pad should be >= 0 and <= half of kernel size, but got kh:%lld, kw:%lld, "
                                  "padH:%lld, padW:%lld",
                                  (long long)kh, (long long)kw, (long long)ph, (long long)pw);
    int64_t dh = pool_attr(dilation, 0, 1), dw = pool_attr(dilation, 1, 1);
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950) {
        if (dh <= 0 || dw <= 0)
            return ACLEMU_PARAM_ERROR(api, "dilation should be greater than 0, but got dilationH:%lld, dilationW:%lld",
                                      (long long)dh, (long long)dw);
    } else if (dh != 1 || dw != 1) {
        return ACLEMU_PARAM_ERROR(api, "dilation only support 1, but got dilationH:%lld, dilationW:%lld",
                                  (long long)dh, (long long)dw);
    }
    if (g->C == 0 || g->H == 0 || g->W == 0)
        return ACLEMU_PARAM_ERROR(api,
                                  "Expected tensor with optional 0 dim batch size, but got nInputPlane:%lld, "
                                  "height:%lld, width:%lld",
                                  (long long)g->C, (long long)g->H, (long long)g->W);
    int64_t oh = pool_out_size(g->H, kh, ph, ph, sh, dh, ceilMode), ow = pool_out_size(g->W, kw, pw, pw, sw, dw, ceilMode);
    if (oh <= 0 || ow <= 0)
        return ACLEMU_PARAM_ERROR(api, "Given input size %lldx%lldx%lld, calc out size %lldx%lldx%lld",
                                  (long long)g->C, (long long)g->H, (long long)g->W, (long long)g->C, (long long)oh,
                                  (long long)ow);
    vec_pool2d q = {g->H, g->W, oh, ow, kh, kw, sh, sw, ph, pw, dh, dw, ceilMode, 0, 0};
    *p = q;
    return ACLNN_SUCCESS;
}

aclnnStatus max_pool2d_check_mask(const char *api, const aclTensor *mask, const char *name, const pool_geom *g,
                                  const vec_pool2d *p)
{
    int64_t e[4];
    uint32_t nd = 0;
    if (!g->is3d)
        e[nd++] = g->N;
    e[nd++] = g->C;
    e[nd++] = p->kh * p->kw;
    e[nd++] = max_pool2d_mask_row_k(p->OH, p->OW);
    return aclemu_check_shape_is(api, mask, name, e, nd);
}

aclnnStatus max_pool2d_mask_dtypes(const char *api, const aclTensor *self, const char *name)
{
    const aclemu_chip_profile *prof = aclemu_op_profile();
    if (prof->family == ACLEMU_FAMILY_310B)
        return ACLEMU_PARAM_ERROR(api, "support for %s is not implemented.", prof->soc_version);
    if (prof->family == ACLEMU_FAMILY_310P)
        return aclemu_check_dtype(api, self, name, ACLEMU_DT(ACL_FLOAT));
    return aclemu_check_dtype(api, self, name, NN_FLOATS);
}
