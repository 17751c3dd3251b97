/* The activation table planner (see act_table_plan.h). */
#include "act_table_plan.h"

static aclemu_dtype_set or_default(aclemu_dtype_set s, aclemu_dtype_set d)
{
    return s ? s : d;
}

static int is_floating(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

static aclnnStatus check_dtypes(const char *api, const act_row *row, const aclTensor *const *ins,
                                const char *const *names, uint32_t nin, const aclTensor *out, const char *oname)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, ins[0], names[0], row->in_dtypes)))
        return st;
    aclDataType result = ins[0]->dtype;
    if (nin == 2) {
        if ((st = aclemu_check_dtype(api, ins[1], names[1], or_default(row->in2_dtypes, row->in_dtypes))))
            return st;
        if (row->flags & ACT_ROW_PROMOTE) {
            result = aclemu_promote_types(ins[0]->dtype, ins[1]->dtype);
            if (result == ACL_DT_UNDEFINED)
                return ACLEMU_PARAM_ERROR(api, "%s dtype %s and %s dtype %s can not promote dtype.", names[0],
                                          aclemu_dtype_name(ins[0]->dtype), names[1],
                                          aclemu_dtype_name(ins[1]->dtype));
        } else if ((st = aclemu_check_same_dtype(api, ins[0], names[0], ins[1], names[1]))) {
            return st;
        }
    }
    if (out == ins[0])
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_dtype(api, out, oname, or_default(row->out_dtypes, row->in_dtypes))))
        return st;
    if (row->flags & (ACT_ROW_OUT_CAST | ACT_ROW_PROMOTE)) {
        if (!is_floating(result) && (row->flags & ACT_ROW_OUT_CAST))
            result = ACL_FLOAT;
        return aclemu_check_can_cast(api, result, out, oname);
    }
    return aclemu_check_same_dtype(api, ins[0], names[0], out, oname);
}

aclnnStatus act_table_check(aclOpExecutor *ex, const act_row *row, const aclTensor *const *ins,
                            const char *const *names, uint32_t nin, const aclTensor *out, const char *oname,
                            const act_scalar_arg *scalars, uint32_t nscalars)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    for (uint32_t i = 0; i < nin; i++)
        if ((st = aclemu_check_notnull(api, ins[i], names[i])))
            return st;
    for (uint32_t i = 0; i < nscalars; i++)
        if ((st = aclemu_check_notnull(api, scalars[i].s, scalars[i].name)))
            return st;
    if ((st = aclemu_check_notnull(api, out, oname)))
        return st;
    if (row->chips && (st = aclemu_check_chip(api, row->chips)))
        return st;
    if ((st = check_dtypes(api, row, ins, names, nin, out, oname)))
        return st;
    for (uint32_t i = 0; i < nscalars; i++)
        if ((st = act_check_scalar_cast(api, scalars[i].s, scalars[i].name, ACL_FLOAT)))
            return st;
    if (row->flags & ACT_ROW_BCAST)
        return act_check_bcast(api, ins[1], names[1], ins[0], names[0], out, oname);
    for (uint32_t i = 0; i < nin; i++)
        if ((st = aclemu_check_format(api, ins[i], names[i])) ||
            (st = aclemu_check_shape(api, ins[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    if ((st = aclemu_check_format(api, out, oname)) || (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK)))
        return st;
    if (nin == 2 && (st = aclemu_check_same_shape(api, ins[1], names[1], ins[0], names[0])))
        return st;
    return out == ins[nin - 1] ? ACLNN_SUCCESS : aclemu_check_same_shape(api, ins[nin - 1], names[nin - 1], out, oname);
}

aclnnStatus act_table_launch(aclOpExecutor *ex, const act_row *row, const aclTensor *const *ins, uint32_t nin,
                             const aclTensor *out, const act_params *p)
{
    return act_launch(ex, row->kernel, row->op, p, (const aclTensor *[]){out}, 1, ins, nin, NULL, 0);
}

double act_table_scalar(const aclScalar *s)
{
    return aclemu_scalar_to_f64(s);
}
