/* Host side of the quant driver: the target-dtype facts, the y-shape rules every quant op shares
 * (INT4 last dim even, INT32 = eight INT4 along the last dim) and the one launch. */
#ifndef OPS_NN_QUANT_PLAN_H
#define OPS_NN_QUANT_PLAN_H

#include "aclemu_op/op_api.h"
#include "quant_args.h"

/* a == 8 * b without overflowing (dims may be hostile) */
static inline int quant_is_8x(int64_t a, int64_t b) { return b >= 0 && b <= INT64_MAX / 8 && a == b * 8; }

/* 1 on chips whose quant kernels are the regbase (950) ones. */
int quant_is_950(void);

/* Largest value of the target (127, 7, 448, 57344, HIFLOAT8 32768); the INT32 packing counts as INT4. */
float quant_dst_max(aclDataType y);
/* The code a y dtype is written with (INT32 -> INT4). */
int32_t quant_code_of(aclDataType y);

/* HIFLOAT8 targets of ops whose kernels do not encode them here (gelu_quant): 361001. */
aclnnStatus quant_check_encodable(const char *api, const aclTensor *y, const char *name);

/* HIFLOAT8 is encoded (quant_to_hif8, CAST_ROUND); its roundMode "hybrid" (CAST_HYBRID, stochastic
 * rounding) is not: 361001. Nothing for other dtypes. */
aclnnStatus quant_check_hif8_round(const char *api, const aclTensor *y, const char *roundMode);

/* y's shape against x's: INT32 -> last dim x's / 8, others the same shape; INT4 -> x's last dim
 * even. Messages of aclnnAscendQuantV3 (`ascend` != 0) or aclnnDynamicQuant. */
aclnnStatus quant_check_y_shape(const char *api, const aclTensor *x, const aclTensor *y, int ascend);

/* Records the Quant launch; a's scalar fields are set by the caller (mode, style, code ...),
 * tensors are bound here (optional ones may be NULL). Nothing to do for an empty x. */
aclnnStatus quant_launch(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                         const aclTensor *smooth, const aclTensor *group, const aclTensor *scale,
                         const aclTensor *offset);
/* The same with the auxiliary output bound (FAKE: the mask). */
aclnnStatus quant_launch_aux(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                             const aclTensor *smooth, const aclTensor *group, const aclTensor *scale,
                             const aclTensor *offset, const aclTensor *aux);
/* The same with every tensor of the blob (DEQUANT_SWIGLU: aux the bias, w the weight scale, act the
 * activation scale). */
aclnnStatus quant_launch_full(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                              const aclTensor *smooth, const aclTensor *group, const aclTensor *scale,
                              const aclTensor *offset, const aclTensor *aux, const aclTensor *w,
                              const aclTensor *act);

/* quant_launch for a planner that chains the Quant kernel into another one: y (and scale, may be
 * NULL) are placeholder tensors of the workspace at offsets y_ws / scale_ws (-1: y / scale is the
 * tensor itself). No group, offset or aux. */
aclnnStatus quant_launch_ws(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                            int64_t y_ws, const aclTensor *smooth, const aclTensor *scale, int64_t scale_ws);

/* 1 for FLOAT4_E2M1 / FLOAT4_E1M2. */
static inline int quant_is_fp4(aclDataType t) { return t == ACL_FLOAT4_E2M1 || t == ACL_FLOAT4_E1M2; }

/* The MX round_mode string ("rint", "round", "floor") as QUANT_RINT / QUANT_ROUND / QUANT_FLOOR,
 * -1 for anything else. */
int32_t quant_mx_round_mode(const char *mode);

/* The MX fields of a QUANT_MX blob (target, round mode, block, scale rule); zeroes the rest. */
void quant_mx_setup(quant_args *q, aclDataType yd, int32_t round, int64_t blocksize, int64_t scaleAlg,
                    float dstTypeMax, float maxLowBound);

/* Records one QUANT_MX launch: x quantized along dim `axis` (>= 0) in blocks of `blocksize`
 * to y (FP8 / FP4, its dtype the target), scales to `scale` ([.., ceil(nb / 2), .., 2]);
 * scaleAlg 0 / 1 / 2 with dstTypeMax / maxLowBound as DynamicMxQuantV3 takes them (checked by
 * the caller). Nothing to do for an empty x. */
aclnnStatus quant_mx_launch(aclOpExecutor *ex, const aclTensor *x, int64_t axis, int32_t round, int64_t blocksize,
                            int64_t scaleAlg, float dstTypeMax, float maxLowBound, const aclTensor *y,
                            const aclTensor *scale);

/* quant_mx_launch reading x from the workspace: x_ws a placeholder tensor (contiguous, the
 * quantised values' shape and dtype) whose data are the contiguous buffer at workspace offset
 * `x_ws` another launch of the executor wrote (the fused norm + MX quant ops). */
aclnnStatus quant_mx_launch_ws(aclOpExecutor *ex, const aclTensor *x_ws, uint64_t x_ws_off, int64_t axis, int32_t round,
                               int64_t blocksize, int64_t scaleAlg, const aclTensor *y, const aclTensor *scale);

/* Format and rank / stride checks of ts[0..n) (NULL entries skipped), in order; with `nonempty`
 * an empty tensor is 161002 too. */
aclnnStatus quant_check_tensors(const char *api, const aclTensor *const *ts, const char *const *names, int n,
                                int nonempty);

/* Records the QUANT_SWIGLU_MX launch: the activation of `act` (swiglu_mode 0 / 1 / QUANT_SITU,
 * activate_left, clamp / alpha / bias, situ betas) of x's halves along act_dim (>= 0; y is x with
 * that dim halved), rounded to x's dtype, MX-quantized along y's dim `axis` (>= 0) in blocks of 32
 * (scaleAlg 0 / 1) into y and scale. */
aclnnStatus quant_swiglu_mx_launch(aclOpExecutor *ex, const quant_args *act, const aclTensor *x, int64_t act_dim,
                                   int64_t axis, int32_t round, int64_t scaleAlg, const aclTensor *y,
                                   const aclTensor *scale);

#endif
