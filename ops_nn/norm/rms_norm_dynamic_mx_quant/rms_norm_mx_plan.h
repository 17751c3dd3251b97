/* The launches shared by aclnnRmsNormDynamicMxQuant and aclnnAddRmsNormDynamicMxQuant (950): the
 * row-norm driver's NormStaticQuant kernel in its norm-only form (x1 (+ x2) summed in FP32, xOut
 * the sum rounded to its dtype, rstd = 1 / sqrt(mean(x^2) + eps), y = x * rstd * gamma (+ beta)
 * rounded to x's dtype into the workspace), then the quant driver's QUANT_MX kernel on that
 * buffer along the last dim (blocks of 32, E8M0 scales, FP8 / FP4 codes) — the arch35 kernels
 * store the norm result in x's dtype before the MX quantisation too. */
#ifndef OPS_NN_RMS_NORM_MX_PLAN_H
#define OPS_NN_RMS_NORM_MX_PLAN_H

#include "aclemu_op/op_api.h"

/* All checks done by the caller; x2 / xOut / beta / rstd may be NULL. round is QUANT_RINT /
 * QUANT_ROUND / QUANT_FLOOR. */
aclnnStatus rms_mx_launch(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
                          const aclTensor *beta, double epsilon, int64_t scaleAlg, int32_t round,
                          const aclTensor *yOut, const aclTensor *xOut, const aclTensor *mxscaleOut,
                          const aclTensor *rstdOut);

#endif
