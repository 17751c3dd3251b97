/* aclnnScaledMaskedSoftmax / aclnnScaledMaskedSoftmaxBackward (ops-nn vfusion/
 * scaled_masked_softmax_v2, scaled_masked_softmax_grad_v2), checks in the real order.
 * Forward: null (x, mask, y: ACLNN_ERR_INNER_NULLPTR, as the real CheckParams returns) -> dtypes
 *   (x, y FLOAT, FLOAT16, BF16; mask BOOL; y of x's dtype) -> ranks (all 4-D) -> shapes (mask's
 *   first two dims x's or 1; its last two x's; D in (0, 4096], 8192 on the 950) ->
 *   fixedTriuMask must be false.
 * Backward: null (gradOutput, y, mask, out) -> dtypes (gradOutput, y, out in the list; mask
 *   BOOL) -> formats (not FRACTAL_NZ, but on the 950) -> shapes (gradOutput 4-D with D <= the
 *   limit; y and out of its shape; mask 4-D with its S, D and broadcastable B, C) ->
 *   fixTriuMask false. out takes gradOutput's dtype in the real code; here they must agree. */
#include "aclemu_plans.h"
#include "nn_stage.h"
#include "sms_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define SMS_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16))

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (uint32_t i = 0; i < a->ndim; i++)
        if (a->shape[i] != b->shape[i])
            return 0;
    return 1;
}

static int64_t d_limit(void) { return aclemu_op_profile()->family == ACLEMU_FAMILY_950 ? 8192 : 4096; }

static aclnnStatus launch(aclOpExecutor *ex, const char *kernel, const aclTensor *const *ins, int nin, const aclTensor *out,
                          const aclTensor *ref, const aclTensor *mask, double scale)
{
    aclnnStatus st;
    nn_stage s[4];
    for (int i = 0; i < nin; i++)
        if ((st = nn_stage_in(ex, ins[i], NULL, -1, &s[i])))
            return st;
    if ((st = nn_stage_out(ex, out, NULL, -1, &s[nin])))
        return st;
    int64_t rows = ref->shape[0] * ref->shape[1] * ref->shape[2];
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)ref->shape[3], &bd, &per);
    sms_args *a = aclemu_exec_add_launch(ex, kernel, bd, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->B = ref->shape[0], a->C = ref->shape[1], a->S = ref->shape[2], a->D = ref->shape[3];
    a->mB = mask->shape[0], a->mC = mask->shape[1];
    a->scale = scale;
    a->rows_per_block = (int64_t)per;
    for (int i = 0; i <= nin; i++)
        if ((st = nn_stage_bind(ex, a, &a->op[i], &s[i])))
            return st;
    return nn_stage_out_finish(ex, &s[nin]);
}

aclnnStatus aclemu_plan_ScaledMaskedSoftmax(aclOpExecutor *executor, const aclTensor *x, const aclTensor *mask,
                                            double scale, bool fixedTriuMask, aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (!x || !mask || !y)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.",
                               !x ? "x" : !mask ? "mask" : "y");
    if ((st = aclemu_check_dtype(api, x, "x", SMS_DTYPES)) || (st = aclemu_check_dtype(api, mask, "mask", DT(BOOL))) ||
        (st = aclemu_check_dtype(api, y, "y", SMS_DTYPES)) || (st = aclemu_check_same_dtype(api, x, "x", y, "y")))
        return st;
    const aclTensor *ts[3] = {x, mask, y};
    const char *names[3] = {"x", "mask", "y"};
    for (int i = 0; i < 3; i++)
        if (ts[i]->ndim != 4)
            return ACLEMU_PARAM_ERROR(api, "%s dim should be 4, but got %u.", names[i], ts[i]->ndim);
    char b1[160], b2[160];
    aclemu_shape_str(x->shape, 4, b1, sizeof b1);
    aclemu_shape_str(mask->shape, 4, b2, sizeof b2);
    if (x->shape[0] != mask->shape[0] && mask->shape[0] != 1)
        return ACLEMU_PARAM_ERROR(api, "When x%s and mask%s are different in the first dimensions, the broadcast relation "
                                       "needs to be satisfied", b1, b2);
    if (x->shape[1] != mask->shape[1] && mask->shape[1] != 1)
        return ACLEMU_PARAM_ERROR(api, "When x%s and mask%s are different in the second dimensions, the broadcast relation "
                                       "needs to be satisfied", b1, b2);
    if (x->shape[2] != mask->shape[2] || x->shape[3] != mask->shape[3])
        return ACLEMU_PARAM_ERROR(api, "x and mask should be same in dim3 and dim4");
    if (x->shape[3] <= 0 || x->shape[3] > d_limit())
        return ACLEMU_PARAM_ERROR(api, "Expected x and mask dim4 in range of (0, 4096].");
    if (fixedTriuMask)
        return ACLEMU_PARAM_ERROR(api, "the param fixedTriuMask only suppport false.");
    if ((st = aclemu_check_same_shape(api, y, "y", x, "x")))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    const aclTensor *ins[2] = {x, mask};
    return launch(executor, "ScaledMaskedSoftmax", ins, 2, y, x, mask, scale);
}

aclnnStatus aclemu_plan_ScaledMaskedSoftmaxBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *y,
                                                    const aclTensor *mask, double scale, bool fixTriuMask, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, y, "y")) ||
        (st = aclemu_check_notnull(api, mask, "mask")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", SMS_DTYPES)) || (st = aclemu_check_dtype(api, y, "y", SMS_DTYPES)) ||
        (st = aclemu_check_dtype(api, mask, "mask", DT(BOOL))) || (st = aclemu_check_dtype(api, out, "out", SMS_DTYPES)))
        return st;
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_950) {
        if (gradOutput->format == ACL_FORMAT_FRACTAL_NZ || y->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ)
            return ACLEMU_PARAM_ERROR(api, "Input and output format only support [ND]. Actual: gradOutput:[%s], y:[%s], out:[%s].",
                                      aclemu_format_name(gradOutput->format), aclemu_format_name(y->format),
                                      aclemu_format_name(out->format));
        if (mask->format == ACL_FORMAT_FRACTAL_NZ)
            return ACLEMU_PARAM_ERROR(api, "Mask format only support [ND]. Actual: mask:[%s].", aclemu_format_name(mask->format));
    }
    if (gradOutput->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "gradOutput only support 4 dims, but current is %u", gradOutput->ndim);
    char b1[160], b2[160];
    const int64_t *g = gradOutput->shape;
    aclemu_shape_str(g, 4, b1, sizeof b1);
    if (g[3] > d_limit())
        return ACLEMU_PARAM_ERROR(api, "shape of gradOutput is not true, current is %s", b1);
    if (!same_shape(y, gradOutput))
        return ACLEMU_PARAM_ERROR(api, "shape of y should equal to gradOutput, gradOutput is %s, y is %s", b1,
                                  aclemu_shape_str(y->shape, y->ndim, b2, sizeof b2));
    if (!same_shape(out, gradOutput))
        return ACLEMU_PARAM_ERROR(api, "shape of out should equal to gradOutput, gradOutput is %s, out is %s", b1,
                                  aclemu_shape_str(out->shape, out->ndim, b2, sizeof b2));
    if (mask->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "mask only support 4 dims, but current is %u", mask->ndim);
    aclemu_shape_str(mask->shape, 4, b2, sizeof b2);
    if (mask->shape[2] != g[2] || mask->shape[3] != g[3])
        return ACLEMU_PARAM_ERROR(api, "shape of mask is not true, current is %s", b2);
    if ((g[0] != mask->shape[0] && mask->shape[0] != 1) || (g[1] != mask->shape[1] && mask->shape[1] != 1))
        return ACLEMU_PARAM_ERROR(api, "mask should broadcast to gradOutput, gradOutput is %s, mask is %s", b1, b2);
    if (fixTriuMask)
        return ACLEMU_PARAM_ERROR(api, "fixTriuMask only support false");
    if ((st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", y, "y")) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", out, "out")))
        return st;
    if (aclemu_tensor_numel(gradOutput) == 0)
        return ACLNN_SUCCESS;
    const aclTensor *ins[3] = {gradOutput, y, mask};
    return launch(executor, "ScaledMaskedSoftmaxGrad", ins, 3, out, gradOutput, mask, scale);
}
