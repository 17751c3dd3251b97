/* aclnnTransQuantParamV2 / V3 (ops-nn quant/trans_quant_param_v2): FP32 scale and optional
 * offset tensors -> UINT64 quant parameters (quant_param_bits.h) written by a device kernel.
 * Checks in the real order: null scale / out; scale FLOAT, offset FLOAT, out UINT64 / INT64
 * (out is then treated as UINT64); every format ND; scale (t) or (1, t) with t > 0 — on the 950
 * (regbase) also (g, n) —, offset (t) or (1, t), 1-D scale and offset of equal length when both
 * exceed 1; roundMode 0 or 1 (V3; V2 is 0). The result has max(numel(scale), numel(offset))
 * elements (the op's inferred shape); out must hold at least that many. */
#include "aclemu_plans.h"
#include "tqp_v2_args.h"

static int64_t numel(const aclTensor *t)
{
    int64_t n = 1; /* saturated: user shapes may be huge */
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] <= 0 || __builtin_mul_overflow(n, t->shape[i], &n))
            return t->shape[i] <= 0 ? 0 : INT64_MAX;
    return n;
}

/* The step between consecutive flat elements of a view that is (t), (1, t) or — (g, n) on the
 * 950 — contiguous rows; 0 when the view cannot be walked with one step. */
static int flat_step(const aclTensor *t, int64_t *step)
{
    if (t->ndim == 1) {
        *step = t->stride[0];
        return 0;
    }
    if (t->ndim == 2 && (t->shape[0] == 1 || t->stride[0] == t->shape[1] * t->stride[1])) {
        *step = t->stride[1];
        return 0;
    }
    return -1;
}

static aclnnStatus check_shapes(const char *api, const aclTensor *scale, const aclTensor *offset, int64_t roundMode)
{
    char b[160];
    int scale_ok = scale->ndim == 1 && scale->shape[0] > 0;
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950) {
        if (!(scale_ok || (scale->ndim == 2 && scale->shape[0] > 0 && scale->shape[1] > 0)))
            return ACLEMU_PARAM_ERROR(api, "Dim value of scale should be greater than 0, but current is %s",
                                      aclemu_shape_str(scale->shape, scale->ndim, b, sizeof b));
    } else if (!(scale_ok || (scale->ndim == 2 && scale->shape[0] == 1 && scale->shape[1] > 0))) {
        return ACLEMU_PARAM_ERROR(api, "shape of scale only support (n, ) and (1, n), but current is %s",
                                  aclemu_shape_str(scale->shape, scale->ndim, b, sizeof b));
    }
    if (offset) {
        if (!((offset->ndim == 1 && offset->shape[0] > 0) ||
              (offset->ndim == 2 && offset->shape[0] == 1 && offset->shape[1] > 0)))
            return ACLEMU_PARAM_ERROR(api, "shape of offset only support (n, ) and (1, n), but current is %s",
                                      aclemu_shape_str(offset->shape, offset->ndim, b, sizeof b));
        int64_t s = numel(scale), o = numel(offset);
        if (s > 1 && o > 1 && s != o)
            return ACLEMU_PARAM_ERROR(api,
                                      "scale and offset should be same when both greater than 1, but scale is %lld, "
                                      "offset is %lld",
                                      (long long)s, (long long)o);
    }
    if (roundMode != 0 && roundMode != 1)
        return ACLEMU_PARAM_ERROR(api, "roundMode only support 0 and 1, but current is %lld", (long long)roundMode);
    return ACLNN_SUCCESS;
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *scale, const aclTensor *offset, int64_t roundMode,
                        const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, scale, "scale")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, scale, "scale", ACLEMU_DT(ACL_FLOAT))) ||
        (offset && (st = aclemu_check_dtype(api, offset, "offset", ACLEMU_DT(ACL_FLOAT)))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_UINT64) | ACLEMU_DT(ACL_INT64))))
        return st;
    const aclTensor *ts[3] = {scale, offset, out};
    const char *names[3] = {"scale", "offset", "out"};
    for (int i = 0; i < 3; i++)
        if (ts[i] && ts[i]->format != ACL_FORMAT_ND)
            return ACLEMU_PARAM_ERROR(api, "%s's format should be ND, but current is %s.", names[i],
                                      aclemu_format_name(ts[i]->format));
    if ((st = check_shapes(api, scale, offset, roundMode)))
        return st;
    int64_t len = numel(scale), olen = offset ? numel(offset) : 0;
    if (olen > len)
        len = olen;
    int64_t ss, os = 0, us;
    if (flat_step(scale, &ss) || (offset && flat_step(offset, &os)))
        return ACLEMU_PARAM_ERROR(api, "scale and offset must be views with one step between elements.");
    if (numel(out) < len || flat_step(out, &us))
        return ACLEMU_PARAM_ERROR(api, "out should hold the %lld quant parameters as (n, ) or (1, n), but its shape is "
                                       "%s.",
                                  (long long)len, aclemu_shape_str(out->shape, out->ndim, (char[160]){0}, 160));
    tqp_v2_args *a = aclemu_exec_add_launch(ex, "TransQuantParamV2", 1, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_bind_tensor(ex, a, &a->scale, scale)) ||
        (offset && (st = aclemu_exec_bind_tensor(ex, a, &a->offset, offset))) ||
        (st = aclemu_exec_bind_tensor(ex, a, &a->out, out)))
        return st;
    a->scale_off = scale->offset;
    a->offset_off = offset ? offset->offset : 0;
    a->out_off = out->offset;
    a->scale_step = ss;
    a->offset_step = os;
    a->out_step = us;
    a->scale_len = numel(scale);
    a->offset_len = olen;
    a->len = len;
    a->round_mode = (int32_t)roundMode;
    ((aclTensor *)out)->dtype = ACL_UINT64; /* as the real op_api: the result is UINT64 */
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_TransQuantParamV2(aclOpExecutor *executor, const aclTensor *scale, const aclTensor *offset,
                                          const aclTensor *out)
{
    return plan(executor, scale, offset, 0, out);
}

aclnnStatus aclemu_plan_TransQuantParamV3(aclOpExecutor *executor, const aclTensor *scale, const aclTensor *offset,
                                          int64_t roundMode, const aclTensor *out)
{
    return plan(executor, scale, offset, roundMode, out);
}
