/* aclnnDynamicDualLevelMxQuant on the quant driver (QUANT_DUAL_LEVEL_MX, 950): x [.., N] FLOAT16 / BF16
 * (times smoothScaleOptional [N] in x's dtype) per row: level 0 blocks of 512, l0 = max |v| * fp32(1 / 6)
 * (FP32 level0ScaleOut [.., ceil(N / 512)], 0 below FP32 normals), t = x's dtype(v / l0); level 1 the
 * OCP MX quantisation of t in blocks of 32 to FP4 E2M1 (rint / round / floor) -> yOut,
 * level1ScaleOut [.., ceil(N / 64), 2] (dynamic_dual_level_mx_quant_base.h).
 * The real aclnn is generated: nulls (161001), the definition's dtypes (161002: x / smooth FLOAT16 /
 * BF16, y FP4 E2M1, level0 FLOAT, level1 E8M0), then the tiling (561002) in its order: round_mode ->
 * level0_block_size 512 -> level1_block_size 32 -> N even -> y = x -> level0 / level1 shapes -> smooth
 * dtype = x, shape [N]. Other chips: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DDL_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_DynamicDualLevelMxQuant(aclOpExecutor *executor, const aclTensor *x,
                                                const aclTensor *smoothScaleOptional, char *roundModeOptional,
                                                int64_t level0BlockSize, int64_t level1BlockSize,
                                                const aclTensor *yOut, const aclTensor *level0ScaleOut,
                                                const aclTensor *level1ScaleOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *sm = smoothScaleOptional, *y = yOut, *l0 = level0ScaleOut, *l1 = level1ScaleOut;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, y, "yOut")) ||
        (st = aclemu_check_notnull(api, l0, "level0ScaleOut")) || (st = aclemu_check_notnull(api, l1, "level1ScaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set xs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", xs)) ||
        (sm && (st = aclemu_check_dtype(api, sm, "smoothScaleOptional", xs))) ||
        (st = aclemu_check_dtype(api, y, "yOut", ACLEMU_DT(ACL_FLOAT4_E2M1))) ||
        (st = aclemu_check_dtype(api, l0, "level0ScaleOut", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, l1, "level1ScaleOut", ACLEMU_DT(ACL_FLOAT8_E8M0))))
        return st;
    const aclTensor *all[5] = {x, sm, y, l0, l1};
    static const char *names[5] = {"x", "smoothScaleOptional", "yOut", "level0ScaleOut", "level1ScaleOut"};
    if ((st = quant_check_tensors(api, all, names, 5, 0)))
        return st;
    /* the tiling: GetAttr */
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return DDL_TILING(api, "round_mode %s is invalid: The value of round_mode must be in {rint, floor, round}", rm);
    if (level0BlockSize != 512)
        return DDL_TILING(api, "level0_block_size %ld is invalid: level0_block_size should be 512",
                          (long)level0BlockSize);
    if (level1BlockSize != 32)
        return DDL_TILING(api, "level1_block_size %ld is invalid: level1_block_size should be 32",
                          (long)level1BlockSize);
    /* CheckRequiredShape */
    uint32_t n = x->ndim;
    char a[160], b[160], c[160];
    if (n < 1)
        return DDL_TILING(api, "x shape dim 0 is invalid: x should have at least one dim");
    int64_t N = x->shape[n - 1];
    if (N % 2)
        return DDL_TILING(api, "x shape %ld is invalid: The last axis of x should be even when the dtype of y is "
                               "FLOAT4_E2M1", (long)N);
    aclemu_shape_str(x->shape, n, a, sizeof a);
    if (y->ndim != n || memcmp(x->shape, y->shape, n * sizeof(int64_t)))
        return DDL_TILING(api, "x and y shapes %s and %s are invalid: The shapes of x and y must be the same", a,
                          aclemu_shape_str(y->shape, y->ndim, b, sizeof b));
    int64_t want[ACLEMU_MAX_RANK + 1];
    memcpy(want, x->shape, n * sizeof(int64_t));
    want[n - 1] = (N + 511) / 512;
    if (l0->ndim != n || memcmp(l0->shape, want, n * sizeof(int64_t)))
        return DDL_TILING(api, "level0_scale shape %s is invalid: it should be %s",
                          aclemu_shape_str(l0->shape, l0->ndim, b, sizeof b), aclemu_shape_str(want, n, c, sizeof c));
    want[n - 1] = (N + 63) / 64;
    want[n] = 2;
    if (l1->ndim != n + 1 || memcmp(l1->shape, want, (n + 1) * sizeof(int64_t)))
        return DDL_TILING(api, "level1_scale shape %s is invalid: it should be %s",
                          aclemu_shape_str(l1->shape, l1->ndim, b, sizeof b),
                          aclemu_shape_str(want, n + 1, c, sizeof c));
    if (sm) {
        if (sm->dtype != x->dtype)
            return DDL_TILING(api, "smooth_scale and x dtypes %s and %s are invalid: The dtypes of smooth_scale and x "
                                   "must be the same", aclemu_dtype_name(sm->dtype), aclemu_dtype_name(x->dtype));
        if (sm->ndim != 1 || sm->shape[0] != N)
            return DDL_TILING(api, "smooth_scale shape %s is invalid: smooth_scale can NOT be scalar and the shape size "
                                   "of smooth_scale should be same as the last axis of x %ld",
                              aclemu_shape_str(sm->shape, sm->ndim, b, sizeof b), (long)N);
    }
    if (aclemu_tensor_numel(x) == 0)
        return DDL_TILING(api, "x is empty tensor.");
    quant_args q;
    quant_mx_setup(&q, ACL_FLOAT4_E2M1, round, 32, 0, 0.0f, 0.0f);
    q.mode = QUANT_DUAL_LEVEL_MX;
    return quant_launch_aux(executor, &q, x, y, sm, NULL, l1, NULL, l0);
}
