/* aclnnDynamicBlockMxQuant on the quant driver (QUANT_BLOCK_MX, 950): x [(B,) M, N] FLOAT16 / BF16 in
 * 32 x 32 blocks; per block one E8M0 scale from its max |x| (scaleAlg 0 the OCP rule, 2 the FP4 E2M1
 * range rule with dstTypeMax 0 / 6 / 7, as aclnnDynamicMxQuantV3 computes them; the arch35 kernel
 * dynamic_block_mx_quant_base.h ComputeOcp / ComputeDdr), y = cast(x * 2^-e) to FP8 (rint) or FP4
 * (rint / round / floor); the scale broadcast to scale1Out [(B,) M, ceil(N / 64), 2] (each row of the
 * block) and scale2Out [(B,) ceil(M / 64), N, 2] (each column), the pads of odd block counts 0.
 * The real aclnn is generated: nulls (161001), the definition's dtypes (161002: x FLOAT16 / BF16, y FP4 /
 * FP8, scales E8M0), then the tiling (561002) in its order: round_mode -> FP8 rint -> y = dst_type ->
 * scale_alg 0 / 2 -> 2 only for FP4 E2M1 -> dst_type_max 0 unless scale_alg 2 with E2M1 -> 0 / 6 / 7 ->
 * x not empty -> rank 2 / 3 -> FP4 last dim even -> y = x -> scale1 -> scale2. Other chips: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DBM_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int dbm_scale_ok(const aclTensor *x, uint32_t ax, const aclTensor *s)
{
    uint32_t n = x->ndim;
    if (s->ndim != n + 1 || s->shape[n] != 2)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        if (s->shape[i] != (i == ax ? (x->shape[i] + 63) / 64 : x->shape[i]))
            return 0;
    return 1;
}

aclnnStatus aclemu_plan_DynamicBlockMxQuant(aclOpExecutor *executor, const aclTensor *x, char *roundModeOptional,
                                            int64_t dstType, int64_t scaleAlg, double dstTypeMax,
                                            const aclTensor *yOut, const aclTensor *scale1Out,
                                            const aclTensor *scale2Out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *y = yOut, *s1 = scale1Out, *s2 = scale2Out;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, y, "yOut")) ||
        (st = aclemu_check_notnull(api, s1, "scale1Out")) || (st = aclemu_check_notnull(api, s2, "scale2Out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set ys = ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |
                          ACLEMU_DT(ACL_FLOAT8_E5M2);
    aclemu_dtype_set e8 = ACLEMU_DT(ACL_FLOAT8_E8M0);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, y, "yOut", ys)) || (st = aclemu_check_dtype(api, s1, "scale1Out", e8)) ||
        (st = aclemu_check_dtype(api, s2, "scale2Out", e8)))
        return st;
    const aclTensor *all[4] = {x, y, s1, s2};
    static const char *names[4] = {"x", "yOut", "scale1Out", "scale2Out"};
    if ((st = quant_check_tensors(api, all, names, 4, 0)))
        return st;
    /* the tiling: GetAttr */
    aclDataType yd = y->dtype;
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    int32_t round = quant_mx_round_mode(rm);
    if (round < 0)
        return DBM_TILING(api, "round_mode %s is invalid: The value of round_mode must be rint, floor, or round", rm);
    if (!quant_is_fp4(yd) && round != QUANT_RINT)
        return DBM_TILING(api, "round_mode %s is invalid: If the dtype of output y is FLOAT8_E4M3FN/FLOAT8_E5M2, "
                               "parameter round_mode must be rint", rm);
    if (dstType != (int64_t)yd)
        return DBM_TILING(api, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same",
                          aclemu_dtype_name(yd), (long)dstType);
    if (scaleAlg != 0 && scaleAlg != 2)
        return DBM_TILING(api, "scale_alg %ld is invalid: The value of scale_alg must be 0 or 2", (long)scaleAlg);
    if (scaleAlg != 0 && yd != ACL_FLOAT4_E2M1)
        return DBM_TILING(api, "scale_alg %ld is invalid: If the dtype of output y is FLOAT4_E1M2/FLOAT8_E4M3FN/"
                               "FLOAT8_E5M2, parameter scale_alg must be 0", (long)scaleAlg);
    float dmax = (float)dstTypeMax;
    if (dmax != 0.0f && (scaleAlg != 2 || yd != ACL_FLOAT4_E2M1))
        return DBM_TILING(api, "dst_type_max %f is invalid: When scale_alg is not 2 or the yDtype is not FLOAT4_E2M1,"
                               "the value of dst_type_max must be 0.0", (double)dmax);
    if (scaleAlg == 2 && dmax != 0.0f && dmax != 6.0f && dmax != 7.0f)
        return DBM_TILING(api, "dst_type_max %f is invalid: When scale_alg is 2 and the yDtype is FLOAT4_E2M1, the "
                               "value of dst_type_max must be in 0.0, 6.0, or 7.0", (double)dmax);
    /* CheckShape */
    uint32_t n = x->ndim;
    char a[160], b[160];
    if (aclemu_tensor_numel(x) == 0)
        return DBM_TILING(api, "x shape size 0 is invalid: dynamic_block_mx_quant does not support empty tensor");
    if (n != 2 && n != 3)
        return DBM_TILING(api, "x shape dim %u is invalid: The shape dim of x must be 2 or 3", n);
    if (quant_is_fp4(yd) && x->shape[n - 1] % 2)
        return DBM_TILING(api, "x shape dim %ld is invalid: If the dtype of output y is FLOAT4_E2M1/FLOAT4_E1M2, the "
                               "last dim of x must be even", (long)x->shape[n - 1]);
    aclemu_shape_str(x->shape, n, a, sizeof a);
    if (y->ndim != n || memcmp(x->shape, y->shape, n * sizeof(int64_t)))
        return DBM_TILING(api, "x, y shapes %s, %s are invalid: The shapes of x and y must be the same", a,
                          aclemu_shape_str(y->shape, y->ndim, b, sizeof b));
    if (!dbm_scale_ok(x, n - 1, s1))
        return DBM_TILING(api, "x, scale1 shapes %s, %s are invalid: The shapes of x and scale1 must be the same", a,
                          aclemu_shape_str(s1->shape, s1->ndim, b, sizeof b));
    if (!dbm_scale_ok(x, n - 2, s2))
        return DBM_TILING(api, "x, scale2 shapes %s, %s are invalid: The shapes of x and scale2 must be the same", a,
                          aclemu_shape_str(s2->shape, s2->ndim, b, sizeof b));
    quant_args q;
    quant_mx_setup(&q, yd, round, 32, scaleAlg, dmax, 0.0f);
    q.mode = QUANT_BLOCK_MX;
    q.mx_pre = n == 3 ? x->shape[0] : 1;
    q.mx_len = x->shape[n - 2];
    q.mx_post = 1;
    return quant_launch_aux(executor, &q, x, y, NULL, NULL, s1, NULL, s2);
}
