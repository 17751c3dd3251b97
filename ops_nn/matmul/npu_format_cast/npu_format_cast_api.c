/* aclnnNpuFormatCastCalculateSizeAndFormat and aclnnNpuFormatCast (ops-math conversion/
 * npu_format_cast): ND (or NCL) <-> FRACTAL_NZ weights in a separate destination tensor.
 * A (..., K, N) view becomes NZ storage [..., N1, K1, 16, c0] (K1 = ceil(K/16), N1 = ceil(N/c0)),
 * zero padded — the layout weight_nz.h reads. c0 is 32 bytes of additionalDtype on A2/A3; on 950
 * 32 bytes of the source dtype (64 for FP4) when additionalDtype is the source's, else 16
 * (FRACTAL_NZ_C0_16, 2-byte activations) or 32 (FRACTAL_NZ_C0_32, INT8/FP8 activations).
 * Stage 2 is one CubeNz launch: PACK (ND -> NZ) or UNPACK (NZ -> ND). Only the ND <-> NZ family
 * is implemented; the convolution layouts (NC1HWC0, FRACTAL_Z, ...) report "unsupported". */
#include <stdlib.h>
#include <string.h>

#include "aclemu_plans.h" /* generated: the planner and the size function's prototype */
#include "cube.h"

#define NFC_BLOCK 32 /* bytes of one c0 row */
#define NFC_K0 16

static int nfc_is_950(void) { return aclemu_op_profile()->family == ACLEMU_FAMILY_950; }

static int nfc_chip_ok(void)
{
    aclemu_family f = aclemu_op_profile()->family;
    return f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950;
}

static int nfc_is_fp4(int dt) { return dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2; }

/* Bits of an element (FP4: 4). */
static int64_t nfc_bits(int dt) { return nfc_is_fp4(dt) ? 4 : (int64_t)aclemu_dtype_size((aclDataType)dt) * 8; }

static int nfc_is_nz(int f)
{
    return f == ACL_FORMAT_FRACTAL_NZ || f == ACL_FORMAT_FRACTAL_NZ_C0_2 || f == ACL_FORMAT_FRACTAL_NZ_C0_4 ||
           f == ACL_FORMAT_FRACTAL_NZ_C0_16 || f == ACL_FORMAT_FRACTAL_NZ_C0_32;
}

/* The dtypes of the size function and of both tensors (the 950 list drops UINT32). */
static aclemu_dtype_set nfc_dtypes(void)
{
    aclemu_dtype_set s = ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) |
                         ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |
                         ACLEMU_DT(ACL_FLOAT4_E2M1) | ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT4_E1M2);
    return nfc_is_950() ? s : s | ACLEMU_DT(ACL_UINT32);
}

/* 910B/A3 convert only the integer and float types of the classic TransData. */
static aclemu_dtype_set nfc_dtypes_a2(void)
{
    return ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) |
           ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT32);
}

static int nfc_has_zero(const aclTensor *t)
{
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] == 0)
            return 1;
    return 0;
}

/* 950 checks of an ND -> NZ size request (the weight of a (quant) matmul). */
static aclnnStatus nfc_check_950_nd(const char *api, const aclTensor *src, int add)
{
    char s[128];
    if (nfc_has_zero(src))
        return ACLEMU_PARAM_ERROR(api, "srcTensor %s must not be empty tensor, each dimension must not be 0.",
                                  aclemu_shape_str(src->shape, src->ndim, s, sizeof s));
    int dt = src->dtype;
    if (add != dt) {
        if (add != ACL_FLOAT16 && add != ACL_BF16 && add != ACL_INT8 && add != ACL_FLOAT8_E4M3FN)
            return ACLEMU_PARAM_ERROR(api, "additionalDtype %d is not supported for a srcTensor of %s.", add,
                                      aclemu_dtype_name(src->dtype));
        if (src->ndim != 2 && src->ndim != 3)
            return ACLEMU_PARAM_ERROR(api, "srcTensor dim num %u should be 2 or 3.", src->ndim);
        return ACLNN_SUCCESS;
    }
    if (src->ndim < 2 || src->ndim > 6)
        return ACLEMU_PARAM_ERROR(api, "srcTensor dim num %u should be in [2, 6].", src->ndim);
    if ((dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16) && src->shape[src->ndim - 2] == 1)
        return ACLEMU_PARAM_ERROR(api, "srcTensor %s: k (the second last dim) must not be 1.",
                                  aclemu_shape_str(src->shape, src->ndim, s, sizeof s));
    return ACLNN_SUCCESS;
}

/* c0 of an NZ storage format for a dtype (0: format not NZ). */
static int64_t nfc_format_c0(int fmt, int dt)
{
    switch (fmt) {
    case ACL_FORMAT_FRACTAL_NZ: return nfc_is_fp4(dt) ? 64 : NFC_BLOCK * 8 / nfc_bits(dt);
    case ACL_FORMAT_FRACTAL_NZ_C0_2: return 2;
    case ACL_FORMAT_FRACTAL_NZ_C0_4: return 4;
    case ACL_FORMAT_FRACTAL_NZ_C0_16: return 16;
    case ACL_FORMAT_FRACTAL_NZ_C0_32: return 32;
    default: return 0;
    }
}

/* An NZ storage shape: rank 4-8, no zero axis, innermost 16 x c0 of its format. */
static aclnnStatus nfc_check_nz_storage(const char *api, const aclTensor *t, const char *name)
{
    char s[160];
    uint32_t n = t->storage_ndim;
    if (n < 4 || n > 8)
        return ACLEMU_PARAM_ERROR(api, "%s storage dim num %u should be in [4, 8].", name, n);
    for (uint32_t i = 0; i < n; i++)
        if (t->storage_shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "%s storage shape %s must not have zero dims.", name,
                                      aclemu_shape_str(t->storage_shape, n, s, sizeof s));
    int64_t c0 = nfc_format_c0(t->format, t->dtype);
    if (t->storage_shape[n - 1] != c0)
        return ACLEMU_PARAM_ERROR(api, "c0 is %lld, expected %lld for %s.", (long long)t->storage_shape[n - 1],
                                  (long long)c0, aclemu_format_name(t->format));
    if (t->storage_shape[n - 2] != NFC_K0)
        return ACLEMU_PARAM_ERROR(api, "%s storage shape %s: the second last dim must be 16.", name,
                                  aclemu_shape_str(t->storage_shape, n, s, sizeof s));
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclnnNpuFormatCastCalculateSizeAndFormat(const aclTensor *srcTensor, const int dstFormat,
                                                               int additionalDtype, int64_t **dstShape,
                                                               uint64_t *dstShapeSize, int *actualFormat)
{
    const char *api = "aclnnNpuFormatCastCalculateSizeAndFormat";
    /* the real function folds every failure of its first checks (chip, null, dtype) into 161002 */
    if (!nfc_chip_ok())
        return ACLEMU_PARAM_ERROR(api, "Only support Ascend950/ASCEND910_93/ASCEND910B, not %s.",
                                  aclemu_op_profile()->short_soc_version);
    if (!srcTensor)
        return ACLEMU_PARAM_ERROR(api, "srcTensor is nullptr.");
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, srcTensor, "srcTensor", nfc_dtypes())))
        return st;
    if (!dstShape || !dstShapeSize || !actualFormat)
        return ACLEMU_NULL_ERROR(api, "dstShape, dstShapeSize and actualFormat must not be null.");
    const int src_dt = srcTensor->dtype, src_fmt = srcTensor->format;
    if (additionalDtype == -1)
        additionalDtype = src_dt;
    int to_nz_fmt = src_fmt == ACL_FORMAT_ND || src_fmt == ACL_FORMAT_NCL ||
                    (additionalDtype == src_dt && (src_fmt == ACL_FORMAT_NCHW || src_fmt == ACL_FORMAT_NCDHW));
    if (dstFormat == ACL_FORMAT_FRACTAL_NZ && to_nz_fmt) {
        int64_t c0;
        int fmt = ACL_FORMAT_FRACTAL_NZ;
        if (nfc_is_950()) {
            if ((st = nfc_check_950_nd(api, srcTensor, additionalDtype)))
                return ACLNN_ERR_PARAM_INVALID;
            if (additionalDtype == src_dt) {
                c0 = nfc_is_fp4(src_dt) ? 64 : NFC_BLOCK * 8 / nfc_bits(src_dt);
            } else if (additionalDtype == ACL_INT8 || additionalDtype == ACL_FLOAT8_E4M3FN) {
                c0 = 32;
                fmt = ACL_FORMAT_FRACTAL_NZ_C0_32;
            } else {
                c0 = 16;
                fmt = ACL_FORMAT_FRACTAL_NZ_C0_16;
            }
        } else {
            if (nfc_has_zero(srcTensor))
                return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                                       "aclnn empty tensor is not supported, fallback aclop.");
            int64_t bits = additionalDtype >= 0 && additionalDtype < 64 ? nfc_bits(additionalDtype) : 0;
            if (bits < 8)
                return ACLEMU_PARAM_ERROR(api, "additionalDtype %d is not supported.", additionalDtype);
            c0 = NFC_BLOCK * 8 / bits;
        }
        if (srcTensor->ndim < 2)
            return ACLEMU_PARAM_ERROR(api, "srcTensor dim num %u should be at least 2.", srcTensor->ndim);
        uint32_t nd = srcTensor->ndim, n = nd + 2;
        int64_t *out = (int64_t *)malloc(sizeof(int64_t) * n);
        if (!out)
            return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "out of memory");
        for (uint32_t i = 0; i + 2 < nd; i++)
            out[i] = srcTensor->shape[i];
        out[n - 4] = (srcTensor->shape[nd - 1] + c0 - 1) / c0;
        out[n - 3] = (srcTensor->shape[nd - 2] + NFC_K0 - 1) / NFC_K0;
        out[n - 2] = NFC_K0;
        out[n - 1] = c0;
        *dstShape = out;
        *dstShapeSize = n;
        *actualFormat = fmt;
        return ACLNN_SUCCESS;
    }
    if (nfc_is_nz(src_fmt) && dstFormat == ACL_FORMAT_ND) {
        if (!nfc_is_950()) {
            if (src_fmt != ACL_FORMAT_FRACTAL_NZ)
                return ACLEMU_PARAM_ERROR(api, "srcTensor format %s should be FORMAT_FRACTAL_NZ.",
                                          aclemu_format_name(src_fmt));
        } else if (nfc_check_nz_storage(api, srcTensor, "srcTensor")) {
            return ACLEMU_PARAM_ERROR(api, "The shape of input Nz tensor is invalid.");
        }
        int64_t *out = (int64_t *)malloc(sizeof(int64_t) * (srcTensor->ndim ? srcTensor->ndim : 1));
        if (!out)
            return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "out of memory");
        memcpy(out, srcTensor->shape, sizeof(int64_t) * srcTensor->ndim);
        *dstShape = out;
        *dstShapeSize = srcTensor->ndim;
        *actualFormat = ACL_FORMAT_ND;
        return ACLNN_SUCCESS;
    }
    return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api,
                           "unsupported format transformation from %s to %d.", aclemu_format_name(src_fmt), dstFormat);
}

/* (K, N) of an ND side and the NZ side's storage agree: rank + 2, n1 == ceil(N/c0), k1 == ceil(K/16). */
static aclnnStatus nfc_match(const char *api, const aclTensor *nd, const aclTensor *nz, int64_t c0)
{
    char s1[160], s2[160];
    uint32_t r = nd->ndim, n = nz->storage_ndim;
    int ok = r >= 2 && r + 2 == n && nz->storage_shape[n - 4] == (nd->shape[r - 1] + c0 - 1) / c0 &&
             nz->storage_shape[n - 3] == (nd->shape[r - 2] + NFC_K0 - 1) / NFC_K0;
    for (uint32_t i = 0; ok && i + 2 < r; i++)
        ok = nz->storage_shape[i] == nd->shape[i];
    if (!ok)
        return ACLEMU_PARAM_ERROR(api, "The shape of ND %s does not match the NZ storage shape %s.",
                                  aclemu_shape_str(nd->shape, r, s1, sizeof s1),
                                  aclemu_shape_str(nz->storage_shape, n, s2, sizeof s2));
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_NpuFormatCast(aclOpExecutor *ex, const aclTensor *src, aclTensor *dst)
{
    const char *api = aclemu_exec_api(ex);
    if (!src || !dst)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api, "%s is nullptr.",
                               src ? "dstTensor" : "srcTensor");
    /* the real checks end in one "Failed to check ..." 161002, the chip check included */
    if (!nfc_chip_ok())
        return ACLEMU_PARAM_ERROR(api, "Only support Ascend950/ASCEND910_93/ASCEND910B, not %s.",
                                  aclemu_op_profile()->short_soc_version);
    if (!aclemu_tensor_is_contiguous(src) || !aclemu_tensor_is_contiguous(dst))
        return ACLEMU_PARAM_ERROR(api, "%s is non-contiguous: only contiguous tensors are supported.",
                                  aclemu_tensor_is_contiguous(src) ? "dstTensor" : "srcTensor");
    aclnnStatus st;
    aclemu_dtype_set dts = nfc_is_950() ? nfc_dtypes() : nfc_dtypes_a2();
    if ((st = aclemu_check_dtype(api, src, "srcTensor", dts)) || (st = aclemu_check_dtype(api, dst, "dstTensor", dts)))
        return st;
    if (src->dtype != dst->dtype)
        return ACLEMU_PARAM_ERROR(api, "srcTensor dtype %s and dstTensor dtype %s must be the same.",
                                  aclemu_dtype_name(src->dtype), aclemu_dtype_name(dst->dtype));
    int to_nz = (src->format == ACL_FORMAT_ND || src->format == ACL_FORMAT_NCL) && nfc_is_nz(dst->format);
    int to_nd = nfc_is_nz(src->format) && (dst->format == ACL_FORMAT_ND || dst->format == ACL_FORMAT_NCL);
    if (!to_nz && !to_nd)
        return ACLEMU_PARAM_ERROR(api, "Unsupported format transformation from [%s] to [%s].",
                                  aclemu_format_name(src->format), aclemu_format_name(dst->format));
    if (!nfc_is_950() && (src->format != ACL_FORMAT_FRACTAL_NZ && dst->format != ACL_FORMAT_FRACTAL_NZ))
        return ACLEMU_PARAM_ERROR(api, "Only FRACTAL_NZ is supported on %s.", aclemu_op_profile()->short_soc_version);
    const aclTensor *nd = to_nz ? src : dst, *nz = to_nz ? dst : src;
    if (nfc_has_zero(nd))
        return ACLEMU_PARAM_ERROR(api, "empty tensors are not supported.");
    if (nz->storage_ndim < 4)
        return ACLEMU_PARAM_ERROR(api, "the NZ tensor needs a storage shape of rank 4-8, got %u.", nz->storage_ndim);
    int64_t c0 = nz->storage_shape[nz->storage_ndim - 1];
    if (nfc_is_950() && (st = nfc_check_nz_storage(api, nz, to_nz ? "dstTensor" : "srcTensor")))
        return st;
    if (nz->storage_shape[nz->storage_ndim - 2] != NFC_K0 || c0 <= 0)
        return ACLEMU_PARAM_ERROR(api, "the NZ storage shape must end in [16, c0].");
    if ((st = nfc_match(api, nd, nz, c0)))
        return st;
    const uint32_t r = nd->ndim;
    int64_t K = nd->shape[r - 2], N = nd->shape[r - 1], es = (int64_t)aclemu_dtype_size(nd->dtype), batch = 1;
    int64_t eoff_src = src->offset, eoff_dst = dst->offset;
    if (nfc_is_fp4(nd->dtype)) {
        /* two FP4 per byte: an even N and c0 move as bytes (N/2, c0/2) */
        if (N % 2 || c0 % 2 || eoff_src % 2 || eoff_dst % 2)
            return ACLEMU_PARAM_ERROR(api, "FP4 conversion with an odd last dim (%lld) is not supported.", (long long)N);
        N /= 2;
        c0 /= 2;
        es = 1;
        eoff_src /= 2;
        eoff_dst /= 2;
    }
    for (uint32_t i = 0; i + 2 < r; i++)
        batch *= nd->shape[i];
    const int64_t K1 = (K + NFC_K0 - 1) / NFC_K0, N1 = (N + c0 - 1) / c0, panels = batch * N1;
    uint32_t maxb = cube_max_blocks(), nb = panels < (int64_t)maxb ? (uint32_t)panels : maxb;
    cube_nz_args *a = (cube_nz_args *)aclemu_exec_add_launch(ex, "CubeNz", nb, sizeof(cube_nz_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->mode = to_nz ? CUBE_NZ_PACK : CUBE_NZ_UNPACK;
    a->esize = (int32_t)es;
    a->batch = batch;
    a->K = K;
    a->N = N;
    a->K1 = K1;
    a->N1 = N1;
    a->N0 = c0;
    a->sb = K * N;
    a->sk = N;
    a->sn = 1;
    a->src_off = eoff_src * es;
    a->dst_off = eoff_dst * es;
    a->per_block = (panels + nb - 1) / nb;
    if ((st = aclemu_exec_bind_tensor(ex, a, &a->src, src)) || (st = aclemu_exec_bind_tensor(ex, a, &a->dst, dst)))
        return st;
    return ACLNN_SUCCESS;
}
