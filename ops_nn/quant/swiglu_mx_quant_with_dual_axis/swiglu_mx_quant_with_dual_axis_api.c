/* aclnnSwigluMxQuantWithDualAxis on the quant driver (950): x [M, 2N] FLOAT16 / BF16, v = swish(A) * B
 * over its halves (activateLeft: A the first), computed in FP32 and rounded to x's dtype as the
 * arch35 kernel stores it (swiglu_mx_quant_with_dual_axis_regbase.h, ComputeSwiglu: A / (exp(-A) + 1)
 * * B), then the MX quantisation of v [M, N] in blocks of 32 (the scale and element rules of
 * aclnnDynamicMxQuant: scaleAlg 0 OCP / 1 cuBLAS, FP8 rint, FP4 rint / round / floor):
 *  - along the last axis -> y1Out, mxscale1Out [M, ceil(N / 64), 2] (one QUANT_SWIGLU_MX launch);
 *  - along the rows -> y2Out, mxscale2Out: without groupIndexOptional [ceil(M / 64), N, 2] (QUANT_SWIGLU_MX
 *    along axis 0), with it (INT64 cumulative row ends, the last M) each group from its first row, its
 *    block pairs from scale row start / 64 + g of [M / 64 + G, N, 2] (QUANT_GROUPED_MX over the
 *    activation; the rows no group writes are 0, a bad groupIndex fails the launch).
 * The real aclnn is generated: nulls (161001), the definition's dtypes (161002: x FLOAT16 / BF16,
 * group_index INT64, y1 / y2 FP4 / FP8, scales E8M0), then the arch35 tiling (561002) in its order:
 * y2 = y1 dtype -> round_mode -> FP8 rint -> scale_alg 0 / 1 -> FP4 scale_alg 0 -> dst_type = y1 ->
 * shape sizes -> ranks 2 -> M of y1 -> 2N even -> FP4 2N % 4 -> y1 [M, N] = y2 -> group_index 1-D,
 * G > 0 -> scale ranks 3, last dims 2, mxscale1 [M, ceil(N / 64)], mxscale2 [., N], its dim 0.
 * maxDtypeValue is reserved (not checked by the tiling). Other chips: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define SMD_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_SwigluMxQuantWithDualAxis(aclOpExecutor *executor, const aclTensor *x,
                                                  const aclTensor *groupIndexOptional, bool activateLeft,
                                                  char *roundModeOptional, int64_t scaleAlg, int64_t dstType,
                                                  double maxDtypeValue, const aclTensor *y1Out,
                                                  const aclTensor *mxscale1Out, const aclTensor *y2Out,
                                                  const aclTensor *mxscale2Out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *g = groupIndexOptional, *y1 = y1Out, *s1 = mxscale1Out, *y2 = y2Out, *s2 = mxscale2Out;
    aclnnStatus st;
    (void)maxDtypeValue;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, y1, "y1Out")) ||
        (st = aclemu_check_notnull(api, s1, "mxscale1Out")) || (st = aclemu_check_notnull(api, y2, "y2Out")) ||
        (st = aclemu_check_notnull(api, s2, "mxscale2Out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set ys = ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |
                          ACLEMU_DT(ACL_FLOAT8_E5M2);
    aclemu_dtype_set e8 = ACLEMU_DT(ACL_FLOAT8_E8M0);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (g && (st = aclemu_check_dtype(api, g, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_dtype(api, y1, "y1Out", ys)) || (st = aclemu_check_dtype(api, s1, "mxscale1Out", e8)) ||
        (st = aclemu_check_dtype(api, y2, "y2Out", ys)) || (st = aclemu_check_dtype(api, s2, "mxscale2Out", e8)))
        return st;
    const aclTensor *all[6] = {x, g, y1, s1, y2, s2};
    static const char *names[6] = {"x", "groupIndexOptional", "y1Out", "mxscale1Out", "y2Out", "mxscale2Out"};
    if ((st = quant_check_tensors(api, all, names, 6, 0)))
        return st;
    /* the tiling: CheckDtype, GetAttr, CheckShape */
    aclDataType yd = y1->dtype;
    if (y2->dtype != yd)
        return SMD_TILING(api, "y1 and y2 dtypes %s, %s are invalid: y1 dtype must in [FLOAT4_E2M1, FLOAT4_E1M2, "
                               "FLOAT8_E4M3FN, FLOAT8_E5M2], and y2 dtype must be same as y1 dtype",
                          aclemu_dtype_name(yd), aclemu_dtype_name(y2->dtype));
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    int32_t round = quant_mx_round_mode(rm);
    int fp4 = quant_is_fp4(yd);
    if (round < 0)
        return SMD_TILING(api, "round_mode %s is invalid: The value of round_mode must be rint, floor or round", rm);
    if (!fp4 && round != QUANT_RINT)
        return SMD_TILING(api, "round_mode %s is invalid: When output y's data type is FLOAT8_E4M3FN or FLOAT8_E5M2, "
                               "round_mode only support rint", rm);
    if (scaleAlg != 0 && scaleAlg != 1)
        return SMD_TILING(api, "scale_alg %ld is invalid: The value of scale_alg must be 0 or 1", (long)scaleAlg);
    if (fp4 && scaleAlg != 0)
        return SMD_TILING(api, "scale_alg %ld is invalid: When output y's data type is FLOAT4_E2M1 or FLOAT4_E1M2, "
                               "scaleAlg must be 0", (long)scaleAlg);
    if (dstType != (int64_t)yd)
        return SMD_TILING(api, "dst_type %ld is invalid: y1 dtype is %d, dst_type is %ld, hese two must be identical, "
                               "dst_type represents the output dtype.",
                          (long)dstType, (int)yd, (long)dstType);
    char a[160], b[160];
    int64_t xn = aclemu_tensor_numel(x), y1n = aclemu_tensor_numel(y1);
    if (xn <= 0 || y1n <= 0)
        return SMD_TILING(api, "x and y1 shape sizes %ld and %ld are invalid: x and y1 shape size must > 0", (long)xn,
                          (long)y1n);
    int64_t s1n = aclemu_tensor_numel(s1), s2n = aclemu_tensor_numel(s2);
    if (s1n <= 0 || s2n <= 0)
        return SMD_TILING(api, "mx_scale1 and mx_scale2 shape sizes %ld and %ld are invalid: mx_scale1 and mx_scale2 "
                               "shape size must > 0", (long)s1n, (long)s2n);
    if (x->ndim != 2 || y1->ndim != 2)
        return SMD_TILING(api, "x and y1 shape dim x shape dim is %u y1 shape dim is %u is invalid: it should be 2D",
                          x->ndim, y1->ndim);
    aclemu_shape_str(x->shape, 2, a, sizeof a);
    if (x->shape[0] != y1->shape[0])
        return SMD_TILING(api, "x and y1 shape x shape is %s y1 shape is %s is invalid: The 0th dimension of x shape "
                               "and y1 shape must be the same.",
                          a, aclemu_shape_str(y1->shape, 2, b, sizeof b));
    int64_t M = x->shape[0], N2 = x->shape[1], N = N2 / 2;
    if (N2 % 2)
        return SMD_TILING(api, "x shape %s is invalid: input x's last dim must be a multiple of two.", a);
    if (fp4 && N2 % 4)
        return SMD_TILING(api, "x shape %s is invalid: When output y's data type is FLOAT4_E2M1 or FLOAT4_E1M2, lastDim "
                               "must be divisible by 4", a);
    if (y1->shape[1] != N)
        return SMD_TILING(api, "y1 shape %s is invalid: x shape is %s.The first dimension of y1's shape must be equal "
                               "to half of the first dimension of x's shape.",
                          aclemu_shape_str(y1->shape, 2, b, sizeof b), a);
    if (y2->ndim != 2 || y2->shape[0] != y1->shape[0] || y2->shape[1] != y1->shape[1]) {
        char c[160];
        return SMD_TILING(api, "y1 and y2 shapes %s and %s are invalid: y1 shape must be same as y2 shape",
                          aclemu_shape_str(y1->shape, 2, b, sizeof b), aclemu_shape_str(y2->shape, y2->ndim, c, sizeof c));
    }
    int64_t G = 1;
    if (g) {
        if (g->ndim != 1)
            return SMD_TILING(api, "group_index shape dim %u is invalid: it should be 1D", g->ndim);
        G = g->shape[0];
    }
    if (G <= 0)
        return SMD_TILING(api, "group_index shape size %ld is invalid: it should be  > 0", (long)G);
    if (s1->ndim != 3 || s2->ndim != 3)
        return SMD_TILING(api, "mx_scale1 and mx_scale2 shape dims %u and %u are invalid: mx_scale1 and mx_scale2 shape "
                               "dims must be three", s1->ndim, s2->ndim);
    char c[160];
    aclemu_shape_str(s1->shape, 3, b, sizeof b);
    aclemu_shape_str(s2->shape, 3, c, sizeof c);
    if (s1->shape[2] != 2 || s2->shape[2] != 2)
        return SMD_TILING(api, "mx_scale1 and mx_scale2 shapes %s and %s are invalid: mx_scale1 and mx_scale2 shape last "
                               "dim must be 2", b, c);
    if (s1->shape[0] != M)
        return SMD_TILING(api, "mx_scale1 shape %s is invalid: x shape is %s, the 0th dimension of mx_scale1 shape must "
                               "be the same as the 0th dimension of x shape.", b, a);
    if (s1->shape[1] != (N + 63) / 64)
        return SMD_TILING(api, "mx_scale1 shape %s is invalid: x shape is %s, the value of the 1st dimension of "
                               "mx_scale1 shape must be equal to Ceil(x_shape[1] / 2 / 64)", b, a);
    if (s2->shape[1] != N)
        return SMD_TILING(api, "mx_cale2 shape %s is invalid: x shape is %s, mx_scale2 shape[1] must be equal to "
                               "x_shape[1] / 2", c, a);
    int64_t d0 = g ? M / 64 + G : (M + 63) / 64;
    if (s2->shape[0] != d0)
        return SMD_TILING(api, "mx_scale2 shape %s is invalid: x shape is %s isGroupIdx is %d numGroups is %ld M "
                               "represents the 0th dimension of x shape, numGroups represents the 0th dimension of "
                               "group_index shape, isGroupIdx indicates whether input group_index exists, when "
                               "group_index exists, dim0 = FloorDiv(M, 64) + numGroups, when not exists, dim0 = "
                               "CeilDiv(M, 64)", c, a, g ? 1 : 0, (long)G);
    quant_args act;
    memset(&act, 0, sizeof act);
    act.activate_left = activateLeft;
    if ((st = quant_swiglu_mx_launch(executor, &act, x, 1, 1, round, scaleAlg, y1, s1)))
        return st;
    if (!g)
        return quant_swiglu_mx_launch(executor, &act, x, 1, 0, round, scaleAlg, y2, s2);
    quant_args q;
    quant_mx_setup(&q, yd, round, 32, scaleAlg, 0.0f, 0.0f);
    q.mode = QUANT_GROUPED_MX;
    q.mx_act = QUANT_MX_ACT_SWIGLU;
    q.activate_left = activateLeft;
    q.act_half = N;
    q.act_inner = 1;
    q.mx_len = M;
    return quant_launch(executor, &q, x, y2, NULL, g, s2, NULL);
}
