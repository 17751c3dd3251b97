/* Stage 1 of aclnnQuantMatmulV3 / V4 (ops-nn matmul/quant_batch_matmul_v3), the A2 / A3 / 310P /
 * 950 A8W8 and A4W4 ND paths. Checks in the real order:
 *  1. null x1, x2, scale, out (161001);
 *  2. dim ranges: x2 2-6 (ND), x1 and out 2-6, scale 1-D;
 *  3. the SoC: A2 / A3 / 950 / 310P (A4W4: A2 / A3 / 950); else 361001;
 *  4. dtypes: x1 / x2 INT8, INT4, INT32 (eight INT4 per element), same for both; scale UINT64,
 *     INT64, FLOAT, BFLOAT16; bias INT32, BFLOAT16, FLOAT16, FLOAT; out FLOAT16, INT8, BFLOAT16,
 *     INT32; offset FLOAT and only with INT8 out; then the chip's combination table (docs);
 *  5. shapes: A4W4 rules (even k / n, 2-D x2, 1-D bias, no transposeX1), k of x1 and x2 equal,
 *     last dims <= 65535 (except the documented large INT8 + FLOAT/BF16 + pertoken case on
 *     A2 / A3), scale / offset (1) or (n), pertoken (m), batch broadcast, bias (n) or (b, 1, n),
 *     out (batch..., m, n);
 *  6. formats ND (FRACTAL_NZ x2 belongs to aclnnQuantMatmulWeightNz: refused as not implemented);
 *  7. empty x1 / x2 refused ("not support to process empty tensor currently").
 * Then one QuantGemm launch (qgemm_args.h) over the chip's cube cores. */
#include <string.h>

#include "cube.h"
#include "gemm.h"
#include "qgemm_args.h"
#include "qmm_plan.h"

#define QMM_LAST_AXIS_LIMIT 65535
#define QMM_MAX_DIMS 6
#define QMM_B_SCRATCH (8ll << 20) /* bytes of packed B per block: bounds K * tn */

static int is_fam(aclemu_family f) { return aclemu_op_profile()->family == f; }
static int is_a2_a3(void) { return is_fam(ACLEMU_FAMILY_A2) || is_fam(ACLEMU_FAMILY_A3); }

static aclnnStatus dim_range(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi)
{
    if (t->ndim >= lo && t->ndim <= hi)
        return ACLNN_SUCCESS;
    if (lo == hi)
        return ACLEMU_PARAM_ERROR(api, "%s's dim should be %u, but actual is %u.", name, lo, t->ndim);
    return ACLEMU_PARAM_ERROR(api, "%s's dim should be in range [%u, %u], but actual is %u.", name, lo, hi, t->ndim);
}

/* User shapes may hold anything: negative dims are refused before any size arithmetic. */
aclnnStatus qmm_check_dims_nonneg(const char *api, const aclTensor *t, const char *name)
{
    char b[160];
    for (uint32_t i = 0; t && i < t->ndim; i++)
        if (t->shape[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "%s's shape %s has a negative dim.", name,
                                      aclemu_shape_str(t->shape, t->ndim, b, sizeof b));
    return ACLNN_SUCCESS;
}

/* Packed INT32 (x8 nibble index) and NZ (storage products) views stay far from int64 limits. */
static aclnnStatus check_view_range(const char *api, const aclTensor *t, const char *name)
{
    const int64_t lim = (int64_t)1 << 56;
    if (t->offset < -lim || t->offset > lim)
        return ACLEMU_PARAM_ERROR(api, "%s's view offset %lld is out of range.", name, (long long)t->offset);
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->stride[i] < -lim || t->stride[i] > lim)
            return ACLEMU_PARAM_ERROR(api, "%s's stride %lld is out of range.", name, (long long)t->stride[i]);
    if (t->format == ACL_FORMAT_FRACTAL_NZ) {
        int64_t p = 1;
        for (uint32_t i = 0; i < t->storage_ndim; i++)
            if (t->storage_shape[i] < 1 || __builtin_mul_overflow(p, t->storage_shape[i], &p) || p > lim)
                return ACLEMU_PARAM_ERROR(api, "%s's storage shape is invalid for FRACTAL_NZ.", name);
    }
    return ACLNN_SUCCESS;
}

static const char *dn(const aclTensor *t) { return aclemu_dtype_name(t->dtype); }

/* The chip's table of dtype combinations (docs "约束说明"), as the op_api's messages word it. */
static aclnnStatus check_combo(const char *api, const qmm_inputs *in, int a4w4)
{
    const aclDataType sd = in->scale->dtype, od = in->out->dtype, bd = in->bias ? in->bias->dtype : ACL_DT_UNDEFINED;
    const int param = sd == ACL_UINT64 || sd == ACL_INT64;
    if (is_fam(ACLEMU_FAMILY_310P)) {
        if (in->x1->dtype != ACL_INT8)
            return ACLEMU_PARAM_ERROR(api, "x1 and x2 dtype should be INT8 on this SoC, actual is %s.", dn(in->x1));
        if (in->bias && bd != ACL_INT32)
            return ACLEMU_PARAM_ERROR(api, "Bias dtype should be INT32, actual dtype is %s", aclemu_dtype_name(bd));
        if (in->pertoken) {
            if (sd != ACL_FLOAT || od != ACL_FLOAT16)
                return ACLEMU_PARAM_ERROR(api, "With pertokenScaleOptional, scale dtype should be FLOAT and out dtype "
                                               "FLOAT16, actual scale is %s, out is %s.", dn(in->scale), dn(in->out));
        } else if (!param || (od != ACL_FLOAT16 && od != ACL_INT8)) {
            return ACLEMU_PARAM_ERROR(api, "Without pertokenScaleOptional, scale dtype should be UINT64/INT64 and out "
                                           "dtype FLOAT16/INT8, actual scale is %s, out is %s.", dn(in->scale), dn(in->out));
        }
        return ACLNN_SUCCESS;
    }
    if (bd == ACL_BF16 && od != ACL_BF16 && od != ACL_INT32 && !(is_fam(ACLEMU_FAMILY_950) && 0))
        return ACLEMU_PARAM_ERROR(api, "When bias dtype is BFLOAT16, out dtype should be BFLOAT16, actual dtype is %s.",
                                  dn(in->out));
    if (sd == ACL_BF16 && od != ACL_BF16 && od != ACL_INT32)
        return ACLEMU_PARAM_ERROR(api, "When scale dtype is BFLOAT16, out dtype should be BFLOAT16 or INT32, actual "
                                       "dtype is %s", dn(in->out));
    if (od == ACL_BF16 && !(sd == ACL_FLOAT || sd == ACL_BF16 || (is_fam(ACLEMU_FAMILY_950) && param && !a4w4)))
        return ACLEMU_PARAM_ERROR(api, "When the dtype of out is BFLOAT16, scale dtype should be BFLOAT16/FLOAT in "
                                       "A4W4/A8W8 scenario, actual dtype is %s.", dn(in->scale));
    if (od == ACL_INT8 && (!param || a4w4))
        return ACLEMU_PARAM_ERROR(api, "When the dtype of out is INT8, scale dtype should be INT64 or UINT64, actual "
                                       "dtype is %s.", dn(in->scale));
    if (od == ACL_INT32 && (sd != ACL_FLOAT && sd != ACL_BF16))
        return ACLEMU_PARAM_ERROR(api, "When the dtype of out is INT32, scale dtype should be FLOAT or BFLOAT16, actual "
                                       "dtype is %s.", dn(in->scale));
    if (od == ACL_INT32 && in->bias && bd != ACL_INT32)
        return ACLEMU_PARAM_ERROR(api, "When the dtype of out is INT32, bias dtype should be INT32, actual dtype is %s.",
                                  aclemu_dtype_name(bd));
    if (od == ACL_INT32 && (in->pertoken || a4w4))
        return ACLEMU_PARAM_ERROR(api, "When the dtype of out is INT32, pertokenScaleOptional should be null and x1 / x2 "
                                       "INT8.");
    if (param && in->bias && bd != ACL_INT32)
        return ACLEMU_PARAM_ERROR(api, "Bias dtype should be INT32 when scale dtype is %s, actual dtype is %s.",
                                  dn(in->scale), aclemu_dtype_name(bd));
    if (param && in->pertoken)
        return ACLEMU_PARAM_ERROR(api, "When pertokenScaleOptional is not null, scale dtype should be FLOAT or BFLOAT16, "
                                       "actual dtype is %s.", dn(in->scale));
    if (od == ACL_FLOAT16 && !param && !(sd == ACL_FLOAT && in->pertoken))
        return ACLEMU_PARAM_ERROR(api, "When the dtype of out is FLOAT16, scale dtype should be INT64/UINT64, or FLOAT "
                                       "with pertokenScaleOptional, actual scale dtype is %s.", dn(in->scale));
    if (bd == ACL_FLOAT16 && !(od == ACL_FLOAT16 && in->pertoken))
        return ACLEMU_PARAM_ERROR(api, "When bias dtype is FLOAT16, out dtype should be FLOAT16 with "
                                       "pertokenScaleOptional, actual out dtype is %s.", dn(in->out));
    if (a4w4 && !param && !in->pertoken)
        return ACLEMU_PARAM_ERROR(api, "In the A4W4 scenario a FLOAT/BFLOAT16 scale needs pertokenScaleOptional.");
    if (a4w4 && param && in->bias && bd != ACL_INT32)
        return ACLEMU_PARAM_ERROR(api, "Bias dtype should be INT32 in a4w4 without pertoken scale scenario, actual dtype "
                                       "is %s", aclemu_dtype_name(bd));
    return ACLNN_SUCCESS;
}

static aclnnStatus check_dtypes(const char *api, const qmm_inputs *in, int *a4w4)
{
    aclnnStatus st;
    const aclemu_dtype_set xs = ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT4);
    if ((st = aclemu_check_dtype(api, in->x1, "x1", xs)) || (st = aclemu_check_dtype(api, in->x2, "x2", xs)) ||
        (st = aclemu_check_dtype(api, in->scale, "scale",
                                 ACLEMU_DT(ACL_UINT64) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16))) ||
        (in->bias && (st = aclemu_check_dtype(api, in->bias, "bias",
                                              ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT16) |
                                                  ACLEMU_DT(ACL_FLOAT)))) ||
        (st = aclemu_check_dtype(api, in->out, "out",
                                 ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT32))))
        return st;
    if (in->x1->dtype != in->x2->dtype)
        return ACLEMU_PARAM_ERROR(api, "In non-A8W4 case, x1 and x2 dtype should be same, actual x1 dtype is %s and x2 "
                                       "dtype is %s.", dn(in->x1), dn(in->x2));
    if (in->offset) {
        if ((st = aclemu_check_dtype(api, in->offset, "offset", ACLEMU_DT(ACL_FLOAT))))
            return st;
        if (in->out->dtype != ACL_INT8)
            return ACLEMU_PARAM_ERROR(api, "Offset only exists when out dtype is INT8, actual dtype is %s.", dn(in->out));
    }
    if (in->pertoken && (st = aclemu_check_dtype(api, in->pertoken, "pertokenScaleOptional", ACLEMU_DT(ACL_FLOAT))))
        return st;
    *a4w4 = in->x1->dtype != ACL_INT8;
    return check_combo(api, in, *a4w4);
}

/* m, k of x1 and k, n of x2 (INT32: eight INT4 along the last dim). */
static void mkn(const qmm_inputs *in, int64_t *m, int64_t *k1, int64_t *k2, int64_t *n)
{
    const aclTensor *x1 = in->x1, *x2 = in->x2;
    int64_t p1 = x1->dtype == ACL_INT32 ? 8 : 1, p2 = x2->dtype == ACL_INT32 ? 8 : 1;
    int64_t a = x1->shape[x1->ndim - 2], b = x1->shape[x1->ndim - 1];
    int64_t c = x2->shape[x2->ndim - 2], d = x2->shape[x2->ndim - 1];
    b = b > INT64_MAX / p1 ? INT64_MAX : b * p1; /* a packed INT32 last dim counts 8 INT4 */
    d = d > INT64_MAX / p2 ? INT64_MAX : d * p2;
    *m = in->transposeX1 ? b : a;
    *k1 = in->transposeX1 ? a : b;
    *k2 = in->transposeX2 ? d : c;
    *n = in->transposeX2 ? c : d;
}

static aclnnStatus check_shapes(const char *api, const qmm_inputs *in, int a4w4, int64_t *batch, int *nb)
{
    const aclTensor *x1 = in->x1, *x2 = in->x2, *out = in->out, *bias = in->bias;
    int64_t m, k1, k2, n;
    mkn(in, &m, &k1, &k2, &n);
    if (a4w4) {
        if (k1 % 2)
            return ACLEMU_PARAM_ERROR(api, "x1_k should be a positive even number in a4w4/a8w4 scenario, but now x1_k is "
                                           "%lld.", (long long)k1);
        if (in->transposeX2 && k2 % 2)
            return ACLEMU_PARAM_ERROR(api, "x2_k should be a positive even number when transposeX2 is true in a4w4 "
                                           "scenario, but now x2_k is %lld.", (long long)k2);
        if (!in->transposeX2 && n % 2)
            return ACLEMU_PARAM_ERROR(api, "x2_n should be a positive even number when transposeX2 is false in a4w4 "
                                           "scenario, but now x2_n is %lld.", (long long)n);
        if (in->transposeX1)
            return ACLEMU_PARAM_ERROR(api, "TransposeX1 should be false in a4w4/a8w4 scenario, but now is true.");
        if (x2->ndim != 2)
            return ACLEMU_PARAM_ERROR(api, "x2 should be 2-d in a4w4/a8w4, but is %u.", x2->ndim);
        if (bias && bias->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "Bias should be 1-d in a4w4/a8w4, but is %u.", bias->ndim);
    }
    if (k1 != k2)
        return ACLEMU_PARAM_ERROR(api, "x1 k dim and x2 k dim should be same, but x1 is %lld, x2 is %lld.",
                                  (long long)k1, (long long)k2);
    if (x2->format == ACL_FORMAT_FRACTAL_NZ && x2->storage_ndim >= 4) {
        const int64_t *ss = x2->storage_shape + x2->storage_ndim - 4;
        /* fractal width in elements of the view's dtype: 32 INT8, 64 INT4, 8 INT32 (= 64 INT4) */
        const int64_t fw = x2->dtype == ACL_INT8 ? 32 : x2->dtype == ACL_INT4 ? 64 : 8;
        const int64_t kw = x2->dtype == ACL_INT8 ? 32 : 64; /* the same in K elements */
        for (int i = 0; i < 4; i++)
            if (ss[i] < 1 || ss[i] > ((int64_t)1 << 40))
                return ACLEMU_PARAM_ERROR(api, "x2's FRACTAL_NZ storage dims should be in [1, 2^40].");
        if (x2->storage_ndim - 4 != x2->ndim - 2)
            return ACLEMU_PARAM_ERROR(api, "x2's FRACTAL_NZ storage should have the view's %u batch dims before its 4 "
                                           "fractal dims, but has %u dims.", x2->ndim - 2, x2->storage_ndim);
        for (uint32_t i = 0; i + 2 < x2->ndim; i++)
            if (x2->storage_shape[i] != x2->shape[i])
                return ACLEMU_PARAM_ERROR(api, "x2's FRACTAL_NZ storage batch dim %u is %lld, its view's is %lld.", i,
                                          (long long)x2->storage_shape[i], (long long)x2->shape[i]);
        int64_t round = in->transposeX2 ? kw : 16, k1 = in->transposeX2 ? ss[0] : ss[1];
        int64_t kr = k1 > INT64_MAX / round ? INT64_MAX : k1 * round;
        int64_t kal = k2 <= INT64_MAX - round ? (k2 + round - 1) / round * round : -1;
        if (kal != kr)
            return ACLEMU_PARAM_ERROR(api, "AlignedK1 value %lld is not matched with k1 value times roundValue, which is "
                                           "%lld.", (long long)kal, (long long)kr);
        int64_t r = x2->shape[x2->ndim - 2], c = x2->shape[x2->ndim - 1];
        if (r == 1 || c == 1)
            return ACLEMU_PARAM_ERROR(api, "x2 with n = 1 or k = 1 cannot be in FRACTAL_NZ format.");
        if (ss[2] != 16 || ss[3] != fw || ss[1] * 16 < r || ss[0] * fw < c)
            return ACLEMU_PARAM_ERROR(api, "x2's storage shape does not hold a FRACTAL_NZ (%lld, %lld) %s matrix of "
                                           "[ceil(%lld / %lld), ceil(%lld / 16), 16, %lld].", (long long)r, (long long)c,
                                      dn(x2), (long long)c, (long long)fw, (long long)r, (long long)fw);
    }
    int large_ok = is_a2_a3() && !a4w4 && (in->scale->dtype == ACL_FLOAT || in->scale->dtype == ACL_BF16) &&
                   in->pertoken && in->pertoken->ndim == 1;
    int64_t l1 = x1->shape[x1->ndim - 1], l2 = x2->shape[x2->ndim - 1];
    if (!large_ok && (l1 > QMM_LAST_AXIS_LIMIT || l2 > QMM_LAST_AXIS_LIMIT))
        return ACLEMU_PARAM_ERROR(api, "x1 last dim or x2 last dim is larger than 65535, x1 is %lld, x2 is %lld.",
                                  (long long)l1, (long long)l2);
    int64_t s0 = in->scale->shape[0];
    if (s0 != n && s0 != 1)
        return ACLEMU_PARAM_ERROR(api, "Scale last dim should equal to x2 n dim %lld or 1, but actual is %lld.",
                                  (long long)n, (long long)s0);
    if (in->offset) {
        if (in->offset->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "offset's dim should be 1, but actual is %u.", in->offset->ndim);
        if (in->offset->shape[0] != n && in->offset->shape[0] != 1)
            return ACLEMU_PARAM_ERROR(api, "Offset 1st dim should equal to x2 n dim %lld or 1, but actual is %lld.",
                                      (long long)n, (long long)in->offset->shape[0]);
    }
    if (in->pertoken) {
        if (in->pertoken->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "pertokenScaleOptional's dim should be 1, but actual is %u.",
                                      in->pertoken->ndim);
        if (in->pertoken->shape[0] != m)
            return ACLEMU_PARAM_ERROR(api, "PertokenScaleOptional 1st dim should be equal to x1 m dim %lld or 1, but "
                                           "actually is %lld.", (long long)m, (long long)in->pertoken->shape[0]);
    }
    /* batch broadcast of x1 and x2 (aligned right) */
    int nd = x1->ndim > x2->ndim ? (int)x1->ndim : (int)x2->ndim;
    *nb = nd - 2;
    int64_t total = 1;
    for (int i = 0; i < nd - 2; i++) {
        int o1 = i - (nd - (int)x1->ndim), o2 = i - (nd - (int)x2->ndim);
        int64_t d1 = o1 >= 0 ? x1->shape[o1] : 1, d2 = o2 >= 0 ? x2->shape[o2] : 1;
        if (d1 > 1 && d2 > 1 && d1 != d2)
            return ACLEMU_PARAM_ERROR(api, "Current short dim value %lld and long dim value %lld are not supported for "
                                           "broadcasting.", (long long)(x1->ndim < x2->ndim ? d1 : d2),
                                      (long long)(x1->ndim < x2->ndim ? d2 : d1));
        batch[i] = d1 > d2 ? d1 : d2;
        if (batch[i] > 0 && total > INT64_MAX / batch[i])
            return ACLEMU_PARAM_ERROR(api, "the batch dims of x1 and x2 are too large.");
        total *= batch[i];
    }
    if (bias) {
        if (bias->ndim != 3 && bias->ndim != 1)
            return ACLEMU_PARAM_ERROR(api, "Bias dim-num should equal 3 or 1, but it is %u.", bias->ndim);
        if (bias->ndim == 1 && bias->shape[0] != n)
            return ACLEMU_PARAM_ERROR(api, "Bias 1st dim should be equal to x2 n dim %lld, but it is %lld.",
                                      (long long)n, (long long)bias->shape[0]);
        if (bias->ndim == 3) {
            if (*nb != 1)
                return ACLEMU_PARAM_ERROR(api, "When bias dim-num is 3, infered out batch dim-num should be 1, but "
                                               "infered out batch dim-num is %d.", *nb);
            if (bias->shape[0] != total)
                return ACLEMU_PARAM_ERROR(api, "Bias 1st dim should be equal to out batch dim, but it is %lld and infered "
                                               "out batch dim is %lld.", (long long)bias->shape[0], (long long)total);
            if (bias->shape[1] != 1)
                return ACLEMU_PARAM_ERROR(api, "Bias 2nd dim should be equal to 1, but it is %lld.",
                                          (long long)bias->shape[1]);
            if (bias->shape[2] != n)
                return ACLEMU_PARAM_ERROR(api, "Bias last dim should be equal to x2 n dim %lld, but actually is %lld.",
                                          (long long)n, (long long)bias->shape[2]);
        }
    }
    uint32_t od = out->ndim;
    int64_t om = out->shape[od - 2], on = out->shape[od - 1];
    if (om == 1 && *nb == 0 && od == 3 && x1->ndim == 2 && x2->ndim == 2) { /* (m, 1, n) accepted for 2-D inputs */
        od = 2;
        om = out->shape[0];
    }
    if ((int)od != *nb + 2)
        return ACLEMU_PARAM_ERROR(api, "Infered output dim-num %d is not equal to actual out dim-num %u.", *nb + 2, od);
    if (om != m)
        return ACLEMU_PARAM_ERROR(api, "Out 1st dim should be equal to x1 m dim, but out 1st dim is %lld, x1 m dim is "
                                       "%lld.", (long long)om, (long long)m);
    if (on != n)
        return ACLEMU_PARAM_ERROR(api, "Out 2nd dim should be equal to x2 n dim, but out 2nd dim is %lld, x2 n dim is "
                                       "%lld.", (long long)on, (long long)n);
    for (int i = 0; i < *nb; i++)
        if (out->shape[i] != batch[i])
            return ACLEMU_PARAM_ERROR(api, "Output dim %lld is not equal to infered output dim %lld at shape index %d.",
                                      (long long)out->shape[i], (long long)batch[i], i);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_formats(const char *api, const qmm_inputs *in)
{
    const aclTensor *ts[7] = {in->x1, in->x2, in->scale, in->offset, in->pertoken, in->bias, in->out};
    const char *names[7] = {"x1", "x2", "scale", "offset", "pertokenScaleOptional", "bias", "out"};
    for (int i = 0; i < 7; i++) {
        if (!ts[i] || ts[i]->format == ACL_FORMAT_ND || ts[i]->format == ACL_FORMAT_NCHW)
            continue;
        if (i == 1 && ts[i]->format == ACL_FORMAT_FRACTAL_NZ) {
            /* INT8 and INT4 / INT32-packed INT4 (A2 / A3 A4W4 NZ) */
            if (ts[i]->dtype != ACL_INT8 && !is_a2_a3())
                return ACLEMU_PARAM_ERROR(api, "x2 in FRACTAL_NZ format is implemented for INT8 only on this SoC, "
                                               "actual is %s.", dn(ts[i]));
            continue;
        }
        return ACLEMU_PARAM_ERROR(api, "%s's format should be ND, actual is %s.", names[i],
                                  aclemu_format_name(ts[i]->format));
    }
    if (in->nz_only && in->x2->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "x2's format should be FRACTAL_NZ, actual is %s.", aclemu_format_name(in->x2->format));
    return ACLNN_SUCCESS;
}

static int64_t numel(const aclTensor *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] <= 0 || __builtin_mul_overflow(n, t->shape[i], &n))
            return t->shape[i] <= 0 ? 0 : INT64_MAX;
    return n;
}

/* A matrix operand (rows along dim r, columns along dim c of the last two; swapped when
 * transposed) with batch strides aligned right to nb batch dims; INT32-packed INT4 becomes a
 * nibble view (strides x 8; the packed dim must be unit stride). */
static void mat_operand(qgemm_operand *o, const aclTensor *t, int transposed, int nb, const int64_t *batch, int packed)
{
    int64_t mul = packed && t->dtype == ACL_INT32 ? 8 : 1;
    int64_t s_r = t->stride[t->ndim - 2], s_c = t->stride[t->ndim - 1];
    s_r = s_r * mul;
    o->off = t->offset * mul;
    o->rs = transposed ? s_c : s_r;
    o->cs = transposed ? s_r : s_c;
    o->rsplit = o->rs_outer = o->csplit = o->cs_outer = 0;
    memset(o->bs, 0, sizeof o->bs);
    int tb = (int)t->ndim - 2;
    if (t->format == ACL_FORMAT_FRACTAL_NZ) {
        /* storage [..., C1, R1, 16, W] of the view's (R, C): (r, c) at ((c / W) * R1 * 16 + r) * W + c % W,
         * W = 32 INT8 or 64 INT4 (nibble units; INT32-packed: 8 words = 64 nibbles) */
        const int64_t *ss = t->storage_shape + t->storage_ndim - 4;
        const int64_t w = ss[3] * mul;
        int64_t outer = ss[1] * 16 * w, per = ss[0] * outer;
        if (transposed) {
            o->rs = 1;
            o->rsplit = w;
            o->rs_outer = outer;
            o->cs = w;
        } else {
            o->rs = w;
            o->cs = 1;
            o->csplit = w;
            o->cs_outer = outer;
        }
        for (int i = 0; i < nb; i++) {
            int j = i - (nb - tb);
            o->bs[i] = 0;
            if (j >= 0 && t->shape[j] != 1 && batch[i] != 1) {
                int64_t inner = per; /* storage batch dims equal the view's (checked), product <= 2^56 */
                for (int d = j + 1; d < tb; d++)
                    inner *= t->storage_shape[d];
                o->bs[i] = inner;
            }
        }
        return;
    }
    for (int i = 0; i < nb; i++) {
        int j = i - (nb - tb);
        o->bs[i] = j >= 0 && t->shape[j] != 1 && batch[i] != 1 ? t->stride[j] * mul : 0;
    }
}

static void vec_operand(qgemm_operand *o, const aclTensor *t)
{
    memset(o, 0, sizeof *o);
    o->off = t->offset;
    o->cs = t->shape[t->ndim - 1] == 1 ? 0 : t->stride[t->ndim - 1];
}

aclnnStatus qmm_plan(aclOpExecutor *ex, const qmm_inputs *in)
{
    int a4w4 = 0, nb = 0;
    int64_t batch[QMM_MAX_DIMS];
    aclnnStatus st = qmm_check(ex, in, &a4w4, batch, &nb);
    return st ? st : qmm_launch(ex, in, a4w4, nb, batch, 0.0f);
}

aclnnStatus qmm_check(aclOpExecutor *ex, const qmm_inputs *in, int *a4w4_out, int64_t *batch, int *nb_out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, in->x1, "x1")) || (st = aclemu_check_notnull(api, in->x2, "x2")) ||
        (st = aclemu_check_notnull(api, in->scale, "scale")) || (st = aclemu_check_notnull(api, in->out, "out")))
        return st;
    const int x2nz = in->x2->format == ACL_FORMAT_FRACTAL_NZ;
    if (x2nz && (in->x2->storage_ndim < 4 || in->x2->storage_ndim > 8))
        return ACLEMU_PARAM_ERROR(api, "x2's storage dim should be in range [4, 8] in FRACTAL_NZ format, but actual is "
                                       "%u.", in->x2->storage_ndim);
    if ((st = dim_range(api, in->x2, "x2", 2, QMM_MAX_DIMS)) || (st = dim_range(api, in->x1, "x1", 2, QMM_MAX_DIMS)) ||
        (st = dim_range(api, in->out, "out", 2, QMM_MAX_DIMS)) || (st = dim_range(api, in->scale, "scale", 1, 1)))
        return st;
    if ((st = qmm_check_dims_nonneg(api, in->x1, "x1")) || (st = qmm_check_dims_nonneg(api, in->x2, "x2")) ||
        (st = qmm_check_dims_nonneg(api, in->out, "out")) || (st = qmm_check_dims_nonneg(api, in->scale, "scale")) ||
        (st = qmm_check_dims_nonneg(api, in->offset, "offset")) ||
        (st = qmm_check_dims_nonneg(api, in->pertoken, "pertokenScaleOptional")) ||
        (st = qmm_check_dims_nonneg(api, in->bias, "bias")))
        return st;
    int a4w4 = in->x1->dtype == ACL_INT4 || in->x1->dtype == ACL_INT32;
    aclemu_family f = aclemu_op_profile()->family;
    if (!(f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950 || (!a4w4 && f == ACLEMU_FAMILY_310P)))
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "QuantBatchMatmul support for %s is not implemented in %s scenario.",
                               aclemu_op_profile()->short_soc_version, a4w4 ? "a4w4" : "a8w8");
    if ((st = check_dtypes(api, in, &a4w4)))
        return st;
    int nb = 0;
    if ((st = check_shapes(api, in, a4w4, batch, &nb)) || (st = check_formats(api, in)))
        return st;
    if (numel(in->x1) == 0 || numel(in->x2) == 0)
        return ACLEMU_PARAM_ERROR(api, "QuantMatmul not support to process empty tensor currently.");
    *a4w4_out = a4w4;
    *nb_out = nb;
    return ACLNN_SUCCESS;
}

aclnnStatus qmm_launch(aclOpExecutor *ex, const qmm_inputs *in, int a4w4, int nb, const int64_t *batch,
                       float const_scale)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = check_view_range(api, in->x1, "x1")) || (st = check_view_range(api, in->x2, "x2")))
        return st;
    if (in->x1->dtype == ACL_INT32 && in->x1->stride[in->x1->ndim - 1] != 1)
        return ACLEMU_PARAM_ERROR(api, "a packed INT32 x1 must be contiguous along its last dim.");
    if (in->x2->dtype == ACL_INT32 && in->x2->stride[in->x2->ndim - 1] != 1)
        return ACLEMU_PARAM_ERROR(api, "a packed INT32 x2 must be contiguous along its last dim.");
    int64_t m, k, k2, n;
    mkn(in, &m, &k, &k2, &n);
    int64_t nbatch = 1;
    for (int i = 0; i < nb; i++)
        nbatch *= batch[i];
    if (m == 0 || n == 0 || nbatch == 0) /* an empty out (legacy APIs): nothing to run */
        return ACLNN_SUCCESS;
    /* packed B of a block is K x tn int16: bound it (tn >= 16) */
    if (k > QMM_B_SCRATCH / (16 * 2))
        return ACLEMU_PARAM_ERROR(api, "k %lld is too large for this emulation (at most %lld).", (long long)k,
                                  (long long)(QMM_B_SCRATCH / 32));
    qgemm_args args, *a = &args;
    memset(a, 0, sizeof *a);
    a->M = m;
    a->N = n;
    a->K = k;
    a->nb = nb;
    for (int i = 0; i < nb; i++)
        a->bshape[i] = batch[i];
    a->x_int4 = a4w4;
    mat_operand(&a->x1, in->x1, in->transposeX1, nb, batch, 1);
    mat_operand(&a->x2, in->x2, in->transposeX2, nb, batch, 1);
    mat_operand(&a->out, in->out, 0, nb, batch, 0);
    if (in->out->ndim == 3 && nb == 0) { /* (m, 1, n) out of a 2-D matmul */
        a->out.rs = in->out->stride[0];
        a->out.cs = in->out->stride[2];
    }
    if (!in->scale) { /* a scalar FP32 scale (aclnnQuantMatmul's deqScale) */
        a->scale_kind = QGEMM_SCALE_CONST;
        a->scale_value = const_scale;
    } else {
    vec_operand(&a->scale, in->scale);
    a->scale_kind = (in->scale->dtype == ACL_UINT64 || in->scale->dtype == ACL_INT64) ? QGEMM_SCALE_PARAM
                    : in->scale->dtype == ACL_BF16                                   ? QGEMM_SCALE_BF16
                                                                                     : QGEMM_SCALE_F32;
    }
    if (in->offset)
        vec_operand(&a->offset, in->offset);
    if (in->pertoken) {
        vec_operand(&a->pertoken, in->pertoken);
        if (in->pertoken->ndim == 2 && nb == 1 && in->pertoken->shape[0] != 1) /* (batch, m) */
            a->pertoken.bs[0] = in->pertoken->stride[0];
    }
    if (in->bias) {
        vec_operand(&a->bias, in->bias);
        if (in->bias->ndim == 3 && in->bias->shape[0] != 1)
            a->bias.bs[0] = in->bias->stride[0];
        a->bias_kind = in->bias->dtype == ACL_INT32   ? QGEMM_BIAS_I32
                       : in->bias->dtype == ACL_FLOAT ? QGEMM_BIAS_F32
                       : in->bias->dtype == ACL_FLOAT16 ? QGEMM_BIAS_F16
                                                        : QGEMM_BIAS_BF16;
    }
    a->out_dtype = in->out->dtype;
    a->act = in->act;
    /* tiles: tn columns (<= 256, K * tn * 2 bytes <= QMM_B_SCRATCH), M split into groups so that
     * there are about 2 tiles per block */
    int64_t tn = 256;
    while (tn > 16 && k * tn * 2 > QMM_B_SCRATCH)
        tn -= 16;
    if (n < tn)
        tn = (n + 15) / 16 * 16;
    int64_t gn = (n + tn - 1) / tn, cores = cube_max_blocks(), want = 2 * (int64_t)cube_workers();
    if (want > cores)
        want = cores;
    int64_t gm = 1, cols = nbatch * gn;
    if (cols < want) {
        gm = (want + cols - 1) / cols;
        int64_t max_gm = (m + 95) / 96; /* at least one 96-row panel per group */
        if (gm > max_gm)
            gm = max_gm;
    }
    if (nbatch > INT64_MAX / gn / gm)
        return ACLEMU_PARAM_ERROR(api, "the output has too many tiles (batch %lld).", (long long)nbatch);
    int64_t tm = (m + gm - 1) / gm;
    gm = (m + tm - 1) / tm;
    a->tn = tn;
    a->tm = tm;
    a->gn = gn;
    a->gm = gm;
    a->ntiles = nbatch * gn * gm;
    int64_t blocks = a->ntiles < cores ? a->ntiles : cores;
    a->tiles_per_block = (a->ntiles + blocks - 1) / blocks;
    blocks = (a->ntiles + a->tiles_per_block - 1) / a->tiles_per_block;
    a = aclemu_exec_add_launch(ex, "QuantGemm", (uint32_t)blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    *a = args;
    const aclTensor *bind_t[7] = {in->x1, in->x2, in->out, in->scale, in->offset, in->pertoken, in->bias};
    qgemm_operand *bind_o[7] = {&a->x1, &a->x2, &a->out, &a->scale, &a->offset, &a->pertoken, &a->bias};
    for (int i = 0; i < 7; i++) {
        if (!bind_t[i])
            continue;
        if (in->ws_plus1[i] > 0)
            st = aclemu_exec_bind_workspace(ex, a, &bind_o[i]->addr, (uint64_t)(in->ws_plus1[i] - 1));
        else
            st = aclemu_exec_bind_tensor(ex, a, &bind_o[i]->addr, in->addr_of[i] ? in->addr_of[i] : bind_t[i]);
        if (st)
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus qmm_plan_v5(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale,
                        const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset,
                        const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias, bool transposeX1,
                        bool transposeX2, int64_t groupSize, const aclTensor *out, bool nz_only)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, x2Scale, "x2Scale")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    int grouped = 0; /* A2 / A3: A8W4 (K-C / K-G) and G-B per-block (quant_batch_matmul_v3/qmm_group_plan.c) */
    st = qmm_group_plan(ex, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                        transposeX2, groupSize, out, nz_only, &grouped);
    if (grouped || st)
        return st;
    if (qmm_v5_f8_applies(x1, x2)) /* 950: FLOAT8 / HIFLOAT8 operands (qmm_v5_f8.c) */
        return qmm_v5_f8_plan(ex, x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, transposeX1,
                              transposeX2, groupSize, out, nz_only);
    if (yScale || x1Offset || yOffset)
        return ACLEMU_PARAM_ERROR(api, "the yScale / x1Offset / yOffset routes (A8W4, MX quantisation) are not "
                                       "implemented.");
    if (groupSize != 0)
        return ACLEMU_PARAM_ERROR(api, "groupSize %lld (per-group quantisation) is not implemented; pass 0.",
                                  (long long)groupSize);
    qmm_inputs in = {x1, x2, x2Scale, x2Offset, x1Scale, bias, out, transposeX1, transposeX2, nz_only};
    return qmm_plan(ex, &in);
}
