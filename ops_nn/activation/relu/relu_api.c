/* aclnnRelu / aclnnInplaceRelu: the common activation checks and one launch of the shared
 * elementwise activation driver (act_common) computing ACT_RELU. */
#include "aclemu_plans.h"
#include "act_plan.h"
#include "relu_v3_args.h"

/* FLOAT, FLOAT16, INT8, INT32, INT64, BF16 (A2/A3/950 only), and UINT8 which the real code
 * also accepts (relu of an unsigned value is the value). */
#define RELU_DTYPES                                                                                     \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT8) |       \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8))

static aclnnStatus plan_relu(aclOpExecutor *ex, const aclTensor *self, const char *sname, const aclTensor *out,
                             const char *oname)
{
    aclnnStatus st = act_check_same(aclemu_exec_api(ex), self, sname, out, oname, RELU_DTYPES);
    if (st)
        return st;
    const aclTensor *outs[1] = {out}, *ins[1] = {self};
    return act_launch(ex, "Relu", ACT_RELU, NULL, outs, 1, ins, 1, NULL, 0);
}

aclnnStatus aclemu_plan_Relu(aclOpExecutor *executor, const aclTensor *self, const aclTensor *out)
{
    return plan_relu(executor, self, "self", out, "out");
}

aclnnStatus aclemu_plan_InplaceRelu(aclOpExecutor *executor, aclTensor *selfRef)
{
    return plan_relu(executor, selfRef, "selfRef", selfRef, "selfRef");
}

/* aclnnReluV3 (experimental/activation/relu_v3; the aclnn layer is generated from the op
 * definition, a 910B config only): nulls (x, yOut, maskOut: 161001), the chip (361001), x in
 * FLOAT16 / FLOAT / INT32 / INT8 / UINT8 / BF16 with yOut of x's dtype and maskOut UINT8, x and
 * yOut in NC1HWC0 and maskOut in ND (the definition's formats), all 5-D, yOut of x's shape and
 * maskOut of x's with the last dim (C0 + 7) / 8 (the shape inference: a bit mask; 161002). yOut
 * on the elementwise driver (the 5-D view as it is), the mask bytes in relu_v3_kernel.c. */
aclnnStatus aclemu_plan_ReluV3(aclOpExecutor *executor, const aclTensor *x, const aclTensor *yOut,
                               const aclTensor *maskOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclemu_dtype_set dts = ACT_FLOATS | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, maskOut, "maskOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", dts)) || (st = aclemu_check_same_dtype(api, x, "x", yOut, "yOut")) ||
        (st = aclemu_check_dtype(api, maskOut, "maskOut", ACLEMU_DT(ACL_UINT8))))
        return st;
    const aclTensor *ts[3] = {x, yOut, maskOut};
    const char *ns[3] = {"x", "yOut", "maskOut"};
    for (int i = 0; i < 3; i++) {
        aclFormat want = i < 2 ? ACL_FORMAT_NC1HWC0 : ACL_FORMAT_ND;
        if (ts[i]->format != want)
            return ACLEMU_PARAM_ERROR(api, "%s format %d should be %s.", ns[i], (int)ts[i]->format,
                                      i < 2 ? "NC1HWC0" : "ND");
    }
    for (int i = 0; i < 3; i++) {
        if ((st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
        if (ts[i]->ndim != 5)
            return ACLEMU_PARAM_ERROR(api, "%s should be 5-D, but it has %u dims.", ns[i], ts[i]->ndim);
    }
    int64_t want[5];
    for (int i = 0; i < 5; i++)
        want[i] = i < 4 ? x->shape[i] : (x->shape[4] + 7) / 8;
    if ((st = aclemu_check_same_shape(api, x, "x", yOut, "yOut")) ||
        (st = aclemu_check_shape_is(api, maskOut, "maskOut", want, 5)))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if ((st = act_launch(executor, "ReluV3", ACT_RELU, NULL, (const aclTensor *[]){yOut}, 1, (const aclTensor *[]){x}, 1,
                         NULL, 0)))
        return st;
    uint64_t rows = (uint64_t)(aclemu_tensor_numel(x) / x->shape[4]), per;
    uint32_t blocks;
    aclemu_tile_1d(rows, aclemu_vector_core_num(aclemu_op_profile()), 64, 1, &blocks, &per);
    relu_v3_mask_args *a = (relu_v3_mask_args *)aclemu_exec_add_launch(executor, "ReluV3Mask", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->rows = rows;
    a->rows_per_block = per;
    a->len = x->shape[4];
    if ((st = aclemu_exec_tdesc(executor, a, &a->x, x)) || (st = aclemu_exec_tdesc(executor, a, &a->mask, maskOut)))
        return st;
    return ACLNN_SUCCESS;
}
