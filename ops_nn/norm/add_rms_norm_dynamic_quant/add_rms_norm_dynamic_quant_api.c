/* aclnnAddRmsNormDynamicQuant / aclnnAddRmsNormDynamicQuantV2 (A2 / A3 / 950) on the NormDynQuant
 * kernel (norm_rows). Checks in the op_api's order:
 *  V1: null (all outputs mandatory) -> dtypes (x1 / x2 / gamma / smooth scales / xOut FLOAT16,
 *      BF16; y1Out / y2Out of one dtype in INT8, HIFLOAT8, FLOAT8_E5M2, FLOAT8_E4M3FN; scales
 *      FLOAT) -> shapes (561002: x1 = x2, gamma 1-D of x1's last dim, smooth scales = gamma) ->
 *      empty x1 / gamma / y2Out: nothing runs. y2Out / scale2Out are computed only when both
 *      smooth scales are given.
 *  V2: outputMask (length 2; a given smooth scale needs its mask entry; not both False; without
 *      a mask smoothScale2 needs smoothScale1) -> null (the enabled outputs) -> empty -> the same
 *      dtypes -> y shapes = x1's (561002).
 * Emulated targets: INT8 everywhere, FLOAT8_E4M3FN / FLOAT8_E5M2 on the 950; HIFLOAT8 and V2's
 * INT4 / INT32-packed outputs are refused with a message. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_dyn_quant_plan.h"
#include "norm_rows_plan.h"

#define TILING ACLNN_ERR_INNER_TILING_ERROR
#define XS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

typedef struct arndq {
    const aclTensor *x1, *x2, *gamma, *s1, *s2, *beta;
    const aclTensor *y1, *y2, *xo, *sc1, *sc2;
    int out1, out2;
} arndq;

static aclnnStatus dtypes(const char *api, const arndq *p)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, p->x1, "x1", XS)) || (st = aclemu_check_dtype(api, p->x2, "x2", XS)) ||
        (st = aclemu_check_dtype(api, p->gamma, "gamma", XS)) ||
        (st = nn_dtype_opt(api, p->s1, "smoothScale1Optional", XS)) ||
        (st = nn_dtype_opt(api, p->s2, "smoothScale2Optional", XS)) ||
        (st = nn_dtype_opt(api, p->beta, "betaOptional", XS)))
        return st;
    if ((p->out1 && (st = aclemu_check_dtype(api, p->y1, "y1Out", NDQ_Y_DTYPES))) ||
        (p->out2 && (st = aclemu_check_dtype(api, p->y2, "y2Out", NDQ_Y_DTYPES))) ||
        (p->out1 && p->out2 && (st = aclemu_check_same_dtype(api, p->y1, "y1Out", p->y2, "y2Out"))) ||
        (st = aclemu_check_dtype(api, p->xo, "xOut", XS)) ||
        (p->out1 && (st = aclemu_check_dtype(api, p->sc1, "scale1Out", ACLEMU_DT(ACL_FLOAT)))) ||
        (p->out2 && (st = aclemu_check_dtype(api, p->sc2, "scale2Out", ACLEMU_DT(ACL_FLOAT)))))
        return st;
    const aclTensor *same[] = {p->x2, p->gamma, p->s1, p->s2, p->beta, p->xo};
    const char *names[] = {"x2", "gamma", "smoothScale1Optional", "smoothScale2Optional", "betaOptional", "xOut"};
    for (int i = 0; i < 6; i++)
        if (same[i] && (st = aclemu_check_same_dtype(api, p->x1, "x1", same[i], names[i])))
            return st;
    return ACLNN_SUCCESS;
}

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    int same = a->ndim == b->ndim;
    for (uint32_t i = 0; same && i < a->ndim; i++)
        same = a->shape[i] == b->shape[i];
    return same;
}

/* the inputs' shapes (561002); *n = the normalised length */
static aclnnStatus in_shapes(const char *api, const arndq *p, int64_t *n)
{
    const aclTensor *ts[] = {p->x1, p->x2, p->gamma, p->s1, p->s2, p->beta, p->xo};
    const char *names[] = {"x1", "x2", "gamma", "smoothScale1Optional", "smoothScale2Optional", "betaOptional", "xOut"};
    aclnnStatus st;
    for (int i = 0; i < 7; i++)
        if ((st = nn_shape_opt(api, ts[i], names[i], 8)))
            return st;
    if (p->x1->ndim < 1 || !same_shape(p->x1, p->x2))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "x1 and x2 shape mismatch.");
    if (p->gamma->ndim != 1)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "gamma shape dim num should be 1.");
    *n = p->x1->shape[p->x1->ndim - 1];
    if (p->gamma->shape[0] != *n)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api,
                               "gammaShape isn't consistent with the last dimension of x1.");
    if (p->s1 && !same_shape(p->s1, p->gamma))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "smoothScale1 shape mismatch with gamma.");
    if (p->s2 && !same_shape(p->s2, p->gamma))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "smoothScale2 shape mismatch with gamma.");
    if (p->beta && !same_shape(p->beta, p->gamma))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "beta shape mismatch with gamma.");
    return ACLNN_SUCCESS;
}

/* the outputs' shapes (561002); *rows = the number of rows */
static aclnnStatus out_shapes(const char *api, const arndq *p, int64_t n, int64_t *rows)
{
    aclnnStatus st;
    if ((p->out1 && (st = nn_shape_opt(api, p->y1, "y1Out", 8))) ||
        (p->out2 && (st = nn_shape_opt(api, p->y2, "y2Out", 8))))
        return st;
    if (!same_shape(p->xo, p->x1))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "xOut shape must be same as x1.");
    if (p->out1 && !same_shape(p->y1, p->x1))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "y1 shape must be same as x1.");
    if (p->out2 && !same_shape(p->y2, p->x1))
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "y2 shape must be same as y1.");
    *rows = n ? aclemu_tensor_numel(p->x1) / n : 0;
    if ((p->out1 && (st = nr_check_row_stat(api, TILING, p->sc1, "scale1Out", *rows))) ||
        (p->out2 && (st = nr_check_row_stat(api, TILING, p->sc2, "scale2Out", *rows))))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus launch(aclOpExecutor *executor, const char *api, const arndq *p, double epsilon)
{
    int64_t rows = 0, n = 0;
    aclnnStatus st;
    if ((st = in_shapes(api, p, &n)) || (st = out_shapes(api, p, n, &rows)))
        return st;
    norm_dyn_quant_args a = {0};
    if ((p->out1 && (st = ndq_target(api, p->y1, "y1Out", &a))) ||
        (p->out2 && (st = ndq_target(api, p->y2, "y2Out", &a))))
        return st;
    const nr_operand ops[] = {{p->x1, 0, offsetof(norm_dyn_quant_args, x1)},
                              {p->x2, 0, offsetof(norm_dyn_quant_args, x2)},
                              {p->gamma, 0, offsetof(norm_dyn_quant_args, gamma)},
                              {p->beta, 0, offsetof(norm_dyn_quant_args, beta)},
                              {p->out1 ? p->s1 : NULL, 0, offsetof(norm_dyn_quant_args, smooth1)},
                              {p->out2 ? p->s2 : NULL, 0, offsetof(norm_dyn_quant_args, smooth2)},
                              {p->out1 ? p->y1 : NULL, 1, offsetof(norm_dyn_quant_args, y1)},
                              {p->out2 ? p->y2 : NULL, 1, offsetof(norm_dyn_quant_args, y2)},
                              {p->xo, 1, offsetof(norm_dyn_quant_args, xout)},
                              {p->out1 ? p->sc1 : NULL, 1, offsetof(norm_dyn_quant_args, scale1)},
                              {p->out2 ? p->sc2 : NULL, 1, offsetof(norm_dyn_quant_args, scale2)}};
    return nr_launch(executor, "NormDynQuant", &a, sizeof a, rows, n, epsilon, ops, 11);
}

static int empty(const aclTensor *t) { return t && aclemu_tensor_numel(t) == 0; }

aclnnStatus aclemu_plan_AddRmsNormDynamicQuant(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                               const aclTensor *gamma, const aclTensor *smoothScale1Optional,
                                               const aclTensor *smoothScale2Optional, double epsilon,
                                               aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut,
                                               aclTensor *scale1Out, aclTensor *scale2Out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, y1Out, "y1Out")) ||
        (st = aclemu_check_notnull(api, y2Out, "y2Out")) || (st = aclemu_check_notnull(api, xOut, "xOut")) ||
        (st = aclemu_check_notnull(api, scale1Out, "scale1Out")) ||
        (st = aclemu_check_notnull(api, scale2Out, "scale2Out")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    arndq p = {x1, x2, gamma, smoothScale1Optional, smoothScale2Optional, NULL, y1Out, y2Out, xOut, scale1Out,
               scale2Out, 1, 1};
    if ((st = dtypes(api, &p)))
        return st;
    p.out2 = smoothScale1Optional && smoothScale2Optional;
    int64_t n = 0;
    if ((st = in_shapes(api, &p, &n)))
        return st;
    if (empty(x1) || empty(gamma) || empty(y2Out))
        return ACLNN_SUCCESS;
    return launch(executor, api, &p, epsilon);
}

aclnnStatus aclemu_plan_AddRmsNormDynamicQuantV2(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                                 const aclTensor *gamma, const aclTensor *smoothScale1Optional,
                                                 const aclTensor *smoothScale2Optional, const aclTensor *betaOptional,
                                                 double epsilon, const aclBoolArray *outputMaskOptional,
                                                 aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut,
                                                 aclTensor *scale1Out, aclTensor *scale2Out)
{
    const char *api = aclemu_exec_api(executor);
    const aclBoolArray *mask = outputMaskOptional;
    const aclTensor *s1 = smoothScale1Optional, *s2 = smoothScale2Optional;
    if (mask && mask->size != 2)
        return ACLEMU_PARAM_ERROR(api, "The length of outputMask must be 2, but got %llu.",
                                  (unsigned long long)mask->size);
    if (mask && s1 && !mask->data[0])
        return ACLEMU_PARAM_ERROR(api, "SmoothScale1Optional is not nullptr but outputMask[0] is False.");
    if (mask && s2 && !mask->data[1])
        return ACLEMU_PARAM_ERROR(api, "SmoothScale2Optional is not nullptr but outputMask[1] is False.");
    if (mask && !mask->data[0] && !mask->data[1])
        return ACLEMU_PARAM_ERROR(api, "Do not support both outputMask[0] and outputMask[1] are False.");
    if (!mask && !s1 && s2)
        return ACLEMU_PARAM_ERROR(api, "When outputMask is unavailable, it is not supported only "
                                       "smoothScale2Optional without smoothScale1Optional.");
    int out1 = mask ? mask->data[0] : 1, out2 = mask ? mask->data[1] : (s1 && s2);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, xOut, "xOut")) ||
        (out1 && ((st = aclemu_check_notnull(api, y1Out, "y1Out")) ||
                  (st = aclemu_check_notnull(api, scale1Out, "scale1Out")))) ||
        (out2 && ((st = aclemu_check_notnull(api, y2Out, "y2Out")) ||
                  (st = aclemu_check_notnull(api, scale2Out, "scale2Out")))))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    if (empty(x1) || empty(x2) || empty(gamma) || empty(y2Out))
        return ACLNN_SUCCESS;
    arndq p = {x1, x2, gamma, s1, s2, betaOptional, y1Out, y2Out, xOut, scale1Out, scale2Out, out1, out2};
    if ((st = dtypes(api, &p)))
        return st;
    return launch(executor, api, &p, epsilon);
}
