/* aclnnMatmulFp32 (ops-nn experimental/matmul/matmul_fp32, a custom-op sample for the A2):
 * out = op(a) @ op(b) + bias, all FLOAT32 ND, computed in FP32 on the GEMM engine (GEMM_MATH_KEEP).
 * Checks as the generated aclnn entry and the sample's tiling make them: null a / b / out (161001);
 * dtypes FLOAT and format ND against the op definition (161002); the SoC (the sample's binaries
 * are built for the A2 / A3 only: 161002); then the tiling's refusals (561002): a missing bias
 * ("the input is invalid": the tiling reads the bias shape unconditionally), a / b not 2-D, and —
 * the sample's infershape — k of a and b, bias (n) and out (m, n). */
#include "aclemu_plans.h"
#include "mm_common.h"

static aclnnStatus tiling_error(const char *api, const char *what)
{
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "%s", what);
}

static aclnnStatus nd_float(const char *api, const aclTensor *t, const char *name)
{
    aclnnStatus st = aclemu_check_dtype(api, t, name, ACLEMU_DT(ACL_FLOAT));
    if (st || t->format == ACL_FORMAT_ND || t->format == ACL_FORMAT_NCHW)
        return st;
    return ACLEMU_PARAM_ERROR(api, "%s's format should be ND, actual is %s.", name, aclemu_format_name(t->format));
}

aclnnStatus aclemu_plan_MatmulFp32(aclOpExecutor *executor, const aclTensor *a, const aclTensor *b,
                                   const aclTensor *bias, bool transposeX1, bool transposeX2, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, a, "a")) || (st = aclemu_check_notnull(api, b, "b")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = nd_float(api, a, "a")) || (st = nd_float(api, b, "b")) || (bias && (st = nd_float(api, bias, "bias"))) ||
        (st = nd_float(api, out, "out")))
        return st;
    if ((st = cube_check_soc(api, CUBE_SOC(ACLEMU_FAMILY_A2) | CUBE_SOC(ACLEMU_FAMILY_A3))))
        return st;
    if (!bias)
        return tiling_error(api, "the input is invalid (the sample's tiling needs the bias input).");
    if (a->ndim != 2 || b->ndim != 2)
        return tiling_error(api, "the input shape dimensions are not equal to 2");
    int64_t M = transposeX1 ? a->shape[1] : a->shape[0], K = transposeX1 ? a->shape[0] : a->shape[1];
    int64_t K2 = transposeX2 ? b->shape[1] : b->shape[0], N = transposeX2 ? b->shape[0] : b->shape[1];
    if (M < 0 || K < 0 || N < 0 || K != K2)
        return tiling_error(api, "the k of a and b should be equal.");
    if (bias->ndim != 1 || bias->shape[0] != N)
        return tiling_error(api, "bias should be 1-D (n).");
    if (out->ndim != 2 || out->shape[0] != M || out->shape[1] != N)
        return tiling_error(api, "out should be (m, n).");
    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, GEMM_MATH_KEEP);
    mm_bind(mm.bind, a, b, out, NULL, bias);
    cube_view(&mm.d.a, CUBE_OP_A, a, transposeX1 ? 1 : 0, transposeX1 ? 0 : 1, 0, 0);
    cube_view(&mm.d.b, CUBE_OP_B, b, transposeX2 ? 1 : 0, transposeX2 ? 0 : 1, 0, 0);
    cube_view(&mm.d.c, CUBE_OP_C, out, 0, 1, 0, 0);
    cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, 0, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}
