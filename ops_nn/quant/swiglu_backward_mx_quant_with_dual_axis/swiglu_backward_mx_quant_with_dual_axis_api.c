/* aclnnSwigluBackwardMxQuantWithDualAxis on the quant driver (950): x [.., M, 2N] and yGrad [.., M, N]
 * FLOAT16 / BF16 -> dx [.., M, 2N] as the arch35 kernel computes it in FP32 (sig = 1 / (exp(-A) + 1),
 * first half ((1 - sig) * A + 1) * B * sig * dy, second half sig * dy * A, each rounded to x's dtype;
 * quant_kernel.c swiglu_grad_mx_value), then its MX quantisation in blocks of 32 (cuBLAS scales, FP8
 * E4M3 rint, the only ones the tiling takes):
 *  - along the last axis -> y1Out, mxscale1Out [.., M, ceil(2N / 64), 2] (a QUANT_MX launch over dx);
 *  - along M -> y2Out, mxscale2Out [.., ceil(M / 64), 2N, 2] per leading index (a QUANT_MX launch along
 *    axis -2); with groupIndexOptional (INT64 cumulative row ends, the last M) [M / 64 + G, 2N, 2],
 *    each group from its first row (QUANT_GROUPED_MX over dx; rows no group writes are 0, a bad
 *    groupIndex fails the launch). Groups with leading dims (rank > 2): 361001, not implemented.
 * The real aclnn is generated: nulls (161001), the definition's dtypes (161002: x / y_grad FLOAT16 /
 * BF16, group_index INT64, y FP4 / FP8, scales E8M0), then the arch35 tiling (561002) in its order:
 * y_grad = x dtype -> y1 E4M3 = y2 -> round_mode -> FP8 rint -> scale_alg 1 -> activate_left true ->
 * dst_dtype = y1 -> shape sizes -> ranks 2-6, y1 = x -> 2N % 64 -> y1 batch / M / 2N, = y2 -> group_index
 * 1-D, G > 0 -> y_grad [.., M, N] -> scale ranks, last dims 2, mxscale1 [.., M, ceil(2N / 64)],
 * mxscale2 [.., d0, 2N]. maxDtypeValue is reserved. Other chips: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define SBM_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* One QUANT_MX / QUANT_GROUPED_MX launch over dx (y's shape) along dim axis. */
static aclnnStatus sbm_launch(aclOpExecutor *ex, const aclTensor *x, const aclTensor *dy, const aclTensor *g,
                              int64_t axis, int32_t round, const aclTensor *y, const aclTensor *s)
{
    quant_args q;
    quant_mx_setup(&q, y->dtype, round, 32, 1, 0.0f, 0.0f);
    q.mx_act = QUANT_MX_ACT_SWIGLU_GRAD;
    q.activate_left = 1;
    q.act_half = y->shape[y->ndim - 1] / 2;
    q.mx_pre = 1;
    q.mx_post = 1;
    for (int64_t i = 0; i < axis; i++)
        q.mx_pre *= y->shape[i];
    for (uint32_t i = (uint32_t)axis + 1; i < y->ndim; i++)
        q.mx_post *= y->shape[i];
    q.mx_len = y->shape[axis];
    if (g)
        q.mode = QUANT_GROUPED_MX;
    return quant_launch_full(ex, &q, x, y, NULL, g, s, NULL, NULL, dy, NULL);
}

aclnnStatus aclemu_plan_SwigluBackwardMxQuantWithDualAxis(aclOpExecutor *executor, const aclTensor *x,
                                                          const aclTensor *yGrad, const aclTensor *groupIndexOptional,
                                                          bool activateLeft, char *roundModeOptional, int64_t scaleAlg,
                                                          int64_t dstDtype, double maxDtypeValue,
                                                          const aclTensor *y1Out, const aclTensor *mxscale1Out,
                                                          const aclTensor *y2Out, const aclTensor *mxscale2Out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *g = groupIndexOptional, *dy = yGrad, *y1 = y1Out, *s1 = mxscale1Out, *y2 = y2Out,
                    *s2 = mxscale2Out;
    aclnnStatus st;
    (void)maxDtypeValue;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, dy, "yGrad")) ||
        (st = aclemu_check_notnull(api, y1, "y1Out")) || (st = aclemu_check_notnull(api, s1, "mxscale1Out")) ||
        (st = aclemu_check_notnull(api, y2, "y2Out")) || (st = aclemu_check_notnull(api, s2, "mxscale2Out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set xs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    aclemu_dtype_set ys = ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |
                          ACLEMU_DT(ACL_FLOAT8_E5M2);
    aclemu_dtype_set e8 = ACLEMU_DT(ACL_FLOAT8_E8M0);
    if ((st = aclemu_check_dtype(api, x, "x", xs)) || (st = aclemu_check_dtype(api, dy, "yGrad", xs)) ||
        (g && (st = aclemu_check_dtype(api, g, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_dtype(api, y1, "y1Out", ys)) || (st = aclemu_check_dtype(api, s1, "mxscale1Out", e8)) ||
        (st = aclemu_check_dtype(api, y2, "y2Out", ys)) || (st = aclemu_check_dtype(api, s2, "mxscale2Out", e8)))
        return st;
    const aclTensor *all[7] = {x, dy, g, y1, s1, y2, s2};
    static const char *names[7] = {"x", "yGrad", "groupIndexOptional", "y1Out", "mxscale1Out", "y2Out", "mxscale2Out"};
    if ((st = quant_check_tensors(api, all, names, 7, 0)))
        return st;
    /* the tiling: CheckDtype */
    if (dy->dtype != x->dtype)
        return SBM_TILING(api, "y_grad dtype %s is invalid: y_grad dtype must be float16 or bfloat16, and same as x",
                          aclemu_dtype_name(dy->dtype));
    if (y1->dtype != ACL_FLOAT8_E4M3FN || y2->dtype != y1->dtype)
        return SBM_TILING(api, "y1_out and y2_out dtypes %s, %s are invalid: y1_out dtype must be FLOAT8_E4M3FN, and "
                               "y2_out dtype must be same as y1_out dtype",
                          aclemu_dtype_name(y1->dtype), aclemu_dtype_name(y2->dtype));
    /* GetAttr */
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return SBM_TILING(api, "round_mode %s is invalid: it should be in [rint, floor, round]", rm);
    if (round != QUANT_RINT)
        return SBM_TILING(api, "round_mode %s is invalid: When output y's data type is FLOAT8_E4M3FN or FLOAT8_E5M2, "
                               "round_mode only support rint", rm);
    if (scaleAlg != 1)
        return SBM_TILING(api, "scale_alg %ld is invalid: it should be {1}, only cuBLAS mode is supported",
                          (long)scaleAlg);
    if (!activateLeft)
        return SBM_TILING(api, "activate_left 0 is invalid: it should be {1}, activate_left only support 1");
    if (dstDtype != (int64_t)y1->dtype)
        return SBM_TILING(api, "dst_dtype %ld is invalid: y1_out dtype is %d, dst_dtype is %ld, these two must be "
                               "identical, dst_dtype represents the output dtype.",
                          (long)dstDtype, (int)y1->dtype, (long)dstDtype);
    /* CheckShape */
    char a[160], b[160], c[160];
    int64_t xn = aclemu_tensor_numel(x), y1n = aclemu_tensor_numel(y1);
    if (xn <= 0 || y1n <= 0)
        return SBM_TILING(api, "x and y1_out shape sizes %ld and %ld are invalid: x and y1_out shape size must > 0",
                          (long)xn, (long)y1n);
    int64_t s1n = aclemu_tensor_numel(s1), s2n = aclemu_tensor_numel(s2);
    if (s1n <= 0 || s2n <= 0)
        return SBM_TILING(api, "mxscale1_out and mxscale2_out shape sizes %ld and %ld are invalid: mxscale1_out and "
                               "mxscale2_out shape size must > 0", (long)s1n, (long)s2n);
    uint32_t n = x->ndim;
    if (n < 2 || n > 6 || y1->ndim != n)
        return SBM_TILING(api, "x and y1_out shape dim x shape dim is %u y1_out shape dim is %u is invalid: it should "
                               "be 2D to 6D, same dim", n, y1->ndim);
    aclemu_shape_str(x->shape, n, a, sizeof a);
    aclemu_shape_str(y1->shape, n, b, sizeof b);
    if (memcmp(x->shape, y1->shape, n * sizeof(int64_t)))
        return SBM_TILING(api, "x and y1_out shapes x shape is %s y1_out shape is %s are invalid: x shape and y1_out "
                               "shape must be identical.", a, b);
    int64_t M = x->shape[n - 2], N2 = x->shape[n - 1], N = N2 / 2, batch = 1;
    for (uint32_t i = 0; i + 2 < n; i++)
        batch *= x->shape[i];
    if (N2 % 64)
        return SBM_TILING(api, "x shape %s is invalid: input x's last dim (2N) must be a multiple of 64", a);
    if (y2->ndim != n || memcmp(y2->shape, y1->shape, n * sizeof(int64_t)))
        return SBM_TILING(api, "y1_out and y2_out shapes %s and %s are invalid: y1_out shape must be same as y2_out "
                               "shape", b, aclemu_shape_str(y2->shape, y2->ndim, c, sizeof c));
    int64_t G = 1;
    if (g) {
        if (g->ndim != 1)
            return SBM_TILING(api, "group_index shape dim %u is invalid: it should be 1D", g->ndim);
        G = g->shape[0];
    }
    if (G <= 0)
        return SBM_TILING(api, "group_index shape size %ld is invalid: it should be  > 0", (long)G);
    aclemu_shape_str(dy->shape, dy->ndim, c, sizeof c);
    if (dy->ndim != n)
        return SBM_TILING(api, "y_grad shape dim %u is invalid: it should be %uD", dy->ndim, n);
    for (uint32_t i = 0; i + 2 < n; i++)
        if (dy->shape[i] != x->shape[i])
            return SBM_TILING(api, "y_grad x shape is %s y_grad shape is %s is invalid: The %uth dimension of y_grad "
                                   "must match x", a, c, i);
    if (dy->shape[n - 2] != M)
        return SBM_TILING(api, "y_grad x shape is %s y_grad shape is %s is invalid: The m-dimension (second-to-last) "
                               "of y_grad must match x", a, c);
    if (dy->shape[n - 1] != N)
        return SBM_TILING(api, "y_grad x shape is %s y_grad shape is %s, dimN = x last dim / 2 = %ld is invalid: The "
                               "last dimension of y_grad shape must be equal to half of x shape's last dim (dimN).",
                          a, c, (long)N);
    if (s1->ndim != n + 1 || s2->ndim != n + 1)
        return SBM_TILING(api, "mxscale1_out and mxscale2_out shape dims %u and%u are invalid: mxscale1_out and "
                               "mxscale2_out shape dims must be %u", s1->ndim, s2->ndim, n + 1);
    aclemu_shape_str(s1->shape, n + 1, b, sizeof b);
    aclemu_shape_str(s2->shape, n + 1, c, sizeof c);
    if (s1->shape[n] != 2 || s2->shape[n] != 2)
        return SBM_TILING(api, "mxscale1_out and mxscale2_out shapes %s and %s are invalid: mxscale1_out and "
                               "mxscale2_out shape last dim must be 2", b, c);
    for (uint32_t i = 0; i + 2 < n; i++)
        if (s1->shape[i] != x->shape[i])
            return SBM_TILING(api, "mxscale1_out shape %s is invalid: x shape is %s, the %uth dimension of "
                                   "mxscale1_out must match x", b, a, i);
    if (s1->shape[n - 2] != M)
        return SBM_TILING(api, "mxscale1_out shape %s is invalid: x shape is %s, dimM = %ld, the m-dimension of "
                               "mxscale1_out shape must equal dimM", b, a, (long)M);
    if (s1->shape[n - 1] != (N2 + 63) / 64)
        return SBM_TILING(api, "mxscale1_out shape %s is invalid: x shape is %s, grad_x column count = %ld, the "
                               "ceil-dimension of mxscale1_out shape must be equal to Ceil(grad_x_col / 64)",
                          b, a, (long)N2);
    for (uint32_t i = 0; i + 2 < n; i++)
        if (s2->shape[i] != x->shape[i])
            return SBM_TILING(api, "mxscale2_out shape %s is invalid: x shape is %s, the %uth dimension of "
                                   "mxscale2_out must match x", c, a, i);
    if (s2->shape[n - 1] != N2)
        return SBM_TILING(api, "mxscale2_out shape %s is invalid: x shape is %s, grad_x column count = %ld, "
                               "mxscale2_out shape[%u] must be equal to grad_x column count", c, a, (long)N2, n - 1);
    int64_t d0 = g ? M / 64 + G : (M + 63) / 64;
    if (s2->shape[n - 2] != d0)
        return SBM_TILING(api, "mxscale2_out shape %s is invalid: x shape is %s isGroupIdx is %d numGroups is %ld dimM "
                               "is %ld, mxscale2_out shape ceil-dim must be %s", c, a, g ? 1 : 0, (long)G, (long)M,
                          g ? "FloorDiv(dimM, 64) + numGroups" : "CeilDiv(dimM, 64)");
    if (g && batch > 1)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "groupIndexOptional with x of rank %u (leading dims) is not implemented in aclemu.", n);
    if ((st = sbm_launch(executor, x, dy, NULL, n - 1, round, y1, s1)))
        return st;
    return sbm_launch(executor, x, dy, g, n - 2, round, y2, s2);
}
