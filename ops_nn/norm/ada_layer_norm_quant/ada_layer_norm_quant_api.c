/* aclnnAdaLayerNormQuant (A2 / A3 / 950; 361001 elsewhere), checks in the order of the real op_api
 * (ops-nn norm/ada_layer_norm_quant/op_host/op_api/aclnn_ada_layer_norm_quant.cpp): null x / scale
 * / shift / out / quantScale (161001); x FLOAT16 or BF16, scale, shift, weight, bias, smoothScales
 * of x's dtype, out INT8 (950: INT8, HIFLOAT8, FLOAT8_E5M2, FLOAT8_E4M3FN), quantScale FLOAT,
 * quantOffsetOptional must be NULL (161002); x rank 2..8 [B..., S, H] with B, S, H > 0, scale /
 * shift [B..., 1, H] or [B..., H], weight / bias / smoothScales [H], out x's shape, quantScale
 * [B..., S]; quantMode NULL or "dynamic". HIFLOAT8 out is refused (361001: not emulated yet).
 * One launch of the AdaLayerNorm kernel in its quant mode; the A2 / A3 kernel's row split
 * (ops-nn norm/ada_layer_norm/op_host/ada_layer_norm_tiling.cpp: vector cores, groups of
 * 6144 / ceil32(H) rows when H <= 3072) is passed on because it selects the kernel's path. */
#include <stddef.h>
#include <string.h>

#include "../ada_layer_norm/ada_layer_norm_args.h"
#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

aclnnStatus aclemu_plan_AdaLayerNormQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                          const aclTensor *shift, const aclTensor *weightOptional,
                                          const aclTensor *biasOptional, const aclTensor *smoothScalesOptional,
                                          double epsilon, const char *quantMode, aclTensor *out,
                                          aclTensor *quantScale, aclTensor *quantOffsetOptional)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *w = weightOptional, *b = biasOptional, *sm = smoothScalesOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, shift, "shift")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, quantScale, "quantScale")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    int regbase = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    aclemu_dtype_set outs = regbase ? ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E5M2) |
                                          ACLEMU_DT(ACL_FLOAT8_E4M3FN)
                                    : ACLEMU_DT(ACL_INT8);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_same_dtype(api, x, "x", scale, "scale")) ||
        (st = aclemu_check_same_dtype(api, x, "x", shift, "shift")) ||
        (w && (st = aclemu_check_same_dtype(api, x, "x", w, "weightOptional"))) ||
        (b && (st = aclemu_check_same_dtype(api, x, "x", b, "biasOptional"))) ||
        (sm && (st = aclemu_check_same_dtype(api, x, "x", sm, "smoothScalesOptional"))) ||
        (st = aclemu_check_dtype(api, out, "out", outs)) ||
        (st = aclemu_check_dtype(api, quantScale, "quantScale", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (quantOffsetOptional)
        return ACLEMU_PARAM_ERROR(api, "quantOffsetOptional should be nullptr.");
    const aclTensor *ts[8] = {x, scale, shift, w, b, sm, out, quantScale};
    const char *names[8] = {"x", "scale", "shift", "weightOptional", "biasOptional", "smoothScalesOptional", "out",
                            "quantScale"};
    for (int i = 0; i < 8; i++)
        if ((st = nn_format_opt(api, ts[i], names[i])) || (st = nn_shape_opt(api, ts[i], names[i], 8)))
            return st;
    int64_t B, S, H;
    if ((st = nn_ada_ln_shapes(api, x, scale, shift, w, b, &B, &S, &H)))
        return st;
    uint32_t nd = x->ndim;
    int64_t e2[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i + 2 < nd; i++)
        e2[i] = x->shape[i];
    if ((st = nn_vec_of(api, sm, "smoothScalesOptional", H)) ||
        (st = aclemu_check_same_shape(api, x, "x", out, "out")))
        return st;
    e2[nd - 2] = S; /* [B..., S] */
    if ((st = aclemu_check_shape_is(api, quantScale, "quantScale", e2, nd - 1)))
        return st;
    if (quantMode && strcmp(quantMode, "dynamic") != 0)
        return ACLEMU_PARAM_ERROR(api, "quantMode only support dynamic.");
    if (out->dtype == ACL_HIFLOAT8)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "out dtype DT_HIFLOAT8 is not implemented in aclemu.");
    ada_layer_norm_args a = {0};
    a.S = S;
    a.code = (int32_t)out->dtype;
    a.dst_max = out->dtype == ACL_FLOAT8_E4M3FN ? 448.0f : out->dtype == ACL_FLOAT8_E5M2 ? 57344.0f : 127.0f;
    a.quant = regbase ? ADA_Q_950 : ADA_Q_A2;
    int64_t rows = B * S, cores = aclemu_vector_core_num(aclemu_op_profile());
    a.cores = rows / cores > 0 ? cores : rows % cores;
    a.group = H <= 3072 ? 6144 / ((H + 31) / 32 * 32) : 1;
    const nr_operand ops[] = {{x, 0, offsetof(ada_layer_norm_args, x), NULL},
                              {scale, 0, offsetof(ada_layer_norm_args, scale), NULL},
                              {shift, 0, offsetof(ada_layer_norm_args, shift), NULL},
                              {w, 0, offsetof(ada_layer_norm_args, w), NULL},
                              {b, 0, offsetof(ada_layer_norm_args, b), NULL},
                              {sm, 0, offsetof(ada_layer_norm_args, smooth), NULL},
                              {out, 1, offsetof(ada_layer_norm_args, y), NULL},
                              {quantScale, 1, offsetof(ada_layer_norm_args, qscale), NULL}};
    return nr_launch(executor, "AdaLayerNorm", &a, sizeof a, rows, H, (double)(float)epsilon, ops, 8);
}
