/* Rows and entry points of the pointwise loss family. Dtype lists are the real ones (BF16 only
 * on A2/A3/950, by the common dtype check). */
#include "aclemu_plans.h"
#include "pw_loss_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define LOSS_FLOATS (DT(FLOAT) | DT(FLOAT16) | DT(BF16))

static const pw_row ROW_BCE = {PW_BCE, LOSS_FLOATS, PW_ROW_SAME_SHAPE | PW_ROW_NULL_INNER};
static const pw_row ROW_BCE_BWD = {PW_BCE_BWD, LOSS_FLOATS, PW_ROW_SAME_SHAPE};
static const pw_row ROW_BCE_LOGITS = {PW_BCE_LOGITS, LOSS_FLOATS, PW_ROW_SAME_SHAPE};
static const pw_row ROW_BCE_LOGITS_BWD = {PW_BCE_LOGITS_BWD, LOSS_FLOATS, PW_ROW_SAME_SHAPE};
static const pw_row ROW_L1 = {PW_L1, LOSS_FLOATS | DT(INT64), PW_ROW_PROMOTE};
static const pw_row ROW_L1_BWD = {PW_L1_BWD, LOSS_FLOATS, PW_ROW_PROMOTE};
static const pw_row ROW_SMOOTH_L1 = {PW_SMOOTH_L1, LOSS_FLOATS, PW_ROW_PROMOTE | PW_ROW_BETA};
static const pw_row ROW_SMOOTH_L1_BWD = {PW_SMOOTH_L1_BWD, LOSS_FLOATS, PW_ROW_PROMOTE | PW_ROW_BETA};
static const pw_row ROW_SOFT_MARGIN = {PW_SOFT_MARGIN, LOSS_FLOATS, 0};
static const pw_row ROW_SOFT_MARGIN_BWD = {PW_SOFT_MARGIN_BWD, LOSS_FLOATS, 0};
static const pw_row ROW_KL_DIV_BWD = {PW_KL_DIV_BWD, LOSS_FLOATS, PW_ROW_BATCHMEAN};
static const pw_row ROW_KL_DIV_TARGET_BWD = {PW_KL_DIV_TARGET_BWD, LOSS_FLOATS, PW_ROW_BATCHMEAN};
static const pw_row ROW_BCE_LOGITS_TARGET_BWD = {PW_BCE_LOGITS_TARGET_BWD, LOSS_FLOATS, PW_ROW_SAME_SHAPE};

/* ops-math math/kl_div_v2 (aclnnKlDiv): self / target promote, reductions 0..3 */
static const pw_row ROW_KL_DIV = {PW_KL_DIV, LOSS_FLOATS, PW_ROW_BATCHMEAN | PW_ROW_PROMOTE};
static const pw_row ROW_MSE_OUT = {PW_MSE, LOSS_FLOATS, PW_ROW_REDUCE_DIM0};

static pw_call call_of(const aclTensor *grad, const char *gname, const aclTensor *self, const aclTensor *target,
                       const aclTensor *weight, const aclTensor *pos_weight, int64_t reduction, double beta,
                       const aclTensor *out, const char *oname)
{
    pw_call c = {grad, self, target, weight, pos_weight, out, gname, oname, reduction, beta};
    return c;
}

aclnnStatus aclemu_plan_BinaryCrossEntropy(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                           const aclTensor *weight, int64_t reduction, aclTensor *out)
{
    pw_call c = call_of(NULL, NULL, self, target, weight, NULL, reduction, 0, out, "out");
    return pw_loss_forward(executor, &ROW_BCE, &c);
}

aclnnStatus aclemu_plan_BinaryCrossEntropyBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                   const aclTensor *self, const aclTensor *target,
                                                   const aclTensor *weightOptional, int64_t reduction, aclTensor *out)
{
    pw_call c = call_of(gradOutput, "gradOutput", self, target, weightOptional, NULL, reduction, 0, out, "out");
    return pw_loss_backward(executor, &ROW_BCE_BWD, &c);
}

aclnnStatus aclemu_plan_BinaryCrossEntropyWithLogits(aclOpExecutor *executor, const aclTensor *self,
                                                     const aclTensor *target, const aclTensor *weightOptional,
                                                     const aclTensor *posWeightOptional, int64_t reduction,
                                                     aclTensor *out)
{
    pw_call c = call_of(NULL, NULL, self, target, weightOptional, posWeightOptional, reduction, 0, out, "out");
    return pw_loss_forward(executor, &ROW_BCE_LOGITS, &c);
}

aclnnStatus aclemu_plan_BinaryCrossEntropyWithLogitsBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                             const aclTensor *self, const aclTensor *target,
                                                             const aclTensor *weightOptional,
                                                             const aclTensor *posWeightOptional, int64_t reduction,
                                                             aclTensor *out)
{
    pw_call c = call_of(gradOutput, "gradOutput", self, target, weightOptional, posWeightOptional, reduction, 0, out,
                        "out");
    return pw_loss_backward(executor, &ROW_BCE_LOGITS_BWD, &c);
}

aclnnStatus aclemu_plan_L1Loss(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                               int64_t reduction, aclTensor *out)
{
    pw_call c = call_of(NULL, NULL, self, target, NULL, NULL, reduction, 0, out, "out");
    return pw_loss_forward(executor, &ROW_L1, &c);
}

aclnnStatus aclemu_plan_L1LossBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                       const aclTensor *target, int64_t reduction, aclTensor *gradInput)
{
    pw_call c = call_of(gradOutput, "gradOutput", self, target, NULL, NULL, reduction, 0, gradInput, "gradInput");
    return pw_loss_backward(executor, &ROW_L1_BWD, &c);
}

aclnnStatus aclemu_plan_SmoothL1Loss(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                     int64_t reduction, float beta, aclTensor *result)
{
    pw_call c = call_of(NULL, NULL, self, target, NULL, NULL, reduction, beta, result, "result");
    return pw_loss_forward(executor, &ROW_SMOOTH_L1, &c);
}

aclnnStatus aclemu_plan_SmoothL1LossBackward(aclOpExecutor *executor, const aclTensor *gradOut, const aclTensor *self,
                                             const aclTensor *target, int64_t reduction, float beta,
                                             aclTensor *gradInput)
{
    pw_call c = call_of(gradOut, "gradOut", self, target, NULL, NULL, reduction, beta, gradInput, "gradInput");
    return pw_loss_backward(executor, &ROW_SMOOTH_L1_BWD, &c);
}

aclnnStatus aclemu_plan_SoftMarginLoss(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                       int64_t reduction, aclTensor *out)
{
    pw_call c = call_of(NULL, NULL, self, target, NULL, NULL, reduction, 0, out, "out");
    return pw_loss_forward(executor, &ROW_SOFT_MARGIN, &c);
}

aclnnStatus aclemu_plan_SoftMarginLossBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                               const aclTensor *self, const aclTensor *target, int64_t reduction,
                                               aclTensor *out)
{
    pw_call c = call_of(gradOutput, "gradOutput", self, target, NULL, NULL, reduction, 0, out, "out");
    return pw_loss_backward(executor, &ROW_SOFT_MARGIN_BWD, &c);
}

aclnnStatus aclemu_plan_KlDiv(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target, int64_t reduction,
                              bool logTarget, aclTensor *out)
{
    pw_call c = call_of(NULL, NULL, self, target, NULL, NULL, reduction, logTarget ? 1.0 : 0.0, out, "out");
    return pw_loss_forward(executor, &ROW_KL_DIV, &c);
}

aclnnStatus aclemu_plan_KlDivBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                      const aclTensor *target, int64_t reduction, bool logTarget, aclTensor *out)
{
    pw_call c = call_of(gradOutput, "gradOutput", self, target, NULL, NULL, reduction, logTarget ? 1.0 : 0.0, out,
                        "out");
    return pw_loss_backward(executor, &ROW_KL_DIV_BWD, &c);
}

aclnnStatus aclemu_plan_KlDivTargetBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,
                                            const aclTensor *target, int64_t reduction, bool logTarget,
                                            aclTensor *gradTarget)
{
    pw_call c = call_of(gradOutput, "gradOutput", self, target, NULL, NULL, reduction, logTarget ? 1.0 : 0.0,
                        gradTarget, "gradTarget");
    return pw_loss_backward(executor, &ROW_KL_DIV_TARGET_BWD, &c);
}

/* The gradient with respect to target (ops-nn files it under activation/log_sigmoid). */
aclnnStatus aclemu_plan_BinaryCrossEntropyWithLogitsTargetBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                                                   const aclTensor *self, const aclTensor *target,
                                                                   const aclTensor *weightOptional,
                                                                   const aclTensor *posWeightOptional,
                                                                   int64_t reduction, aclTensor *gradTarget)
{
    pw_call c = call_of(gradOutput, "gradOutput", self, target, weightOptional, posWeightOptional, reduction, 0,
                        gradTarget, "gradTarget");
    return pw_loss_backward(executor, &ROW_BCE_LOGITS_TARGET_BWD, &c);
}

/* The out variant of MseLoss is not MseLoss: its real op_api reduces mean / sum over dim 0
 * only (ReduceMean / ReduceSumOp with dims {0}), out of the broadcast shape without dim 0. */
aclnnStatus aclemu_plan_MseLossOut(aclOpExecutor *executor, const aclTensor *self, const aclTensor *target,
                                   int64_t reduction, aclTensor *out)
{
    pw_call c = call_of(NULL, NULL, self, target, NULL, NULL, reduction, 0, out, "out");
    return pw_loss_forward(executor, &ROW_MSE_OUT, &c);
}
