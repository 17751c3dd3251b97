/* Planners of the p-norm distances, with the checks of the real op_api sources of
 * hicann/ops-math: math/cdist/op_api/aclnn_cdist.cpp, math/cdist_grad/op_api/
 * aclnn_cdist_backward.cpp, math/pdist/op_api/aclnn_pdist.cpp and aclnn_pdist_forward.cpp.
 * The real Cdist leaves out's shape to its final ViewCopy; we check it here (161002). */
#include <math.h>
#include <string.h>

#include "aclemu_plans.h"
#include "linalg_dist.h"

#define LD_CDIST_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define LD_PDIST_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))

/* view k of the blob from t: row / feature strides of its last two dims, batch strides of its
 * leading dims right-aligned to nb (0 where t has size 1 there or lacks the dim) */
static void set_view(linalg_dist_args *a, int k, const aclTensor *t, uint32_t nb, int zero_broadcast)
{
    linalg_view *v = &a->v[k];
    uint32_t r = t->ndim;
    v->dtype = t->dtype;
    v->off = t->offset;
    v->rs = r >= 1 ? t->stride[r - (r >= 2 ? 2 : 1)] : 0;
    v->cs = r >= 2 ? t->stride[r - 1] : 0;
    uint32_t tb = r >= 2 ? r - 2 : 0;
    for (uint32_t d = 0; d < tb; d++) {
        uint32_t o = nb - tb + d;
        v->bs[o] = zero_broadcast && t->shape[d] == 1 ? 0 : t->stride[d];
    }
}

static aclnnStatus launch(aclOpExecutor *ex, linalg_dist_args *tmpl, const aclTensor *const *t, int nt)
{
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)tmpl->items, aclemu_vector_core_num(aclemu_op_profile()), 1, 1, &bd, &per);
    tmpl->per_block = (int64_t)per;
    tmpl->ws_doubles = 3 * tmpl->M + 1;
    uint64_t ws = aclemu_exec_alloc_workspace(ex, (uint64_t)bd * (uint64_t)tmpl->ws_doubles * sizeof(double));
    linalg_dist_args *a = (linalg_dist_args *)aclemu_exec_add_launch(ex, "LinalgDist", bd, sizeof(*a));
    if (!a) return ACLNN_ERR_INNER;
    memcpy(a, tmpl, sizeof(*a));
    aclnnStatus st;
    for (int k = 0; k < nt; k++)
        if (t[k] && (st = aclemu_exec_bind_tensor(ex, a, &a->v[k].base, t[k])))
            return st;
    return aclemu_exec_bind_workspace(ex, a, &a->ws, ws);
}

/* batches of shape[0..nb) with an int64 overflow check */
static int count(const int64_t *shape, uint32_t nb, int64_t rows, int64_t *out)
{
    int64_t n = rows;
    for (uint32_t d = 0; d < nb; d++)
        if (__builtin_mul_overflow(n, shape[d], &n)) return -1;
    *out = n;
    return 0;
}

/* Cdist: null -> x1, x2, out in the list (A2/A3/950; none elsewhere), x1 / x2 like out -> ranks
 * 2..8, equal feature dims -> p >= 0 (not NaN), p = 2 only with compute_mode 2 -> zero rows /
 * batch: nothing -> batch dims broadcast -> out [batch, P, R]. */
aclnnStatus aclemu_plan_Cdist(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2, float p,
                              int64_t compute_mode, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set list = aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950) ? LD_CDIST_DTYPES : 0;
    if ((st = aclemu_check_dtype(api, x1, "x1", list)) || (st = aclemu_check_dtype(api, x2, "x2", list)) ||
        (st = aclemu_check_dtype(api, out, "out", list)) || (st = aclemu_check_same_dtype(api, out, "out", x1, "x1")) ||
        (st = aclemu_check_same_dtype(api, out, "out", x2, "x2")))
        return st;
    const aclTensor *t3[3] = {x1, x2, out};
    const char *n3[3] = {"x1", "x2", "out"};
    for (int k = 0; k < 3; k++) {
        if ((st = aclemu_check_shape(api, t3[k], n3[k], 8)))
            return st;
        if (t3[k]->ndim < 2)
            return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be no less than 2.", n3[k], t3[k]->ndim);
    }
    int64_t m1 = x1->shape[x1->ndim - 1], m2 = x2->shape[x2->ndim - 1];
    if (m1 != m2)
        return ACLEMU_PARAM_ERROR(api, "The dim num of X1 and X2 must be the same. X1 got: %lld, X2 got: %lld.", (long long)m1,
                                  (long long)m2);
    if (p < 0 || isnan(p))
        return ACLEMU_PARAM_ERROR(api, "cdist only supports non-negative p values.");
    if (fabsf(p - 2.0f) < 1e-6f && compute_mode != 2)
        return ACLEMU_PARAM_ERROR(api, "compute_mode %lld is not supported, only support 2 when pValue equals 2.0",
                                  (long long)compute_mode);
    for (int k = 0; k < 2; k++)
        for (uint32_t d = 0; d + 1 < t3[k]->ndim; d++)
            if (t3[k]->shape[d] == 0)
                return ACLNN_SUCCESS;
    uint32_t nd = x1->ndim > x2->ndim ? x1->ndim : x2->ndim, nb = nd - 2;
    if (nb > LA_MAX_BATCH)
        return ACLEMU_PARAM_ERROR(api, "at most %d batch dims are supported.", LA_MAX_BATCH);
    int64_t want[ACLEMU_MAX_RANK];
    char s1[256], s2[256];
    for (uint32_t i = 0; i < nb; i++) {
        int i1 = (int)i - (int)(nb - (x1->ndim - 2)), i2 = (int)i - (int)(nb - (x2->ndim - 2));
        int64_t a = i1 >= 0 ? x1->shape[i1] : 1, b = i2 >= 0 ? x2->shape[i2] : 1;
        if (a != b && a != 1 && b != 1)
            return ACLEMU_PARAM_ERROR(api, "X1 shape: %s and X2 shape: %s cannot broadcast!",
                                      aclemu_shape_str(x1->shape, x1->ndim, s1, sizeof s1),
                                      aclemu_shape_str(x2->shape, x2->ndim, s2, sizeof s2));
        want[i] = a == 1 ? b : a;
    }
    want[nb] = x1->shape[x1->ndim - 2];
    want[nb + 1] = x2->shape[x2->ndim - 2];
    if (out->ndim != nd || memcmp(out->shape, want, nd * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "out shape should be %s, but got %s.", aclemu_shape_str(want, nd, s1, sizeof s1),
                                  aclemu_shape_str(out->shape, out->ndim, s2, sizeof s2));
    linalg_dist_args a;
    memset(&a, 0, sizeof a);
    a.op = LD_CDIST;
    a.nb = (int32_t)nb;
    a.p = isinf(p) ? INFINITY : (double)p;
    a.P = want[nb];
    a.R = want[nb + 1];
    a.M = m1;
    memcpy(a.bshape, want, nb * sizeof(int64_t));
    if (count(want, nb, a.P, &a.items) || a.M > ((int64_t)1 << 40))
        return ACLEMU_PARAM_ERROR(api, "x1 and x2 are too large.");
    set_view(&a, 0, x1, nb, 1);
    set_view(&a, 1, x2, nb, 1);
    set_view(&a, 2, out, nb, 0);
    return launch(executor, &a, t3, 3);
}

/* CdistBackward: null -> every dtype in the list and all alike -> grad rank 2..7, every rank
 * equal -> x1 [.., P, M] and x2 [.., R, M] broadcast -> cdist [batch, P, R] and grad alike, out
 * like x1 -> p >= 0 (or -1, the max norm as the forward op passes it on A2/A3) -> empty: nothing. */
aclnnStatus aclemu_plan_CdistBackward(aclOpExecutor *executor, const aclTensor *grad, const aclTensor *x1,
                                      const aclTensor *x2, const aclTensor *cdist, float p, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *t[5] = {grad, x1, x2, cdist, out};
    const char *names[5] = {"grad", "x1", "x2", "cdist", "out"};
    aclnnStatus st;
    for (int k = 0; k < 5; k++)
        if ((st = aclemu_check_notnull(api, t[k], names[k])))
            return st;
    for (int k = 0; k < 5; k++)
        if ((st = aclemu_check_dtype(api, t[k], names[k], LD_CDIST_DTYPES)))
            return st;
    for (int k = 1; k < 5; k++)
        if (t[k]->dtype != grad->dtype)
            return ACLEMU_PARAM_ERROR(api, "All tensors are expected to share the same datatype.");
    for (int k = 0; k < 5; k++)
        if ((st = aclemu_check_shape(api, t[k], names[k], 8)))
            return st;
    if (grad->ndim > 7 || grad->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "grad dim num %u should be in [2, 7].", grad->ndim);
    for (int k = 1; k < 5; k++)
        if (t[k]->ndim != grad->ndim)
            return ACLEMU_PARAM_ERROR(api, "All tensors are expected to share the same dim num.");
    uint32_t nd = grad->ndim, nb = nd - 2;
    char s1[256], s2[256];
    int64_t want[ACLEMU_MAX_RANK];
    int bad = x1->shape[nd - 1] != x2->shape[nd - 1];
    for (uint32_t i = 0; i < nb && !bad; i++) {
        int64_t a = x1->shape[i], b = x2->shape[i];
        bad = a != b && a != 1 && b != 1;
        want[i] = a == 1 ? b : a;
    }
    if (bad)
        return ACLEMU_PARAM_ERROR(api, "Broadcast %s and %s failed.", aclemu_shape_str(x2->shape, nd, s1, sizeof s1),
                                  aclemu_shape_str(x1->shape, nd, s2, sizeof s2));
    want[nb] = x1->shape[nd - 2];
    want[nb + 1] = x2->shape[nd - 2];
    for (uint32_t i = 0; i < nd; i++)
        if (cdist->shape[i] != want[i])
            return ACLEMU_PARAM_ERROR(api, "cdist[%u] : %lld should be equal to %lld .", i, (long long)cdist->shape[i],
                                      (long long)want[i]);
    if ((st = aclemu_check_same_shape(api, cdist, "cdist", grad, "grad")) || (st = aclemu_check_same_shape(api, x1, "x1", out, "out")))
        return st;
    if (p != -1.0f && p < 0.0f)
        return ACLEMU_PARAM_ERROR(api, "aclnnCdistBackward only supports non-negative p values.");
    for (int k = 0; k < 4; k++)
        for (uint32_t i = 0; i < nd; i++)
            if (t[k]->shape[i] == 0)
                return ACLNN_SUCCESS;
    linalg_dist_args a;
    memset(&a, 0, sizeof a);
    a.op = LD_CDIST_GRAD;
    a.nb = (int32_t)nb;
    a.p = p == -1.0f || isinf(p) ? INFINITY : (double)p;
    a.P = want[nb];
    a.R = want[nb + 1];
    a.M = x1->shape[nd - 1];
    memcpy(a.bshape, want, nb * sizeof(int64_t));
    memcpy(a.x1shape, x1->shape, nb * sizeof(int64_t));
    int64_t cb;
    if (count(x1->shape, nb, a.P, &a.items) || count(want, nb, 1, &cb) || a.M > ((int64_t)1 << 40))
        return ACLEMU_PARAM_ERROR(api, "x1 and x2 are too large.");
    set_view(&a, 0, grad, nb, 0);
    set_view(&a, 1, x1, nb, 1);
    set_view(&a, 2, x2, nb, 1);
    set_view(&a, 3, cdist, nb, 0);
    set_view(&a, 4, out, nb, 0);
    return launch(executor, &a, t, 5);
}

/* Pdist and PdistForward: self [N, M] FLOAT / FLOAT16, out [N (N - 1) / 2] alike. */
static aclnnStatus plan_pdist(aclOpExecutor *executor, const aclTensor *self, double p, int p_nan, aclTensor *out,
                              int forward)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, self, "self", LD_PDIST_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", LD_PDIST_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    if (self->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be 2.", self->ndim);
    if (out->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "out dim num %u should be 1.", out->ndim);
    int64_t n = self->shape[0], m = self->shape[1];
    unsigned __int128 pairs = n > 0 ? (unsigned __int128)n * (unsigned __int128)(n - 1) / 2 : 0;
    if (pairs > (unsigned __int128)INT64_MAX || (int64_t)pairs != out->shape[0])
        return ACLEMU_PARAM_ERROR(api, "out shape [%lld] should be [N * (N - 1) / 2] for the N = %lld rows of self.",
                                  (long long)out->shape[0], (long long)n);
    if (p < 0 || (p_nan && !forward))
        return ACLEMU_PARAM_ERROR(api, forward ? "pScalar only supports non-negative p values." : "pdist only supports non-negative p values.");
    if (n <= 1) /* no pairs (and the real Pdist returns before touching anything) */
        return ACLNN_SUCCESS;
    linalg_dist_args a;
    memset(&a, 0, sizeof a);
    a.op = LD_PDIST;
    a.p = p;
    a.P = n;
    a.R = n;
    a.M = m;
    a.items = n;
    if (m > ((int64_t)1 << 40))
        return ACLEMU_PARAM_ERROR(api, "self is too large.");
    set_view(&a, 0, self, 0, 0);
    set_view(&a, 2, out, 0, 0);
    const aclTensor *t[3] = {self, NULL, out};
    return launch(executor, &a, t, 3);
}

aclnnStatus aclemu_plan_Pdist(aclOpExecutor *executor, const aclTensor *self, float p, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    return plan_pdist(executor, self, isinf(p) ? INFINITY : (double)p, isnan(p), out, 0);
}

/* PdistForward: null operands are ACLNN_ERR_INNER_NULLPTR in the real source. */
aclnnStatus aclemu_plan_PdistForward(aclOpExecutor *executor, const aclTensor *self, const aclScalar *pScalar, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const void *ptrs[3] = {self, pScalar, out};
    const char *names[3] = {"self", "pScalar", "out"};
    for (int k = 0; k < 3; k++)
        if (!ptrs[k])
            return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.", names[k]);
    float pf = (float)aclemu_scalar_to_f64(pScalar); /* the real code reads it with ToFloat */
    return plan_pdist(executor, self, isinf(pf) ? INFINITY : (double)pf, isnan(pf), out, 1);
}
