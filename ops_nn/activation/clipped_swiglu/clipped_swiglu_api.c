/* aclnnClippedSwiglu (A2 / A3 / 950) and aclnnClippedSwigluV2 (950). Their aclnn layer is the
 * generated one: nulls (x, out; groupIndexOptional may be absent), dtypes from the op definition
 * (x FLOAT, FLOAT16, BF16, groupIndex INT64, out of x's dtype), ND formats, the chip; then the
 * host tiling's refusals (561002), per chip as the two tilings word them: dim in [-rank, rank-1],
 * x[dim] even, groupIndex 1-d, out of x's rank with out[dim] = x[dim] / 2 (and, for the
 * kernel's sake, every other dim equal); on 950 also rank >= 1, limit > 0, clampMode 0 or 1,
 * 1..8192 groups.
 *
 * x is merged to [pre, H] (pre = the dims before dim, H = dim and the dims after it); A and B
 * are the halves of H (interleaved: its even and odd elements). Non-interleaved halves are slices
 * along dim (the same elements); interleaved ones are stride-2 views of the merged H, which needs
 * dim..rank-1 of x and of out to be mergeable (contiguous among themselves). One launch on the
 * elementwise activation driver, limited on the device to the first sum(groupIndex) rows of pre.
 * An empty x runs nothing. */
#include "aclemu_plans.h"
#include "act_plan.h"
#include "clipped_swiglu_args.h"

#define CLIPPED_MAX_GROUPS 8192

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* dims d..rank-1 of t merge into one dim: the stride of the merged dim, or 0 when they do not. */
static int64_t merged_stride(const aclTensor *t, uint32_t d)
{
    int64_t want = t->stride[t->ndim - 1];
    for (int32_t i = (int32_t)t->ndim - 1; i >= (int32_t)d; i--) {
        if (t->shape[i] != 1 && t->stride[i] != want)
            return 0;
        want *= t->shape[i];
    }
    return t->stride[t->ndim - 1] ? t->stride[t->ndim - 1] : 1;
}

/* t as [dims before d..., H] (H = the merged dims d..), element step `step` and first element
 * `first` along H, `len` elements of it. */
static void merged_view(act_view *v, const aclTensor *t, uint32_t d, int64_t s, int64_t first, int64_t len,
                        int64_t step)
{
    act_view_of(v, t);
    v->view.ndim = d + 1;
    v->view.shape[d] = len;
    v->view.stride[d] = s * step;
    v->view.offset = t->offset + first * s;
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *x, const aclTensor *group, int64_t dim, double alpha,
                        double limit, double bias, bool interleaved, int64_t clamp_mode, int v2, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACT_FLOATS)) ||
        (group && (st = aclemu_check_dtype(api, group, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (group && (st = aclemu_check_format(api, group, "groupIndexOptional"))) ||
        (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (group && (st = aclemu_check_shape(api, group, "groupIndexOptional", ACLEMU_MAX_RANK))))
        return st;
    if ((st = aclemu_check_chip(api, v2 ? ACLEMU_CHIP(ACLEMU_FAMILY_950) : ACLEMU_CHIPS_A2_A3_950)))
        return st;
    const int regbase = aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950));
    int64_t rank = x->ndim;
    if (regbase) {
        if (!((float)limit > 0.0f))
            return TILING_ERROR(api, "Invalid value of attr limit: %f, it should be > 0.", (float)limit);
        if (clamp_mode != 0 && clamp_mode != 1)
            return TILING_ERROR(api, "Invalid value of attr clamp_mode: %lld, it must be 1 or 0.", (long long)clamp_mode);
        if (rank <= 0)
            return TILING_ERROR(api, "Invalid shape dim of x: %lld, it should be > 0.", (long long)rank);
    }
    if (dim > rank - 1 || dim < -rank)
        return TILING_ERROR(api, "dim should in [-%lld, %lld], but get %lld.", (long long)rank, (long long)rank - 1,
                            (long long)dim);
    uint32_t d = (uint32_t)(dim < 0 ? dim + rank : dim);
    if (x->shape[d] % 2)
        return TILING_ERROR(api, "x[dim] should be divisible by 2, but get %lld.", (long long)x->shape[d]);
    if (group && group->ndim != 1)
        return TILING_ERROR(api, "the number of dimensions of group_index should be 1, but get %lld.",
                            (long long)group->ndim);
    if (group && regbase && (group->shape[0] <= 0 || group->shape[0] > CLIPPED_MAX_GROUPS))
        return TILING_ERROR(api, "group_index has %lld elements: the number of elements of group_index should be "
                                 "greater than 0 and no more than 8192.", (long long)group->shape[0]);
    if (out->ndim != x->ndim)
        return TILING_ERROR(api, "the number of dimensions of y should be equal to dimensions of x, but get %lld.",
                            (long long)out->ndim);
    if (out->shape[d] != x->shape[d] / 2)
        return TILING_ERROR(api, "y[dim] should be equal to x[dim] divided by 2, but get %lld.", (long long)out->shape[d]);
    for (uint32_t i = 0; i < x->ndim; i++)
        if (i != d && out->shape[i] != x->shape[i])
            return TILING_ERROR(api, "y should have the shape of x but for dim, but y[%lld] differs.", (long long)i);
    if (aclemu_tensor_numel(x) == 0 || (group && group->shape[0] == 0)) /* an empty groupIndex sums to 0 */
        return ACLNN_SUCCESS;
    act_params p = act_params_default();
    p.alpha = (float)alpha;
    p.hi = (float)limit;
    p.bias = (float)bias;
    act_view a, b, o;
    if (interleaved) {
        int64_t H = 1;
        for (uint32_t i = d; i < x->ndim; i++)
            H *= x->shape[i];
        int64_t xs = merged_stride(x, d), os = merged_stride(out, d);
        if (!xs || !os)
            return ACLEMU_PARAM_ERROR(api, "interleaved halves need the dims from dim on of x and out to be "
                                           "contiguous among themselves; this layout is not supported.");
        merged_view(&a, x, d, xs, 0, H / 2, 2);
        merged_view(&b, x, d, xs, 1, H / 2, 2);
        merged_view(&o, out, d, os, 0, H / 2, 1);
    } else {
        act_view_slice(&a, x, d, 0, x->shape[d] / 2);
        act_view_slice(&b, x, d, x->shape[d] / 2, x->shape[d] / 2);
        act_view_of(&o, out);
    }
    uint64_t numel = (uint64_t)aclemu_tensor_numel(out);
    int64_t rows = 1;
    for (uint32_t i = 0; i < d; i++)
        rows *= x->shape[i];
    /* act_ew_args at the head of the blob: launched through the same helper, then extended */
    const act_view *views[3] = {&o, &a, &b}; /* operand order: out, A, B */
    act_op op = v2 && clamp_mode == 1 ? ACT_CLIPPED_SWIGLU_POST : ACT_CLIPPED_SWIGLU;
    const aclTensor *rest[2] = {&a.view, &b.view};
    act_ew_args *e = (act_ew_args *)aclemu_ew_launch(ex, "ClippedSwiglu", sizeof(clipped_swiglu_args), &o.view, rest, 2, &st);
    if (!e)
        return st;
    e->op = op;
    e->nout = 1;
    e->p = p;
    for (int k = 0; k < 3; k++)
        if ((st = aclemu_exec_bind_tensor(ex, e, &e->ew.op[k].addr, views[k]->base)))
            return st;
    clipped_swiglu_args *c = (clipped_swiglu_args *)e;
    c->rows = rows;
    c->row_elems = rows ? (int64_t)(numel / (uint64_t)rows) : 0;
    if (group) {
        c->group_off = group->offset;
        c->group_stride = group->stride[0];
        c->group_n = group->shape[0];
        if ((st = aclemu_exec_bind_tensor(ex, c, &c->group_addr, group)))
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ClippedSwiglu(aclOpExecutor *executor, const aclTensor *x, const aclTensor *groupIndexOptional,
                                      int64_t dim, double alpha, double limit, double bias, bool interleaved,
                                      const aclTensor *out)
{
    return plan(executor, x, groupIndexOptional, dim, alpha, limit, bias, interleaved, 0, 0, out);
}

aclnnStatus aclemu_plan_ClippedSwigluV2(aclOpExecutor *executor, const aclTensor *x,
                                        const aclTensor *groupIndexOptional, int64_t dim, double alpha, double limit,
                                        double bias, bool interleaved, int64_t clampMode, const aclTensor *out)
{
    return plan(executor, x, groupIndexOptional, dim, alpha, limit, bias, interleaved, clampMode, 1, out);
}
