/* aclnnDynamicBlockQuant / V2 on the quant driver (QUANT_BLOCK), the A2 / A3 kernel: x [M, N] or
 * [B, M, N] FLOAT16 / BF16, one-row blocks of 128 columns; per block m = max |x| (FP32), the
 * quantisation multiplier q = (1 / m) * 127 (at least minScale when minScale > 0), scaleOut =
 * m * (1 / 127) (at most 1 / minScale), yOut = rint(x * q) saturated to INT8. The real aclnn is
 * generated: nulls (x, yOut, scaleOut: 161001) and the op definition's dtypes (161002) there,
 * the rest in the A2 tiling (561002) in its order: x FLOAT16 / BF16, y INT8, scale FLOAT ->
 * minScale >= 0 -> y = dstType -> dstType 2 -> (V2) dstTypeMax 0 -> rowBlockSize 1 -> colBlockSize 128 -> y shape = x
 * shape, x 2-D / 3-D, scale rank = x rank, scale [.., ceil(M / 1), ceil(N / 128)].
 * The 950's regbase kernels (dynamic_block_quant/op_kernel/arch35) on QUANT_GROUPED_BLOCK with one
 * group of all rows: x FLOAT16 / BF16 / FLOAT, blocks of rowBlockSize (1 / 64 / 128 / 256 / 512) rows
 * x colBlockSize (64 / 128 / 192 / 256) columns, scale = max |x| / DMAX, min(scale, 1 / minScale)
 * when finite, y = cast(x / scale) to FLOAT8_E4M3FN / FLOAT8_E5M2 (RNE, saturating) or INT8 (RINT,
 * saturating); the 950 tiling's checks in its order (561002): dtypes -> min_scale -> dst_type ->
 * round mode -> block sizes -> dst_type_max -> shapes. HIFLOAT8 ("round" only): DMAX dst_type_max
 * (0: 32768), quant_codec's HIFLOAT8 encoder (CAST_ROUND); 310P / 910: no kernel (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "quant_plan.h"

#define DBQ_TILING(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

static int64_t dbq_ceil(int64_t a, int64_t b) { return b > 0 ? (a + b - 1) / b : 0; }

/* The 950 tiling (dynamic_block_quant_tiling.cpp: CheckDtype, GetAttr, CheckShape) and launch. */
static aclnnStatus dbq_plan_950(aclOpExecutor *executor, const aclTensor *x, double minScale, char *roundModeOptional,
                                int64_t dstType, int64_t rowBlockSize, int64_t colBlockSize, double dstTypeMax,
                                const aclTensor *yOut, const aclTensor *scaleOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *all[3] = {x, yOut, scaleOut};
    static const char *names[3] = {"x", "yOut", "scaleOut"};
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_format(api, all[i], names[i])) ||
            (st = aclemu_check_shape(api, all[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    aclDataType yd = yOut->dtype;
    if (yd != ACL_INT8 && yd != ACL_HIFLOAT8 && yd != ACL_FLOAT8_E4M3FN && yd != ACL_FLOAT8_E5M2)
        return DBQ_TILING(api, "y dtype %s is invalid: The dtype of y must be DT_INT8, DT_HIFLOAT8, DT_FLOAT8_E4M3FN, "
                          "or DT_FLOAT8_E5M2", aclemu_dtype_name(yd));
    float ms = (float)minScale;
    if (ms < 0.0f)
        return DBQ_TILING(api, "min_scale %f is invalid: The value of min_scale must be greater than or equal to 0",
                          (double)ms);
    if (dstType != ACL_INT8 && dstType != ACL_HIFLOAT8 && dstType != ACL_FLOAT8_E4M3FN && dstType != ACL_FLOAT8_E5M2)
        return DBQ_TILING(api, "dst_type dtype %ld is invalid: The dtype of dst_type must be DT_INT8, DT_HIFLOAT8, "
                          "DT_FLOAT8_E4M3FN, or DT_FLOAT8_E5M2", (long)dstType);
    if (dstType != (int64_t)yd)
        return DBQ_TILING(api, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same",
                          aclemu_dtype_name(yd), (long)dstType);
    const char *rm = roundModeOptional ? roundModeOptional : "rint";
    if (dstType == ACL_HIFLOAT8 && strcmp(rm, "round"))
        return DBQ_TILING(api, "round_mode %s is invalid: If the dtype of output y is DT_HIFLOAT8, parameter round_mode "
                          "must be round", rm);
    if (dstType != ACL_HIFLOAT8 && strcmp(rm, "rint"))
        return DBQ_TILING(api, "round_mode %s is invalid: If the dtype of output y is "
                          "DT_INT8/DT_FLOAT8_E4M3FN/DT_FLOAT8_E5M2, parameter round_mode must be rint", rm);
    if (rowBlockSize != 1 && rowBlockSize != 64 && rowBlockSize != 128 && rowBlockSize != 256 && rowBlockSize != 512)
        return DBQ_TILING(api, "row_block_size %ld is invalid: The value of row_block_size must be 1, 64, 128, 256, or "
                          "512", (long)rowBlockSize);
    if (colBlockSize != 64 && colBlockSize != 128 && colBlockSize != 192 && colBlockSize != 256)
        return DBQ_TILING(api, "col_block_size %ld is invalid: The value of col_block_size must be 64, 128, 192, or 256",
                          (long)colBlockSize);
    float dm = (float)dstTypeMax;
    if (dm != 0.0f && dm != 15.0f && dm != 56.0f && dm != 224.0f && dm != 32768.0f)
        return DBQ_TILING(api, "dst_type_max %f is invalid: The value of dst_type_max must be 0.0, 15.0, 56.0, 224.0, "
                          "or 32768.0", (double)dm);
    if (dm != 0.0f && dstType != ACL_HIFLOAT8)
        return DBQ_TILING(api, "dst_type_max %f is invalid: If the dtype of dst_type is not DT_HIFLOAT8, parameter "
                          "dst_type_max must be 0.0", (double)dm);
    char b1[96], b2[96];
    uint32_t n = x->ndim;
    if (yOut->ndim != n || memcmp(yOut->shape, x->shape, n * sizeof(int64_t)))
        return DBQ_TILING(api, "x, y shapes %s, %s are invalid: The shapes of x and y must be the same",
                          aclemu_shape_str(x->shape, n, b1, sizeof b1),
                          aclemu_shape_str(yOut->shape, yOut->ndim, b2, sizeof b2));
    if (n != 2 && n != 3)
        return DBQ_TILING(api, "x dim %u is invalid: The shape dim of x must be 2 or 3", n);
    if (scaleOut->ndim != 2 && scaleOut->ndim != 3)
        return DBQ_TILING(api, "scale dim %u is invalid: The shape dim of scale must be 2 or 3", scaleOut->ndim);
    int64_t want[3] = {0, 0, 0};
    if (n == 3)
        want[0] = x->shape[0];
    want[n - 2] = dbq_ceil(x->shape[n - 2], rowBlockSize);
    want[n - 1] = dbq_ceil(x->shape[n - 1], colBlockSize);
    int bad = scaleOut->ndim < n;
    for (uint32_t i = 0; !bad && i < n; i++)
        bad = scaleOut->shape[i] != want[i];
    if (bad)
        return DBQ_TILING(api, n == 2 ? "x, scale shapes %s, %s are invalid: The shape of scale must be "
                                        "[ceil(x.rows/row_block_size), ceil(x.cols/col_block_size)]"
                                      : "x, scale shapes %s, %s are invalid: The shape of scale must be [x.batch, "
                                        "ceil(x.rows/row_block_size), ceil(x.cols/col_block_size)]",
                          aclemu_shape_str(x->shape, n, b1, sizeof b1),
                          aclemu_shape_str(scaleOut->shape, scaleOut->ndim, b2, sizeof b2));
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    quant_args a;
    memset(&a, 0, sizeof a);
    a.mode = QUANT_GROUPED_BLOCK;
    a.code = (int32_t)dstType;
    a.dst_max = yd == ACL_HIFLOAT8 && dm != 0.0f ? dm : quant_dst_max(yd); /* GetDstTypeMaxValue */
    a.block_cols = colBlockSize;
    a.block_rows = rowBlockSize;
    a.min_scale = ms;
    a.mx_pre = n == 3 ? x->shape[0] : 1;
    a.mx_len = x->shape[n - 2];
    return quant_launch(executor, &a, x, yOut, NULL, NULL, scaleOut, NULL);
}

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
        (st = aclemu_check_dtype(api, yOut, "yOut", ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_HIFLOAT8) |
                                 ACLEMU_DT(ACL_FLOAT8_E4M3FN) | ACLEMU_DT(ACL_FLOAT8_E5M2))) ||
        (st = aclemu_check_dtype(api, scaleOut, "scaleOut", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (quant_is_950())
        return dbq_plan_950(executor, x, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize,
                            dstTypeMax, yOut, scaleOut);
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
