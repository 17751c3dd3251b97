/* aclnnQuantMatmulReduceSumWeightNz (ops-nn matmul/quant_matmul_reduce_sum), A2 / A3:
 *   y[b] = float(x1[b] @ x2[b]) * x2Scale[n] * x1Scale[b, m]   (exact INT32 sums; FP32)
 *   out  = bf16(sum_b y[b])                                       (FP32 sum, one rounding)
 * x1 INT8 (batch, m, k) ND; x2 INT8 of view (batch, k, n) in FRACTAL_NZ, storage
 * (batch, ceil(n / 32), ceil(k / 16), 16, 32) — or, as the official example passes it, a flat
 * storage of the same bytes (the layout is derived from the view); x1Scale FLOAT (batch, m),
 * x2Scale BFLOAT16 (n), out BFLOAT16 (m, n). Two launches: QuantGemm writes y (FP32) to the
 * workspace, the Reduce kernel sums it over dim 0 into out.
 * Checks in the real op_api's order: nulls (x1, x2, x1Scale, x2Scale, dims, out: 161001), the
 * reserved yScale / x1Offset / x2Offset / yOffset / bias non-empty (161002), transposeX1 /
 * transposeX2 / groupSize > 0 / keepDims (161002), dtypes, formats (x2 NZ only, the others not NZ),
 * shapes (3-D x1 / x2, batch and k equal, x2Scale (n), x1Scale (batch, m)); then what the kernel's
 * tiling refuses (561002): dims other than [0], out not (m, n), an NZ storage that cannot hold the
 * view, empty tensors. A storage shape other than the 5-D one is read as a flat buffer of the
 * derived layout (it must then hold its bytes: the caller allocated them). */
#include <string.h>

#include "aclemu_plans.h"
#include "qmm_plan.h"
#include "reduce_args.h"
#include "reduce_plan.h"

static aclnnStatus tiling_error(const char *api, const char *what)
{
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "%s", what);
}

static aclnnStatus reserved(const char *api, const aclTensor *t, const char *name)
{
    if (t && aclemu_tensor_numel(t) != 0)
        return ACLEMU_PARAM_ERROR(api, "Do not support %s now, %s should be empty tensor or nullptr.", name, name);
    return ACLNN_SUCCESS;
}

static aclnnStatus dtype_is(const char *api, const aclTensor *t, const char *name, aclDataType want)
{
    if (t->dtype == want)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s data type only support %s but got %s.", name, aclemu_dtype_name(want),
                              aclemu_dtype_name(t->dtype));
}

static aclnnStatus not_nz(const char *api, const aclTensor *t, const char *name)
{
    if (t->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s format(%s) not support NZ.", name, aclemu_format_name(t->format));
}

static aclnnStatus check(const char *api, const aclTensor *x1, const aclTensor *x2, const aclTensor *s1,
                         const aclTensor *s2, const aclTensor *const *res, bool t1, bool t2, int64_t groupSize,
                         const aclIntArray *dims, bool keepDims, const aclTensor *out)
{
    static const char *rn[5] = {"yScale", "x1Offset", "x2Offset", "yOffset", "bias"};
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, s1, "x1Scale")) || (st = aclemu_check_notnull(api, s2, "x2Scale")))
        return st;
    if (!dims)
        return ACLEMU_NULL_ERROR(api, "dims should not be nullptr.");
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    for (int i = 0; i < 5; i++)
        if ((st = reserved(api, res[i], rn[i])))
            return st;
    if (t1)
        return ACLEMU_PARAM_ERROR(api, "Do not support transposeX1 = True now.");
    if (t2)
        return ACLEMU_PARAM_ERROR(api, "Do not support transposeX2 = True now.");
    if (groupSize > 0)
        return ACLEMU_PARAM_ERROR(api, "Do not support groupSize > 0 now.");
    if (keepDims)
        return ACLEMU_PARAM_ERROR(api, "Do not support keepDims = True now.");
    if ((st = dtype_is(api, x1, "x1", ACL_INT8)) || (st = dtype_is(api, x2, "x2", ACL_INT8)) ||
        (st = dtype_is(api, s1, "x1Scale", ACL_FLOAT)) || (st = dtype_is(api, s2, "x2Scale", ACL_BF16)) ||
        (st = dtype_is(api, out, "out", ACL_BF16)))
        return st;
    if ((st = not_nz(api, x1, "x1")))
        return st;
    if (x2->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "x2 format(%s) only support NZ.", aclemu_format_name(x2->format));
    if ((st = not_nz(api, s1, "x1Scale")) || (st = not_nz(api, s2, "x2Scale")) || (st = not_nz(api, out, "out")))
        return st;
    if (x1->ndim != 3 || x2->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "x1 dim number (%u) and x2 dim number (%u) should be 3.", x1->ndim, x2->ndim);
    if (x1->shape[0] != x2->shape[0])
        return ACLEMU_PARAM_ERROR(api, "batch size of x2 (%lld) should be same as x1 (%lld).", (long long)x2->shape[0],
                                  (long long)x1->shape[0]);
    if (x1->shape[2] != x2->shape[1])
        return ACLEMU_PARAM_ERROR(api, "x2 kSize(%lld) should be same as x1 kSize(%lld).", (long long)x2->shape[1],
                                  (long long)x1->shape[2]);
    if (s2->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "x2Scale dim number should be 1 but got %u.", s2->ndim);
    if (s2->shape[0] != x2->shape[2])
        return ACLEMU_PARAM_ERROR(api, "x2Scale shape should be (%lld,) but got (%lld,).", (long long)x2->shape[2],
                                  (long long)s2->shape[0]);
    if (s1->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "x1Scale dim number should be 2 but got %u.", s1->ndim);
    if (s1->shape[0] != x1->shape[0] || s1->shape[1] != x1->shape[1])
        return ACLEMU_PARAM_ERROR(api, "x1Scale shape should be (%lld, %lld) but got (%lld, %lld).",
                                  (long long)x1->shape[0], (long long)x1->shape[1], (long long)s1->shape[0],
                                  (long long)s1->shape[1]);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_QuantMatmulReduceSumWeightNz(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                                     const aclTensor *x1Scale, const aclTensor *x2Scale,
                                                     const aclTensor *yScale, const aclTensor *x1Offset,
                                                     const aclTensor *x2Offset, const aclTensor *yOffset,
                                                     const aclTensor *bias, bool transposeX1, bool transposeX2,
                                                     int64_t groupSize, const aclIntArray *dims, bool keepDims,
                                                     aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *res[5] = {yScale, x1Offset, x2Offset, yOffset, bias};
    aclnnStatus st = check(api, x1, x2, x1Scale, x2Scale, res, transposeX1, transposeX2, groupSize, dims, keepDims, out);
    if (st)
        return st;
    aclemu_family f = aclemu_op_profile()->family;
    if (f != ACLEMU_FAMILY_A2 && f != ACLEMU_FAMILY_A3)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "QuantMatmulReduceSum support for %s is not implemented",
                               aclemu_op_profile()->short_soc_version);
    if (dims->size != 1 || dims->data[0] != 0)
        return tiling_error(api, "dims only supports [0] (the sum over the batch dim).");
    if ((st = qmm_check_dims_nonneg(api, x1, "x1")) || (st = qmm_check_dims_nonneg(api, x2, "x2")))
        return st;
    const int64_t B = x1->shape[0], M = x1->shape[1], K = x1->shape[2], N = x2->shape[2];
    if (out->ndim != 2 || out->shape[0] != M || out->shape[1] != N)
        return tiling_error(api, "out should be (m, n).");
    if (B == 0 || M == 0 || K == 0 || N == 0)
        return tiling_error(api, "empty x1 / x2 are not supported.");
    if (K > 65535 || N > 65535 || B > 65535)
        return tiling_error(api, "batch, k and n should be at most 65535.");
    /* the NZ storage of the view: (B, ceil(n / 32), ceil(k / 16), 16, 32) */
    int64_t ss[5] = {B, (N + 31) / 32, (K + 15) / 16, 16, 32};
    /* a 5-D storage must be that one; any other storage shape is taken as a flat buffer of the
     * layout (the official examples pass the view's element count while allocating
     * aclnnCalculateMatmulWeightSizeV2's size: the real op reads the layout the view implies) */
    int same = x2->storage_ndim == 5 && !memcmp(x2->storage_shape, ss, sizeof ss);
    if (!same && (x2->storage_ndim == 5 || x2->offset != 0))
        return tiling_error(api, "x2's storage does not hold the FRACTAL_NZ (batch, ceil(n / 32), ceil(k / 16), 16, 32) "
                                 "layout of its view.");
    int64_t vst[3] = {K * N, N, 1};
    aclTensor *w = aclCreateTensor(x2->shape, 3, ACL_INT8, vst, 0, ACL_FORMAT_FRACTAL_NZ, ss, 5, x2->data);
    int64_t yshape[3] = {B, M, N};
    aclTensor *y = aclCreateTensor(yshape, 3, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, yshape, 3, (void *)(uintptr_t)64);
    if (!w || !y) {
        st = aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
        goto done;
    }
    int64_t y_ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(B * M * N) * 4);
    qmm_inputs in = {x1, w, x2Scale, NULL, x1Scale, NULL, y, false, false, true};
    in.addr_of[1] = x2;
    in.ws_plus1[2] = y_ws + 1;
    int64_t batch[1] = {B};
    if ((st = qmm_launch(executor, &in, 0, 1, batch, 0.0f)))
        goto done;
    red_opts o;
    memset(&o, 0, sizeof o);
    o.in_ws_plus1 = y_ws + 1;
    st = red_launch_opts(executor, y, 1, false, RED_SUM, ACL_FLOAT, out, NULL, &o);
done:
    aclDestroyTensor(w);
    aclDestroyTensor(y);
    return st;
}
