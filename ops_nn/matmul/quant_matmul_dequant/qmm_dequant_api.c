/* aclnnQuantMatmulDequant (ops-nn matmul/quant_matmul_dequant), 310P only:
 *   v = x (* smoothScale[k]);  q = rint(v / s) saturated to INT8, where s is
 *     - dynamic (no xScaleOptional, "pertoken"): rowmax|v| / 127 per row (the Quant kernel's
 *       QUANT_PER_TOKEN in the 950 style: v / scale);
 *     - static: xScaleOptional[m] ("pertoken") or xScaleOptional[0] ("pertensor");
 *   acc = q @ weight^T (exact INT32);  out (FLOAT16) = acc * weightScale[n] * s[m]  (FLOAT
 *   weightScale), or acc * weightScale[n] with an INT64 weightScale whose low 32 bits are the FP32
 *   scale already multiplied by the FLOAT16 per-tensor xScale (docs: 4.2).
 * Two launches: Quant (x -> INT8 and the row scales, in the workspace) then QuantGemm.
 * Checks in the real op_api's order: transposeWeight false -> 161002; nulls x / weight /
 * weightScale / out (161001), non-null biasOptional / xOffsetOptional -> 161001; out's dtype equal
 * to x's, the SoC (161002 off 310P), the 310P dtype table (x FLOAT16, weight INT8, weightScale FLOAT
 * with FLOAT xScale, or INT64 with FLOAT16 xScale; smooth FLOAT16); an empty x / weight /
 * weightScale -> nothing to run; weight and out contiguous; weight (n, k) ND with n, k multiples of
 * 16, or a 4-D FRACTAL_NZ (k1, n1, 16, 32); then what the kernel's tiling refuses (561002): shapes
 * against (m, k) x (n, k), xQuantMode, the INT64 / FLOAT16 pairing only per tensor. */
#include <string.h>

#include "aclemu_plans.h"
#include "qmm_plan.h"
#include "quant_plan.h"

enum { QD_X, QD_W, QD_WS, QD_XS, QD_SMOOTH }; /* columns of the dtype table */

static aclnnStatus tiling_error(const char *api, const char *what)
{
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "%s", what);
}

static aclnnStatus check_dtypes(const char *api, const aclTensor *x, const aclTensor *weight, const aclTensor *ws,
                                const aclTensor *xs, const aclTensor *smooth, const aclTensor *out)
{
    static const aclDataType table[2][5] = {{ACL_FLOAT16, ACL_INT8, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16},
                                            {ACL_FLOAT16, ACL_INT8, ACL_INT64, ACL_FLOAT16, ACL_FLOAT16}};
    if (out->dtype != x->dtype)
        return ACLEMU_PARAM_ERROR(api, "Expected out's dtype [%s] to be the same as x's dtype [%s].",
                                  aclemu_dtype_name(out->dtype), aclemu_dtype_name(x->dtype));
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_310P)
        return ACLEMU_PARAM_ERROR(api, "support for %s is not implemented", aclemu_op_profile()->short_soc_version);
    for (int i = 0; i < 2; i++)
        if (x->dtype == table[i][QD_X] && weight->dtype == table[i][QD_W] && ws->dtype == table[i][QD_WS] &&
            (!xs || xs->dtype == table[i][QD_XS]) && (!smooth || smooth->dtype == table[i][QD_SMOOTH]))
            return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "CheckParamsDateType failed: x %s, weight %s, weightScale %s, xScaleOptional %s, "
                                   "smoothScaleOptional %s is not a supported combination.",
                              aclemu_dtype_name(x->dtype), aclemu_dtype_name(weight->dtype), aclemu_dtype_name(ws->dtype),
                              xs ? aclemu_dtype_name(xs->dtype) : "null",
                              smooth ? aclemu_dtype_name(smooth->dtype) : "null");
}

static int is_vec(const aclTensor *t, int64_t len) { return t->ndim == 1 && t->shape[0] == len; }

/* The kernel tiling's shape rules (561002); n of the weight in *n. */
static aclnnStatus check_shapes(const char *api, const aclTensor *x, const aclTensor *weight, int nz,
                                const aclTensor *ws, const aclTensor *xs, const aclTensor *smooth, const char *mode,
                                const aclTensor *out, int64_t *n)
{
    if (x->ndim != 2)
        return tiling_error(api, "x should be 2-D (m, k).");
    int64_t m = x->shape[0], k = x->shape[1];
    if (nz) {
        *n = weight->shape[1] * 16;
        if (weight->shape[2] != 16 || weight->shape[3] != 32 || weight->shape[0] != (k + 31) / 32)
            return tiling_error(api, "a FRACTAL_NZ weight should be (ceil(k / 32), n / 16, 16, 32) for x's k.");
    } else {
        *n = weight->shape[0];
        if (weight->shape[1] != k)
            return tiling_error(api, "the k of weight (n, k) should equal the k of x (m, k).");
    }
    if (!is_vec(ws, *n))
        return tiling_error(api, "weightScale should be 1-D (n), n the weight's.");
    if (smooth && !is_vec(smooth, k))
        return tiling_error(api, "smoothScaleOptional should be 1-D (k), k the x's.");
    if (out->ndim != 2 || out->shape[0] != m || out->shape[1] != *n)
        return tiling_error(api, "out should be 2-D (m, n).");
    int per_tensor = mode && strcmp(mode, "pertensor") == 0;
    if (!mode || (!per_tensor && strcmp(mode, "pertoken") != 0))
        return tiling_error(api, "xQuantMode should be \"pertoken\" or \"pertensor\".");
    if (!xs && per_tensor)
        return tiling_error(api, "dynamic quantization (no xScaleOptional) supports only \"pertoken\".");
    if (xs && !is_vec(xs, per_tensor ? 1 : m))
        return tiling_error(api, per_tensor ? "xScaleOptional should be (1) with \"pertensor\"."
                                            : "xScaleOptional should be (m) with \"pertoken\".");
    if (ws->dtype == ACL_INT64 && (!xs || !per_tensor))
        return tiling_error(api, "an INT64 weightScale needs a FLOAT16 xScaleOptional and \"pertensor\".");
    if (xs && xs->dtype == ACL_FLOAT16 && !per_tensor)
        return tiling_error(api, "a FLOAT16 xScaleOptional needs an INT64 weightScale and \"pertensor\".");
    return ACLNN_SUCCESS;
}

/* A contiguous placeholder tensor for a workspace buffer (its address is bound separately). */
static aclTensor *ws_tensor(const int64_t *shape, uint32_t nd, aclDataType dt)
{
    return aclCreateTensor(shape, nd, dt, NULL, 0, ACL_FORMAT_ND, shape, nd, (void *)(uintptr_t)64);
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *x, const aclTensor *weight, const aclTensor *ws,
                        const aclTensor *xs, const aclTensor *smooth, const char *mode, const aclTensor *out, int nz,
                        int64_t n)
{
    const char *api = aclemu_exec_api(ex);
    int64_t m = x->shape[0], k = x->shape[1];
    aclnnStatus st = ACLNN_SUCCESS;
    int64_t qshape[2] = {m, k}, wv[2] = {n, k}, wst[2] = {k, 1};
    int64_t q_off = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)(m * k));
    int64_t s_off = xs ? -1 : (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)m * 4);
    aclTensor *q = ws_tensor(qshape, 2, ACL_INT8), *sx = xs ? NULL : ws_tensor(qshape, 1, ACL_FLOAT);
    aclTensor *w2 = NULL, *ws32 = NULL;
    if (nz) /* the (n, k) view of the 4-D NZ weight, on its storage */
        w2 = aclCreateTensor(wv, 2, ACL_INT8, wst, 0, ACL_FORMAT_FRACTAL_NZ, weight->storage_shape,
                             weight->storage_ndim, weight->data);
    if (ws->dtype == ACL_INT64) { /* the FP32 scale in the low word of each INT64 (little endian) */
        int64_t st2 = ws->stride[0] * 2, stor = 2;
        for (uint32_t i = 0; i < ws->storage_ndim; i++)
            stor *= ws->storage_shape[i];
        ws32 = aclCreateTensor(ws->shape, 1, ACL_FLOAT, &st2, ws->offset * 2, ACL_FORMAT_ND, &stor, 1, ws->data);
    }
    if (!q || (!xs && !sx) || (nz && !w2) || (ws->dtype == ACL_INT64 && !ws32)) {
        st = aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
        goto done;
    }
    quant_args qa;
    memset(&qa, 0, sizeof qa);
    qa.code = ACL_INT8;
    qa.round = QUANT_RINT;
    qa.dst_max = quant_dst_max(ACL_INT8);
    qa.symmetric = 1;
    qa.style = QUANT_STYLE_950; /* v / scale, as the docs' round(x / scale_x) */
    if (!xs) {
        qa.mode = QUANT_PER_TOKEN;
    } else {
        qa.mode = QUANT_STATIC;
        qa.divide = 1;
        qa.param_dtype = xs->dtype;
        qa.scale_axis = xs->shape[0] == 1 ? -1 : 0;
        qa.scale_step = xs->stride[0];
        qa.scale_div = 1;
        qa.scale_mod = m;
    }
    if ((st = quant_launch_ws(ex, &qa, x, q, q_off, smooth, xs ? xs : sx, xs ? -1 : s_off)))
        goto done;
    const int int64_scale = ws->dtype == ACL_INT64;
    qmm_inputs in = {q, nz ? w2 : weight, ws32 ? ws32 : ws, NULL, int64_scale ? NULL : (xs ? xs : sx), NULL, out,
                     false, true, false};
    in.ws_plus1[0] = q_off + 1;
    in.addr_of[1] = nz ? weight : NULL;
    in.addr_of[3] = ws32 ? ws : NULL;
    if (!xs && !int64_scale)
        in.ws_plus1[5] = s_off + 1;
    st = qmm_launch(ex, &in, 0, 0, NULL, 0.0f);
done:
    aclDestroyTensor(q);
    aclDestroyTensor(sx);
    aclDestroyTensor(w2);
    aclDestroyTensor(ws32);
    return st;
}

aclnnStatus aclemu_plan_QuantMatmulDequant(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weight,
                                           const aclTensor *weightScale, const aclTensor *biasOptional,
                                           const aclTensor *xScaleOptional, const aclTensor *xOffsetOptional,
                                           const aclTensor *smoothScaleOptional, char *xQuantMode,
                                           bool transposeWeight, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (!transposeWeight)
        return ACLEMU_PARAM_ERROR(api, "transposeWeight should be true (the only layout supported).");
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, weightScale, "weightScale")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (biasOptional || xOffsetOptional)
        return ACLEMU_NULL_ERROR(api, "not support biasOptional and xOffsetOptional for now, should be nullptr");
    if ((st = check_dtypes(api, x, weight, weightScale, xScaleOptional, smoothScaleOptional, out)))
        return st;
    if ((st = qmm_check_dims_nonneg(api, x, "x")) || (st = qmm_check_dims_nonneg(api, weight, "weight")) ||
        (st = qmm_check_dims_nonneg(api, weightScale, "weightScale")) ||
        (st = qmm_check_dims_nonneg(api, xScaleOptional, "xScaleOptional")) ||
        (st = qmm_check_dims_nonneg(api, smoothScaleOptional, "smoothScaleOptional")) ||
        (st = qmm_check_dims_nonneg(api, out, "out")))
        return st;
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(weight) == 0 || aclemu_tensor_numel(weightScale) == 0)
        return ACLNN_SUCCESS; /* the kernel handles empty tensors: nothing to compute */
    if (!aclemu_tensor_is_contiguous(out) || !aclemu_tensor_is_contiguous(weight))
        return ACLEMU_PARAM_ERROR(api, "weight and out must be contiguous, please check");
    int nz = 0;
    if (weight->ndim == 2 && weight->format == ACL_FORMAT_ND) {
        if (weight->shape[0] % 16 || weight->shape[1] % 16)
            return ACLEMU_PARAM_ERROR(api, "weight shape (N, K) must both align to 16, please check");
    } else if (weight->ndim == 4 && weight->format == ACL_FORMAT_FRACTAL_NZ) {
        nz = 1;
    } else {
        return ACLEMU_PARAM_ERROR(api, "weight is not in 2-dim shape (N, K) or 4-dim (K//32, N//16, 16, 32), please "
                                       "check");
    }
    int64_t n = 0;
    if ((st = check_shapes(api, x, weight, nz, weightScale, xScaleOptional, smoothScaleOptional, xQuantMode, out, &n)))
        return st;
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    return plan(executor, x, weight, weightScale, xScaleOptional, smoothScaleOptional, xQuantMode, out, nz, n);
}
