// aclnnCdist, aclnnCdistBackward, aclnnPdist and aclnnPdistForward against long-double
// references written here (p = 0, 1, 2, Inf and general p, including p < 1), the gradient also
// against central differences of the reference distance; batch broadcasting, mixed ranks,
// strided / transposed views, zero features (distances 0), single rows (no pairs), empty
// batches, every validation path, and the 310P profile (no Cdist dtype there).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_cdist.h"
#include "aclnnop/aclnn_cdist_backward.h"
#include "aclnnop/aclnn_pdist.h"
#include "aclnnop/aclnn_pdist_forward.h"

typedef std::vector<double> Vec;
typedef long double LD;
static aclrtStream g_stream;
static bool g_310p;

static LD Dist(const double *a, const double *b, int64_t m, double p)
{
    LD acc = 0;
    for (int64_t k = 0; k < m; k++) {
        LD d = std::fabs((LD)a[k] - b[k]);
        if (p == 0) acc += d != 0;
        else if (std::isinf(p)) acc = std::max(acc, d);
        else acc += std::pow(d, (LD)p);
    }
    return p == 0 || std::isinf(p) ? acc : std::pow(acc, 1 / (LD)p);
}

// Values with repeats (integers / 4), so that p = 0 and the max norm meet equal features.
static Vec Data(aclDataType dt, size_t n, uint64_t seed)
{
    Vec v = RandomValues(n, seed, 0.4);
    for (double &x : v) x = std::round(x * 4) / 4;
    return QuantAll(dt, v);
}

static std::string PStr(double p) { return std::isinf(p) ? "inf" : std::to_string(p).substr(0, 4); }

// element (b, i, k) of a [..batch.., rows, m] tensor with batch dims that broadcast onto bshape
static double Row(const Vec &v, const std::vector<int64_t> &s, const std::vector<int64_t> &bidx, int64_t i, int64_t k)
{
    size_t nb = s.size() - 2, off = bidx.size() - nb;
    int64_t f = 0;
    for (size_t d = 0; d < nb; d++) f = f * s[d] + (s[d] == 1 ? 0 : bidx[off + d]);
    return v[(size_t)((f * s[nb] + i) * s[nb + 1] + k)];
}

static void CdistCase(aclDataType dt, std::vector<int64_t> s1, std::vector<int64_t> s2, double p, Layout lay, uint64_t seed)
{
    size_t nd = std::max(s1.size(), s2.size()), nb = nd - 2;
    std::vector<int64_t> bs(nb), so;
    for (size_t i = 0; i < nb; i++) {
        int64_t a = i + s1.size() >= nd ? s1[i + s1.size() - nd] : 1, b = i + s2.size() >= nd ? s2[i + s2.size() - nd] : 1;
        bs[i] = std::max(a, b);
    }
    int64_t P = s1[s1.size() - 2], R = s2[s2.size() - 2], M = s1.back(), B = GetShapeSize(bs);
    so = bs;
    so.push_back(P);
    so.push_back(R);
    Vec x1 = Data(dt, (size_t)GetShapeSize(s1), seed), x2 = Data(dt, (size_t)GetShapeSize(s2), seed + 1);
    DevTensor t1, t2, to;
    if (!t1.Init(dt, s1, x1, lay) || !t2.Init(dt, s2, x2, CONTIG) || !to.Init(dt, so, {}, lay == CONTIG ? CONTIG : STRIDED)) return;
    std::string what = std::string("Cdist ") + DtName(dt) + " p " + PStr(p) + " P " + std::to_string(P) + " R " + std::to_string(R) + " M " + std::to_string(M) + " rank " + std::to_string(nd);
    int rc = Run("Cdist", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCdistGetWorkspaceSize(t1.t, t2.t, (float)p, 2, to.t, w, e); }, aclnnCdist);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    Vec ref((size_t)(B * P * R)), r1((size_t)M), r2((size_t)M);
    for (int64_t b = 0; b < B; b++) {
        std::vector<int64_t> bidx(nb);
        for (int64_t d = (int64_t)nb - 1, q = b; d >= 0; d--) { bidx[(size_t)d] = q % bs[(size_t)d]; q /= bs[(size_t)d]; }
        for (int64_t i = 0; i < P; i++)
            for (int64_t j = 0; j < R; j++) {
                for (int64_t k = 0; k < M; k++) { r1[(size_t)k] = Row(x1, s1, bidx, i, k); r2[(size_t)k] = Row(x2, s2, bidx, j, k); }
                ref[(size_t)((b * P + i) * R + j)] = (double)Dist(r1.data(), r2.data(), M, p);
            }
    }
    CheckDtype(what.c_str(), dt, to.Read(), ref);
}

// grad of sum(g * cdist(x1, x2)) with respect to x1: the closed forms, and central differences
static void CdistGradCase(aclDataType dt, std::vector<int64_t> s1, std::vector<int64_t> s2, double p, Layout lay, uint64_t seed)
{
    size_t nd = s1.size(), nb = nd - 2;
    std::vector<int64_t> bs(nb), sc;
    for (size_t i = 0; i < nb; i++) bs[i] = std::max(s1[i], s2[i]);
    int64_t P = s1[nb], R = s2[nb], M = s1.back(), B = GetShapeSize(bs);
    sc = bs;
    sc.push_back(P);
    sc.push_back(R);
    Vec x1 = Data(dt, (size_t)GetShapeSize(s1), seed), x2 = Data(dt, (size_t)GetShapeSize(s2), seed + 1);
    Vec g = QuantAll(dt, RandomValues((size_t)GetShapeSize(sc), seed + 2, 0.3)), cd((size_t)GetShapeSize(sc));
    Vec r1((size_t)M), r2((size_t)M), ref((size_t)GetShapeSize(s1), 0.0), fd((size_t)GetShapeSize(s1), 0.0);
    auto bidx_of = [&](int64_t b) { std::vector<int64_t> ix(nb); for (int64_t d = (int64_t)nb - 1; d >= 0; d--) { ix[(size_t)d] = b % bs[(size_t)d]; b /= bs[(size_t)d]; } return ix; };
    auto x1_at = [&](const std::vector<int64_t> &ix, int64_t i) { int64_t f = 0; for (size_t d = 0; d < nb; d++) f = f * s1[d] + (s1[d] == 1 ? 0 : ix[d]); return (f * P + i) * M; };
    for (int64_t b = 0; b < B; b++) {
        auto ix = bidx_of(b);
        for (int64_t i = 0; i < P; i++)
            for (int64_t j = 0; j < R; j++) {
                for (int64_t k = 0; k < M; k++) { r1[(size_t)k] = Row(x1, s1, ix, i, k); r2[(size_t)k] = Row(x2, s2, ix, j, k); }
                double dist = Quant(dt, (double)Dist(r1.data(), r2.data(), M, p)), gr = g[(size_t)((b * P + i) * R + j)];
                cd[(size_t)((b * P + i) * R + j)] = dist;
                for (int64_t k = 0; k < M && p != 0 && dist != 0; k++) {
                    double d = r1[(size_t)k] - r2[(size_t)k], dd;
                    if (d == 0) continue;
                    if (p == 1) dd = d > 0 ? 1 : -1;
                    else if (p == 2) dd = d / dist;
                    else if (std::isinf(p)) dd = std::fabs(d) == dist ? (d > 0 ? 1 : -1) : 0;
                    else dd = (double)((LD)d * std::pow(std::fabs((LD)d), (LD)p - 2) / std::pow((LD)dist, (LD)p - 1));
                    ref[(size_t)(x1_at(ix, i) + k)] += gr * dd;
                }
                if (p == 2 || p == 3) // central differences of the reference distance (smooth away from 0)
                    for (int64_t k = 0; k < M; k++) {
                        const LD h = 1e-7L;
                        Vec a = r1, c = r1;
                        a[(size_t)k] += (double)h; c[(size_t)k] -= (double)h;
                        LD da = Dist(a.data(), r2.data(), M, p), dc = Dist(c.data(), r2.data(), M, p);
                        LD hh = (LD)a[(size_t)k] - (LD)c[(size_t)k];
                        if (dist != 0) fd[(size_t)(x1_at(ix, i) + k)] += (double)(gr * (da - dc) / hh);
                    }
            }
    }
    DevTensor tg, t1, t2, tc, to;
    if (!tg.Init(dt, sc, g, lay) || !t1.Init(dt, s1, x1, CONTIG) || !t2.Init(dt, s2, x2, lay) || !tc.Init(dt, sc, cd, CONTIG) ||
        !to.Init(dt, s1, {}, STRIDED)) return;
    std::string what = std::string("CdistBackward ") + DtName(dt) + " p " + PStr(p) + " batch " + std::to_string(B) + " P " + std::to_string(P) + " R " + std::to_string(R) + " M " + std::to_string(M);
    int rc = Run("CdistBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnCdistBackwardGetWorkspaceSize(tg.t, t1.t, t2.t, tc.t, std::isinf(p) ? -1.0f : (float)p, to.t, w, e); }, aclnnCdistBackward);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    Vec got = to.Read();
    CheckDtype(what.c_str(), dt, got, ref);
    if ((p == 2 || p == 3) && dt == ACL_FLOAT) // fp16: the rounded cdist input moves the result by ~1e-3
        CheckAccuracy((what + " vs central differences").c_str(), got, fd, 1e-3, 1e-4, 1e-2);
}

static void PdistCase(aclDataType dt, int64_t n, int64_t m, double p, Layout lay, bool scalar_p, uint64_t seed)
{
    int64_t pairs = n * (n - 1) / 2;
    Vec x = Data(dt, (size_t)(n * m), seed);
    DevTensor ts, to;
    if (!ts.Init(dt, {n, m}, x, lay) || !to.Init(dt, {pairs}, {}, lay == CONTIG ? CONTIG : STRIDED, 9)) return;
    std::string what = std::string(scalar_p ? "PdistForward " : "Pdist ") + DtName(dt) + " p " + PStr(p) + " N " + std::to_string(n) + " M " + std::to_string(m);
    float pf = (float)p;
    aclScalar *ps = aclCreateScalar(&pf, ACL_FLOAT);
    int rc = scalar_p ? Run("PdistForward", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnPdistForwardGetWorkspaceSize(ts.t, ps, to.t, w, e); }, aclnnPdistForward)
                      : Run("Pdist", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnPdistGetWorkspaceSize(ts.t, pf, to.t, w, e); }, aclnnPdist);
    aclDestroyScalar(ps);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    Vec ref;
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = i + 1; j < n; j++) ref.push_back((double)Dist(x.data() + (size_t)(i * m), x.data() + (size_t)(j * m), m, p));
    CheckDtype(what.c_str(), dt, to.Read(), ref);
}

static void TestValidation()
{
    DevTensor f53, f43, f54, f52, h53, i53, f5, f10, f3, h10, f3d, f4, f2c;
    if (!f53.Init(ACL_FLOAT, {5, 3}, {}, CONTIG) || !f43.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !f54.Init(ACL_FLOAT, {5, 4}, {}, CONTIG) ||
        !f52.Init(ACL_FLOAT, {5, 2}, {}, CONTIG) || !h53.Init(ACL_FLOAT16, {5, 3}, {}, CONTIG) || !i53.Init(ACL_INT32, {5, 3}, {}, CONTIG) ||
        !f5.Init(ACL_FLOAT, {5}, {}, CONTIG) || !f10.Init(ACL_FLOAT, {10}, {}, CONTIG) || !f3.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !h10.Init(ACL_FLOAT16, {10}, {}, CONTIG) || !f3d.Init(ACL_FLOAT, {2, 4, 3}, {}, CONTIG) || !f4.Init(ACL_FLOAT, {3, 4, 3}, {}, CONTIG) ||
        !f2c.Init(ACL_FLOAT, {2, 5, 4}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const int P = ACLNN_ERR_PARAM_INVALID, N = ACLNN_ERR_PARAM_NULLPTR;
    ExpectError("Cdist null x2", aclnnCdistGetWorkspaceSize(f53.t, nullptr, 2, 2, f54.t, &ws, &ex), N, "x2");
    if (g_310p) {
        ExpectError("310P Cdist FP32", aclnnCdistGetWorkspaceSize(f53.t, f43.t, 2, 2, f54.t, &ws, &ex), P, "DT_FLOAT");
    } else {
        ExpectError("Cdist INT32", aclnnCdistGetWorkspaceSize(i53.t, f43.t, 2, 2, f54.t, &ws, &ex), P, "DT_INT32");
        ExpectError("Cdist x1 dtype", aclnnCdistGetWorkspaceSize(h53.t, f43.t, 2, 2, f54.t, &ws, &ex), P, "DT_FLOAT16");
        ExpectError("Cdist rank 1", aclnnCdistGetWorkspaceSize(f53.t, f3.t, 2, 2, f54.t, &ws, &ex), P, "x2");
        ExpectError("Cdist features", aclnnCdistGetWorkspaceSize(f53.t, f54.t, 2, 2, f54.t, &ws, &ex), P, "X1 got: 3, X2 got: 4");
        ExpectError("Cdist negative p", aclnnCdistGetWorkspaceSize(f53.t, f43.t, -1, 2, f54.t, &ws, &ex), P, "non-negative p");
        ExpectError("Cdist NaN p", aclnnCdistGetWorkspaceSize(f53.t, f43.t, NAN, 2, f54.t, &ws, &ex), P, "non-negative p");
        ExpectError("Cdist compute_mode", aclnnCdistGetWorkspaceSize(f53.t, f43.t, 2, 0, f54.t, &ws, &ex), P, "compute_mode 0");
        ExpectError("Cdist broadcast", aclnnCdistGetWorkspaceSize(f3d.t, f4.t, 1, 0, f54.t, &ws, &ex), P, "cannot broadcast");
        ExpectError("Cdist out shape", aclnnCdistGetWorkspaceSize(f53.t, f43.t, 1, 0, f53.t, &ws, &ex), P, "[5, 4]", "[5, 3]");
    }
    ExpectError("CdistBackward null cdist", aclnnCdistBackwardGetWorkspaceSize(f54.t, f53.t, f43.t, nullptr, 2, f53.t, &ws, &ex), N, "cdist");
    ExpectError("CdistBackward mixed dtypes", aclnnCdistBackwardGetWorkspaceSize(f54.t, h53.t, f43.t, f54.t, 2, f53.t, &ws, &ex), P, "same datatype");
    ExpectError("CdistBackward ranks", aclnnCdistBackwardGetWorkspaceSize(f54.t, f53.t, f3d.t, f54.t, 2, f53.t, &ws, &ex), P, "same dim num");
    ExpectError("CdistBackward rank 1", aclnnCdistBackwardGetWorkspaceSize(f5.t, f5.t, f5.t, f5.t, 2, f5.t, &ws, &ex), P, "grad");
    ExpectError("CdistBackward features", aclnnCdistBackwardGetWorkspaceSize(f54.t, f53.t, f54.t, f54.t, 2, f53.t, &ws, &ex), P, "Broadcast");
    ExpectError("CdistBackward cdist shape", aclnnCdistBackwardGetWorkspaceSize(f53.t, f53.t, f43.t, f53.t, 2, f53.t, &ws, &ex), P, "cdist[1] : 3 should be equal to 4");
    ExpectError("CdistBackward grad shape", aclnnCdistBackwardGetWorkspaceSize(f53.t, f53.t, f43.t, f54.t, 2, f53.t, &ws, &ex), P, "grad");
    ExpectError("CdistBackward out shape", aclnnCdistBackwardGetWorkspaceSize(f54.t, f53.t, f43.t, f54.t, 2, f54.t, &ws, &ex), P, "out");
    ExpectError("CdistBackward p", aclnnCdistBackwardGetWorkspaceSize(f54.t, f53.t, f43.t, f54.t, -2, f53.t, &ws, &ex), P, "non-negative p");
    ExpectError("Pdist null out", aclnnPdistGetWorkspaceSize(f53.t, 2, nullptr, &ws, &ex), N, "out");
    ExpectError("Pdist INT32", aclnnPdistGetWorkspaceSize(i53.t, 2, f10.t, &ws, &ex), P, "DT_INT32");
    ExpectError("Pdist out dtype", aclnnPdistGetWorkspaceSize(f53.t, 2, h10.t, &ws, &ex), P, "DT_FLOAT16");
    ExpectError("Pdist 1-D self", aclnnPdistGetWorkspaceSize(f5.t, 2, f10.t, &ws, &ex), P, "self dim");
    ExpectError("Pdist 2-D out", aclnnPdistGetWorkspaceSize(f53.t, 2, f53.t, &ws, &ex), P, "out dim");
    ExpectError("Pdist out size", aclnnPdistGetWorkspaceSize(f53.t, 2, f5.t, &ws, &ex), P, "N = 5");
    ExpectError("Pdist negative p", aclnnPdistGetWorkspaceSize(f53.t, -0.5f, f10.t, &ws, &ex), P, "non-negative p");
    ExpectError("Pdist NaN p", aclnnPdistGetWorkspaceSize(f53.t, NAN, f10.t, &ws, &ex), P, "non-negative p");
    float neg = -1.0f;
    aclScalar *ps = aclCreateScalar(&neg, ACL_FLOAT);
    ExpectError("PdistForward null p", aclnnPdistForwardGetWorkspaceSize(f53.t, nullptr, f10.t, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "pScalar");
    ExpectError("PdistForward negative p", aclnnPdistForwardGetWorkspaceSize(f53.t, ps, f10.t, &ws, &ex), P, "pScalar only supports");
    aclDestroyScalar(ps);
    (void)f52; (void)f2c;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_310p = std::string(aclrtGetSocName()).find("Ascend310P") == 0;
    const double ps[6] = {0, 1, 2, INFINITY, 3, 0.5};
    uint64_t seed = 5;
    if (!g_310p) {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (double p : ps) {
                CdistCase(dt, {5, 3}, {4, 3}, p, CONTIG, seed++);
                if (dt == ACL_FLOAT) {
                    CdistCase(dt, {2, 5, 7}, {1, 4, 7}, p, TRANSPOSED, seed++);
                    CdistCase(dt, {3, 1, 6, 4}, {2, 5, 4}, p, STRIDED, seed++);
                }
            }
        CdistCase(ACL_FLOAT, {4, 0}, {3, 0}, 2, CONTIG, seed++); // no features: 0
        DevTensor e1, e2, eo; // a zero batch: nothing runs
        if (e1.Init(ACL_FLOAT, {0, 4, 3}, {}, CONTIG) && e2.Init(ACL_FLOAT, {0, 2, 3}, {}, CONTIG) && eo.Init(ACL_FLOAT, {0, 4, 2}, {}, CONTIG)) {
            uint64_t ws = 1;
            aclOpExecutor *ex = nullptr;
            EXPECT(aclnnCdistGetWorkspaceSize(e1.t, e2.t, 2, 2, eo.t, &ws, &ex) == 0 && ws == 0, "Cdist empty batch: stage 1");
            EXPECT(aclnnCdist(nullptr, 0, ex, g_stream) == 0 && aclrtSynchronizeStream(g_stream) == 0, "Cdist empty batch: stage 2");
        }
    }
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16})
        for (double p : ps) {
            CdistGradCase(dt, {4, 3}, {5, 3}, p, CONTIG, seed++);
            if (dt == ACL_FLOAT) CdistGradCase(dt, {2, 3, 4}, {2, 6, 4}, p, STRIDED, seed++);
        }
    CdistGradCase(ACL_FLOAT, {1, 3, 4}, {3, 2, 4}, 2, TRANSPOSED, seed++); // x1's batch broadcast: summed
    CdistGradCase(ACL_FLOAT, {2, 3, 4}, {1, 2, 4}, 3, CONTIG, seed++);
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16})
        for (double p : ps)
            for (int fwd = 0; fwd < 2; fwd++) {
                PdistCase(dt, 6, 4, p, fwd ? STRIDED : TRANSPOSED, fwd, seed++);
                PdistCase(dt, 1, 3, p, CONTIG, fwd, seed++); // no pairs
            }
    PdistCase(ACL_FLOAT, 5, 0, 2, CONTIG, false, seed++); // no features: 0
    PdistCase(ACL_FLOAT, 5, 0, 2, CONTIG, true, seed++);
    PdistCase(ACL_FLOAT, 40, 9, 2, CONTIG, false, seed++);
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
