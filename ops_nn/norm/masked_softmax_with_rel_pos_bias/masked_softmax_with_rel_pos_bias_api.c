/* aclnnMaskedSoftmaxWithRelPosBias (ops-nn norm/masked_softmax_with_rel_pos_bias; A2 / A3 /
 * 310P per its doc, 950 refused). The real aclnn layer is generated from the op definition:
 * null x / relativePosBias / out (161001; the mask is optional), the chip (no kernel: 361001),
 * the definition's dtype rows (FLOAT16 / BF16 / FLOAT, every operand of x's dtype; no BF16 on
 * 310P) and formats (161002); then the tiling's rules (561002) in its order: x 4-D (B*W, N, S1,
 * S2) or 5-D (B, W, N, S1, S2) without zero dims; the mask 3-D (W, S1, S2), 4-D (W, 1, S1, S2) or
 * 5-D (1, W, 1, S1, S2), W dividing into x's first dim for a 4-D x, matching W / S1 / S2; the
 * bias 3-D (N, S1, S2), 4-D (1, N, S1, S2) or 5-D (1, 1, N, S1, S2) matching N / S1 / S2; out
 * (B, W, N, S1, S2) or (B*W, N, S1, S2); on 310P S2 * dtype size a multiple of 32 bytes.
 * scaleValue is read as FLOAT (the attribute's type), within FLT_EPSILON of 1 means no scaling;
 * innerPrecisionMode is accepted and unused, as in the real tiling. */
#include <float.h>
#include <math.h>

#include "aclemu_plans.h"
#include "masked_softmax_with_rel_pos_bias_args.h"
#include "nn_check.h"
#include "nn_stage.h"

#define MSRPB_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* dims of a 3/4/5-D operand read as (b, w, n, s1, s2) the tiling's way; other ranks leave 0s */
static void msrpb_dims(const aclTensor *t, int is_mask, int64_t d[5])
{
    for (int i = 0; i < 5; i++) d[i] = 0;
    const int64_t *s = t->shape;
    if (t->ndim == 3) {
        if (is_mask)
            d[0] = 1, d[1] = s[0], d[2] = 1;
        else
            d[0] = 1, d[1] = 1, d[2] = s[0];
        d[3] = s[1], d[4] = s[2];
    } else if (t->ndim == 4) {
        d[0] = 1, d[1] = s[0], d[2] = s[1], d[3] = s[2], d[4] = s[3];
    } else if (t->ndim == 5) {
        for (int i = 0; i < 5; i++) d[i] = s[i];
    }
}

aclnnStatus aclemu_plan_MaskedSoftmaxWithRelPosBias(aclOpExecutor *executor, const aclTensor *x,
                                                    const aclTensor *attenMaskOptional,
                                                    const aclTensor *relativePosBias, double scaleValue,
                                                    int64_t innerPrecisionMode, const aclTensor *out)
{
    (void)innerPrecisionMode;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *mask = attenMaskOptional, *bias = relativePosBias;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, bias, "relativePosBias")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3 | ACLEMU_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", NN_FLOATS)) ||
        (mask && (st = aclemu_check_same_dtype(api, x, "x", mask, "attenMaskOptional"))) ||
        (st = aclemu_check_same_dtype(api, x, "x", bias, "relativePosBias")) ||
        (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (mask && (st = aclemu_check_format(api, mask, "attenMaskOptional"))) ||
        (st = aclemu_check_format(api, bias, "relativePosBias")) || (st = aclemu_check_format(api, out, "out")) ||
        (st = aclemu_check_shape(api, x, "x", 8)) ||
        (mask && (st = aclemu_check_shape(api, mask, "attenMaskOptional", 8))) ||
        (st = aclemu_check_shape(api, bias, "relativePosBias", 8)) || (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    /* the tiling */
    int64_t b, w, n, s1, s2;
    const int64_t *xs = x->shape;
    if (x->ndim == 5)
        b = xs[0], w = xs[1], n = xs[2], s1 = xs[3], s2 = xs[4];
    else if (x->ndim == 4)
        b = xs[0], w = 1, n = xs[1], s1 = xs[2], s2 = xs[3];
    else
        return MSRPB_TILING(api, "Do tiling failed, x dim num only support 4 or 5, but got dim num is %u", x->ndim);
    if (b == 0 || w == 0 || n == 0 || s1 == 0 || s2 == 0)
        return MSRPB_TILING(api, "Do tiling failed, b_[%lld]), w_[%lld], n_[%lld], s1[%lld], s2_[%lld]", (long long)b,
                            (long long)w, (long long)n, (long long)s1, (long long)s2);
    if (mask) {
        int64_t m[5];
        msrpb_dims(mask, 1, m);
        if (m[0] != 1 || m[2] != 1)
            return MSRPB_TILING(api, "Do tiling failed, att_b_[%lld]), att_n_[%lld]", (long long)m[0],
                                (long long)m[2]);
        if (m[1] == 0 || m[3] == 0 || m[4] == 0)
            return MSRPB_TILING(api, "Do tiling failed,  att_b_[%lld],  att_w_[%lld], att_n_[%lld], att_s1_[%lld], "
                                "att_s2_[%lld]", (long long)m[0], (long long)m[1], (long long)m[2], (long long)m[3],
                                (long long)m[4]);
        if (x->ndim == 4) {
            if (b / m[1] == 0) {
                char xb[96], mb[96];
                return MSRPB_TILING(api, "Do tiling failed,  x shape %s and attenMask shape %s is not compatible, "
                                    "please check it.", aclemu_shape_str(x->shape, x->ndim, xb, sizeof xb),
                                    aclemu_shape_str(mask->shape, mask->ndim, mb, sizeof mb));
            }
            b = b / m[1];
            w = m[1];
        }
        if (!(w == m[1] && s1 == m[3] && s2 == m[4]))
            return MSRPB_TILING(api, "Do tiling failed, w_[%lld], att_w_[%lld], s1_[%lld], att_s1_[%lld], s2_[%lld], "
                                "att_s2_[%lld]", (long long)w, (long long)m[1], (long long)s1, (long long)m[3],
                                (long long)s2, (long long)m[4]);
    }
    int64_t bd[5];
    msrpb_dims(bias, 0, bd);
    if (bd[0] != 1 || bd[1] != 1)
        return MSRPB_TILING(api, "Do tiling failed, bias_b_[%lld]), bias_b_[%lld]", (long long)bd[0], (long long)bd[1]);
    if (bd[2] == 0 || bd[3] == 0 || bd[4] == 0)
        return MSRPB_TILING(api, "Do tiling failed,  bias_b_[%lld],  bias_w_[%lld], bias_n_[%lld], bias_s1_[%lld], "
                            "bias_s2_[%lld]", (long long)bd[0], (long long)bd[1], (long long)bd[2], (long long)bd[3],
                            (long long)bd[4]);
    if (!(n == bd[2] && s1 == bd[3] && s2 == bd[4]))
        return MSRPB_TILING(api, "Do tiling failed, n_[%lld], bias_n_[%lld], s1_[%lld], bias_s1_[%lld], s2_[%lld], "
                            "bias_s2_[%lld]", (long long)n, (long long)bd[2], (long long)s1, (long long)bd[3],
                            (long long)s2, (long long)bd[4]);
    const int64_t *os = out->shape;
    int out_ok = (out->ndim == 5 && os[0] == b && os[1] == w && os[2] == n && os[3] == s1 && os[4] == s2) ||
                 (out->ndim == 4 && os[0] == b * w && os[1] == n && os[2] == s1 && os[3] == s2);
    if (!out_ok)
        return MSRPB_TILING(api, "Do tiling failed, output shape is not legal, please check it.");
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_310P && (s2 * (int64_t)aclDataTypeSize(x->dtype)) % 32 != 0)
        return MSRPB_TILING(api, "Do tiling failed, s2 is not aligned.");
    float scale = (float)scaleValue;
    if (!(fabsf(scale - 1.0f) > FLT_EPSILON))
        scale = 1.0f;
    nn_stage sx, sm, sb, sy;
    if ((st = nn_stage_in(executor, x, NULL, -1, &sx)) || (st = nn_stage_in(executor, mask, NULL, -1, &sm)) ||
        (st = nn_stage_in(executor, bias, NULL, -1, &sb)) || (st = nn_stage_out(executor, out, NULL, -1, &sy)))
        return st;
    const int64_t rows = b * w * n * s1;
    uint32_t blocks;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)s2 * 4, &blocks, &per);
    msrpb_args *a = (msrpb_args *)aclemu_exec_add_launch(executor, "MaskedSoftmaxWithRelPosBias", blocks, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->rows = rows;
    a->W = w;
    a->N = n;
    a->S1 = s1;
    a->S2 = s2;
    a->rows_per_block = (int64_t)per;
    a->scale = scale;
    a->has_mask = mask != NULL;
    if ((st = nn_stage_bind(executor, a, &a->x, &sx)) || (st = nn_stage_bind(executor, a, &a->mask, &sm)) ||
        (st = nn_stage_bind(executor, a, &a->bias, &sb)) || (st = nn_stage_bind(executor, a, &a->y, &sy)))
        return st;
    return nn_stage_out_finish(executor, &sy);
}
