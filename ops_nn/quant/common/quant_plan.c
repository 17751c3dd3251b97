/* Host side of the quant driver (see quant_plan.h). */
#include <string.h>

#include "quant_codec.h"
#include "quant_plan.h"

int quant_is_950(void) { return aclemu_op_profile()->family == ACLEMU_FAMILY_950; }

float quant_dst_max(aclDataType y)
{
    switch (y) {
    case ACL_INT4: case ACL_INT32: return 7.0f;
    case ACL_FLOAT8_E4M3FN: return 448.0f;
    case ACL_FLOAT8_E5M2: return 57344.0f;
    case ACL_HIFLOAT8: return 32768.0f;
    default: return 127.0f;
    }
}

int32_t quant_code_of(aclDataType y) { return y == ACL_INT32 ? ACL_INT4 : (int32_t)y; }

aclnnStatus quant_check_encodable(const char *api, const aclTensor *y, const char *name)
{
    if (y->dtype == ACL_HIFLOAT8)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "%s dtype DT_HIFLOAT8 is not implemented in aclemu.", name);
    return ACLNN_SUCCESS;
}

aclnnStatus quant_check_hif8_round(const char *api, const aclTensor *y, const char *roundMode)
{
    if (y && y->dtype == ACL_HIFLOAT8 && roundMode && !strcmp(roundMode, "hybrid"))
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "roundMode hybrid (the stochastic CAST_HYBRID) for DT_HIFLOAT8 is not implemented in "
                               "aclemu.");
    return ACLNN_SUCCESS;
}

aclnnStatus quant_check_y_shape(const char *api, const aclTensor *x, const aclTensor *y, int ascend)
{
    uint32_t n = x->ndim;
    if (y->dtype == ACL_INT32) {
        int64_t xl = n ? x->shape[n - 1] : 0, yl = y->ndim ? y->shape[y->ndim - 1] : 0;
        if (y->ndim != n || n == 0)
            return ascend ? ACLEMU_PARAM_ERROR(api, "check int32 output shape failed.")
                          : ACLEMU_PARAM_ERROR(api, "The dim num of x and y must be the same.");
        if (!quant_is_8x(xl, yl))
            return ascend ? ACLEMU_PARAM_ERROR(api,
                                               "if y dtype is int32, the y last dim must be 1/8 of x last dim, x last "
                                               "dim is (%ld), y last dim is (%ld)",
                                               (long)xl, (long)yl)
                          : ACLEMU_PARAM_ERROR(api,
                                               "If output dtype is int32, the last dimension of output must be 1/8 of "
                                               "the last dimension of input, the last dim of input is (%ld), the last "
                                               "dim of output is (%ld).",
                                               (long)xl, (long)yl);
        for (uint32_t i = 0; i + 1 < n; i++)
            if (x->shape[i] != y->shape[i])
                return ascend ? ACLEMU_PARAM_ERROR(api, "the dim(%u) of x must be same with y, x is (%ld), y is (%ld).",
                                                   i, (long)x->shape[i], (long)y->shape[i])
                              : ACLEMU_PARAM_ERROR(api,
                                                   "The (%u)-th dim of input must be the same as (%u)-th dim of "
                                                   "output, where input is (%ld) and output is (%ld).",
                                                   i, i, (long)x->shape[i], (long)y->shape[i]);
        return ACLNN_SUCCESS;
    }
    int same = y->ndim == n && memcmp(x->shape, y->shape, n * sizeof(int64_t)) == 0;
    if (!same) {
        if (ascend) {
            char a[160], b[160];
            return ACLEMU_PARAM_ERROR(api, "Expected tensor for y to have same size as tensor for x, but %s does not "
                                           "equal %s.",
                                      aclemu_shape_str(y->shape, y->ndim, a, sizeof a),
                                      aclemu_shape_str(x->shape, n, b, sizeof b));
        }
        return ACLEMU_PARAM_ERROR(api, "The shapes of x and y are inconsistent.");
    }
    if (y->dtype == ACL_INT4 && n && x->shape[n - 1] % 2)
        return ascend ? ACLEMU_PARAM_ERROR(api, "if y dtype is int4, x last dim must be divisible by 2, last dim is "
                                                "(%ld).",
                                           (long)x->shape[n - 1])
                      : ACLEMU_PARAM_ERROR(api, "If y dtype is int4, the last dim of x must be divisible by 2, but the "
                                                "last dim is (%ld).",
                                           (long)x->shape[n - 1]);
    return ACLNN_SUCCESS;
}

aclnnStatus quant_launch(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                         const aclTensor *smooth, const aclTensor *group, const aclTensor *scale,
                         const aclTensor *offset)
{
    return quant_launch_aux(ex, tmpl, x, y, smooth, group, scale, offset, NULL);
}

/* The launch itself; *blob (when not NULL) is the recorded blob, NULL when nothing runs. */
static aclnnStatus quant_record(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                                const aclTensor *smooth, const aclTensor *group, const aclTensor *scale,
                                const aclTensor *offset, const aclTensor *aux, const aclTensor *w,
                                const aclTensor *act, quant_args **blob)
{
    if (blob)
        *blob = NULL;
    if (aclemu_tensor_numel(x) == 0 || aclemu_tensor_numel(y) == 0)
        return ACLNN_SUCCESS;
    /* rows x cols of the float side: x, or y for the dequantisation */
    const aclTensor *f = tmpl->mode == QUANT_ANTI || tmpl->mode == QUANT_SWIGLU_DYN ||
                                 tmpl->mode == QUANT_SWIGLU_STATIC || tmpl->mode == QUANT_DEQUANT_SWIGLU ||
                                 tmpl->mode == QUANT_SWIGLU_MX || tmpl->mx_act ? y : x;
    uint32_t n = f->ndim;
    tmpl->cols = n ? f->shape[n - 1] : 1;
    tmpl->rows = aclemu_tensor_numel(f) / tmpl->cols;
    int64_t unit_elems = tmpl->cols;
    switch (tmpl->mode) {
    case QUANT_PER_TENSOR: case QUANT_MAX:
        tmpl->units = 1;
        unit_elems = aclemu_tensor_numel(x);
        break;
    case QUANT_GROUPED_BLOCK:
        tmpl->units = tmpl->mx_pre * (group ? group->shape[0] : 1);
        unit_elems = aclemu_tensor_numel(x) / (tmpl->units ? tmpl->units : 1);
        break;
    case QUANT_GROUPED_MX: case QUANT_GROUPED_MAX:
        tmpl->units = group->shape[0];
        unit_elems = aclemu_tensor_numel(x) / (group->shape[0] ? group->shape[0] : 1);
        break;
    case QUANT_BLOCK_MX:
        tmpl->units = tmpl->mx_pre * ((tmpl->mx_len + tmpl->block_cols - 1) / tmpl->block_cols);
        unit_elems = tmpl->block_cols * tmpl->cols;
        break;
    case QUANT_MX: case QUANT_ANTI_MX: case QUANT_SWIGLU_MX:
        tmpl->units = tmpl->mx_pre;
        unit_elems = tmpl->mx_len * tmpl->mx_post;
        break;
    case QUANT_PER_CHANNEL:
        tmpl->chan_rows = x->shape[n - 2];
        tmpl->units = tmpl->rows / tmpl->chan_rows;
        unit_elems = tmpl->chan_rows * tmpl->cols;
        break;
    default:
        tmpl->units = tmpl->rows;
        break;
    }
    /* a block should get ~4096 elements of work at least */
    if (unit_elems < 1)
        unit_elems = 1;
    uint64_t min_units = unit_elems >= 4096 ? 1 : (uint64_t)(4096 / unit_elems);
    uint32_t block_dim;
    uint64_t per;
    aclemu_tile_1d((uint64_t)tmpl->units, aclemu_vector_core_num(aclemu_op_profile()), min_units, 1, &block_dim, &per);
    tmpl->units_per_block = (int64_t)per;
    quant_args *a = (quant_args *)aclemu_exec_add_launch(ex, "Quant", block_dim, sizeof(quant_args));
    if (!a)
        return ACLNN_ERR_INNER;
    *a = *tmpl;
    memset(&a->x, 0, sizeof(aclemu_tdesc) * 9);
    aclnnStatus st;
    if ((st = aclemu_exec_tdesc(ex, a, &a->x, x)) || (st = aclemu_exec_tdesc(ex, a, &a->y, y)) ||
        (scale && (st = aclemu_exec_tdesc(ex, a, &a->scale, scale))))
        return st;
    if (smooth && (st = aclemu_exec_tdesc(ex, a, &a->smooth, smooth)))
        return st;
    int uses_group = smooth || tmpl->mode == QUANT_SWIGLU_DYN || tmpl->mode == QUANT_DEQUANT_SWIGLU || tmpl->mode == QUANT_GROUP ||
                     tmpl->mode == QUANT_GROUPED_MX || tmpl->mode == QUANT_GROUPED_MAX ||
                     tmpl->mode == QUANT_GROUPED_BLOCK;
    if (group && uses_group && (st = aclemu_exec_tdesc(ex, a, &a->group, group)))
        return st;
    if (offset && (st = aclemu_exec_tdesc(ex, a, &a->offset, offset)))
        return st;
    if (aux && (st = aclemu_exec_tdesc(ex, a, &a->aux, aux)))
        return st;
    if (w && (st = aclemu_exec_tdesc(ex, a, &a->w, w)))
        return st;
    if (act && (st = aclemu_exec_tdesc(ex, a, &a->act, act)))
        return st;
    if (blob)
        *blob = a;
    return ACLNN_SUCCESS;
}


aclnnStatus quant_launch_aux(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                             const aclTensor *smooth, const aclTensor *group, const aclTensor *scale,
                             const aclTensor *offset, const aclTensor *aux)
{
    return quant_record(ex, tmpl, x, y, smooth, group, scale, offset, aux, NULL, NULL, NULL);
}

aclnnStatus quant_launch_full(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                              const aclTensor *smooth, const aclTensor *group, const aclTensor *scale,
                              const aclTensor *offset, const aclTensor *aux, const aclTensor *w,
                              const aclTensor *act)
{
    return quant_record(ex, tmpl, x, y, smooth, group, scale, offset, aux, w, act, NULL);
}

aclnnStatus quant_launch_ws(aclOpExecutor *ex, quant_args *tmpl, const aclTensor *x, const aclTensor *y,
                            int64_t y_ws, const aclTensor *smooth, const aclTensor *scale, int64_t scale_ws)
{
    quant_args *a;
    aclnnStatus st = quant_record(ex, tmpl, x, y, smooth, NULL, scale, NULL, NULL, NULL, NULL, &a);
    if (st || !a)
        return st;
    if (y_ws >= 0 && (st = aclemu_exec_bind_workspace(ex, a, &a->y.addr, (uint64_t)y_ws)))
        return st;
    if (scale && scale_ws >= 0 && (st = aclemu_exec_bind_workspace(ex, a, &a->scale.addr, (uint64_t)scale_ws)))
        return st;
    return ACLNN_SUCCESS;
}

int32_t quant_mx_round_mode(const char *mode)
{
    if (!strcmp(mode, "rint"))
        return QUANT_RINT;
    if (!strcmp(mode, "round"))
        return QUANT_ROUND;
    if (!strcmp(mode, "floor"))
        return QUANT_FLOOR;
    return -1;
}

static float quant_f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

void quant_mx_setup(quant_args *q, aclDataType yd, int32_t round, int64_t blocksize, int64_t scaleAlg,
                    float dstTypeMax, float maxLowBound)
{
    memset(q, 0, sizeof *q);
    q->mode = QUANT_MX;
    q->code = (int32_t)yd;
    q->round = round;
    q->block_cols = blocksize;
    q->mx_emax = yd == ACL_FLOAT4_E2M1 ? 2 : yd == ACL_FLOAT4_E1M2 ? 0 : yd == ACL_FLOAT8_E4M3FN ? 8 : 15;
    if (scaleAlg == 1) {
        q->mx_alg = QUANT_MX_CUBLAS; /* fp32(1 / 448), fp32(1 / 57344) */
        q->mx_inv_max = quant_f32_of(yd == ACL_FLOAT8_E4M3FN ? 0x3b124925u : 0x37924925u);
        q->mx_low_bound = maxLowBound;
    } else if (scaleAlg == 2) {
        if (dstTypeMax == 0.0f || dstTypeMax == 6.0f || dstTypeMax == 7.0f) {
            q->mx_alg = QUANT_MX_RANGE;
            q->mx_add_bits = dstTypeMax == 7.0f ? 0x1fu : 0x3fu;
        } else {
            q->mx_alg = QUANT_MX_CUBLAS4;
            q->mx_inv_max = (float)(1.0 / (double)dstTypeMax);
        }
    } else {
        q->mx_alg = QUANT_MX_OCP;
    }
}

aclnnStatus quant_mx_launch(aclOpExecutor *ex, const aclTensor *x, int64_t axis, int32_t round, int64_t blocksize,
                            int64_t scaleAlg, float dstTypeMax, float maxLowBound, const aclTensor *y,
                            const aclTensor *scale)
{
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    quant_args q;
    quant_mx_setup(&q, y->dtype, round, blocksize, scaleAlg, dstTypeMax, maxLowBound);
    q.mx_pre = 1;
    q.mx_post = 1;
    for (int64_t i = 0; i < axis; i++)
        q.mx_pre *= x->shape[i];
    for (uint32_t i = (uint32_t)axis + 1; i < x->ndim; i++)
        q.mx_post *= x->shape[i];
    q.mx_len = x->shape[axis];
    return quant_launch(ex, &q, x, y, NULL, NULL, scale, NULL);
}

aclnnStatus quant_mx_launch_ws(aclOpExecutor *ex, const aclTensor *x_ws, uint64_t x_ws_off, int64_t axis, int32_t round,
                               int64_t blocksize, int64_t scaleAlg, const aclTensor *y, const aclTensor *scale)
{
    if (aclemu_tensor_numel(x_ws) == 0)
        return ACLNN_SUCCESS;
    quant_args q, *a;
    quant_mx_setup(&q, y->dtype, round, blocksize, scaleAlg, 0.0f, 0.0f);
    q.mx_pre = 1;
    q.mx_post = 1;
    for (int64_t i = 0; i < axis; i++)
        q.mx_pre *= x_ws->shape[i];
    for (uint32_t i = (uint32_t)axis + 1; i < x_ws->ndim; i++)
        q.mx_post *= x_ws->shape[i];
    q.mx_len = x_ws->shape[axis];
    aclnnStatus st = quant_record(ex, &q, x_ws, y, NULL, NULL, scale, NULL, NULL, NULL, NULL, &a);
    if (st || !a)
        return st;
    return aclemu_exec_bind_workspace(ex, a, &a->x.addr, x_ws_off);
}

aclnnStatus quant_swiglu_mx_launch(aclOpExecutor *ex, const quant_args *act, const aclTensor *x, int64_t act_dim,
                                   int64_t axis, int32_t round, int64_t scaleAlg, const aclTensor *y,
                                   const aclTensor *scale)
{
    quant_args q;
    quant_mx_setup(&q, y->dtype, round, 32, scaleAlg, 0.0f, 0.0f);
    q.mode = QUANT_SWIGLU_MX;
    q.swiglu_mode = act->swiglu_mode;
    q.activate_left = act->activate_left;
    q.clamp_limit = act->clamp_limit;
    q.glu_alpha = act->glu_alpha;
    q.glu_bias = act->glu_bias;
    q.situ_beta = act->situ_beta;
    q.situ_linear_beta = act->situ_linear_beta;
    uint32_t n = y->ndim;
    q.act_half = y->shape[act_dim];
    q.act_inner = 1;
    for (uint32_t i = (uint32_t)act_dim + 1; i < n; i++)
        q.act_inner *= y->shape[i];
    q.mx_pre = 1;
    q.mx_post = 1;
    for (int64_t i = 0; i < axis; i++)
        q.mx_pre *= y->shape[i];
    for (uint32_t i = (uint32_t)axis + 1; i < n; i++)
        q.mx_post *= y->shape[i];
    q.mx_len = y->shape[axis];
    return quant_launch(ex, &q, x, y, NULL, NULL, scale, NULL);
}

aclnnStatus quant_check_tensors(const char *api, const aclTensor *const *ts, const char *const *names, int n,
                                int nonempty)
{
    aclnnStatus st;
    for (int i = 0; i < n; i++) {
        if (!ts[i])
            continue;
        if ((st = aclemu_check_format(api, ts[i], names[i])) ||
            (st = aclemu_check_shape(api, ts[i], names[i], ACLEMU_MAX_RANK)))
            return st;
        if (nonempty && aclemu_tensor_numel(ts[i]) == 0)
            return ACLEMU_PARAM_ERROR(api, "%s should not be an empty tensor.", names[i]);
    }
    return ACLNN_SUCCESS;
}
