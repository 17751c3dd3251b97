/* The rows of the activation table family and its API entry points: each reads its scalars,
 * runs the op's own value checks after the common ones (the real order) and launches. Dtype
 * lists are the real ones; BF16 drops out on 910 / 310P by the common dtype check. */
#include "aclemu_plans.h"
#include "act_table_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define INTS_BOOL (DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8) | DT(BOOL))

static const act_row ROW_CELU = {ACT_CELU, "CeluV2", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_ELU_BWD = {ACT_ELU_BWD, "EluGradV2", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_ERFINV = {ACT_ERFINV, "Erfinv", ACT_FLOATS | INTS_BOOL, 0, ACT_FLOATS_DOUBLE | INTS_BOOL,
                                   ACT_ROW_OUT_CAST};
static const act_row ROW_FAST_GELU_BWD = {ACT_FAST_GELU_BWD, "FastGeluGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_HARDSHRINK = {ACT_HARDSHRINK, "HardShrink", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_HARDSHRINK_BWD = {ACT_SHRINK_BWD, "HardShrinkGrad", ACT_FLOATS, 0, 0,
                                           ACT_ROW_BCAST | ACT_ROW_PROMOTE};
static const act_row ROW_HARDSIGMOID_BWD = {ACT_HARDSIGMOID_BWD, "HardSigmoidGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_HARDSWISH_BWD = {ACT_HARDSWISH_BWD, "HardSwishGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_HARDSWISH_BWD_A2 = {ACT_HARDSWISH_BWD_V2, "HardSwishGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_HARDSWISH_BWD_V2 = {ACT_HARDSWISH_BWD_V2, "HardSwishGradV2", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_HARDTANH_BWD = {ACT_HARDTANH_BWD, "HardtanhGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_LEAKY_RELU_BWD = {ACT_LEAKY_RELU_BWD, "LeakyReluGrad", ACT_FLOATS_DOUBLE, 0, 0,
                                           ACT_ROW_BCAST | ACT_ROW_PROMOTE};
static const act_row ROW_LOGSIGMOID = {ACT_LOGSIGMOID, "LogSigmoid", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_LOGSIGMOID_BWD = {ACT_LOGSIGMOID_BWD, "LogSigmoidGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_MISH_BWD = {ACT_MISH_BWD, "MishGrad", ACT_FLOATS, 0, 0, ACT_ROW_BCAST};
static const act_row ROW_SELU = {ACT_SELU, "Selu", ACT_FLOATS | DT(INT32) | DT(INT8), 0, 0, 0};
static const act_row ROW_SELU_BWD = {ACT_SELU_BWD, "SeluGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_SHRINK = {ACT_SHRINK, "Shrink", DT(FLOAT) | DT(FLOAT16), 0, 0, 0};
static const act_row ROW_SOFTSHRINK = {ACT_SOFTSHRINK, "SoftShrink", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_SOFTSHRINK_BWD = {ACT_SHRINK_BWD, "SoftShrinkGrad", ACT_FLOATS, 0, 0, ACT_ROW_BCAST};
static const act_row ROW_SOFTPLUS_BWD = {ACT_SOFTPLUS_BWD, "SoftplusV2Grad", ACT_FLOATS_DOUBLE,
                                         ACT_FLOATS_DOUBLE | INTS_BOOL, 0, ACT_ROW_BCAST | ACT_ROW_PROMOTE};
static const act_row ROW_SWISH_BWD = {ACT_SWISH_BWD, "SwishGrad", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_HEAVISIDE = {ACT_HEAVISIDE, "Heaviside", ACT_FLOATS, 0, 0, ACT_ROW_BCAST};
static const act_row ROW_SQUARED_RELU = {ACT_SQUARED_RELU, "SquaredRelu", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_LOGIT = {ACT_LOGIT, "Logit", ACT_FLOATS, 0, 0, 0};
static const act_row ROW_LOGIT_BWD = {ACT_LOGIT_BWD, "LogitGrad", ACT_FLOATS, 0, 0, 0};

#define INS(...) ((const aclTensor *const[]){__VA_ARGS__})
#define NAMES(...) ((const char *const[]){__VA_ARGS__})
#define SCALARS(...) ((const act_scalar_arg[]){__VA_ARGS__})

/* Unary / binary rows without scalar parameters. */
static aclnnStatus plain1(aclOpExecutor *ex, const act_row *row, const aclTensor *x, const char *xn,
                          const aclTensor *out, const char *on)
{
    aclnnStatus st = act_table_check(ex, row, INS(x), NAMES(xn), 1, out, on, NULL, 0);
    return st ? st : act_table_launch(ex, row, INS(x), 1, out, NULL);
}

static aclnnStatus plain2(aclOpExecutor *ex, const act_row *row, const aclTensor *a, const char *an,
                          const aclTensor *b, const char *bn, const aclTensor *out, const char *on)
{
    aclnnStatus st = act_table_check(ex, row, INS(a, b), NAMES(an, bn), 2, out, on, NULL, 0);
    return st ? st : act_table_launch(ex, row, INS(a, b), 2, out, NULL);
}

static aclnnStatus lambd_non_negative(const char *api, const char *name, double lambd)
{
    if ((float)lambd >= 0.0f)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s should be greater or equal to 0, but found to be [%f].", name, (float)lambd);
}

/* ---- forward ops ---------------------------------------------------------------------------- */
static aclnnStatus celu(aclOpExecutor *ex, const aclTensor *self, const char *sn, const aclScalar *alpha,
                        const aclTensor *out, const char *on)
{
    aclnnStatus st = act_table_check(ex, &ROW_CELU, INS(self), NAMES(sn), 1, out, on, SCALARS({alpha, "alpha"}), 1);
    if (st)
        return st;
    act_params p = act_params_default();
    p.alpha = (float)act_table_scalar(alpha);
    if (p.alpha == 0.0)
        return ACLEMU_PARAM_ERROR(aclemu_exec_api(ex), "alpha cannot be 0 for CELU.");
    return act_table_launch(ex, &ROW_CELU, INS(self), 1, out, &p);
}

aclnnStatus aclemu_plan_Celu(aclOpExecutor *executor, const aclTensor *self, const aclScalar *alpha, aclTensor *out)
{
    return celu(executor, self, "self", alpha, out, "out");
}

aclnnStatus aclemu_plan_InplaceCelu(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *alpha)
{
    return celu(executor, selfRef, "selfRef", alpha, selfRef, "selfRef");
}

aclnnStatus aclemu_plan_Erfinv(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plain1(executor, &ROW_ERFINV, self, "self", out, "out");
}

aclnnStatus aclemu_plan_InplaceErfinv(aclOpExecutor *executor, const aclTensor *selfRef)
{
    return plain1(executor, &ROW_ERFINV, selfRef, "selfRef", selfRef, "selfRef");
}

static aclnnStatus shrink_fwd(aclOpExecutor *ex, const act_row *row, const aclTensor *self, const aclScalar *lambd,
                              const aclScalar *bias, int with_bias, const aclTensor *out, int check_lambd)
{
    act_scalar_arg sc[2] = {{lambd, "lambd"}, {bias, "bias"}};
    aclnnStatus st = act_table_check(ex, row, INS(self), NAMES("self"), 1, out, "out", sc, with_bias ? 2 : 1);
    if (st)
        return st;
    act_params p = act_params_default();
    p.lambd = (float)act_table_scalar(lambd);
    p.bias = with_bias ? (float)act_table_scalar(bias) : 0.0;
    if (check_lambd && (st = lambd_non_negative(aclemu_exec_api(ex), "lambd", p.lambd)))
        return st;
    return act_table_launch(ex, row, INS(self), 1, out, &p);
}

aclnnStatus aclemu_plan_Hardshrink(aclOpExecutor *executor, const aclTensor *self, const aclScalar *lambd,
                                   aclTensor *out)
{
    return shrink_fwd(executor, &ROW_HARDSHRINK, self, lambd, NULL, 0, out, 0);
}

aclnnStatus aclemu_plan_Softshrink(aclOpExecutor *executor, const aclTensor *self, const aclScalar *lambd,
                                   aclTensor *out)
{
    return shrink_fwd(executor, &ROW_SOFTSHRINK, self, lambd, NULL, 0, out, 1);
}

aclnnStatus aclemu_plan_Shrink(aclOpExecutor *executor, const aclTensor *self, const aclScalar *lambd,
                               const aclScalar *bias, aclTensor *out)
{
    return shrink_fwd(executor, &ROW_SHRINK, self, lambd, bias, 1, out, 1);
}

aclnnStatus aclemu_plan_LogSigmoid(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plain1(executor, &ROW_LOGSIGMOID, self, "self", out, "out");
}

/* The real op neither checks nor writes buffer. */
aclnnStatus aclemu_plan_LogSigmoidForward(aclOpExecutor *executor, const aclTensor *self, aclTensor *out,
                                          aclTensor *buffer)
{
    (void)buffer;
    return plain1(executor, &ROW_LOGSIGMOID, self, "self", out, "out");
}

aclnnStatus aclemu_plan_Selu(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    return plain1(executor, &ROW_SELU, self, "self", out, "out");
}

aclnnStatus aclemu_plan_InplaceSelu(aclOpExecutor *executor, aclTensor *selfRef)
{
    return plain1(executor, &ROW_SELU, selfRef, "selfRef", selfRef, "selfRef");
}

aclnnStatus aclemu_plan_Heaviside(aclOpExecutor *executor, const aclTensor *input, const aclTensor *values,
                                  aclTensor *out)
{
    return plain2(executor, &ROW_HEAVISIDE, input, "input", values, "values", out, "out");
}

/* ---- backward ops --------------------------------------------------------------------------- */
aclnnStatus aclemu_plan_EluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclScalar *alpha,
                                    const aclScalar *scale, const aclScalar *inputScale, bool isResult,
                                    const aclTensor *selfOrResult, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    /* the real null order: gradOutput, alpha, scale, inputScale, selfOrResult, gradInput */
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, alpha, "alpha")) ||
        (st = aclemu_check_notnull(api, scale, "scale")) || (st = aclemu_check_notnull(api, inputScale, "inputScale")))
        return st;
    st = act_table_check(executor, &ROW_ELU_BWD, INS(gradOutput, selfOrResult), NAMES("gradOutput", "selfOrResult"), 2,
                         gradInput, "gradInput",
                         SCALARS({alpha, "alpha"}, {scale, "scale"}, {inputScale, "inputScale"}), 3);
    if (st)
        return st;
    act_params p = act_params_default();
    p.alpha = (float)act_table_scalar(alpha);
    p.scale = (float)act_table_scalar(scale);
    p.input_scale = (float)act_table_scalar(inputScale);
    p.is_result = isResult;
    if (isResult && p.alpha < 0)
        return ACLEMU_PARAM_ERROR(api, "In-place elu backward calculation is triggered with a negative slope which is "
                                       "not supported. This is caused by calling in-place forward function with a "
                                       "negative slope, please call out-of-place version instead.");
    return act_table_launch(executor, &ROW_ELU_BWD, INS(gradOutput, selfOrResult), 2, gradInput, &p);
}

aclnnStatus aclemu_plan_FastGeluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                         aclTensor *gradInput)
{
    return plain2(executor, &ROW_FAST_GELU_BWD, gradOutput, "gradOutput", self, "self", gradInput, "gradInput");
}

static aclnnStatus shrink_bwd(aclOpExecutor *ex, const act_row *row, const aclTensor *gradOutput, const aclTensor *self,
                              const aclScalar *lambd, const char *lname, aclTensor *gradInput, int check_lambd)
{
    aclnnStatus st = act_table_check(ex, row, INS(gradOutput, self), NAMES("gradOutput", "self"), 2, gradInput,
                                     "gradInput", SCALARS({lambd, lname}), 1);
    if (st)
        return st;
    act_params p = act_params_default();
    p.lambd = (float)act_table_scalar(lambd);
    if (check_lambd && (st = lambd_non_negative(aclemu_exec_api(ex), lname, p.lambd)))
        return st;
    if (p.lambd < 0) /* HardshrinkBackward clamps a negative lambd to 0 */
        p.lambd = 0;
    return act_table_launch(ex, row, INS(gradOutput, self), 2, gradInput, &p);
}

aclnnStatus aclemu_plan_HardshrinkBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                           const aclScalar *lambd, aclTensor *gradInput)
{
    return shrink_bwd(executor, &ROW_HARDSHRINK_BWD, gradOutput, self, lambd, "lambd", gradInput, 0);
}

aclnnStatus aclemu_plan_SoftshrinkBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                           const aclScalar *lambda, aclTensor *gradInput)
{
    return shrink_bwd(executor, &ROW_SOFTSHRINK_BWD, gradOutput, self, lambda, "lambda", gradInput, 1);
}

aclnnStatus aclemu_plan_HardsigmoidBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                            aclTensor *out)
{
    return plain2(executor, &ROW_HARDSIGMOID_BWD, gradOutput, "gradOutput", self, "self", out, "out");
}

aclnnStatus aclemu_plan_HardswishBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                          aclTensor *out)
{
    /* The boundaries differ by chip as the public kernels do: the 950's (activation/hard_swish_grad
     * arch35: slope on [-3, 3], torch's rule) and the A2 / A3 one (experimental/activation/
     * hard_swish_grad: Compare GT -3 / LT 3, i.e. 0 at x <= -3, dy at x >= 3) — V2's rule. */
    const act_row *row = aclemu_chip_in(ACLEMU_CHIPS_A2_A3) ? &ROW_HARDSWISH_BWD_A2 : &ROW_HARDSWISH_BWD;
    return plain2(executor, row, gradOutput, "gradOutput", self, "self", out, "out");
}

aclnnStatus aclemu_plan_HardswishBackwardV2(aclOpExecutor *executor, const aclTensor *gradOutput,
                                            const aclTensor *self, aclTensor *out)
{
    return plain2(executor, &ROW_HARDSWISH_BWD_V2, gradOutput, "gradOutput", self, "self", out, "out");
}

aclnnStatus aclemu_plan_HardtanhBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                         const aclScalar *min, const aclScalar *max, aclTensor *out)
{
    aclnnStatus st = act_table_check(executor, &ROW_HARDTANH_BWD, INS(gradOutput, self), NAMES("gradOutput", "self"), 2,
                                     out, "out", SCALARS({min, "min"}, {max, "max"}), 2);
    if (st)
        return st;
    act_params p = act_params_default();
    p.lo = (float)act_table_scalar(min);
    p.hi = (float)act_table_scalar(max);
    return act_table_launch(executor, &ROW_HARDTANH_BWD, INS(gradOutput, self), 2, out, &p);
}

aclnnStatus aclemu_plan_LeakyReluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                          const aclScalar *negativeSlope, bool selfIsResult, aclTensor *out)
{
    aclnnStatus st = act_table_check(executor, &ROW_LEAKY_RELU_BWD, INS(gradOutput, self), NAMES("gradOutput", "self"),
                                     2, out, "out", SCALARS({negativeSlope, "negativeSlope"}), 1);
    if (st)
        return st;
    act_params p = act_params_default();
    p.alpha = act_table_scalar(negativeSlope);
    if (selfIsResult && p.alpha < 0.0)
        return ACLEMU_PARAM_ERROR(aclemu_exec_api(executor),
                                  "In-place leakyRelu backward calculation is triggered with a negativeSlope which is "
                                  "not supported, while negativeSlope: [%e], selfIsResult: [%d]. This is caused by "
                                  "calling in-place forward function with a negative slope, please call out-of-place "
                                  "version instead.",
                                  p.alpha, (int)selfIsResult);
    return act_table_launch(executor, &ROW_LEAKY_RELU_BWD, INS(gradOutput, self), 2, out, &p);
}

aclnnStatus aclemu_plan_LogSigmoidBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                           const aclTensor *buffer, aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, buffer, "buffer")))
        return st;
    if ((st = act_table_check(executor, &ROW_LOGSIGMOID_BWD, INS(gradOutput, self), NAMES("gradOutput", "self"), 2,
                              gradInput, "gradInput", NULL, 0)))
        return st;
    /* buffer (the forward's, unused by the formula) is checked like the other operands */
    if ((st = aclemu_check_dtype(api, buffer, "buffer", ROW_LOGSIGMOID_BWD.in_dtypes)) ||
        (st = aclemu_check_shape(api, buffer, "buffer", ACLEMU_MAX_RANK)))
        return st;
    return act_table_launch(executor, &ROW_LOGSIGMOID_BWD, INS(gradOutput, self), 2, gradInput, NULL);
}

aclnnStatus aclemu_plan_MishBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                     aclTensor *gradInput)
{
    return plain2(executor, &ROW_MISH_BWD, gradOutput, "gradOutput", self, "self", gradInput, "gradInput");
}

aclnnStatus aclemu_plan_SeluBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *result,
                                     aclTensor *gradInput)
{
    return plain2(executor, &ROW_SELU_BWD, gradOutput, "gradOutput", result, "result", gradInput, "gradInput");
}

aclnnStatus aclemu_plan_SoftplusBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                         const aclScalar *beta, const aclScalar *threshold, aclTensor *gradInput)
{
    aclnnStatus st = act_table_check(executor, &ROW_SOFTPLUS_BWD, INS(gradOutput, self), NAMES("gradOutput", "self"), 2,
                                     gradInput, "gradInput", SCALARS({beta, "beta"}, {threshold, "threshold"}), 2);
    if (st)
        return st;
    act_params p = act_params_default();
    p.beta = act_table_scalar(beta);
    p.threshold = act_table_scalar(threshold);
    return act_table_launch(executor, &ROW_SOFTPLUS_BWD, INS(gradOutput, self), 2, gradInput, &p);
}

aclnnStatus aclemu_plan_SwishBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                      const aclScalar *betaOptional, aclTensor *gradInput)
{
    const act_scalar_arg beta[1] = {{betaOptional, "betaOptional"}};
    aclnnStatus st = act_table_check(executor, &ROW_SWISH_BWD, INS(gradOutput, self), NAMES("gradOutput", "self"), 2,
                                     gradInput, "gradInput", beta, betaOptional ? 1 : 0);
    if (st)
        return st;
    act_params p = act_params_default();
    p.scale = betaOptional ? (float)act_table_scalar(betaOptional) : 1.0;
    return act_table_launch(executor, &ROW_SWISH_BWD, INS(gradOutput, self), 2, gradInput, &p);
}

aclnnStatus aclemu_plan_SquaredRelu(aclOpExecutor *executor, const aclTensor *input, const aclTensor *out)
{
    return plain1(executor, &ROW_SQUARED_RELU, input, "input", out, "out");
}

aclnnStatus aclemu_plan_Logit(aclOpExecutor *executor, const aclTensor *input, double eps, const aclTensor *out)
{
    aclnnStatus st = act_table_check(executor, &ROW_LOGIT, INS(input), NAMES("input"), 1, out, "out", NULL, 0);
    if (st)
        return st;
    act_params p = act_params_default();
    p.lambd = eps;
    return act_table_launch(executor, &ROW_LOGIT, INS(input), 1, out, &p);
}

/* x first in the API, dy first in the formula's operand order. */
aclnnStatus aclemu_plan_LogitGrad(aclOpExecutor *executor, const aclTensor *x, const aclTensor *dy, double eps,
                                  const aclTensor *out)
{
    aclnnStatus st = act_table_check(executor, &ROW_LOGIT_BWD, INS(x, dy), NAMES("x", "dy"), 2, out, "out", NULL, 0);
    if (st)
        return st;
    act_params p = act_params_default();
    p.lambd = eps;
    return act_table_launch(executor, &ROW_LOGIT_BWD, INS(dy, x), 2, out, &p);
}
