/* Planners of the dropout ops: DropoutGenMask(+V2, +V2Tensor), DropoutDoMask, DropoutBackward,
 * Dropout, DropoutV3 and DropoutV3Grad. Checks follow random/dsa_gen_bit_mask/op_host/op_api/
 * aclnn_dropout_gen_mask.cpp, aclnn_dropout.cpp, drop_out_do_mask/op_api/aclnn_dropout_do_mask.cpp,
 * aclnn_dropout_backward.cpp, drop_out_v3/op_api/aclnn_dropout_v3.cpp and
 * drop_out_v3_grad/op_api/aclnn_dropout_v3_grad.cpp of hicann/ops-math.
 * The mask is a bit mask: UINT8, (numel rounded up to 128) / 8 bytes, bit j of byte k set when
 * element 8k + j is kept; a kept element is scaled by 1 / (1 - p). */
#include <math.h>
#include <string.h>

#include "random_plan.h"

#define DROPOUT_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16)) /* BF16 only where the chip has it */

/* The real IsDoubleEqual(p, 0 / 1). */
static int near(double a, double b) { return fabs(a - b) <= 2.220446049250313e-16; }

static aclnnStatus check_mask_size(const char *api, const char *name, const aclTensor *mask, int64_t numel, int exact)
{
    int64_t need = rnd_mask_bytes(numel), have = aclemu_tensor_numel(mask);
    if (exact ? have != need : have < need)
        return ACLEMU_PARAM_ERROR(api, "Size of %s has to be %lld, but current is %lld.", name, (long long)need,
                                  (long long)have);
    return ACLNN_SUCCESS;
}

/* p rounded to probDataType the way the DSA path of the A2 / A3 builds its scalar. */
static aclnnStatus prob_in_dtype(const char *api, double p, aclDataType dt, double *out)
{
    switch (dt) {
    case ACL_FLOAT16: *out = aclemu_half_to_float(aclemu_float_to_half((float)p)); return ACLNN_SUCCESS;
    case ACL_BF16: *out = aclemu_bf16_to_float(aclemu_float_to_bf16((float)p)); return ACLNN_SUCCESS;
    case ACL_FLOAT: *out = (float)p; return ACLNN_SUCCESS;
    default:
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "Scalar p not implemented for %s, should be in dtype support list [DT_FLOAT16, "
                               "DT_BF16, DT_FLOAT].",
                               aclemu_dtype_name(dt));
    }
}

static aclnnStatus gen_mask_plan(aclOpExecutor *ex, const aclIntArray *shape, double prob, int64_t seed,
                                 int64_t offset, int v2, aclDataType probDataType, const aclTensor *seedT,
                                 const aclTensor *offT, int tensor_form, aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    int64_t n = 0;
    if ((st = aclemu_check_notnull(api, shape, "shape")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_chip(api, tensor_form ? ACLEMU_CHIPS_A2_A3_950 : ACLEMU_CHIPS_ALL_BUT_310B)) ||
        (st = aclemu_check_dtype(api, out, "out", DT(UINT8))) || (st = rnd_check_prob(api, "prob", prob)) ||
        (st = rnd_shape_numel(api, shape, &n)) || (st = check_mask_size(api, "out", out, n, 1)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    if (tensor_form && (st = rnd_check_seed_tensors(api, seedT, offT)))
        return st;
    double p = prob;
    if (v2 && !near(prob, 0) && !near(prob, 1) && aclemu_chip_in(ACLEMU_CHIPS_A2_A3) &&
        (st = prob_in_dtype(api, prob, probDataType, &p)))
        return st;
    random_seed rs;
    memset(&rs, 0, sizeof rs);
    rnd_seed_scalar(&rs, (uint64_t)seed, (uint64_t)offset);
    /* p = 0 fills 0xFF, p = 1 zeros (the real FillScalar): the keep threshold gives both */
    return rnd_gen_mask(ex, out, near(prob, 0) ? 1.0 : near(prob, 1) ? 0.0 : 1.0 - p, &rs, seedT, offT);
}

aclnnStatus aclemu_plan_DropoutGenMask(aclOpExecutor *executor, const aclIntArray *shape, double prob, int64_t seed,
                                       int64_t offset, aclTensor *out)
{
    return gen_mask_plan(executor, shape, prob, seed, offset, 0, ACL_FLOAT, NULL, NULL, 0, out);
}

aclnnStatus aclemu_plan_DropoutGenMaskV2(aclOpExecutor *executor, const aclIntArray *shape, double prob, int64_t seed,
                                         int64_t offset, aclDataType probDataType, aclTensor *out)
{
    return gen_mask_plan(executor, shape, prob, seed, offset, 1, probDataType, NULL, NULL, 0, out);
}

aclnnStatus aclemu_plan_DropoutGenMaskV2Tensor(aclOpExecutor *executor, const aclIntArray *shape, double prob,
                                               const aclTensor *seedTensor, const aclTensor *offsetTensor,
                                               int64_t offset, aclDataType probDataType, aclTensor *out)
{
    return gen_mask_plan(executor, shape, prob, 0, offset, 1, probDataType, seedTensor, offsetTensor, 1, out);
}

/* dtype / shape checks shared by DoMask, DropoutBackward and DropoutV3Grad. */
static aclnnStatus check_apply(const char *api, const aclTensor *x, const char *xn, const aclTensor *mask,
                               const aclTensor *out, const char *on, int exact_mask, int check_p, double p)
{
    aclnnStatus st;
    if ((st = aclemu_check_can_cast(api, x->dtype, out, on)) || (st = aclemu_check_dtype(api, x, xn, DROPOUT_DTYPES)) ||
        (st = aclemu_check_dtype(api, mask, "mask", DT(UINT8))))
        return st;
    if (check_p == 1 && (st = rnd_check_prob(api, "prob", p)))
        return st;
    if (check_p == 2 && (p > 1 || p < 0 || p != p))
        return ACLEMU_PARAM_ERROR(api,
                                  "The value of scale is error, p = (scale == 0.0) ? 1 : (1 - 1 / scale) has to be "
                                  "between 0 and 1, but got scale %f.",
                                  p == 1 ? 0.0 : 1.0 / (1.0 - p));
    if ((st = aclemu_check_shape(api, x, xn, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, on, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, mask, "mask", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, x, xn, out, on)) ||
        (st = check_mask_size(api, exact_mask == 2 ? "maskOut" : "mask", mask, aclemu_tensor_numel(x), exact_mask)))
        return st;
    return ACLNN_SUCCESS;
}

/* out = x where kept, scaled by 1 / (1 - p); p = 0 keeps x as is, p = 1 gives zeros (the real
 * DoMask of dropout_common.h). */
static aclnnStatus apply_mask(aclOpExecutor *ex, const aclTensor *x, const aclTensor *mask, double p,
                              const aclTensor *out)
{
    if (near(p, 0))
        return rnd_do_mask(ex, x, mask, 1.0, MASK_KEEP_ALL, out);
    if (near(p, 1))
        return rnd_do_mask(ex, x, mask, 0.0, MASK_DROP_ALL, out);
    return rnd_do_mask(ex, x, mask, 1.0 / (double)(float)(1.0 - p), MASK_USE, out);
}

aclnnStatus aclemu_plan_DropoutDoMask(aclOpExecutor *executor, const aclTensor *self, const aclTensor *mask,
                                      double prob, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, mask, "mask")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_chip(api, ACLEMU_CHIPS_ALL_BUT_310B)))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(mask) == 0)
        return ACLNN_SUCCESS; /* the real op returns before its dtype / shape checks */
    if ((st = check_apply(api, self, "self", mask, out, "out", 0, 1, prob)))
        return st;
    return apply_mask(executor, self, mask, prob, out);
}

aclnnStatus aclemu_plan_DropoutBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *mask,
                                        double scale, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, mask, "mask")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_chip(api, RND_CHIPS_A2_A3_950_910A)))
        return st;
    double p = near(scale, 0) ? 1 : 1 - 1 / scale;
    if ((st = check_apply(api, gradOutput, "gradOutput", mask, out, "out", 2, 2, p)))
        return st;
    if (aclemu_tensor_numel(gradOutput) == 0)
        return ACLNN_SUCCESS;
    return apply_mask(executor, gradOutput, mask, p, out);
}

aclnnStatus aclemu_plan_DropoutV3Grad(aclOpExecutor *executor, const aclTensor *gradY, const aclTensor *mask,
                                      double scale, aclTensor *gradX)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (!aclemu_chip_in(RND_CHIPS_950)) /* the real op checks the SoC first, as a parameter error */
        return ACLEMU_PARAM_ERROR(api, "aclnnDropoutV3Grad is not supported in current socversion.");
    if ((st = aclemu_check_notnull(api, gradY, "gradY")) || (st = aclemu_check_notnull(api, mask, "mask")) ||
        (st = aclemu_check_notnull(api, gradX, "gradX")))
        return st;
    if ((st = check_apply(api, gradY, "gradY", mask, gradX, "gradX", 1, 0, 0)))
        return st;
    if (aclemu_tensor_numel(gradY) == 0)
        return ACLNN_SUCCESS;
    return rnd_do_mask(executor, gradY, mask, scale, MASK_USE, gradX); /* any scale, as torch */
}

/* Dropout and DropoutV3: null -> dtype -> (noise shape) -> p -> shapes. */
static aclnnStatus dropout_checks(const char *api, const aclTensor *input, double p, const aclTensor *out,
                                  const aclTensor *maskOut, int v3, const aclTensor *noise)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, maskOut, "maskOut")) ||
        (st = aclemu_check_chip(api, v3 ? RND_CHIPS_950 : (ACLEMU_CHIPS_A2_A3 | RND_FAM(910A)))))
        return st;
    if ((st = aclemu_check_can_cast(api, input->dtype, out, "out")) ||
        (st = aclemu_check_dtype(api, input, "input", DROPOUT_DTYPES)) ||
        (st = aclemu_check_dtype(api, maskOut, "maskOut", DT(UINT8))))
        return st;
    if (v3 && noise)
        return ACLEMU_PARAM_ERROR(api, "currently, the input of noise_shape must be nullptr, please check.");
    if ((st = rnd_check_prob(api, "p", p)))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, maskOut, "maskOut", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, input, "input", out, "out")) ||
        (st = check_mask_size(api, "maskOut", maskOut, aclemu_tensor_numel(input), 1)))
        return st;
    return ACLNN_SUCCESS;
}

/* maskOut drawn, then out = input * mask / (1 - p). */
static aclnnStatus dropout_draw(aclOpExecutor *ex, const aclTensor *input, double p, int64_t seed, int64_t offset,
                                const aclTensor *out, const aclTensor *maskOut)
{
    random_seed rs;
    memset(&rs, 0, sizeof rs);
    rnd_seed_scalar(&rs, (uint64_t)seed, (uint64_t)offset);
    aclnnStatus st = rnd_gen_mask(ex, maskOut, 1.0 - p, &rs, NULL, NULL);
    if (st)
        return st;
    return rnd_do_mask(ex, input, maskOut, 1.0 / (double)(float)(1.0 - p), MASK_USE, out);
}

aclnnStatus aclemu_plan_Dropout(aclOpExecutor *executor, const aclTensor *input, double p, bool train, int64_t seed,
                                int64_t offset, aclTensor *out, aclTensor *maskOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = dropout_checks(api, input, p, out, maskOut, 0, NULL)))
        return st;
    if (aclemu_tensor_numel(input) == 0)
        return ACLNN_SUCCESS;
    /* p = 0 or eval: out = input; p = 1: zeros; maskOut is left as it is in both (the real op
     * draws no mask then) */
    if (p == 0 || !train)
        return rnd_do_mask(executor, input, maskOut, 1.0, MASK_KEEP_ALL, out);
    if (p == 1)
        return rnd_do_mask(executor, input, maskOut, 0.0, MASK_DROP_ALL, out);
    return dropout_draw(executor, input, p, seed, offset, out, maskOut);
}

aclnnStatus aclemu_plan_DropoutV3(aclOpExecutor *executor, const aclTensor *input, const aclTensor *optionalNoiseShape,
                                  double p, int64_t seed, int64_t offset, aclTensor *out, aclTensor *maskOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = dropout_checks(api, input, p, out, maskOut, 1, optionalNoiseShape)))
        return st;
    if (aclemu_tensor_numel(input) == 0)
        return ACLNN_SUCCESS;
    /* p = 0: mask all ones and out = input; p = 1: mask zeros and out zeros (the keep
     * threshold of 1 / 0 draws exactly those) */
    return dropout_draw(executor, input, p, seed, offset, out, maskOut);
}
