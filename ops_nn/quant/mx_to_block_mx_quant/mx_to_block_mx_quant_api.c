/* aclnnMxToBlockMxQuant on the quant driver (QUANT_BLOCK_MX with the row scales, 950): x [(B,) M, N]
 * FP4 E2M1 / E1M2 codes with mxscale [(B,) M, ceil(N / 64), 2] (DynamicMxQuant's along the last axis)
 * -> per 32 x 32 block s = max(its row scales, MAX_OFFSET) - MAX_OFFSET (MAX_OFFSET 6 / 8 for E4M3, 13 /
 * 15 for E5M2 from E2M1 / E1M2), y = FP8(fp4 * 2^(row scale - s)) (rint, saturating; 0 when the exponent
 * field row scale - s + 127 is <= 0), s written for each row of the block to scale1 (mxscale's shape)
 * and each column to scale2 [(B,) ceil(M / 64), N, 2]; pads 0 (mx_to_block_mx_quant.h SubCompute).
 * The real aclnn is generated: nulls (161001), the definition's dtypes (161002: x FP4, mxscale / scales
 * E8M0, y FP8 E5M2 / E4M3), then the tiling (561002) in its order: dst_type 35 / 36 -> y = dst_type ->
 * x rank 2 / 3 -> last dim even -> M > 0 -> mxscale shape -> y = x -> scale1 rank, = mxscale -> scale2
 * rank, batch, [ceil(M / 64), N, 2]. Other chips: 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define MTB_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_MxToBlockMxQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *mxscale,
                                         int64_t dstType, const aclTensor *y, const aclTensor *scale1,
                                         const aclTensor *scale2)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ms = mxscale, *s1 = scale1, *s2 = scale2;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, ms, "mxscale")) ||
        (st = aclemu_check_notnull(api, y, "y")) || (st = aclemu_check_notnull(api, s1, "scale1")) ||
        (st = aclemu_check_notnull(api, s2, "scale2")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    aclemu_dtype_set e8 = ACLEMU_DT(ACL_FLOAT8_E8M0);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_FLOAT4_E1M2))) ||
        (st = aclemu_check_dtype(api, ms, "mxscale", e8)) ||
        (st = aclemu_check_dtype(api, y, "y", ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN))) ||
        (st = aclemu_check_dtype(api, s1, "scale1", e8)) || (st = aclemu_check_dtype(api, s2, "scale2", e8)))
        return st;
    const aclTensor *all[5] = {x, ms, y, s1, s2};
    static const char *names[5] = {"x", "mxscale", "y", "scale1", "scale2"};
    if ((st = quant_check_tensors(api, all, names, 5, 0)))
        return st;
    /* the tiling: GetAttr */
    if (dstType != ACL_FLOAT8_E5M2 && dstType != ACL_FLOAT8_E4M3FN)
        return MTB_TILING(api, "dst_type[%ld] only supports 35 (FLOAT8_E5M2) or 36 (FLOAT8_E4M3FN).", (long)dstType);
    if ((int64_t)y->dtype != dstType)
        return MTB_TILING(api, "y's data type [%s] and dst_type [%ld] do not correspond. FLOAT8_E5M2 / FLOAT8_E4M3FN "
                               "map to dst_type 35 / 36 respectively, please check.",
                          aclemu_dtype_name(y->dtype), (long)dstType);
    /* CheckShape */
    uint32_t n = x->ndim;
    char a[160], b[160];
    if (n < 2 || n > 3)
        return MTB_TILING(api, "Input x rank[%u] should be in [2, 3].", n);
    int64_t M = x->shape[n - 2], N = x->shape[n - 1];
    if (N % 2)
        return MTB_TILING(api, "The last dimension must be even.");
    if (M <= 0)
        return MTB_TILING(api, "The -2 dim[%ld] must be positive.", (long)M);
    int64_t want[4];
    memcpy(want, x->shape, n * sizeof(int64_t));
    want[n - 1] = ((N + 31) / 32 + 1) / 2;
    want[n] = 2;
    aclemu_shape_str(want, n + 1, b, sizeof b);
    if (ms->ndim != n + 1 || memcmp(ms->shape, want, (n + 1) * sizeof(int64_t)))
        return MTB_TILING(api, "Input mxscale shape %s incorrect, expected %s.",
                          aclemu_shape_str(ms->shape, ms->ndim, a, sizeof a), b);
    if (y->ndim != n || memcmp(y->shape, x->shape, n * sizeof(int64_t)))
        return MTB_TILING(api, "Output y shape must be same with input x shape.");
    if (s1->ndim != n + 1)
        return MTB_TILING(api, "Output scale1 rank incorrect.");
    if (memcmp(s1->shape, ms->shape, (n + 1) * sizeof(int64_t)))
        return MTB_TILING(api, "Output scale1 shape %s incorrect, expected %s.",
                          aclemu_shape_str(s1->shape, s1->ndim, a, sizeof a),
                          aclemu_shape_str(ms->shape, ms->ndim, b, sizeof b));
    if (s2->ndim != n + 1)
        return MTB_TILING(api, "Output scale2 rank incorrect.");
    aclemu_shape_str(s2->shape, s2->ndim, a, sizeof a);
    if ((n == 3 && s2->shape[0] != x->shape[0]) || s2->shape[n - 2] != ((M + 31) / 32 + 1) / 2 ||
        s2->shape[n - 1] != N || s2->shape[n] != 2)
        return MTB_TILING(api, "Output scale2 shape %s incorrect.", a);
    quant_args q;
    quant_mx_setup(&q, y->dtype, QUANT_RINT, 32, 0, 0.0f, 0.0f);
    q.mode = QUANT_BLOCK_MX;
    int e1m2 = x->dtype == ACL_FLOAT4_E1M2;
    q.mx_emax = y->dtype == ACL_FLOAT8_E4M3FN ? (e1m2 ? 8 : 6) : (e1m2 ? 15 : 13); /* MAX_OFFSET */
    q.mx_pre = n == 3 ? x->shape[0] : 1;
    q.mx_len = M;
    q.mx_post = 1;
    return quant_launch_aux(executor, &q, x, y, ms, NULL, s1, NULL, s2);
}
