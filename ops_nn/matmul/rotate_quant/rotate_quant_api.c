/* aclnnRotateQuant (ops-nn matmul/rotate_quant), the A2 / A3 path: x [M, N] (FLOAT16 / BF16) times
 * blockdiag(rotation [K, K]) - each K-column block of a row times the rotation - on the GEMM engine
 * (one CubeGemm launch, FP32 accumulation, the result stored in x's dtype as the kernel's matmul
 * writes its workspace), then the RotateQuant kernel's per-row symmetric quantisation to INT8, or
 * INT4 codes in an INT32 yOut [M, N / 8] (rotate_quant_kernel.c).
 * Checks in aclnn_rotate_quant.cpp's order and messages: nulls (161001) -> dtypes (per chip) ->
 * shapes -> formats (no FRACTAL_NZ) -> alpha -> axis -> roundMode -> scaleAlg -> dstTypeMax -> trans
 * (161002), empty tensors succeed with nothing to run, then the A2 tiling's ranges N in
 * [128, 16000] and K in [16, 1024] (561002). The 950's MX path (FLOAT8 / FLOAT4 yOut, FLOAT8_E8M0
 * scales) passes the checks and is refused with 361001 (not implemented); 310P / 910: 361001.
 * yOut is written as a dense row-major buffer from its view offset (the real op ViewCopies). */
#include <string.h>

#include "aclemu_plans.h"
#include "cube.h"
#include "mm_common.h"
#include "rotate_quant_args.h"

#define RQ_PARAM(api, ...) aclemu_op_error(ACLNN_ERR_PARAM_INVALID, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)
#define RQ_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int rq_is_950(void) { return aclemu_op_profile()->family == ACLEMU_FAMILY_950; }

static aclnnStatus rq_check_dtypes(const char *api, int is950, const aclTensor *x, const aclTensor *rot,
                                   const aclTensor *y, const aclTensor *scale)
{
    const char *inl = "[DT_BF16, DT_FLOAT16]";
    if (x->dtype != ACL_BF16 && x->dtype != ACL_FLOAT16)
        return RQ_PARAM(api, "x dtype %s is invalid: The dtype of x must be in %s", aclemu_dtype_name(x->dtype), inl);
    if (rot->dtype != ACL_BF16 && rot->dtype != ACL_FLOAT16)
        return RQ_PARAM(api, "rotation dtype %s is invalid: The dtype of rotation must be in %s",
                        aclemu_dtype_name(rot->dtype), inl);
    if (x->dtype != rot->dtype)
        return RQ_PARAM(api, "x, rotation dtypes %s, %s are invalid: The dtypes of x and rotation must be the same",
                        aclemu_dtype_name(x->dtype), aclemu_dtype_name(rot->dtype));
    int y_ok = is950 ? (y->dtype == ACL_FLOAT4_E2M1 || y->dtype == ACL_FLOAT8_E4M3FN || y->dtype == ACL_FLOAT8_E5M2)
                     : (y->dtype == ACL_INT32 || y->dtype == ACL_INT8);
    if (!y_ok)
        return RQ_PARAM(api, "yOut dtype %s is invalid: The dtype of yOut must be in %s", aclemu_dtype_name(y->dtype),
                        is950 ? "[DT_FLOAT4_E2M1, DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2]" : "[DT_INT32, DT_INT8]");
    int s_ok = is950 ? scale->dtype == ACL_FLOAT8_E8M0 : scale->dtype == ACL_FLOAT;
    if (!s_ok)
        return RQ_PARAM(api, "scaleOut dtype %s is invalid: The dtype of scaleOut must be in %s",
                        aclemu_dtype_name(scale->dtype), is950 ? "[DT_FLOAT8_E8M0]" : "[DT_FLOAT]");
    return ACLNN_SUCCESS;
}

static aclnnStatus rq_check_mx_shape(const char *api, const aclTensor *x, const aclTensor *rot, const aclTensor *y,
                                     const aclTensor *scale)
{
    char b1[96], b2[96];
    int64_t N = x->ndim ? x->shape[x->ndim - 1] : 1, K = rot->ndim ? rot->shape[rot->ndim - 1] : 0;
    if (K != 32 && K != 64 && K != 128)
        return RQ_PARAM(api, "rotation last dim %ld is invalid: The value of rotation last dim must be in [32, 64, 128]",
                        (long)K);
    if (N % K)
        return RQ_PARAM(api, "N %ld is invalid: The value of N must be divisible by K", (long)N);
    if (x->ndim < 1 || x->ndim > 7)
        return RQ_PARAM(api, "x dim %u is invalid: The shape dim of x must be in range [1, 7]", x->ndim);
    if (rot->ndim < 2 || rot->ndim > 3)
        return RQ_PARAM(api, "rotation dim %u is invalid: The shape dim of rotation must be in range [2, 3]",
                        rot->ndim);
    if (rot->ndim == 2 && rot->shape[0] != K)
        return RQ_PARAM(api, "rotation shape %s is invalid: The shape of rotation must be (%ld, %ld)",
                        cube_shape_str(rot, b1, sizeof b1), (long)K, (long)K);
    if (rot->ndim == 3 && (rot->shape[0] != N / K || rot->shape[1] != K))
        return RQ_PARAM(api, "rotation shape %s is invalid: The shape of rotation must be (%ld, %ld, %ld)",
                        cube_shape_str(rot, b1, sizeof b1), (long)(N / K), (long)K, (long)K);
    if (y->ndim != x->ndim || memcmp(y->shape, x->shape, x->ndim * sizeof(int64_t)))
        return RQ_PARAM(api, "yOut shape %s is invalid: The shape of yOut must be %s", cube_shape_str(y, b1, sizeof b1),
                        cube_shape_str(x, b2, sizeof b2));
    int64_t want[9];
    memcpy(want, x->shape, x->ndim * sizeof(int64_t));
    want[x->ndim - 1] = (N + 63) / 64;
    want[x->ndim] = 2;
    if (scale->ndim != x->ndim + 1 || memcmp(scale->shape, want, (x->ndim + 1) * sizeof(int64_t)))
        return RQ_PARAM(api, "scaleOut shape %s is invalid: The shape of scaleOut must be %s",
                        cube_shape_str(scale, b1, sizeof b1), aclemu_shape_str(want, x->ndim + 1, b2, sizeof b2));
    return ACLNN_SUCCESS;
}

static aclnnStatus rq_check_int_shape(const char *api, const aclTensor *x, const aclTensor *rot, const aclTensor *y,
                                      const aclTensor *scale)
{
    char b1[96];
    if (x->ndim != 2)
        return RQ_PARAM(api, "x dim %u is invalid: The shape dim of x must be 2", x->ndim);
    if (rot->ndim != 2)
        return RQ_PARAM(api, "rotation dim %u is invalid: The shape dim of rotation must be 2", rot->ndim);
    int64_t M = x->shape[0], N = x->shape[1], K = rot->shape[1];
    if (N % 8)
        return RQ_PARAM(api, "N %ld is invalid: The value of N must be divisible by 8", (long)N);
    if (K == 0)
        return RQ_PARAM(api, "rotK 0 is invalid: The value of rotK cannot be 0");
    if (N % K)
        return RQ_PARAM(api, "N %ld is invalid: The value of N must be divisible by K", (long)N);
    if (rot->shape[0] != K)
        return RQ_PARAM(api, "rotation shape %s is invalid: The shape of rotation must be a square matrix",
                        cube_shape_str(rot, b1, sizeof b1));
    if (y->ndim != 2)
        return RQ_PARAM(api, "yOut dim %u is invalid: The shape dim of yOut must be 2", y->ndim);
    if (y->shape[0] != M)
        return RQ_PARAM(api, "yOut dim0 %ld is invalid: The value of yOut dim0 must equal %ld", (long)y->shape[0],
                        (long)M);
    if (y->dtype == ACL_INT8 && y->shape[1] != N)
        return RQ_PARAM(api, "yOut dim1 %ld is invalid: The value of yOut dim1 must equal %ld for INT8 output",
                        (long)y->shape[1], (long)N);
    if (y->dtype == ACL_INT32 && y->shape[1] != N / 8)
        return RQ_PARAM(api, "yOut dim1 %ld is invalid: The value of yOut dim1 must equal %ld for INT32 output",
                        (long)y->shape[1], (long)(N / 8));
    if (scale->ndim != 1)
        return RQ_PARAM(api, "scaleOut dim %u is invalid: The shape dim of scaleOut must be 1", scale->ndim);
    if (scale->shape[0] != M)
        return RQ_PARAM(api, "scaleOut dim0 %ld is invalid: The value of scaleOut dim0 must equal %ld",
                        (long)scale->shape[0], (long)M);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_RotateQuant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *rotation,
                                    const aclTensor *alpha, int64_t axis, char *roundMode, int64_t scaleAlg,
                                    double dstTypeMax, bool trans, aclTensor *yOut, aclTensor *scaleOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, rotation, "rotation")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")) || (st = aclemu_check_notnull(api, scaleOut, "scaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    int is950 = rq_is_950();
    if ((st = rq_check_dtypes(api, is950, x, rotation, yOut, scaleOut)))
        return st;
    const aclTensor *all[4] = {x, rotation, yOut, scaleOut};
    static const char *names[4] = {"x", "rotation", "yOut", "scaleOut"};
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    int mx = scaleOut->dtype == ACL_FLOAT8_E8M0;
    if ((st = mx ? rq_check_mx_shape(api, x, rotation, yOut, scaleOut)
                 : rq_check_int_shape(api, x, rotation, yOut, scaleOut)))
        return st;
    for (int i = 0; i < 4; i++)
        if (all[i]->format == ACL_FORMAT_FRACTAL_NZ)
            return RQ_PARAM(api, "x, rotation, yOut, scaleOut formats %s, %s, %s, %s are invalid: The formats of x, "
                            "rotation, yOut, scaleOut cannot be FRACTAL_NZ",
                            aclemu_format_name(x->format), aclemu_format_name(rotation->format),
                            aclemu_format_name(yOut->format), aclemu_format_name(scaleOut->format));
    if (!mx) {
        if (alpha)
            return RQ_PARAM(api, "alpha not null is invalid: The value of alpha must be null when scaleAlg is not 2");
    } else if (alpha) {
        char b1[96];
        if (alpha->dtype != ACL_BF16)
            return RQ_PARAM(api, "alpha dtype %s is invalid: The dtype of alpha must be BF16",
                            aclemu_dtype_name(alpha->dtype));
        if (alpha->ndim != 1)
            return RQ_PARAM(api, "alpha dim %u is invalid: The shape dim of alpha must be 1", alpha->ndim);
        if (alpha->shape[0] != 1)
            return RQ_PARAM(api, "alpha shape %s is invalid: The shape of alpha must be (1,)",
                            cube_shape_str(alpha, b1, sizeof b1));
    }
    int64_t last = (int64_t)x->ndim - 1;
    if (axis != -1 && axis != last)
        return RQ_PARAM(api, "axis %ld is invalid: The value of axis must be in -1 or %ld", (long)axis, (long)last);
    const char *rm = roundMode ? roundMode : "rint";
    if (strcmp(rm, "rint") && strcmp(rm, "floor") && strcmp(rm, "round"))
        return RQ_PARAM(api, "round_mode %s is invalid: The value of round_mode must be one of {rint, floor, round}",
                        rm);
    if ((yOut->dtype == ACL_FLOAT8_E4M3FN || yOut->dtype == ACL_FLOAT8_E5M2) && strcmp(rm, "rint"))
        return RQ_PARAM(api, "round_mode %s is invalid: When yOut dtype is FLOAT8_E4M3/FLOAT8_E5M2, round_mode only "
                        "support rint", rm);
    if (yOut->dtype == ACL_INT32 || yOut->dtype == ACL_INT8) {
        if (scaleAlg != 0)
            return RQ_PARAM(api, "scaleAlg %ld is invalid: The value of scaleAlg must be 0 for int8/int4 output",
                            (long)scaleAlg);
    } else if (yOut->dtype == ACL_FLOAT4_E2M1) {
        if (scaleAlg != 0 && scaleAlg != 2)
            return RQ_PARAM(api, "scaleAlg %ld is invalid: The value of scaleAlg must be in {0, 2} for MXFP4 output",
                            (long)scaleAlg);
    } else if (scaleAlg != 0 && scaleAlg != 1) {
        return RQ_PARAM(api, "scaleAlg %ld is invalid: The value of scaleAlg must be in {0, 1} for MXFP8 output",
                        (long)scaleAlg);
    }
    if (yOut->dtype == ACL_FLOAT4_E2M1 && scaleAlg == 2) {
        if (!(dstTypeMax >= 6.0 && dstTypeMax <= 12.0))
            return RQ_PARAM(api, "dstTypeMax %.17g is invalid: The value of dstTypeMax must be in range [6.0, 12.0] "
                            "when scaleAlg is 2", dstTypeMax);
    } else if (dstTypeMax != 0.0) {
        return RQ_PARAM(api, "dstTypeMax %.17g is invalid: The value of dstTypeMax must be 0.0 when scaleAlg is not 2",
                        dstTypeMax);
    }
    if (trans)
        return RQ_PARAM(api, "trans true is invalid: The value of trans must be false");
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(rotation) == 0 || aclemu_tensor_numel(yOut) == 0 ||
        aclemu_tensor_numel(scaleOut) == 0)
        return ACLNN_SUCCESS;
    if (mx)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "the Ascend950 MX path of RotateQuant is not implemented in aclemu.");
    int64_t M = x->shape[0], N = x->shape[1], K = rotation->shape[0];
    if (N % K)
        return RQ_TILING(api, "N(%ld) must be divisible by K(%ld).", (long)N, (long)K);
    if (N > 16000 || N < 128)
        return RQ_TILING(api, "N(%ld) must be between 128 and 16000.", (long)N);
    if (K > 1024 || K < 16)
        return RQ_TILING(api, "K(%ld) must be between 16 and 1024.", (long)K);

    /* w[m] = x[m] viewed as [N / K, K] times rotation, a batch over the rows */
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)M * (uint64_t)N * 2u);
    gemm_desc d;
    mm_desc_init(&d, N / K, K, K, GEMM_MATH_KEEP);
    d.nbatch_dims = 1;
    d.batch_shape[0] = M;
    cube_view_raw(&d.a, CUBE_OP_A, cube_gemm_dtype(x->dtype), K * x->stride[1], x->stride[1]);
    d.a.ptr = (const void *)(uintptr_t)(CUBE_SYNTH_BASE(CUBE_OP_A) + (uint64_t)x->offset * 2u);
    d.a.bstride[0] = x->stride[0];
    cube_view(&d.b, CUBE_OP_B, rotation, 0, 1, 0, 1);
    cube_view_raw(&d.c, CUBE_OP_C, cube_gemm_dtype(x->dtype), K, 1);
    d.c.bstride[0] = N;
    cube_bind b[CUBE_NOPS] = {{x, -1}, {rotation, -1}, {NULL, (int64_t)ws}, {NULL, -1}, {NULL, -1}};
    if ((st = cube_launch_gemm(executor, &d, b)))
        return st;

    uint32_t block_dim;
    uint64_t per;
    aclemu_tile_1d((uint64_t)M, aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &block_dim, &per);
    rotate_quant_args *a = (rotate_quant_args *)aclemu_exec_add_launch(executor, "RotateQuant", block_dim, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->M = M;
    a->N = N;
    a->per_block = (int64_t)per;
    a->wdtype = x->dtype;
    a->int4 = yOut->dtype == ACL_INT32;
    if ((st = aclemu_exec_bind_workspace(executor, a, &a->w, ws)) || (st = aclemu_exec_tdesc(executor, a, &a->y, yOut)))
        return st;
    return aclemu_exec_tdesc(executor, a, &a->scale, scaleOut);
}
