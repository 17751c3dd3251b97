/* part mathrest (issue 10): the experimental AsinhV2, AsinhWithAgent and AsinWithAgent on the
 * unary family's "UnaryMath" kernel. Their real op_api code checks, in order: null x / out ->
 * x in its list -> out's dtype == the one the op produces -> no private format -> ranks <= 8 ->
 * (out written over x's shape) the same shapes. AsinhV2 / AsinhWithAgent produce FLOAT16 for
 * FLOAT16 and FLOAT for everything else (DOUBLE is cast to FLOAT on the host); AsinWithAgent
 * keeps FLOAT / FLOAT16 / DOUBLE and gives FLOAT for the integers and BOOL. */
#include "aclemu_plans.h"
#include "../unary/unary_args.h" /* the unary family's blob */

#define AGENT_DTYPES                                                                                   \
    (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT16) |      \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_BOOL) |        \
     ACLEMU_DT(ACL_DOUBLE))

typedef struct agent_spec {
    unary_op op;
    const char *out_name;
    int keeps_double; /* DOUBLE computes and stays DOUBLE (AsinWithAgent) */
} agent_spec;

static aclnnStatus agent_plan(aclOpExecutor *ex, const agent_spec *sp, const aclTensor *x, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, out, sp->out_name)))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", AGENT_DTYPES)))
        return st;
    aclDataType want = x->dtype == ACL_FLOAT16 ? ACL_FLOAT16
                       : (x->dtype == ACL_DOUBLE && sp->keeps_double) ? ACL_DOUBLE : ACL_FLOAT;
    if (out->dtype != want)
        return ACLEMU_PARAM_ERROR(api, "Output dtype mismatch: expected %s, but %s is %s.", aclemu_dtype_name(want),
                                  sp->out_name, aclemu_dtype_name(out->dtype));
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, out, sp->out_name)))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, sp->out_name, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, out, sp->out_name, x, "x")))
        return st;
    const aclTensor *ins[1] = {x};
    unary_args *a = (unary_args *)aclemu_ew_launch(ex, "UnaryMath", sizeof(unary_args), out, ins, 1, &st);
    if (!a)
        return st;
    a->op = sp->op;
    a->compute = want == ACL_DOUBLE ? UNARY_F64 : UNARY_F32;
    a->result = (int32_t)want;
    return ACLNN_SUCCESS;
}

static const agent_spec asinh_v2 = {UN_ASINH, "out", 0};
static const agent_spec asin_agent = {UN_ASIN, "y", 1};

aclnnStatus aclemu_plan_AsinhV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *out)
{
    return agent_plan(executor, &asinh_v2, x, out);
}

aclnnStatus aclemu_plan_AsinhWithAgent(aclOpExecutor *executor, const aclTensor *x, const aclTensor *out)
{
    return agent_plan(executor, &asinh_v2, x, out);
}

aclnnStatus aclemu_plan_AsinWithAgent(aclOpExecutor *executor, const aclTensor *x, aclTensor *y)
{
    return agent_plan(executor, &asin_agent, x, y);
}
