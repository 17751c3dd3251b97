/* aclnnWeightQuantPreprocess (ops-math conversion/weight_quant_preprocess, op_api
 * aclnn_weight_quant_preprocess.cpp + weight_quant_preprocess_registry.cpp; Ascend950 only, its
 * one registered architecture: 361001 elsewhere, before the null checks as there). Order: the chip,
 * nulls of weight / weightScale / outWeight / outWeightScale, the data flow (weight FLOAT4_E2M1,
 * scale FLOAT8_E8M0, xDtype FLOAT8_E4M3FN, xScaleDtype FLOAT8_E8M0; 2-D weight MM_MX_A8W4, 3-D
 * GMM_MX_A8W4, otherwise "dataflow is UNKNOWN"), then the flow's checks in the registry's order.
 * Processes: the (..., K, N) weight view over its transposed (..., N, K) storage goes through
 * TransData ND -> FRACTAL_NZ_C0_32 of that (N, K) matrix: outWeight storage
 * [..., ceil(K/32), ceil(N/16), 16, 32], element (k1, n1, n0, k0) = weight[k1*32 + k0][n1*16 + n0],
 * zero padding (one CubeNz PACK launch, FP4 moved as bytes of two K neighbours); weightScale ->
 * outWeightScale and bias -> outBias by ViewCopy (the scale as bytes). */
#include "aclemu_plans.h"
#include "cube.h"

#define WQP_CHIPS ACLEMU_CHIP(ACLEMU_FAMILY_950)

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

static int same_shape(const int64_t *a, uint32_t na, const int64_t *b, uint32_t nb)
{
    if (na != nb)
        return 0;
    for (uint32_t i = 0; i < na; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static const char *shp(const int64_t *s, uint32_t n, char *buf, size_t len) { return aclemu_shape_str(s, n, buf, len); }

static int fmt_nd_ncl(aclFormat f, int nchw) { return f == ACL_FORMAT_ND || f == ACL_FORMAT_NCL || (nchw && f == ACL_FORMAT_NCHW); }

aclnnStatus aclemu_plan_WeightQuantPreprocess(aclOpExecutor *executor, const aclTensor *weight,
                                              const aclTensor *weightScale, const aclTensor *weightOffsetOptional,
                                              const aclTensor *biasOptional, const aclDataType xDtype,
                                              const aclDataType xScaleDtype, const int64_t kGroupSize,
                                              aclTensor *outWeight, aclTensor *outWeightScale,
                                              aclTensor *outWeightOffsetOptional, aclTensor *outBiasOptional)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    char b1[160], b2[160];
    if ((st = aclemu_check_chip(api, WQP_CHIPS)))
        return st;
    if (!weight)
        return ACLEMU_NULL_ERROR(api, "Weight must not be nullptr.");
    if (!weightScale)
        return ACLEMU_NULL_ERROR(api, "WeightScale must not be nullptr.");
    if (!outWeight)
        return ACLEMU_NULL_ERROR(api, "outWeight must not be nullptr.");
    if (!outWeightScale)
        return ACLEMU_NULL_ERROR(api, "outWeightScale must not be nullptr.");
    /* the data flow */
    const char *flow = NULL;
    int gmm = 0;
    if (weight->dtype == ACL_FLOAT4_E2M1 && weightScale->dtype == ACL_FLOAT8_E8M0 && xDtype == ACL_FLOAT8_E4M3FN &&
        xScaleDtype == ACL_FLOAT8_E8M0 && (weight->ndim == 2 || weight->ndim == 3)) {
        gmm = weight->ndim == 3;
        flow = gmm ? "GMM_MX_A8W4" : "MM_MX_A8W4";
    }
    if (!flow)
        return ACLEMU_PARAM_ERROR(api, "[NpuArch=3510] dataflow is UNKNOWN.");
    const uint32_t wd = weight->ndim;
    const int64_t K = weight->shape[wd - 2], N = weight->shape[wd - 1], G = gmm ? weight->shape[0] : 1;
    /* weight */
    if (aclemu_tensor_numel(weight) == 0)
        return ACLEMU_PARAM_ERROR(api, "weight must not be empty tensor when dataFlow is %s.", flow);
    if (!fmt_nd_ncl(weight->format, 0))
        return ACLEMU_PARAM_ERROR(api, "weight format %s should be ND or NCL.", aclemu_format_name(weight->format));
    if (!(weight->stride[wd - 2] == 1 && weight->stride[wd - 1] == K))
        return ACLEMU_PARAM_ERROR(api, "weight strides %s should have the last two dims stride [1, %lld].",
                                  shp(weight->stride, wd, b1, sizeof b1), (long long)K);
    /* weightScale */
    const uint32_t sd = weightScale->ndim;
    if (aclemu_tensor_numel(weightScale) == 0)
        return ACLEMU_PARAM_ERROR(api, "weightScale must not be empty tensor when dataFlow is %s.", flow);
    if (!fmt_nd_ncl(weightScale->format, 1))
        return ACLEMU_PARAM_ERROR(api, "weightScale format %s should be ND or NCL or NCHW.",
                                  aclemu_format_name(weightScale->format));
    if (sd != (gmm ? 4u : 3u))
        return ACLEMU_PARAM_ERROR(api, "weightScale dim %u should be %u.", sd, gmm ? 4u : 3u);
    if (!(weightScale->shape[sd - 3] == ceil_div(K, 64) && weightScale->shape[sd - 2] == N && weightScale->shape[sd - 1] == 2))
        return ACLEMU_PARAM_ERROR(api, "weightScale, weight shapes %s, %s: weightScale last three dims must be "
                                       "{ceildiv(K,64), N, 2} when dataFlow is %s.",
                                  shp(weightScale->shape, sd, b1, sizeof b1), shp(weight->shape, wd, b2, sizeof b2), flow);
    {
        uint32_t t = gmm ? 1 : 0;
        if (weightScale->stride[t + 1] != weightScale->stride[t] * weightScale->shape[t])
            return ACLEMU_PARAM_ERROR(api, "weightScale strides %s should be transposed at dims %u and %u.",
                                      shp(weightScale->stride, sd, b1, sizeof b1), t, t + 1);
    }
    /* offsets, bias, kGroupSize */
    if (weightOffsetOptional)
        return ACLEMU_PARAM_ERROR(api, "[NpuArch=3510, DataFlow=%s] weightOffsetOptional must be nullptr.", flow);
    if (outWeightOffsetOptional)
        return ACLEMU_PARAM_ERROR(api, "[NpuArch=3510, DataFlow=%s] outWeightOffsetOptional must be nullptr.", flow);
    const aclTensor *bias = biasOptional;
    if (bias) {
        if (aclemu_tensor_numel(bias) == 0)
            return ACLEMU_PARAM_ERROR(api, "biasOptional must not be empty tensor when dataFlow is %s.", flow);
        if (bias->format != ACL_FORMAT_ND)
            return ACLEMU_PARAM_ERROR(api, "biasOptional format %s should be ND.", aclemu_format_name(bias->format));
        if ((st = aclemu_check_dtype(api, bias, "biasOptional", ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))))
            return st;
        if (gmm) {
            if (bias->ndim != 2)
                return ACLEMU_PARAM_ERROR(api, "biasOptional dim %u should be 2.", bias->ndim);
            if (bias->shape[0] != G || bias->shape[1] != N)
                return ACLEMU_PARAM_ERROR(api, "biasOptional shape %s should be (%lld, %lld).",
                                          shp(bias->shape, 2, b1, sizeof b1), (long long)G, (long long)N);
        } else {
            if (bias->ndim != 1 && bias->ndim != 2)
                return ACLEMU_PARAM_ERROR(api, "biasOptional dim %u should be 1 or 2.", bias->ndim);
            int ok = bias->ndim == 1 ? bias->shape[0] == N : bias->shape[0] == 1 && bias->shape[1] == N;
            if (!ok)
                return ACLEMU_PARAM_ERROR(api, "biasOptional shape %s should be (%lld) or (1, %lld).",
                                          shp(bias->shape, bias->ndim, b1, sizeof b1), (long long)N, (long long)N);
        }
        if (!aclemu_tensor_is_contiguous(bias))
            return ACLEMU_PARAM_ERROR(api, "biasOptional strides %s should be contiguous.",
                                      shp(bias->stride, bias->ndim, b1, sizeof b1));
    }
    if (kGroupSize != 32)
        return ACLEMU_PARAM_ERROR(api, "kGroupSize %lld should be 32.", (long long)kGroupSize);
    /* outWeight */
    if (aclemu_tensor_numel(outWeight) == 0)
        return ACLEMU_PARAM_ERROR(api, "outWeight must not be empty tensor when dataFlow is %s.", flow);
    if (outWeight->dtype != weight->dtype)
        return ACLEMU_PARAM_ERROR(api, "outWeight and weight must have the same dtype when dataFlow is %s.", flow);
    if (!same_shape(outWeight->shape, outWeight->ndim, weight->shape, wd))
        return ACLEMU_PARAM_ERROR(api, "outWeight and weight must have the same viewShape when dataFlow is %s.", flow);
    const uint32_t od = outWeight->storage_ndim;
    if (od != wd + 2)
        return ACLEMU_PARAM_ERROR(api, "outWeight storage dim %u should be %u.", od, wd + 2);
    if (outWeight->format != ACL_FORMAT_FRACTAL_NZ_C0_32)
        return ACLEMU_PARAM_ERROR(api, "outWeight format %s should be FRACTAL_NZ_C0_32.",
                                  aclemu_format_name(outWeight->format));
    const int64_t *os = outWeight->storage_shape;
    const int64_t K1 = ceil_div(K, 32), N1 = ceil_div(N, 16);
    if (!(os[od - 4] == K1 && os[od - 3] == N1 && os[od - 2] == 16 && os[od - 1] == 32))
        return ACLEMU_PARAM_ERROR(api, "outWeight, weight shapes %s, %s: outWeight storage shape last four dims must be "
                                       "{ceildiv(K, nzC0), ceildiv(N, 16), 16, nzC0} when dataFlow is %s.",
                                  shp(os, od, b1, sizeof b1), shp(weight->shape, wd, b2, sizeof b2), flow);
    /* outWeightScale */
    if (aclemu_tensor_numel(outWeightScale) == 0)
        return ACLEMU_PARAM_ERROR(api, "outWeightScale must not be empty tensor when dataFlow is %s.", flow);
    if (!fmt_nd_ncl(outWeightScale->format, 1))
        return ACLEMU_PARAM_ERROR(api, "outWeightScale format %s should be ND or NCL or NCHW.",
                                  aclemu_format_name(outWeightScale->format));
    if (outWeightScale->dtype != weightScale->dtype)
        return ACLEMU_PARAM_ERROR(api, "outWeightScale and weightScale must have the same dtype when dataFlow is %s.", flow);
    if (!same_shape(outWeightScale->shape, outWeightScale->ndim, weightScale->shape, sd))
        return ACLEMU_PARAM_ERROR(api, "outWeightScale and weightScale must have the same viewShape when dataFlow is %s.",
                                  flow);
    if (!same_shape(outWeightScale->storage_shape, outWeightScale->storage_ndim, weightScale->storage_shape,
                    weightScale->storage_ndim))
        return ACLEMU_PARAM_ERROR(api, "outWeightScale and weightScale must have the same storageShape when dataFlow is %s.",
                                  flow);
    /* outBias */
    if (bias) {
        const aclTensor *ob = outBiasOptional;
        if (!ob)
            return ACLEMU_NULL_ERROR(api, "[NpuArch=3510, DataFlow=%s] outBiasOptional must not be nullptr when "
                                          "biasOptional is not nullptr.", flow);
        if (aclemu_tensor_numel(ob) == 0)
            return ACLEMU_PARAM_ERROR(api, "outBiasOptional must not be empty tensor when dataFlow is %s.", flow);
        if (ob->format != ACL_FORMAT_ND)
            return ACLEMU_PARAM_ERROR(api, "outBiasOptional format %s should be ND.", aclemu_format_name(ob->format));
        if (!aclemu_tensor_is_contiguous(ob))
            return ACLEMU_PARAM_ERROR(api, "outBiasOptional strides %s should be contiguous.",
                                      shp(ob->stride, ob->ndim, b1, sizeof b1));
        if (ob->dtype != bias->dtype)
            return ACLEMU_PARAM_ERROR(api, "outBiasOptional and biasOptional must have the same dtype when dataFlow is %s.",
                                      flow);
        if (!same_shape(ob->shape, ob->ndim, bias->shape, bias->ndim))
            return ACLEMU_PARAM_ERROR(api, "outBiasOptional and biasOptional must have the same viewShape when dataFlow "
                                           "is %s.", flow);
        if (!same_shape(ob->storage_shape, ob->storage_ndim, bias->storage_shape, bias->storage_ndim))
            return ACLEMU_PARAM_ERROR(api, "outBiasOptional and biasOptional must have the same storageShape when "
                                           "dataFlow is %s.", flow);
    }
    /* the NZ storage must hold G panels: the real ViewCopy refuses other leading dims */
    int64_t lead = 1;
    for (uint32_t i = 0; i + 4 < od; i++)
        lead *= os[i];
    if (lead != G)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "ViewCopy failed: outWeight storage %s holds %lld groups, weight has %lld.",
                               shp(os, od, b1, sizeof b1), (long long)lead, (long long)G);
    /* FP4 moves as bytes of two K neighbours (K is the contiguous dim of the storage) */
    int64_t sb = gmm ? weight->stride[0] : K * N;
    if (K % 2 || sb % 2 || weight->offset % 2 || outWeight->offset % 2)
        return ACLEMU_PARAM_ERROR(api, "weight with an odd K (%lld), group stride or offset is not supported.",
                                  (long long)K);
    /* ProcessWeightTransNd2Nz: the (N, K) storage matrix packed: rows N (16), columns K (c0 32) */
    {
        const int64_t cols = K / 2, c0 = 16, panels = G * K1;
        uint32_t maxb = cube_max_blocks(), nb = panels < (int64_t)maxb ? (uint32_t)panels : maxb;
        cube_nz_args *a = (cube_nz_args *)aclemu_exec_add_launch(executor, "CubeNz", nb, sizeof(cube_nz_args));
        if (!a)
            return ACLNN_ERR_INNER;
        a->mode = CUBE_NZ_PACK;
        a->esize = 1;
        a->batch = G;
        a->K = N;    /* rows of the packed matrix */
        a->N = cols; /* its columns, in bytes */
        a->K1 = N1;
        a->N1 = K1;
        a->N0 = c0;
        a->sb = sb / 2;
        a->sk = K / 2;
        a->sn = 1;
        a->src_off = weight->offset / 2;
        a->dst_off = outWeight->offset / 2;
        a->per_block = (panels + nb - 1) / nb;
        if ((st = aclemu_exec_bind_tensor(executor, a, &a->src, weight)) ||
            (st = aclemu_exec_bind_tensor(executor, a, &a->dst, outWeight)))
            return st;
    }
    /* ProcessWeightScaleDirectCopy / ProcessBiasDirectCopy: ViewCopy (same dtypes: bytes) */
    const aclTensor *in[1] = {weightScale};
    aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), outWeightScale, in, 1, &st);
    if (st)
        return st;
    if (bias) {
        in[0] = bias;
        aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), outBiasOptional, in, 1, &st);
    }
    return st;
}
