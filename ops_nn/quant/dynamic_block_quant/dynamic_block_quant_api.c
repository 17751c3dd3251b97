/* aclnnDynamicBlockQuant / V2 on the quant driver (QUANT_BLOCK), the A2 / A3 kernel: x [M, N] or
 * [B, M, N] FLOAT16 / BF16, one-row blocks of 128 columns; per block m = max |x| (FP32), the
 * quantisation multiplier q = (1 / m) * 127 (at least minScale when minScale > 0), scaleOut =
 * m * (1 / 127) (at most 1 / minScale), yOut = rint(x * q) saturated to INT8. The real aclnn is
 * generated: nulls (x, yOut, scaleOut: 161001) and the op definition's dtypes (161002) there,
 * the rest in the A2 tiling (561002) in its order: x FLOAT16 / BF16, y INT8, scale FLOAT ->
 * minScale >= 0 -> y = dstType -> dstType 2 -> (V2) dstTypeMax 0 -> rowBlockSize 1 -> colBlockSize 128 -> y shape = x
 * shape, x 2-D / 3-D, scale rank = x rank, scale [.., ceil(M / 1), ceil(N / 128)].
 * The 950's regbase kernel (larger blocks, FP8 / HIFLOAT8 targets) is not implemented here
 * (361001 with a message saying so); 310P / 910: no kernel (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DBQ_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int64_t dbq_ceil(int64_t a, int64_t b) { return b > 0 ? (a + b - 1) / b : 0; }

static aclnnStatus dbq_plan(aclOpExecutor *executor, const aclTensor *x, double minScale, char *roundModeOptional,
                            int64_t dstType, int64_t rowBlockSize, int64_t colBlockSize, double dstTypeMax,
                            const aclTensor *yOut, const aclTensor *scaleOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)roundModeOptional; /* the A2 tiling reads it without checking it (only rint is documented) */
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, yOut, "yOut")) ||
        (st = aclemu_check_notnull(api, scaleOut, "scaleOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    aclemu_dtype_set halfs = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", halfs | ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, yOut, "yOut", ACLEMU_DT(ACL_INT8) | ACLEMU_DT_FP8)) ||
        (st = aclemu_check_dtype(api, scaleOut, "scaleOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (quant_is_950())
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "the Ascend950 (regbase) kernel of DynamicBlockQuant is not implemented in aclemu.");
    const aclTensor *all[3] = {x, yOut, scaleOut};
    static const char *names[3] = {"x", "yOut", "scaleOut"};
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16)
        return DBQ_TILING(api, "x dtype %s is invalid: it should be DT_FLOAT16 or DT_BF16.",
                          aclemu_dtype_name(x->dtype));
    if (yOut->dtype != ACL_INT8)
        return DBQ_TILING(api, "y dtype %s is invalid: it should be DT_INT8.", aclemu_dtype_name(yOut->dtype));
    float ms = (float)minScale;
    if (ms < 0.0f)
        return DBQ_TILING(api, "min_scale %f is invalid: The value of min_scale must be greater than or equal to 0",
                          (double)ms);
    if (dstType != (int64_t)yOut->dtype)
        return DBQ_TILING(api, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same",
                          aclemu_dtype_name(yOut->dtype), (long)dstType);
    if (dstType != ACL_INT8)
        return DBQ_TILING(api, "dst_type %ld is invalid: it should be DT_INT8.", (long)dstType);
    if ((float)dstTypeMax != 0.0f)
        return DBQ_TILING(api, "dst_type_max %f is invalid: it should be 0.0.", (double)(float)dstTypeMax);
    if (rowBlockSize != 1)
        return DBQ_TILING(api, "row_block_size %ld is invalid: it should be 1.", (long)rowBlockSize);
    if (colBlockSize != 128)
        return DBQ_TILING(api, "col_block_size %ld is invalid: it should be 128.", (long)colBlockSize);
    uint32_t n = x->ndim;
    if (yOut->ndim != n || memcmp(yOut->shape, x->shape, n * sizeof(int64_t)))
        return DBQ_TILING(api, "x, y: The shapes of x and y must be the same");
    if (n != 2 && n != 3)
        return DBQ_TILING(api, "x dim %u is invalid: The shape dim of x must be 2 or 3", n);
    if (scaleOut->ndim != n)
        return DBQ_TILING(api, "x, scale dims %u, %u: The shape dims of x and scale must be the same", n,
                          scaleOut->ndim);
    int64_t want[3];
    if (n == 3)
        want[0] = x->shape[0];
    want[n - 2] = dbq_ceil(x->shape[n - 2], rowBlockSize);
    want[n - 1] = dbq_ceil(x->shape[n - 1], colBlockSize);
    if (memcmp(scaleOut->shape, want, n * sizeof(int64_t)))
        return DBQ_TILING(api, n == 2 ? "x, scale: The shape of scale must be [ceil(x_shape[0]/row_block_size), "
                                        "ceil(x_shape[1]/col_block_size)]"
                                      : "x, scale: The shape of scale must be [x_shape[0], "
                                        "ceil(x_shape[1]/row_block_size), ceil(x_shape[2]/col_block_size)]");
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_BLOCK;
    a.code = ACL_INT8;
    a.dst_max = 127.0f;
    a.block_cols = colBlockSize;
    a.min_scale = ms;
    return quant_launch(executor, &a, x, yOut, NULL, NULL, scaleOut, NULL);
}

aclnnStatus aclemu_plan_DynamicBlockQuant(aclOpExecutor *executor, const aclTensor *x, double minScale,
                                          char *roundModeOptional, int64_t dstType, int64_t rowBlockSize,
                                          int64_t colBlockSize, const aclTensor *yOut, const aclTensor *scaleOut)
{
    return dbq_plan(executor, x, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize, 0.0, yOut,
                    scaleOut);
}

aclnnStatus aclemu_plan_DynamicBlockQuantV2(aclOpExecutor *executor, const aclTensor *x, double minScale,
                                            char *roundModeOptional, int64_t dstType, int64_t rowBlockSize,
                                            int64_t colBlockSize, double dstTypeMax, const aclTensor *yOut,
                                            const aclTensor *scaleOut)
{
    return dbq_plan(executor, x, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize, dstTypeMax, yOut,
                    scaleOut);
}
