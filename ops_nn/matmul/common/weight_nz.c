/* FRACTAL_NZ weight views for the ...WeightNz matmul APIs. */
#include <string.h>

#include "weight_nz.h"

static aclnnStatus nz_check(const char *api, const aclTensor *t, uint32_t storage_rank, int64_t *k1)
{
    char s[128];
    if (t->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "Format of mat2 must be FRACTAL_NZ, actual is %s.", aclemu_format_name(t->format));
    if (t->storage_ndim != storage_rank)
        return ACLEMU_PARAM_ERROR(api, "Only support mat2 storageShapeDim is %u, which are [%u].", storage_rank,
                                  t->storage_ndim);
    int64_t K = t->shape[t->ndim - 2], N = t->shape[t->ndim - 1], n0 = weight_nz_n0(t->dtype);
    if (K == 1 || N == 1)
        return ACLEMU_PARAM_ERROR(api, "Not supported mat2 n = 1 or k = 1 when format is FRACTAL_NZ, mat2: %s.",
                                  cube_shape_str(t, s, sizeof s));
    const int64_t *ss = t->storage_shape + (storage_rank - 4);
    if (ss[2] != 16 || ss[3] != n0 || ss[1] * 16 < K || ss[0] * n0 < N)
        return ACLEMU_PARAM_ERROR(api, "mat2 storage shape %s does not hold a FRACTAL_NZ (K=%lld, N=%lld) matrix "
                                       "of [N1, K1, 16, %lld].",
                                  aclemu_shape_str(t->storage_shape, t->storage_ndim, s, sizeof s), (long long)K,
                                  (long long)N, (long long)n0);
    *k1 = ss[1];
    return ACLNN_SUCCESS;
}

static void nz_fill(gemm_view *v, int slot, const aclTensor *t, int64_t k1)
{
    int64_t n0 = weight_nz_n0(t->dtype);
    memset(v, 0, sizeof *v);
    v->dtype = cube_gemm_dtype(t->dtype);
    v->ptr = (const void *)(uintptr_t)(CUBE_SYNTH_BASE(slot) + (uint64_t)t->offset * aclemu_dtype_size(t->dtype));
    v->rs = n0;
    v->cs = 1;
    v->jsplit = n0;
    v->cs_outer = k1 * 16 * n0;
}

aclnnStatus weight_nz_view(const char *api, gemm_view *v, int slot, const aclTensor *mat2)
{
    int64_t k1 = 0;
    aclnnStatus st = nz_check(api, mat2, 4, &k1);
    if (!st)
        nz_fill(v, slot, mat2, k1);
    return st;
}

aclnnStatus weight_nz_view_batched(const char *api, gemm_view *v, int slot, const aclTensor *mat2, int nb)
{
    int64_t k1 = 0;
    aclnnStatus st = nz_check(api, mat2, 5, &k1);
    if (st)
        return st;
    nz_fill(v, slot, mat2, k1);
    int64_t per = mat2->storage_shape[1] * mat2->storage_shape[2] * mat2->storage_shape[3] * mat2->storage_shape[4];
    v->bstride[nb - 1] = mat2->shape[0] == 1 ? 0 : per;
    return ACLNN_SUCCESS;
}
