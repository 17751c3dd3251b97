/* The elementwise optimizer planner; see optim_ew_plan.h. */
#include <stddef.h>
#include <string.h>

#include "nn_check.h"
#include "norm_rows_plan.h"
#include "optim_ew_plan.h"

static aclnnStatus tiling_error(const char *api, const aclTensor *t, const char *name, const aclTensor *ref,
                                const char *rname)
{
    char s0[256], s1[256];
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                           "%s shape %s should be the same as %s shape %s.", name,
                           aclemu_shape_str(t->shape, t->ndim, s0, sizeof s0), rname,
                           aclemu_shape_str(ref->shape, ref->ndim, s1, sizeof s1));
}

static int same_shape(const aclTensor *a, const aclTensor *b)
{
    return a->ndim == b->ndim && memcmp(a->shape, b->shape, a->ndim * sizeof(int64_t)) == 0;
}

aclnnStatus oe_plan(aclOpExecutor *ex, const oe_spec *sp, const aclTensor *const *in, const aclTensor *const *out,
                    const double *s, int nscalars, int flag)
{
    const char *api = aclemu_exec_api(ex);
    const aclTensor *ts[OE_MAX_IN + OE_MAX_OUT];
    const char *ns[OE_MAX_IN + OE_MAX_OUT];
    int nt = 0;
    for (int j = 0; j < sp->nin; j++, nt++) {
        ts[nt] = in[j];
        ns[nt] = sp->in_names[j];
    }
    for (int k = 0; !sp->in_place && k < sp->nout; k++, nt++) {
        ts[nt] = out[k];
        ns[nt] = sp->out_names[k];
    }
    aclnnStatus st;
    for (int i = 0; i < nt; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, sp->chips)) || (st = aclemu_check_dtype(api, ts[0], ns[0], sp->dtypes)))
        return st;
    for (int i = 1; i < nt; i++)
        if ((st = aclemu_check_same_dtype(api, ts[0], ns[0], ts[i], ns[i])))
            return st;
    for (int i = 0; i < nt; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], 8)))
            return st;
    if (sp->empty_refused && aclemu_tensor_numel(ts[0]) == 0)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, "%s", sp->empty_refused);
    for (int i = 1; i < nt; i++) {
        int one = i < sp->nin && ((sp->one_mask >> i) & 1u);
        if (!one && sp->numel_only) {
            if (aclemu_tensor_numel(ts[i]) != aclemu_tensor_numel(ts[0]))
                return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                                       "shape size mismatch: %s=%lld, %s=%lld.", ns[0],
                                       (long long)aclemu_tensor_numel(ts[0]), ns[i],
                                       (long long)aclemu_tensor_numel(ts[i]));
            continue;
        }
        if (one && aclemu_tensor_numel(ts[i]) != 1)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api,
                                   "%s should hold one element, but holds %lld.", ns[i],
                                   (long long)aclemu_tensor_numel(ts[i]));
        if (!one && !same_shape(ts[i], ts[0]))
            return tiling_error(api, ts[i], ns[i], ts[0], ns[0]);
    }
    return oe_launch(ex, sp, in, out, s, nscalars, flag);
}

aclnnStatus oe_launch(aclOpExecutor *ex, const oe_spec *sp, const aclTensor *const *in, const aclTensor *const *out,
                      const double *s, int nscalars, int flag)
{
    oe_args a;
    memset(&a, 0, sizeof a);
    a.op = sp->op;
    a.nin = sp->nin;
    a.nout = sp->nout;
    a.flag = flag;
    a.one_mask = sp->one_mask;
    for (int i = 0; i < nscalars && i < OE_MAX_S; i++)
        a.s[i] = s[i];
    nr_operand ops[OE_MAX_IN + OE_MAX_OUT];
    int nops = 0;
    for (int j = 0; j < sp->nin; j++)
        ops[nops++] = (nr_operand){in[j], 0, offsetof(oe_args, in) + (size_t)j * sizeof(nn_cbuf), NULL};
    for (int k = 0; k < sp->nout; k++)
        ops[nops++] = (nr_operand){sp->in_place ? in[k] : out[k], 1, offsetof(oe_args, out) + (size_t)k * sizeof(nn_cbuf),
                                   NULL};
    return nr_launch(ex, "OptimEw", &a, sizeof a, aclemu_tensor_numel(in[0]), 1, 0.0, ops, nops);
}
