/* Three-operand ops of ops-math on the pointwise driver: Addcdiv / Addcmul (+Inplace), Lerp /
 * Lerps (+Inplace), SWhere, InplaceMaskedFillScalar / InplaceMaskedFillTensor; and Ger (outer
 * product) on the arithmetic binary Mul kernel over a 2-D broadcast view. Each follows its real
 * op_api (math/addcdiv, addcmul, lerp, select, ger; conversion/masked_fill). */
#include <string.h>

#include "aclemu_plans.h"
#include "binary_args.h"
#include "pw_plan.h"

#define ADDC_910 (PW_DT(FLOAT) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(DOUBLE))
static const pw_dtypes addcdiv_dtypes = {ADDC_910 | PW_DT(BF16), ADDC_910 | PW_DT(BF16), ADDC_910};
#define ADDCMUL_910 \
    (PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(INT8) | PW_DT(UINT8) | PW_DT(DOUBLE))
static const pw_dtypes addcmul_dtypes = {ADDCMUL_910 | PW_DT(BF16), ADDCMUL_910 | PW_DT(BF16), ADDCMUL_910};

static aclnnStatus bcast_or(const char *api, const int64_t *a, uint32_t na, const int64_t *b, uint32_t nb, int64_t *o,
                            uint32_t *no, const char *msg)
{
    return pw_bcast_dims(a, na, b, nb, o, no) ? ACLNN_SUCCESS : ACLEMU_PARAM_ERROR(api, "%s", msg);
}

static aclnnStatus out_shape_is(const char *api, const aclTensor *out, const char *on, const int64_t *s, uint32_t n)
{
    int same = out->ndim == n;
    for (uint32_t d = 0; same && d < n; d++)
        same = out->shape[d] == s[d];
    if (same)
        return ACLNN_SUCCESS;
    char b1[160], b2[160];
    return ACLEMU_PARAM_ERROR(api, "Shape of %s should be %s, but current is %s.", on, aclemu_shape_str(s, n, b1, sizeof b1),
                              aclemu_shape_str(out->shape, out->ndim, b2, sizeof b2));
}

/* Addcdiv (op PW_ADDCDIV) and Addcmul (PW_ADDCMUL): dtypes of self / tensor1 / tensor2 in the list,
 * promotion tensor1 x tensor2 then with self, castable to out, ranks, broadcast. */
static aclnnStatus addc_plan(aclOpExecutor *ex, int op, const aclTensor *self, const aclTensor *t1, const aclTensor *t2,
                             const aclScalar *value, const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = inplace ? "selfRef" : "self", *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, t1, "tensor1")) ||
        (st = aclemu_check_notnull(api, t2, "tensor2")) || (st = aclemu_check_notnull(api, value, "value")) ||
        (st = aclemu_check_notnull(api, out, on)))
        return st;
    aclemu_dtype_set dts = pw_pick(op == PW_ADDCDIV ? &addcdiv_dtypes : &addcmul_dtypes);
    if ((st = aclemu_check_dtype(api, self, sn, dts)) || (st = aclemu_check_dtype(api, t1, "tensor1", dts)) ||
        (st = aclemu_check_dtype(api, t2, "tensor2", dts)))
        return st;
    aclDataType p12 = aclemu_promote_types(t1->dtype, t2->dtype);
    if (p12 == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "tensor1 dtype %s and tensor2 dtype %s can not promote dtype.",
                                  aclemu_dtype_name(t1->dtype), aclemu_dtype_name(t2->dtype));
    aclDataType promoted = aclemu_promote_types(self->dtype, p12);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "self dtype %s and tensor1 * tensor2 dtype %s * %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(t1->dtype),
                                  aclemu_dtype_name(t2->dtype));
    if ((st = aclemu_check_can_cast(api, promoted, out, on)))
        return st;
    if ((st = pw_check_rank(api, self, sn)) || (st = pw_check_rank(api, t1, "tensor1")) ||
        (st = pw_check_rank(api, t2, "tensor2")) || (st = pw_check_rank(api, out, on)))
        return st;
    int64_t s1[ACLEMU_MAX_RANK], s2[ACLEMU_MAX_RANK];
    uint32_t n1, n2;
    if ((st = pw_broadcast(api, t1, "tensor1", t2, "tensor2", s1, &n1)) ||
        (st = bcast_or(api, self->shape, self->ndim, s1, n1, s2, &n2, "Shape of self and other can't broadcast.")))
        return st;
    if ((st = pw_check_out_shape(api, s2, n2, out, on)))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(t1) == 0 || aclemu_tensor_numel(t2) == 0)
        return ACLNN_SUCCESS;
    pw_operand ops[3] = {{self, NULL}, {t1, NULL}, {t2, NULL}};
    return pw_launch(ex, op, promoted, out, ops, 3, 0, value);
}

aclnnStatus aclemu_plan_Addcdiv(aclOpExecutor *executor, const aclTensor *self, const aclTensor *tensor1,
                                const aclTensor *tensor2, const aclScalar *value, const aclTensor *out)
{
    return addc_plan(executor, PW_ADDCDIV, self, tensor1, tensor2, value, out, 0);
}
aclnnStatus aclemu_plan_InplaceAddcdiv(aclOpExecutor *executor, const aclTensor *selfRef, const aclTensor *tensor1,
                                       const aclTensor *tensor2, const aclScalar *value)
{
    return addc_plan(executor, PW_ADDCDIV, selfRef, tensor1, tensor2, value, selfRef, 1);
}
aclnnStatus aclemu_plan_Addcmul(aclOpExecutor *executor, const aclTensor *self, const aclTensor *tensor1,
                                const aclTensor *tensor2, const aclScalar *value, aclTensor *out)
{
    return addc_plan(executor, PW_ADDCMUL, self, tensor1, tensor2, value, out, 0);
}
aclnnStatus aclemu_plan_InplaceAddcmul(aclOpExecutor *executor, const aclTensor *selfRef, const aclTensor *tensor1,
                                       const aclTensor *tensor2, const aclScalar *value)
{
    return addc_plan(executor, PW_ADDCMUL, selfRef, tensor1, tensor2, value, selfRef, 1);
}

/* ---- Lerp / Lerps: FLOAT16 / FLOAT (+BF16); end, weight and out of self's dtype (Lerps: out in
 * its own list, the result cast to it) ---------------------------------------------------------- */
#define LERP_910 (PW_DT(FLOAT16) | PW_DT(FLOAT))
static const pw_dtypes lerp_dtypes = {LERP_910 | PW_DT(BF16), LERP_910 | PW_DT(BF16), LERP_910};
static const pw_dtypes lerps_out = {LERP_910 | PW_DT(DOUBLE) | PW_DT(BF16), LERP_910 | PW_DT(DOUBLE) | PW_DT(BF16),
                                    LERP_910 | PW_DT(DOUBLE)};

static aclnnStatus lerp_plan(aclOpExecutor *ex, const aclTensor *self, const aclTensor *end, const aclTensor *weight,
                             const aclScalar *weight_s, const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = inplace ? "selfRef" : "self", *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    const void *w = weight ? (const void *)weight : (const void *)weight_s;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, end, "end")) ||
        (st = aclemu_check_notnull(api, w, "weight")) || (st = aclemu_check_notnull(api, out, on)))
        return st;
    aclemu_dtype_set dts = pw_pick(&lerp_dtypes);
    if ((st = aclemu_check_dtype(api, self, sn, dts)))
        return st;
    if (weight_s && (st = aclemu_check_dtype(api, end, "end", dts)))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, sn, end, "end")))
        return st;
    if (weight && (st = aclemu_check_same_dtype(api, self, sn, weight, "weight")))
        return st;
    if (weight && (st = aclemu_check_same_dtype(api, self, sn, out, on)))
        return st;
    if (weight_s && (st = aclemu_check_dtype(api, out, on, pw_pick(&lerps_out))))
        return st;
    int64_t s1[ACLEMU_MAX_RANK], s2[ACLEMU_MAX_RANK];
    uint32_t n1, n2;
    if ((st = bcast_or(api, self->shape, self->ndim, end->shape, end->ndim, s1, &n1,
                       "Shape of self and end can't broadcast.")))
        return st;
    if (weight) {
        if ((st = bcast_or(api, s1, n1, weight->shape, weight->ndim, s2, &n2,
                           "Shape of self, end and weight can't broadcast.")))
            return st;
    } else {
        memcpy(s2, s1, sizeof s1);
        n2 = n1;
    }
    if ((st = out_shape_is(api, out, on, s2, n2)))
        return st;
    if ((st = pw_check_rank(api, self, sn)) || (st = pw_check_rank(api, end, "end")) ||
        (st = pw_check_rank(api, weight, "weight")))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    /* Lerps converts the weight to self's dtype, to FLOAT on RegBase (InferScalarTensorDtype) */
    pw_operand ops[3] = {{self, NULL, 0}, {end, NULL, 0}, {weight, weight_s, pw_arch() == PW_ARCH_REGBASE}};
    return pw_launch(ex, PW_LERP, self->dtype, out, ops, 3, 0, NULL);
}

aclnnStatus aclemu_plan_Lerp(aclOpExecutor *executor, const aclTensor *self, const aclTensor *end,
                             const aclTensor *weight, aclTensor *out)
{
    return lerp_plan(executor, self, end, weight, NULL, out, 0);
}
aclnnStatus aclemu_plan_InplaceLerp(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *end,
                                    const aclTensor *weight)
{
    return lerp_plan(executor, selfRef, end, weight, NULL, selfRef, 1);
}
aclnnStatus aclemu_plan_Lerps(aclOpExecutor *executor, const aclTensor *self, const aclTensor *end,
                              const aclScalar *weight, aclTensor *out)
{
    return lerp_plan(executor, self, end, NULL, weight, out, 0);
}
aclnnStatus aclemu_plan_InplaceLerps(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *end,
                                     const aclScalar *weight)
{
    return lerp_plan(executor, selfRef, end, NULL, weight, selfRef, 1);
}

/* ---- SWhere: condition BOOL / UINT8; self, other, out in the list; computed in the promotion of
 * self and other, cast to out ---------------------------------------------------------------- */
#define WHERE_910                                                                                                  \
    (PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(UINT64) | PW_DT(INT64) | PW_DT(UINT32) | PW_DT(FLOAT16) | PW_DT(UINT16) | \
     PW_DT(INT16) | PW_DT(INT8) | PW_DT(UINT8) | PW_DT(DOUBLE) | PW_DT(BOOL) | PW_DT(COMPLEX64) | PW_DT(COMPLEX128))
static const pw_dtypes where_dtypes = {WHERE_910 | PW_DT(BF16), WHERE_910 | PW_DT(BF16), WHERE_910};

aclnnStatus aclemu_plan_SWhere(aclOpExecutor *executor, const aclTensor *condition, const aclTensor *self,
                               const aclTensor *other, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, condition, "condition")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = pw_pick(&where_dtypes);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, other, "other", dts)) ||
        (st = aclemu_check_dtype(api, out, "out", dts)) ||
        (st = aclemu_check_dtype(api, condition, "condition", PW_DT(BOOL) | PW_DT(UINT8))))
        return st;
    if ((st = pw_check_rank(api, self, "self")) || (st = pw_check_rank(api, other, "other")) ||
        (st = pw_check_rank(api, condition, "condition")))
        return st;
    int64_t s1[ACLEMU_MAX_RANK], s2[ACLEMU_MAX_RANK];
    uint32_t n1, n2;
    if ((st = pw_broadcast(api, self, "self", other, "other", s1, &n1)) ||
        (st = bcast_or(api, s1, n1, condition->shape, condition->ndim, s2, &n2,
                       "Shape of self other and condition can't broadcast.")) ||
        (st = out_shape_is(api, out, "out", s2, n2)))
        return st;
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(condition) == 0 || aclemu_tensor_numel(other) == 0)
        return ACLNN_SUCCESS;
    aclDataType promoted = aclemu_promote_types(self->dtype, other->dtype);
    if (promoted == ACL_DT_UNDEFINED || !aclemu_can_cast(promoted, out->dtype))
        return ACLEMU_PARAM_ERROR(api, "self dtype %s and other dtype %s can not promote to out dtype %s.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype),
                                  aclemu_dtype_name(out->dtype));
    /* complex values are selected bit for bit; a mixed complex selection would need a convert */
    if (aclemu_dtype_is_complex(promoted) && (self->dtype != out->dtype || other->dtype != out->dtype))
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api,
                               "SWhere with mixed complex dtypes (%s, %s -> %s) is not implemented.",
                               aclemu_dtype_name(self->dtype), aclemu_dtype_name(other->dtype),
                               aclemu_dtype_name(out->dtype));
    pw_operand ops[3] = {{condition, NULL}, {self, NULL}, {other, NULL}};
    return pw_launch(executor, PW_WHERE, promoted, out, ops, 3, 0, NULL);
}

/* ---- InplaceMaskedFillScalar / Tensor: selfRef[mask] = value (cast to selfRef's dtype) -------- */
#define MF_LIST \
    (PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(INT8) | PW_DT(BOOL) | PW_DT(BF16))

static aclnnStatus masked_fill(aclOpExecutor *ex, aclTensor *selfRef, const aclTensor *mask, const aclTensor *value,
                               const aclScalar *value_s)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    const void *v = value ? (const void *)value : (const void *)value_s;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_notnull(api, mask, "mask")) ||
        (st = aclemu_check_notnull(api, v, "value")))
        return st;
    if (selfRef->dtype == ACL_BF16 && !aclemu_dtype_in(ACL_BF16, aclemu_chip_dtypes(PW_DT(BF16))))
        return ACLEMU_PARAM_ERROR(api, "Input dtype of %s is not support bfloat16 in current socversion.", api);
    if ((st = aclemu_check_dtype(api, selfRef, "selfRef", MF_LIST)))
        return st;
    if (value && (st = aclemu_check_dtype(api, value, "value", MF_LIST)))
        return st;
    if (mask->dtype != ACL_BOOL)
        return ACLEMU_PARAM_ERROR(api, "mask dtype %s should be DT_BOOL.", aclemu_dtype_name(mask->dtype));
    if ((st = pw_check_rank(api, selfRef, "selfRef")) || (st = pw_check_rank(api, mask, "mask")))
        return st;
    if (value && value->ndim != 0)
        return ACLEMU_PARAM_ERROR(api, "value dim %u should be 0.", value->ndim);
    int64_t s[ACLEMU_MAX_RANK];
    uint32_t n;
    if ((st = pw_broadcast(api, selfRef, "selfRef", mask, "mask", s, &n)) ||
        (st = out_shape_is(api, selfRef, "out", s, n)))
        return st;
    if (aclemu_tensor_numel(selfRef) == 0 || aclemu_tensor_numel(mask) == 0)
        return ACLNN_SUCCESS;
    pw_operand ops[3] = {{mask, NULL}, {value, value_s}, {selfRef, NULL}};
    return pw_launch(ex, PW_WHERE, selfRef->dtype, selfRef, ops, 3, 0, NULL);
}

aclnnStatus aclemu_plan_InplaceMaskedFillScalar(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *mask,
                                                const aclScalar *value)
{
    return masked_fill(executor, selfRef, mask, NULL, value);
}
aclnnStatus aclemu_plan_InplaceMaskedFillTensor(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *mask,
                                                const aclTensor *value)
{
    return masked_fill(executor, selfRef, mask, value, NULL);
}

/* ---- Ger: out (n, m) = self (n) x vec2 (m), in the promotion of the two, cast to out -------- */
#define GER_LIST                                                                                                \
    (PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(INT32) | PW_DT(DOUBLE) | PW_DT(INT8) | PW_DT(UINT8) | PW_DT(INT16) | \
     PW_DT(BOOL) | PW_DT(INT64) | PW_DT(COMPLEX64) | PW_DT(COMPLEX128))
static const pw_dtypes ger_dtypes = {GER_LIST, GER_LIST | PW_DT(BF16), GER_LIST};

aclnnStatus aclemu_plan_Ger(aclOpExecutor *executor, const aclTensor *self, const aclTensor *vec2, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, vec2, "vec2")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set dts = pw_pick(&ger_dtypes);
    if ((st = aclemu_check_dtype(api, self, "self", dts)) || (st = aclemu_check_dtype(api, vec2, "vec2", dts)))
        return st;
    aclDataType promoted = aclemu_promote_types(self->dtype, vec2->dtype);
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Self dtype %s and vec2 dtype %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(vec2->dtype));
    if ((st = aclemu_check_can_cast(api, promoted, out, "out")))
        return st;
    if (self->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "Expected 1-D argument, but got %u-D.", self->ndim);
    if (vec2->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "Expected 1-D argument, but got %u-D.", vec2->ndim);
    if (out->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "Expected 2-D argument, but got %u-D.", out->ndim);
    if (out->shape[0] != self->shape[0] || out->shape[1] != vec2->shape[0])
        return ACLEMU_PARAM_ERROR(api, "Expected sizes of out{%ld, %ld}should be equal to self * vec2 {%ld, %ld}",
                                  (long)out->shape[0], (long)out->shape[1], (long)self->shape[0],
                                  (long)vec2->shape[0]);
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, vec2, "vec2", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    uint64_t numel = (uint64_t)aclemu_tensor_numel(out);
    if (numel == 0)
        return ACLNN_SUCCESS;
    /* out[i][j] = self[i] * vec2[j]: the 2-D space (n, m) with self walked along dim 0 only and
     * vec2 along dim 1 only, on the arithmetic binary Mul kernel */
    uint32_t block_dim;
    uint64_t per_block;
    aclemu_tile_1d(numel, aclemu_vector_core_num(aclemu_op_profile()), 4096, 64, &block_dim, &per_block);
    binary_args *a = (binary_args *)aclemu_exec_add_launch(executor, "Mul", block_dim, sizeof(binary_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->ew.numel = numel;
    a->ew.per_block = per_block;
    a->ew.ndim = 2;
    a->ew.nops = 3;
    a->ew.shape[0] = out->shape[0];
    a->ew.shape[1] = out->shape[1];
    /* vec2 is the kernel's self (contiguous along the rows), self the per-row factor: the Mul
     * kernel's broadcast-scalar fast path then serves each row */
    const aclTensor *ts[3] = {out, vec2, self};
    for (int k = 0; k < 3; k++) {
        a->ew.op[k].offset = ts[k]->offset;
        a->ew.op[k].dtype = (int32_t)ts[k]->dtype;
    }
    a->ew.op[0].stride[0] = out->stride[0];
    a->ew.op[0].stride[1] = out->stride[1];
    a->ew.op[1].stride[1] = vec2->stride[0];
    a->ew.op[2].stride[0] = self->stride[0];
    for (int k = 0; k < 3; k++)
        if ((st = aclemu_exec_bind_tensor(executor, a, &a->ew.op[k].addr, ts[k])))
            return st;
    a->other_is_tensor = 1;
    a->promoted = (int32_t)promoted;
    a->alpha_f = 1.0;
    a->alpha_i = 1;
    return ACLNN_SUCCESS;
}

/* ---- Addr / InplaceAddr: out (n, m) = beta * self + alpha * vec1 (n) x vec2 (m), computed in the
 * promotion of the three; beta 0 ignores self (math/addr/op_api/aclnn_addr.cpp) ---------------- */
#define ADDR_910                                                                                              \
    (PW_DT(DOUBLE) | PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(INT64) | PW_DT(INT32) | PW_DT(INT16) | PW_DT(INT8) | \
     PW_DT(UINT8) | PW_DT(BOOL))
static const pw_dtypes addr_dtypes = {ADDR_910 | PW_DT(BF16), ADDR_910 | PW_DT(BF16), ADDR_910};

/* Stride of t's dim `d` of an (n, m) broadcast, t aligned to the right (0 where broadcast). */
static int64_t outer_stride(const aclTensor *t, int d)
{
    int di = d - (2 - (int)t->ndim);
    return (di < 0 || t->shape[di] == 1) ? 0 : t->stride[di];
}

static aclnnStatus addr_plan(aclOpExecutor *ex, const aclTensor *self, const aclTensor *vec1, const aclTensor *vec2,
                             const aclScalar *beta, const aclScalar *alpha, const aclTensor *out, int inplace)
{
    const char *api = aclemu_exec_api(ex), *sn = inplace ? "selfRef" : "self", *on = inplace ? "selfRef" : "out";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sn)) || (st = aclemu_check_notnull(api, vec1, "vec1")) ||
        (st = aclemu_check_notnull(api, vec2, "vec2")) || (st = aclemu_check_notnull(api, out, on)))
        return st;
    aclemu_dtype_set dts = pw_pick(&addr_dtypes);
    if ((st = aclemu_check_dtype(api, self, sn, dts)) || (st = aclemu_check_dtype(api, vec1, "vec1", dts)) ||
        (st = aclemu_check_dtype(api, vec2, "vec2", dts)) || (st = aclemu_check_dtype(api, out, on, dts)))
        return st;
    if (beta && (st = aclemu_check_dtype_value(api, beta->dtype, "betaOptional", dts)))
        return st;
    if (alpha && (st = aclemu_check_dtype_value(api, alpha->dtype, "alphaOptional", dts)))
        return st;
    aclDataType hi = aclemu_promote_types(self->dtype, aclemu_promote_types(vec2->dtype, vec1->dtype));
    if (hi == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "self, vec1 and vec2 dtypes %s, %s, %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(vec1->dtype),
                                  aclemu_dtype_name(vec2->dtype));
    if ((st = aclemu_check_can_cast(api, hi, out, on)))
        return st;
    if (beta && hi != ACL_BOOL && beta->dtype == ACL_BOOL)
        return ACLEMU_PARAM_ERROR(api, "Boolean beta only supported for Boolean results.");
    if (alpha && hi != ACL_BOOL && alpha->dtype == ACL_BOOL)
        return ACLEMU_PARAM_ERROR(api, "Boolean alpha only supported for Boolean results.");
    int all_int = !aclemu_dtype_is_float(self->dtype) && !aclemu_dtype_is_float(vec1->dtype) &&
                  !aclemu_dtype_is_float(vec2->dtype);
    if (all_int && beta && (aclemu_dtype_is_float(beta->dtype) || aclemu_dtype_is_complex(beta->dtype)))
        return ACLEMU_PARAM_ERROR(api, "For integral input tensors, argument beta must not be a floating point number");
    if (all_int && alpha && (aclemu_dtype_is_float(alpha->dtype) || aclemu_dtype_is_complex(alpha->dtype)))
        return ACLEMU_PARAM_ERROR(api, "For integral input tensors, argument alpha must not be a floating point number");
    if (vec1->ndim != 1 || vec2->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "%s dim %u should be 1.", vec1->ndim != 1 ? "vec1" : "vec2",
                                  vec1->ndim != 1 ? vec1->ndim : vec2->ndim);
    if (self->ndim > 2 || (inplace && self->ndim != 2))
        return ACLEMU_PARAM_ERROR(api, "%s dim %u should be %s 2.", sn, self->ndim, inplace ? "" : "at most");
    int64_t outer[2] = {vec1->shape[0], vec2->shape[0]}, bs[ACLEMU_MAX_RANK];
    uint32_t bn = 2;
    char b1[160], b2[160], b3[160];
    if (!inplace && !pw_bcast_dims(self->shape, self->ndim, outer, 2, bs, &bn))
        return ACLEMU_PARAM_ERROR(api, "the size of tensor self %s must match the size of tensor outer %s.",
                                  aclemu_shape_str(self->shape, self->ndim, b1, sizeof b1),
                                  aclemu_shape_str(outer, 2, b2, sizeof b2));
    if (inplace)
        memcpy(bs, self->shape, 2 * sizeof(int64_t));
    if (bn != 2 || bs[0] != outer[0] || bs[1] != outer[1])
        return ACLEMU_PARAM_ERROR(api, "size mismatch, input: %s, v1: %s, v2: %s", aclemu_shape_str(bs, bn, b1, sizeof b1),
                                  aclemu_shape_str(vec1->shape, 1, b2, sizeof b2),
                                  aclemu_shape_str(vec2->shape, 1, b3, sizeof b3));
    if ((st = pw_check_out_shape(api, outer, 2, out, on)))
        return st;
    uint64_t numel = (uint64_t)(outer[0] * outer[1]);
    if (numel == 0)
        return ACLNN_SUCCESS;
    /* the 2-D space (n, m): self broadcast, vec1 along dim 0, vec2 along dim 1 */
    uint32_t block_dim;
    uint64_t per_block;
    aclemu_tile_1d(numel, aclemu_vector_core_num(aclemu_op_profile()), 4096, 64, &block_dim, &per_block);
    pw_args *a = (pw_args *)aclemu_exec_add_launch(ex, "Pointwise", block_dim, sizeof(pw_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->ew.numel = numel;
    a->ew.per_block = per_block;
    a->ew.ndim = 2;
    a->ew.nops = 4;
    a->ew.shape[0] = outer[0];
    a->ew.shape[1] = outer[1];
    const aclTensor *ts[4] = {out, self, vec1, vec2};
    for (int k = 0; k < 4; k++) {
        a->ew.op[k].offset = ts[k]->offset;
        a->ew.op[k].dtype = (int32_t)ts[k]->dtype;
    }
    for (int d = 0; d < 2; d++) {
        a->ew.op[0].stride[d] = out->stride[d];
        a->ew.op[1].stride[d] = outer_stride(self, d);
    }
    a->ew.op[2].stride[0] = outer[0] == 1 ? 0 : vec1->stride[0];
    a->ew.op[3].stride[1] = outer[1] == 1 ? 0 : vec2->stride[0];
    for (int k = 0; k < 4; k++)
        if ((st = aclemu_exec_bind_tensor(ex, a, &a->ew.op[k].addr, ts[k])))
            return st;
    a->op = PW_ADDR;
    a->compute = (int32_t)hi;
    a->narg = 3;
    a->src[0] = 1;
    a->src[1] = 2;
    a->src[2] = 3;
    /* alpha / beta as the compute dtype holds them; absent ones are 1 */
    double bf = beta ? aclemu_scalar_to_f64(beta) : 1.0, af = alpha ? aclemu_scalar_to_f64(alpha) : 1.0;
    if (hi == ACL_FLOAT16) {
        bf = aclemu_half_to_float(aclemu_float_to_half((float)bf));
        af = aclemu_half_to_float(aclemu_float_to_half((float)af));
    } else if (hi == ACL_BF16) {
        bf = aclemu_bf16_to_float(aclemu_float_to_bf16((float)bf));
        af = aclemu_bf16_to_float(aclemu_float_to_bf16((float)af));
    }
    a->aux_f = bf;
    a->value_f = af;
    a->aux_i = beta ? aclemu_scalar_to_i64(beta) : 1;
    a->value_i = alpha ? aclemu_scalar_to_i64(alpha) : 1;
    if (beta && bf == 0)
        a->flags |= PW_IGNORE_A;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Addr(aclOpExecutor *executor, const aclTensor *self, const aclTensor *vec1,
                             const aclTensor *vec2, const aclScalar *betaOptional, const aclScalar *alphaOptional,
                             aclTensor *out)
{
    return addr_plan(executor, self, vec1, vec2, betaOptional, alphaOptional, out, 0);
}

aclnnStatus aclemu_plan_InplaceAddr(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *vec1,
                                    const aclTensor *vec2, const aclScalar *betaOptional,
                                    const aclScalar *alphaOptional)
{
    return addr_plan(executor, selfRef, vec1, vec2, betaOptional, alphaOptional, selfRef, 1);
}
