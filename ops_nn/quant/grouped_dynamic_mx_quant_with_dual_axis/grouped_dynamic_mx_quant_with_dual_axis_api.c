/* aclnnGroupedDynamicMxQuantWithDualAxis on the quant driver (950): x [M, N] FLOAT16 / BF16 (N a
 * multiple of 64), groupIndex INT64 [G] (cumulative row ends, the last M), blocks of 32 with the
 * cuBLAS scale rule and FP8 rint (the only ones the tiling takes; the rules of aclnnDynamicMxQuant):
 *  - along the last axis -> y1Out, y1ScaleOut [M, N / 64, 2] (QUANT_MX);
 *  - along the rows by groups -> y2Out, y2ScaleOut [M / 64 + G, N, 2], group g's block pairs from row
 *    start / 64 + g (QUANT_GROUPED_MX: rows no group writes are 0, a bad groupIndex fails the launch).
 * The real aclnn is generated: nulls (161001), the definition's dtypes (161002: x FLOAT16 / BF16,
 * group_index INT64, y FP8 E4M3 / E5M2, scales E8M0), then the arch35 tiling (561002) in its order:
 * x 2-D, group_index 1-D, N > 0, G > 0, N % 64 -> y1 = y2 dtype -> round_mode rint -> scale_alg 1 ->
 * dst_dtype 35 / 36 -> max_dtype_value 0 -> y1, y2 = dst_dtype -> y1 / y2 [M, N] -> y1_scale -> y2_scale.
 * Other chips: 361001. */
#include "aclemu_plans.h"
#include "quant_plan.h"

#define GDM_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int64_t gdm_dim(const aclTensor *t, uint32_t i) { return i < t->ndim ? t->shape[i] : 0; }

aclnnStatus aclemu_plan_GroupedDynamicMxQuantWithDualAxis(aclOpExecutor *executor, const aclTensor *x,
                                                          const aclTensor *groupIndex, char *roundModeOptional,
                                                          int64_t scaleAlg, int64_t dstDtype, double maxDtypeValue,
                                                          const aclTensor *y1Out, const aclTensor *y1ScaleOut,
                                                          const aclTensor *y2Out, const aclTensor *y2ScaleOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *g = groupIndex, *y1 = y1Out, *s1 = y1ScaleOut, *y2 = y2Out, *s2 = y2ScaleOut;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, g, "groupIndex")) ||
        (st = aclemu_check_notnull(api, y1, "y1Out")) || (st = aclemu_check_notnull(api, s1, "y1ScaleOut")) ||
        (st = aclemu_check_notnull(api, y2, "y2Out")) || (st = aclemu_check_notnull(api, s2, "y2ScaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set ys = ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2);
    aclemu_dtype_set e8 = ACLEMU_DT(ACL_FLOAT8_E8M0);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, g, "groupIndex", ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_dtype(api, y1, "y1Out", ys)) || (st = aclemu_check_dtype(api, s1, "y1ScaleOut", e8)) ||
        (st = aclemu_check_dtype(api, y2, "y2Out", ys)) || (st = aclemu_check_dtype(api, s2, "y2ScaleOut", e8)))
        return st;
    const aclTensor *all[6] = {x, g, y1, s1, y2, s2};
    static const char *names[6] = {"x", "groupIndex", "y1Out", "y1ScaleOut", "y2Out", "y2ScaleOut"};
    if ((st = quant_check_tensors(api, all, names, 6, 0)))
        return st;
    /* the tiling: CheckInputShape */
    if (x->ndim != 2)
        return GDM_TILING(api, "x dimension count should be 2, but got %u.", x->ndim);
    if (g->ndim != 1)
        return GDM_TILING(api, "group_index dimension count should be 1, but got %u.", g->ndim);
    int64_t M = x->shape[0], N = x->shape[1], G = g->shape[0];
    if (N <= 0)
        return GDM_TILING(api, "x shape last dimension should be positive, but got [M=%ld, N=%ld].", (long)M, (long)N);
    if (G <= 0)
        return GDM_TILING(api, "group_index length should be positive, but got %ld.", (long)G);
    if (N % 64)
        return GDM_TILING(api, "x.shape[1] should be 64 aligned, but got N=%ld.", (long)N);
    /* CheckDtype (x and group_index are the definition's already) */
    if (y1->dtype != y2->dtype)
        return GDM_TILING(api, "y1 and y2 dtypes should match and be FLOAT8_E5M2 or FLOAT8_E4M3FN, but got y1=%s, "
                               "y2=%s.", aclemu_dtype_name(y1->dtype), aclemu_dtype_name(y2->dtype));
    /* CheckAttrs */
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    if (quant_mx_round_mode(rm) != QUANT_RINT)
        return GDM_TILING(api, "round_mode should be rint, but got %s.", rm);
    if (scaleAlg != 1)
        return GDM_TILING(api, "scale_alg should be 1, but got %ld.", (long)scaleAlg);
    if (dstDtype != ACL_FLOAT8_E5M2 && dstDtype != ACL_FLOAT8_E4M3FN)
        return GDM_TILING(api, "dst_dtype should be FLOAT8_E5M2(35) or FLOAT8_E4M3FN(36), but got %ld.", (long)dstDtype);
    if ((float)maxDtypeValue != 0.0f)
        return GDM_TILING(api, "max_dtype_value should be 0.0, but got %f.", (double)(float)maxDtypeValue);
    if ((int64_t)y1->dtype != dstDtype || (int64_t)y2->dtype != dstDtype)
        return GDM_TILING(api, "y1 and y2 dtypes should match dst_dtype, but got dst_dtype=%s, y1=%s, y2=%s.",
                          aclemu_dtype_name((aclDataType)dstDtype), aclemu_dtype_name(y1->dtype),
                          aclemu_dtype_name(y2->dtype));
    /* CheckOutputShape */
    if (y1->ndim != 2 || y2->ndim != 2 || y1->shape[0] != M || y1->shape[1] != N || y2->shape[0] != M ||
        y2->shape[1] != N)
        return GDM_TILING(api, "y1 and y2 shapes should both be [M=%ld, N=%ld], but got y1=[%ld,%ld], y2=[%ld,%ld].",
                          (long)M, (long)N, (long)gdm_dim(y1, 0), (long)gdm_dim(y1, 1), (long)gdm_dim(y2, 0),
                          (long)gdm_dim(y2, 1));
    if (s1->ndim != 3 || s1->shape[0] != M || s1->shape[1] != N / 64 || s1->shape[2] != 2)
        return GDM_TILING(api, "y1_scale shape should be [M=%ld, N/64=%ld, 2], but got [%ld,%ld,%ld].", (long)M,
                          (long)(N / 64), (long)gdm_dim(s1, 0), (long)gdm_dim(s1, 1), (long)gdm_dim(s1, 2));
    int64_t d0 = M / 64 + G;
    if (s2->ndim != 3 || s2->shape[0] != d0 || s2->shape[1] != N || s2->shape[2] != 2)
        return GDM_TILING(api, "y2_scale shape should be [floor(M/64)+groupNum=%ld, N=%ld, 2], but got [%ld,%ld,%ld].",
                          (long)d0, (long)N, (long)gdm_dim(s2, 0), (long)gdm_dim(s2, 1), (long)gdm_dim(s2, 2));
    if ((st = quant_mx_launch(executor, x, 1, QUANT_RINT, 32, 1, 0.0f, 0.0f, y1, s1)))
        return st;
    quant_args q;
    quant_mx_setup(&q, y2->dtype, QUANT_RINT, 32, 1, 0.0f, 0.0f);
    q.mode = QUANT_GROUPED_MX;
    q.mx_len = M;
    return quant_launch(executor, &q, x, y2, NULL, g, s2, NULL);
}
