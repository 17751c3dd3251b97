/* aclnnFusedMatmul(V2): y = OP((x1 @ x2 + bias), x3), checks of ops-nn fused_mat_mul in their order
 * (V2 adds alpha / beta: y = alpha * x1 @ x2 + beta * x3 for "add" on the 950).
 * "", "relu", "gelu_tanh", "gelu_erf", "16cast32" and "add" are one CubeGemm launch (bias and x3
 * enter the engine's FP32 epilogue, the activation follows, one rounding to y's dtype); "mul"
 * keeps the GEMM result in FP32 in the workspace and multiplies by x3 in a CubeEwPost step. */
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"

enum { FMM_NONE, FMM_16CAST32, FMM_ADD, FMM_MUL, FMM_GELU_ERF, FMM_GELU_TANH, FMM_RELU, FMM_NTYPES };
static const char *const fmm_names[FMM_NTYPES] = {"", "16cast32", "add", "mul", "gelu_erf", "gelu_tanh", "relu"};

static int fmm_type(const char *s)
{
    for (int i = 0; s && i < FMM_NTYPES; i++)
        if (strcmp(s, fmm_names[i]) == 0)
            return i;
    return -1;
}

static int takes_bias(int t) { return t == FMM_NONE || t == FMM_16CAST32 || t == FMM_RELU || t == FMM_ADD || t == FMM_MUL; }
static int takes_x3(int t) { return t == FMM_ADD || t == FMM_MUL; }
static int allows_fp32(int t) { return t == FMM_NONE || t == FMM_RELU || t == FMM_ADD || t == FMM_MUL; }

static aclnnStatus check_x3(const char *api, const aclTensor *x3, const aclTensor *y)
{
    char s1[128], s2[128];
    if (x3->ndim > 3)
        return ACLEMU_PARAM_ERROR(api, "x3 dim num %u should be no more than 3.", x3->ndim);
    if (x3->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "x3 dim num %u should be no less than 2.", x3->ndim);
    if (y->ndim == 2 && (x3->ndim != 2 || x3->shape[0] != y->shape[0] || x3->shape[1] != y->shape[1]))
        return ACLEMU_PARAM_ERROR(api, "x3, y shapes %s, %s are invalid: The shape of x3 and y must be the same when y "
                                       "is 2D",
                                  cube_shape_str(x3, s1, sizeof s1), cube_shape_str(y, s2, sizeof s2));
    if (x3->ndim == 3 && x3->shape[0] != 1 && x3->shape[0] != y->shape[0])
        return ACLEMU_PARAM_ERROR(api, "x3 batch, y batch %lld, %lld are invalid: The batch of x3 must be 1 or same as "
                                       "the batch of y",
                                  (long long)x3->shape[0], (long long)y->shape[0]);
    if (y->ndim == 3) {
        int64_t xm = x3->shape[x3->ndim - 2], xn = x3->shape[x3->ndim - 1];
        if (xm != y->shape[1] || xn != y->shape[2])
            return ACLEMU_PARAM_ERROR(api, "x3 M/N, y M/N [%lld,%lld], [%lld,%lld] are invalid: The last two dimensions "
                                           "of x3 must match the M/N dimensions of y",
                                      (long long)xm, (long long)xn, (long long)y->shape[1], (long long)y->shape[2]);
    }
    return ACLNN_SUCCESS;
}

/* CheckShape of the real op: ranks, no batch broadcast, gelu 2-D only, x3. */
static aclnnStatus check_shapes(const char *api, int type, const aclTensor *x1, const aclTensor *x2,
                                const aclTensor *x3, const aclTensor *y)
{
    uint32_t maxd = (type == FMM_RELU || type == FMM_NONE) ? 6 : 3;
    aclnnStatus st;
    if ((st = mm_check_rank_range(api, x1, "x1", 2, maxd)) || (st = mm_check_rank_range(api, x2, "x2", 2, maxd)))
        return st;
    if (x2->ndim != x1->ndim)
        return ACLEMU_PARAM_ERROR(api, "x dimension and x2 dimension should be the same, but x dimension is %u, x2 "
                                       "dimension is %u.",
                                  x1->ndim, x2->ndim);
    if (y->ndim != x1->ndim)
        return ACLEMU_PARAM_ERROR(api, "x dimension and y dimension should be the same, but x dimension is %u, y "
                                       "dimension is %u.",
                                  x1->ndim, y->ndim);
    for (uint32_t i = 0; i + 2 < x1->ndim; i++)
        if (x1->shape[i] != x2->shape[i] || x1->shape[i] != y->shape[i])
            return ACLEMU_PARAM_ERROR(api, "%s op type only supports no-broadcast batch shape, but x batch dim[%u] is "
                                           "%lld, x2 batch dim[%u] is %lld, y batch dim[%u] is %lld.",
                                      type == FMM_NONE ? "empty" : fmm_names[type], i, (long long)x1->shape[i], i,
                                      (long long)x2->shape[i], i, (long long)y->shape[i]);
    if ((type == FMM_GELU_ERF || type == FMM_GELU_TANH) && x1->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "x1 shape dim %uD is invalid: The shape dim of x1 must be 2D for gelu op type",
                                  x1->ndim);
    return x3 ? check_x3(api, x3, y) : ACLNN_SUCCESS;
}

static aclnnStatus check_dtypes(const char *api, int type, const aclTensor *x1, const aclTensor *x2,
                                const aclTensor *bias, const aclTensor *x3, const aclTensor *y)
{
    aclemu_dtype_set list = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | (allows_fp32(type) ? ACLEMU_DT(ACL_FLOAT) : 0);
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, x1, "x1", list)) || (st = aclemu_check_dtype(api, x2, "x2", list)))
        return st;
    if (x2->dtype != x1->dtype)
        return ACLEMU_PARAM_ERROR(api, "x2 dtype %s should be the same as x1 dtype %s.", aclemu_dtype_name(x2->dtype),
                                  aclemu_dtype_name(x1->dtype));
    if (type == FMM_16CAST32) {
        if ((st = aclemu_check_dtype(api, y, "y", ACLEMU_DT(ACL_FLOAT))))
            return st;
    } else {
        if ((st = aclemu_check_dtype(api, y, "y", list)))
            return st;
        if (y->dtype != x1->dtype)
            return ACLEMU_PARAM_ERROR(api, "y dtype %s should be the same as x1 dtype %s.", aclemu_dtype_name(y->dtype),
                                      aclemu_dtype_name(x1->dtype));
    }
    if (bias && (st = aclemu_check_dtype(api, bias, "bias", ACLEMU_DT(x1->dtype) | ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (x3) {
        if ((st = aclemu_check_dtype(api, x3, "x3", list)))
            return st;
        if (x3->dtype != x1->dtype)
            return ACLEMU_PARAM_ERROR(api, "x3 dtype %s should be the same as x1 dtype %s.",
                                      aclemu_dtype_name(x3->dtype), aclemu_dtype_name(x1->dtype));
    }
    return ACLNN_SUCCESS;
}

/* aclnnFusedMatmulV2's alpha / beta: FLOAT, FLOAT16 or BFLOAT16 scalars, 1 when absent. */
static aclnnStatus scale_param(const char *api, const aclScalar *s, const char *name, float *v)
{
    *v = 1.0f;
    if (!s)
        return ACLNN_SUCCESS;
    if (s->dtype != ACL_FLOAT && s->dtype != ACL_FLOAT16 && s->dtype != ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "%s only supports float32, float16 or bfloat16.", name);
    *v = (float)aclemu_scalar_to_f64(s);
    return ACLNN_SUCCESS;
}

/* A view whose last two dims are swapped (a transposed matrix). */
static int transposed_last2(const aclTensor *t)
{
    uint32_t n = t->ndim;
    return n >= 2 && t->stride[n - 1] != 1 && t->stride[n - 2] == 1 && t->shape[n - 1] > 1;
}

/* The "scale_add" form of V2 (alpha or beta != 1): y[B,M,N] = alpha * x1[B,M,K] @ x2[B,K,N] + beta * x3. */
static aclnnStatus check_scale_add(const char *api, int type, const aclTensor *x1, const aclTensor *x2,
                                   const aclTensor *bias, const aclTensor *x3, const aclTensor *y)
{
    if (type != FMM_ADD)
        return ACLEMU_PARAM_ERROR(api, "Alpha or beta scale is only supported when fusedOpType is add.");
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_950)
        return ACLEMU_PARAM_ERROR(api, "Alpha or beta scale is only supported on Ascend 950.");
    if (bias)
        return ACLEMU_PARAM_ERROR(api, "The scale_add scenario does not support bias.");
    if (!x3)
        return ACLEMU_PARAM_ERROR(api, "The scale_add scenario requires x3.");
    aclDataType dt = x1->dtype;
    if ((dt != ACL_FLOAT16 && dt != ACL_BF16) || x2->dtype != dt || x3->dtype != dt || y->dtype != dt)
        return ACLEMU_PARAM_ERROR(api, "The scale_add scenario requires x, x2, x3 and y to have the same FP16 or BF16 "
                                       "dtype.");
    if (transposed_last2(x1) || transposed_last2(x2))
        return ACLEMU_PARAM_ERROR(api, "The scale_add scenario does not support transposed x or x2; expected x[B,M,K] "
                                       "and x2[B,K,N].");
    if (x1->ndim != 3 || x2->ndim != 3 || x3->ndim != 3 || y->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "The scale_add scenario requires 3D x, x2, x3 and y.");
    const int64_t *a = x1->shape, *b = x2->shape, *c = x3->shape, *o = y->shape;
    int ok = a[0] == b[0] && a[0] == c[0] && a[0] == o[0] && a[2] == b[1] && a[1] == c[1] && a[1] == o[1] &&
             b[2] == c[2] && b[2] == o[2] && a[0] > 0 && a[1] > 0 && a[2] > 0 && b[2] > 0;
    if (!ok)
        return ACLEMU_PARAM_ERROR(api, "The scale_add scenario requires x[B,M,K] * x2[B,K,N] + x3[B,M,N] -> y[B,M,N].");
    return ACLNN_SUCCESS;
}

static aclnnStatus fused_matmul(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                const aclTensor *bias, const aclTensor *x3, const aclScalar *alphaOptional,
                                const aclScalar *betaOptional, const char *fusedOpType, int8_t cubeMathType,
                                const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    char s1[128], s2[128];
    aclnnStatus st;
    int type = fmm_type(fusedOpType);
    if (type < 0)
        return ACLEMU_PARAM_ERROR(api, "%sfusedOpType must be in the type of /16cast32/add/mul/gelu_erf/gelu_tanh/relu",
                                  fusedOpType ? "" : "fusedOpType is nullptr: ");
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")))
        return st;
    if (bias && !takes_bias(type))
        return ACLEMU_NULL_ERROR(api, "bias is not supported for the current fusedOpType");
    if ((takes_x3(type) && (st = aclemu_check_notnull(api, x3, "x3"))) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if (!takes_x3(type))
        x3 = NULL; /* "only takes effect for add / mul" */
    if ((st = check_shapes(api, type, x1, x2, x3, y)))
        return st;
    if (bias && x1->shape[x1->ndim - 1] == 0)
        return ACLEMU_PARAM_ERROR(api, "x1 shape %s is invalid: When optional parameter bias exists, the K-axis of x1 "
                                       "must be a positive number",
                                  cube_shape_str(x1, s1, sizeof s1));
    if (bias && bias->ndim != 1 && bias->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "Input dimension of bias cannot be larger than 2");
    if ((st = check_dtypes(api, type, x1, x2, bias, x3, y)))
        return st;
    const aclTensor *fmt[5] = {x1, x2, y, bias, x3};
    for (int i = 0; i < 5; i++)
        if (fmt[i] && fmt[i]->format == ACL_FORMAT_FRACTAL_NZ)
            return ACLEMU_PARAM_ERROR(api, "Format does not support NZ");
    if (x1->dtype == ACL_FLOAT && cubeMathType != CUBE_USE_HF32)
        return ACLEMU_PARAM_ERROR(api, "fusedmatmul only supports bf16/fp16/hf32, does not support fp32.");
    int32_t math;
    if ((st = cube_math(api, CUBE_MATMUL, x1->dtype, cubeMathType, &math)))
        return st;
    float alpha, beta;
    if ((st = scale_param(api, alphaOptional, "alphaOptional", &alpha)) ||
        (st = scale_param(api, betaOptional, "betaOptional", &beta)))
        return st;
    if ((alpha != 1.0f || beta != 1.0f) && (st = check_scale_add(api, type, x1, x2, bias, x3, y)))
        return st;
    if ((st = cube_check_soc(api, CUBE_SOC(ACLEMU_FAMILY_950))))
        return st;
    const aclTensor *all[5] = {x1, x2, y, bias, x3};
    const char *names[5] = {"x1", "x2", "y", "bias", "x3"};
    for (int i = 0; i < 5; i++)
        if (all[i] && ((st = aclemu_check_format(api, all[i], names[i])) ||
                       (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK))))
            return st;
    int nd = (int)x1->ndim, nb = nd - 2;
    int64_t M = x1->shape[nd - 2], K = x1->shape[nd - 1], N = x2->shape[nd - 1];
    if (x2->shape[nd - 2] != K)
        return ACLEMU_PARAM_ERROR(api, "The k-axis of the two inputs are different %s, %s.",
                                  cube_shape_str(x1, s1, sizeof s1), cube_shape_str(x2, s2, sizeof s2));
    int64_t shape[8];
    memcpy(shape, x1->shape, sizeof(int64_t) * (size_t)nb);
    shape[nb] = M;
    shape[nb + 1] = N;
    if ((st = aclemu_check_shape_is(api, y, "y", shape, (uint32_t)nd)))
        return st;
    if (bias && (st = mm_check_broadcastable(api, bias, "bias", shape + nb, 2)))
        return st;
    if (type == FMM_16CAST32 && (aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(x2) == 0))
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "FusedMatmul does not support empty tensor for this fusedOpType");

    cube_mm mm;
    mm_desc_init(&mm.d, M, N, K, math);
    mm.d.nbatch_dims = nb;
    memcpy(mm.d.batch_shape, shape, sizeof(int64_t) * (size_t)nb);
    mm.d.act = type == FMM_RELU ? GEMM_ACT_RELU : type == FMM_GELU_TANH ? GEMM_ACT_GELU_TANH
             : type == FMM_GELU_ERF ? GEMM_ACT_GELU_ERF : GEMM_ACT_NONE;
    mm_bind(mm.bind, x1, x2, y, type == FMM_ADD ? x3 : NULL, bias);
    cube_view(&mm.d.a, CUBE_OP_A, x1, nd - 2, nd - 1, nb, nb);
    cube_view(&mm.d.b, CUBE_OP_B, x2, nd - 2, nd - 1, nb, nb);
    if (bias)
        cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, nb, CUBE_BCAST_MATRIX);
    mm.d.alpha = alpha; /* != 1 only in the scale_add form (type "add") */
    if (type == FMM_ADD) {
        mm.d.beta = beta;
        cube_view_bcast(&mm.d.d, CUBE_OP_D, x3, nb, CUBE_BCAST_MATRIX);
    }
    if (type != FMM_MUL) {
        cube_view(&mm.d.c, CUBE_OP_C, y, nd - 2, nd - 1, nb, nb);
        return cube_launch_gemm(executor, &mm.d, mm.bind);
    }
    /* mul: (x1 @ x2 + bias) in FP32 in the workspace (y's shape, contiguous), then * x3 */
    int64_t numel = aclemu_tensor_numel(y);
    if (numel == 0)
        return ACLNN_SUCCESS;
    int64_t ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)numel * 4u);
    cube_view_raw(&mm.d.c, CUBE_OP_C, GEMM_F32, N, 1);
    int64_t bs = M * N;
    for (int i = nb - 1; i >= 0; i--) {
        mm.d.c.bstride[i] = bs;
        bs *= shape[i];
    }
    mm.bind[CUBE_OP_C].t = NULL;
    mm.bind[CUBE_OP_C].ws_off = ws;
    if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
        return st;
    return cube_launch_post(executor, y, ws, x3, CUBE_POST_MUL);
}

aclnnStatus aclemu_plan_FusedMatmul(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                    const aclTensor *bias, const aclTensor *x3, const char *fusedOpType,
                                    int8_t cubeMathType, const aclTensor *y)
{
    return fused_matmul(executor, x1, x2, bias, x3, NULL, NULL, fusedOpType, cubeMathType, y);
}

aclnnStatus aclemu_plan_FusedMatmulV2(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *bias, const aclTensor *x3, const aclScalar *alphaOptional,
                                      const aclScalar *betaOptional, const char *fusedOpType, int8_t cubeMathType,
                                      const aclTensor *y)
{
    return fused_matmul(executor, x1, x2, bias, x3, alphaOptional, betaOptional, fusedOpType, cubeMathType, y);
}
