/* Shared planning of the pointwise family: arch lists, promotion, scalar conversion, launch. */
#include <string.h>

#include "pw_plan.h"

int pw_arch(void)
{
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_A2: case ACLEMU_FAMILY_A3: return PW_ARCH_2201;
    case ACLEMU_FAMILY_950: return PW_ARCH_REGBASE;
    default: return PW_ARCH_OTHER;
    }
}

aclemu_dtype_set pw_pick(const pw_dtypes *d)
{
    switch (pw_arch()) {
    case PW_ARCH_2201: return d->a2201;
    case PW_ARCH_REGBASE: return d->regbase;
    default: return d->other;
    }
}

aclDataType pw_scalar_default(aclDataType dt)
{
    if (aclemu_dtype_is_complex(dt))
        return ACL_COMPLEX64;
    if (aclemu_dtype_is_float(dt))
        return ACL_FLOAT;
    return dt;
}

static aclDataType to_complex(aclDataType dt)
{
    switch (dt) {
    case ACL_BF16: case ACL_FLOAT: return ACL_COMPLEX64;
    case ACL_FLOAT16: return ACL_COMPLEX32;
    case ACL_DOUBLE: return ACL_COMPLEX128;
    default: return aclemu_dtype_is_complex(dt) ? dt : ACL_DT_UNDEFINED;
    }
}

aclDataType pw_combine_categories(aclDataType higher, aclDataType lower)
{
    if (aclemu_dtype_is_complex(higher))
        return higher;
    if (aclemu_dtype_is_complex(lower))
        return aclemu_dtype_is_float(higher) ? to_complex(higher) : lower;
    if (aclemu_dtype_is_float(higher))
        return higher;
    if (higher == ACL_BOOL || aclemu_dtype_is_float(lower))
        return aclemu_promote_types(higher, lower);
    return higher != ACL_DT_UNDEFINED ? higher : lower;
}

/* A scalar as the compute dtype holds it (what ConvertToTensor(scalar, compute) stores). */
static void scalar_to_compute(const aclScalar *s, aclDataType compute, double *f, int64_t *i)
{
    double v = aclemu_scalar_to_f64(s);
    switch (compute) {
    case ACL_FLOAT: *f = (float)v; break;
    case ACL_FLOAT16: *f = aclemu_half_to_float(aclemu_float_to_half((float)v)); break;
    case ACL_BF16: *f = aclemu_bf16_to_float(aclemu_float_to_bf16((float)v)); break;
    case ACL_COMPLEX64: *f = (float)v; break;
    default: *f = v; break;
    }
    /* integer compute dtypes: integral scalars exactly (then wrapped), float ones truncated */
    int64_t iv = aclemu_dtype_is_float(s->dtype) || aclemu_dtype_is_complex(s->dtype)
                     ? (v != v ? 0 : v >= 9.2233720368547758e18 ? INT64_MAX : v <= -9.2233720368547758e18 ? INT64_MIN
                                                                                                              : (int64_t)v)
                     : aclemu_scalar_to_i64(s);
    switch (compute) {
    case ACL_INT8: iv = (int8_t)iv; break;
    case ACL_UINT8: iv = (uint8_t)iv; break;
    case ACL_INT16: iv = (int16_t)iv; break;
    case ACL_UINT16: iv = (uint16_t)iv; break;
    case ACL_INT32: iv = (int32_t)iv; break;
    case ACL_UINT32: iv = (uint32_t)iv; break;
    case ACL_BOOL: iv = iv != 0 || v != 0; break;
    default: break;
    }
    *i = iv;
}

static double scalar_imag(const aclScalar *s)
{
    if (s->dtype == ACL_COMPLEX64)
        return s->v.c64[1];
    if (s->dtype == ACL_COMPLEX128)
        return s->v.c128[1];
    return 0.0;
}

aclnnStatus pw_launch(aclOpExecutor *ex, int op, aclDataType compute, const aclTensor *out, const pw_operand *ops,
                      int narg, int flags, const aclScalar *value)
{
    aclnnStatus st;
    pw_launch_blob(ex, op, compute, out, ops, narg, flags, value, &st);
    return st;
}

pw_args *pw_launch_blob(aclOpExecutor *ex, int op, aclDataType compute, const aclTensor *out, const pw_operand *ops,
                        int narg, int flags, const aclScalar *value, aclnnStatus *status)
{
    const aclTensor *ins[3] = {NULL, NULL, NULL};
    uint32_t nin = 0;
    int32_t src[3] = {0, 0, 0};
    for (int j = 0; j < narg; j++)
        if (ops[j].t) {
            ins[nin] = ops[j].t;
            src[j] = (int32_t)++nin;
        }
    pw_args *a = (pw_args *)aclemu_ew_launch(ex, "Pointwise", sizeof(pw_args), out, ins, nin, status);
    if (!a)
        return NULL;
    a->op = op;
    a->compute = (int32_t)compute;
    a->narg = narg;
    a->flags = flags;
    /* Where's condition is read as BOOL whatever the compute dtype */
    for (int j = 0; j < narg; j++) {
        a->src[j] = src[j];
        if (!ops[j].t && ops[j].s)
            scalar_to_compute(ops[j].s, j == 0 && op == PW_WHERE ? ACL_BOOL : ops[j].scalar_as_float ? ACL_FLOAT : compute,
                              &a->sf[j], &a->si[j]);
    }
    if (aclemu_dtype_is_complex(compute) && narg == 2)
        for (int j = 0; j < 2; j++)
            if (!ops[j].t && ops[j].s)
                a->sf[2] = compute == ACL_COMPLEX64 ? (double)(float)scalar_imag(ops[j].s) : scalar_imag(ops[j].s);
    if (value)
        scalar_to_compute(value, compute, &a->value_f, &a->value_i);
    return a;
}

aclnnStatus pw_broadcast(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn,
                         int64_t *shape, uint32_t *nd)
{
    return aclemu_broadcast_shape(api, a, an, b, bn, shape, nd);
}

aclnnStatus pw_check_out_shape(const char *api, const int64_t *shape, uint32_t nd, const aclTensor *out,
                               const char *oname)
{
    int same = out->ndim == nd;
    for (uint32_t d = 0; same && d < nd; d++)
        same = out->shape[d] == shape[d];
    if (same)
        return ACLNN_SUCCESS;
    char b1[160], b2[160];
    return ACLEMU_PARAM_ERROR(api, "BroadcastShape %s is not equal %s's shape %s.", aclemu_shape_str(shape, nd, b1, sizeof b1),
                              oname, aclemu_shape_str(out->shape, out->ndim, b2, sizeof b2));
}

aclnnStatus pw_check_rank(const char *api, const aclTensor *t, const char *name)
{
    return t ? aclemu_check_shape(api, t, name, ACLEMU_MAX_RANK) : ACLNN_SUCCESS;
}

int pw_bcast_dims(const int64_t *a, uint32_t na, const int64_t *b, uint32_t nb, int64_t *out, uint32_t *nout)
{
    uint32_t n = na > nb ? na : nb;
    if (n > ACLEMU_MAX_RANK)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t da = i < n - na ? 1 : a[i - (n - na)], db = i < n - nb ? 1 : b[i - (n - nb)];
        if (da != db && da != 1 && db != 1)
            return 0;
        out[i] = da == 1 ? db : da;
    }
    *nout = n;
    return 1;
}
