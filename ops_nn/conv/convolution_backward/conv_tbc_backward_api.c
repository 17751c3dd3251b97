/* aclnnConvTbcBackward: the gradients of aclnnConvTbc (time-batch-channel 1-D convolution):
 * self = dL/dout (T + 2*pad + 1 - L, B, Cout), input (T, B, Cin), weight (L, Cin, Cout), bias
 * (Cout). As the real op does on A2/A3, the TBC tensors are seen as NCL (permuted views, no
 * copy here) and aclnnConvolutionBackward's planner runs with stride 1, padding pad, dilation 1,
 * groups 1 and every gradient; the checks come first, in the real checker's order (nulls,
 * dtypes, formats ND/NCL, ranks, channel and pad rules, self's shape, output shapes, then
 * cubeMathType), so that the inner planner sees only valid arguments. */
#include <string.h>

#include "aclemu_plans.h"
#include "conv_common.h"

static aclnnStatus tbc_format(const char *api, const aclTensor *t, const char *name, int bias)
{
    if (t->format == ACL_FORMAT_ND || (!bias && t->format == ACL_FORMAT_NCL))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "The format of %s is %s, but it should be %s.", name, aclemu_format_name(t->format),
                              bias ? "ND" : "ND or NCL");
}

static aclnnStatus tbc_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim == rank)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "The dim num of %s is %u, but it should be %u.", name, t->ndim, rank);
}

static aclnnStatus same_shape(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn)
{
    return aclemu_check_same_shape(api, a, an, b, bn);
}

/* An NCL view of a TBC tensor (dims permuted as perm: view dim i = t's dim perm[i]). */
static void permuted(aclTensor *v, int64_t *shape, int64_t *stride, const aclTensor *t, const int perm[3])
{
    *v = *t;
    for (int i = 0; i < 3; i++) {
        shape[i] = t->shape[perm[i]];
        stride[i] = t->stride[perm[i]];
    }
    v->shape = shape;
    v->stride = stride;
    v->format = ACL_FORMAT_NCL;
}

aclnnStatus aclemu_plan_ConvTbcBackward(aclOpExecutor *executor, const aclTensor *self, const aclTensor *input,
                                        const aclTensor *weight, const aclTensor *bias, int64_t pad,
                                        int8_t cubeMathType, aclTensor *gradInput, aclTensor *gradWeight,
                                        aclTensor *gradBias)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *all[7] = {self, input, weight, bias, gradInput, gradWeight, gradBias};
    static const char *const names[7] = {"self", "input", "weight", "bias", "gradInput", "gradWeight", "gradBias"};
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    const aclemu_dtype_set dts = cube_float_dtypes(), any_float = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) |
                                                                ACLEMU_DT(ACL_BF16);
    for (int i = 0; i < 7; i++)
        if ((st = aclemu_check_dtype(api, all[i], names[i], i == 3 ? any_float : dts)))
            return st;
    for (int i = 0; i < 4; i++)
        if ((st = tbc_format(api, all[i], names[i], i == 3)))
            return st;
    for (int i = 0; i < 7; i++)
        if ((st = tbc_rank(api, all[i], names[i], i == 3 || i == 6 ? 1 : 3)))
            return st;
    if (input->shape[2] != weight->shape[1])
        return ACLEMU_PARAM_ERROR(api, "Input[2] %lld and weight[1] %lld: the dim of Input[2] and the dim of weight[1] "
                                  "must be the same.", (long long)input->shape[2], (long long)weight->shape[1]);
    if (bias->shape[0] != weight->shape[2])
        return ACLEMU_PARAM_ERROR(api, "bias %lld and weight[2] %lld: Dim of bias and weight[2] must be the same.",
                                  (long long)bias->shape[0], (long long)weight->shape[2]);
    if (pad < 0)
        return ACLEMU_PARAM_ERROR(api, "pad %lld: the value of pad must be greater than or equal to 0.", (long long)pad);
    const int64_t T = input->shape[0], B = input->shape[1], L = weight->shape[0], Cout = weight->shape[2];
    const int64_t Tout = T + 2 * pad + 1 - L;
    if (Tout < 0)
        return ACLEMU_PARAM_ERROR(api, "input[0] %lld, weight[0] %lld: (dim of input[0]) + 2*pad + 1 - (dim of "
                                  "weight[0]) should be greater than or equal to 0.", (long long)T, (long long)L);
    const int64_t sshape[3] = {Tout, B, Cout};
    if ((st = aclemu_check_shape_is(api, self, "self", sshape, 3)) ||
        (st = same_shape(api, input, "input", gradInput, "gradInput")) ||
        (st = same_shape(api, weight, "weight", gradWeight, "gradWeight")) ||
        (st = same_shape(api, bias, "bias", gradBias, "gradBias")))
        return st;
    if (cubeMathType < 0 || cubeMathType > 3)
        return ACLEMU_PARAM_ERROR(api, "The value of cubeMathType only support {0: KEEP_DTYPE, 1: "
                                       "ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, 3: USE_HF32}, but got %d",
                                  (int)cubeMathType);
    /* empty problems go through too: the planner zero-fills what it must (an empty batch is a
     * K = 0 GEMM for the weight gradient, a sum over nothing for the bias) */
    static const int act[3] = {1, 2, 0}, wperm[3] = {2, 1, 0};
    aclTensor dy, x, w, dx, dw;
    int64_t sh[5][3], sd[5][3];
    permuted(&dy, sh[0], sd[0], self, act);
    permuted(&x, sh[1], sd[1], input, act);
    permuted(&w, sh[2], sd[2], weight, wperm);
    permuted(&dx, sh[3], sd[3], gradInput, act);
    permuted(&dw, sh[4], sd[4], gradWeight, wperm);
    int64_t one = 1, zero = 0, padv = pad;
    bool mask[3] = {true, true, true};
    aclIntArray *bs = aclCreateIntArray(&Cout, 1), *s = aclCreateIntArray(&one, 1), *p = aclCreateIntArray(&padv, 1),
                *d = aclCreateIntArray(&one, 1), *op = aclCreateIntArray(&zero, 1);
    aclBoolArray *m = aclCreateBoolArray(mask, 3);
    if (!bs || !s || !p || !d || !op || !m)
        st = aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    else
        st = aclemu_plan_ConvolutionBackward(executor, &dy, &x, &w, bs, s, p, d, false, op, 1, m, cubeMathType, &dx,
                                             &dw, gradBias);
    aclDestroyIntArray(bs);
    aclDestroyIntArray(s);
    aclDestroyIntArray(p);
    aclDestroyIntArray(d);
    aclDestroyIntArray(op);
    aclDestroyBoolArray(m);
    return st;
}
