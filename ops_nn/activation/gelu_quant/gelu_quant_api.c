/* aclnnGeluQuant (ops-nn activation/gelu_quant; arch35 kernels only). The op_api's order: chip
 * (361001), quantMode null (161001) / not "static" or "dynamic" (161002); nulls (self, static
 * inputScale, approximate, roundMode, y, dynamic outScale: 161001); which optional tensors go
 * together per mode (161002); dtypes (self / scale / offset FLOAT16 / BF16 / FLOAT, scale not the
 * other half type, offset = scale's dtype, y INT8 / FP8 / HIFLOAT8 = dstType, outScale FLOAT),
 * approximate "none" / "tanh"; shapes (dynamic: self 2-8-D and outScale self without its last dim;
 * static: self <= 8-D; scale / offset 1-D, offset the scale's length; y self's shape); roundMode
 * "rint" (INT8 / FP8) or "round" / "hybrid" (HIFLOAT8); empty tensors (161002). Then the
 * tiling's (561002): FLOAT self wants FLOAT scale, scale of 1 element or of self's last dim (its
 * scalar-scale / normal-offset refusal cannot be reached: the op_api wants equal lengths).
 * HIFLOAT8 (DMAX 32768, gelu_dynamic_quant_regbase.h) is cast with CAST_ROUND (CastOutLocal of
 * gelu_quant_base_regbase.h: nearest, ties away, saturating — quant_to_hif8); roundMode "hybrid"
 * is the stochastic CAST_HYBRID: 361001 (quant_check_hif8_round).
 * The kernels' arithmetic: static y = rint(gelu * scale + offset) (scale / offset in FP32),
 * dynamic scale = max|gelu * smooth| * (1 / DMAX), y = rint(gelu * smooth / scale) — the quant
 * driver's STATIC and PER_TOKEN (950 style) rows with the GeLU applied as x is loaded. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define TILING ACLNN_ERR_INNER_TILING_ERROR

static aclnnStatus gq_invalid(const char *api, const char *msg)
{
    return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api, "%s", msg);
}

static int64_t gq_last(const aclTensor *t) { return t->ndim ? t->shape[t->ndim - 1] : 1; }

aclnnStatus aclemu_plan_GeluQuant(aclOpExecutor *executor, const aclTensor *self, const aclTensor *inputScaleOptional,
                                  const aclTensor *inputOffsetOptional, const char *approximate, const char *quantMode,
                                  const char *roundMode, int64_t dstType, const aclTensor *y,
                                  const aclTensor *outScaleOptional)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *sc = inputScaleOptional, *of = inputOffsetOptional, *os = outScaleOptional;
    aclnnStatus st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if (!quantMode)
        return aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "quantMode is nullptr.");
    int dyn = !strncmp(quantMode, "dynamic", 7);
    if (!dyn && strncmp(quantMode, "static", 6))
        return gq_invalid(api, "Got quantMode neither \"dynamic\" nor \"static\".");
    if ((st = aclemu_check_notnull(api, self, "self")) || (!dyn && (st = aclemu_check_notnull(api, sc, "inputScaleOptional"))))
        return st;
    if (!approximate || !roundMode)
        return aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s is nullptr.",
                               !approximate ? "approximate" : "roundMode");
    if ((st = aclemu_check_notnull(api, y, "y")) || (dyn && (st = aclemu_check_notnull(api, os, "outScaleOptional"))))
        return st;
    if (dyn ? (!sc && of) : (os != NULL))
        return gq_invalid(api, dyn ? "Invalid Optional input, output combination in dynamic quant mode"
                                   : "Invalid Optional input, output combination in static quant mode");
    const aclemu_dtype_set fl = DT(FLOAT16) | DT(BF16) | DT(FLOAT);
    if ((st = aclemu_check_dtype(api, self, "self", fl)) ||
        (st = aclemu_check_dtype(api, y, "y", DT(FLOAT8_E4M3FN) | DT(FLOAT8_E5M2) | DT(INT8) | DT(HIFLOAT8))))
        return st;
    if (sc) {
        if ((st = aclemu_check_dtype(api, sc, "inputScaleOptional", fl)))
            return st;
        if ((self->dtype == ACL_FLOAT16 && sc->dtype == ACL_BF16) || (self->dtype == ACL_BF16 && sc->dtype == ACL_FLOAT16))
            return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                                   "dtype of input self:%s is not compatible with inputScaleOptional:%s.",
                                   aclemu_dtype_name(self->dtype), aclemu_dtype_name(sc->dtype));
    }
    if (of && ((st = aclemu_check_dtype(api, of, "inputOffsetOptional", fl)) ||
               (st = aclemu_check_same_dtype(api, sc, "inputScaleOptional", of, "inputOffsetOptional"))))
        return st;
    if (os && (st = aclemu_check_dtype(api, os, "outScaleOptional", DT(FLOAT))))
        return st;
    if (strcmp(approximate, "none") && strcmp(approximate, "tanh"))
        return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                               "expected approximate equals 'none' or 'tanh', get: %s", approximate);
    if ((int64_t)y->dtype != dstType)
        return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                               "dstType:%lld(%s) is must be the same as y dtype[%s].", (long long)dstType,
                               aclemu_dtype_name((aclDataType)dstType), aclemu_dtype_name(y->dtype));
    if (dyn) {
        if (self->ndim < 2 || self->ndim > 8)
            return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                                   "input self Dims is %u, should be 2-8D.", self->ndim);
        if (os->ndim < 1 || os->ndim > 7)
            return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                                   "output outScaleOptional Dims is %u, should be 1-7D.", os->ndim);
        for (uint32_t i = 0; i + 1 < self->ndim; i++)
            if (i >= os->ndim || self->shape[i] != os->shape[i])
                return gq_invalid(api, "The shape of outScaleOptional matches the shape of self across all dimensions "
                                       "except for the last dimension.");
    } else if ((st = aclemu_check_shape(api, self, "self", 8))) {
        return st;
    }
    if (sc && sc->ndim != 1)
        return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                               "InputScaleOptional Dims is %u, only supported 1D.", sc->ndim);
    if (of && of->ndim != 1)
        return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                               "inputOffsetOptional Dims is %u, only supported 1D.", of->ndim);
    if (of && sc && sc->shape[0] != of->shape[0])
        return gq_invalid(api, "The shape of inputOffsetOptional matches the shape of inputScaleOptional.");
    if ((st = aclemu_check_same_shape(api, self, "self", y, "y")))
        return st;
    const int hif8 = y->dtype == ACL_HIFLOAT8;
    if (hif8 ? (strcmp(roundMode, "round") && strcmp(roundMode, "hybrid")) : strcmp(roundMode, "rint"))
        return aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api,
                               hif8 ? "check roundMode failed, roundMode[%s] not in ['round','hybrid'] for hifloat8."
                                    : "check roundMode failed, roundMode[%s] not in ['rint'] for float8_e5m2/float8_e4m3fn/int8.",
                               roundMode);
    const aclTensor *all[5] = {self, sc, of, y, os};
    for (int k = 0; k < 5; k++)
        if (all[k] && aclemu_tensor_numel(all[k]) == 0)
            return gq_invalid(api, "Geluquant does not support empty tensor.");
    const aclTensor *fmts[5] = {self, sc, of, y, os};
    const char *names[5] = {"self", "inputScaleOptional", "inputOffsetOptional", "y", "outScaleOptional"};
    for (int k = 0; k < 5; k++)
        if (fmts[k] && (st = aclemu_check_format(api, fmts[k], names[k])))
            return st;
    /* the tiling's checks */
    const int64_t cols = gq_last(self);
    if (sc) {
        if (self->dtype == ACL_FLOAT && sc->dtype != ACL_FLOAT)
            return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api,
                                   "input_scale dtype %s: The dtype of input_scale must be DT_FLOAT when the dtype of x is DT_FLOAT",
                                   aclemu_dtype_name(sc->dtype));
        if (sc->shape[0] != 1 && sc->shape[0] != cols)
            return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api,
                                   "input_scale,input_x shape %lld,%lld: Shape[0] of input_scale must be equal to shape[-1] of x",
                                   (long long)sc->shape[0], (long long)cols);
    }
    if ((st = quant_check_hif8_round(api, y, roundMode)))
        return st;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.code = quant_code_of(y->dtype);
    a.dst_max = quant_dst_max(y->dtype);
    a.round = QUANT_RINT;
    a.style = QUANT_STYLE_950;
    a.pre_act = strcmp(approximate, "tanh") ? QUANT_ACT_GELU_ERF : QUANT_ACT_GELU_TANH;
    if (dyn) {
        a.mode = QUANT_PER_TOKEN;
        a.symmetric = 1;
        return quant_launch(executor, &a, self, y, sc, NULL, os, NULL);
    }
    a.mode = QUANT_STATIC;
    a.param_dtype = ACL_FLOAT; /* the kernel casts scale / offset to FP32 */
    a.scale_axis = sc->shape[0] == 1 ? -1 : 1;
    a.scale_step = sc->stride[0];
    a.offset_step = of ? of->stride[0] : 0;
    return quant_launch(executor, &a, self, y, NULL, NULL, sc, of);
}
