/* aclnnFusedMatmulGelu (ops-nn experimental): y = gelu_tanh(x @ weight^T + bias), x [..., K],
 * weight [N, K], bias [N]; one CubeGemm launch: weight^T is a swapped view, x's leading dims are
 * batch dims, bias and GELU run in the engine's FP32 epilogue before the single rounding. */
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"

#define APPROXIMATE_TANH 1

aclnnStatus aclemu_plan_FusedMatmulGelu(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                        const aclTensor *bias, int64_t approximate, aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    char s1[128], s2[128];
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    aclemu_dtype_set dts = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", dts)) || (st = aclemu_check_dtype(api, weight, "weight", dts)) ||
        (st = aclemu_check_same_dtype(api, x, "x", weight, "weight")))
        return st;
    if (bias && ((st = aclemu_check_dtype(api, bias, "bias", dts)) ||
                 (st = aclemu_check_same_dtype(api, x, "x", bias, "bias"))))
        return st;
    if ((st = aclemu_check_same_dtype(api, y, "y", x, "x")))
        return st;
    if (x->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "x dim number should be greater than or equal to 2, but got %u.", x->ndim);
    if (weight->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "weight should be 2-D [N, K], but got dim number %u.", weight->ndim);
    int64_t K = x->shape[x->ndim - 1], N = weight->shape[0], Kw = weight->shape[1];
    if (K != Kw)
        return ACLEMU_PARAM_ERROR(api, "x last dim K should equal weight dim1 K, but got x K %lld, weight K %lld.",
                                  (long long)K, (long long)Kw);
    if (N <= 0 || Kw <= 0 || K <= 0)
        return ACLEMU_PARAM_ERROR(api, "N/K should be greater than 0, but got N %lld, K %lld.", (long long)N,
                                  (long long)Kw);
    if (bias && bias->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "bias should be 1-D [N], but got dim number %u.", bias->ndim);
    if (bias && bias->shape[0] != N)
        return ACLEMU_PARAM_ERROR(api, "bias shape should be [N], but got bias N %lld, weight N %lld.",
                                  (long long)bias->shape[0], (long long)N);
    int64_t shape[ACLEMU_MAX_RANK];
    memcpy(shape, x->shape, sizeof(int64_t) * x->ndim);
    shape[x->ndim - 1] = N;
    int same = y->ndim == x->ndim;
    for (uint32_t i = 0; same && i < y->ndim; i++)
        same = y->shape[i] == shape[i];
    if (!same)
        return ACLEMU_PARAM_ERROR(api, "y shape is invalid, expected %s, but got %s.",
                                  aclemu_shape_str(shape, x->ndim, s1, sizeof s1), cube_shape_str(y, s2, sizeof s2));
    if (approximate != APPROXIMATE_TANH)
        return ACLEMU_PARAM_ERROR(api, "approximate should be 1(tanh), but got %lld.", (long long)approximate);
    /* the op ships for the Atlas A2 series only */
    if ((st = cube_check_soc(api, CUBE_SOC(ACLEMU_FAMILY_A2))))
        return st;
    const aclTensor *all[4] = {x, weight, y, bias};
    const char *names[4] = {"x", "weight", "y", "bias"};
    for (int i = 0; i < 4; i++)
        if (all[i] && ((st = aclemu_check_format(api, all[i], names[i])) ||
                       (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK))))
            return st;
    int nd = (int)x->ndim, nb = nd - 2;
    cube_mm mm;
    mm_desc_init(&mm.d, x->shape[nd - 2], N, K, GEMM_MATH_KEEP);
    mm.d.act = GEMM_ACT_GELU_TANH;
    mm.d.nbatch_dims = nb;
    memcpy(mm.d.batch_shape, x->shape, sizeof(int64_t) * (size_t)nb);
    mm_bind(mm.bind, x, weight, y, NULL, bias);
    cube_view(&mm.d.a, CUBE_OP_A, x, nd - 2, nd - 1, nb, nb);
    cube_view(&mm.d.b, CUBE_OP_B, weight, 1, 0, 0, nb); /* weight^T: (k, n) = weight[n, k] */
    cube_view(&mm.d.c, CUBE_OP_C, y, nd - 2, nd - 1, nb, nb);
    if (bias)
        cube_view_bcast(&mm.d.bias, CUBE_OP_BIAS, bias, nb, CUBE_BCAST_MATRIX);
    return cube_launch_gemm(executor, &mm.d, mm.bind);
}
