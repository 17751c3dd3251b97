/* aclnnRmsNormGradQuant (950 only: the op has no A2 / A3 kernel, 361001 elsewhere). The op_api
 * (ops-nn norm/rms_norm_grad_quant/op_api/aclnn_rms_norm_grad_quant.cpp) only checks for NULL
 * dy / x / rstd / gamma / scalesX / dxOut / dgammaOut (161001) and succeeds without a launch when
 * gamma has a zero dim; every other rule is the tiling's (op_host/rms_norm_grad_quant_regbase_
 * tiling.cpp, 561002), shapes first: dy, x, rstd, gamma without zero / negative dims, dy rank
 * 2..8, x = dy, scalesX [1], offsetX [1], rank x = rank rstd + rank gamma, rstd x's leading dims,
 * gamma x's trailing dims, dxOut = dy, dgammaOut = gamma; then dtypes: dy FLOAT, FLOAT16 or BF16,
 * x dy's, rstd FLOAT, gamma and scalesX FLOAT or dy's, offsetX INT32, dxOut HIFLOAT8 or INT8,
 * dgammaOut FLOAT; quantMode "static". With no rows (a zero leading dim: the empty tiling) dgamma
 * is filled with 0. HIFLOAT8 dxOut: 361001 (not emulated yet). */
#include <stddef.h>
#include <string.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "rms_norm_grad_quant_args.h"

#define TERR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int has_nonpositive(const aclTensor *t)
{
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] <= 0)
            return 1;
    return 0;
}

static aclnnStatus positive(const char *api, const aclTensor *t, const char *name)
{
    char s[160];
    if (!has_nonpositive(t))
        return ACLNN_SUCCESS;
    return TERR(api, "%s shape %s: The shape of input %s can not be an empty tensor or an invalid tensor with a "
                     "negative dim",
                name, aclemu_shape_str(t->shape, t->ndim, s, sizeof s), name);
}

static aclnnStatus same(const char *api, const aclTensor *a, const aclTensor *b, const char *what,
                        const char *reason)
{
    char s1[160], s2[160];
    if (nr_shape_eq(a, b))
        return ACLNN_SUCCESS;
    return TERR(api, "%s shapes %s and %s: %s", what, aclemu_shape_str(a->shape, a->ndim, s1, sizeof s1),
                aclemu_shape_str(b->shape, b->ndim, s2, sizeof s2), reason);
}

static aclnnStatus is_one(const char *api, const aclTensor *t, const char *name)
{
    char s[160];
    if (t->ndim == 1 && t->shape[0] == 1)
        return ACLNN_SUCCESS;
    return TERR(api, "%s shape %s: The shape of input %s should be same with [1]", name,
                aclemu_shape_str(t->shape, t->ndim, s, sizeof s), name);
}

static aclnnStatus dtype_err(const char *api, const char *name, const aclTensor *t, const char *expect)
{
    return TERR(api, "%s dtype %s is invalid: %s", name, aclemu_dtype_name(t->dtype), expect);
}

aclnnStatus aclemu_plan_RmsNormGradQuant(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *x,
                                         const aclTensor *rstd, const aclTensor *gamma, const aclTensor *scalesX,
                                         const aclTensor *offsetXOptional, const char *quantMode, bool divMode,
                                         aclTensor *dxOut, aclTensor *dgammaOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *off = offsetXOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, dy, "dy")) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, rstd, "rstd")) || (st = aclemu_check_notnull(api, gamma, "gamma")) ||
        (st = aclemu_check_notnull(api, scalesX, "scalesX")) || (st = aclemu_check_notnull(api, dxOut, "dxOut")) ||
        (st = aclemu_check_notnull(api, dgammaOut, "dgammaOut")))
        return st;
    const aclTensor *ts[7] = {dy, x, rstd, gamma, scalesX, off, dxOut};
    const char *names[7] = {"dy", "x", "rstd", "gamma", "scalesX", "offsetXOptional", "dxOut"};
    for (int i = 0; i < 7; i++)
        if ((st = nn_shape_opt(api, ts[i], names[i], 8)))
            return st;
    if ((st = nn_shape_opt(api, dgammaOut, "dgammaOut", 8)))
        return st;
    for (uint32_t i = 0; i < gamma->ndim; i++)
        if (gamma->shape[i] == 0)
            return ACLNN_SUCCESS; /* the op_api returns before any launch */
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    /* the empty tiling when the leading dims hold no row */
    int64_t rows = 1;
    for (uint32_t i = 0; gamma->ndim <= dy->ndim && i < dy->ndim - gamma->ndim; i++)
        rows *= dy->shape[i];
    int empty = gamma->ndim <= dy->ndim && rows == 0;
    if (!empty && (st = positive(api, dy, "dy")))
        return st;
    if (dy->ndim < 2 || dy->ndim > 8)
        return TERR(api, "DimNum of dy should be in range [2, 8], but actual %u.", dy->ndim);
    if ((!empty && (st = positive(api, x, "x"))) ||
        (st = same(api, dy, x, "dy and x", "The shapes of input dy and input x should be the same")) ||
        (!empty && (st = positive(api, rstd, "rstd"))) || (st = positive(api, gamma, "gamma")) ||
        (st = is_one(api, scalesX, "scalesX")) || (off && (st = is_one(api, off, "zeroPintX"))))
        return st;
    if (x->ndim != rstd->ndim + gamma->ndim)
        return TERR(api, "The dimNum of x (%u) should be equal to the sum of dimNum of rstd (%u) and gamma (%u).",
                    x->ndim, rstd->ndim, gamma->ndim);
    for (uint32_t i = 0; i < rstd->ndim; i++)
        if (rstd->shape[i] != x->shape[i])
            return TERR(api, "Dim %u of rstd (%lld) should be equal to dim %u of x (%lld).", i,
                        (long long)rstd->shape[i], i, (long long)x->shape[i]);
    for (uint32_t i = 0; i < gamma->ndim; i++)
        if (gamma->shape[i] != x->shape[rstd->ndim + i])
            return TERR(api, "Dim %u of gamma (%lld) should be equal to dim %u of x (%lld).", i,
                        (long long)gamma->shape[i], rstd->ndim + i, (long long)x->shape[rstd->ndim + i]);
    if ((st = same(api, dxOut, dy, "dxOut and dy", "The shape of output dxOut should be the same as the shape of "
                                                   "input dy")) ||
        (st = same(api, dgammaOut, gamma, "dgammaOut and gamma",
                   "The shape of output dgammaOut should be the same as the shape of input gamma")))
        return st;
    aclDataType dt = dy->dtype;
    if (dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_FLOAT)
        return dtype_err(api, "dy", dy, "FLOAT, FLOAT16 or BF16");
    if (x->dtype != dt)
        return TERR(api, "x and dy dtypes %s and %s: The dtypes of input x and input dy should be the same",
                    aclemu_dtype_name(x->dtype), aclemu_dtype_name(dt));
    if (rstd->dtype != ACL_FLOAT)
        return dtype_err(api, "rstd", rstd, "FLOAT");
    if (gamma->dtype != ACL_FLOAT && gamma->dtype != dt)
        return dtype_err(api, "gamma", gamma, "The dtype of input gamma should be FLOAT or the same as the dtype "
                                              "of input dy");
    if (scalesX->dtype != ACL_FLOAT && scalesX->dtype != dt)
        return dtype_err(api, "scaleX", scalesX, "The dtype of input scaleX should be FLOAT or the same as the "
                                                 "dtype of input dy");
    if (off && off->dtype != ACL_INT32)
        return dtype_err(api, "offsetX", off, "The dtype of input offsetX should be INT32");
    if (dxOut->dtype != ACL_HIFLOAT8 && dxOut->dtype != ACL_INT8)
        return dtype_err(api, "dx", dxOut, "HIFLOAT8 or INT8");
    if (dgammaOut->dtype != ACL_FLOAT)
        return dtype_err(api, "dgamma", dgammaOut, "FLOAT");
    if (!quantMode || strcmp(quantMode, "static") != 0)
        return TERR(api, "the attr of quant mode should be static.");
    const aclTensor *fs[8] = {dy, x, rstd, gamma, scalesX, off, dxOut, dgammaOut};
    const char *fn[8] = {"dy", "x", "rstd", "gamma", "scalesX", "offsetXOptional", "dxOut", "dgammaOut"};
    for (int i = 0; i < 8; i++)
        if ((st = nn_format_opt(api, fs[i], fn[i])))
            return st;
    if (dxOut->dtype == ACL_HIFLOAT8)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "dxOut dtype DT_HIFLOAT8 is not implemented in aclemu.");
    int64_t n = aclemu_tensor_numel(gamma);
    rms_norm_grad_quant_args a = {0};
    a.div_mode = divMode ? 1 : 0;
    a.code = ACL_INT8;
    const nr_operand ops[] = {{dy, 0, offsetof(rms_norm_grad_quant_args, dy), NULL},
                              {x, 0, offsetof(rms_norm_grad_quant_args, x), NULL},
                              {rstd, 0, offsetof(rms_norm_grad_quant_args, rstd), NULL},
                              {gamma, 0, offsetof(rms_norm_grad_quant_args, gamma), NULL},
                              {scalesX, 0, offsetof(rms_norm_grad_quant_args, scale), NULL},
                              {off, 0, offsetof(rms_norm_grad_quant_args, offset), NULL},
                              {dxOut, 1, offsetof(rms_norm_grad_quant_args, dx), NULL}};
    const aclTensor *sums[] = {dgammaOut};
    const char *sum_names[] = {"dgammaOut"};
    return nr_launch_sums(executor, "RmsNormGradQuant", &a, sizeof a, empty ? 0 : rows, n, 0.0, ops, 7, sums,
                          sum_names, 1);
}
