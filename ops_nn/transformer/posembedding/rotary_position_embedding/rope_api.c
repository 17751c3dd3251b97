/* aclnnRotaryPositionEmbedding (ops-transformer posembedding/rotary_position_embedding; the
 * checks live in its generated aclnnInner entry and its tiling, docs/aclnnRotaryPositionEmbedding.md):
 * A2 / A3 only; null x, cos, sin, out; dtypes BFLOAT16, FLOAT16, FLOAT32 with cos, sin and out of
 * x's dtype; all 4-d; out of x's shape; cos and sin of one shape whose D is x's and whose first
 * three dims are each 1 or x's, except (1, S, N) which the docs' list leaves out; D even and
 * below 896 (the A2 / A3 limit); mode 0 (half) or 1 (interleave), the A2 / A3 modes.
 * An empty x gives an empty out and nothing to run (the docs: no shape rules then). */
#include "aclemu_plans.h"
#include "rope_args.h"

#define ROPE_DTYPES (ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT))

/* d (a descriptor of cos / sin) broadcast to x's shape. */
static void broadcast_desc(aclemu_tdesc *d, const aclTensor *x)
{
    for (int i = 0; i < 3; i++)
        if (d->shape[i] == 1 && x->shape[i] != 1) {
            d->shape[i] = x->shape[i];
            d->stride[i] = 0;
        }
}

aclnnStatus aclemu_plan_RotaryPositionEmbedding(aclOpExecutor *executor, const aclTensor *x, const aclTensor *cos,
                                                const aclTensor *sin, int64_t mode, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, cos, "cos")) ||
        (st = aclemu_check_notnull(api, sin, "sin")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ROPE_DTYPES)) || (st = aclemu_check_same_dtype(api, x, "x", cos, "cos")) ||
        (st = aclemu_check_same_dtype(api, x, "x", sin, "sin")) || (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    const aclTensor *all[4] = {x, cos, sin, out};
    const char *names[4] = {"x", "cos", "sin", "out"};
    for (int i = 0; i < 4; i++)
        if (all[i]->ndim != 4) {
            char b[160];
            return ACLEMU_PARAM_ERROR(api, "%s should be 4-d, but got %s.", names[i],
                                      aclemu_shape_str(all[i]->shape, all[i]->ndim, b, sizeof b));
        }
    if ((st = aclemu_check_same_shape(api, x, "x", out, "out")))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_same_shape(api, cos, "cos", sin, "sin")))
        return st;
    const int64_t D = x->shape[3];
    if (cos->shape[3] != D)
        return ACLEMU_PARAM_ERROR(api, "the D of cos (%lld) should be the D of x (%lld).", (long long)cos->shape[3],
                                  (long long)D);
    int ok = 1;
    for (int i = 0; i < 3; i++)
        ok &= cos->shape[i] == 1 || cos->shape[i] == x->shape[i];
    if (ok && cos->shape[0] != x->shape[0] && cos->shape[1] != 1 && cos->shape[2] != 1)
        ok = 0; /* (1, S, N, D) is not among the supported broadcasts */
    if (!ok) {
        char b1[160], b2[160];
        return ACLEMU_PARAM_ERROR(api, "cos / sin shape %s is not a supported broadcast of x %s.",
                                  aclemu_shape_str(cos->shape, 4, b1, sizeof b1), aclemu_shape_str(x->shape, 4, b2, sizeof b2));
    }
    if (D % 2 != 0 || D >= 896)
        return ACLEMU_PARAM_ERROR(api, "the last dim D (%lld) should be a multiple of 2 and less than 896.", (long long)D);
    if (mode != ROPE_HALF && mode != ROPE_INTERLEAVE)
        return ACLEMU_PARAM_ERROR(api, "mode %lld should be 0 (half) or 1 (interleave).", (long long)mode);
    uint64_t rows = (uint64_t)(aclemu_tensor_numel(x) / D);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (rows + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((rows + per - 1) / per);
    rope_args *a = aclemu_exec_add_launch(executor, "RotaryPositionEmbedding", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->x, x)) || (st = aclemu_exec_tdesc(executor, a, &a->cos, cos)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->sin, sin)) || (st = aclemu_exec_tdesc(executor, a, &a->out, out)))
        return st;
    broadcast_desc(&a->cos, x);
    broadcast_desc(&a->sin, x);
    a->mode = (int32_t)mode;
    a->rows = rows;
    a->rows_per_block = per;
    return ACLNN_SUCCESS;
}
