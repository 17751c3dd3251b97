/* aclnnConvertWeightToINT4Pack (ops-nn matmul/convert_weight_to_int4_pack): an INT32 weight with
 * one INT4 value per element -> INT4 (same shape) or INT32 (last dim / 8) packed weight, ND or
 * FRACTAL_NZ (2-D: storage [ceil(n / 64), ceil(k / 16), 16, 64] INT4 or [.., .., 16, 8] INT32).
 * Checks in the real order: nulls; both contiguous; dtypes (weight INT32 / FLOAT, pack INT4 /
 * INT32 / FLOAT4_E2M1 / FLOAT, combinations); formats (weight ND, pack ND / NZ); dims 2-3;
 * shapes (even / multiple-of-8 last dim, matching sizes, the NZ storage shape; on the 950 C0 is
 * 16 INT4 (32 when the INT4 storage's last dim is 32) and the INT32 storage's last dim 2). FLOAT
 * sources become FLOAT4_E2M1 codes by the real bit-pattern table. 3-D NZ is refused as not
 * implemented. The real op packs on the host
 * during stage 1; here stage 2 runs the Int4Pack kernel. */
#include "aclemu_plans.h"
#include "int4_pack_args.h"

static int contiguous(const aclTensor *t)
{
    int64_t s = 1;
    for (int i = (int)t->ndim - 1; i >= 0; i--) {
        if (t->shape[i] != 1 && t->stride[i] != s)
            return 0;
        if (t->shape[i] < 0 || __builtin_mul_overflow(s, t->shape[i], &s))
            return 0;
    }
    return 1;
}

static int64_t ceil_div(int64_t v, int64_t d) { return (v + d - 1) / d; }

aclnnStatus aclemu_plan_ConvertWeightToINT4Pack(aclOpExecutor *executor, const aclTensor *weight,
                                                aclTensor *weightInt4Pack)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *p = weightInt4Pack;
    aclnnStatus st;
    char b[160];
    if ((st = aclemu_check_notnull(api, weight, "weight")) || (st = aclemu_check_notnull(api, p, "weightInt4Pack")))
        return st;
    if (!contiguous(weight) || !contiguous(p))
        return ACLEMU_PARAM_ERROR(api, "the input weight and weightInt4Pack only support contiguous Tensor");
    if ((st = aclemu_check_dtype(api, weight, "weight", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, p, "weightInt4Pack",
                                 ACLEMU_DT(ACL_INT4) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_FLOAT4_E2M1) |
                                     ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((weight->dtype == ACL_INT32 && p->dtype != ACL_INT32 && p->dtype != ACL_INT4) ||
        (weight->dtype == ACL_FLOAT && p->dtype != ACL_FLOAT && p->dtype != ACL_FLOAT4_E2M1))
        return ACLEMU_PARAM_ERROR(api, "Invalid dtype combination: weight dtype: %s, weightInt4Pack dtype: %s. Supported "
                                       "combination: weightInt4Pack dtype DT_INT32 or DT_INT4 with weight dtype DT_INT32. "
                                       "weightInt4Pack dtype DT_FLOAT or DT_FLOAT4_E2M1 with weight dtype DT_FLOAT",
                                  aclemu_dtype_name(weight->dtype), aclemu_dtype_name(p->dtype));
    if (weight->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "weight's format should be ND. Actual is [%s].", aclemu_format_name(weight->format));
    if (p->format != ACL_FORMAT_ND && p->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "weightInt4Pack's format should be ND/NZ. Actual is [%s].",
                                  aclemu_format_name(p->format));
    if (weight->ndim < 2 || weight->ndim > 3)
        return ACLEMU_PARAM_ERROR(api, "weight's dim should be in range [2, 3]. Actual is [%u].", weight->ndim);
    if (p->ndim < 2 || p->ndim > 3)
        return ACLEMU_PARAM_ERROR(api, "weightInt4Pack's dim should be in range [2, 3]. Actual is [%u].", p->ndim);
    const int64_t wf = weight->shape[weight->ndim - 2], wl = weight->shape[weight->ndim - 1];
    const int64_t pf = p->shape[p->ndim - 2], pl = p->shape[p->ndim - 1];
    const int pack4 = p->dtype == ACL_INT4 || p->dtype == ACL_FLOAT4_E2M1;
    if (pack4) {
        if (wl % 2)
            return ACLEMU_PARAM_ERROR(api, "when weightInt4Pack's datatype is int4 or fp4, the last dim of weight should "
                                           "be even, Actual is %lld", (long long)wl);
        if (wf != pf || wl != pl)
            return ACLEMU_PARAM_ERROR(api, "when weightInt4Pack's datatype is int4, weight's size should be the same as "
                                           "weightInt4Pack's size, but [%lld, %lld] does not equal [%lld, %lld]",
                                      (long long)wf, (long long)wl, (long long)pf, (long long)pl);
    } else {
        if (wl % 8)
            return ACLEMU_PARAM_ERROR(api, "when weightInt4Pack's datatype is int32 or fp32, the last dim of weight should "
                                           "be a multiple of 8, Actual is %lld", (long long)wl);
        if (wf != pf || wl / 8 != pl)
            return ACLEMU_PARAM_ERROR(api, "when weightInt4Pack's datatype is int32 or fp32, weight's size first dim "
                                           "should be the same as weightInt4Pack's size first dim, weight's size last dim "
                                           "should be the 8 multiple as weightInt4Pack's size last dim but got weight "
                                           "[%lld, %lld], and weightInt4Pack [%lld, %lld]",
                                      (long long)wf, (long long)wl, (long long)pf, (long long)pl);
    }
    const int is950 = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    int64_t k1 = ceil_div(pf, 16), n1 = 0, c0 = 32;
    if (p->format == ACL_FORMAT_FRACTAL_NZ) {
        if (p->storage_ndim != 4 && p->storage_ndim != 5)
            return ACLEMU_PARAM_ERROR(api, "when weightInt4Pack's format is FORMAT_FRACTAL_NZ, weightInt4Pack's storage "
                                           "dim num should be [4] or [5], but actual is [%u]", p->storage_ndim);
        const int64_t *ss = p->storage_shape + p->storage_ndim - 4;
        /* the 950 takes the INT4 storage's own last dim (16: C0 16, 32: C0 32) and 2 INT32 */
        int64_t last = pack4 ? (is950 ? ss[3] : 64) : (is950 ? 2 : 8);
        n1 = last > 0 ? ceil_div(pl, last) : -1;
        if (ss[0] != n1 || ss[1] != k1 || ss[2] != 16 || ss[3] != last)
            return ACLEMU_PARAM_ERROR(api, "when weightInt4Pack's datatype is %s and format is FORMAT_FRACTAL_NZ, "
                                           "weightInt4Pack's storage shape should be [%lld,%lld,16,%lld], but actual is "
                                           "[%s]", pack4 ? "int4" : "int32", (long long)n1, (long long)k1,
                                      (long long)last, aclemu_shape_str(p->storage_shape, p->storage_ndim, b, sizeof b));
        c0 = is950 ? (ss[3] == 32 ? 16 : 8) : 32;
        /* what the C0 layout writes must fit the storage the shape describes */
        if (ceil_div(pl / (pack4 ? 2 : 1) * (pack4 ? 1 : 4), c0) * c0 > n1 * last * (pack4 ? 1 : 8) / 2)
            return ACLEMU_PARAM_ERROR(api, "weightInt4Pack's storage shape [%s] is too small for its C0 %lld layout.",
                                      aclemu_shape_str(p->storage_shape, p->storage_ndim, b, sizeof b),
                                      (long long)(c0 * 2));
        if (p->ndim != 2)
            return ACLEMU_PARAM_ERROR(api, "a 3-D (grouped) FRACTAL_NZ weightInt4Pack is not implemented.");
    }
    int64_t rows = 1;
    for (uint32_t i = 0; i + 1 < weight->ndim; i++)
        if (__builtin_mul_overflow(rows, weight->shape[i], &rows))
            return ACLEMU_PARAM_ERROR(api, "weight is too large.");
    if (rows > ((int64_t)1 << 40) || wl > ((int64_t)1 << 40) || rows * (wl / 2) > ((int64_t)1 << 50))
        return ACLEMU_PARAM_ERROR(api, "weight is too large.");
    int64_t bytes = rows * (wl / 2);
    if (bytes == 0)
        return ACLNN_SUCCESS;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    int64_t per = p->format == ACL_FORMAT_FRACTAL_NZ ? bytes : ceil_div(bytes, cores ? cores : 1);
    uint32_t blocks = (uint32_t)ceil_div(bytes, per);
    int4_pack_args *a = aclemu_exec_add_launch(executor, "Int4Pack", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_bind_tensor(executor, a, &a->src, weight)) || (st = aclemu_exec_bind_tensor(executor, a, &a->dst, p)))
        return st;
    a->src_off = weight->offset;
    a->dst_off = pack4 ? p->offset / 2 : p->offset * 4;
    a->rows = rows;
    a->n = wl;
    a->nz = p->format == ACL_FORMAT_FRACTAL_NZ;
    a->k1 = k1;
    a->c0 = c0;
    a->n1 = ceil_div(wl / 2, c0);
    a->fp4 = weight->dtype == ACL_FLOAT;
    a->per_block = per;
    return ACLNN_SUCCESS;
}
