/* aclnnApplyAdamWQuant: generated from the op definition (ascend910b / 910_93 / 950, AutoContiguous
 * inputs), so: nulls of the nine tensors (161001; quantModeOptional may be NULL, it is reserved)
 * -> the chip (161002 elsewhere) -> dtypes (161002): varRef FLOAT / FLOAT16 / BF16 and grad the
 * same, mRef / vRef UINT8, qmapM / qmapV / absmaxMRef / absmaxVRef FLOAT, step INT64 -> ND formats
 * -> ranks <= 8 -> the tiling's refusals (561002) in its order: blockSize other than 256; var, grad,
 * m, v of different shapes; qmapM / qmapV of different shapes or not 256 elements; (950) absmaxM /
 * absmaxV not ceil(var size / 256) elements; step not [1]; an empty var (no core to use). On the
 * A2 / A3 the tiling does not look at absmax: fewer than ceil(var size / 256) elements (which the
 * real kernel would read past) are refused here with the 950's message. The attributes are FP32
 * in the tiling, as here. Non-contiguous views are staged (the row-norm driver of the optim ops). */
#include <stddef.h>

#include "aclemu_plans.h"
#include "apply_adam_w_quant_args.h"
#include "nn_check.h"
#include "norm_rows_plan.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_ApplyAdamWQuant(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *grad,
                                        aclTensor *mRef, aclTensor *vRef, const aclTensor *qmapM,
                                        const aclTensor *qmapV, aclTensor *absmaxMRef, aclTensor *absmaxVRef,
                                        const aclTensor *step, double lr, double beta1, double beta2,
                                        double weightDecay, double eps, double gnormScale, char *quantModeOptional,
                                        int64_t blockSize)
{
    (void)quantModeOptional;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[9] = {varRef, grad, mRef, vRef, qmapM, qmapV, absmaxMRef, absmaxVRef, step};
    static const char *const ns[9] = {"varRef", "grad", "mRef", "vRef", "qmapM", "qmapV", "absmaxMRef",
                                      "absmaxVRef", "step"};
    const aclemu_dtype_set ds[9] = {NN_FLOATS, NN_FLOATS, ACLEMU_DT(ACL_UINT8), ACLEMU_DT(ACL_UINT8),
                                    ACLEMU_DT(ACL_FLOAT), ACLEMU_DT(ACL_FLOAT), ACLEMU_DT(ACL_FLOAT),
                                    ACLEMU_DT(ACL_FLOAT), ACLEMU_DT(ACL_INT64)};
    aclnnStatus st;
    for (int i = 0; i < 9; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950)))
        return st;
    for (int i = 0; i < 9; i++) {
        if ((st = aclemu_check_dtype(api, ts[i], ns[i], ds[i])))
            return st;
        if (i == 1 && (st = aclemu_check_same_dtype(api, varRef, "varRef", grad, "grad")))
            return st;
    }
    for (int i = 0; i < 9; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    if (blockSize != 256)
        return TILING_ERROR(api, "attr block_size should be 256, please check.");
    if (!nr_shape_eq(varRef, grad) || !nr_shape_eq(varRef, mRef) || !nr_shape_eq(varRef, vRef))
        return TILING_ERROR(api, "var,grad,m,v should have same shape, please check.");
    if (!nr_shape_eq(qmapM, qmapV) || aclemu_tensor_numel(qmapM) != 256)
        return TILING_ERROR(api, "qmapM and qmapV should be same shape,shape is [256], please check.");
    const int is950 = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    const int64_t n = aclemu_tensor_numel(varRef), blocks = (n + 255) / 256;
    const int64_t am = aclemu_tensor_numel(absmaxMRef), av = aclemu_tensor_numel(absmaxVRef);
    if (is950 ? (am != blocks || av != blocks) : (am < blocks || av < blocks))
        return TILING_ERROR(api, "absmaxM and absmaxV should each contain ceil(var size / block_size) elements, "
                                 "please check.");
    if (step->ndim != 1 || step->shape[0] != 1)
        return TILING_ERROR(api, "step should have only one element, please check.");
    if (n == 0)
        return TILING_ERROR(api, is950 ? "total use num core can not be 0, please check."
                                       : "use_num_core can't be smaller than 0.");
    apply_adam_w_quant_args a = {0};
    a.numel = n;
    a.lr = (float)lr;
    a.beta1 = (float)beta1;
    a.beta2 = (float)beta2;
    a.weight_decay = (float)weightDecay;
    a.eps = (float)eps;
    a.gnorm_scale = (float)gnormScale;
#define F(x) offsetof(apply_adam_w_quant_args, x)
    const nr_operand ops[] = {{varRef, 0, F(var_in), NULL},      {grad, 0, F(grad), NULL},
                              {mRef, 0, F(m_in), NULL},          {vRef, 0, F(v_in), NULL},
                              {qmapM, 0, F(qmap_m), NULL},       {qmapV, 0, F(qmap_v), NULL},
                              {absmaxMRef, 0, F(am_in), NULL},   {absmaxVRef, 0, F(av_in), NULL},
                              {step, 0, F(step), NULL},          {varRef, 1, F(var_out), NULL},
                              {mRef, 1, F(m_out), NULL},         {vRef, 1, F(v_out), NULL},
                              {absmaxMRef, 1, F(am_out), NULL},  {absmaxVRef, 1, F(av_out), NULL}};
#undef F
    /* one row per quantisation block */
    return nr_launch(executor, "ApplyAdamWQuant", &a, sizeof a, blocks, 256, 0.0, ops, 14);
}
