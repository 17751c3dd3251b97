/* aclnnMaxPool: self / out FLOAT16 (910, 310P), + FLOAT (A2/A3), + BF16 and INT32, INT64, UINT8,
 * INT16, INT8, UINT16 (950); 3-D or 4-D NCHW/ND; kernelShape 1-2 values > 0, strides 0-2 values
 * > 0 (empty = 1), pads 0/1/2/4 values with top+bottom <= kh and left+right <= kw, dilations
 * 0/1/2/4 values all 1, autoPad 0. Float inputs with symmetric pads use the vector max-pool. */
#include "aclemu_plans.h"
#include "nn_check.h"
#include "pool_common.h"

#define MAXPOOL_950_DTYPES                                                                                   \
    (NN_FLOATS | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT16))

static aclemu_dtype_set chip_dtypes(void)
{
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3: return ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT);
    case ACLEMU_FAMILY_950: return MAXPOOL_950_DTYPES;
    default: return ACLEMU_DT(ACL_FLOAT16);
    }
}

aclnnStatus aclemu_plan_MaxPool(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *kernelShape,
                                const aclIntArray *strides, const int64_t autoPad, const aclIntArray *pads,
                                const aclIntArray *dilations, const int64_t ceilMode, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, kernelShape, "kernelShape")) ||
        (st = aclemu_check_notnull(api, strides, "strides")) || (st = aclemu_check_notnull(api, pads, "pads")) ||
        (st = aclemu_check_notnull(api, dilations, "dilations")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", chip_dtypes())) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be same, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (self->format == ACL_FORMAT_NHWC || aclemu_format_is_private(self->format))
        return ACLEMU_PARAM_ERROR(api, "Format only support NCHW or CHW");
    pool_geom g;
    if ((st = aclemu_check_shape(api, self, "self", 4)) || (st = pool_geom_of(api, self, "self", &g)) ||
        (st = aclemu_check_shape(api, out, "out", 4)))
        return st;
    if (kernelShape->size != 1 && kernelShape->size != 2)
        return ACLEMU_PARAM_ERROR(api, "The size of kernelShape must be one or two, but got %llu.",
                                  (unsigned long long)kernelShape->size);
    if (strides->size > 2)
        return ACLEMU_PARAM_ERROR(api, "The size of strides must be zero, one or two, but got %llu.",
                                  (unsigned long long)strides->size);
    if (pads->size != 0 && pads->size != 1 && pads->size != 2 && pads->size != 4)
        return ACLEMU_PARAM_ERROR(api, "The size of pads must be zero, one, two or four, but got %llu.",
                                  (unsigned long long)pads->size);
    if (dilations->size != 0 && dilations->size != 1 && dilations->size != 2 && dilations->size != 4)
        return ACLEMU_PARAM_ERROR(api, "The size of dilations must be zero, one, two or four, but got %llu.",
                                  (unsigned long long)dilations->size);
    for (uint64_t i = 0; i < dilations->size; i++)
        if (dilations->data[i] != 1)
            return ACLEMU_PARAM_ERROR(api, "dilation value along each spatial axis only support 1, but got %lld",
                                      (long long)dilations->data[i]);
    if (autoPad != 0)
        return ACLEMU_PARAM_ERROR(api, "value of autoPad must be zero representing NOTSET, but got autoPad:%lld",
                                  (long long)autoPad);
    int64_t kh = pool_attr(kernelShape, 0, 0), kw = pool_attr(kernelShape, 1, 0);
    if (kh <= 0 || kw <= 0)
        return ACLEMU_PARAM_ERROR(api, "The size of kernel should be greater than 0, but got kh:%lld, kw:%lld",
                                  (long long)kh, (long long)kw);
    int64_t sh = pool_attr(strides, 0, 1), sw = pool_attr(strides, 1, 1);
    if (sh <= 0 || sw <= 0)
        return ACLEMU_PARAM_ERROR(api, "The size of strides should be greater than 0, but got dh:%lld, dw:%lld",
                                  (long long)sh, (long long)sw);
    int64_t pt = 0, pb = 0, pl = 0, pr = 0;
    if (pads->size == 1) {
        pt = pb = pl = pr = pads->data[0];
    } else if (pads->size == 2) {
        pt = pb = pads->data[0];
        pl = pr = pads->data[1];
    } else if (pads->size == 4) {
        pt = pads->data[0]; pl = pads->data[1]; pb = pads->data[2]; pr = pads->data[3];
    }
    if (pt < 0 || pb < 0 || pl < 0 || pr < 0 || pt + pb > kh || pl + pr > kw)
        return ACLEMU_PARAM_ERROR(api,
                                  "padding for the sum of beginning and ending along each spatial axis, should be "
                                  "smaller than, or equal to value of kernel size, but got kh:%lld, kw:%lld, "
                                  "padHL:%lld, padHR:%lld, padWL:%lld, padWR:%lld",
                                  (long long)kh, (long long)kw, (long long)pt, (long long)pb, (long long)pl,
                                  (long long)pr);
    if (g.C == 0 || g.H == 0 || g.W == 0)
        return ACLEMU_PARAM_ERROR(api,
                                  "Expected tensor with optional 0 dim batch size, but got nInputPlane:%lld, "
                                  "height:%lld, width:%lld",
                                  (long long)g.C, (long long)g.H, (long long)g.W);
    int64_t oh = pool_out_size(g.H, kh, pt, pb, sh, 1, ceilMode != 0);
    int64_t ow = pool_out_size(g.W, kw, pl, pr, sw, 1, ceilMode != 0);
    if (oh <= 0 || ow <= 0)
        return ACLEMU_PARAM_ERROR(api, "Given input size %lldx%lldx%lld, calc out size %lldx%lldx%lld",
                                  (long long)g.C, (long long)g.H, (long long)g.W, (long long)g.C, (long long)oh,
                                  (long long)ow);
    if ((st = pool_check_out(api, out, "out", &g, oh, ow)))
        return st;
    vec_pool2d p = {g.H, g.W, oh, ow, kh, kw, sh, sw, pt, pl, 1, 1, ceilMode != 0, 0, 0};
    /* the vector kernel handles symmetric pads of float tensors; the rest takes the generic one */
    int fast = aclemu_dtype_in(self->dtype, NN_FLOATS) && pt == pb && pl == pr;
    const aclTensor *ins[1] = {self}, *outs[1] = {out};
    return pool_launch(executor, fast ? "MaxPoolV3" : "MaxPoolV3Generic", &g, ins, 1, outs, 1, &p, pb, pr,
                       (uint64_t)(oh * ow * kh * kw + g.H * g.W));
}
