/* aclnnBatchMatMul (+WeightNz), aclnnBaddbmm, aclnnAddbmm (+Inplace): 3-D batched products on
 * the Cube unit, one CubeGemm launch each (batch as the GEMM's batch dim, strided views). */
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"
#include "weight_nz.h"

#define NOT_310B (CUBE_SOC_ALL & ~CUBE_SOC(ACLEMU_FAMILY_310B))

/* Shapes of a (B,M,K) @ (B,K,N) pair (batch dims broadcast); fills out[3]. */
static aclnnStatus bmm_shapes(const char *api, const aclTensor *x, const char *xn, const aclTensor *y, const char *yn,
                              int64_t out[3])
{
    char s1[128], s2[128];
    aclnnStatus st;
    if ((st = mm_check_rank(api, x, xn, 3)) || (st = mm_check_rank(api, y, yn, 3)))
        return st;
    if (x->shape[2] != y->shape[1])
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(x, s1, sizeof s1), cube_shape_str(y, s2, sizeof s2));
    if (x->shape[0] != y->shape[0] && x->shape[0] != 1 && y->shape[0] != 1)
        return ACLEMU_PARAM_ERROR(api, "Broadcast %s and %s failed.", cube_shape_str(x, s1, sizeof s1),
                                  cube_shape_str(y, s2, sizeof s2));
    out[0] = x->shape[0] == 1 ? y->shape[0] : x->shape[0];
    out[1] = x->shape[1];
    out[2] = y->shape[2];
    return ACLNN_SUCCESS;
}

static aclnnStatus bmm(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                       int8_t cubeMathType, int nz)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[3] = {self, mat2, out};
    const char *names[3] = {"self", "mat2", "out"};
    int32_t math;
    int64_t shape[3];
    aclnnStatus st = mm_check_common(api, ts, names, 3, 0, 1, cubeMathType, nz ? 1u << 1 : 0, &math);
    if (st || (st = cube_check_soc(api, nz ? NZ_SOCS : NOT_310B)) ||
        (st = bmm_shapes(api, self, "self", mat2, "mat2", shape)) ||
        (st = aclemu_check_shape_is(api, out, "out", shape, 3)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, shape[1], shape[2], self->shape[2], math);
    mm.d.nbatch_dims = 1;
    mm.d.batch_shape[0] = shape[0];
    mm_bind(mm.bind, self, mat2, out, NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, self, 1, 2, 1, 1);
    if (nz) {
        if ((st = weight_nz_view_batched(api, &mm.d.b, CUBE_OP_B, mat2, 1)))
            return st;
    } else {
        cube_view(&mm.d.b, CUBE_OP_B, mat2, 1, 2, 1, 1);
    }
    cube_view(&mm.d.c, CUBE_OP_C, out, 1, 2, 1, 1);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

aclnnStatus aclemu_plan_BatchMatMul(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat2,
                                    aclTensor *out, int8_t cubeMathType)
{
    return bmm(executor, self, mat2, out, cubeMathType, 0);
}

aclnnStatus aclemu_plan_BatchMatMulWeightNz(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mat2,
                                            aclTensor *out, int8_t cubeMathType)
{
    return bmm(executor, self, mat2, out, cubeMathType, 1);
}

/* Checks shared by Baddbmm / Addbmm and their inplace twins. */
static aclnnStatus badd_checks(aclOpExecutor *executor, const aclTensor *self, const char *self_name,
                               const aclTensor *b1, const aclTensor *b2, const aclScalar *beta,
                               const aclScalar *alpha, const aclTensor *out, int8_t cmt, int inplace, int32_t *math,
                               float *bv, float *av, int64_t shape[3])
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[4] = {self, b1, b2, out};
    const char *names[4] = {self_name, "batch1", "batch2", "out"};
    aclnnStatus st = mm_check_common(api, ts, names, inplace ? 3 : 4, 1, 2, cmt, 0, math);
    if (st || (st = cube_check_soc(api, NOT_310B)) || (st = mm_scalar(api, beta, "beta", bv)) ||
        (st = mm_scalar(api, alpha, "alpha", av)))
        return st;
    return bmm_shapes(api, b1, "batch1", b2, "batch2", shape);
}

static aclnnStatus baddbmm(aclOpExecutor *executor, const aclTensor *self, const char *self_name, const aclTensor *b1,
                           const aclTensor *b2, const aclScalar *beta, const aclScalar *alpha, const aclTensor *out,
                           int8_t cmt, int inplace)
{
    const char *api = aclemu_exec_api(executor);
    int32_t math;
    float b, a;
    int64_t shape[3];
    aclnnStatus st = badd_checks(executor, self, self_name, b1, b2, beta, alpha, out, cmt, inplace, &math, &b, &a, shape);
    if (st || (st = mm_check_broadcastable(api, self, self_name, shape, 3)) ||
        (st = aclemu_check_shape_is(api, out, inplace ? self_name : "out", shape, 3)))
        return st;
    cube_mm mm;
    mm_desc_init(&mm.d, shape[1], shape[2], b1->shape[2], math);
    mm.d.alpha = a;
    mm.d.beta = b;
    mm.d.nbatch_dims = 1;
    mm.d.batch_shape[0] = shape[0];
    mm_bind(mm.bind, b1, b2, out, b != 0.0f ? self : NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, b1, 1, 2, 1, 1);
    cube_view(&mm.d.b, CUBE_OP_B, b2, 1, 2, 1, 1);
    cube_view(&mm.d.c, CUBE_OP_C, out, 1, 2, 1, 1);
    if (b != 0.0f)
        cube_view_bcast(&mm.d.d, CUBE_OP_D, self, 1, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

aclnnStatus aclemu_plan_Baddbmm(aclOpExecutor *executor, const aclTensor *self, const aclTensor *batch1,
                                const aclTensor *batch2, const aclScalar *beta, const aclScalar *alpha,
                                aclTensor *out, int8_t cubeMathType)
{
    return baddbmm(executor, self, "self", batch1, batch2, beta, alpha, out, cubeMathType, 0);
}

aclnnStatus aclemu_plan_InplaceBaddbmm(aclOpExecutor *executor, const aclTensor *selfRef, const aclTensor *batch1,
                                       const aclTensor *batch2, const aclScalar *beta, const aclScalar *alpha,
                                       int8_t cubeMathType)
{
    return baddbmm(executor, selfRef, "selfRef", batch1, batch2, beta, alpha, selfRef, cubeMathType, 1);
}

/* Addbmm: the batch sum is the K dimension of one GEMM, K' = B*K: A[m, (b,k)] = batch1[b,m,k]
 * (a split column index), B[(b,k), n] = batch2[b,k,n], which needs batch2's batch stride to be
 * K * its row stride; otherwise batch2 is first copied contiguous into the workspace. */
static aclnnStatus addbmm(aclOpExecutor *executor, const aclTensor *self, const char *self_name, const aclTensor *b1,
                          const aclTensor *b2, const aclScalar *beta, const aclScalar *alpha, const aclTensor *out,
                          int8_t cmt, int inplace)
{
    const char *api = aclemu_exec_api(executor);
    int32_t math;
    float b, a;
    int64_t shape[3];
    aclnnStatus st = badd_checks(executor, self, self_name, b1, b2, beta, alpha, out, cmt, inplace, &math, &b, &a, shape);
    if (st)
        return st;
    char s1[128], s2[128];
    if (b1->shape[0] != b2->shape[0])
        return ACLEMU_PARAM_ERROR(api, "batch1 %s and batch2 %s should have the same batch size.",
                                  cube_shape_str(b1, s1, sizeof s1), cube_shape_str(b2, s2, sizeof s2));
    int64_t mn[2] = {shape[1], shape[2]};
    if ((st = mm_check_broadcastable(api, self, self_name, mn, 2)) ||
        (st = aclemu_check_shape_is(api, out, inplace ? self_name : "out", mn, 2)))
        return st;
    int64_t B = b1->shape[0], K = b1->shape[2];
    cube_mm mm;
    mm_desc_init(&mm.d, shape[1], shape[2], B * K, math);
    mm.d.alpha = a;
    mm.d.beta = b;
    mm_bind(mm.bind, b1, b2, out, b != 0.0f ? self : NULL, NULL);
    cube_view(&mm.d.a, CUBE_OP_A, b1, 1, 2, 0, 0);
    mm.d.a.jsplit = K;
    mm.d.a.cs_outer = b1->stride[0];
    int foldable = B == 1 || K == 0 || b2->stride[0] == K * b2->stride[1];
    if (foldable) {
        cube_view(&mm.d.b, CUBE_OP_B, b2, 1, 2, 0, 0);
    } else {
        int64_t ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)aclemu_tensor_numel(b2) *
                                                                        aclemu_dtype_size(b2->dtype));
        if ((st = cube_launch_copy(executor, NULL, ws, b2->dtype, b2, -1, b2->dtype)))
            return st;
        cube_view_raw(&mm.d.b, CUBE_OP_B, cube_gemm_dtype(b2->dtype), shape[2], 1);
        mm.bind[CUBE_OP_B].t = NULL;
        mm.bind[CUBE_OP_B].ws_off = ws;
    }
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
    if (b != 0.0f)
        cube_view_bcast(&mm.d.d, CUBE_OP_D, self, 0, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}

aclnnStatus aclemu_plan_Addbmm(aclOpExecutor *executor, const aclTensor *self, const aclTensor *batch1,
                               const aclTensor *batch2, const aclScalar *beta, const aclScalar *alpha, aclTensor *out,
                               int8_t cubeMathType)
{
    return addbmm(executor, self, "self", batch1, batch2, beta, alpha, out, cubeMathType, 0);
}

aclnnStatus aclemu_plan_InplaceAddbmm(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *batch1,
                                      const aclTensor *batch2, const aclScalar *beta, const aclScalar *alpha,
                                      int8_t cubeMathType)
{
    return addbmm(executor, selfRef, "selfRef", batch1, batch2, beta, alpha, selfRef, cubeMathType, 1);
}
