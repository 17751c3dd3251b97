/* part mathrest (issue 10): experimental ops-math APIs that are rows of existing pointwise
 * machinery — ApproximateEqual, AddMatMatElements, FusedMulAddN, AddrV2 (+Inplace). */
#include "aclemu_plans.h"
#include "pw_plan.h"

#define EX_FLOATS (PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(BF16))

/* ApproximateEqual (real aclnn_approximate_equal.cpp): null -> x1 in [FLOAT, FLOAT16, BF16],
 * x2 of x1's dtype, y BOOL -> no private format -> ranks <= 8, x1 / x2 / y one shape ->
 * tolerance finite and >= 0. */
aclnnStatus aclemu_plan_ApproximateEqual(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                         float tolerance, aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", EX_FLOATS)) || (st = aclemu_check_same_dtype(api, x2, "x2", x1, "x1")) ||
        (st = aclemu_check_dtype(api, y, "y", PW_DT(BOOL))))
        return st;
    if ((st = aclemu_check_format(api, x1, "x1")) || (st = aclemu_check_format(api, x2, "x2")) ||
        (st = aclemu_check_format(api, y, "y")))
        return st;
    if ((st = aclemu_check_shape(api, x1, "x1", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, x2, "x2", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, y, "y", ACLEMU_MAX_RANK)) || (st = aclemu_check_same_shape(api, x2, "x2", x1, "x1")) ||
        (st = aclemu_check_same_shape(api, y, "y", x1, "x1")))
        return st;
    if (!(tolerance >= 0.0f) || tolerance - tolerance != 0.0f)
        return ACLEMU_PARAM_ERROR(api, "tolerance=%f is illegal (must be finite and >= 0).", (double)tolerance);
    pw_operand ops[2] = {{x1, NULL, 0}, {x2, NULL, 0}};
    pw_args *a = pw_launch_blob(executor, PW_APPROX_EQUAL, ACL_FLOAT, y, ops, 2, 0, NULL, &st);
    if (a)
        a->value_f = tolerance;
    return st;
}

/* AddMatMatElements (real aclnn_add_mat_mat_elements.cpp): null (a, b, c, alpha, beta, cOut) ->
 * b, c, cOut of a's dtype, a in [FLOAT16, FLOAT, BF16] -> no private format -> ranks <= 8 and
 * one shape. Runs as the Addr row: beta * c + alpha * a * b, in FLOAT. */
aclnnStatus aclemu_plan_AddMatMatElements(aclOpExecutor *executor, const aclTensor *a, const aclTensor *b,
                                          const aclTensor *c, const aclScalar *alpha, const aclScalar *beta,
                                          aclTensor *cOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, a, "a")) || (st = aclemu_check_notnull(api, b, "b")) ||
        (st = aclemu_check_notnull(api, c, "c")) || (st = aclemu_check_notnull(api, alpha, "alpha")) ||
        (st = aclemu_check_notnull(api, beta, "beta")) || (st = aclemu_check_notnull(api, cOut, "cOut")))
        return st;
    if ((st = aclemu_check_same_dtype(api, a, "a", b, "b")) || (st = aclemu_check_same_dtype(api, a, "a", c, "c")) ||
        (st = aclemu_check_same_dtype(api, a, "a", cOut, "cOut")) || (st = aclemu_check_dtype(api, a, "a", EX_FLOATS)))
        return st;
    if ((st = aclemu_check_format(api, a, "a")) || (st = aclemu_check_format(api, b, "b")) ||
        (st = aclemu_check_format(api, c, "c")) || (st = aclemu_check_format(api, cOut, "cOut")))
        return st;
    const aclTensor *all[4] = {a, b, c, cOut};
    const char *names[4] = {"a", "b", "c", "cOut"};
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    for (int i = 1; i < 4; i++)
        if ((st = aclemu_check_same_shape(api, a, "a", all[i], names[i])))
            return st;
    pw_operand ops[3] = {{c, NULL, 0}, {a, NULL, 0}, {b, NULL, 0}};
    pw_args *blob = pw_launch_blob(executor, PW_ADDR, ACL_FLOAT, cOut, ops, 3, 0, alpha, &st);
    if (blob) {
        blob->aux_f = (float)aclemu_scalar_to_f64(beta);
        blob->aux_i = aclemu_scalar_to_i64(beta);
    }
    return st;
}

/* AddMatMatElementsPlus (real experimental aclnn_add_mat_mat_elements_plus.cpp): null (c, a, b,
 * beta, alpha, cOut) -> c in [FLOAT, FLOAT16, BF16], a / b / beta / alpha / cOut of c's dtype ->
 * ranks of c, a, b <= 8 -> beta, alpha one element each -> a with b, then c with that broadcast,
 * equal to cOut's shape. Kernels for A2, A3 and 950 only. Runs as the Addr row in FLOAT with
 * alpha / beta read from their device tensors: c * beta + alpha * a * b. */
aclnnStatus aclemu_plan_AddMatMatElementsPlus(aclOpExecutor *executor, const aclTensor *c, const aclTensor *a,
                                              const aclTensor *b, const aclTensor *beta, const aclTensor *alpha,
                                              aclTensor *cOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *all[6] = {c, a, b, beta, alpha, cOut};
    const char *names[6] = {"c", "a", "b", "beta", "alpha", "cOut"};
    for (int i = 0; i < 6; i++)
        if ((st = aclemu_check_notnull(api, all[i], names[i])))
            return st;
    if ((st = aclemu_check_dtype(api, c, "c", EX_FLOATS)))
        return st;
    for (int i = 1; i < 6; i++)
        if ((st = aclemu_check_same_dtype(api, c, "c", all[i], names[i])))
            return st;
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    if (aclemu_tensor_numel(beta) != 1)
        return ACLEMU_PARAM_ERROR(api, "beta must be a scalar tensor with exactly 1 element.");
    if (aclemu_tensor_numel(alpha) != 1)
        return ACLEMU_PARAM_ERROR(api, "alpha must be a scalar tensor with exactly 1 element.");
    int64_t ab[ACLEMU_MAX_RANK], abc[ACLEMU_MAX_RANK];
    uint32_t nab, nabc;
    if (!pw_bcast_dims(a->shape, a->ndim, b->shape, b->ndim, ab, &nab))
        return ACLEMU_PARAM_ERROR(api, "Shape of a and b can't broadcast.");
    if (!pw_bcast_dims(c->shape, c->ndim, ab, nab, abc, &nabc))
        return ACLEMU_PARAM_ERROR(api, "Shape of c and broadcast(a,b) can't broadcast.");
    int same = cOut->ndim == nabc;
    for (uint32_t d = 0; same && d < nabc; d++)
        same = cOut->shape[d] == abc[d];
    if (!same)
        return ACLEMU_PARAM_ERROR(api, "Shape cOut mismatch broadcast result.");
    if (aclemu_tensor_numel(c) == 0 || aclemu_tensor_numel(a) == 0 || aclemu_tensor_numel(b) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    pw_operand ops[3] = {{c, NULL, 0}, {a, NULL, 0}, {b, NULL, 0}};
    pw_args *blob = pw_launch_blob(executor, PW_ADDR, ACL_FLOAT, cOut, ops, 3, PW_TENSOR_VALUES, NULL, &st);
    if (blob && !(st = aclemu_exec_tdesc(executor, blob, &blob->tval[0], alpha)))
        st = aclemu_exec_tdesc(executor, blob, &blob->tval[1], beta);
    return st;
}

/* FusedMulAddN (real aclnn_fused_mul_add_n.cpp): null -> x1 in [FLOAT, FLOAT16, BF16, INT32,
 * INT16], x2 / x3 / y of x1's dtype -> ranks <= 8, x2 and y of x1's shape, x3 one element ->
 * no private format. y = x2 + x1 * x3[0] (the Addcmul row with value 1; integers wrap). */
aclnnStatus aclemu_plan_FusedMulAddN(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                     const aclTensor *x3, aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, x3, "x3")) || (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = aclemu_check_dtype(api, x1, "x1", EX_FLOATS | PW_DT(INT32) | PW_DT(INT16))) ||
        (st = aclemu_check_same_dtype(api, x2, "x2", x1, "x1")) || (st = aclemu_check_same_dtype(api, x3, "x3", x1, "x1")) ||
        (st = aclemu_check_same_dtype(api, y, "y", x1, "x1")))
        return st;
    if ((st = aclemu_check_shape(api, x1, "x1", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, x2, "x2", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, x3, "x3", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, y, "y", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, x2, "x2", x1, "x1")) || (st = aclemu_check_same_shape(api, y, "y", x1, "x1")))
        return st;
    if (aclemu_tensor_numel(x3) != 1)
        return ACLEMU_PARAM_ERROR(api, "x3 must be a single-element scalar tensor (ShapeSize == 1), but got ShapeSize %lld.",
                                  (long long)aclemu_tensor_numel(x3));
    /* x3 is read through a broadcast view of y's rank: one extra leading 1-dim cannot be
     * expressed that way, so such an x3 is refused rather than misread. */
    if (x3->ndim > y->ndim)
        return ACLEMU_PARAM_ERROR(api, "x3 of rank %u can not broadcast to y of rank %u.", x3->ndim, y->ndim);
    if ((st = aclemu_check_format(api, x1, "x1")) || (st = aclemu_check_format(api, x2, "x2")) ||
        (st = aclemu_check_format(api, x3, "x3")) || (st = aclemu_check_format(api, y, "y")))
        return st;
    aclDataType compute = aclemu_dtype_is_float(x1->dtype) ? ACL_FLOAT : x1->dtype;
    pw_operand ops[3] = {{x2, NULL, 0}, {x1, NULL, 0}, {x3, NULL, 0}};
    pw_args *a = pw_launch_blob(executor, PW_ADDCMUL, compute, y, ops, 3, 0, NULL, &st);
    if (a) {
        a->value_f = 1.0;
        a->value_i = 1;
    }
    return st;
}

/* AddrV2 (real experimental/math/addr_v2/op_api/aclnn_addr_v2.cpp): aclnnAddr's code with one
 * dtype list for every chip (the 910B one; BF16 still only where the chip has it). */
aclnnStatus aclemu_plan_AddrV2(aclOpExecutor *executor, const aclTensor *self, const aclTensor *vec1,
                               const aclTensor *vec2, const aclScalar *betaOptional, const aclScalar *alphaOptional,
                               aclTensor *out)
{
    return aclemu_plan_Addr(executor, self, vec1, vec2, betaOptional, alphaOptional, out);
}

aclnnStatus aclemu_plan_InplaceAddrV2(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *vec1,
                                      const aclTensor *vec2, const aclScalar *betaOptional,
                                      const aclScalar *alphaOptional)
{
    return aclemu_plan_InplaceAddr(executor, selfRef, vec1, vec2, betaOptional, alphaOptional);
}

/* DivV3 (real experimental/math/div_v3): null -> self in [FLOAT, FLOAT16, BF16, INT32, INT16],
 * other and out of self's dtype -> mode in [0, 2] -> ranks <= 8, broadcast, out's shape. The
 * kernel computes in FLOAT for every dtype (integers cast in, the quotient rounded by the mode,
 * cast back with truncation), so this does too. */
aclnnStatus aclemu_plan_DivV3(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, int64_t mode,
                              aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", EX_FLOATS | PW_DT(INT32) | PW_DT(INT16))))
        return st;
    if (other->dtype != self->dtype)
        return ACLEMU_PARAM_ERROR(api, "self and other must have same dtype.");
    if (out->dtype != self->dtype)
        return ACLEMU_PARAM_ERROR(api, "input and output must have same dtype.");
    if (mode < 0 || mode > 2)
        return ACLEMU_PARAM_ERROR(api, "mode must be 0 (RealDiv), 1 (TruncDiv), or 2 (FloorDiv), but got %lld.",
                                  (long long)mode);
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, other, "other", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t shape[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = pw_broadcast(api, self, "self", other, "other", shape, &nd)) ||
        (st = pw_check_out_shape(api, shape, nd, out, "out")))
        return st;
    pw_operand ops[2] = {{self, NULL, 0}, {other, NULL, 0}};
    pw_args *a = pw_launch_blob(executor, PW_DIV_V3, ACL_FLOAT, out, ops, 2, 0, NULL, &st);
    if (a)
        a->value_f = (double)mode;
    return st;
}
