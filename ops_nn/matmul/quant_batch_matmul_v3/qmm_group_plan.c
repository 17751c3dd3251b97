/* Stage 1 of the K-grouped routes of aclnnQuantMatmulV5 on A2 / A3 (ops-nn
 * matmul/quant_batch_matmul_v4 op_api aclnn_quant_matmul_v5.cpp and its docs' "K-G" / "G-B"
 * tables), launched as QuantGemmGroup (qmm_group_args.h):
 *  - A8W4 (K-C / K-G): x1 INT8 (m, k), x2 INT32 (k, n / 8: eight INT4 per element) or INT4
 *    (k, n), x1Scale FLOAT (m, 1) or (m), x2Scale UINT64 / INT64 (n) with groupSize 0 or
 *    (k / 256, n) with groupSize 256 (the packed value's K part), yOffset FLOAT (n), no bias /
 *    x2Offset / yScale / x1Offset, out FLOAT16 / BFLOAT16, transposeX1 = transposeX2 = false;
 *  - G-B (per-block): x1 INT8 (m, k), x2 INT8 (n, k) with transposeX2, x1Scale FLOAT
 *    (m, ceil(k / 128)), x2Scale FLOAT (ceil(n / 128), ceil(k / 128)), bias FLOAT (n) or null,
 *    out BFLOAT16 / FLOAT16, groupSize packed as [gsM, gsN, gsK] = [1, 128, 128] (bits 32 / 16 / 0,
 *    16 bits each; zeros are inferred from the scale shapes as the op_api does).
 *  - K-G [int4/4] on the 950 (kg_int4 below).
 * Checks: null (161001), dtypes, shapes, formats (ND only), then the launch. */
#include <string.h>

#include "cube.h"
#include "qmm_group_args.h"
#include "qmm_plan.h"

#define QMMG_GM_SHIFT 32
#define QMMG_GN_SHIFT 16
#define QMMG_G_MASK 0xFFFFull


static aclnnStatus nd_only(const char *api, const aclTensor *t, const char *name)
{
    if (t && t->format != ACL_FORMAT_ND && t->format != ACL_FORMAT_NCHW)
        return ACLEMU_PARAM_ERROR(api, "%s's format should be ND in the %s route, actual is %s.", name,
                                  "K-grouped", aclemu_format_name(t->format));
    return ACLNN_SUCCESS;
}

static aclnnStatus launch(aclOpExecutor *ex, qmmg_args *a, const aclTensor *ts[7])
{
    int64_t cores = cube_max_blocks();
    int64_t blocks = a->M < cores ? a->M : cores;
    a->rows_per_block = (a->M + blocks - 1) / blocks;
    blocks = (a->M + a->rows_per_block - 1) / a->rows_per_block;
    qmmg_args *b = aclemu_exec_add_launch(ex, "QuantGemmGroup", (uint32_t)blocks, sizeof *b);
    if (!b)
        return ACLNN_ERR_INNER;
    *b = *a;
    uint64_t *f[7] = {&b->x1, &b->x2, &b->x1s, &b->x2s, &b->yoff, &b->bias, &b->out};
    for (int i = 0; i < 7; i++) {
        aclnnStatus st;
        if (ts[i] && (st = aclemu_exec_bind_tensor(ex, b, f[i], ts[i])))
            return st;
    }
    return ACLNN_SUCCESS;
}

static int64_t last(const aclTensor *t, int i) { return t->stride[t->ndim - 1 - i]; }

static aclnnStatus dims_2d(const char *api, const aclTensor *t, const char *name)
{
    if (t->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "%s's dim should be 2 in this route, but actual is %u.", name, t->ndim);
    return qmm_check_dims_nonneg(api, t, name);
}

/* The last checks every route shares: out (m, n), then ND formats of the seven operands. */
static aclnnStatus out_and_formats(const char *api, const aclTensor *out, int64_t m, int64_t n,
                                   const aclTensor *const ts[7], const char *const nm[7])
{
    if (out->shape[0] != m || out->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "out's shape should be (%lld, %lld), actual is (%lld, %lld).", (long long)m,
                                  (long long)n, (long long)out->shape[0], (long long)out->shape[1]);
    aclnnStatus st;
    for (int i = 0; i < 7; i++)
        if ((st = nd_only(api, ts[i], nm[i])))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus a8w4(aclOpExecutor *ex, const char *api, const aclTensor *x1, const aclTensor *x2,
                        const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale,
                        const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset,
                        const aclTensor *bias, bool tX1, bool tX2, int64_t groupSize, const aclTensor *out)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1Scale, "x1Scale")) || (st = aclemu_check_notnull(api, yOffset, "yOffset")))
        return st;
    if (yScale || x1Offset || x2Offset || bias)
        return ACLEMU_PARAM_ERROR(api, "In the A8W4 [int8/4] scenario yScale, x1Offset, x2Offset and bias should be "
                                       "null.");
    if ((st = aclemu_check_dtype(api, x1Scale, "x1Scale", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, x2Scale, "x2Scale", ACLEMU_DT(ACL_UINT64) | ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_dtype(api, yOffset, "yOffset", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))))
        return st;
    if (tX1 || tX2)
        return ACLEMU_PARAM_ERROR(api, "In the A8W4 [int8/4] scenario transposeX1 and transposeX2 should be false.");
    if ((st = dims_2d(api, x1, "x1")) || (st = dims_2d(api, x2, "x2")) || (st = dims_2d(api, out, "out")) ||
        (st = qmm_check_dims_nonneg(api, x1Scale, "x1Scale")) || (st = qmm_check_dims_nonneg(api, x2Scale, "x2Scale")) ||
        (st = qmm_check_dims_nonneg(api, yOffset, "yOffset")))
        return st;
    int64_t pack = x2->dtype == ACL_INT32 ? 8 : 1;
    int64_t m = x1->shape[0], k = x1->shape[1], k2 = x2->shape[0], n = x2->shape[1] * pack;
    if (k != k2)
        return ACLEMU_PARAM_ERROR(api, "x1 k dim and x2 k dim should be same, but x1 is %lld, x2 is %lld.",
                                  (long long)k, (long long)k2);
    if (k % 2 || k == 0)
        return ACLEMU_PARAM_ERROR(api, "x1_k should be a positive even number in a4w4/a8w4 scenario, but now x1_k is "
                                       "%lld.", (long long)k);
    /* the scale decides per-channel (groupSize 0) or per-group (groupSize 256) */
    int64_t gk;
    if (x2Scale->ndim == 1) {
        if (groupSize != 0)
            return ACLEMU_PARAM_ERROR(api, "A8W4 [int8/4] perchannel only support groupSize equal to 0.");
        if (x2Scale->shape[0] != n)
            return ACLEMU_PARAM_ERROR(api, "x2Scale's shape should be (%lld), actual is (%lld).", (long long)n,
                                      (long long)x2Scale->shape[0]);
        gk = k;
    } else {
        if ((uint64_t)groupSize != 256)
            return ACLEMU_PARAM_ERROR(api, "A8W4 [int8/4] pergroup only support groupSize equal to 256.");
        gk = 256;
        if (k % 256)
            return ACLEMU_PARAM_ERROR(api, "In the A8W4 [int8/4] pergroup scenario k should be a multiple of 256, "
                                           "actual is %lld.", (long long)k);
        if (x2Scale->ndim != 2 || x2Scale->shape[0] != k / 256 || x2Scale->shape[1] != n)
            return ACLEMU_PARAM_ERROR(api, "x2Scale's shape should be (%lld, %lld).", (long long)(k / 256), (long long)n);
    }
    if (!((x1Scale->ndim == 2 && x1Scale->shape[0] == m && x1Scale->shape[1] == 1) ||
          (x1Scale->ndim == 1 && x1Scale->shape[0] == m)))
        return ACLEMU_PARAM_ERROR(api, "x1Scale's shape should be (%lld, 1) or (%lld).", (long long)m, (long long)m);
    if (yOffset->ndim != 1 || yOffset->shape[0] != n)
        return ACLEMU_PARAM_ERROR(api, "yOffset's shape should be (%lld).", (long long)n);
    const aclTensor *ts[7] = {x1, x2, x1Scale, x2Scale, yOffset, NULL, out};
    const char *nm[7] = {"x1", "x2", "x1Scale", "x2Scale", "yOffset", "bias", "out"};
    if ((st = out_and_formats(api, out, m, n, ts, nm)))
        return st;
    if (x2->dtype == ACL_INT32 && last(x2, 0) != 1)
        return ACLEMU_PARAM_ERROR(api, "a packed INT32 x2 must be contiguous along its last dim.");
    if (m == 0 || n == 0)
        return ACLNN_SUCCESS;
    qmmg_args a;
    memset(&a, 0, sizeof a);
    a.mode = QMMG_A8W4;
    a.M = m, a.N = n, a.K = k, a.gk = gk, a.gn = 1;
    a.x1_off = x1->offset, a.x1_rs = last(x1, 1), a.x1_cs = last(x1, 0);
    a.x2_off = x2->offset * pack, a.x2_rs = last(x2, 1) * pack, a.x2_cs = pack == 8 ? 1 : last(x2, 0);
    a.x1s_off = x1Scale->offset, a.x1s_rs = x1Scale->stride[0];
    a.x2s_off = x2Scale->offset;
    a.x2s_rs = x2Scale->ndim == 2 ? x2Scale->stride[0] : 0;
    a.x2s_cs = x2Scale->stride[x2Scale->ndim - 1];
    a.yoff_off = yOffset->offset, a.yoff_cs = yOffset->stride[0];
    a.out_off = out->offset, a.out_rs = out->stride[0], a.out_cs = out->stride[1];
    a.out_dtype = out->dtype;
    return launch(ex, &a, ts);
}

static aclnnStatus perblock(aclOpExecutor *ex, const char *api, const aclTensor *x1, const aclTensor *x2,
                            const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale,
                            const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset,
                            const aclTensor *bias, bool tX1, bool tX2, int64_t groupSize, const aclTensor *out)
{
    aclnnStatus st;
    if (yScale || x1Offset || x2Offset || yOffset)
        return ACLEMU_PARAM_ERROR(api, "In the G-B scenario yScale, x1Offset, x2Offset and yOffset should be null.");
    if ((st = aclemu_check_dtype(api, x2Scale, "x2Scale", ACLEMU_DT(ACL_FLOAT))) ||
        (bias && (st = aclemu_check_dtype(api, bias, "bias", ACLEMU_DT(ACL_FLOAT)))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT16))))
        return st;
    if ((st = dims_2d(api, x1, "x1")) || (st = dims_2d(api, x2, "x2")) || (st = dims_2d(api, out, "out")) ||
        (st = dims_2d(api, x1Scale, "x1Scale")) || (st = dims_2d(api, x2Scale, "x2Scale")) ||
        (st = qmm_check_dims_nonneg(api, bias, "bias")))
        return st;
    if (tX1 || !tX2)
        return ACLEMU_PARAM_ERROR(api, "In the G-B scenario transposeX1 should be false and transposeX2 true.");
    int64_t m = x1->shape[0], k = x1->shape[1], n = x2->shape[0], k2 = x2->shape[1];
    if (k != k2)
        return ACLEMU_PARAM_ERROR(api, "x1 k dim and x2 k dim should be same, but x1 is %lld, x2 is %lld.",
                                  (long long)k, (long long)k2);
    uint64_t g = (uint64_t)groupSize;
    int64_t gm = (int64_t)((g >> QMMG_GM_SHIFT) & QMMG_G_MASK), gn = (int64_t)((g >> QMMG_GN_SHIFT) & QMMG_G_MASK),
            gk = (int64_t)(g & QMMG_G_MASK);
    /* zeros: inferred as dim / scale dim (the op_api's InferGroupSize) */
    if (gm == 0 && x1Scale->shape[0] > 0)
        gm = m / x1Scale->shape[0];
    if (gk == 0 && x1Scale->shape[1] > 0)
        gk = k / x1Scale->shape[1];
    if (gn == 0 && x2Scale->shape[0] > 0)
        gn = n / x2Scale->shape[0];
    if (gm != 1 || gn != 128 || gk != 128)
        return ACLEMU_PARAM_ERROR(api, "In the G-B scenario [groupSizeM, groupSizeN, groupSizeK] should be [1, 128, "
                                       "128], actual is [%lld, %lld, %lld].", (long long)gm, (long long)gn,
                                  (long long)gk);
    if (k % 512 || k == 0)
        return ACLEMU_PARAM_ERROR(api, "In the G-B scenario k should be a positive multiple of 4 * 128, actual is %lld.",
                                  (long long)k);
    if (n % 256)
        return ACLEMU_PARAM_ERROR(api, "In the G-B scenario n should be aligned to 256, actual is %lld.", (long long)n);
    if (x1Scale->shape[0] != m || x1Scale->shape[1] != k / 128)
        return ACLEMU_PARAM_ERROR(api, "x1Scale's shape should be (%lld, %lld).", (long long)m, (long long)(k / 128));
    if (x2Scale->shape[0] != (n + 127) / 128 || x2Scale->shape[1] != k / 128)
        return ACLEMU_PARAM_ERROR(api, "x2Scale's shape should be (%lld, %lld).", (long long)((n + 127) / 128),
                                  (long long)(k / 128));
    if (bias && (bias->ndim != 1 || bias->shape[0] != n))
        return ACLEMU_PARAM_ERROR(api, "bias's shape should be (%lld).", (long long)n);
    const aclTensor *ts[7] = {x1, x2, x1Scale, x2Scale, NULL, bias, out};
    const char *nm[7] = {"x1", "x2", "x1Scale", "x2Scale", "yOffset", "bias", "out"};
    if ((st = out_and_formats(api, out, m, n, ts, nm)))
        return st;
    if (m == 0)
        return ACLNN_SUCCESS;
    qmmg_args a;
    memset(&a, 0, sizeof a);
    a.mode = QMMG_PERBLOCK;
    a.M = m, a.N = n, a.K = k, a.gk = 128, a.gn = 128;
    a.x1_off = x1->offset, a.x1_rs = last(x1, 1), a.x1_cs = last(x1, 0);
    a.x2_off = x2->offset, a.x2_rs = last(x2, 0), a.x2_cs = last(x2, 1); /* (n, k) storage read as (k, n) */
    a.x1s_off = x1Scale->offset, a.x1s_rs = x1Scale->stride[0], a.x1s_cs = x1Scale->stride[1];
    a.x2s_off = x2Scale->offset, a.x2s_rs = x2Scale->stride[0], a.x2s_cs = x2Scale->stride[1];
    if (bias)
        a.bias_off = bias->offset, a.bias_cs = bias->stride[0];
    a.out_off = out->offset, a.out_rs = out->stride[0], a.out_cs = out->stride[1];
    a.out_dtype = out->dtype;
    return launch(ex, &a, ts);
}

/* K-G on the 950 (the doc's 950 K-G table, INT4 row): x1 INT4 (m, k), x2 INT4 (n, k) with
 * transposeX2, x1Scale FLOAT (m, 1) or (m), x2Scale FLOAT (k / 256, n), x2Offset FLOAT16
 * (k / 256, n), out BFLOAT16, k a multiple of 1024, n of 256, groupSize [0, 0, 256]. */
static aclnnStatus kg_int4(aclOpExecutor *ex, const char *api, const aclTensor *x1, const aclTensor *x2,
                           const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale,
                           const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset,
                           const aclTensor *bias, bool tX1, bool tX2, int64_t groupSize, const aclTensor *out)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1Scale, "x1Scale")))
        return st;
    if (yScale || x1Offset || yOffset || bias)
        return ACLEMU_PARAM_ERROR(api, "In the K-G [int4/4] scenario yScale, x1Offset, yOffset and bias should be "
                                       "null.");
    if ((st = aclemu_check_dtype(api, x1Scale, "x1Scale", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, x2Offset, "x2Offset", ACLEMU_DT(ACL_FLOAT16))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_BF16))))
        return st;
    if (tX1 || !tX2)
        return ACLEMU_PARAM_ERROR(api, "In the K-G [int4/4] scenario transposeX1 should be false and transposeX2 "
                                       "true.");
    if ((st = dims_2d(api, x1, "x1")) || (st = dims_2d(api, x2, "x2")) || (st = dims_2d(api, out, "out")) ||
        (st = dims_2d(api, x2Scale, "x2Scale")) || (st = dims_2d(api, x2Offset, "x2Offset")) ||
        (st = qmm_check_dims_nonneg(api, x1Scale, "x1Scale")))
        return st;
    int64_t m = x1->shape[0], k = x1->shape[1], n = x2->shape[0], k2 = x2->shape[1];
    if (k != k2)
        return ACLEMU_PARAM_ERROR(api, "x1 k dim and x2 k dim should be same, but x1 is %lld, x2 is %lld.",
                                  (long long)k, (long long)k2);
    uint64_t g = (uint64_t)groupSize;
    int64_t gm = (int64_t)((g >> QMMG_GM_SHIFT) & QMMG_G_MASK), gn = (int64_t)((g >> QMMG_GN_SHIFT) & QMMG_G_MASK),
            gk = (int64_t)(g & QMMG_G_MASK);
    if (gk != 256 || gm > 1 || gn > 1)
        return ACLEMU_PARAM_ERROR(api, "In the K-G [int4/4] scenario [groupSizeM, groupSizeN, groupSizeK] should be "
                                       "[0, 0, 256], actual is [%lld, %lld, %lld].", (long long)gm, (long long)gn,
                                  (long long)gk);
    if (k % 1024 || k == 0)
        return ACLEMU_PARAM_ERROR(api, "In the K-G [int4/4] scenario k should be a positive multiple of 1024, actual "
                                       "is %lld.", (long long)k);
    if (n % 256)
        return ACLEMU_PARAM_ERROR(api, "In the K-G [int4/4] scenario n should be aligned to 256, actual is %lld.",
                                  (long long)n);
    if (!((x1Scale->ndim == 2 && x1Scale->shape[0] == m && x1Scale->shape[1] == 1) ||
          (x1Scale->ndim == 1 && x1Scale->shape[0] == m)))
        return ACLEMU_PARAM_ERROR(api, "x1Scale's shape should be (%lld, 1) or (%lld).", (long long)m, (long long)m);
    if (x2Scale->shape[0] != k / 256 || x2Scale->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "x2Scale's shape should be (%lld, %lld).", (long long)(k / 256), (long long)n);
    if (x2Offset->shape[0] != k / 256 || x2Offset->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "x2Offset's shape should be (%lld, %lld).", (long long)(k / 256), (long long)n);
    const aclTensor *ts[7] = {x1, x2, x1Scale, x2Scale, x2Offset, NULL, out};
    const char *nm[7] = {"x1", "x2", "x1Scale", "x2Scale", "x2Offset", "bias", "out"};
    if ((st = out_and_formats(api, out, m, n, ts, nm)))
        return st;
    if (m == 0)
        return ACLNN_SUCCESS;
    qmmg_args a;
    memset(&a, 0, sizeof a);
    a.mode = QMMG_KG_INT4;
    a.M = m, a.N = n, a.K = k, a.gk = 256, a.gn = 1;
    a.x1_off = x1->offset, a.x1_rs = last(x1, 1), a.x1_cs = last(x1, 0);
    a.x2_off = x2->offset, a.x2_rs = last(x2, 0), a.x2_cs = last(x2, 1); /* (n, k) storage read as (k, n) */
    a.x1s_off = x1Scale->offset, a.x1s_rs = x1Scale->stride[0];
    a.x2s_off = x2Scale->offset, a.x2s_rs = x2Scale->stride[0], a.x2s_cs = x2Scale->stride[1];
    a.yoff_off = x2Offset->offset, a.yoff_rs = x2Offset->stride[0], a.yoff_cs = x2Offset->stride[1];
    a.out_off = out->offset, a.out_rs = out->stride[0], a.out_cs = out->stride[1];
    a.out_dtype = out->dtype;
    return launch(ex, &a, ts);
}

aclnnStatus qmm_group_plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale,
                           const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset,
                           const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias,
                           bool transposeX1, bool transposeX2, int64_t groupSize, const aclTensor *out, bool nz_only,
                           int *handled)
{
    const char *api = aclemu_exec_api(ex);
    *handled = 0;
    aclemu_family f = aclemu_op_profile()->family;
    /* 950 K-G [int4/4]: INT4 x INT4 with a FLOAT per-group x2Scale and an x2Offset */
    if (!nz_only && f == ACLEMU_FAMILY_950 && x1->dtype == ACL_INT4 && x2->dtype == ACL_INT4 && x2Offset &&
        x2Scale->dtype == ACL_FLOAT && x2Scale->ndim == 2) {
        *handled = 1;
        return kg_int4(ex, api, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                       transposeX2, groupSize, out);
    }
    if (nz_only || !(f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3))
        return ACLNN_SUCCESS;
    /* A8W4 [int8/4]: x1 INT8 with x2 INT32 / INT4 (the op_api's isA8W4Int) */
    if (x1->dtype == ACL_INT8 && (x2->dtype == ACL_INT32 || x2->dtype == ACL_INT4)) {
        *handled = 1;
        return a8w4(ex, api, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                    transposeX2, groupSize, out);
    }
    /* G-B: INT8 x INT8 with FLOAT scales of the operands' rank (the op_api's per-block test) */
    if (x1->dtype == ACL_INT8 && x2->dtype == ACL_INT8 && x1Scale && x1Scale->dtype == ACL_FLOAT &&
        x2Scale->dtype == ACL_FLOAT && x1Scale->ndim == x1->ndim && x2Scale->ndim == x2->ndim && x1->ndim == 2) {
        *handled = 1;
        return perblock(ex, api, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                        transposeX2, groupSize, out);
    }
    return ACLNN_SUCCESS;
}
