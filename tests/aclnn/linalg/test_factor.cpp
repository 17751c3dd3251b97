// The batched factorisations (aclnnLinalgCholesky, aclnnInverse, aclnnSlogdet, aclnnLogdet,
// aclnnLinalgQr, aclnnQr, aclnnSvd) checked by the invariants of their results (L L^T = A,
// A A^-1 = I, Q R = A with Q^T Q = I and R upper triangular, U diag(S) V^T = A with orthonormal
// U and V and S descending) and against references computed here in long double on the values
// the dtype holds (a full-pivot Gauss-Jordan inverse, an LU determinant, a row Cholesky, the
// singular values from a Jacobi eigen-solve of A^T A): batched, strided and transposed views,
// 1 x 1, empty batches, singular / non-positive-definite input, every validation path.
#include <algorithm>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_inverse.h"
#include "aclnnop/aclnn_linalg_cholesky.h"
#include "aclnnop/aclnn_linalg_qr.h"
#include "aclnnop/aclnn_logdet.h"
#include "aclnnop/aclnn_qr.h"
#include "aclnnop/aclnn_slogdet.h"
#include "aclnnop/aclnn_svd.h"

static aclrtStream g_stream;
static bool g_310p;
typedef long double LD;
typedef std::vector<double> Vec;

// Rounding unit of the results' dtype, scaled into the residual limits below.
static double Eps(aclDataType dt)
{
    switch (dt) {
    case ACL_DOUBLE: return 2.2e-16;
    case ACL_FLOAT16: return 9.8e-4;
    case ACL_BF16: return 7.8e-3;
    default: return 1.2e-7;
    }
}

static std::vector<int64_t> Cat(std::vector<int64_t> a, std::initializer_list<int64_t> b)
{
    a.insert(a.end(), b);
    return a;
}

static std::string Name(const char *op, aclDataType dt, const std::vector<int64_t> &s, Layout lay, const char *extra = "")
{
    std::string r = std::string(op) + " " + DtName(dt) + " [";
    for (size_t i = 0; i < s.size(); i++) r += (i ? "," : "") + std::to_string(s[i]);
    return r + "] " + (lay == CONTIG ? "contig" : lay == STRIDED ? "strided" : "transposed") + extra;
}

// Element (i, j) of matrix b of a row-major batch of r x c matrices.
static double &At(Vec &v, int64_t b, int64_t r, int64_t c, int64_t i, int64_t j) { return v[(size_t)((b * r + i) * c + j)]; }

static double MaxAbs(const Vec &v)
{
    double m = 0;
    for (double x : v) m = std::max(m, std::fabs(x));
    return m;
}

// Random matrices (values of the dtype), plus `diag` on every diagonal element.
static Vec RandMats(aclDataType dt, int64_t batch, int64_t r, int64_t c, uint64_t seed, double scale, double diag)
{
    Vec v = RandomValues((size_t)(batch * r * c), seed, scale);
    for (int64_t b = 0; b < batch; b++)
        for (int64_t i = 0; i < std::min(r, c); i++) At(v, b, r, c, i, i) += diag;
    return QuantAll(dt, v);
}

// --- long double references -------------------------------------------------------------

// sign and log|det| by LU with partial pivoting; sign 0 and -inf when a pivot column is zero.
static void RefSlogdet(const double *a, int64_t n, double *sign, double *logabs)
{
    std::vector<LD> m(a, a + n * n);
    LD s = 1, l = 0;
    for (int64_t j = 0; j < n; j++) {
        int64_t p = j;
        for (int64_t i = j + 1; i < n; i++)
            if (std::fabs(m[(size_t)(i * n + j)]) > std::fabs(m[(size_t)(p * n + j)])) p = i;
        if (m[(size_t)(p * n + j)] == 0) { *sign = 0; *logabs = -INFINITY; return; }
        if (p != j) { for (int64_t c = 0; c < n; c++) std::swap(m[(size_t)(p * n + c)], m[(size_t)(j * n + c)]); s = -s; }
        LD d = m[(size_t)(j * n + j)];
        if (d < 0) s = -s;
        l += std::log(std::fabs(d));
        for (int64_t i = j + 1; i < n; i++) {
            LD f = m[(size_t)(i * n + j)] / d;
            for (int64_t c = j; c < n; c++) m[(size_t)(i * n + c)] -= f * m[(size_t)(j * n + c)];
        }
    }
    *sign = (double)s;
    *logabs = (double)l;
}

// Gauss-Jordan with full pivoting.
static Vec RefInverse(const double *a, int64_t n)
{
    std::vector<LD> m(a, a + n * n), x((size_t)(n * n), 0);
    for (int64_t i = 0; i < n; i++) x[(size_t)(i * n + i)] = 1;
    std::vector<int64_t> colp((size_t)n);
    for (int64_t j = 0; j < n; j++) colp[(size_t)j] = j;
    for (int64_t j = 0; j < n; j++) {
        int64_t pr = j, pc = j;
        for (int64_t i = j; i < n; i++)
            for (int64_t c = j; c < n; c++)
                if (std::fabs(m[(size_t)(i * n + c)]) > std::fabs(m[(size_t)(pr * n + pc)])) { pr = i; pc = c; }
        for (int64_t c = 0; c < n; c++) { std::swap(m[(size_t)(pr * n + c)], m[(size_t)(j * n + c)]); std::swap(x[(size_t)(pr * n + c)], x[(size_t)(j * n + c)]); }
        for (int64_t i = 0; i < n; i++) std::swap(m[(size_t)(i * n + pc)], m[(size_t)(i * n + j)]);
        std::swap(colp[(size_t)pc], colp[(size_t)j]);
        LD d = m[(size_t)(j * n + j)];
        for (int64_t c = 0; c < n; c++) { m[(size_t)(j * n + c)] /= d; x[(size_t)(j * n + c)] /= d; }
        for (int64_t i = 0; i < n; i++) {
            if (i == j) continue;
            LD f = m[(size_t)(i * n + j)];
            for (int64_t c = 0; c < n; c++) { m[(size_t)(i * n + c)] -= f * m[(size_t)(j * n + c)]; x[(size_t)(i * n + c)] -= f * x[(size_t)(j * n + c)]; }
        }
    }
    // column swaps of A are row swaps of A^-1
    Vec r((size_t)(n * n));
    for (int64_t j = 0; j < n; j++)
        for (int64_t c = 0; c < n; c++) r[(size_t)(colp[(size_t)j] * n + c)] = (double)x[(size_t)(j * n + c)];
    return r;
}

// Row-oriented (Cholesky-Banachiewicz) lower factor.
static Vec RefCholesky(const double *a, int64_t n)
{
    std::vector<LD> l((size_t)(n * n), 0);
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j <= i; j++) {
            LD s = a[i * n + j];
            for (int64_t k = 0; k < j; k++) s -= l[(size_t)(i * n + k)] * l[(size_t)(j * n + k)];
            l[(size_t)(i * n + j)] = i == j ? std::sqrt(s) : s / l[(size_t)(j * n + j)];
        }
    return Vec(l.begin(), l.end());
}

// Singular values: square roots of the eigenvalues of the k x k Gram matrix, cyclic Jacobi.
static Vec RefSingular(const double *a, int64_t m, int64_t n)
{
    int64_t k = std::min(m, n);
    bool tall = m >= n;
    std::vector<LD> g((size_t)(k * k), 0);
    for (int64_t i = 0; i < k; i++)
        for (int64_t j = 0; j < k; j++)
            for (int64_t l = 0; l < (tall ? m : n); l++)
                g[(size_t)(i * k + j)] += tall ? (LD)a[l * n + i] * a[l * n + j] : (LD)a[i * n + l] * a[j * n + l];
    for (int sweep = 0; sweep < 100; sweep++) {
        LD off = 0;
        for (int64_t p = 0; p < k; p++)
            for (int64_t q = p + 1; q < k; q++) off += g[(size_t)(p * k + q)] * g[(size_t)(p * k + q)];
        if (off < 1e-36L) break;
        for (int64_t p = 0; p < k; p++)
            for (int64_t q = p + 1; q < k; q++) {
                LD apq = g[(size_t)(p * k + q)];
                if (apq == 0) continue;
                LD th = (g[(size_t)(q * k + q)] - g[(size_t)(p * k + p)]) / (2 * apq);
                LD t = (th >= 0 ? 1 : -1) / (std::fabs(th) + std::sqrt(1 + th * th)), c = 1 / std::sqrt(1 + t * t), s = t * c;
                for (int64_t r = 0; r < k; r++) { // G J
                    LD x = g[(size_t)(r * k + p)], y = g[(size_t)(r * k + q)];
                    g[(size_t)(r * k + p)] = c * x - s * y;
                    g[(size_t)(r * k + q)] = s * x + c * y;
                }
                for (int64_t r = 0; r < k; r++) { // J^T G
                    LD x = g[(size_t)(p * k + r)], y = g[(size_t)(q * k + r)];
                    g[(size_t)(p * k + r)] = c * x - s * y;
                    g[(size_t)(q * k + r)] = s * x + c * y;
                }
            }
    }
    Vec s((size_t)k);
    for (int64_t i = 0; i < k; i++) s[(size_t)i] = (double)std::sqrt(std::max<LD>(g[(size_t)(i * k + i)], 0));
    std::sort(s.begin(), s.end(), std::greater<double>());
    return s;
}

// max |X^T X - I| over the c orthonormal columns of a row-major r x c matrix.
static double Orthogonality(const double *x, int64_t r, int64_t c)
{
    double w = 0;
    for (int64_t i = 0; i < c; i++)
        for (int64_t j = 0; j < c; j++) {
            LD s = 0;
            for (int64_t l = 0; l < r; l++) s += (LD)x[l * c + i] * x[l * c + j];
            w = std::max(w, (double)std::fabs(s - (i == j)));
        }
    return w;
}

// --- cases ---------------------------------------------------------------------------

static void CholeskyCase(aclDataType dt, std::vector<int64_t> batch, int64_t n, bool upper, Layout lay, uint64_t seed)
{
    int64_t nb = GetShapeSize(batch);
    std::vector<int64_t> s = Cat(batch, {n, n});
    Vec m = RandomValues((size_t)(nb * n * n), seed, 0.3), a((size_t)(nb * n * n));
    for (int64_t b = 0; b < nb; b++) // M M^T + n I: symmetric positive definite
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < n; j++) {
                double v = i == j ? (double)n : 0;
                for (int64_t k = 0; k < n; k++) v += At(m, b, n, n, i, k) * At(m, b, n, n, j, k);
                At(a, b, n, n, i, j) = v;
            }
    a = QuantAll(dt, a);
    DevTensor ts, to;
    if (!ts.Init(dt, s, a, lay) || !to.Init(dt, s, {}, lay == CONTIG ? CONTIG : STRIDED)) return;
    std::string what = Name("LinalgCholesky", dt, s, lay, upper ? " upper" : " lower");
    int rc = Run("LinalgCholesky", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnLinalgCholeskyGetWorkspaceSize(ts.t, upper, to.t, w, e); }, aclnnLinalgCholesky);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    Vec got = to.Read(), ref((size_t)(nb * n * n));
    size_t wrong_zero = 0;
    double res = 0;
    for (int64_t b = 0; b < nb; b++) {
        Vec l = RefCholesky(&a[(size_t)(b * n * n)], n);
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < n; j++) {
                At(ref, b, n, n, i, j) = upper ? l[(size_t)(j * n + i)] : l[(size_t)(i * n + j)];
                if (upper ? i > j : i < j) wrong_zero += At(got, b, n, n, i, j) != 0;
                LD v = 0; // (L L^T)(i, j) or (U^T U)(i, j)
                for (int64_t k = 0; k < n; k++)
                    v += upper ? (LD)At(got, b, n, n, k, i) * At(got, b, n, n, k, j) : (LD)At(got, b, n, n, i, k) * At(got, b, n, n, j, k);
                res = std::max(res, (double)std::fabs(v - At(a, b, n, n, i, j)));
            }
    }
    EXPECT(wrong_zero == 0, "%s: %zu nonzeros in the other triangle", what.c_str(), wrong_zero);
    EXPECT(res <= 8 * n * Eps(dt) * MaxAbs(a), "%s: |L L^T - A| = %g", what.c_str(), res);
    CheckDtype(what.c_str(), dt, got, ref);
}

static void InverseCase(aclDataType dt, aclDataType odt, std::vector<int64_t> batch, int64_t n, Layout lay, uint64_t seed)
{
    int64_t nb = GetShapeSize(batch);
    std::vector<int64_t> s = Cat(batch, {n, n});
    Vec a = RandMats(dt, nb, n, n, seed, 0.2, 2.5);
    DevTensor ts, to;
    if (!ts.Init(dt, s, a, lay) || !to.Init(odt, s, {}, lay == TRANSPOSED ? STRIDED : lay)) return;
    std::string what = Name("Inverse", dt, s, lay, odt != dt ? " (other out dtype)" : "");
    int rc = Run("Inverse", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInverseGetWorkspaceSize(ts.t, to.t, w, e); }, aclnnInverse);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    Vec got = to.Read(), ref;
    double res = 0;
    for (int64_t b = 0; b < nb; b++) {
        Vec x = RefInverse(&a[(size_t)(b * n * n)], n);
        ref.insert(ref.end(), x.begin(), x.end());
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < n; j++) {
                LD v = 0;
                for (int64_t k = 0; k < n; k++) v += (LD)At(a, b, n, n, i, k) * At(got, b, n, n, k, j);
                res = std::max(res, (double)std::fabs(v - (i == j)));
            }
    }
    EXPECT(res <= 16 * n * Eps(odt) * MaxAbs(a), "%s: |A A^-1 - I| = %g", what.c_str(), res);
    CheckDtype(what.c_str(), odt, got, ref);
}

// kind: 0 random, 1 singular (two equal rows), 2 negative determinant guaranteed.
static void DetCase(aclDataType dt, aclDataType sdt, aclDataType ldt, std::vector<int64_t> batch, int64_t n, Layout lay,
                    int kind, uint64_t seed)
{
    int64_t nb = GetShapeSize(batch);
    std::vector<int64_t> s = Cat(batch, {n, n});
    Vec a = RandMats(dt, nb, n, n, seed, 0.4, 0);
    for (int64_t b = 0; b < nb; b++) {
        if (kind == 1 && n > 1)
            for (int64_t j = 0; j < n; j++) At(a, b, n, n, n - 1, j) = At(a, b, n, n, 0, j);
        if (kind == 2) { // a permutation-like matrix with det -1 times a positive diagonal
            for (int64_t i = 0; i < n; i++)
                for (int64_t j = 0; j < n; j++) At(a, b, n, n, i, j) = 0;
            for (int64_t i = 0; i < n; i++) At(a, b, n, n, i, i) = 1.5;
            At(a, b, n, n, 0, 0) = -2;
        }
    }
    DevTensor ts, tsg, tl, tlogdet;
    if (!ts.Init(dt, s, a, lay) || !tsg.Init(sdt, batch, {}, STRIDED) || !tl.Init(ldt, batch, {}, CONTIG) ||
        !tlogdet.Init(ldt, batch, {}, STRIDED)) return;
    std::string what = Name("Slogdet", dt, s, lay, kind == 1 ? " singular" : kind == 2 ? " negative" : "");
    int rc = Run("Slogdet", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSlogdetGetWorkspaceSize(ts.t, tsg.t, tl.t, w, e); }, aclnnSlogdet);
    int rc2 = Run("Logdet", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogdetGetWorkspaceSize(ts.t, tlogdet.t, w, e); }, aclnnLogdet);
    EXPECT(rc == 0 && rc2 == 0, "%s: run failed", what.c_str());
    if (rc || rc2) return;
    Vec sign = tsg.Read(), logabs = tl.Read(), logdet = tlogdet.Read(), rs((size_t)nb), rl((size_t)nb), rld((size_t)nb);
    size_t bad_sign = 0;
    for (int64_t b = 0; b < nb; b++) {
        RefSlogdet(&a[(size_t)(b * n * n)], n, &rs[(size_t)b], &rl[(size_t)b]);
        if (kind == 1 && n > 1) { rs[(size_t)b] = 0; rl[(size_t)b] = -INFINITY; } // exactly singular
        rld[(size_t)b] = rs[(size_t)b] < 0 ? NAN : rl[(size_t)b];
        bad_sign += sign[(size_t)b] != rs[(size_t)b];
    }
    EXPECT(bad_sign == 0, "%s: %zu wrong signs", what.c_str(), bad_sign);
    CheckDtype((what + " logabsdet").c_str(), ldt, logabs, rl);
    CheckDtype((what + " logdet").c_str(), ldt, logdet, rld);
}

// mode: 0 reduced, 1 complete, 2 R only (LinalgQr); 3 / 4: Qr with some true / false.
static void QrCase(aclDataType dt, std::vector<int64_t> batch, int64_t m, int64_t n, int mode, Layout lay, uint64_t seed,
                   bool rank1 = false)
{
    int64_t nb = GetShapeSize(batch), k = std::min(m, n);
    bool complete = mode == 1 || mode == 4, r_only = mode == 2;
    int64_t qc = complete ? m : k, rr = complete ? m : k;
    std::vector<int64_t> s = Cat(batch, {m, n}), qs = r_only ? std::vector<int64_t>{0} : Cat(batch, {m, qc}), rs = Cat(batch, {rr, n});
    Vec a = RandMats(dt, nb, m, n, seed, 0.4, 0);
    if (rank1) // x y^T: rank 1, Householder meets zero columns
        for (int64_t b = 0; b < nb; b++)
            for (int64_t i = 0; i < m; i++)
                for (int64_t j = 0; j < n; j++) At(a, b, m, n, i, j) = Quant(dt, (i + 1) * 0.5 * (j % 3 - 1));
    DevTensor ts, tq, tr;
    if (!ts.Init(dt, s, a, lay) || !tq.Init(dt, qs, {}, lay == CONTIG ? CONTIG : STRIDED) || !tr.Init(dt, rs, {}, lay == TRANSPOSED ? TRANSPOSED : CONTIG)) return;
    std::string what = Name(mode >= 3 ? "Qr" : "LinalgQr", dt, s, lay, (std::string(" mode ") + std::to_string(mode) + (rank1 ? " rank 1" : "")).c_str());
    int rc = mode >= 3 ? Run("Qr", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnQrGetWorkspaceSize(ts.t, mode == 3, tq.t, tr.t, w, e); }, aclnnQr)
                       : Run("LinalgQr", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLinalgQrGetWorkspaceSize(ts.t, mode, tq.t, tr.t, w, e); }, aclnnLinalgQr);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    Vec q = r_only ? Vec() : tq.Read(), r = tr.Read();
    double lim = 16 * std::max<int64_t>(m, n) * Eps(dt) * std::max(1.0, MaxAbs(a)), res = 0, orth = 0, gram = 0;
    size_t below = 0;
    for (int64_t b = 0; b < nb; b++) {
        for (int64_t i = 0; i < rr; i++)
            for (int64_t j = 0; j < std::min(i, n); j++) below += At(r, b, rr, n, i, j) != 0;
        if (!r_only) {
            orth = std::max(orth, Orthogonality(&q[(size_t)(b * m * qc)], m, qc));
            for (int64_t i = 0; i < m; i++)
                for (int64_t j = 0; j < n; j++) {
                    LD v = 0;
                    for (int64_t l = 0; l < qc; l++) v += (LD)At(q, b, m, qc, i, l) * At(r, b, rr, n, l, j);
                    res = std::max(res, (double)std::fabs(v - At(a, b, m, n, i, j)));
                }
        }
        for (int64_t i = 0; i < n; i++) // R^T R = A^T A holds for every mode
            for (int64_t j = 0; j < n; j++) {
                LD x = 0, y = 0;
                for (int64_t l = 0; l < rr; l++) x += (LD)At(r, b, rr, n, l, i) * At(r, b, rr, n, l, j);
                for (int64_t l = 0; l < m; l++) y += (LD)At(a, b, m, n, l, i) * At(a, b, m, n, l, j);
                gram = std::max(gram, (double)std::fabs(x - y));
            }
    }
    EXPECT(below == 0, "%s: %zu nonzeros below R's diagonal", what.c_str(), below);
    EXPECT(res <= lim, "%s: |Q R - A| = %g (limit %g)", what.c_str(), res, lim);
    EXPECT(orth <= 16 * m * Eps(dt), "%s: |Q^T Q - I| = %g", what.c_str(), orth);
    EXPECT(gram <= lim * std::max(1.0, MaxAbs(a)) * m, "%s: |R^T R - A^T A| = %g", what.c_str(), gram);
}

// kind: 0 random, 1 rank 1, 2 zero matrix
static void SvdCase(aclDataType dt, std::vector<int64_t> batch, int64_t m, int64_t n, bool full, bool uv, Layout lay,
                    uint64_t seed, int kind = 0)
{
    int64_t nb = GetShapeSize(batch), k = std::min(m, n), uc = full ? m : k, vc = full ? n : k;
    std::vector<int64_t> s = Cat(batch, {m, n}), ss = Cat(batch, {k}), us = Cat(batch, {m, uc}), vs = Cat(batch, {n, vc});
    Vec a = RandMats(dt, nb, m, n, seed, 0.4, 0);
    for (int64_t b = 0; b < nb && kind; b++)
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) At(a, b, m, n, i, j) = kind == 2 ? 0 : Quant(dt, (i % 4 - 1.5) * (j + 1) * 0.25);
    DevTensor ts, tsg, tu, tv;
    if (!ts.Init(dt, s, a, lay) || !tsg.Init(dt, ss, {}, STRIDED) || !tu.Init(dt, uv ? us : std::vector<int64_t>{1}, {}, lay == TRANSPOSED ? TRANSPOSED : CONTIG) ||
        !tv.Init(dt, uv ? vs : std::vector<int64_t>{1}, {}, STRIDED)) return;
    std::string what = Name("Svd", dt, s, lay, (std::string(full ? " full" : " reduced") + (uv ? "" : " no uv") + (kind == 1 ? " rank 1" : kind == 2 ? " zero" : "")).c_str());
    int rc = Run("Svd", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSvdGetWorkspaceSize(ts.t, full, uv, tsg.t, tu.t, tv.t, w, e); }, aclnnSvd);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    Vec sg = tsg.Read(), ref;
    size_t order = 0;
    for (int64_t b = 0; b < nb; b++) {
        Vec r = RefSingular(&a[(size_t)(b * m * n)], m, n);
        ref.insert(ref.end(), r.begin(), r.end());
        for (int64_t i = 0; i < k; i++) order += sg[(size_t)(b * k + i)] < 0 || (i && sg[(size_t)(b * k + i)] > sg[(size_t)(b * k + i - 1)]);
    }
    EXPECT(order == 0, "%s: %zu singular values negative or out of order", what.c_str(), order);
    double scale = std::max(1.0, MaxAbs(a)) * std::max(m, n), lim = 16 * std::max(m, n) * Eps(dt) * scale;
    // the reference's square roots of a Gram matrix's eigenvalues resolve a zero singular value
    // only to sqrt(long double eps) of the largest: that much slack on top
    double smax = ref.empty() ? 0 : *std::max_element(ref.begin(), ref.end());
    size_t off = 0;
    for (size_t i = 0; i < ref.size(); i++) off += !(std::fabs(sg[i] - ref[i]) <= lim + 1e-9 * smax);
    EXPECT(off == 0, "%s: %zu singular values off the reference by more than %g", what.c_str(), off, lim);
    if (!uv) {
        EXPECT(tu.CountClobbered() == 0 && tu.Read()[0] == -777.0 && tv.Read()[0] == Quant(dt, -777.0), "%s: u / v written without computeUV", what.c_str());
        return;
    }
    Vec u = tu.Read(), v = tv.Read();
    double ou = 0, ov = 0, res = 0;
    for (int64_t b = 0; b < nb; b++) {
        ou = std::max(ou, Orthogonality(&u[(size_t)(b * m * uc)], m, uc));
        ov = std::max(ov, Orthogonality(&v[(size_t)(b * n * vc)], n, vc));
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                LD x = 0;
                for (int64_t l = 0; l < k; l++) x += (LD)At(u, b, m, uc, i, l) * sg[(size_t)(b * k + l)] * At(v, b, n, vc, j, l);
                res = std::max(res, (double)std::fabs(x - At(a, b, m, n, i, j)));
            }
    }
    EXPECT(ou <= 32 * std::max(m, n) * Eps(dt), "%s: |U^T U - I| = %g", what.c_str(), ou);
    EXPECT(ov <= 32 * std::max(m, n) * Eps(dt), "%s: |V^T V - I| = %g", what.c_str(), ov);
    EXPECT(res <= lim, "%s: |U S V^T - A| = %g (limit %g)", what.c_str(), res, lim);
}

// Non-positive-definite input to Cholesky and a singular matrix to Inverse: no error code, the
// arithmetic's NaN / Inf (the real ops report nothing either: they have no info output).
static void TestBadMatrices()
{
    DevTensor a, o, s, si;
    if (!a.Init(ACL_FLOAT, {3, 3}, {1, 2, 0, 2, 1, 0, 0, 0, 1}, CONTIG) || !o.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) ||
        !s.Init(ACL_FLOAT, {3, 3}, {1, 2, 3, 2, 4, 6, 0, 1, 1}, CONTIG) || !si.Init(ACL_FLOAT, {3, 3}, {}, CONTIG)) return;
    if (!g_310p) {
        int rc = Run("LinalgCholesky", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLinalgCholeskyGetWorkspaceSize(a.t, false, o.t, w, e); }, aclnnLinalgCholesky);
        Vec l = o.Read();
        EXPECT(rc == 0 && l[0] == 1 && l[3] == 2 && std::isnan(l[4]), "Cholesky indefinite: rc %d, L = %g %g %g", rc, l[0], l[3], l[4]);
    }
    int rc = Run("Inverse", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInverseGetWorkspaceSize(s.t, si.t, w, e); }, aclnnInverse);
    Vec x = si.Read();
    size_t nonfinite = 0;
    for (double v : x) nonfinite += !std::isfinite(v);
    EXPECT(rc == 0 && nonfinite > 0, "Inverse singular: rc %d, %zu non-finite entries", rc, nonfinite);
}

// Empty batches run nothing (workspace 0) and leave the outputs alone.
static void TestEmpty()
{
    DevTensor a, o, sg, lg, q, r, sv, u, v;
    if (!a.Init(ACL_FLOAT, {0, 3, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {0, 3, 3}, {}, CONTIG) || !sg.Init(ACL_FLOAT, {0}, {}, CONTIG) ||
        !lg.Init(ACL_FLOAT, {0}, {}, CONTIG) || !q.Init(ACL_FLOAT, {0, 3, 3}, {}, CONTIG) || !r.Init(ACL_FLOAT, {0, 3, 3}, {}, CONTIG) ||
        !sv.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !u.Init(ACL_FLOAT, {0, 3, 3}, {}, CONTIG) || !v.Init(ACL_FLOAT, {0, 3, 3}, {}, CONTIG)) return;
    struct EmptyCase { const char *name; Stage1Fn s1; Stage2Fn s2; };
    std::vector<EmptyCase> cases = {
        {"Inverse", [&](uint64_t *w, aclOpExecutor **e) { return aclnnInverseGetWorkspaceSize(a.t, o.t, w, e); }, aclnnInverse},
        {"Slogdet", [&](uint64_t *w, aclOpExecutor **e) { return aclnnSlogdetGetWorkspaceSize(a.t, sg.t, lg.t, w, e); }, aclnnSlogdet},
        {"Logdet", [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogdetGetWorkspaceSize(a.t, sg.t, w, e); }, aclnnLogdet},
        {"LinalgQr", [&](uint64_t *w, aclOpExecutor **e) { return aclnnLinalgQrGetWorkspaceSize(a.t, 1, q.t, r.t, w, e); }, aclnnLinalgQr},
        {"Svd", [&](uint64_t *w, aclOpExecutor **e) { return aclnnSvdGetWorkspaceSize(a.t, true, true, sv.t, u.t, v.t, w, e); }, aclnnSvd},
    };
    if (!g_310p)
        cases.push_back({"LinalgCholesky", [&](uint64_t *w, aclOpExecutor **e) { return aclnnLinalgCholeskyGetWorkspaceSize(a.t, false, o.t, w, e); }, aclnnLinalgCholesky});
    for (auto &c : cases) {
        uint64_t ws = 99;
        aclOpExecutor *ex = nullptr;
        int rc = c.s1(&ws, &ex);
        EXPECT(rc == 0 && ws == 0, "%s empty batch: rc %d workspace %llu", c.name, rc, (unsigned long long)ws);
        if (rc == 0) EXPECT(c.s2(nullptr, 0, ex, g_stream) == 0, "%s empty batch: stage 2 failed", c.name);
    }
    EXPECT(aclrtSynchronizeStream(g_stream) == 0, "empty batches: sync failed");
    // QR of 3 x 0 matrices, complete: Q = I (3 x 3), R is 3 x 0
    DevTensor z, qz, rz;
    if (!z.Init(ACL_FLOAT, {2, 3, 0}, {}, CONTIG) || !qz.Init(ACL_FLOAT, {2, 3, 3}, {}, CONTIG) || !rz.Init(ACL_FLOAT, {2, 3, 0}, {}, CONTIG)) return;
    int rc = Run("LinalgQr", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLinalgQrGetWorkspaceSize(z.t, 1, qz.t, rz.t, w, e); }, aclnnLinalgQr);
    Vec qv = qz.Read();
    size_t bad = 0;
    for (size_t i = 0; i < qv.size(); i++) bad += qv[i] != (double)((i % 9) % 4 == 0);
    EXPECT(rc == 0 && bad == 0, "LinalgQr complete of 3 x 0: rc %d, %zu entries of Q not the identity", rc, bad);
}

static void TestValidation()
{
    DevTensor f33, f34, i33, f3, f1, h33, d33, f43, f44, f2, big, s0, d3;
    if (!f33.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !f34.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !i33.Init(ACL_INT32, {3, 3}, {}, CONTIG) ||
        !f3.Init(ACL_FLOAT, {3}, {}, CONTIG) || !f1.Init(ACL_FLOAT, {1}, {}, CONTIG) || !h33.Init(ACL_FLOAT16, {3, 3}, {}, CONTIG) ||
        !d33.Init(ACL_DOUBLE, {3, 3}, {}, CONTIG) || !f43.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !f44.Init(ACL_FLOAT, {4, 4}, {}, CONTIG) ||
        !f2.Init(ACL_FLOAT, {2}, {}, CONTIG) || !s0.Init(ACL_FLOAT, {}, {}, CONTIG) || !d3.Init(ACL_DOUBLE, {3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int P = ACLNN_ERR_PARAM_INVALID, N = ACLNN_ERR_PARAM_NULLPTR;
    // Cholesky: null -> out dtype = self dtype -> self dtype list -> format -> rank / shape -> square -> 8192
    ExpectError("Cholesky null self", aclnnLinalgCholeskyGetWorkspaceSize(nullptr, false, f33.t, &ws, &ex), N, "self");
    ExpectError("Cholesky null out", aclnnLinalgCholeskyGetWorkspaceSize(f33.t, false, nullptr, &ws, &ex), N, "out");
    ExpectError("Cholesky out dtype", aclnnLinalgCholeskyGetWorkspaceSize(f33.t, false, h33.t, &ws, &ex), P, "DT_FLOAT16");
    if (g_310p) {
        ExpectError("310P Cholesky FP32", aclnnLinalgCholeskyGetWorkspaceSize(f33.t, false, f33.t, &ws, &ex), P, "DT_FLOAT");
    } else {
        ExpectError("Cholesky DOUBLE", aclnnLinalgCholeskyGetWorkspaceSize(d33.t, false, d33.t, &ws, &ex), P, "DT_DOUBLE", "DT_BF16");
        aclTensor *nz = aclCreateTensor(f33.shape.data(), 2, ACL_FLOAT, f33.strides.data(), 0, ACL_FORMAT_NCHW, f33.storage.data(), 1, f33.dev);
        ExpectError("Cholesky format", aclnnLinalgCholeskyGetWorkspaceSize(f33.t, false, nz, &ws, &ex), P, "Format");
        aclDestroyTensor(nz);
        ExpectError("Cholesky rank 1", aclnnLinalgCholeskyGetWorkspaceSize(f3.t, false, f3.t, &ws, &ex), P, "dim");
        ExpectError("Cholesky out shape", aclnnLinalgCholeskyGetWorkspaceSize(f33.t, false, f44.t, &ws, &ex), P, "shape");
        ExpectError("Cholesky non-square", aclnnLinalgCholeskyGetWorkspaceSize(f34.t, false, f34.t, &ws, &ex), P, "square", "3 by 4");
        int64_t bs[2] = {8193, 8193}, zs[2] = {0, 0}, st1 = 1;
        aclTensor *b = aclCreateTensor(bs, 2, ACL_FLOAT, zs, 0, ACL_FORMAT_ND, &st1, 1, f33.dev);
        ExpectError("Cholesky 8193", aclnnLinalgCholeskyGetWorkspaceSize(b, false, b, &ws, &ex), P, "8192");
        aclDestroyTensor(b);
    }
    // Inverse: null -> self dtype -> out castable -> shape
    ExpectError("Inverse null", aclnnInverseGetWorkspaceSize(f33.t, nullptr, &ws, &ex), N, "out");
    ExpectError("Inverse INT32", aclnnInverseGetWorkspaceSize(i33.t, f33.t, &ws, &ex), P, "DT_INT32");
    ExpectError("Inverse out INT32", aclnnInverseGetWorkspaceSize(f33.t, i33.t, &ws, &ex), P, "DT_INT32", "cast");
    ExpectError("Inverse out shape", aclnnInverseGetWorkspaceSize(f33.t, f44.t, &ws, &ex), P, "shape");
    ExpectError("Inverse non-square", aclnnInverseGetWorkspaceSize(f34.t, f34.t, &ws, &ex), P, "square");
    ExpectError("Inverse rank 1", aclnnInverseGetWorkspaceSize(f3.t, f3.t, &ws, &ex), P, "dim");
    // Slogdet / Logdet: null -> dtypes -> rank -> square -> output shapes
    ExpectError("Slogdet null logOut", aclnnSlogdetGetWorkspaceSize(f33.t, s0.t, nullptr, &ws, &ex), N, "logOut");
    ExpectError("Slogdet FP16", aclnnSlogdetGetWorkspaceSize(h33.t, s0.t, s0.t, &ws, &ex), P, "DT_FLOAT16");
    ExpectError("Slogdet signOut INT32", aclnnSlogdetGetWorkspaceSize(f33.t, i33.t, s0.t, &ws, &ex), P, "signOut", "DT_INT32");
    ExpectError("Slogdet non-square", aclnnSlogdetGetWorkspaceSize(f34.t, s0.t, s0.t, &ws, &ex), P, "3 by 4");
    ExpectError("Slogdet rank 1", aclnnSlogdetGetWorkspaceSize(f3.t, s0.t, s0.t, &ws, &ex), P, "dim");
    ExpectError("Slogdet logOut shape", aclnnSlogdetGetWorkspaceSize(f33.t, s0.t, f1.t, &ws, &ex), P, "logOut", "[1]");
    ExpectError("Logdet null", aclnnLogdetGetWorkspaceSize(nullptr, s0.t, &ws, &ex), N, "self");
    ExpectError("Logdet out shape", aclnnLogdetGetWorkspaceSize(f33.t, f3.t, &ws, &ex), P, "out");
    // QR: null is ACLNN_ERR_INNER_NULLPTR in the real source; dtypes; shapes by mode
    ExpectError("LinalgQr null R", aclnnLinalgQrGetWorkspaceSize(f43.t, 0, f43.t, nullptr, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "R");
    ExpectError("Qr null self", aclnnQrGetWorkspaceSize(nullptr, true, f43.t, f33.t, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "self");
    ExpectError("LinalgQr INT32", aclnnLinalgQrGetWorkspaceSize(i33.t, 0, f33.t, f33.t, &ws, &ex), P, "DT_INT32");
    ExpectError("LinalgQr rank 1", aclnnLinalgQrGetWorkspaceSize(f3.t, 0, f3.t, f3.t, &ws, &ex), P, "dim");
    ExpectError("LinalgQr reduced Q", aclnnLinalgQrGetWorkspaceSize(f43.t, 0, f44.t, f33.t, &ws, &ex), P, "Q", "[4, 3]");
    ExpectError("LinalgQr complete R", aclnnLinalgQrGetWorkspaceSize(f43.t, 1, f44.t, f33.t, &ws, &ex), P, "R", "[4, 3]");
    ExpectError("LinalgQr r Q", aclnnLinalgQrGetWorkspaceSize(f43.t, 2, f43.t, f33.t, &ws, &ex), P, "Q", "[0]");
    ExpectError("Qr some=false Q", aclnnQrGetWorkspaceSize(f43.t, false, f43.t, f43.t, &ws, &ex), P, "Q", "[4, 4]");
    // SVD: null -> dtypes (list, then alike) -> rank -> sigma -> u, v (only with computeUV)
    ExpectError("Svd null v", aclnnSvdGetWorkspaceSize(f43.t, false, true, f3.t, f43.t, nullptr, &ws, &ex), N, "v");
    ExpectError("Svd FP16", aclnnSvdGetWorkspaceSize(h33.t, false, true, f3.t, f33.t, f33.t, &ws, &ex), P, "DT_FLOAT16");
    ExpectError("Svd sigma DOUBLE", aclnnSvdGetWorkspaceSize(f33.t, false, true, d3.t, f33.t, f33.t, &ws, &ex), P, "sigma", "DT_DOUBLE");
    ExpectError("Svd rank 1", aclnnSvdGetWorkspaceSize(f3.t, false, true, f3.t, f33.t, f33.t, &ws, &ex), P, "greater than or equal to 2");
    ExpectError("Svd sigma shape", aclnnSvdGetWorkspaceSize(f43.t, false, true, f2.t, f43.t, f33.t, &ws, &ex), P, "sigma");
    ExpectError("Svd reduced u", aclnnSvdGetWorkspaceSize(f43.t, false, true, f3.t, f44.t, f33.t, &ws, &ex), P, "tensor u");
    ExpectError("Svd full v", aclnnSvdGetWorkspaceSize(f43.t, true, true, f3.t, f44.t, f34.t, &ws, &ex), P, "tensor v");
    EXPECT(aclnnSvdGetWorkspaceSize(f43.t, true, false, f3.t, f1.t, f1.t, &ws, &ex) == 0, "Svd without computeUV checks u / v shapes");
    if (ex) aclDestroyAclOpExecutor(ex);
    (void)big;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_310p = std::string(aclrtGetSocName()).find("Ascend310P") == 0;
    uint64_t seed = 11;
    const Layout lays[3] = {CONTIG, STRIDED, TRANSPOSED};
    if (!g_310p) // Cholesky has no dtype on the 310P
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (int upper = 0; upper < 2; upper++) {
                CholeskyCase(dt, {}, 1, upper, CONTIG, seed++);
                CholeskyCase(dt, {3}, 6, upper, lays[seed % 3], seed); seed++;
                if (dt == ACL_FLOAT) { CholeskyCase(dt, {2, 3}, 17, upper, lays[seed % 3], seed); seed++; }
            }
    for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16}) {
        InverseCase(dt, dt, {}, 1, CONTIG, seed++);
        InverseCase(dt, dt, {4}, 5, lays[seed % 3], seed); seed++;
        InverseCase(dt, dt, {2, 2}, 12, lays[seed % 3], seed); seed++;
    }
    InverseCase(ACL_FLOAT16, ACL_FLOAT, {3}, 4, CONTIG, seed++);
    InverseCase(ACL_FLOAT, ACL_DOUBLE, {3}, 7, TRANSPOSED, seed++);
    for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE})
        for (int kind = 0; kind < 3; kind++) {
            DetCase(dt, dt, dt, {}, 1, CONTIG, kind, seed++);
            DetCase(dt, dt, dt, {5}, 4, lays[seed % 3], kind, seed); seed++;
            DetCase(dt, dt, dt, {2, 3}, 9, lays[seed % 3], kind, seed); seed++;
        }
    DetCase(ACL_FLOAT, ACL_DOUBLE, ACL_DOUBLE, {6}, 30, TRANSPOSED, 0, seed++);
    for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16})
        for (int mode = 0; mode < 5; mode++) {
            QrCase(dt, {}, 1, 1, mode, CONTIG, seed++);
            QrCase(dt, {3}, 7, 4, mode, lays[seed % 3], seed); seed++;
            QrCase(dt, {2, 2}, 4, 9, mode, lays[seed % 3], seed); seed++;
            if (dt == ACL_FLOAT) QrCase(dt, {2}, 6, 5, mode, STRIDED, seed++, true);
        }
    for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE})
        for (int full = 0; full < 2; full++) {
            SvdCase(dt, {}, 1, 1, full, true, CONTIG, seed++);
            SvdCase(dt, {3}, 8, 5, full, true, lays[seed % 3], seed); seed++;
            SvdCase(dt, {2, 2}, 4, 7, full, true, lays[seed % 3], seed); seed++;
            SvdCase(dt, {2}, 6, 6, full, false, CONTIG, seed++);
            SvdCase(dt, {2}, 7, 5, full, true, STRIDED, seed++, 1);
            SvdCase(dt, {1}, 3, 5, full, true, CONTIG, seed++, 2);
        }
    SvdCase(ACL_FLOAT, {4}, 24, 24, false, true, TRANSPOSED, seed++);
    TestBadMatrices();
    TestEmpty();
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
