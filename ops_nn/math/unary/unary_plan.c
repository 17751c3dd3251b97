/* The shared planner of the elementwise unary family (see unary_plan.h). */
#include "unary_plan.h"

static int new_chip(void)
{
    return aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950);
}

static aclemu_dtype_set self_list(const unary_row *row)
{
    aclemu_dtype_set s = (new_chip() ? row->in_new : row->in_old) | row->cplx;
    if (aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)))
        s |= row->in_950;
    return s;
}

static aclDataType result_dtype(const unary_row *row, aclDataType self)
{
    switch (row->result) {
    case UR_SELF: return self;
    case UR_BOOL: return ACL_BOOL;
    default: return aclemu_dtype_is_float(self) || aclemu_dtype_is_complex(self) ? self : ACL_FLOAT;
    }
}

/* The domain the kernel computes in, from the result dtype (integer inputs of float-result ops
 * are converted to FLOAT first, as the real ops Cast them). */
static int compute_of(const unary_row *row, aclDataType result)
{
    if (aclemu_dtype_is_complex(result))
        return UNARY_CPLX;
    if (row->op >= UN_FIRST_PREDICATE)
        return UNARY_PRED;
    if (result == ACL_DOUBLE)
        return UNARY_F64;
    if (aclemu_dtype_is_float(result))
        return UNARY_F32;
    return UNARY_I64;
}

static aclnnStatus check_out_rule(const char *api, const unary_row *row, const aclTensor *self, const char *sname,
                                  const aclTensor *out, const char *oname, aclDataType result)
{
    if (aclemu_dtype_is_complex(self->dtype)) {
        /* aclnn_abs.cpp: COMPLEX64 -> FLOAT, COMPLEX128 -> DOUBLE; the others stay complex */
        if (row->op == UN_ABS)
            return aclemu_check_dtype(api, out, oname,
                                      ACLEMU_DT(self->dtype == ACL_COMPLEX64 ? ACL_FLOAT : ACL_DOUBLE));
        if (!aclemu_dtype_is_complex(out->dtype))
            return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be complex for a complex %s (%s).", oname,
                                      aclemu_dtype_name(out->dtype), sname, aclemu_dtype_name(self->dtype));
        return aclemu_check_can_cast(api, self->dtype, out, oname);
    }
    switch (row->out_rule) {
    case UO_SAME: return aclemu_check_same_dtype(api, self, sname, out, oname);
    case UO_CAST_SELF: return aclemu_check_can_cast(api, self->dtype, out, oname);
    case UO_CAST_RESULT: return aclemu_check_can_cast(api, result, out, oname);
    case UO_EXACT: return aclemu_check_dtype(api, out, oname, ACLEMU_DT(result));
    case UO_BOOL: return aclemu_check_dtype(api, out, oname, ACLEMU_DT(ACL_BOOL));
    default: return ACLNN_SUCCESS;
    }
}

aclnnStatus unary_plan(aclOpExecutor *ex, const unary_row *row, const aclTensor *self, const aclTensor *out,
                       int inplace, int64_t decimals)
{
    unary_params p = {.decimals = decimals};
    return unary_plan_ex(ex, row, self, out, inplace, &p);
}

aclnnStatus unary_plan_ex(aclOpExecutor *ex, const unary_row *row, const aclTensor *self, const aclTensor *out,
                          int inplace, const unary_params *p)
{
    const char *api = aclemu_exec_api(ex);
    const char *sname = inplace ? row->ref_name : row->self_name;
    const char *oname = inplace ? row->ref_name : row->out_name;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) || (st = aclemu_check_notnull(api, out, oname)))
        return st;
    if (row->chips && !aclemu_chip_in(row->chips))
        return ACLEMU_PARAM_ERROR(api, "%s is not supported on this device (%s).", api,
                                  aclemu_op_profile()->short_soc_version);
    if (inplace && (row->ref_new || row->ref_old) &&
        (st = aclemu_check_dtype(api, self, sname, (new_chip() ? row->ref_new : row->ref_old) | row->cplx)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, self_list(row))))
        return st;
    aclemu_dtype_set out_list = new_chip() ? row->out_new : row->out_old;
    if (out_list && (st = aclemu_check_dtype(api, out, oname, out_list | row->cplx)))
        return st;
    aclDataType result = result_dtype(row, self->dtype);
    if ((st = check_out_rule(api, row, self, sname, out, oname, result)))
        return st;
    if ((st = aclemu_check_format(api, self, sname)) || (st = aclemu_check_format(api, out, oname)))
        return st;
    if ((row->flags & UF_FORMAT_EQUAL) && self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal. %s [%s], %s [%s].", sname,
                                  aclemu_format_name(self->format), oname, aclemu_format_name(out->format));
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, sname, out, oname)))
        return st;
    const aclTensor *ins[1] = {self};
    unary_args *a = (unary_args *)aclemu_ew_launch(ex, "UnaryMath", sizeof(unary_args), out, ins, 1, &st);
    if (!a)
        return st; /* st == 0: empty tensor, nothing to run */
    a->op = (int32_t)row->op;
    a->compute = compute_of(row, result);
    a->result = (int32_t)result;
    if (p) {
        a->decimals = p->decimals;
        a->nan_v = p->nan_v;
        a->posinf_v = p->posinf_v;
        a->neginf_v = p->neginf_v;
    }
    return ACLNN_SUCCESS;
}
