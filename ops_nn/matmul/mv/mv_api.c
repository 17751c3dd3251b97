/* aclnnMv: out(M) = self(M,K) @ vec(K), an N = 1 GEMM on strided views. */
#include "aclemu_plans.h"
#include "mm_common.h"

aclnnStatus aclemu_plan_Mv(aclOpExecutor *executor, const aclTensor *self, const aclTensor *vec, aclTensor *out,
                           int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[3] = {self, vec, out};
    const char *names[3] = {"self", "vec", "out"};
    int32_t math;
    char s1[128], s2[128];
    aclnnStatus st = mm_check_common(api, ts, names, 3, 0, 1, cubeMathType, 0, &math);
    if (st || (st = cube_check_soc(api, CUBE_SOC_ALL & ~CUBE_SOC(ACLEMU_FAMILY_310B))))
        return st;
    if ((st = mm_check_rank(api, self, "self", 2)) || (st = mm_check_rank(api, vec, "vec", 1)))
        return st;
    if (self->shape[1] != vec->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(self, s1, sizeof s1), cube_shape_str(vec, s2, sizeof s2));
    int64_t shape[1] = {self->shape[0]};
    if ((st = aclemu_check_shape_is(api, out, "out", shape, 1)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, shape[0], 1, self->shape[1], math);
    mm_bind(mm.bind, self, vec, out, NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, self, 0, 1, 0, 0);
    cube_view(&mm.d.b, CUBE_OP_B, vec, 0, -1, 0, 0);
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, -1, 0, 0);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}
