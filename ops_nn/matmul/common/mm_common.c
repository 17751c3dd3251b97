/* Checks and helpers shared by the matmul-family planners. */
#include <string.h>

#include "mm_common.h"

aclnnStatus mm_check_common(const char *api, const aclTensor *const *ts, const char *const *names, int n, int ia,
                            int ib, int8_t cmt, unsigned nz_ok, int32_t *math)
{
    aclnnStatus st;
    for (int i = 0; i < n; i++)
        if (names[i] && (st = aclemu_check_notnull(api, ts[i], names[i])))
            return st;
    aclemu_dtype_set dts = cube_float_dtypes();
    for (int i = 0; i < n; i++)
        if (ts[i] && (st = aclemu_check_dtype(api, ts[i], names[i] ? names[i] : "bias", dts)))
            return st;
    aclDataType pd;
    if ((st = cube_promote(api, CUBE_MATMUL, ts[ia], names[ia], ts[ib], names[ib], &pd)))
        return st;
    if ((st = cube_math(api, CUBE_MATMUL, pd, cmt, math)))
        return st;
    for (int i = 0; i < n; i++)
        if (ts[i] && !(nz_ok & (1u << i)) && (st = aclemu_check_format(api, ts[i], names[i] ? names[i] : "bias")))
            return st;
    for (int i = 0; i < n; i++)
        if (ts[i] && !(nz_ok & (1u << i)) &&
            (st = aclemu_check_shape(api, ts[i], names[i] ? names[i] : "bias", ACLEMU_MAX_RANK)))
            return st;
    return ACLNN_SUCCESS;
}

aclnnStatus mm_check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim == rank)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, rank);
}

aclnnStatus mm_check_rank_range(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi)
{
    if (t->ndim >= lo && t->ndim <= hi)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be in [%u, %u].", name, t->ndim, lo, hi);
}

int mm_broadcast(const int64_t *a, int na, const int64_t *b, int nb, int64_t *out)
{
    int n = na > nb ? na : nb;
    for (int i = 0; i < n; i++) {
        int ai = na - n + i, bi = nb - n + i;
        int64_t x = ai >= 0 ? a[ai] : 1, y = bi >= 0 ? b[bi] : 1;
        if (x != y && x != 1 && y != 1)
            return -1;
        out[i] = x == 1 ? y : x;
    }
    return n;
}

aclnnStatus mm_scalar(const char *api, const aclScalar *s, const char *name, float *v)
{
    aclnnStatus st = aclemu_check_notnull(api, s, name);
    if (st)
        return st;
    if (!aclemu_dtype_is_float(s->dtype) && !aclemu_dtype_is_int(s->dtype) && s->dtype != ACL_BOOL)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be a real number type.", name, aclemu_dtype_name(s->dtype));
    *v = (float)aclemu_scalar_to_f64(s);
    return ACLNN_SUCCESS;
}

aclnnStatus mm_check_broadcastable(const char *api, const aclTensor *t, const char *name, const int64_t *shape,
                                   uint32_t ndim)
{
    char a[128], b[128];
    int ok = t->ndim <= ndim;
    for (uint32_t i = 0; ok && i < t->ndim; i++) {
        int64_t x = t->shape[i], y = shape[ndim - t->ndim + i];
        ok = x == y || x == 1;
    }
    if (ok)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s shape %s can not broadcast to %s.", name, cube_shape_str(t, a, sizeof a),
                              aclemu_shape_str(shape, ndim, b, sizeof b));
}

void mm_desc_init(gemm_desc *d, int64_t M, int64_t N, int64_t K, int32_t math)
{
    memset(d, 0, sizeof *d);
    d->M = M;
    d->N = N;
    d->K = K;
    d->math = math;
    d->hf32_round = GEMM_HF32_RNE;
    d->alpha = 1.0f;
    d->beta = 0.0f;
}

void mm_bind(cube_bind b[CUBE_NOPS], const aclTensor *a, const aclTensor *bm, const aclTensor *c, const aclTensor *d,
             const aclTensor *bias)
{
    const aclTensor *t[CUBE_NOPS] = {a, bm, c, d, bias};
    for (int i = 0; i < CUBE_NOPS; i++) {
        b[i].t = t[i];
        b[i].ws_off = -1;
    }
}
