/* aclnnMatmul / aclnnMm / aclnnAddmm (+Inplace) and their FRACTAL_NZ-weight variants: checks of
 * ops-nn mat_mul_v3, then one CubeGemm launch whose views read every operand where it lies
 * (transposed and broadcast views need no copy). */
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"
#include "weight_nz.h"

#define NOT_310B (CUBE_SOC_ALL & ~CUBE_SOC(ACLEMU_FAMILY_310B))

/* self / mat2 / out: rank 1..6 on every chip (aclnnMatmul doc; MAX_SUPPORT_MATMUL_DIMS_NUMS). */
#define MATMUL_MAX_RANK 6u

/* Leading dims [0, n) of t can be walked as one index of stride t->stride[n-1]. */
static int dims_merge(const aclTensor *t, int n)
{
    for (int i = 0; i + 1 < n; i++)
        if (t->shape[i] != 1 && t->stride[i] != t->shape[i + 1] * t->stride[i + 1])
            return 0;
    return 1;
}

aclnnStatus aclemu_plan_Matmul(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                               int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[3] = {self, mat2, out};
    const char *names[3] = {"self", "mat2", "out"};
    int32_t math;
    char s1[128], s2[128];
    /* a mat2 that aclnnTransMatmulWeight turned into FRACTAL_NZ is read in place */
    int nz = mat2 && mat2->format == ACL_FORMAT_FRACTAL_NZ;
    aclnnStatus st = mm_check_common(api, ts, names, 3, 0, 1, cubeMathType, nz ? 1u << 1 : 0, &math);
    if (st || (st = cube_check_soc(api, nz ? NZ_SOCS : NOT_310B)))
        return st;
    if (nz && mat2->ndim != 2 && mat2->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "mat2 in FRACTAL_NZ should be 2-D or 3-D, got %u dims.", mat2->ndim);
    if ((st = mm_check_rank_range(api, self, "self", 0, MATMUL_MAX_RANK)) ||
        (st = mm_check_rank_range(api, mat2, "mat2", 0, MATMUL_MAX_RANK)))
        return st;
    int ds = (int)self->ndim, dm = (int)mat2->ndim;
    if (ds == 0 || dm == 0)
        return ACLEMU_PARAM_ERROR(api, "Matmul does not support %s, %s.", cube_shape_str(self, s1, sizeof s1),
                                  cube_shape_str(mat2, s2, sizeof s2));
    int64_t M = ds >= 2 ? self->shape[ds - 2] : 1, K = self->shape[ds - 1];
    int64_t K2 = dm >= 2 ? mat2->shape[dm - 2] : mat2->shape[0], N = dm >= 2 ? mat2->shape[dm - 1] : 1;
    if (K != K2)
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(self, s1, sizeof s1), cube_shape_str(mat2, s2, sizeof s2));
    int anb = ds >= 2 ? ds - 2 : 0, bnb = dm >= 2 ? dm - 2 : 0;
    int64_t shape[ACLEMU_MAX_RANK];
    int nb = mm_broadcast(self->shape, anb, mat2->shape, bnb, shape);
    if (nb < 0)
        return ACLEMU_PARAM_ERROR(api, "Broadcast %s and %s failed.", cube_shape_str(self, s1, sizeof s1),
                                  cube_shape_str(mat2, s2, sizeof s2));
    int nd = nb;
    if (ds >= 2)
        shape[nd++] = M;
    if (dm >= 2)
        shape[nd++] = N;
    if ((st = aclemu_check_shape_is(api, out, "out", shape, (uint32_t)nd)))
        return st;

    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, math);
    mm_bind(mm.bind, self, mat2, out, NULL, NULL);
    /* out's batch dims must merge with its M dim: with a 1-D mat2, M is out's last dim */
    if (nb > 0 && bnb == 0 && ds >= 2 && dims_merge(self, ds - 1) && dims_merge(out, dm >= 2 ? nd - 1 : nd)) {
        /* (batch..., M, K) @ (K, N): the batch dims fold into M (one large GEMM) */
        int64_t rows = M;
        for (int i = 0; i < nb; i++)
            rows *= shape[i];
        mm.d.M = rows;
        cube_view(&mm.d.a, CUBE_OP_A, self, ds - 2, ds - 1, 0, 0);
        if (nz) {
            if ((st = weight_nz_view(api, &mm.d.b, CUBE_OP_B, mat2)))
                return st;
        } else {
            cube_view(&mm.d.b, CUBE_OP_B, mat2, dm >= 2 ? dm - 2 : 0, dm >= 2 ? dm - 1 : -1, 0, 0);
        }
        cube_view(&mm.d.c, CUBE_OP_C, out, nd - 2, dm >= 2 ? nd - 1 : -1, 0, 0);
        if (dm < 2)
            mm.d.c.rs = out->stride[nd - 1];
        return cube_launch_gemm(executor, &mm.d, mm.bind);
    }
    mm.d.nbatch_dims = nb;
    memcpy(mm.d.batch_shape, shape, sizeof(int64_t) * (size_t)nb);
    cube_view(&mm.d.a, CUBE_OP_A, self, ds >= 2 ? ds - 2 : -1, ds - 1, anb, nb);
    if (nz && dm == 2)
        st = weight_nz_view(api, &mm.d.b, CUBE_OP_B, mat2);
    else if (nz)
        st = weight_nz_view_batched(api, &mm.d.b, CUBE_OP_B, mat2, nb);
    else
        cube_view(&mm.d.b, CUBE_OP_B, mat2, dm >= 2 ? dm - 2 : 0, dm >= 2 ? dm - 1 : -1, bnb, nb);
    if (st)
        return st;
    cube_view(&mm.d.c, CUBE_OP_C, out, ds >= 2 ? nb : -1, dm >= 2 ? nd - 1 : -1, nb, nb);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

aclnnStatus aclemu_plan_Mm(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                           int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[3] = {self, mat2, out};
    const char *names[3] = {"self", "mat2", "out"};
    int32_t math;
    char s1[128], s2[128];
    int nz = mat2 && mat2->format == ACL_FORMAT_FRACTAL_NZ; /* from aclnnTransMatmulWeight */
    aclnnStatus st = mm_check_common(api, ts, names, 3, 0, 1, cubeMathType, nz ? 1u << 1 : 0, &math);
    if (st || (st = cube_check_soc(api, nz ? NZ_SOCS : NOT_310B)))
        return st;
    if ((st = mm_check_rank(api, self, "self", 2)) || (st = mm_check_rank(api, mat2, "mat2", 2)))
        return st;
    if (self->shape[1] != mat2->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(self, s1, sizeof s1), cube_shape_str(mat2, s2, sizeof s2));
    int64_t shape[2] = {self->shape[0], mat2->shape[1]};
    if ((st = aclemu_check_shape_is(api, out, "out", shape, 2)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, shape[0], shape[1], self->shape[1], math);
    mm_bind(mm.bind, self, mat2, out, NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, self, 0, 1, 0, 0);
    if (nz) {
        if ((st = weight_nz_view(api, &mm.d.b, CUBE_OP_B, mat2)))
            return st;
    } else {
        cube_view(&mm.d.b, CUBE_OP_B, mat2, 0, 1, 0, 0);
    }
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

/* Addmm and its variants: out = beta*self + alpha*(mat1 @ mat2); nz: mat2 in FRACTAL_NZ. */
static aclnnStatus addmm(aclOpExecutor *executor, const aclTensor *self, const char *self_name, const aclTensor *mat1,
                         const aclTensor *mat2, const aclScalar *beta, const aclScalar *alpha, const aclTensor *out,
                         int8_t cubeMathType, int inplace, int nz)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[4] = {self, mat1, mat2, out};
    const char *names[4] = {self_name, "mat1", "mat2", "out"};
    int n = inplace ? 3 : 4;
    int32_t math;
    char s1[128], s2[128];
    aclnnStatus st = mm_check_common(api, ts, names, n, 1, 2, cubeMathType, nz ? 1u << 2 : 0, &math);
    if (st || (st = cube_check_soc(api, nz ? NZ_SOCS : NOT_310B)))
        return st;
    float b, a;
    if ((st = mm_scalar(api, beta, "beta", &b)) || (st = mm_scalar(api, alpha, "alpha", &a)))
        return st;
    if ((st = mm_check_rank(api, mat1, "mat1", 2)) || (st = mm_check_rank(api, mat2, "mat2", 2)))
        return st;
    if (mat1->shape[1] != mat2->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(mat1, s1, sizeof s1), cube_shape_str(mat2, s2, sizeof s2));
    int64_t shape[2] = {mat1->shape[0], mat2->shape[1]};
    if ((st = mm_check_rank_range(api, self, self_name, inplace ? 2 : 0, 2)) ||
        (st = mm_check_broadcastable(api, self, self_name, shape, 2)) ||
        (st = aclemu_check_shape_is(api, out, inplace ? self_name : "out", shape, 2)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, shape[0], shape[1], mat1->shape[1], math);
    mm.d.alpha = a;
    mm.d.beta = b;
    mm_bind(mm.bind, mat1, mat2, out, b != 0.0f ? self : NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, mat1, 0, 1, 0, 0);
    if (nz) {
        if ((st = weight_nz_view(api, &mm.d.b, CUBE_OP_B, mat2)))
            return st;
    } else {
        cube_view(&mm.d.b, CUBE_OP_B, mat2, 0, 1, 0, 0);
    }
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
    if (b != 0.0f)
        cube_view_bcast(&mm.d.d, CUBE_OP_D, self, 0, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

aclnnStatus aclemu_plan_Addmm(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat1,
                              const aclTensor *mat2, const aclScalar *beta, const aclScalar *alpha, aclTensor *out,
                              int8_t cubeMathType)
{
    return addmm(executor, self, "self", mat1, mat2, beta, alpha, out, cubeMathType, 0, 0);
}

aclnnStatus aclemu_plan_InplaceAddmm(aclOpExecutor *executor, const aclTensor *selfRef, const aclTensor *mat1,
                                     const aclTensor *mat2, const aclScalar *beta, const aclScalar *alpha,
                                     int8_t cubeMathType)
{
    return addmm(executor, selfRef, "selfRef", mat1, mat2, beta, alpha, selfRef, cubeMathType, 1, 0);
}

aclnnStatus aclemu_plan_AddmmWeightNz(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat1,
                                      const aclTensor *mat2, const aclScalar *beta, const aclScalar *alpha,
                                      aclTensor *out, int8_t cubeMathType)
{
    return addmm(executor, self, "self", mat1, mat2, beta, alpha, out, cubeMathType, 0, 1);
}

aclnnStatus aclemu_plan_MatmulWeightNz(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat2,
                                       aclTensor *out, int8_t cubeMathType)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[3] = {self, mat2, out};
    const char *names[3] = {"self", "mat2", "out"};
    int32_t math;
    char s1[128], s2[128];
    aclnnStatus st = mm_check_common(api, ts, names, 3, 0, 1, cubeMathType, 1u << 1, &math);
    if (st || (st = cube_check_soc(api, NZ_SOCS)))
        return st;
    if ((st = mm_check_rank(api, self, "self", 2)) || (st = mm_check_rank(api, mat2, "mat2", 2)))
        return st;
    if (self->shape[1] != mat2->shape[0])
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(self, s1, sizeof s1), cube_shape_str(mat2, s2, sizeof s2));
    int64_t shape[2] = {self->shape[0], mat2->shape[1]};
    if ((st = aclemu_check_shape_is(api, out, "out", shape, 2)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, shape[0], shape[1], self->shape[1], math);
    mm_bind(mm.bind, self, mat2, out, NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, self, 0, 1, 0, 0);
    if ((st = weight_nz_view(api, &mm.d.b, CUBE_OP_B, mat2)))
        return st;
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}
