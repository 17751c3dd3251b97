/* aclnnAffineGrid (ops-math math/affine_grid): checks in the order of op_api/aclnn_affine_grid.cpp
 * (null theta / size / out, theta dtype on the chip's list, out dtype == theta's, a non-empty
 * theta, size of 4 or 5 values with theta (N, 2, 3) / (N, 3, 4) and out (N, H, W, 2) /
 * (N, D, H, W, 3)); the docs list A2 / A3 and the 910 (no BF16 there) as the chips. theta and
 * out may be any views. */
#include "aclemu_plans.h"
#include "affine_grid_args.h"

#define AG_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define AG_CHIPS (ACLEMU_CHIPS_A2_A3 | ACLEMU_CHIP(ACLEMU_FAMILY_910A))

aclnnStatus aclemu_plan_AffineGrid(aclOpExecutor *executor, const aclTensor *theta, const aclIntArray *size,
                                   bool alignCorners, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, theta, "theta")) || (st = aclemu_check_notnull(api, size, "size")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, AG_CHIPS)))
        return st;
    if ((st = aclemu_check_dtype(api, theta, "theta", AG_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, theta, "theta", out, "out")))
        return st;
    int64_t tn = 1;
    for (uint32_t i = 0; i < theta->ndim; i++)
        tn *= theta->shape[i];
    if (tn == 0)
        return ACLEMU_PARAM_ERROR(api, "Expected theta to be not null tensor.");
    const int64_t *s = size->data;
    char a[160];
    int three_d;
    if (size->size == 4) {
        three_d = 0;
        if (theta->ndim != 3 || theta->shape[1] != 2 || theta->shape[2] != 3 || theta->shape[0] != s[0])
            return ACLEMU_PARAM_ERROR(api, "Expected a batch of 2D affine matrices of shape Nx2x3 for size "
                                           "[%lld, %lld, %lld, %lld]. Got %s.",
                                      (long long)s[0], (long long)s[1], (long long)s[2], (long long)s[3],
                                      aclemu_shape_str(theta->shape, theta->ndim, a, sizeof a));
    } else if (size->size == 5) {
        three_d = 1;
        if (theta->ndim != 3 || theta->shape[1] != 3 || theta->shape[2] != 4 || theta->shape[0] != s[0])
            return ACLEMU_PARAM_ERROR(api, "Expected a batch of 3D affine matrices of shape Nx3x4 for size "
                                           "[%lld, %lld, %lld, %lld, %lld]. Got %s.",
                                      (long long)s[0], (long long)s[1], (long long)s[2], (long long)s[3],
                                      (long long)s[4], aclemu_shape_str(theta->shape, theta->ndim, a, sizeof a));
    } else {
        return ACLEMU_PARAM_ERROR(api, "AffineGridGenerator needs 4d or 5d size(input).");
    }
    int64_t want[5];
    uint32_t wn = three_d ? 5 : 4;
    for (uint32_t i = 0; i + 1 < wn; i++)
        want[i] = i == 0 ? s[0] : s[i + 1]; /* N, [D,] H, W */
    want[wn - 1] = three_d ? 3 : 2;
    if ((st = aclemu_check_shape_is(api, out, "out", want, wn)))
        return st;
    int64_t D = three_d ? s[2] : 1, H = s[wn - 2], W = s[wn - 1];
    int64_t rows = s[0] * D * H; /* out's own shape: no overflow */
    if (rows == 0 || W == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)rows, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(4096 / W + 1), 1, &bd, &per);
    affine_grid_args *g = (affine_grid_args *)aclemu_exec_add_launch(executor, "AffineGrid", bd, sizeof(*g));
    if (!g)
        return ACLNN_ERR_INNER;
    g->D = D;
    g->H = H;
    g->W = W;
    g->three_d = three_d;
    g->align_corners = alignCorners ? 1 : 0;
    g->rows_per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, g, &g->theta, theta)))
        return st;
    return aclemu_exec_tdesc(executor, g, &g->out, out);
}
