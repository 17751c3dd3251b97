/* aclnnGemm: out = alpha * op(A) @ op(B) + beta * C, op = transpose when transX != 0 (a swapped
 * view, no copy); C broadcast to (M, N). */
#include "aclemu_plans.h"
#include "mm_common.h"

aclnnStatus aclemu_plan_Gemm(aclOpExecutor *executor, const aclTensor *A, const aclTensor *B, const aclTensor *C,
                             float alpha, float beta, int64_t transA, int64_t transB, aclTensor *out,
                             int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[4] = {A, B, C, out};
    const char *names[4] = {"A", "B", "C", "out"};
    int32_t math;
    char s1[128], s2[128];
    aclnnStatus st = mm_check_common(api, ts, names, 4, 0, 1, cubeMathType, 0, &math);
    if (st || (st = cube_check_soc(api, CUBE_SOC_ALL & ~CUBE_SOC(ACLEMU_FAMILY_310B))))
        return st;
    if ((st = mm_check_rank(api, A, "A", 2)) || (st = mm_check_rank(api, B, "B", 2)))
        return st;
    int ar = transA ? 1 : 0, br = transB ? 1 : 0;
    int64_t M = A->shape[ar], K = A->shape[1 - ar], K2 = B->shape[br], N = B->shape[1 - br];
    if (K != K2)
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s (transA %lld, transB %lld).",
                                  cube_shape_str(A, s1, sizeof s1), cube_shape_str(B, s2, sizeof s2),
                                  (long long)transA, (long long)transB);
    int64_t shape[2] = {M, N};
    if ((st = mm_check_rank_range(api, C, "C", 0, 2)) || (st = mm_check_broadcastable(api, C, "C", shape, 2)) ||
        (st = aclemu_check_shape_is(api, out, "out", shape, 2)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, math);
    mm.d.alpha = alpha;
    mm.d.beta = beta;
    mm_bind(mm.bind, A, B, out, beta != 0.0f ? C : NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, A, ar, 1 - ar, 0, 0);
    cube_view(&mm.d.b, CUBE_OP_B, B, br, 1 - br, 0, 0);
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
    if (beta != 0.0f)
        cube_view_bcast(&mm.d.d, CUBE_OP_D, C, 0, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}
