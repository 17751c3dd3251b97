/* aclnnAdaLayerNorm (A2 / A3) and aclnnAdaLayerNormV2 (A2 / A3 / 950), checks in the real order:
 * null x / scale / shift / out (161001); x FLOAT, FLOAT16 or BF16, shift / scale of x's dtype (V1
 * scale first), weight and bias of one dtype when both given, each of x's dtype (V2: or FLOAT;
 * V2 checks bias before weight), out (and V2's rstdOut / meanOut) of x's dtype (161002); x rank
 * 2..8 [B..., S, H] with B, S, H > 0, scale and shift [B..., 1, H] or [B..., H], weight / bias
 * [H], out of x's shape, meanOut / rstdOut x's shape with H set to 1 (161002). One launch on the
 * row-norm driver; epsilon is a FLOAT. */
#include <stddef.h>

#include "ada_layer_norm_args.h"
#include "aclemu_plans.h"
#include "nn_check.h"
#include "nn_stage.h"
#include "norm_rows_plan.h"

static aclnnStatus dtype_of_x(const char *api, const aclTensor *x, const aclTensor *t, const char *name, int v2)
{
    if (!t || (v2 && t->dtype == ACL_FLOAT))
        return ACLNN_SUCCESS;
    return aclemu_check_same_dtype(api, x, "x", t, name);
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *x, const aclTensor *scale, const aclTensor *shift,
                        const aclTensor *w, const aclTensor *b, double epsilon, aclTensor *out, aclTensor *mean,
                        aclTensor *rstd, int v2)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, shift, "shift")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = nn_chip_gate(api, v2 ? NN_CHIPS_A2_A3_950 : NN_CHIP(ACLEMU_FAMILY_A2) | NN_CHIP(ACLEMU_FAMILY_A3))))
        return st;
    const aclTensor *first = v2 ? shift : scale, *second = v2 ? scale : shift;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, x, "x", first, v2 ? "shift" : "scale")) ||
        (st = aclemu_check_same_dtype(api, x, "x", second, v2 ? "scale" : "shift")) ||
        (w && b && (st = aclemu_check_same_dtype(api, b, "biasOptional", w, "weightOptional"))))
        return st;
    if (v2 ? ((st = dtype_of_x(api, x, b, "biasOptional", 1)) || (st = dtype_of_x(api, x, w, "weightOptional", 1)))
           : ((st = dtype_of_x(api, x, w, "weightOptional", 0)) || (st = dtype_of_x(api, x, b, "biasOptional", 0))))
        return st;
    if ((st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    aclTensor *s1 = v2 ? rstd : mean, *s2 = v2 ? mean : rstd;
    const char *n1 = v2 ? "rstdOutOptional" : "meanOutOptional", *n2 = v2 ? "meanOutOptional" : "rstdOutOptional";
    if ((s1 && (st = aclemu_check_same_dtype(api, x, "x", s1, n1))) ||
        (s2 && (st = aclemu_check_same_dtype(api, x, "x", s2, n2))))
        return st;
    const aclTensor *ts[8] = {x, scale, shift, w, b, out, mean, rstd};
    const char *names[8] = {"x", "scale", "shift", "weightOptional", "biasOptional", "out", "meanOutOptional",
                            "rstdOutOptional"};
    for (int i = 0; i < 8; i++)
        if ((st = nn_format_opt(api, ts[i], names[i])) || (st = nn_shape_opt(api, ts[i], names[i], 8)))
            return st;
    int64_t B, S, H;
    if ((st = nn_ada_ln_shapes(api, x, scale, shift, w, b, &B, &S, &H)))
        return st;
    uint32_t nd = x->ndim;
    if ((st = aclemu_check_same_shape(api, x, "x", out, "out")))
        return st;
    int64_t ms[ACLEMU_MAX_RANK];
    for (uint32_t i = 0; i < nd; i++)
        ms[i] = x->shape[i];
    ms[nd - 1] = 1;
    if ((mean && (st = aclemu_check_shape_is(api, mean, "meanOutOptional", ms, nd))) ||
        (rstd && (st = aclemu_check_shape_is(api, rstd, "rstdOutOptional", ms, nd))))
        return st;
    ada_layer_norm_args a = {0};
    a.S = S;
    const nr_operand ops[] = {{x, 0, offsetof(ada_layer_norm_args, x), NULL},
                              {scale, 0, offsetof(ada_layer_norm_args, scale), NULL},
                              {shift, 0, offsetof(ada_layer_norm_args, shift), NULL},
                              {w, 0, offsetof(ada_layer_norm_args, w), NULL},
                              {b, 0, offsetof(ada_layer_norm_args, b), NULL},
                              {out, 1, offsetof(ada_layer_norm_args, y), NULL},
                              {mean, 1, offsetof(ada_layer_norm_args, mean), NULL},
                              {rstd, 1, offsetof(ada_layer_norm_args, rstd), NULL}};
    return nr_launch(ex, "AdaLayerNorm", &a, sizeof a, B * S, H, (double)(float)epsilon, ops, 8);
}

aclnnStatus aclemu_plan_AdaLayerNorm(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                     const aclTensor *shift, const aclTensor *weightOptional,
                                     const aclTensor *biasOptional, double epsilon, aclTensor *out)
{
    return plan(executor, x, scale, shift, weightOptional, biasOptional, epsilon, out, NULL, NULL, 0);
}

aclnnStatus aclemu_plan_AdaLayerNormV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale,
                                       const aclTensor *shift, const aclTensor *weightOptional,
                                       const aclTensor *biasOptional, double epsilon, aclTensor *out,
                                       aclTensor *meanOutOptional, aclTensor *rstdOutOptional)
{
    return plan(executor, x, scale, shift, weightOptional, biasOptional, epsilon, out, meanOutOptional,
                rstdOutOptional, 1);
}
