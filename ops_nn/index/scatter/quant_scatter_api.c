/* aclnnInplaceQuantScatter / V2 (ops-nn index/quant_update_scatter: aclnn_quant_scatter.cpp,
 * aclnn_quant_scatter_v2.cpp, op_host/arch35/quant_update_scatter_tiling_arch35.cpp): the
 * ScatterUpdate walk (scatter_update_kernel.c) with updates quantised as
 * code(updates / quantScales + quantZeroPoints) in FP32 along the last dim — both op_apis pass
 * reciprocalScale = false, so the kernel divides (DIV mode).
 * Checks in the real order:
 *  - V2 only: not a regbase chip (the 950) -> 161002 "Support for npuArch ... is not implemented";
 *  - null selfRef, indices, updates, quantScales (161001; quantZeroPoints is optional);
 *  - dtypes: selfRef INT8 (V2 on the 950: + FLOAT8_E4M3FN, FLOAT8_E5M2, HIFLOAT8), indices
 *    INT32 / INT64, updates BF16 / FLOAT16, quantScales BF16 / FLOAT, quantZeroPoints BF16 / INT32,
 *    then the combination (FLOAT16, FLOAT[, INT32]) or (BF16, BF16[, BF16]) with the real message;
 *  - selfRef and updates of one rank; V2: roundMode ('round' / 'hybrid' for HIFLOAT8, 'rint'
 *    otherwise);
 *  - an empty selfRef / indices / updates / quantScales: success, nothing launched.
 * `reduction` is not read by the real op_api (it always passes reduce = "update").
 * The rules the real tiling applies at launch are stage-1 errors here (161002), with its
 * wording: updates rank 3..8, axis in [1, rank - 2] (or [1 - rank, -2]), quantAxis the last dim,
 * quantScales' (and quantZeroPoints') element count the last dim of updates, updates dim 0 =
 * indices dim 0 <= selfRef dim 0, updates[axis] <= selfRef[axis], the other dims equal, indices
 * of rank 1 or 2 ([n, 2]). The docs' 32-byte rule for the last dims on the A2 / A3 / 310P (whose
 * tiling is not public) is enforced as stated. Index values are checked by the kernel (507015,
 * nothing written). Quantisation: INT8 rounds half to even and saturates (the quant driver's
 * encoder; the 950 kernel's INT8 casts do not saturate, so out-of-range values differ there),
 * FLOAT8 rounds to nearest even and saturates; HIFLOAT8 is not emulated (161002). BF16 is refused
 * on the 310P by the chip's dtype rules (its doc: no BFLOAT16); the 910 / 310B have no kernel
 * (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_args.h"
#include "scatter_update_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)

static int64_t numel_of(const aclTensor *t)
{
    return t ? aclemu_tensor_numel(t) : 0;
}

static aclnnStatus plan(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *indices, const aclTensor *updates,
                        const aclTensor *scales, const aclTensor *zps, int64_t axis, int64_t quantAxis,
                        const char *roundMode, int v2)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const int fam = aclemu_op_profile()->family;
    if (v2 && fam != ACLEMU_FAMILY_950)
        return ACLEMU_PARAM_ERROR(api, "Support for npuArch %s is not implemented.", aclemu_op_profile()->short_soc_version);
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, updates, "updates")) || (st = aclemu_check_notnull(api, scales, "quantScales")))
        return st;
    if (v2 && (st = aclemu_check_notnull(api, roundMode, "roundMode")))
        return st;
    aclemu_dtype_set self_list = DT(INT8);
    if (v2)
        self_list |= DT(FLOAT8_E4M3FN) | DT(FLOAT8_E5M2) | DT(HIFLOAT8);
    if ((st = aclemu_check_dtype(api, selfRef, "selfRef", self_list)) ||
        (st = aclemu_check_dtype(api, indices, "indices", DT(INT32) | DT(INT64))) ||
        (st = aclemu_check_dtype(api, updates, "updates", DT(BF16) | DT(FLOAT16))) ||
        (st = aclemu_check_dtype(api, scales, "quantScales", DT(BF16) | DT(FLOAT))) ||
        (zps && (st = aclemu_check_dtype(api, zps, "quantZeroPoints", DT(BF16) | DT(INT32)))))
        return st;
    const int f16 = updates->dtype == ACL_FLOAT16 && scales->dtype == ACL_FLOAT;
    const int bf16 = updates->dtype == ACL_BF16 && scales->dtype == ACL_BF16;
    if (zps && !((f16 && zps->dtype == ACL_INT32) || (bf16 && zps->dtype == ACL_BF16)))
        return ACLEMU_PARAM_ERROR(api, "(updates,quantScales,quantZeroPoints) Dtype should be (float16, float, int32) or "
                                  "(bfloat16, bfloat16, bfloat16), but is (%s, %s, %s).", aclemu_dtype_name(updates->dtype),
                                  aclemu_dtype_name(scales->dtype), aclemu_dtype_name(zps->dtype));
    if (!zps && !f16 && !bf16)
        return ACLEMU_PARAM_ERROR(api, "(updates,quantScales) Dtype should be (float16, float) or (bfloat16, bfloat16), but is (%s, %s).",
                                  aclemu_dtype_name(updates->dtype), aclemu_dtype_name(scales->dtype));
    if (selfRef->ndim != updates->ndim)
        return ACLEMU_PARAM_ERROR(api, "dimension of selfRef and updates should equal");
    if (v2) {
        const int hif8 = selfRef->dtype == ACL_HIFLOAT8;
        if (hif8 ? strcmp(roundMode, "round") && strcmp(roundMode, "hybrid") : strcmp(roundMode, "rint") != 0)
            return hif8 ? ACLEMU_PARAM_ERROR(api, "check roundMode failed, roundMode[%s] not in ['round','hybrid'] for hifloat8.", roundMode)
                        : ACLEMU_PARAM_ERROR(api, "check roundMode failed, roundMode[%s] not in ['rint'] for float8_e5m2/float8_e4m3fn/int8.",
                                             roundMode);
    }
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if (numel_of(selfRef) == 0 || numel_of(indices) == 0 || numel_of(updates) == 0 || numel_of(scales) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_shape(api, selfRef, "selfRef", 8)) || (st = aclemu_check_shape(api, updates, "updates", 8)) ||
        (st = aclemu_check_shape(api, indices, "indices", 8)))
        return st;
    /* the tiling's rules */
    const int64_t r = (int64_t)updates->ndim;
    char s1[96], s2[96];
    if (r < 3)
        return ACLEMU_PARAM_ERROR(api, "updates dim num %lld: the shape dim of updates must be within the range [3, 8].", (long long)r);
    const int64_t ax = axis < 0 ? axis + r : axis, qax = quantAxis < 0 ? quantAxis + r : quantAxis;
    if (ax < 1 || ax > r - 2)
        return ACLEMU_PARAM_ERROR(api, "axis %lld: the value of axis must be within the range [1, %lld] or [%lld, -2].",
                                  (long long)axis, (long long)(r - 2), (long long)(1 - r));
    if (qax != r - 1)
        return ACLEMU_PARAM_ERROR(api, "quantAxis %lld: the value of quant_axis must be -1 or %lld.", (long long)quantAxis,
                                  (long long)(r - 1));
    const int64_t last = updates->shape[r - 1];
    if (numel_of(scales) != last)
        return ACLEMU_PARAM_ERROR(api, "quantScales, updates (%lld, %lld): the shape size of quant_scales must equal the last dim of updates.",
                                  (long long)numel_of(scales), (long long)last);
    if (zps && numel_of(zps) != 0 && numel_of(zps) != numel_of(scales))
        return ACLEMU_PARAM_ERROR(api, "quantScales, quantZeroPoints (%lld, %lld): the shape size of quant_scales must be the same as "
                                  "the shape size of quant_zero_points.", (long long)numel_of(scales), (long long)numel_of(zps));
    if (indices->ndim == 0 || updates->shape[0] != indices->shape[0])
        return ACLEMU_PARAM_ERROR(api, "updates, indices (%s, %s): dim[0] of updates must be equal to dim[0] of indices.",
                                  aclemu_shape_str(updates->shape, updates->ndim, s1, sizeof s1),
                                  aclemu_shape_str(indices->shape, indices->ndim, s2, sizeof s2));
    if (updates->shape[0] > selfRef->shape[0])
        return ACLEMU_PARAM_ERROR(api, "updates %s: dim[0] of updates must be less than dim[0] of var.",
                                  aclemu_shape_str(updates->shape, updates->ndim, s1, sizeof s1));
    if (updates->shape[ax] > selfRef->shape[ax])
        return ACLEMU_PARAM_ERROR(api, "updates %s: dim[axis] of updates must be less than dim[axis] of var.",
                                  aclemu_shape_str(updates->shape, updates->ndim, s1, sizeof s1));
    for (int64_t k = 1; k < r; k++)
        if (k != ax && updates->shape[k] != selfRef->shape[k])
            return ACLEMU_PARAM_ERROR(api, "updates, var (%s, %s): dim[%lld] of updates must be equal to dim[%lld] of var.",
                                      aclemu_shape_str(updates->shape, updates->ndim, s1, sizeof s1),
                                      aclemu_shape_str(selfRef->shape, selfRef->ndim, s2, sizeof s2), (long long)k, (long long)k);
    if (indices->ndim > 2)
        return ACLEMU_PARAM_ERROR(api, "indices dim num %u: the shape dim of indices must be 1 or 2.", (unsigned)indices->ndim);
    if (indices->ndim == 2 && indices->shape[1] != 2)
        return ACLEMU_PARAM_ERROR(api, "indices dim[1] %lld should be 2.", (long long)indices->shape[1]);
    if (fam != ACLEMU_FAMILY_950 && last % 32 != 0)
        return ACLEMU_PARAM_ERROR(api, "the last dim of selfRef and updates (%lld) must be 32-byte aligned on %s.", (long long)last,
                                  aclemu_op_profile()->short_soc_version);
    if (selfRef->dtype == ACL_HIFLOAT8)
        return ACLEMU_PARAM_ERROR(api, "selfRef dtype DT_HIFLOAT8 is not supported by the emulator (HIFLOAT8 is not emulated).");
    uint32_t blocks;
    uint64_t per;
    aclemu_tile_1d((uint64_t)updates->shape[0], aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &blocks, &per);
    scatter_update_args *a = aclemu_exec_add_launch(executor, "QuantUpdateScatter", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->data, selfRef)) || (st = aclemu_exec_tdesc(executor, a, &a->indices, indices)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->updates, updates)) || (st = aclemu_exec_tdesc(executor, a, &a->scales, scales)))
        return st;
    if (zps && numel_of(zps) != 0) {
        if ((st = aclemu_exec_tdesc(executor, a, &a->zero_points, zps)))
            return st;
        a->has_zero_points = 1;
    }
    a->axis = (int32_t)ax;
    a->rows = updates->shape[0];
    a->rows_per_block = (int64_t)per;
    a->code_dtype = selfRef->dtype;
    a->round = QUANT_RINT;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_InplaceQuantScatter(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *indices,
                                            const aclTensor *updates, const aclTensor *quantScales,
                                            const aclTensor *quantZeroPoints, int64_t axis, int64_t quantAxis,
                                            int64_t reduction)
{
    (void)reduction;
    return plan(executor, selfRef, indices, updates, quantScales, quantZeroPoints, axis, quantAxis, NULL, 0);
}

aclnnStatus aclemu_plan_InplaceQuantScatterV2(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *indices,
                                              const aclTensor *updates, const aclTensor *quantScales,
                                              const aclTensor *quantZeroPoints, int64_t axis, int64_t quantAxis,
                                              int64_t reduction, const char *roundMode)
{
    (void)reduction;
    return plan(executor, selfRef, indices, updates, quantScales, quantZeroPoints, axis, quantAxis, roundMode, 1);
}
