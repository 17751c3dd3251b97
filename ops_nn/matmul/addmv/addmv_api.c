/* aclnnAddmv: out(M) = beta*self + alpha*(mat(M,K) @ vec(K)); self broadcast to (M). */
#include "aclemu_plans.h"
#include "mm_common.h"

aclnnStatus aclemu_plan_Addmv(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat,
                              const aclTensor *vec, const aclScalar *alpha, const aclScalar *beta, aclTensor *out,
                              int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[4] = {self, mat, vec, out};
    const char *names[4] = {"self", "mat", "vec", "out"};
    int32_t math;
    float a, b;
    char s1[128], s2[128];
    aclnnStatus st = mm_check_common(api, ts, names, 4, 1, 2, cubeMathType, 0, &math);
    if (st || (st = cube_check_soc(api, CUBE_SOC_ALL & ~CUBE_SOC(ACLEMU_FAMILY_310B))) ||
        (st = mm_scalar(api, alpha, "alpha", &a)) || (st = mm_scalar(api, beta, "beta", &b)))
        return st;
    if ((st = mm_check_rank(api, mat, "mat", 2)) || (st = mm_check_rank(api, vec, "vec", 1)))
        return st;
    if (mat->shape[1] != vec->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(mat, s1, sizeof s1), cube_shape_str(vec, s2, sizeof s2));
    int64_t shape[1] = {mat->shape[0]};
    if ((st = mm_check_rank_range(api, self, "self", 0, 1)) || (st = mm_check_broadcastable(api, self, "self", shape, 1)) ||
        (st = aclemu_check_shape_is(api, out, "out", shape, 1)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, shape[0], 1, mat->shape[1], math);
    mm.d.alpha = a;
    mm.d.beta = b;
    mm_bind(mm.bind, mat, vec, out, b != 0.0f ? self : NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, mat, 0, 1, 0, 0);
    cube_view(&mm.d.b, CUBE_OP_B, vec, 0, -1, 0, 0);
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, -1, 0, 0);
    if (b != 0.0f)
        cube_view_bcast(&mm.d.d, CUBE_OP_D, self, 0, CUBE_BCAST_VEC_M);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}
