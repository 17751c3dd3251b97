/* aclnnWeightQuantBatchMatmulExperiment (ops-nn experimental/matmul/
 * weight_quant_batch_matmul_experiment): y(m, n) = x(m, k) @ (weight(k, n) * antiquantScale[k / 128, n])
 * computed by the sample kernel's MSD algorithm (wqbmm_exp_kernel.c has its FP32 steps).
 * Generated from the op definition (ascend910b only): nulls of x, weight, antiquantScale, yOut
 * (161001) -> the chip (161002 off the A2) -> the definition's dtypes (x, antiquantScale, y FLOAT16,
 * weight INT4) and ND formats (161002) -> the tiling's refusals (561002) with its messages: formats,
 * dtypes, x / weight storage not 2-D. The tiling fixes the group at 128 (baseK) and reads m, k from x
 * and n from weight without further checks; what the sample kernel would get wrong or read past
 * is refused with 561002 too: k not a multiple of 128, weight not (k, n), antiquantScale not
 * (k / 128, n), y not (m, n), a non-contiguous INT4 weight. */
#include "aclemu_plans.h"
#include "mm_common.h"
#include "wqbmm_exp_args.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_WeightQuantBatchMatmulExperiment(aclOpExecutor *executor, const aclTensor *x,
                                                         const aclTensor *weight, const aclTensor *antiquantScale,
                                                         const aclTensor *yOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *sc = antiquantScale, *y = yOut;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, weight, "weight")) ||
        (st = aclemu_check_notnull(api, sc, "antiquantScale")) || (st = aclemu_check_notnull(api, y, "yOut")))
        return st;
    if (!aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_A2)))
        return ACLEMU_PARAM_ERROR(api, "WeightQuantBatchMatmulExperiment is not supported on %s.",
                                  aclemu_op_profile()->short_soc_version);
    const aclemu_dtype_set f16 = ACLEMU_DT(ACL_FLOAT16);
    if ((st = aclemu_check_dtype(api, x, "x", f16)) || (st = aclemu_check_dtype(api, weight, "weight", ACLEMU_DT(ACL_INT4))) ||
        (st = aclemu_check_dtype(api, sc, "antiquantScale", f16)) || (st = aclemu_check_dtype(api, y, "yOut", f16)))
        return st;
    const aclTensor *ts[4] = {x, weight, sc, y};
    static const char *const ns[4] = {"x", "weight", "antiquantScale", "yOut"};
    for (int i = 0; i < 4; i++)
        if (ts[i]->format != ACL_FORMAT_ND)
            return ACLEMU_PARAM_ERROR(api, "%s's format should be ND, actual is %s.", ns[i],
                                      aclemu_format_name(ts[i]->format));
    if (x->ndim != 2 || weight->ndim != 2) /* the tiling reads the (contiguous) shapes */
        return TILING_ERROR(api, "the input shape dimensions are not equal to 2");
    const int64_t m = x->shape[0], k = x->shape[1], n = weight->shape[1];
    char b1[96];
    if (m < 1 || k < 1 || n < 1 || k % 128)
        return TILING_ERROR(api, "m, k, n (%lld, %lld, %lld) should be positive and k a multiple of the group size 128.",
                            (long long)m, (long long)k, (long long)n);
    if (weight->shape[0] != k)
        return TILING_ERROR(api, "weight's k %lld should be x's k %lld.", (long long)weight->shape[0], (long long)k);
    if (weight->stride[1] != 1 || weight->stride[0] != n)
        return TILING_ERROR(api, "the INT4 weight should be contiguous.");
    if (sc->ndim != 2 || sc->shape[0] != k / 128 || sc->shape[1] != n)
        return TILING_ERROR(api, "antiquantScale's shape %s should be [%lld, %lld].", cube_shape_str(sc, b1, sizeof b1),
                            (long long)(k / 128), (long long)n);
    if (y->ndim != 2 || y->shape[0] != m || y->shape[1] != n)
        return TILING_ERROR(api, "yOut's shape %s should be [%lld, %lld].", cube_shape_str(y, b1, sizeof b1),
                            (long long)m, (long long)n);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    int64_t per = (n + cores - 1) / cores;
    if (per < 16)
        per = 16;
    uint32_t blocks = (uint32_t)((n + per - 1) / per);
    wqbmm_exp_args *a = aclemu_exec_add_launch(executor, "WqbmmMsd", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->m = m;
    a->k = k;
    a->n = n;
    a->cols_per_block = per;
    a->w_off = weight->offset;
    if ((st = aclemu_exec_tdesc(executor, a, &a->x, x)) || (st = aclemu_exec_tdesc(executor, a, &a->scale, sc)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->y, y)) || (st = aclemu_exec_bind_tensor(executor, a, &a->weight, weight)))
        return st;
    return ACLNN_SUCCESS;
}
