/* aclnnCalculateMatmulWeightSize(V2) and aclnnTransMatmulWeight (ops-math trans_data): the NZ
 * weight a host program prepares once for the matmul APIs. A (..., K, N) weight becomes
 * [..., N1, K1, 16, N0] (N0 = 32 bytes / element: 16 for FLOAT16/BFLOAT16, 32 for INT8; K1 =
 * ceil(K/16), N1 = ceil(N/N0)), zero padded — the layout weight_nz.h reads in place.
 * Stage 2 packs the weight into the workspace (CubeNz PACK, blocks over column panels) and then
 * copies it over the weight's own memory (CubeNz COPY), since the conversion is in place. */
#include <string.h>

#include "aclemu_plans.h" /* generated: the planner and the two size functions' prototypes */
#include "cube.h"

#define TMW_MIN_DIMS 2
#define TMW_MAX_DIMS_INT8 6
#define TMW_MAX_DIMS_A2 3
#define TMW_BLOCK_K 16

static int is_a2_a3(void)
{
    aclemu_family f = aclemu_op_profile()->family;
    return f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3;
}

static int64_t align_up(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

/* Column block N0 of a dtype (32 bytes). */
static int64_t nz_n0(aclDataType dt) { return (dt == ACL_FLOAT16 || dt == ACL_BF16) ? 16 : 32; }

/* Elements after alignment of the last two dims (the real helper's formula) times `elem` bytes
 * into *out; -1 when a dim is negative or the count does not fit int64 (a user-given shape). */
static int nz_elements(const int64_t *dims, uint64_t n, aclDataType dt, int64_t elem, int64_t *out)
{
    int64_t size = elem;
    for (uint64_t i = 0; i < n; i++) {
        int64_t d = dims[i], a = i + 2 < n ? 1 : i + 2 == n ? TMW_BLOCK_K : nz_n0(dt);
        if (d < 0 || d > INT64_MAX - a || __builtin_mul_overflow(size, align_up(d, a), &size))
            return -1;
    }
    *out = size;
    return 0;
}

static aclnnStatus shape_too_large(const char *api, const char *name, const int64_t *dims, uint64_t n)
{
    char s[256];
    return ACLEMU_PARAM_ERROR(api, "%s %s is invalid: dims must not be negative and the aligned size must fit in "
                              "int64.", name, aclemu_shape_str(dims, (uint32_t)n, s, sizeof s));
}

/* A2/A3 take 2-3 dims for FLOAT16/BFLOAT16, the other chips 2. */
static aclnnStatus check_dims_v1(const char *api, uint64_t n)
{
    if (is_a2_a3()) {
        if (n < TMW_MIN_DIMS || n > TMW_MAX_DIMS_A2)
            return ACLEMU_PARAM_ERROR(api, "It is expected that tensorShape has 2-3 dimensions, but got dimensions %llu.",
                                      (unsigned long long)n);
    } else if (n != TMW_MIN_DIMS) {
        return ACLEMU_PARAM_ERROR(api, "It is expected that tensorShape has 2 dimensions, but got dimensions %llu.",
                                  (unsigned long long)n);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_dims_v2(const char *api, uint64_t n)
{
    if (n < TMW_MIN_DIMS || n > TMW_MAX_DIMS_INT8)
        return ACLEMU_PARAM_ERROR(api, "It is expected that tensorShape has 2-6 dimensions, but got dimensions %llu.",
                                  (unsigned long long)n);
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclnnCalculateMatmulWeightSizeV2(const aclIntArray *tensorShape, aclDataType dataType,
                                                       uint64_t *weightTensorSize)
{
    const char *api = "aclnnCalculateMatmulWeightSizeV2";
    aclemu_family f = aclemu_op_profile()->family;
    if (f != ACLEMU_FAMILY_310P && f != ACLEMU_FAMILY_A2 && f != ACLEMU_FAMILY_A3 && f != ACLEMU_FAMILY_950)
        return aclemu_op_error(ACLNN_ERR_RUNTIME_ERROR, ACLEMU_ERRCODE_INNER, api, "support for %s is not implemented",
                               aclemu_op_profile()->short_soc_version);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensorShape, "tensorShape")))
        return st;
    if (!weightTensorSize)
        return ACLEMU_NULL_ERROR(api, "expected a value of type number for argument weightTensorSize but instead found "
                                      "type null.");
    if ((st = check_dims_v2(api, tensorShape->size)))
        return st;
    for (uint64_t i = 0; i < tensorShape->size; i++)
        if (tensorShape->data[i] == 0)
            return ACLEMU_PARAM_ERROR(api, "No zeros are allow in shape");
    int64_t size;
    if (nz_elements(tensorShape->data, tensorShape->size, dataType, 1, &size) != 0)
        return shape_too_large(api, "tensorShape", tensorShape->data, tensorShape->size);
    *weightTensorSize = (uint64_t)size;
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclnnCalculateMatmulWeightSize(const aclIntArray *tensorShape, uint64_t *weightTensorSize)
{
    const char *api = "aclnnCalculateMatmulWeightSize";
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensorShape, "tensorShape")))
        return st;
    if (!weightTensorSize)
        return ACLEMU_NULL_ERROR(api, "expected a value of type number for argument weightTensorSize but instead found "
                                      "type null.");
    if ((st = check_dims_v1(api, tensorShape->size)))
        return st;
    int64_t size;
    if (nz_elements(tensorShape->data, tensorShape->size, ACL_FLOAT16, 1, &size) != 0)
        return shape_too_large(api, "tensorShape", tensorShape->data, tensorShape->size);
    *weightTensorSize = (uint64_t)size;
    return ACLNN_SUCCESS;
}

/* dtypes per chip: A2/A3/950 FLOAT16, BFLOAT16, INT8; 310P FLOAT16, INT8; others FLOAT16. */
static aclemu_dtype_set tmw_dtypes(void)
{
    switch (aclemu_op_profile()->family) {
    case ACLEMU_FAMILY_A2:
    case ACLEMU_FAMILY_A3:
    case ACLEMU_FAMILY_950: return ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT8);
    case ACLEMU_FAMILY_310P: return ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT8);
    default: return ACLEMU_DT(ACL_FLOAT16);
    }
}

aclnnStatus aclemu_plan_TransMatmulWeight(aclOpExecutor *ex, aclTensor *w)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, w, "mmWeightRef")) ||
        (st = aclemu_check_dtype(api, w, "mmWeightRef", tmw_dtypes())))
        return st;
    if (w->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "the format of input should be ND. Actual is [%s].",
                                  aclemu_format_name(w->format));
    if (w->ndim > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "mmWeightRef dim num %u should be no more than %d.", w->ndim, ACLEMU_MAX_RANK);
    if (aclemu_tensor_numel(w) == 0)
        return ACLNN_SUCCESS;
    if ((st = w->dtype == ACL_INT8 ? check_dims_v2(api, w->ndim) : check_dims_v1(api, w->ndim)))
        return st;
    if ((st = aclemu_check_shape(api, w, "mmWeightRef", ACLEMU_MAX_RANK)))
        return st;
    const uint32_t nd = w->ndim;
    const int64_t K = w->shape[nd - 2], N = w->shape[nd - 1], es = (int64_t)aclemu_dtype_size(w->dtype);
    const int64_t N0 = nz_n0(w->dtype), K1 = (K + TMW_BLOCK_K - 1) / TMW_BLOCK_K, N1 = (N + N0 - 1) / N0;
    int64_t batch = 1;
    for (uint32_t i = 0; i + 2 < nd; i++)
        batch *= w->shape[i];
    /* leading dims folded into one batch index: they must be mergeable (else the view is a
       gather the PACK step cannot walk with one stride) */
    int64_t sb = nd > 2 ? w->stride[nd - 3] : 0;
    for (uint32_t i = 0; i + 3 < nd; i++)
        if (w->shape[i] != 1 && w->stride[i] != w->shape[i + 1] * w->stride[i + 1])
            return ACLEMU_PARAM_ERROR(api, "mmWeightRef batch dims with strides that do not merge are not supported.");
    int64_t bytes;
    if (nz_elements(w->shape, nd, w->dtype, es, &bytes) != 0)
        return shape_too_large(api, "mmWeightRef", w->shape, nd);
    int64_t ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)bytes);
    uint32_t maxb = cube_max_blocks();

    /* 1. pack the ND view into the workspace */
    int64_t panels = batch * N1;
    uint32_t nb = panels < (int64_t)maxb ? (uint32_t)panels : maxb;
    cube_nz_args *a = (cube_nz_args *)aclemu_exec_add_launch(ex, "CubeNz", nb, sizeof(cube_nz_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->mode = CUBE_NZ_PACK;
    a->esize = (int32_t)es;
    a->batch = batch;
    a->K = K;
    a->N = N;
    a->K1 = K1;
    a->N1 = N1;
    a->N0 = N0;
    a->sb = sb;
    a->sk = w->stride[nd - 2];
    a->sn = w->stride[nd - 1];
    a->src_off = w->offset * es;
    a->per_block = (panels + nb - 1) / nb;
    if ((st = aclemu_exec_bind_tensor(ex, a, &a->src, w)) || (st = aclemu_exec_bind_workspace(ex, a, &a->dst, (uint64_t)ws)))
        return st;

    /* 2. copy it over the weight's memory (from its view offset) */
    if ((st = cube_launch_ws_to_tensor(ex, w, ws, bytes)))
        return st;

    /* 3. the tensor now describes NZ storage [..., N1, K1, 16, N0] (its view shape stays (..., K, N)) */
    int64_t ss[ACLEMU_MAX_RANK + 2];
    uint32_t sn = 0;
    for (uint32_t i = 0; i + 2 < nd; i++)
        ss[sn++] = w->shape[i];
    ss[sn++] = N1;
    ss[sn++] = K1;
    ss[sn++] = TMW_BLOCK_K;
    ss[sn++] = N0;
    if (sn > ACLEMU_INLINE_RANK && sn > w->storage_ndim)
        return ACLEMU_PARAM_ERROR(api, "mmWeightRef storage rank %u exceeds %d.", sn, ACLEMU_INLINE_RANK);
    memcpy(w->storage_shape, ss, sizeof(int64_t) * sn);
    w->storage_ndim = sn;
    w->format = ACL_FORMAT_FRACTAL_NZ;
    return ACLNN_SUCCESS;
}
