/* Planners of the batched factorisations, each with the checks of its real op_api source:
 *   aclnnLinalgCholesky  math/cholesky/op_api/aclnn_linalg_cholesky.cpp (hicann/ops-math)
 *   aclnnInverse         index/matrix_inverse/op_host/op_api/aclnn_inverse.cpp (hicann/ops-nn)
 *   aclnnSlogdet         math/slogdet/op_host/op_api/aclnn_slogdet.cpp
 *   aclnnLogdet          math/logdet/op_host/op_api/aclnn_logdet.cpp
 *   aclnnLinalgQr/aclnnQr math/qr/op_api/aclnn_linalg_qr.cpp, aclnn_qr.cpp
 *   aclnnSvd             math/svd/op_host/op_api/aclnn_svd.cpp
 * The real lists also hold COMPLEX64 / COMPLEX128 (and the results of a complex input are
 * complex): the cores here are real, so those dtypes are not in our lists yet. */
#include <string.h>

#include "linalg_plan.h"

#define LA_F32_F64 (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE))
#define LA_QR_DTYPES (LA_F32_F64 | ACLEMU_DT(ACL_FLOAT16))

/* Ranks of every operand (no negative dims, at most 8) before the op's own shape rules. */
static aclnnStatus check_views(const char *api, const aclTensor *const *t, const char *const *names, int n)
{
    aclnnStatus st;
    for (int i = 0; i < n; i++)
        if (t[i] && (st = aclemu_check_shape(api, t[i], names[i], ACLEMU_MAX_RANK)))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_min_rank(const char *api, const aclTensor *t, const char *name)
{
    if (t->ndim >= 2)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be no less than 2.", name, t->ndim);
}

static aclnnStatus check_square(const char *api, const aclTensor *t, const char *what)
{
    int64_t r = t->shape[t->ndim - 2], c = t->shape[t->ndim - 1];
    if (r == c)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s must be batches of square matrices, but they are %lld by %lld matrices.", what,
                              (long long)r, (long long)c);
}

/* Cholesky: FLOAT / BFLOAT16 / FLOAT16 on DAV_2201 (A2, A3) and DAV_3510 (950); the list is
 * empty on every other chip. out must have self's dtype (checked first), formats equal and ND. */
aclnnStatus aclemu_plan_LinalgCholesky(aclOpExecutor *executor, const aclTensor *self, bool upper, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set list = aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950)
                                ? ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_FLOAT16) : 0;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) || (st = aclemu_check_dtype(api, self, "self", list)))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal. self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if ((st = aclemu_check_format(api, self, "self")))
        return st;
    const aclTensor *t[2] = {self, out};
    const char *names[2] = {"self", "out"};
    if ((st = check_views(api, t, names, 2)) || (st = check_min_rank(api, self, "self")) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (la_is_empty(self))
        return ACLNN_SUCCESS;
    if ((st = check_square(api, self, "self")))
        return st;
    if (self->shape[self->ndim - 1] > 8192) /* the real op refuses these (its kernel could time out) */
        return ACLEMU_PARAM_ERROR(api, "The last dim must be less than or equal to 8192.");
    const int kind[2] = {LA_MATRIX, LA_MATRIX};
    return la_launch(executor, LA_CHOLESKY, t, kind, 2, upper, 0);
}

/* Inverse (ops-nn): self FLOAT / DOUBLE / FLOAT16 (+ complex in the real list), out any dtype
 * self casts to; out's shape is self's; the square rule is skipped for an empty self. */
aclnnStatus aclemu_plan_Inverse(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", LA_QR_DTYPES)) || (st = aclemu_check_can_cast(api, self->dtype, out, "out")))
        return st;
    if (aclemu_dtype_is_complex(out->dtype))
        return ACLEMU_PARAM_ERROR(api, "out dtype %s: complex results are not supported by this emulation yet.",
                                  aclemu_dtype_name(out->dtype));
    const aclTensor *t[2] = {self, out};
    const char *names[2] = {"self", "out"};
    if ((st = check_views(api, t, names, 2)) || (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (la_is_empty(self))
        return ACLNN_SUCCESS;
    if ((st = check_min_rank(api, self, "self")) || (st = check_square(api, self, "The input tensor")))
        return st;
    const int kind[2] = {LA_MATRIX, LA_MATRIX};
    return la_launch(executor, LA_INVERSE, t, kind, 2, 0, 0);
}

/* Slogdet / Logdet: every tensor FLOAT or DOUBLE (independently); self square, the outputs of
 * self's batch shape; an empty self runs nothing. nout outputs: (sign, logabs) or (logdet). */
static aclnnStatus plan_det(aclOpExecutor *executor, int32_t op, const aclTensor *self, aclTensor *const *outs,
                            const char *const *onames, int nout)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *t[3] = {self, outs[0], nout > 1 ? outs[1] : NULL};
    const char *names[3] = {"self", onames[0], nout > 1 ? onames[1] : NULL};
    aclnnStatus st;
    for (int i = 0; i <= nout; i++)
        if ((st = aclemu_check_notnull(api, t[i], names[i])))
            return st;
    for (int i = 0; i <= nout; i++)
        if ((st = aclemu_check_dtype(api, t[i], names[i], LA_F32_F64)))
            return st;
    if ((st = check_views(api, t, names, nout + 1)) || (st = check_min_rank(api, self, "self")))
        return st;
    int64_t r = self->shape[self->ndim - 2], c = self->shape[self->ndim - 1];
    if (r != c)
        return ACLEMU_PARAM_ERROR(api, "The last two dimensions of self must be equal, but they are %lld by %lld matrices.",
                                  (long long)r, (long long)c);
    int64_t want[ACLEMU_MAX_RANK];
    uint32_t nd = la_batch_shape(self, NULL, 0, want);
    for (int i = 1; i <= nout; i++)
        if ((st = la_check_shape_is(api, t[i], names[i], want, nd)))
            return st;
    if (la_is_empty(self))
        return ACLNN_SUCCESS;
    const int kind[3] = {LA_MATRIX, LA_SCALAR, LA_SCALAR};
    return la_launch(executor, op, t, kind, nout + 1, 0, 0);
}

aclnnStatus aclemu_plan_Slogdet(aclOpExecutor *executor, const aclTensor *self, aclTensor *signOut, aclTensor *logOut)
{
    aclTensor *outs[2] = {signOut, logOut};
    const char *names[2] = {"signOut", "logOut"};
    return plan_det(executor, LA_SLOGDET, self, outs, names, 2);
}

aclnnStatus aclemu_plan_Logdet(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    aclTensor *outs[1] = {out};
    const char *names[1] = {"out"};
    return plan_det(executor, LA_LOGDET, self, outs, names, 1);
}

/* QR: null operands are ACLNN_ERR_INNER_NULLPTR in the real source; each tensor FLOAT /
 * FLOAT16 / DOUBLE on its own; Q and R shapes by mode (0 reduced, 1 complete, 2 R only with
 * Q of shape [0]; any other value runs as reduced, as the real code's else branch does). */
static aclnnStatus plan_qr(aclOpExecutor *executor, const aclTensor *self, int complete, int r_only, aclTensor *Q,
                           aclTensor *R)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *t[3] = {self, Q, R};
    const char *names[3] = {"self", "Q", "R"};
    aclnnStatus st;
    for (int i = 0; i < 3; i++)
        if (!t[i])
            return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.", names[i]);
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_dtype(api, t[i], names[i], LA_QR_DTYPES)))
            return st;
    if ((st = check_views(api, t, names, 3)) || (st = check_min_rank(api, self, "self")))
        return st;
    uint32_t nd = self->ndim;
    int64_t m = self->shape[nd - 2], n = self->shape[nd - 1], k = m < n ? m : n;
    int64_t qs[ACLEMU_MAX_RANK], rs[ACLEMU_MAX_RANK];
    memcpy(qs, self->shape, nd * sizeof(int64_t));
    memcpy(rs, self->shape, nd * sizeof(int64_t));
    uint32_t qnd = nd;
    if (r_only) { qs[0] = 0; qnd = 1; rs[nd - 2] = k; }
    else if (complete) qs[nd - 1] = m;
    else { qs[nd - 1] = k; rs[nd - 2] = k; }
    char s1[256], s2[256];
    if (Q->ndim != qnd || memcmp(Q->shape, qs, qnd * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "The output Q should have the following shape %s, but got %s instead.",
                                  aclemu_shape_str(qs, qnd, s1, sizeof s1), aclemu_shape_str(Q->shape, Q->ndim, s2, sizeof s2));
    if (R->ndim != nd || memcmp(R->shape, rs, nd * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "The output R should have the following shape %s, but got %s instead.",
                                  aclemu_shape_str(rs, nd, s1, sizeof s1), aclemu_shape_str(R->shape, R->ndim, s2, sizeof s2));
    if (la_is_empty(self) && la_is_empty(Q))
        return ACLNN_SUCCESS;
    const aclTensor *lt[3] = {self, r_only ? NULL : Q, R};
    const int kind[3] = {LA_MATRIX, LA_MATRIX, LA_MATRIX};
    return la_launch(executor, LA_QR, lt, kind, 3, complete && !r_only, r_only);
}

aclnnStatus aclemu_plan_LinalgQr(aclOpExecutor *executor, const aclTensor *self, int64_t mode, aclTensor *Q, aclTensor *R)
{
    return plan_qr(executor, self, mode == 1, mode == 2, Q, R);
}

aclnnStatus aclemu_plan_Qr(aclOpExecutor *executor, const aclTensor *self, bool some, aclTensor *Q, aclTensor *R)
{
    return plan_qr(executor, self, !some, 0, Q, R);
}

/* SVD: DOUBLE / FLOAT, all four alike; sigma [..., k], u [..., m, m|k], v [..., n, n|k] (V,
 * not its transpose), u and v checked and written only with computeUV. */
aclnnStatus aclemu_plan_Svd(aclOpExecutor *executor, const aclTensor *input, const bool fullMatrices,
                            const bool computeUV, aclTensor *sigma, aclTensor *u, aclTensor *v)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *t[4] = {input, sigma, u, v};
    const char *names[4] = {"input", "sigma", "u", "v"};
    aclnnStatus st;
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_notnull(api, t[i], names[i])))
            return st;
    for (int i = 0; i < 4; i++)
        if ((st = aclemu_check_dtype(api, t[i], names[i], LA_F32_F64)))
            return st;
    for (int i = 1; i < 4; i++)
        if ((st = aclemu_check_same_dtype(api, input, "input", t[i], names[i])))
            return st;
    if ((st = check_views(api, t, names, 4)))
        return st;
    if (input->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "Input dim num should be greater than or equal to 2.");
    uint32_t nd = input->ndim;
    int64_t m = input->shape[nd - 2], n = input->shape[nd - 1], k = m < n ? m : n;
    int64_t ws[ACLEMU_MAX_RANK], e_u[2] = {m, fullMatrices ? m : k}, e_v[2] = {n, fullMatrices ? n : k};
    char s1[256], s2[256];
    uint32_t wn = la_batch_shape(input, &k, 1, ws);
    if (sigma->ndim != wn || memcmp(sigma->shape, ws, wn * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of output tensor sigma is invalid: expected %s, got %s.",
                                  aclemu_shape_str(ws, wn, s1, sizeof s1), aclemu_shape_str(sigma->shape, sigma->ndim, s2, sizeof s2));
    if (computeUV) {
        const aclTensor *o[2] = {u, v};
        const int64_t *e[2] = {e_u, e_v};
        for (int i = 0; i < 2; i++) {
            wn = la_batch_shape(input, e[i], 2, ws);
            if (o[i]->ndim != wn || memcmp(o[i]->shape, ws, wn * sizeof(int64_t)))
                return ACLEMU_PARAM_ERROR(api, "Shape of output tensor %s is invalid: expected %s, got %s.", i ? "v" : "u",
                                          aclemu_shape_str(ws, wn, s1, sizeof s1),
                                          aclemu_shape_str(o[i]->shape, o[i]->ndim, s2, sizeof s2));
        }
    }
    if (la_is_empty(input))
        return ACLNN_SUCCESS;
    const aclTensor *lt[4] = {input, sigma, computeUV ? u : NULL, computeUV ? v : NULL};
    const int kind[4] = {LA_MATRIX, LA_VECTOR, LA_MATRIX, LA_MATRIX};
    return la_launch(executor, LA_SVD, lt, kind, 4, fullMatrices, computeUV);
}
