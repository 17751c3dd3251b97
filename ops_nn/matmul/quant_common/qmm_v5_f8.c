/* aclnnQuantMatmulV5's float routes on the 950 (ops-nn matmul/quant_batch_matmul_v4,
 * docs/aclnnQuantMatmulV5.md, the 950 constraints):
 *  - T-T / T-C / K-T / K-C with FLOAT8_E4M3FN / FLOAT8_E5M2 or HIFLOAT8 x1 and x2: dynamic (x2Scale
 *    FLOAT (1,) or (n,), x1Scale null, FLOAT (1,) or (m,)): out = (acc * x2Scale[n]) * x1Scale[m]
 *    + bias[n], the vector dequantisation's order; static (x1Scale null, x2Scale UINT64 / INT64
 *    quant parameters (1,) or (n,), see aclnnTransQuantParamV2): out = (acc + bias[n]) *
 *    FP19(x2Scale[n]), the fixpipe's order;
 *  - MX full quantisation with FLOAT8_E4M3FN / E5M2 x1 and x2 and FLOAT8_E8M0 scales of 32-element
 *    K blocks (x1Scale (batch, m, ceil(k / 64), 2) or transposed (batch, ceil(k / 64), m, 2);
 *    x2Scale (batch, ceil(k / 64), n, 2) or transposed (batch, n, ceil(k / 64), 2)), groupSize 0
 *    or [1, 1, 32] = 4295032864: out = sum_k x1 * 2^(s1 - 127) * x2 * 2^(s2 - 127) + bias[n]; the
 *    same with FLOAT4_E2M1 x1 and x2 (inner dims even, k > 2);
 *  - T-CG (FLOAT8_E4M3FN x1 (m, k), FLOAT4_E2M1 x2 (n, k) with transposeX2, BFLOAT16 / FLOAT16
 *    x2Scale (n, ceil(k / 32)), UINT64 / INT64 yScale (1, n), groupSize 32 or [1, 1, 32]):
 *    out = (x1 @ (x2 * x2Scale)) * FP19(yScale[n]), x2 * x2Scale exact in FP32, out of x2Scale's
 *    dtype.
 *  - MX pseudo-quantisation (A8W4: FLOAT8_E4M3FN x1, FLOAT4_E2M1 x2, FLOAT8_E8M0 scales; V5 with an
 *    ND x2, aclnnQuantMatmulWeightNz with an NZ one): qmm_v5_mxa8w4_plan;
 *  - x2 in FRACTAL_NZ (aclnnQuantMatmulWeightNz, also accepted by V5) for every route but T-CG, in the
 *    layout the op_api computes (v5_x2_view).
 * FP8 products are exact and summed in FP32 (the Cube unit's L0C): the operands are decoded to
 * FP32 (QmmF8Decode), the GEMM engine accumulates them exactly, QmmF8Dequant applies scales and
 * bias and rounds once into out (FLOAT16 / BFLOAT16 / FLOAT). bias FLOAT: (n,), (1, n) for a 2-D
 * out, (batch, 1, n) for a 3-D one. x1 / x2 2..6-D with broadcast batch dims (a view's batch dims
 * must collapse to one stride). Not here (refused as not implemented): the G-B / B-B per-block
 * routes, an NZ x2 or a FLOAT x2 (eight FP4 per word) in the T-CG route. The weight-NZ API also
 * takes the MX A8W4 x2 as FLOAT words holding eight FP4 each (op_api UnpackB32ToB4). */
#include <stdio.h>
#include <string.h>

#include "cube.h"
#include "qf8_plan.h"
#include "qmm_plan.h"

#define V5_MX_GROUP 4295032864LL /* [1, 1, 32]: k | n << 16 | m << 32 */

static int is_fp8(aclDataType d) { return d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT8_E5M2; }

int qmm_v5_f8_applies(const aclTensor *x1, const aclTensor *x2)
{
    return aclemu_op_profile()->family == ACLEMU_FAMILY_950 && x1 && x2 &&
           (is_fp8(x1->dtype) || x1->dtype == ACL_HIFLOAT8 || x1->dtype == ACL_FLOAT4_E2M1);
}

/* The batch dims [0, nb) of t collapse to one stride: *count elements of stride *stride. */
static int batch_flat(const aclTensor *t, int nb, int64_t *count, int64_t *stride)
{
    int64_t c = 1, s = 0, inner = -1;
    for (int i = nb - 1; i >= 0; i--) {
        if (t->shape[i] == 1)
            continue;
        if (inner < 0) {
            s = t->stride[i];
        } else if (t->stride[i] != inner) {
            return 0;
        }
        c *= t->shape[i];
        inner = t->stride[i] * t->shape[i];
    }
    *count = c;
    *stride = s;
    return 1;
}


static int is_nz_fmt(aclFormat f)
{
    return f == ACL_FORMAT_FRACTAL_NZ || f == ACL_FORMAT_FRACTAL_NZ_C0_32 || f == ACL_FORMAT_FRACTAL_NZ_C0_16 ||
           f == ACL_FORMAT_FRACTAL_NZ_C0_4 || f == ACL_FORMAT_FRACTAL_NZ_C0_2;
}

/* x2 as the routes read it. ND: its view. FRACTAL_NZ (op_api aclnnQuantMatmulWeightNzGetWorkspaceSize):
 * a view whose last two dims have transposed strides (stride[-2] == 1, stride[-1] == shape[-2]) is
 * read swapped with transposeX2 flipped (GetTransposeAttrValue); the storage then holds the view's
 * (R, C) matrix as [..., ceil(C / c0), ceil(R / 16), 16, c0] (GetWeightNzShape: c0 32, FP4 outside
 * the A8W4 routes 64), the declared storage shape only checked for its element count
 * (CheckWeightNzStorageShape) and otherwise replaced by that shape, as the real op_api does. */
typedef struct v5_x2 {
    int nz, b32; /* b32: FLOAT words of eight FP4 (the A8W4 weight-NZ API), unpacked here */
    int64_t shape[8], stride[8];
    int64_t c0, r1, per; /* NZ: the column block, the row tiles, elements per matrix */
} v5_x2;

static aclnnStatus v5_x2_view(const char *api, const aclTensor *x2, bool *tr2, int a8w4, v5_x2 *v)
{
    const uint32_t r = x2->ndim;
    memset(v, 0, sizeof *v);
    for (uint32_t i = 0; i < r && i < 8; i++) {
        v->shape[i] = x2->shape[i];
        v->stride[i] = x2->stride[i];
    }
    if (x2->dtype == ACL_FLOAT && r >= 2 && r <= 6) {
        /* op_api UnpackB32ToB4: the inner dim (the second last of a transposed-stride view) x 8 */
        int pd = x2->stride[r - 2] == 1 && x2->stride[r - 1] == x2->shape[r - 2] ? (int)r - 2 : (int)r - 1;
        if (x2->stride[pd] != 1 || x2->shape[pd] > ((int64_t)1 << 40))
            return ACLEMU_PARAM_ERROR(api, "a FLOAT x2 holding eight FLOAT4_E2M1 per element must be contiguous "
                                           "along its packed dim.");
        v->b32 = 1;
        for (uint32_t i = 0; i < r; i++)
            if ((int)i != pd)
                v->stride[i] *= 8;
        v->shape[pd] *= 8;
    }
    if (!is_nz_fmt(x2->format) || r < 2 || r > 6)
        return ACLNN_SUCCESS;
    v->nz = 1;
    if (v->stride[r - 2] == 1 && v->stride[r - 1] == v->shape[r - 2]) {
        int64_t t = v->shape[r - 2];
        v->shape[r - 2] = v->shape[r - 1];
        v->shape[r - 1] = t;
        t = v->stride[r - 2];
        v->stride[r - 2] = v->stride[r - 1];
        v->stride[r - 1] = t;
        *tr2 = !*tr2;
    }
    v->c0 = (x2->dtype == ACL_FLOAT4_E2M1 || v->b32) && !a8w4 ? 64 : 32;
    int64_t R = v->shape[r - 2], C = v->shape[r - 1];
    if (R < 0 || C < 0 || R > ((int64_t)1 << 40) || C > ((int64_t)1 << 40))
        return ACLEMU_PARAM_ERROR(api, "x2's last two dims (%lld, %lld) are out of range.", (long long)R,
                                  (long long)C);
    v->r1 = (R + 15) / 16;
    int64_t want = 0, have = 1;
    int bad = __builtin_mul_overflow((C + v->c0 - 1) / v->c0, v->r1 * 16 * v->c0, &v->per);
    want = v->per;
    for (uint32_t i = 0; i + 2 < r; i++)
        bad |= x2->shape[i] < 0 || __builtin_mul_overflow(want, x2->shape[i], &want);
    for (uint32_t i = 0; i < x2->storage_ndim; i++)
        bad |= x2->storage_shape[i] < 0 || __builtin_mul_overflow(have, x2->storage_shape[i], &have);
    bad |= v->b32 && __builtin_mul_overflow(have, 8, &have);
    if (bad || want != have)
        return ACLEMU_PARAM_ERROR(api, "x2'format only support NZ, but now x2's format is not NZ(Ascend affinity "
                                       "format). aclnnCalculateMatmulWeightSizeV2 and aclnnTransMatmulWeight can be "
                                       "used to convert the input format from ND to Ascend affinity format.");
    return ACLNN_SUCCESS;
}

/* The decode operand of x2 viewed as (b, n, k) (tr2: the view is (.., n, k)); NZ per v5_x2_view. */
static void v5_x2_operand(qf8_operand *o, const aclTensor *x2, const v5_x2 *v, bool tr2, int64_t sb)
{
    const int r = (int)x2->ndim;
    memset(o, 0, sizeof *o);
    o->t = x2;
    o->fp4_in_b32 = v->b32;
    if (!v->nz) {
        o->sb = sb;
        o->si = v->stride[tr2 ? r - 2 : r - 1];
        o->sk = v->stride[tr2 ? r - 1 : r - 2];
        return;
    }
    const int64_t outer = v->r1 * 16 * v->c0;
    o->sb = v->per;
    if (tr2) { /* rows n, columns k */
        o->si = v->c0;
        o->sk = 1;
        o->ksplit = v->c0;
        o->kouter = outer;
    } else { /* rows k, columns n */
        o->si = 1;
        o->isplit = v->c0;
        o->iouter = outer;
        o->sk = v->c0;
    }
}

/* One 2-D product: decode x1 (m, k) and x2 (n, k), the exact FP32 GEMM, out = acc * s2[n] + bias[n]
 * (s2 UINT64 quant parameters or NULL, bias of out's dtype or NULL). */
static aclnnStatus v5_run_2d(aclOpExecutor *ex, const qf8_operand *oa, const qf8_operand *ob, int64_t M, int64_t N,
                             int64_t K, const aclTensor *out, const aclTensor *s2, const aclTensor *bias)
{
    aclnnStatus st;
    int64_t wa, wb;
    if ((st = qf8_decode(ex, oa, 1, M, K, &wa)) || (st = qf8_decode(ex, ob, 1, N, K, &wb)))
        return st;
    gemm_desc d;
    qf8_gemm_desc(&d, M, N, K);
    cube_view_raw(&d.c, CUBE_OP_C, GEMM_F32, N, 1);
    int64_t wc = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)(M * N) * 4u);
    cube_bind bind[CUBE_NOPS] = {{NULL, wa}, {NULL, wb}, {NULL, wc}, {NULL, -1}, {NULL, -1}};
    if ((st = cube_launch_gemm(ex, &d, bind)))
        return st;
    return qf8_dequant_bias(ex, wc, out, 0, out->stride[0], out->stride[1], NULL, s2, bias, 0, 0, 1, M, N);
}

static aclnnStatus not_impl(const char *api, const char *what)
{
    return ACLEMU_PARAM_ERROR(api, "%s is not implemented on this emulated chip.", what);
}


/* MX pseudo-quantisation (A8W4): FLOAT8_E4M3FN x1 (m, k), FLOAT4_E2M1 x2 (n, k) (transposeX2; the
 * weight-NZ API: FRACTAL_NZ storage, see v5_x2_view), FLOAT8_E8M0 x1Scale (m, ceil(k / 64), 2) and
 * x2Scale (n, ceil(k / 64), 2) (laid out by the user's transposeX2: (ceil(k / 64), n, 2) when it
 * is false) over 32-element K blocks, bias null or (1, n) of out's dtype, out BFLOAT16 / FLOAT16,
 * k and n multiples of 8, groupSize 32 or [1, 1, 32]. The arch35 kernel's vector unit turns each
 * FP4 weight into FP8_E4M3 by moving its bits (quant_batch_matmul_v4 AntiQuantComputeNormal /
 * AntiQuantComputeNKMxNz: the E2M1 exponent into E4M3's low exponent bits, bias 1 -> 7), so every
 * weight enters the MX Cube product as x2 * 2^-6 (hence the examples' x2Scale of 64):
 * out = sum_k x1 * 2^(s1 - 127) * x2 * 2^-6 * 2^(s2 - 127) + bias[n], FP32 then one rounding. */
static aclnnStatus qmm_v5_mxa8w4_plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2,
                                      const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale,
                                      const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset,
                                      const aclTensor *bias, bool transposeX1, bool transposeX2, int64_t groupSize,
                                      const aclTensor *out, bool nz_only)
{
    const char *api = aclemu_exec_api(ex);
    char b1[160], b2[160];
    aclnnStatus st;
    if (nz_only && !is_nz_fmt(x2->format))
        return ACLEMU_PARAM_ERROR(api, "x2's format %s is invalid: in A8W4 scenario, the format of x2 must be "
                                       "FRACTAL_NZ, FRACTAL_NZ_C0_4 or FRACTAL_NZ_C0_32.",
                                  aclemu_format_name(x2->format));
    if (out->dtype != ACL_BF16 && out->dtype != ACL_FLOAT16)
        return ACLEMU_PARAM_ERROR(api, "out's dtype %s is invalid: in A8W4 scenario, the dtype of out must be "
                                       "BFLOAT16 or FLOAT16.", aclemu_dtype_name(out->dtype));
    if (!x1Scale || x1Scale->dtype != ACL_FLOAT8_E8M0)
        return ACLEMU_PARAM_ERROR(api, "x1Scale, x2Scale (%s, %s) are invalid: in A8W4 scenario, the quantization "
                                       "mode must be mx or t-cg.",
                                  x1Scale ? aclemu_dtype_name(x1Scale->dtype) : "null",
                                  aclemu_dtype_name(x2Scale->dtype));
    if (bias && bias->dtype != out->dtype)
        return ACLEMU_PARAM_ERROR(api, "bias, out (%s, %s) are invalid: in A8W4 scenario, when the quantization mode "
                                       "is mx, the dtype of bias must be the same as the dtype of out.",
                                  aclemu_dtype_name(bias->dtype), aclemu_dtype_name(out->dtype));
    if (yScale)
        return ACLEMU_PARAM_ERROR(api, "yScale is invalid: in A8W4 scenario, when the quantization mode is mx, yScale "
                                       "must be null.");
    if (x2Offset || x1Offset || (yOffset && aclemu_tensor_numel(yOffset) != 0))
        return ACLEMU_PARAM_ERROR(api, "In the MX A8W4 scenario x2Offset, x1Offset and yOffset should be null.");
    const aclTensor *fmt[] = {x1, x1Scale, x2Scale, bias, out};
    const char *fname[] = {"x1", "x1Scale", "x2Scale", "bias", "out"};
    for (int i = 0; i < 5; i++)
        if (fmt[i] && (st = aclemu_check_format(api, fmt[i], fname[i])))
            return st;
    if (!is_nz_fmt(x2->format) && (st = aclemu_check_format(api, x2, "x2")))
        return st;
    if (x1->ndim != 2 || x2->ndim != 2 || out->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "In the MX A8W4 scenario x1, x2 and out should be 2-D (no batch), but are "
                                       "%u-D, %u-D and %u-D.", x1->ndim, x2->ndim, out->ndim);
    const bool user_tr2 = transposeX2;
    v5_x2 xv;
    if ((st = v5_x2_view(api, x2, &transposeX2, 1, &xv)))
        return st;
    if (transposeX1)
        return ACLEMU_PARAM_ERROR(api, "transposeX1 true is invalid: in A8W4 scenario, transposeX1 must be false.");
    if (!transposeX2)
        return ACLEMU_PARAM_ERROR(api, "transposeX2 false is invalid: in A8W4 scenario, when the quantization mode is "
                                       "mx, transposeX2 must be true.");
    if (((uint64_t)groupSize & 0xFFFF) != 32 || (groupSize != 32 && groupSize != V5_MX_GROUP))
        return ACLEMU_PARAM_ERROR(api, "groupSize %lld is invalid: in A8W4 scenario, groupSize must be 32 or "
                                       "4295032864 ([1, 1, 32]).", (long long)groupSize);
    const int64_t M = x1->shape[0], K = x1->shape[1], N = xv.shape[0], K2 = xv.shape[1];
    if (M <= 0)
        return ACLEMU_PARAM_ERROR(api, "x1 m %lld is invalid: the m dimension of x1 must be greater than 0.",
                                  (long long)M);
    if (K <= 0)
        return ACLEMU_PARAM_ERROR(api, "x1 k %lld is invalid: the k dimension of x1 must be greater than 0.",
                                  (long long)K);
    if (N <= 0)
        return ACLEMU_PARAM_ERROR(api, "x2 n %lld is invalid: the n dimension of x2 must be greater than 0.",
                                  (long long)N);
    if (K != K2)
        return ACLEMU_PARAM_ERROR(api, "x1 K, x2 K (%lld, %lld) are invalid: the k dimension of x1 and x2 must be "
                                       "equal.", (long long)K, (long long)K2);
    if (K % 8)
        return ACLEMU_PARAM_ERROR(api, "x1 k %lld is invalid: the k dimension of x1 must be aligned to 8 for MX "
                                       "quantization.", (long long)K);
    if (N % 8)
        return ACLEMU_PARAM_ERROR(api, "x2 n %lld is invalid: in A8W4 scenario, the n dimension of x2 must be aligned "
                                       "to 8.", (long long)N);
    const int64_t kb = (K + 63) / 64;
    if (x1Scale->ndim != 3 || x1Scale->shape[0] != M || x1Scale->shape[1] != kb || x1Scale->shape[2] != 2)
        return ACLEMU_PARAM_ERROR(api, "x1Scale shape %s is invalid: the shape of x1Scale must be [%lld, %lld, 2].",
                                  aclemu_shape_str(x1Scale->shape, x1Scale->ndim, b1, sizeof b1), (long long)M,
                                  (long long)kb);
    /* x2Scale follows the user's transposeX2: (n, kb, 2) when true, (kb, n, 2) when false */
    const int sn_dim = user_tr2 ? 0 : 1;
    if (x2Scale->ndim != 3 || x2Scale->shape[sn_dim] != N || x2Scale->shape[1 - sn_dim] != kb ||
        x2Scale->shape[2] != 2)
        return ACLEMU_PARAM_ERROR(api, "x2Scale shape %s is invalid: the shape of x2Scale must be %s.",
                                  aclemu_shape_str(x2Scale->shape, x2Scale->ndim, b1, sizeof b1),
                                  (snprintf(b2, sizeof b2, user_tr2 ? "[%lld, %lld, 2]" : "[%lld, %lld, 2] (transposeX2 "
                                            "false: [ceil(k / 64), n, 2])", user_tr2 ? (long long)N : (long long)kb,
                                            user_tr2 ? (long long)kb : (long long)N), b2));
    if (bias && (bias->ndim != 2 || bias->shape[0] != 1 || bias->shape[1] != N))
        return ACLEMU_PARAM_ERROR(api, "bias shape %s is invalid: the shape of bias must be [1, %lld].",
                                  aclemu_shape_str(bias->shape, bias->ndim, b1, sizeof b1), (long long)N);
    if (out->shape[0] != M || out->shape[1] != N)
        return ACLEMU_PARAM_ERROR(api, "out shape %s is invalid: the shape of out must be [%lld, %lld].",
                                  aclemu_shape_str(out->shape, 2, b1, sizeof b1), (long long)M, (long long)N);
    qf8_operand oa = {x1, 0, x1->stride[0], x1->stride[1], 0, 0, 0, 0,
                      x1Scale, 0, x1Scale->stride[0], x1Scale->stride[1], x1Scale->stride[2], 0};
    qf8_operand ob;
    v5_x2_operand(&ob, x2, &xv, transposeX2, 0);
    ob.scale = x2Scale;
    ob.ssi = x2Scale->stride[sn_dim];
    ob.ssk64 = x2Scale->stride[1 - sn_dim];
    ob.ss2 = x2Scale->stride[2];
    ob.fp4_as_e4m3 = 1;
    return v5_run_2d(ex, &oa, &ob, M, N, K, out, NULL, bias);
}

/* T-CG: FLOAT8_E4M3FN x1 with a FLOAT4_E2M1 weight and per-32 16-bit weight scales (header comment). */
static aclnnStatus qmm_v5_tcg_plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2,
                                   const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale,
                                   const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset,
                                   const aclTensor *bias, bool transposeX1, bool transposeX2, int64_t groupSize,
                                   const aclTensor *out, bool nz_only)
{
    const char *api = aclemu_exec_api(ex);
    char b1[160], b2[160];
    aclnnStatus st;
    if (x2Scale->dtype == ACL_FLOAT8_E8M0 || (x1Scale && x1Scale->dtype == ACL_FLOAT8_E8M0))
        return qmm_v5_mxa8w4_plan(ex, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias,
                                  transposeX1, transposeX2, groupSize, out, nz_only);
    if (x2->dtype == ACL_FLOAT)
        return not_impl(api, "a FLOAT x2 (eight FLOAT4_E2M1 per element) in the T-CG scenario");
    if (x1Scale || x2Offset || x1Offset || bias || (yOffset && aclemu_tensor_numel(yOffset) != 0))
        return ACLEMU_PARAM_ERROR(api, "In the T-CG scenario x1Scale, x2Offset, x1Offset, yOffset and bias should be "
                                       "null.");
    if ((st = aclemu_check_notnull(api, yScale, "yScale")))
        return st;
    if ((st = aclemu_check_dtype(api, x2Scale, "x2Scale", ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT16))) ||
        (st = aclemu_check_dtype(api, yScale, "yScale", ACLEMU_DT(ACL_UINT64) | ACLEMU_DT(ACL_INT64))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT16))))
        return st;
    if (out->dtype != x2Scale->dtype)
        return ACLEMU_PARAM_ERROR(api, "In the T-CG scenario out dtype %s should be the same as x2Scale dtype %s.",
                                  aclemu_dtype_name(out->dtype), aclemu_dtype_name(x2Scale->dtype));
    if (transposeX1 || !transposeX2)
        return ACLEMU_PARAM_ERROR(api, "In the T-CG scenario transposeX1 should be false and transposeX2 true.");
    if (groupSize != 32 && groupSize != V5_MX_GROUP)
        return ACLEMU_PARAM_ERROR(api, "In the T-CG scenario groupSize should be 32 or 4295032864 ([1, 1, 32]), "
                                       "actual is %lld.", (long long)groupSize);
    if (nz_only || is_nz_fmt(x2->format))
        return not_impl(api, "a FRACTAL_NZ x2 in the T-CG scenario");
    const aclTensor *fmt[] = {x1, x2, x2Scale, yScale, out};
    const char *fname[] = {"x1", "x2", "x2Scale", "yScale", "out"};
    for (int i = 0; i < 5; i++)
        if ((st = aclemu_check_format(api, fmt[i], fname[i])))
            return st;
    if (x1->ndim != 2 || x2->ndim != 2 || out->ndim != 2 || x2Scale->ndim != 2 || yScale->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "In the T-CG scenario x1, x2, x2Scale, yScale and out should be 2-D.");
    const int64_t M = x1->shape[0], K = x1->shape[1], N = x2->shape[0];
    if (x2->shape[1] != K)
        return ACLEMU_PARAM_ERROR(api, "The k of x1 %s and x2 %s should be equal.",
                                  aclemu_shape_str(x1->shape, 2, b1, sizeof b1), aclemu_shape_str(x2->shape, 2, b2, sizeof b2));
    if (K % 32 || K == 0)
        return ACLEMU_PARAM_ERROR(api, "In the T-CG scenario k should be a positive multiple of 32, actual is %lld.",
                                  (long long)K);
    if (x2Scale->shape[0] != N || x2Scale->shape[1] != K / 32)
        return ACLEMU_PARAM_ERROR(api, "x2Scale shape %s should be (%lld, %lld).",
                                  aclemu_shape_str(x2Scale->shape, 2, b1, sizeof b1), (long long)N, (long long)(K / 32));
    if (yScale->shape[0] != 1 || yScale->shape[1] != N)
        return ACLEMU_PARAM_ERROR(api, "yScale shape %s should be (1, %lld).",
                                  aclemu_shape_str(yScale->shape, 2, b1, sizeof b1), (long long)N);
    if (out->shape[0] != M || out->shape[1] != N)
        return ACLEMU_PARAM_ERROR(api, "out shape %s should be (%lld, %lld).",
                                  aclemu_shape_str(out->shape, 2, b1, sizeof b1), (long long)M, (long long)N);
    if (M * N == 0)
        return ACLNN_SUCCESS;
    qf8_operand oa = {x1, 0, x1->stride[0], x1->stride[1], 0, 0, 0, 0, NULL, 0, 0, 0, 0};
    /* x2 (n, k), its scale (n, k / 32): the decode's (k / 64, (k / 32) & 1) split of a 32-group index */
    qf8_operand ob = {x2, 0, x2->stride[0], x2->stride[1], 0, 0, 0, 0,
                      x2Scale, 0, x2Scale->stride[0], 2 * x2Scale->stride[1], x2Scale->stride[1]};
    return v5_run_2d(ex, &oa, &ob, M, N, K, out, yScale, NULL);
}

aclnnStatus qmm_v5_f8_plan(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale,
                           const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset,
                           const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias,
                           bool transposeX1, bool transposeX2, int64_t groupSize, const aclTensor *out, bool nz_only)
{
    const char *api = aclemu_exec_api(ex);
    char b1[160], b2[160];
    aclnnStatus st;
    int hif8 = x1->dtype == ACL_HIFLOAT8, fp4 = x1->dtype == ACL_FLOAT4_E2M1;
    if (x1->dtype == ACL_FLOAT8_E4M3FN && (x2->dtype == ACL_FLOAT4_E2M1 || (nz_only && x2->dtype == ACL_FLOAT)))
        return qmm_v5_tcg_plan(ex, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                               transposeX2, groupSize, out, nz_only);
    if (hif8 ? x2->dtype != ACL_HIFLOAT8 : fp4 ? x2->dtype != ACL_FLOAT4_E2M1 : !is_fp8(x2->dtype))
        return ACLEMU_PARAM_ERROR(api, "x2 dtype %s does not go with x1 dtype %s: FLOAT8_E4M3FN / FLOAT8_E5M2 x1 take "
                                       "FLOAT8_E4M3FN / FLOAT8_E5M2 x2 (FLOAT8_E4M3FN x1 also FLOAT4_E2M1), HIFLOAT8 "
                                       "x1 a HIFLOAT8 x2, FLOAT4_E2M1 x1 a FLOAT4_E2M1 x2.",
                                  aclemu_dtype_name(x2->dtype), aclemu_dtype_name(x1->dtype));
    if (x2Offset || yScale || x1Offset || (yOffset && aclemu_tensor_numel(yOffset) != 0))
        return ACLEMU_PARAM_ERROR(api, "x2Offset, yScale, x1Offset and yOffset must be nullptr when x1 and x2 are %s.",
                                  aclemu_dtype_name(x1->dtype));
    if (out->dtype != ACL_FLOAT16 && out->dtype != ACL_BF16 && out->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be in dtype support list [DT_FLOAT16, DT_BF16, DT_FLOAT].",
                                  aclemu_dtype_name(out->dtype));
    if (bias && bias->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "bias dtype %s should be DT_FLOAT when x1 and x2 are %s.",
                                  aclemu_dtype_name(bias->dtype), aclemu_dtype_name(x1->dtype));
    int mx = x2Scale->dtype == ACL_FLOAT8_E8M0;
    int stat = x2Scale->dtype == ACL_UINT64 || x2Scale->dtype == ACL_INT64;
    if (fp4 && !mx)
        return ACLEMU_PARAM_ERROR(api, "FLOAT4_E2M1 x1 and x2 take MX quantisation: FLOAT8_E8M0 x1Scale and x2Scale.");
    if (mx) {
        if (hif8 || !x1Scale || x1Scale->dtype != ACL_FLOAT8_E8M0)
            return ACLEMU_PARAM_ERROR(api, "MX quantisation takes FLOAT8_E4M3FN / FLOAT8_E5M2 / FLOAT4_E2M1 x1 and x2 "
                                           "with FLOAT8_E8M0 x1Scale and x2Scale.");
    } else if (stat) {
        if (x1Scale)
            return ACLEMU_PARAM_ERROR(api, "x1Scale must be nullptr when x2Scale is %s (static quantisation).",
                                      aclemu_dtype_name(x2Scale->dtype));
    } else if (x2Scale->dtype != ACL_FLOAT || (x1Scale && x1Scale->dtype != ACL_FLOAT)) {
        return ACLEMU_PARAM_ERROR(api, "x1Scale / x2Scale dtypes %s / %s are not a combination of the %s routes "
                                       "(FLOAT / FLOAT, null / UINT64 or INT64, FLOAT8_E8M0 / FLOAT8_E8M0).",
                                  x1Scale ? aclemu_dtype_name(x1Scale->dtype) : "null",
                                  aclemu_dtype_name(x2Scale->dtype), aclemu_dtype_name(x1->dtype));
    }
    if (mx ? (groupSize != 0 && groupSize != V5_MX_GROUP) : groupSize != 0)
        return ACLEMU_PARAM_ERROR(api, "groupSize %lld is invalid for %s: expected 0%s.", (long long)groupSize,
                                  mx ? "MX quantisation" : "T-C / T-T / K-C / K-T quantisation",
                                  mx ? " or 4295032864 ([1, 1, 32])" : "");
    if (nz_only && !is_nz_fmt(x2->format))
        return ACLEMU_PARAM_ERROR(api, "x2's format %s is invalid: the format of x2 must be FRACTAL_NZ.",
                                  aclemu_format_name(x2->format));
    const aclTensor *fmt[] = {x1, is_nz_fmt(x2->format) ? NULL : x2, x1Scale, x2Scale, bias, out};
    const char *fname[] = {"x1", "x2", "x1Scale", "x2Scale", "bias", "out"};
    for (int i = 0; i < 6; i++)
        if (fmt[i] && (st = aclemu_check_format(api, fmt[i], fname[i])))
            return st;
    /* shapes */
    if (x1->ndim < 2 || x1->ndim > 6 || x2->ndim < 2 || x2->ndim > 6)
        return ACLEMU_PARAM_ERROR(api, "x1 and x2 should be 2- to 6-D, but got x1 %s and x2 %s.",
                                  aclemu_shape_str(x1->shape, x1->ndim, b1, sizeof b1),
                                  aclemu_shape_str(x2->shape, x2->ndim, b2, sizeof b2));
    const int r1 = (int)x1->ndim, r2 = (int)x2->ndim, nb1 = r1 - 2, nb2 = r2 - 2;
    const bool user_tr2 = transposeX2; /* the scales' layout follows the user's flag */
    v5_x2 xv;
    if ((st = v5_x2_view(api, x2, &transposeX2, 0, &xv)))
        return st;
    if (xv.nz && (x2->shape[r2 - 1] == 1 || x2->shape[r2 - 2] == 1))
        return ACLEMU_PARAM_ERROR(api, "x2 K, x2 N (%lld, %lld) are invalid: when the format of x2 is FRACTAL_NZ, the "
                                       "k dimension and n dimension of x2 can not be 1.",
                                  (long long)x2->shape[r2 - 2], (long long)x2->shape[r2 - 1]);
    const int64_t M = x1->shape[transposeX1 ? r1 - 1 : r1 - 2], K = x1->shape[transposeX1 ? r1 - 2 : r1 - 1];
    const int64_t K2 = xv.shape[transposeX2 ? r2 - 1 : r2 - 2], N = xv.shape[transposeX2 ? r2 - 2 : r2 - 1];
    if (K != K2)
        return ACLEMU_PARAM_ERROR(api, "The k of x1 %s and x2 %s should be equal (transposeX1 %d, transposeX2 %d).",
                                  aclemu_shape_str(x1->shape, x1->ndim, b1, sizeof b1),
                                  aclemu_shape_str(x2->shape, x2->ndim, b2, sizeof b2), transposeX1, transposeX2);
    if (fp4 && (x1->shape[r1 - 1] % 2 || xv.shape[r2 - 1] % 2 || K <= 2))
        return ACLEMU_PARAM_ERROR(api, "With FLOAT4_E2M1 x1 and x2 the inner dims of x1 %s and x2 %s should be even "
                                       "and k greater than 2.",
                                  aclemu_shape_str(x1->shape, x1->ndim, b1, sizeof b1),
                                  aclemu_shape_str(x2->shape, x2->ndim, b2, sizeof b2));
    int nbo = nb1 > nb2 ? nb1 : nb2;
    int64_t ob[4];
    for (int i = 0; i < nbo; i++) {
        int i1 = i - (nbo - nb1), i2 = i - (nbo - nb2);
        int64_t d1 = i1 >= 0 ? x1->shape[i1] : 1, d2 = i2 >= 0 ? x2->shape[i2] : 1;
        if (d1 != d2 && d1 != 1 && d2 != 1)
            return ACLEMU_PARAM_ERROR(api, "The batch dims of x1 %s and x2 %s cannot be broadcast.",
                                      aclemu_shape_str(x1->shape, x1->ndim, b1, sizeof b1),
                                      aclemu_shape_str(x2->shape, x2->ndim, b2, sizeof b2));
        ob[i] = d1 == 1 ? d2 : d1;
    }
    int oshape_ok = (int)out->ndim == nbo + 2 && out->shape[nbo] == M && out->shape[nbo + 1] == N;
    for (int i = 0; oshape_ok && i < nbo; i++)
        oshape_ok = out->shape[i] == ob[i];
    if (!oshape_ok) {
        int64_t want[8];
        memcpy(want, ob, sizeof(int64_t) * (size_t)nbo);
        want[nbo] = M;
        want[nbo + 1] = N;
        return ACLEMU_PARAM_ERROR(api, "out shape %s should be %s.", aclemu_shape_str(out->shape, out->ndim, b1, sizeof b1),
                                  aclemu_shape_str(want, (uint32_t)nbo + 2, b2, sizeof b2));
    }
    int64_t bias_sb = 0;
    if (bias) {
        int ok = (bias->ndim == 1 && bias->shape[0] == N) ||
                 (out->ndim == 2 && bias->ndim == 2 && bias->shape[0] == 1 && bias->shape[1] == N) ||
                 (out->ndim == 3 && bias->ndim == 3 && bias->shape[0] == ob[0] && bias->shape[1] == 1 &&
                  bias->shape[2] == N);
        if (!ok)
            return ACLEMU_PARAM_ERROR(api, "bias shape %s should be (n,)%s with n = %lld.",
                                      aclemu_shape_str(bias->shape, bias->ndim, b1, sizeof b1),
                                      out->ndim == 2 ? " or (1, n)" : out->ndim == 3 ? " or (batch, 1, n)" : "",
                                      (long long)N);
        if (bias->ndim == 3 && ob[0] > 1)
            bias_sb = bias->stride[0];
    }
    if (!mx) {
        int64_t ns = aclemu_tensor_numel(x2Scale);
        if (x2Scale->ndim != 1 || (ns != 1 && ns != N))
            return ACLEMU_PARAM_ERROR(api, "x2Scale shape %s should be (1,) or (n,) with n = %lld.",
                                      aclemu_shape_str(x2Scale->shape, x2Scale->ndim, b1, sizeof b1), (long long)N);
        if (x1Scale && (x1Scale->ndim != 1 || (x1Scale->shape[0] != 1 && x1Scale->shape[0] != M)))
            return ACLEMU_PARAM_ERROR(api, "x1Scale shape %s should be (1,) or (m,) with m = %lld.",
                                      aclemu_shape_str(x1Scale->shape, x1Scale->ndim, b1, sizeof b1), (long long)M);
    } else {
        /* (batch..., m, kb, 2) / (batch..., kb, m, 2) and (batch..., kb, n, 2) / (batch..., n, kb, 2) */
        const int64_t kb = (K + 63) / 64;
        const aclTensor *sc[2] = {x1Scale, x2Scale};
        const aclTensor *xs[2] = {x1, x2};
        for (int w = 0; w < 2; w++) {
            const aclTensor *s = sc[w], *x = xs[w];
            int tr = w == 0 ? transposeX1 : user_tr2, r = (int)x->ndim;
            int64_t rows = w == 0 ? M : N;
            int ok = (int)s->ndim == r + 1 && s->shape[r] == 2;
            for (int i = 0; ok && i < r - 2; i++)
                ok = s->shape[i] == x->shape[i];
            /* x1: (m, kb) plain, (kb, m) transposed; x2: (kb, n) plain, (n, kb) transposed */
            int kb_first = w == 0 ? tr : !tr;
            if (ok)
                ok = kb_first ? (s->shape[r - 2] == kb && s->shape[r - 1] == rows)
                              : (s->shape[r - 2] == rows && s->shape[r - 1] == kb);
            if (!ok)
                return ACLEMU_PARAM_ERROR(api, "%s shape %s does not fit MX quantisation of %s %s: expected "
                                               "(batch, %s, 2) with ceil(k / 64) = %lld.",
                                          w ? "x2Scale" : "x1Scale", aclemu_shape_str(s->shape, s->ndim, b1, sizeof b1),
                                          w ? "x2" : "x1", aclemu_shape_str(x->shape, x->ndim, b2, sizeof b2),
                                          kb_first ? "ceil(k / 64), rows" : "rows, ceil(k / 64)", (long long)kb);
        }
    }
    if (M * N == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    int64_t c1, sb1, c2, sb2, co, sbo, cs, ssb1 = 0, ssb2 = 0; /* cs: the scales' counts equal x1's / x2's */
    if (xv.nz) { /* dense NZ matrices, one after another */
        c2 = 1;
        for (int i = 0; i < nb2; i++)
            c2 *= x2->shape[i];
        sb2 = xv.per;
    }
    if (!batch_flat(x1, nb1, &c1, &sb1) || (!xv.nz && !batch_flat(x2, nb2, &c2, &sb2)) ||
        !batch_flat(out, nbo, &co, &sbo) ||
        (mx && (!batch_flat(x1Scale, nb1, &cs, &ssb1) || !batch_flat(x2Scale, nb2, &cs, &ssb2))))
        return not_impl(api, "a view whose batch dims do not collapse to one stride");
    /* x1 as (b, m, k), x2 as (b, n, k) */
    qf8_operand oa = {x1, sb1, x1->stride[transposeX1 ? r1 - 1 : r1 - 2], x1->stride[transposeX1 ? r1 - 2 : r1 - 1],
                      0, 0, 0, 0, NULL, 0, 0, 0, 0};
    qf8_operand ob2;
    v5_x2_operand(&ob2, x2, &xv, transposeX2, sb2);
    if (mx) {
        oa.scale = x1Scale;
        oa.ssb = ssb1;
        oa.ssi = x1Scale->stride[transposeX1 ? r1 - 1 : r1 - 2];
        oa.ssk64 = x1Scale->stride[transposeX1 ? r1 - 2 : r1 - 1];
        oa.ss2 = x1Scale->stride[r1];
        ob2.scale = x2Scale;
        ob2.ssb = ssb2;
        ob2.ssi = x2Scale->stride[user_tr2 ? r2 - 2 : r2 - 1];
        ob2.ssk64 = x2Scale->stride[user_tr2 ? r2 - 1 : r2 - 2];
        ob2.ss2 = x2Scale->stride[r2];
    }
    int64_t wa, wb;
    if ((st = qf8_decode(ex, &oa, c1, M, K, &wa)) || (st = qf8_decode(ex, &ob2, c2, N, K, &wb)))
        return st;
    gemm_desc d;
    qf8_gemm_desc(&d, M, N, K);
    d.nbatch_dims = nbo;
    cube_view_raw(&d.c, CUBE_OP_C, GEMM_F32, N, 1);
    /* decoded buffers are contiguous over each operand's own batch dims (aligned right) */
    int64_t s1 = M * K, s2 = N * K, sc = M * N;
    for (int i = nbo - 1; i >= 0; i--) {
        int i1 = i - (nbo - nb1), i2 = i - (nbo - nb2);
        int64_t d1 = i1 >= 0 ? x1->shape[i1] : 1, d2 = i2 >= 0 ? x2->shape[i2] : 1;
        d.batch_shape[i] = ob[i];
        d.a.bstride[i] = d1 == 1 ? 0 : s1;
        d.b.bstride[i] = d2 == 1 ? 0 : s2;
        d.c.bstride[i] = sc;
        s1 *= d1;
        s2 *= d2;
        sc *= ob[i];
    }
    int64_t wc = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)(co * M * N) * 4u);
    cube_bind bind[CUBE_NOPS] = {{NULL, wa}, {NULL, wb}, {NULL, wc}, {NULL, -1}, {NULL, -1}};
    if ((st = cube_launch_gemm(ex, &d, bind)))
        return st;
    const int ro = (int)out->ndim;
    return qf8_dequant_bias(ex, wc, out, sbo, out->stride[ro - 2], out->stride[ro - 1], mx ? NULL : x1Scale,
                            mx ? NULL : x2Scale, bias, bias_sb, stat, co, M, N);
}
