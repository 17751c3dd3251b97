/* The generated aclnn APIs of ops-nn experimental/activation (xact part) as rows of the
 * activation table. Their aclnn layer is the one generated from each op definition
 * (op_host/<op>_def.cpp; no op_api source): nulls first (inputs, then outputs: 161001), then the
 * chips the definition has a config for (361001 elsewhere), then the definition's dtypes (every
 * tensor the same dtype: 161002), ND formats, ranks <= 8 and the shape inference (out as the
 * input: 161002). Float attributes arrive as double and are used as FLOAT, as the kernels read
 * them. Empty tensors run nothing. */
#include "aclemu_plans.h"
#include "act_table_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define F32_F16 (DT(FLOAT) | DT(FLOAT16))
#define ON_A2 ACLEMU_CHIP(ACLEMU_FAMILY_A2)    /* op definition: ascend910b */
#define ON_950 ACLEMU_CHIP(ACLEMU_FAMILY_950) /* ascend950 */

static const act_row ROW_CELU_V2 = {ACT_CELU, "CeluV2", F32_F16, 0, 0, 0, ON_A2};
static const act_row ROW_CELU_V3 = {ACT_CELU, "CeluV3", ACT_FLOATS, 0, 0, 0, ON_A2 | ON_950};
static const act_row ROW_ELU_GRAD = {ACT_ELU_BWD, "EluGrad", ACT_FLOATS, 0, 0, 0, ON_A2};
static const act_row ROW_HARD_SHRINK = {ACT_HARDSHRINK, "HardShrink", ACT_FLOATS, 0, 0, 0, ON_950};
static const act_row ROW_HARD_SHRINK_GRAD = {ACT_SHRINK_BWD, "HardShrinkGrad", ACT_FLOATS, 0, 0, 0, ON_A2};
static const act_row ROW_HARD_SIGMOID_GRAD_V2 = {ACT_HARDSIGMOID_BWD, "HardSigmoidGradV2", ACT_FLOATS, 0, 0, 0, ON_A2};
static const act_row ROW_HARD_SWISH_V2 = {ACT_HARDSWISH, "HardSwishV2", ACT_FLOATS, 0, 0, 0, ON_A2};
static const act_row ROW_HARDTANH_GRAD = {ACT_HARDTANH_BWD, "HardtanhGrad", ACT_FLOATS, 0, 0, 0, ON_A2};
static const act_row ROW_LEAKY_RELU_GRAD_V2 = {ACT_LEAKY_RELU_BWD, "LeakyReluGradV2", F32_F16, 0, 0, 0, ON_A2};
static const act_row ROW_LEAKYRELU_V2 = {ACT_LEAKY_RELU, "LeakyreluV2", F32_F16, 0, 0, 0, ON_A2};
static const act_row ROW_LOGSIGMOID_V2 = {ACT_LOGSIGMOID, "LogsigmoidV2", F32_F16, 0, 0, 0, ON_A2};
static const act_row ROW_RELU6 = {ACT_CLAMP, "Relu6", ACT_FLOATS | DT(INT32), 0, 0, 0, ON_950};
static const act_row ROW_RELU_GRAD_V3 = {ACT_THRESHOLD_BWD, "ReluGradV3",
                                         ACT_FLOATS | DT(INT32) | DT(UINT8) | DT(INT8), 0, 0, ACT_ROW_BCAST, ON_A2};
static const act_row ROW_SILU_MUL = {ACT_SWIGLU, "SiluMul", ACT_FLOATS, 0, 0, 0, ACLEMU_CHIPS_A2_A3};
static const act_row ROW_SOFT_PLUS_V2 = {ACT_SOFTPLUS, "SoftPlusV2", F32_F16, 0, 0, 0, ON_A2};
static const act_row ROW_TANH_GRAD = {ACT_TANH_BWD, "TanhGrad", ACT_FLOATS, 0, 0, 0, ON_A2};

#define INS(...) ((const aclTensor *const[]){__VA_ARGS__})
#define NAMES(...) ((const char *const[]){__VA_ARGS__})

/* x -> out with the parameters p (NULL: the defaults). */
static aclnnStatus gen1(aclOpExecutor *ex, const act_row *row, const aclTensor *x, const char *xn, const aclTensor *out,
                        const char *on, const act_params *p)
{
    aclnnStatus st = act_table_check(ex, row, INS(x), NAMES(xn), 1, out, on, NULL, 0);
    return st ? st : act_table_launch(ex, row, INS(x), 1, out, p);
}

/* (a, b) -> out, checked in the API's order, launched as the formula's (dy, x): swap when the
 * API lists the forward tensor first. */
static aclnnStatus gen2(aclOpExecutor *ex, const act_row *row, const aclTensor *a, const char *an, const aclTensor *b,
                        const char *bn, const aclTensor *out, const char *on, int swap, const act_params *p)
{
    aclnnStatus st = act_table_check(ex, row, INS(a, b), NAMES(an, bn), 2, out, on, NULL, 0);
    if (st)
        return st;
    return swap ? act_table_launch(ex, row, INS(b, a), 2, out, p) : act_table_launch(ex, row, INS(a, b), 2, out, p);
}

static act_params with_alpha(double alpha)
{
    act_params p = act_params_default();
    p.alpha = (float)alpha;
    return p;
}

static act_params with_lambd(double lambd)
{
    act_params p = act_params_default();
    p.lambd = (float)lambd;
    return p;
}

aclnnStatus aclemu_plan_CeluV2(aclOpExecutor *executor, const aclTensor *x, double alpha, const aclTensor *yOut)
{
    act_params p = with_alpha(alpha);
    return gen1(executor, &ROW_CELU_V2, x, "x", yOut, "yOut", &p);
}

aclnnStatus aclemu_plan_CeluV3(aclOpExecutor *executor, const aclTensor *self, double alpha, const aclTensor *outOut)
{
    act_params p = with_alpha(alpha);
    return gen1(executor, &ROW_CELU_V3, self, "self", outOut, "outOut", &p);
}

/* TensorFlow's EluGrad: the Elu backward from the result with alpha = scale = input_scale = 1. */
aclnnStatus aclemu_plan_EluGrad(aclOpExecutor *executor, const aclTensor *grads, const aclTensor *activations,
                                const aclTensor *yOut)
{
    act_params p = act_params_default();
    p.is_result = 1;
    return gen2(executor, &ROW_ELU_GRAD, grads, "grads", activations, "activations", yOut, "yOut", 0, &p);
}

/* A negative lambd lets every value through (|x| > lambd), as the kernel's comparison does. */
aclnnStatus aclemu_plan_HardShrink(aclOpExecutor *executor, const aclTensor *self, double lambd, const aclTensor *outOut)
{
    act_params p = with_lambd(lambd);
    return gen1(executor, &ROW_HARD_SHRINK, self, "self", outOut, "outOut", &p);
}

aclnnStatus aclemu_plan_HardShrinkGrad(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                       double lambd, const aclTensor *outputOut)
{
    act_params p = with_lambd(lambd);
    return gen2(executor, &ROW_HARD_SHRINK_GRAD, gradOutput, "gradOutput", self, "self", outputOut, "outputOut", 0, &p);
}

aclnnStatus aclemu_plan_HardSigmoidGradV2(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                          const aclTensor *gradInputOut)
{
    return gen2(executor, &ROW_HARD_SIGMOID_GRAD_V2, gradOutput, "gradOutput", self, "self", gradInputOut,
                "gradInputOut", 0, NULL);
}

aclnnStatus aclemu_plan_HardSwishV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *yOut)
{
    return gen1(executor, &ROW_HARD_SWISH_V2, x, "x", yOut, "yOut", NULL);
}

aclnnStatus aclemu_plan_HardtanhGrad(aclOpExecutor *executor, const aclTensor *result, const aclTensor *grad,
                                     double minVal, double maxVal, const aclTensor *yOut)
{
    act_params p = act_params_default();
    p.lo = (float)minVal;
    p.hi = (float)maxVal;
    return gen2(executor, &ROW_HARDTANH_GRAD, result, "result", grad, "grad", yOut, "yOut", 1, &p);
}

aclnnStatus aclemu_plan_LeakyReluGradV2(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *x,
                                        double negativeSlope, const aclTensor *dxOut)
{
    act_params p = with_alpha(negativeSlope);
    return gen2(executor, &ROW_LEAKY_RELU_GRAD_V2, dy, "dy", x, "x", dxOut, "dxOut", 0, &p);
}

aclnnStatus aclemu_plan_LeakyreluV2(aclOpExecutor *executor, const aclTensor *x, double negativeSlope,
                                    const aclTensor *yOut)
{
    act_params p = with_alpha(negativeSlope);
    return gen1(executor, &ROW_LEAKYRELU_V2, x, "x", yOut, "yOut", &p);
}

aclnnStatus aclemu_plan_LogsigmoidV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *zOut)
{
    return gen1(executor, &ROW_LOGSIGMOID_V2, x, "x", zOut, "zOut", NULL);
}

aclnnStatus aclemu_plan_Relu6(aclOpExecutor *executor, const aclTensor *x, const aclTensor *yOut)
{
    act_params p = act_params_default();
    p.lo = 0.0;
    p.hi = 6.0;
    return gen1(executor, &ROW_RELU6, x, "x", yOut, "yOut", &p);
}

/* z = x > 0 ? y : 0 over the broadcast of x (the forward input) and y (the gradient). */
aclnnStatus aclemu_plan_ReluGradV3(aclOpExecutor *executor, const aclTensor *x, const aclTensor *y,
                                   const aclTensor *zOut)
{
    act_params p = act_params_default();
    p.threshold = 0.0;
    return gen2(executor, &ROW_RELU_GRAD_V3, x, "x", y, "y", zOut, "zOut", 1, &p);
}

aclnnStatus aclemu_plan_SiluMul(aclOpExecutor *executor, const aclTensor *x, const aclTensor *y, const aclTensor *zOut)
{
    return gen2(executor, &ROW_SILU_MUL, x, "x", y, "y", zOut, "zOut", 0, NULL);
}

/* log(1 + exp(x)); past x = 20 the result is x (log1p(exp(20)) - 20 is 2e-9). */
aclnnStatus aclemu_plan_SoftPlusV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *zOut)
{
    return gen1(executor, &ROW_SOFT_PLUS_V2, x, "x", zOut, "zOut", NULL);
}

aclnnStatus aclemu_plan_TanhGrad(aclOpExecutor *executor, const aclTensor *y, const aclTensor *dy,
                                 const aclTensor *dxOut)
{
    return gen2(executor, &ROW_TANH_GRAD, y, "y", dy, "dy", dxOut, "dxOut", 1, NULL);
}
