/* aclnnScale (ops-math math/scale, op_api/aclnn_scale.cpp): y = x * scale (+ bias) on the
 * pointwise kernel (Addcmul with value 1: bias + x * scale; without bias Addr with beta 0:
 * x * scale). scale / bias cover x's dims [axis, axis + len) (len: numAxes, -1 to the last dim,
 * with scaleFromBlob; scale's rank otherwise; one element: everywhere) and are given to the
 * kernel as views of x's rank, 1 on the other dims. Checks in the real order: null (x, scale,
 * y) -> dtypes (x in the chip's list: A2 / A3 / 950 FLOAT, FLOAT16, BF16; 310P FLOAT, FLOAT16;
 * none elsewhere; bias as scale, scale and y as x) -> shapes (y as x, bias as scale, ranks <= 8,
 * axis in [-rank, rank), numAxes >= -1, then scale's shape against x's). Empty x: nothing to do. */
#include <string.h>

#include "aclemu_plans.h"
#include "pw_plan.h"

/* a view made here (over a tensor of the API call) */
typedef struct scale_tview {
    aclTensor view;
} scale_tview;

#define SCALE_DTYPES (PW_DT(FLOAT) | PW_DT(FLOAT16) | PW_DT(BF16))

static aclemu_dtype_set scale_dtypes(void)
{
    if (aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950))
        return SCALE_DTYPES;
    if (aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_310P)))
        return PW_DT(FLOAT) | PW_DT(FLOAT16);
    return 0; /* the real list is empty there ("support for <soc> is not implemented" logged) */
}

static aclnnStatus scale_check_shape(const char *api, const aclTensor *x, const aclTensor *scale, int64_t axis,
                                     int64_t numAxes, int from_blob, int64_t *first)
{
    int64_t rank = (int64_t)x->ndim;
    char a[256], b[256], c[256];
    if (axis < -rank || axis >= rank)
        return ACLEMU_PARAM_ERROR(api, "axis must be within the range of [%lld, %lld), but it is %lld.", (long long)-rank,
                                  (long long)rank, (long long)axis);
    if (numAxes < -1)
        return ACLEMU_PARAM_ERROR(api, "numAxes must be >= -1, but it is %lld.", (long long)numAxes);
    int64_t ax = axis >= 0 ? axis : rank + axis, n1 = aclemu_tensor_numel(scale) == 1;
    *first = ax;
    if (from_blob) {
        if (numAxes == 0) {
            if (!n1)
                return ACLEMU_PARAM_ERROR(api, "when num_axes is 0, scale must have one num, but shape is %s.",
                                          aclemu_shape_str(scale->shape, scale->ndim, a, sizeof a));
            *first = -1;
            return ACLNN_SUCCESS;
        }
        int64_t len = numAxes == -1 ? rank - ax : numAxes;
        if (len + ax > rank || len <= 0)
            return ACLEMU_PARAM_ERROR(api, "the sum of scale axis(%lld) and numAxes(%lld) must be <= xRank(%lld).",
                                      (long long)ax, (long long)numAxes, (long long)rank);
        if ((int64_t)scale->ndim != len || memcmp(scale->shape, x->shape + ax, (size_t)len * sizeof(int64_t)))
            return ACLEMU_PARAM_ERROR(api, "the scale must be %s, when x is %s and attr[axis(%lld), numAxes(%lld)], but get %s.",
                                      aclemu_shape_str(x->shape + ax, (uint32_t)len, a, sizeof a),
                                      aclemu_shape_str(x->shape, x->ndim, b, sizeof b), (long long)axis,
                                      (long long)numAxes, aclemu_shape_str(scale->shape, scale->ndim, c, sizeof c));
        return ACLNN_SUCCESS;
    }
    int64_t len = (int64_t)scale->ndim;
    if (len + ax > rank)
        return ACLEMU_PARAM_ERROR(api, "the sum of scale axis(%lld) and scale_rank(%lld) must be <= xRank(%lld).",
                                  (long long)ax, (long long)len, (long long)rank);
    if (n1 && len <= 1) {
        *first = -1;
        return ACLNN_SUCCESS;
    }
    for (int64_t i = 0; i < len; i++)
        if (x->shape[ax + i] != scale->shape[i])
            return ACLEMU_PARAM_ERROR(api, "the scale shape(%s) must be the same with x shape(%s) from axis dim(%lld).",
                                      aclemu_shape_str(scale->shape, scale->ndim, a, sizeof a),
                                      aclemu_shape_str(x->shape, x->ndim, b, sizeof b), (long long)axis);
    return ACLNN_SUCCESS;
}

/* t (scale or bias) as a view of x's rank: its dims at [first, first + rank(t)), 1 elsewhere
 * (first -1: one element broadcast everywhere). */
static void scale_view(scale_tview *v, const aclTensor *t, const aclTensor *x, int64_t first)
{
    v->view = *t;
    v->view.shape = v->view.inl_shape;
    v->view.stride = v->view.inl_stride;
    v->view.ndim = x->ndim;
    for (uint32_t k = 0; k < x->ndim; k++) {
        int64_t j = (int64_t)k - first;
        int in = first >= 0 && j >= 0 && j < (int64_t)t->ndim;
        v->view.inl_shape[k] = in ? t->shape[j] : 1;
        v->view.inl_stride[k] = in ? t->stride[j] : 0;
    }
}

aclnnStatus aclemu_plan_Scale(aclOpExecutor *executor, const aclTensor *x, const aclTensor *scale, const aclTensor *bias,
                              int64_t axis, int64_t numAxes, bool scaleFromBlob, aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, y, "y")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", scale_dtypes())) ||
        (bias && (st = aclemu_check_same_dtype(api, scale, "scale", bias, "bias"))) ||
        (st = aclemu_check_same_dtype(api, x, "x", scale, "scale")) || (st = aclemu_check_same_dtype(api, x, "x", y, "y")))
        return st;
    if ((st = aclemu_check_same_shape(api, x, "x", y, "y")) ||
        (bias && (st = aclemu_check_same_shape(api, scale, "scale", bias, "bias"))) ||
        (st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, scale, "scale", ACLEMU_MAX_RANK)) ||
        (bias && (st = aclemu_check_shape(api, bias, "bias", ACLEMU_MAX_RANK))) || (st = aclemu_check_shape(api, y, "y", ACLEMU_MAX_RANK)))
        return st;
    int64_t first = 0;
    if ((st = scale_check_shape(api, x, scale, axis, numAxes, scaleFromBlob, &first)))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    scale_tview sv, bv;
    scale_view(&sv, scale, x, first);
    pw_operand ops[3];
    memset(ops, 0, sizeof ops);
    int op;
    if (bias) {
        scale_view(&bv, bias, x, first);
        ops[0].t = &bv.view;
        op = PW_ADDCMUL;
    } else {
        ops[0].t = x; /* ignored: beta 0 */
        op = PW_ADDR;
    }
    ops[1].t = x;
    ops[2].t = &sv.view;
    pw_args *a = pw_launch_blob(executor, op, x->dtype, y, ops, 3, bias ? 0 : PW_IGNORE_A, NULL, &st);
    if (!a)
        return st;
    a->value_f = 1.0;
    a->value_i = 1;
    a->aux_f = 0.0;
    a->aux_i = 0;
    /* the planner's views: bind their addresses to the API tensors */
    if ((st = aclemu_exec_bind_tensor(executor, a, &a->ew.op[a->src[2]].addr, scale)))
        return st;
    return bias ? aclemu_exec_bind_tensor(executor, a, &a->ew.op[a->src[0]].addr, bias) : ACLNN_SUCCESS;
}
