/* aclnnConvTbc: 1-D convolution on time-batch-channel tensors (torch.conv_tbc):
 *   out[t, b, co] = bias[co] + sum_{k, ci} self[t + k - pad, b, ci] * weight[k, ci, co]
 * with self (T, B, Cin), weight (L, Cin, Cout), bias (Cout), out (T + 2*pad + 1 - L, B, Cout).
 * One CubeGemm launch: for output row t the A operand is (b, (k, ci)) -> x[t + k, b, ci], a view
 * whose column index splits into (k, ci) with k stepping one time row — overlapping windows of
 * the input read in place (no im2col). Only pad > 0 needs a zero-padded workspace copy of self. */
#include <string.h>

#include "aclemu_plans.h"
#include "conv_common.h"

#define TBC_SOCS (CUBE_SOC(ACLEMU_FAMILY_A2) | CUBE_SOC(ACLEMU_FAMILY_A3) | CUBE_SOC(ACLEMU_FAMILY_950))
#define TBC_PAD_MAX 255

static aclnnStatus tbc_format(const char *api, const aclTensor *t, const char *name)
{
    if (t->format == ACL_FORMAT_ND || t->format == ACL_FORMAT_NCL)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s format %s is not supported: expected ND or NCL.", name,
                              aclemu_format_name(t->format));
}

aclnnStatus aclemu_plan_ConvTbc(aclOpExecutor *executor, const aclTensor *self, const aclTensor *weight,
                                const aclTensor *bias, const int64_t pad, aclTensor *output, int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    char s1[128];
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, bias, "bias")) || (st = aclemu_check_notnull(api, output, "output")))
        return st;
    if ((st = cube_check_soc(api, TBC_SOCS)))
        return st;
    aclemu_dtype_set dts = cube_float_dtypes();
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, weight, "weight", dts)) ||
        (st = aclemu_check_dtype(api, bias, "bias", dts)) || (st = aclemu_check_dtype(api, output, "output", dts)))
        return st;
    if (weight->dtype != self->dtype || output->dtype != self->dtype || bias->dtype != self->dtype)
        return ACLEMU_PARAM_ERROR(api, "the dtypes of self %s, weight %s, bias %s and output %s should be the same.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(weight->dtype),
                                  aclemu_dtype_name(bias->dtype), aclemu_dtype_name(output->dtype));
    int32_t math;
    if ((st = cube_math(api, CUBE_CONV, self->dtype, cubeMathType, &math)))
        return st;
    if ((st = tbc_format(api, self, "self")) || (st = tbc_format(api, weight, "weight")) ||
        (st = tbc_format(api, output, "output")) || (st = aclemu_check_format(api, bias, "bias")))
        return st;
    if (self->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be 3 (T, B, C).", self->ndim);
    if (weight->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "weight dim num %u should be 3 (L, Cin, Cout).", weight->ndim);
    if (bias->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "bias dim num %u should be 1.", bias->ndim);
    if (output->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "output dim num %u should be 3 (T, B, C).", output->ndim);
    if (self->shape[2] != weight->shape[1])
        return ACLEMU_PARAM_ERROR(api, "Input dim 2 (Input Channels) is not == dim 1 in the weight tensor.");
    if (bias->shape[0] != weight->shape[2])
        return ACLEMU_PARAM_ERROR(api, "Bias size must equal dim 2 in the weight tensor (output channel).");
    if (pad < 0)
        return ACLEMU_PARAM_ERROR(api, "The pad must be greater than or equal to 0.");
    if (pad > TBC_PAD_MAX)
        return ACLEMU_PARAM_ERROR(api, "The pad %lld should be in [0, %d].", (long long)pad, TBC_PAD_MAX);
    const int64_t T = self->shape[0], Bt = self->shape[1], Cin = self->shape[2];
    const int64_t L = weight->shape[0], Cout = weight->shape[2], Tout = T + 2 * pad + 1 - L;
    if (L < 1)
        return ACLEMU_PARAM_ERROR(api, "weight dim 0 (kernel width) %lld should be at least 1.", (long long)L);
    if (Tout < 0)
        return ACLEMU_PARAM_ERROR(api, "the output length T + 2 * pad + 1 - L = %lld of self %s should not be negative.",
                                  (long long)Tout, cube_shape_str(self, s1, sizeof s1));
    int64_t oshape[3] = {Tout, Bt, Cout};
    if ((st = aclemu_check_shape(api, self, "self", 3)) || (st = aclemu_check_shape(api, weight, "weight", 3)) ||
        (st = aclemu_check_shape(api, bias, "bias", 1)) || (st = aclemu_check_shape(api, output, "output", 3)) ||
        (st = aclemu_check_shape_is(api, output, "output", oshape, 3)))
        return st;
    if (Tout == 0 || Bt == 0 || Cout == 0)
        return ACLNN_SUCCESS;

    const int64_t es = (int64_t)aclemu_dtype_size(self->dtype);
    gemm_desc d;
    memset(&d, 0, sizeof d);
    d.M = Bt;
    d.N = Cout;
    d.K = L * Cin;
    d.math = math;
    d.hf32_round = GEMM_HF32_RNE;
    d.alpha = 1.0f;
    cube_bind bind[CUBE_NOPS];
    for (int i = 0; i < CUBE_NOPS; i++) {
        bind[i].t = NULL;
        bind[i].ws_off = -1;
    }
    /* x: self itself, or (pad > 0) a zero-padded (T + 2*pad, B, Cin) copy in the workspace */
    int64_t xs[3];
    if (pad > 0 && T * Bt * Cin > 0) {
        int64_t row = Bt * Cin * es, ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)((T + 2 * pad) * row));
        if ((st = cube_launch_fill(executor, ws, pad * row)) ||
            (st = cube_launch_fill(executor, ws + (pad + T) * row, pad * row)) ||
            (st = cube_launch_copy(executor, NULL, ws + pad * row, self->dtype, self, -1, self->dtype)))
            return st;
        cube_view_raw(&d.a, CUBE_OP_A, cube_gemm_dtype(self->dtype), 0, 0);
        bind[CUBE_OP_A].ws_off = ws;
        xs[0] = Bt * Cin;
        xs[1] = Cin;
        xs[2] = 1;
    } else {
        cube_view(&d.a, CUBE_OP_A, self, -1, -1, 0, 0);
        bind[CUBE_OP_A].t = self;
        memcpy(xs, self->stride, sizeof xs);
    }
    d.a.rs = xs[1];
    d.a.cs = xs[2];
    d.a.jsplit = Cin;
    d.a.cs_outer = xs[0];
    /* weight as (L*Cin, Cout): its (k, ci) rows must be one stride apart, else a contiguous copy */
    if (L == 1 || weight->stride[0] == Cin * weight->stride[1]) {
        cube_view(&d.b, CUBE_OP_B, weight, 1, 2, 0, 0);
        bind[CUBE_OP_B].t = weight;
    } else {
        int64_t ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(L * Cin * Cout * es));
        if ((st = cube_launch_copy(executor, NULL, ws, weight->dtype, weight, -1, weight->dtype)))
            return st;
        cube_view_raw(&d.b, CUBE_OP_B, cube_gemm_dtype(weight->dtype), Cout, 1);
        bind[CUBE_OP_B].ws_off = ws;
    }
    cube_view(&d.c, CUBE_OP_C, output, 1, 2, 0, 0);
    bind[CUBE_OP_C].t = output;
    cube_view(&d.bias, CUBE_OP_BIAS, bias, -1, 0, 0, 0);
    bind[CUBE_OP_BIAS].t = bias;
    if ((xs[0] == Bt * xs[1] || Tout == 1) && (output->stride[0] == Bt * output->stride[1] || Tout == 1)) {
        d.M = Tout * Bt; /* (t, b) rows fold into one M index */
    } else {
        d.nbatch_dims = 1;
        d.batch_shape[0] = Tout;
        d.a.bstride[0] = xs[0];
        d.c.bstride[0] = output->stride[0];
    }
    return cube_launch_gemm(executor, &d, bind);
}
