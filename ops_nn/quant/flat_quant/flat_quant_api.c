/* aclnnFlatQuant / V2 / V3 (ops-nn quant/flat_quant, A2 / A3 / 950): for each slice k of x
 * [K, M, N] (FLOAT16 / BF16) t = x[k] · P2 rounded to x's dtype, v = P1 · t rounded to FLOAT16
 * (the cube kernels' F322F16 / Cast RINT of the FP32 result: flat_quant_cube.h, flat_quant_high.h),
 * both on the GEMM engine (CubeGemm, FP32 accumulation), then the FlatQuant kernel's per-slice
 * INT4 quantisation (flat_quant_kernel.c). out is INT4 [K, M, N] or INT32 [K, M, N / 8] (eight
 * codes each), quantScale FLOAT [K].
 * Checks in aclnn_flat_quant.cpp's order and messages: nulls (161001) -> dtypes -> shapes ->
 * formats -> clipRatio in (0, 1] -> (V2 / V3) dstTypeMax 0 or [6, 12] -> (V3) the group list
 * (A2 / A3: type 0..2, INT64, [G] or [G, 2] for type 2, G <= 1024; 950: must be absent), all 161002.
 * The 950's MXFP4 output (FLOAT4_E2M1 out with FLOAT8_E8M0 scales) is accepted by the checks and
 * then refused with 361001 (not implemented in aclemu); 310P / 910: no kernel (361001). out is
 * written as a dense row-major buffer from its view offset (the real op ViewCopies into it). */
#include <math.h>
#include <string.h>

#include "aclemu_plans.h"
#include "cube.h"
#include "flat_quant_args.h"
#include "mm_common.h"

#define FQ_PARAM(api, ...) aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int fq_is_950(void) { return aclemu_op_profile()->family == ACLEMU_FAMILY_950; }

static aclnnStatus fq_check_shape(const char *api, const aclTensor *x, const aclTensor *p1, const aclTensor *p2,
                                  const aclTensor *out, const aclTensor *qs)
{
    int fp4 = out->dtype == ACL_FLOAT4_E2M1;
    if (out->dtype == ACL_INT32 || out->dtype == ACL_INT4) {
        if (qs->ndim != 1)
            return FQ_PARAM(api, "quantScaleShape dim should be 1.");
        if (p2->ndim != 2)
            return FQ_PARAM(api, "kroneckerP2 tensor should be 2D.");
    }
    if (p1->ndim != 2)
        return FQ_PARAM(api, "kroneckerP1 tensor should be 2D.");
    if (x->ndim != 3)
        return FQ_PARAM(api, "x tensor should be 3D.");
    if (fp4) {
        if (out->ndim != 2)
            return FQ_PARAM(api, "out tensor should be 2D.");
        if (qs->ndim != 3)
            return FQ_PARAM(api, "quantScale tensor should be 3D.");
    } else {
        if (out->ndim != 3)
            return FQ_PARAM(api, "out tensor should be 3D.");
        if (qs->ndim != 1)
            return FQ_PARAM(api, "quantScale tensor should be 1D.");
    }
    int64_t K = x->shape[0], M = x->shape[1], N = x->shape[2];
    if (!(K > 0 && M > 0 && N > 0))
        return FQ_PARAM(api, "x sizes should greater than 0.");
    if (K > 262144 || M > 256 || N > 256)
        return FQ_PARAM(api, "x dim0 should not exceed %ld, x dim1 and dim2 should not exceed %ld.", 262144L, 256L);
    if (out->dtype == ACL_INT32) {
        if (N % 8)
            return FQ_PARAM(api, "if outType is int32, x last dim must be divisible by %ld.", 8L);
    } else if (N % 2) {
        return FQ_PARAM(api, "x last dim must be divisible by %ld.", 2L);
    }
    if (p1->shape[0] != M || p1->shape[1] != M)
        return FQ_PARAM(api, "kroneckerP1 dim0 and dim1 should be same with x dim1.");
    if (!fp4 && (p2->shape[0] != N || p2->shape[1] != N))
        return FQ_PARAM(api, "kroneckerP2 dim0 and dim1 should be same with x dim2.");
    if (qs->shape[0] != K)
        return FQ_PARAM(api, "quantScale dim0 should be same with x dim0.");
    if (fp4)
        return ACLNN_SUCCESS;
    /* CheckSpecialIOShape */
    for (int i = 0; i < 2; i++)
        if (x->shape[i] != out->shape[i])
            return FQ_PARAM(api, "the dim(%ld) of x must be same with out, x is (%ld), out is (%ld).", (long)i,
                            (long)x->shape[i], (long)out->shape[i]);
    if (out->dtype == ACL_INT32) {
        if (N != out->shape[2] * 8)
            return FQ_PARAM(api,
                            "if outType is int32, the out last dim must be 1/8 of x last dim, x last dim is (%ld), "
                            "out last dim is (%ld).",
                            (long)N, (long)out->shape[2]);
    } else if (N != out->shape[2]) {
        return FQ_PARAM(api,
                        "if outType is int4, x last dim must be equal with out last dim. x last dim is (%ld), out "
                        "last dim is (%ld).",
                        (long)N, (long)out->shape[2]);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus fq_plan(aclOpExecutor *ex, int version, const aclTensor *x, const aclTensor *p1,
                           const aclTensor *p2, const aclTensor *groupList, double clipRatio, double dstTypeMax,
                           int64_t groupListType, const aclTensor *out, const aclTensor *qs)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, p1, "kroneckerP1")) ||
        (st = aclemu_check_notnull(api, p2, "kroneckerP2")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, qs, "quantScale")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    int is950 = fq_is_950();
    aclemu_dtype_set in = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", in)) || (st = aclemu_check_dtype(api, p1, "kroneckerP1", in)) ||
        (st = aclemu_check_dtype(api, p2, "kroneckerP2", in)))
        return st;
    int out_ok = out->dtype == ACL_INT32 || out->dtype == ACL_INT4 || (is950 && out->dtype == ACL_FLOAT4_E2M1);
    if (!out_ok)
        return FQ_PARAM(api, "Tensor out should be in dtype support list %s",
                        is950 ? "[DT_INT32, DT_INT4, DT_FLOAT4_E2M1]" : "[DT_INT32, DT_INT4]");
    int qs_ok = qs->dtype == ACL_FLOAT || (is950 && qs->dtype == ACL_FLOAT8_E8M0);
    if (!qs_ok)
        return FQ_PARAM(api, "Tensor scale should be in dtype support list %s",
                        is950 ? "[DT_FLOAT, DT_FLOAT8_E8M0]" : "[DT_FLOAT]");
    if ((st = aclemu_check_same_dtype(api, x, "x", p1, "kroneckerP1")) ||
        (st = aclemu_check_same_dtype(api, x, "x", p2, "kroneckerP2")))
        return st;
    const aclTensor *all[5] = {x, p1, p2, out, qs};
    static const char *names[5] = {"x", "kroneckerP1", "kroneckerP2", "out", "quantScale"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    if ((st = fq_check_shape(api, x, p1, p2, out, qs)))
        return st;
    if (x->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ ||
        qs->format == ACL_FORMAT_FRACTAL_NZ)
        return FQ_PARAM(api, " op [flat_quant] currently only supports ND format.");
    if (!(clipRatio > 0.0 && clipRatio <= 1.0))
        return FQ_PARAM(api, "clipRatio must be within the range of (0,1], clipRatio [%f].", clipRatio);
    if (version >= 2 && !(fabs(dstTypeMax) <= 2.220446049250313e-16 || (dstTypeMax >= 6.0 && dstTypeMax <= 12.0)))
        return FQ_PARAM(api, "dstTypeMax must be 0 or in range [6, 12], dstTypeMax [%f].", dstTypeMax);
    if (version >= 3) {
        if (is950 && groupList)
            return FQ_PARAM(api, "For ascend950, groupListOptional only support nullptr.");
        if (!is950 && groupList) {
            if (groupListType < 0 || groupListType > 2)
                return FQ_PARAM(api, "groupListType must be one of [0, 1, 2].");
            if ((st = aclemu_check_dtype(api, groupList, "groupListOptional", ACLEMU_DT(ACL_INT64))))
                return st;
            if (groupListType == 2) {
                if (groupList->ndim != 2 || groupList->shape[1] != 2)
                    return FQ_PARAM(api, "groupListOptional shape should be [G, 2] when groupListType is 2.");
            } else if (groupList->ndim != 1) {
                return FQ_PARAM(api, "groupListOptional shape should be [G] when groupListType is 0 or 1.");
            }
            if (groupList->shape[0] > 1024)
                return FQ_PARAM(api, "groupListOptional dim0[%ld] should be less than or equal to 1024.",
                                (long)groupList->shape[0]);
        }
    }
    if (out->dtype == ACL_FLOAT4_E2M1 || qs->dtype == ACL_FLOAT8_E8M0)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "the MXFP4 output of FlatQuant (Ascend950) is not implemented in aclemu.");

    int64_t K = x->shape[0], M = x->shape[1], N = x->shape[2];
    int32_t tdt = cube_gemm_dtype(x->dtype);
    uint64_t bytes = (uint64_t)K * (uint64_t)M * (uint64_t)N * 2u;
    uint64_t ws_t = aclemu_exec_alloc_workspace(ex, bytes);
    uint64_t ws_v = aclemu_exec_alloc_workspace(ex, bytes);

    /* t[k] = x[k] · P2, rounded to x's dtype */
    gemm_desc d;
    mm_desc_init(&d, M, N, N, GEMM_MATH_KEEP);
    d.nbatch_dims = 1;
    d.batch_shape[0] = K;
    cube_view(&d.a, CUBE_OP_A, x, 1, 2, 1, 1);
    cube_view(&d.b, CUBE_OP_B, p2, 0, 1, 0, 1);
    cube_view_raw(&d.c, CUBE_OP_C, tdt, N, 1);
    d.c.bstride[0] = M * N;
    cube_bind b1[CUBE_NOPS] = {{x, -1}, {p2, -1}, {NULL, (int64_t)ws_t}, {NULL, -1}, {NULL, -1}};
    if ((st = cube_launch_gemm(ex, &d, b1)))
        return st;
    /* v[k] = P1 · t[k], rounded to FLOAT16 */
    mm_desc_init(&d, M, N, M, GEMM_MATH_KEEP);
    d.nbatch_dims = 1;
    d.batch_shape[0] = K;
    cube_view(&d.a, CUBE_OP_A, p1, 0, 1, 0, 1);
    cube_view_raw(&d.b, CUBE_OP_B, tdt, N, 1);
    d.b.bstride[0] = M * N;
    cube_view_raw(&d.c, CUBE_OP_C, GEMM_F16, N, 1);
    d.c.bstride[0] = M * N;
    cube_bind b2[CUBE_NOPS] = {{p1, -1}, {NULL, (int64_t)ws_t}, {NULL, (int64_t)ws_v}, {NULL, -1}, {NULL, -1}};
    if ((st = cube_launch_gemm(ex, &d, b2)))
        return st;

    uint32_t block_dim;
    uint64_t per;
    aclemu_tile_1d((uint64_t)K, aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &block_dim, &per);
    flat_quant_args *a = (flat_quant_args *)aclemu_exec_add_launch(ex, "FlatQuant", block_dim, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->K = K;
    a->MN = M * N;
    a->per_block = (int64_t)per;
    a->clip = (float)clipRatio;
    if ((st = aclemu_exec_bind_workspace(ex, a, &a->v, ws_v)) || (st = aclemu_exec_tdesc(ex, a, &a->out, out)) ||
        (st = aclemu_exec_tdesc(ex, a, &a->scale, qs)))
        return st;
    if (groupList && !is950 && aclemu_tensor_numel(groupList) > 0) {
        a->groups = groupList->shape[0];
        a->group_type = (int32_t)groupListType;
        if ((st = aclemu_exec_tdesc(ex, a, &a->group, groupList)))
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_FlatQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *kroneckerP1,
                                  const aclTensor *kroneckerP2, double clipRatio, aclTensor *out,
                                  aclTensor *quantScale)
{
    return fq_plan(executor, 1, x, kroneckerP1, kroneckerP2, NULL, clipRatio, 0.0, 0, out, quantScale);
}

aclnnStatus aclemu_plan_FlatQuantV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *kroneckerP1,
                                    const aclTensor *kroneckerP2, double clipRatio, double dstTypeMax,
                                    aclTensor *out, aclTensor *quantScale)
{
    return fq_plan(executor, 2, x, kroneckerP1, kroneckerP2, NULL, clipRatio, dstTypeMax, 0, out, quantScale);
}

aclnnStatus aclemu_plan_FlatQuantV3(aclOpExecutor *executor, const aclTensor *x, const aclTensor *kroneckerP1,
                                    const aclTensor *kroneckerP2, const aclTensor *groupListOptional,
                                    double clipRatio, double dstTypeMax, int64_t groupListType, aclTensor *out,
                                    aclTensor *quantScale)
{
    return fq_plan(executor, 3, x, kroneckerP1, kroneckerP2, groupListOptional, clipRatio, dstTypeMax,
                   groupListType, out, quantScale);
}
