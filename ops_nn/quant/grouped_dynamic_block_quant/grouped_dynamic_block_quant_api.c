/* aclnnGroupedDynamicBlockQuant / V2 on the quant driver (QUANT_GROUPED_BLOCK), the 950's arch35
 * kernels: x [M, N] or [B, M, N] FLOAT16 / BF16 in row groups (groupList INT32 cumulative ends);
 * blocks are a group's rows inside one absolute block of rowBlockSize rows times colBlockSize
 * columns; scale = max |x| / DMAX (at most 1 / minScale), y = cast(x / scale) to FLOAT8_E4M3FN /
 * FLOAT8_E5M2 (RNE, saturating); scaleOut [(B,) M / rowBlockSize + G, ceil(N / colBlockSize)], the
 * block of rows r of group g at r / rowBlockSize + g; rows in no group and scale rows no block
 * uses are not written (the kernels skip them).
 * The real aclnn is generated: nulls (161001) and the op definition's dtypes (161002) there, 950
 * only (361001 elsewhere), then the tiling (561002) in its order and messages: min_scale >= 0,
 * dst_type in {HIFLOAT8, FLOAT8_E4M3FN, FLOAT8_E5M2} and equal to y's dtype, the round mode of the
 * target (round / hybrid for HIFLOAT8, rint for FP8), row_block_size 1 / 128 / 256 / 512,
 * col_block_size 64 / 128 / 192 / 256, group_list_type 0, (V2, HIFLOAT8) dst_type_max in
 * [0, 32768], non-empty x and group list, y shape = x shape, group list 1-D, x 2-D / 3-D and the
 * scale shape. HIFLOAT8 targets: DMAX dst_type_max (0: 32768), "round" through quant_codec's
 * HIFLOAT8 encoder (CAST_ROUND); "hybrid" (stochastic) is refused with 361001. */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define GDBQ_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static aclnnStatus gdbq_plan(aclOpExecutor *executor, int v2, const aclTensor *x, const aclTensor *groupList,
                             double minScale, char *roundModeOptional, int64_t dstType, int64_t rowBlockSize,
                             int64_t colBlockSize, int64_t groupListType, double dstTypeMax, const aclTensor *yOut,
                             const aclTensor *scaleOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, groupList, "groupList")) ||
        (st = aclemu_check_notnull(api, yOut, "yOut")) || (st = aclemu_check_notnull(api, scaleOut, "scaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))) ||
        (st = aclemu_check_dtype(api, groupList, "groupList", ACLEMU_DT(ACL_INT32))) ||
        (st = aclemu_check_dtype(api, yOut, "yOut",
                                 ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2))) ||
        (st = aclemu_check_dtype(api, scaleOut, "scaleOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    const aclTensor *all[4] = {x, groupList, yOut, scaleOut};
    static const char *names[4] = {"x", "groupList", "yOut", "scaleOut"};
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    /* the tiling: attributes */
    float ms = (float)minScale;
    if (ms < 0.0f)
        return GDBQ_TILING(api, "min_scale %f is invalid: The value of min_scale must be greater than or equal to 0",
                           (double)ms);
    if (dstType != ACL_HIFLOAT8 && dstType != ACL_FLOAT8_E5M2 && dstType != ACL_FLOAT8_E4M3FN)
        return GDBQ_TILING(api, "dst_type %ld is invalid: The value of dst_type must be DT_HIFLOAT8, DT_FLOAT8_E4M3FN, "
                           "or DT_FLOAT8_E5M2", (long)dstType);
    if (dstType != (int64_t)yOut->dtype)
        return GDBQ_TILING(api, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same",
                           aclemu_dtype_name(yOut->dtype), (long)dstType);
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    if (dstType == ACL_HIFLOAT8 && strcmp(rm, "round") && strcmp(rm, "hybrid"))
        return GDBQ_TILING(api, "round_mode %s is invalid: If the dtype of output y is DT_HIFLOAT8, parameter "
                           "round_mode must be round or hybrid", rm);
    if (dstType != ACL_HIFLOAT8 && strcmp(rm, "rint"))
        return GDBQ_TILING(api, "round_mode %s is invalid: If the dtype of output y is DT_FLOAT8_E4M3FN/DT_FLOAT8_E5M2, "
                           "parameter round_mode must be rint", rm);
    if (rowBlockSize != 1 && rowBlockSize != 128 && rowBlockSize != 256 && rowBlockSize != 512)
        return GDBQ_TILING(api, "row_block_size %ld is invalid: The value of row_block_size must be 1, 128, 256, or 512",
                           (long)rowBlockSize);
    if (colBlockSize != 64 && colBlockSize != 128 && colBlockSize != 192 && colBlockSize != 256)
        return GDBQ_TILING(api, "col_block_size %ld is invalid: The value of col_block_size must be 64, 128, 192, or 256",
                           (long)colBlockSize);
    if (groupListType != 0)
        return GDBQ_TILING(api, "group_list_type %ld is invalid: The value of group_list_type must be 0",
                           (long)groupListType);
    float dmax = v2 ? (float)dstTypeMax : 0.0f;
    if (dstType == ACL_HIFLOAT8 && (dmax < 0.0f || dmax > 32768.0f))
        return GDBQ_TILING(api, "dst_type_max %f is invalid: The value of dst_type_max must be in the range [0.000000, "
                           "32768.000000] when dst_type is DT_HIFLOAT8", (double)dmax);
    /* the tiling: shapes */
    char b1[96], b2[96];
    if (x->ndim == 0)
        return GDBQ_TILING(api, "x dim 0 is invalid: input x is an empty tensor");
    if (groupList->ndim == 0)
        return GDBQ_TILING(api, "group_index dim 0 is invalid: group_index is an empty tensor");
    int64_t G = groupList->shape[0];
    if (G == 0)
        return GDBQ_TILING(api, "group_index shape %s is invalid: the shape of group_index cannot be 0",
                           aclemu_shape_str(groupList->shape, groupList->ndim, b1, sizeof b1));
    for (uint32_t i = 0; i < x->ndim; i++)
        if (x->shape[i] == 0)
            return GDBQ_TILING(api, "x shape %s is invalid: the dimension of x cannot be 0",
                               aclemu_shape_str(x->shape, x->ndim, b1, sizeof b1));
    if (yOut->ndim != x->ndim || memcmp(yOut->shape, x->shape, x->ndim * sizeof(int64_t)))
        return GDBQ_TILING(api, "x, y shapes %s, %s are invalid: The shapes of x and y must be the same",
                           aclemu_shape_str(x->shape, x->ndim, b1, sizeof b1),
                           aclemu_shape_str(yOut->shape, yOut->ndim, b2, sizeof b2));
    if (groupList->ndim != 1)
        return GDBQ_TILING(api, "group_list dim %u is invalid: it should be 1", groupList->ndim);
    uint32_t n = x->ndim;
    if (n != 2 && n != 3)
        return GDBQ_TILING(api, "x dim %u is invalid: The shape dim of x must be 2 or 3", n);
    int64_t M = x->shape[n - 2], N = x->shape[n - 1];
    int64_t want[3] = {0, 0, 0};
    if (n == 3)
        want[0] = x->shape[0];
    want[n - 2] = M / rowBlockSize + G;
    want[n - 1] = (N + colBlockSize - 1) / colBlockSize;
    int bad = scaleOut->ndim < n;
    for (uint32_t i = 0; !bad && i < n; i++)
        bad = scaleOut->shape[i] != want[i];
    if (bad)
        return GDBQ_TILING(api, n == 2 ? "x, scale shapes %s, %s are invalid: The shape of scale must be [x.rows / "
                                         "row_block_size + groupListSize, ceil(x.cols / col_block_size)]"
                                       : "x, scale shapes %s, %s are invalid: The shape of scale must be [x.batch, "
                                         "x.rows / row_block_size + groupListSize, ceil(x.cols / col_block_size)]",
                           aclemu_shape_str(x->shape, n, b1, sizeof b1),
                           aclemu_shape_str(scaleOut->shape, scaleOut->ndim, b2, sizeof b2));
    if ((st = quant_check_hif8_round(api, yOut, rm)))
        return st; /* "hybrid" (stochastic): 361001 */
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_GROUPED_BLOCK;
    a.code = (int32_t)dstType;
    /* GetDstTypeMaxValue: HIFLOAT8 dst_type_max when not 0, else 32768 */
    a.dst_max = dstType == ACL_HIFLOAT8 && dmax != 0.0f ? dmax : quant_dst_max(yOut->dtype);
    a.block_cols = colBlockSize;
    a.block_rows = rowBlockSize;
    a.min_scale = ms;
    a.mx_pre = n == 3 ? x->shape[0] : 1;
    a.mx_len = M;
    return quant_launch(executor, &a, x, yOut, NULL, groupList, scaleOut, NULL);
}

aclnnStatus aclemu_plan_GroupedDynamicBlockQuant(aclOpExecutor *executor, const aclTensor *x,
                                                 const aclTensor *groupList, double minScale,
                                                 char *roundModeOptional, int64_t dstType, int64_t rowBlockSize,
                                                 int64_t colBlockSize, int64_t groupListType, const aclTensor *yOut,
                                                 const aclTensor *scaleOut)
{
    return gdbq_plan(executor, 0, x, groupList, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize,
                     groupListType, 0.0, yOut, scaleOut);
}

aclnnStatus aclemu_plan_GroupedDynamicBlockQuantV2(aclOpExecutor *executor, const aclTensor *x,
                                                   const aclTensor *groupList, double minScale,
                                                   char *roundModeOptional, int64_t dstType, int64_t rowBlockSize,
                                                   int64_t colBlockSize, int64_t groupListType, double dstTypeMax,
                                                   const aclTensor *yOut, const aclTensor *scaleOut)
{
    return gdbq_plan(executor, 1, x, groupList, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize,
                     groupListType, dstTypeMax, yOut, scaleOut);
}
