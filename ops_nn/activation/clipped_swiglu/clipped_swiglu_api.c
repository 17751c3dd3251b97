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
#include <math.h>
#include <string.h>

#include "aclemu_plans.h"
#include "act_plan.h"
#include "clipped_swiglu_args.h"
#include "nn_stage.h"

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

/* The dims from d on as one run of H elements with stride s (interleaved halves need that). */
static aclnnStatus merged_run(const char *api, const aclTensor *t, uint32_t d, int64_t *H, int64_t *s)
{
    *H = 1;
    *s = merged_stride(t, d);
    for (uint32_t i = d; i < t->ndim; i++)
        *H *= t->shape[i];
    if (!*s)
        return ACLEMU_PARAM_ERROR(api, "interleaved halves need the dims from dim on to be contiguous among "
                                       "themselves; this layout is not supported.");
    return ACLNN_SUCCESS;
}

/* The halves A, B of t (x's shape) along d: slices, or (interleaved) the even / odd elements of the
 * merged dims d.. */
static aclnnStatus halves(const char *api, const aclTensor *t, uint32_t d, bool inter, act_view *a, act_view *b)
{
    if (!inter) {
        act_view_slice(a, t, d, 0, t->shape[d] / 2);
        act_view_slice(b, t, d, t->shape[d] / 2, t->shape[d] / 2);
        return ACLNN_SUCCESS;
    }
    int64_t H, s;
    aclnnStatus st = merged_run(api, t, d, &H, &s);
    if (st)
        return st;
    merged_view(a, t, d, s, 0, H / 2, 2);
    merged_view(b, t, d, s, 1, H / 2, 2);
    return ACLNN_SUCCESS;
}

/* A tensor of the halves' shape (out of the forward, gradY of the backward) seen like them. */
static aclnnStatus whole(const char *api, const aclTensor *t, uint32_t d, bool inter, act_view *v)
{
    if (!inter) {
        act_view_of(v, t);
        return ACLNN_SUCCESS;
    }
    int64_t H, s;
    aclnnStatus st = merged_run(api, t, d, &H, &s);
    if (st)
        return st;
    merged_view(v, t, d, s, 0, H, 1);
    return ACLNN_SUCCESS;
}

/* One ClippedSwiglu launch: out = op(ins) (all act_views), rows of pre limited to sum(group) on
 * the device; zero_rest: the other rows of out become 0 (the backward), else they are kept. */
static aclnnStatus launch(aclOpExecutor *ex, act_op op, const act_params *p, const act_view *out,
                          const act_view *const *ins, uint32_t nin, const aclTensor *group, const aclTensor *x,
                          uint32_t d, int zero_rest, const uint64_t *in0_ws)
{
    aclnnStatus st;
    const aclTensor *rest[3];
    for (uint32_t k = 0; k < nin; k++)
        rest[k] = &ins[k]->view;
    act_ew_args *e = (act_ew_args *)aclemu_ew_launch(ex, "ClippedSwiglu", sizeof(clipped_swiglu_args), &out->view,
                                                     rest, nin, &st);
    if (!e)
        return st;
    e->op = op;
    e->nout = 1;
    e->p = *p;
    for (uint32_t k = 0; k <= nin; k++)
        if ((st = k == 1 && in0_ws ? aclemu_exec_bind_workspace(ex, e, &e->ew.op[k].addr, *in0_ws)
                                   : aclemu_exec_bind_tensor(ex, e, &e->ew.op[k].addr, (k ? ins[k - 1] : out)->base)))
            return st;
    clipped_swiglu_args *c = (clipped_swiglu_args *)e;
    int64_t rows = 1;
    for (uint32_t i = 0; i < d; i++)
        rows *= x->shape[i];
    c->rows = rows;
    c->row_elems = rows ? (int64_t)(e->ew.numel / (uint64_t)rows) : 0;
    c->zero_rest = zero_rest & 1;  /* bit 1: the groupIndex sum in uint32 (SwigluGroupQuantGrad) */
    c->group_u32 = (zero_rest >> 1) & 1;
    if (group) {
        c->has_group = 1;
        c->group_off = group->offset;
        c->group_stride = group->stride[0];
        c->group_n = group->shape[0];
        if ((st = aclemu_exec_bind_tensor(ex, c, &c->group_addr, group)))
            return st;
    }
    return ACLNN_SUCCESS;
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
    if ((st = halves(api, x, d, interleaved, &a, &b)) || (st = whole(api, out, d, interleaved, &o)))
        return st;
    act_op op = v2 && clamp_mode == 1 ? ACT_CLIPPED_SWIGLU_POST : ACT_CLIPPED_SWIGLU;
    const act_view *ins[2] = {&a, &b};
    return launch(ex, op, &p, &o, ins, 2, group, x, d, 0, NULL);
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

/* aclnnClippedSwigluGrad (A2 / A3 / 950): the generated layer's nulls (gradY, x, gradXOut), dtypes
 * (FLOAT, FLOAT16, BF16, all three alike; groupIndex INT64), formats, the chip; then the tiling's
 * refusals (561002) in its order: limit > 0, dim range, x[dim] even, gradY of x's rank with
 * gradY[dim] = x[dim] / 2 and the other dims equal, groupIndex 1-d, gradXOut of x's rank (and
 * shape). Two launches, one per half of gradXOut; rows past sum(groupIndex) are zeroed. */
aclnnStatus aclemu_plan_ClippedSwigluGrad(aclOpExecutor *executor, const aclTensor *gradY, const aclTensor *x,
                                          const aclTensor *groupIndexOptional, int64_t dim, double alpha,
                                          double limit, double bias, bool interleaved, const aclTensor *gradXOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *group = groupIndexOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradY, "gradY")) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, gradXOut, "gradXOut")))
        return st;
    if ((st = aclemu_check_dtype(api, gradY, "gradY", ACT_FLOATS)) || (st = aclemu_check_same_dtype(api, gradY, "gradY", x, "x")) ||
        (group && (st = aclemu_check_dtype(api, group, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_same_dtype(api, gradY, "gradY", gradXOut, "gradXOut")))
        return st;
    const aclTensor *ts[4] = {gradY, x, group, gradXOut};
    const char *ns[4] = {"gradY", "x", "groupIndexOptional", "gradXOut"};
    for (int i = 0; i < 4; i++)
        if (ts[i] && ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK))))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    if (!((float)limit > 0.0f))
        return TILING_ERROR(api, "limit must be > 0, but got %f.", (float)limit);
    int64_t rank = x->ndim;
    if (dim > rank - 1 || dim < -rank)
        return TILING_ERROR(api, "dim should in [-%lld, %lld], but get %lld.", (long long)rank, (long long)rank - 1,
                            (long long)dim);
    uint32_t d = (uint32_t)(dim < 0 ? dim + rank : dim);
    if (x->shape[d] % 2)
        return TILING_ERROR(api, "x[dim] should be divisible by 2, but get %lld.", (long long)x->shape[d]);
    if (gradY->ndim != x->ndim)
        return TILING_ERROR(api, "grad_y rank (%lld) should be equal to x rank (%lld).", (long long)gradY->ndim,
                            (long long)rank);
    for (uint32_t i = 0; i < x->ndim; i++) {
        int64_t want = i == d ? x->shape[i] / 2 : x->shape[i];
        if (gradY->shape[i] != want)
            return TILING_ERROR(api, i == d ? "grad_y dim %u (%lld) should be half of x dim %u (%lld)."
                                            : "grad_y dim %u (%lld) should be equal to x dim %u (%lld).",
                                i, (long long)gradY->shape[i], i, (long long)x->shape[i]);
    }
    if (group && group->ndim != 1)
        return TILING_ERROR(api, "the number of dimensions of group_index should be 1, but get %lld.",
                            (long long)group->ndim);
    if (gradXOut->ndim != x->ndim)
        return TILING_ERROR(api, "the number of dimensions of grad_x should be equal to dimensions of x, but get %lld.",
                            (long long)gradXOut->ndim);
    if ((st = aclemu_check_same_shape(api, gradXOut, "gradXOut", x, "x")))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    act_params p = act_params_default();
    p.alpha = (float)alpha;
    p.hi = (float)limit;
    p.bias = (float)bias;
    act_view a, b, ga, gb, gy;
    if ((st = halves(api, x, d, interleaved, &a, &b)) || (st = halves(api, gradXOut, d, interleaved, &ga, &gb)) ||
        (st = whole(api, gradY, d, interleaved, &gy)))
        return st;
    const act_view *ins[3] = {&gy, &a, &b};
    if ((st = launch(executor, ACT_CLIPPED_SWIGLU_BWD_A, &p, &ga, ins, 3, group, x, d, 1, NULL)))
        return st;
    return launch(executor, ACT_CLIPPED_SWIGLU_BWD_B, &p, &gb, ins, 3, group, x, d, 1, NULL);
}

/* aclnnSwigluGroup (950): the generated layer's nulls (x, out), x / out dtypes and formats, the
 * chip; then the tiling's refusals (561002) in its order: x dtype, x rank 1..8, no empty x, an
 * even last dim; weight FLOAT of 1..8 dims, not empty, bs (the tokens: x's dims but the last)
 * elements; groupIndex INT64, 1-d, not empty; clampLimit -1 (none) or > 0; out of x's dtype and
 * rank, x's dims with the last halved. The ClippedSwiglu launch with alpha 1, bias 0 (limit
 * infinite when -1), times the weight of the token (a contiguous weight seen as [bs..., 1]);
 * tokens past sum(groupIndex) are left as they are. */
aclnnStatus aclemu_plan_SwigluGroup(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weightOptional,
                                    const aclTensor *groupIndexOptional, double clampLimit, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *w = weightOptional, *group = groupIndexOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACT_FLOATS)) || (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    const aclTensor *ts[4] = {x, w, group, out};
    const char *ns[4] = {"x", "weightOptional", "groupIndexOptional", "out"};
    for (int i = 0; i < 4; i++)
        if (ts[i] && ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], 64))))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if (x->ndim < 1 || x->ndim > ACLEMU_MAX_RANK)
        return TILING_ERROR(api, "input x dim num should be in [1, %d], got %u.", ACLEMU_MAX_RANK, x->ndim);
    uint32_t d = x->ndim - 1;
    int64_t bs = 1;
    for (uint32_t i = 0; i < d; i++)
        bs *= x->shape[i];
    if (bs <= 0)
        return TILING_ERROR(api, "input x is empty tensor, which is not supported, the product of dims except the last "
                                 "one is %lld.", (long long)bs);
    if (x->shape[d] <= 0 || x->shape[d] % 2)
        return TILING_ERROR(api, "input x last dim should be positive and divisible by 2, got %lld.", (long long)x->shape[d]);
    if (w) {
        if (w->dtype != ACL_FLOAT)
            return TILING_ERROR(api, "input weight dtype should be FLOAT, got %s.", aclemu_dtype_name(w->dtype));
        if (w->ndim < 1 || w->ndim > ACLEMU_MAX_RANK)
            return TILING_ERROR(api, "input weight dim num should be in [1, %d], got %u.", ACLEMU_MAX_RANK, w->ndim);
        int64_t wn = aclemu_tensor_numel(w);
        if (wn <= 0)
            return TILING_ERROR(api, "input weight is empty tensor, which is not supported, got element num %lld.",
                                (long long)wn);
        if (wn != bs)
            return TILING_ERROR(api, "input weight element num should be equal to the product of input x dims except "
                                     "the last one, got %lld, expected %lld.", (long long)wn, (long long)bs);
    }
    if (group) {
        if (group->dtype != ACL_INT64)
            return TILING_ERROR(api, "input group_index dtype should be INT64, got %s.", aclemu_dtype_name(group->dtype));
        if (group->ndim != 1)
            return TILING_ERROR(api, "input group_index dim num should be 1, got %u.", group->ndim);
        if (group->shape[0] <= 0)
            return TILING_ERROR(api, "input group_index is empty tensor, which is not supported, got element num %lld.",
                                (long long)group->shape[0]);
    }
    if ((float)clampLimit != -1.0f && !((float)clampLimit > 0.0f))
        return TILING_ERROR(api, "attr clamp_limit should be greater than 0.0, got %f.", (float)clampLimit);
    if (out->ndim != x->ndim)
        return TILING_ERROR(api, "output y dim num should be equal to input x dim num %u, got %u.", x->ndim, out->ndim);
    for (uint32_t i = 0; i <= d; i++) {
        int64_t want = i == d ? x->shape[d] / 2 : x->shape[i];
        if (out->shape[i] != want)
            return TILING_ERROR(api, "output y dim %u should be %lld, got %lld.", i, (long long)want,
                                (long long)out->shape[i]);
    }
    act_params p = act_params_default();
    p.alpha = 1.0;
    p.bias = 0.0;
    p.hi = (float)clampLimit == -1.0f ? INFINITY : (float)clampLimit;
    act_view a, b, o, wv;
    act_view_slice(&a, x, d, 0, x->shape[d] / 2);
    act_view_slice(&b, x, d, x->shape[d] / 2, x->shape[d] / 2);
    act_view_of(&o, out);
    const act_view *ins[3] = {&a, &b, &wv};
    if (w) {
        if (!aclemu_tensor_is_contiguous(w))
            return ACLEMU_PARAM_ERROR(api, "a non-contiguous weightOptional is not supported.");
        act_view_of(&wv, w);
        wv.view.ndim = x->ndim;
        int64_t s = 0; /* the token's weight: contiguous over the token dims, broadcast along the last */
        wv.view.shape[d] = 1;
        wv.view.stride[d] = 0;
        s = 1;
        for (int32_t i = (int32_t)d - 1; i >= 0; i--) {
            wv.view.shape[i] = x->shape[i];
            wv.view.stride[i] = s;
            s *= x->shape[i];
        }
    }
    return launch(executor, w ? ACT_CLIPPED_SWIGLU_W : ACT_CLIPPED_SWIGLU, &p, &o, ins, w ? 3 : 2, group, x, d, 0, NULL);
}

/* t (numel = the tokens of gy, gy's dims but the last) seen as gy's leading dims plus a broadcast
 * last dim: its own strides when its shape is [lead..., 1], computed ones when it is contiguous. */
static aclnnStatus token_view(const char *api, const char *name, const aclTensor *t, const aclTensor *gy, act_view *v)
{
    uint32_t d = gy->ndim - 1;
    int same = t->ndim == gy->ndim && t->shape[d] == 1;
    for (uint32_t i = 0; same && i < d; i++)
        same = t->shape[i] == gy->shape[i];
    if (!same && !aclemu_tensor_is_contiguous(t))
        return ACLEMU_PARAM_ERROR(api, "a non-contiguous %s not shaped as gradY's leading dims plus 1 is not supported.",
                                  name);
    act_view_of(v, t);
    v->view.ndim = gy->ndim;
    v->view.shape[d] = 1;
    v->view.stride[d] = 0;
    int64_t s = 1;
    for (int32_t i = (int32_t)d - 1; i >= 0; i--) {
        v->view.shape[i] = gy->shape[i];
        v->view.stride[i] = same ? t->stride[i] : s;
        s *= gy->shape[i];
    }
    v->view.offset = t->offset;
    return ACLNN_SUCCESS;
}

/* A plain activation launch on the ClippedSwiglu kernel (no groupIndex): FP32 workspace `ws` of
 * `shape` = op(ins), each input bound to its base tensor. */
static aclnnStatus launch_ws(aclOpExecutor *ex, act_op op, const int64_t *shape, uint32_t nd, uint64_t ws,
                             const act_view *const *ins, uint32_t nin)
{
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)nn_prod(shape, 0, nd), 1, &bd, &per);
    clipped_swiglu_args *c = (clipped_swiglu_args *)aclemu_exec_add_launch(ex, "ClippedSwiglu", bd, sizeof(*c));
    if (!c)
        return ACLNN_ERR_INNER;
    memset(c, 0, sizeof *c);
    c->ew.op = op;
    c->ew.nout = 1;
    c->ew.p = act_params_default();
    const aclTensor *ts[3];
    for (uint32_t k = 0; k < nin; k++)
        ts[k] = &ins[k]->view;
    aclnnStatus st = nn_ew_fill_ws(ex, c, &c->ew.ew, shape, nd, ws, ACL_FLOAT, ts, nin, per);
    for (uint32_t k = 0; !st && k < nin; k++)
        st = aclemu_exec_bind_tensor(ex, c, &c->ew.ew.op[k + 1].addr, ins[k]->base);
    return st;
}

/* The launches of SwigluGroupGrad (quant_variant 0) and SwigluGroupQuantGrad (1): gradXOut's halves
 * from dy (times the token weight, staged in FP32) and x's halves, rows past sum(groupIndex) 0;
 * with a weight, gradWeight = sum over H of gradY * yOrigin (quant_variant: its rows past the
 * group sum 0 too, and the sum taken in uint32 as that kernel does). hi: the clamp (0: none). */
static aclnnStatus group_grad_run(aclOpExecutor *executor, const aclTensor *gradY, const aclTensor *x,
                                  const aclTensor *w, const aclTensor *yo, const aclTensor *group, double hi,
                                  int quant_variant, const aclTensor *gradXOut, const aclTensor *gw)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    uint32_t rank = gradY->ndim, d = rank - 1;
    int64_t H = gradY->shape[d], T = aclemu_tensor_numel(gradY) / H;
    act_params p = act_params_default();
    p.hi = hi;
    p.is_result = quant_variant;
    const int flags = 1 | (quant_variant ? 2 : 0);
    act_view dy, a, b, ga, gb, wv;
    act_view_of(&dy, gradY);
    act_view_slice(&a, x, d, 0, H);
    act_view_slice(&b, x, d, H, H);
    act_view_slice(&ga, gradXOut, d, 0, H);
    act_view_slice(&gb, gradXOut, d, H, H);
    uint64_t dy_ws = 0, *in0_ws = NULL;
    act_view dyw; /* dy' in the workspace: FP32, gradY's shape, row-major */
    if (w) {
        if ((st = token_view(api, "weightOptional", w, gradY, &wv)))
            return st;
        dy_ws = aclemu_exec_alloc_workspace(executor, (uint64_t)(T * H) * sizeof(float));
        const act_view *mi[2] = {&dy, &wv};
        if ((st = launch_ws(executor, ACT_MUL, gradY->shape, rank, dy_ws, mi, 2)))
            return st;
        act_view_of(&dyw, gradY);
        dyw.view.dtype = ACL_FLOAT;
        dyw.view.offset = 0;
        int64_t s = 1;
        for (int32_t i = (int32_t)d; i >= 0; i--) {
            dyw.view.stride[i] = s;
            s *= gradY->shape[i];
        }
        in0_ws = &dy_ws;
    }
    const act_view *ins[3] = {w ? &dyw : &dy, &a, &b};
    if ((st = launch(executor, ACT_SWIGLU_GROUP_BWD_A, &p, &ga, ins, 3, group, x, d, flags, in0_ws)) ||
        (st = launch(executor, ACT_SWIGLU_GROUP_BWD_B, &p, &gb, ins, 3, group, x, d, flags, in0_ws)))
        return st;
    if (!w)
        return ACLNN_SUCCESS;
    /* the products gradY * yOrigin as [H, leading dims...] (the token dims innermost) */
    act_view pd, py;
    int64_t shape[ACLEMU_MAX_RANK];
    act_view_of(&pd, gradY);
    act_view_of(&py, yo);
    shape[0] = H;
    pd.view.shape[0] = py.view.shape[0] = H;
    pd.view.stride[0] = gradY->stride[d];
    py.view.stride[0] = yo->stride[d];
    for (uint32_t i = 0; i < d; i++) {
        shape[i + 1] = gradY->shape[i];
        pd.view.shape[i + 1] = py.view.shape[i + 1] = gradY->shape[i];
        pd.view.stride[i + 1] = gradY->stride[i];
        py.view.stride[i + 1] = yo->stride[i];
    }
    uint64_t prod_ws = aclemu_exec_alloc_workspace(executor, (uint64_t)(T * H) * sizeof(float));
    const act_view *pi[2] = {&pd, &py};
    if ((st = launch_ws(executor, ACT_MUL, shape, rank, prod_ws, pi, 2)))
        return st;
    nn_stage so;
    if ((st = nn_stage_out(executor, gw, NULL, -1, &so)) || (st = nn_sum_parts(executor, prod_ws, H, T, &so)))
        return st;
    if (!quant_variant || !group)
        return ACLNN_SUCCESS;
    /* SwigluGroupQuantGrad zeroes gradWeight past the group sum: gw = gw there, 0 after */
    act_view g0, g1;
    act_view_of(&g0, gw);
    act_view_of(&g1, gw);
    act_params q = act_params_default();
    q.lo = -INFINITY;
    q.hi = INFINITY;
    const act_view *gi[1] = {&g1};
    return launch(executor, ACT_CLAMP, &q, &g0, gi, 1, group, gradY, d, flags, NULL);
}

/* aclnnSwigluGroupGrad (950; ops-nn quant/swiglu_group_grad). The op_api's checks in its order:
 * nulls (gradY, x, gradXOut; gradWeightOutOptional when weightOptional is given) 161001; weight
 * and yOrigin together, clampLimit >= 0 (NaN refused), dtypes (gradY / x FLOAT, FLOAT16, BF16,
 * alike, gradXOut and yOrigin of gradY's dtype, weight / gradWeightOut FLOAT, groupIndex INT64),
 * shapes (rank 2 or 3, x of gradY's rank and leading dims, x[-1] = 2 H, H > 0, gradXOut of x's
 * shape, weight of the tokens' element count, gradWeightOut of weight's shape, yOrigin of gradY's,
 * groupIndex 1-d and not empty), all 161002 with its messages; an empty gradY runs nothing;
 * then the kernel's chip (950 only: 361001). The tiling repeats those checks, so it refuses
 * nothing more.
 * Launches: dy' = gradY * weight[token] into an FP32 workspace (with a weight); the two halves of
 * gradXOut on the ClippedSwiglu kernel (open clamp masks, no clamp at clampLimit 0, rows past
 * sum(groupIndex) set to 0); gradWeight[token] = sum over H of the FP32 products gradY * yOrigin
 * (no row mask), laid out [H, tokens] in the workspace and summed by NnSumParts. */
aclnnStatus aclemu_plan_SwigluGroupGrad(aclOpExecutor *executor, const aclTensor *gradY, const aclTensor *x,
                                        const aclTensor *weightOptional, const aclTensor *yOriginOptional,
                                        const aclTensor *groupIndexOptional, float clampLimit, aclTensor *gradXOut,
                                        aclTensor *gradWeightOutOptional)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *w = weightOptional, *yo = yOriginOptional, *group = groupIndexOptional,
                    *gw = gradWeightOutOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradY, "gradY")) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, gradXOut, "gradXOut")) ||
        (w && (st = aclemu_check_notnull(api, gw, "gradWeightOutOptional"))))
        return st;
    if ((w == NULL) != (yo == NULL))
        return ACLEMU_PARAM_ERROR(api, "weightOptional and yOriginOptional must be provided together.");
    if (!(clampLimit >= 0.0f))
        return ACLEMU_PARAM_ERROR(api, "clampLimit must be greater than or equal to 0, but got %f.", clampLimit);
    if ((st = aclemu_check_dtype(api, gradY, "gradY", ACT_FLOATS)) || (st = aclemu_check_dtype(api, x, "x", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradY, "gradY", x, "x")) ||
        (st = aclemu_check_same_dtype(api, gradY, "gradY", gradXOut, "gradXOut")) ||
        (w && (st = aclemu_check_dtype(api, w, "weightOptional", ACLEMU_DT(ACL_FLOAT)))) ||
        (yo && (st = aclemu_check_same_dtype(api, gradY, "gradY", yo, "yOriginOptional"))) ||
        (group && (st = aclemu_check_dtype(api, group, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (gw && (st = aclemu_check_dtype(api, gw, "gradWeightOutOptional", ACLEMU_DT(ACL_FLOAT)))))
        return st;
    const aclTensor *ts[6] = {gradY, x, w, yo, group, gradXOut};
    const char *ns[6] = {"gradY", "x", "weightOptional", "yOriginOptional", "groupIndexOptional", "gradXOut"};
    for (int i = 0; i < 6; i++)
        if (ts[i] && (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    if (gw && (st = aclemu_check_shape(api, gw, "gradWeightOutOptional", ACLEMU_MAX_RANK)))
        return st;
    uint32_t rank = gradY->ndim;
    if (rank != 2 && rank != 3)
        return ACLEMU_PARAM_ERROR(api, "gradY must be 2D or 3D, got %u dims.", rank);
    uint32_t d = rank - 1;
    int64_t H = gradY->shape[d];
    if (x->ndim != rank)
        return ACLEMU_PARAM_ERROR(api, "x rank(%u) must equal gradY rank(%u).", x->ndim, rank);
    for (uint32_t i = 0; i < d; i++)
        if (x->shape[i] != gradY->shape[i])
            return ACLEMU_PARAM_ERROR(api, "x.shape[%u]=%lld != gradY.shape[%u]=%lld", i, (long long)x->shape[i], i,
                                      (long long)gradY->shape[i]);
    if (x->shape[d] != H * 2)
        return ACLEMU_PARAM_ERROR(api, "x.shape[-1]=%lld != 2*H=%lld", (long long)x->shape[d], (long long)(H * 2));
    if (H <= 0)
        return ACLEMU_PARAM_ERROR(api, "H=%lld must be > 0", (long long)H);
    if ((st = aclemu_check_same_shape(api, gradXOut, "gradXOut", x, "x")))
        return st;
    int64_t T = 1;
    for (uint32_t i = 0; i < d; i++)
        T *= gradY->shape[i];
    if (w) {
        int64_t wn = aclemu_tensor_numel(w);
        if (wn != T)
            return ACLEMU_PARAM_ERROR(api, "Shape size of weightOptional is %lld, which is invalid: The element num of "
                                           "weightOptional must be equal to the product of gradY leading dims.",
                                      (long long)wn);
        if ((st = aclemu_check_same_shape(api, gw, "gradWeightOutOptional", w, "weightOptional")))
            return st;
    }
    if (yo && (st = aclemu_check_same_shape(api, yo, "yOriginOptional", gradY, "gradY")))
        return st;
    if (group) {
        if (group->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "groupIndexOptional must be 1D, got %u dims.", group->ndim);
        if (group->shape[0] < 1)
            return ACLEMU_PARAM_ERROR(api, "groupIndexOptional must have numel>=1, got %lld.", (long long)group->shape[0]);
    }
    if (aclemu_tensor_numel(gradY) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    return group_grad_run(executor, gradY, x, w, yo, group, clampLimit > 0.0f ? (double)clampLimit : 0.0, 0,
                          gradXOut, gw);
}

#define SGQG_TILING(...) TILING_ERROR(api, __VA_ARGS__)

/* aclnnSwigluGroupQuantGrad (950; ops-nn activation/swiglu_group_quant_grad; generated aclnn
 * layer): nulls (gradY, x, gradXOut) 161001; dtypes of the op definition (gradY FLOAT16, BF16,
 * FLOAT; x, yOrigin, gradXOut of gradY's dtype; weight, gradWeight FLOAT; groupIndex INT64),
 * formats, ranks (161002); the chip (361001); then the tiling's refusals (561002) in its order:
 * clamp_limit -1 or > 0, grad_y / x ranks >= 1 and alike, leading dims equal, x's last dim even
 * and twice grad_y's, weight of the tokens' element count, y_origin of grad_y's shape, y_origin
 * with a weight, group_index 1-d, grad_x of x's shape, grad_weight of weight's shape (absent with a
 * weight: refused, where the tiling would read a missing shape). An empty gradY runs nothing. */
aclnnStatus aclemu_plan_SwigluGroupQuantGrad(aclOpExecutor *executor, const aclTensor *gradY, const aclTensor *x,
                                             const aclTensor *weightOptional, const aclTensor *yOriginOptional,
                                             const aclTensor *groupIndexOptional, double clampLimit,
                                             const aclTensor *gradXOut, const aclTensor *gradWeightOutOptional)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *w = weightOptional, *yo = yOriginOptional, *group = groupIndexOptional,
                    *gw = gradWeightOutOptional;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradY, "gradY")) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, gradXOut, "gradXOut")))
        return st;
    if ((st = aclemu_check_dtype(api, gradY, "gradY", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradY, "gradY", x, "x")) ||
        (w && (st = aclemu_check_dtype(api, w, "weightOptional", ACLEMU_DT(ACL_FLOAT)))) ||
        (yo && (st = aclemu_check_same_dtype(api, gradY, "gradY", yo, "yOriginOptional"))) ||
        (group && (st = aclemu_check_dtype(api, group, "groupIndexOptional", ACLEMU_DT(ACL_INT64)))) ||
        (st = aclemu_check_same_dtype(api, gradY, "gradY", gradXOut, "gradXOut")) ||
        (gw && (st = aclemu_check_dtype(api, gw, "gradWeightOutOptional", ACLEMU_DT(ACL_FLOAT)))))
        return st;
    const aclTensor *ts[7] = {gradY, x, w, yo, group, gradXOut, gw};
    const char *ns[7] = {"gradY", "x", "weightOptional", "yOriginOptional", "groupIndexOptional", "gradXOut",
                         "gradWeightOutOptional"};
    for (int i = 0; i < 7; i++)
        if (ts[i] && (st = aclemu_check_format(api, ts[i], ns[i])))
            return st;
    for (int i = 0; i < 7; i++)
        if (ts[i] && (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    const float cl = (float)clampLimit;
    if (cl != -1.0f && !(cl > 0.0f))
        return SGQG_TILING("attr clamp_limit must be -1 or > 0.0, got %f.", cl);
    if (gradY->ndim < 1 || x->ndim < 1)
        return SGQG_TILING("Input shape dimension must >= 1.");
    if (gradY->ndim != x->ndim)
        return SGQG_TILING("grad_y and x shape dimension must be same.");
    uint32_t d = x->ndim - 1;
    for (uint32_t i = 0; i < d; i++)
        if (gradY->shape[i] != x->shape[i])
            return SGQG_TILING("grad_y and x shape must be same except last dim.");
    if (x->shape[d] % 2)
        return SGQG_TILING("Input x last dim must be divisible by 2.");
    if (gradY->shape[d] != x->shape[d] / 2)
        return SGQG_TILING("Input grad_y last dim must be half of x last dim.");
    int64_t T = 1;
    for (uint32_t i = 0; i < d; i++)
        T *= gradY->shape[i];
    if (w && aclemu_tensor_numel(w) != T)
        return SGQG_TILING("weight element count must equal the product of grad_y or x dimensions excluding the last "
                           "dimension.");
    if (yo) {
        if (yo->ndim != gradY->ndim)
            return SGQG_TILING("y_origin and grad_y shape dimension must be same.");
        for (uint32_t i = 0; i <= d; i++)
            if (yo->shape[i] != gradY->shape[i])
                return SGQG_TILING("y_origin shape must be same as grad_y.");
    }
    if (w && !yo)
        return SGQG_TILING("When weight exists, y_origin must also exist.");
    if (group && group->ndim != 1)
        return SGQG_TILING("group_index must be 1D tensor.");
    if (gradXOut->ndim != x->ndim)
        return SGQG_TILING("x and grad_x shape dimension must be same.");
    for (uint32_t i = 0; i <= d; i++)
        if (gradXOut->shape[i] != x->shape[i])
            return SGQG_TILING("x and grad_x shape must be same.");
    if (w) {
        if (!gw)
            return SGQG_TILING("grad_weight must be given when weight exists.");
        if (gw->ndim != w->ndim)
            return SGQG_TILING("grad_weight and weight shape dimension must be same.");
        for (uint32_t i = 0; i < w->ndim; i++)
            if (gw->shape[i] != w->shape[i])
                return SGQG_TILING("grad_weight shape must be same as weight.");
    }
    if (aclemu_tensor_numel(gradY) == 0)
        return ACLNN_SUCCESS;
    return group_grad_run(executor, gradY, x, w, w ? yo : NULL, group, cl > 0.0f ? (double)cl : 0.0, 1, gradXOut,
                          w ? gw : NULL);
}
