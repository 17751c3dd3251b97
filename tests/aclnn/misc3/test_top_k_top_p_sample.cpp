// aclnnTopKTopPSample (ops-nn index/top_k_top_p_sample): the winner index and the kept logits
// checked against a double-precision reference written here from the op's three row paths
// (top-k [+ top-p], no filter, top-p with a guessed k and the full-sort fallback), q taken at the
// sorted positions as the kernel reads it; cases whose decision is closer than 1e-4 to a tie are
// not asserted (counted); the generated checks and the tiling's refusals with codes and
// messages; 310P / 950: no kernel (361001).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_top_k_top_p_sample.h"

static aclrtStream g_stream = nullptr;
static int g_fragile = 0, g_checked = 0;

struct RowRef {
    int64_t idx;
    std::vector<int64_t> kept;
    bool fragile;
};

static std::vector<double> Softmax(const std::vector<double> &v, size_t n)
{
    std::vector<double> e(n);
    double m = v[0], s = 0;
    for (size_t j = 0; j < n; j++) m = std::max(m, v[j]);
    for (size_t j = 0; j < n; j++) s += (e[j] = std::exp(v[j] - m));
    for (auto &x : e) x /= s;
    return e;
}

// first j with sum(pr[0..j]) > p, +1 (0: none); fragile when the sum passes within tol of p
static size_t Cut(const std::vector<double> &pr, size_t n, double p, bool &fragile)
{
    double c = 0;
    for (size_t j = 0; j < n; j++) {
        c += pr[j];
        if (std::fabs(c - p) < 1e-4) fragile = true;
        if (c > p) return j + 1;
    }
    return 0;
}

// argmax of w / (|q| + eps); fragile when the two best are within 1e-4 (relative)
static size_t Race(const std::vector<double> &w, size_t n, const double *q, double eps, bool &fragile)
{
    std::vector<double> t(n);
    for (size_t j = 0; j < n; j++) t[j] = q ? w[j] / (std::fabs(q[j]) + eps) : w[j];
    size_t b = 0;
    for (size_t j = 1; j < n; j++)
        if (t[j] > t[b]) b = j;
    for (size_t j = 0; j < n; j++)
        if (j != b && t[j] > t[b] * (1 - 1e-4)) fragile = true;
    return b;
}

static RowRef Reference(const std::vector<double> &x, uint32_t k, double p, const double *q, double eps, uint32_t guess)
{
    const size_t V = x.size();
    RowRef r{0, {}, false};
    std::vector<size_t> ord(V);
    std::iota(ord.begin(), ord.end(), 0);
    auto byDesc = [](const std::vector<double> &v) {
        return [&v](size_t a, size_t b) { return v[a] > v[b] || (v[a] == v[b] && a < b); };
    };
    const uint32_t kmax = (uint32_t)std::min<size_t>(V, 1024);
    if (k >= 1 && k <= kmax) {
        std::stable_sort(ord.begin(), ord.end(), byDesc(x));
        std::vector<double> sv(k);
        for (size_t j = 0; j < k; j++) sv[j] = x[ord[j]];
        size_t n = k;
        if (p > 0 && p < 1) {
            size_t c = Cut(Softmax(sv, k), k, p, r.fragile);
            n = c ? c : k;
        }
        std::vector<double> w = Softmax(sv, n);
        r.idx = (int64_t)ord[Race(w, n, q, eps, r.fragile)];
        r.kept.assign(ord.begin(), ord.begin() + (long)n);
        return r;
    }
    std::vector<double> pr = Softmax(x, V);
    if (!(p > 0 && p < 1)) {
        r.idx = (int64_t)Race(pr, V, q, eps, r.fragile);
        return r;
    }
    std::stable_sort(ord.begin(), ord.end(), byDesc(pr));
    std::vector<double> sp(V);
    for (size_t j = 0; j < V; j++) sp[j] = pr[ord[j]];
    size_t kc = std::min<size_t>(std::min<uint32_t>(guess, 1024), V);
    size_t n = Cut(sp, kc, p, r.fragile);
    if (!n) {
        n = Cut(sp, V, p, r.fragile);
        if (!n) n = V;
        if (!q) {
            r.idx = (int64_t)ord[0];
            r.kept.assign(ord.begin(), ord.begin() + (long)n);
            return r;
        }
    }
    // the kernel samples the softmax of the kept probabilities
    std::vector<double> w = Softmax(std::vector<double>(sp.begin(), sp.begin() + (long)n), n);
    r.idx = (int64_t)ord[Race(w, n, q, eps, r.fragile)];
    r.kept.assign(ord.begin(), ord.begin() + (long)n);
    return r;
}

struct Case {
    aclDataType dt;
    int64_t B, V;
    std::vector<double> ks, ps; // per row
    bool withQ, needLogits;
    int64_t guess;
    double eps;
    Layout layout;
    double scale; // logits spread
    Case(aclDataType d, int64_t b, int64_t v, std::vector<double> k, std::vector<double> p, bool wq, bool nl, int64_t g)
        : dt(d), B(b), V(v), ks(k), ps(p), withQ(wq), needLogits(nl), guess(g), eps(1e-8), layout(CONTIG), scale(3.0)
    {
    }
};

static void RunCase(const char *name, const Case &c, uint64_t seed)
{
    Lcg rng(seed);
    const int64_t B = c.B, V = c.V;
    std::vector<double> lg((size_t)(B * V)), q((size_t)(B * V));
    for (auto &v : lg) v = Quant(c.dt, (rng.uniform() * 2 - 1) * c.scale + (rng.uniform() < 0.01 ? 4 : 0));
    for (auto &v : q) v = (double)(float)(-std::log(rng.uniform() + 1e-12) * (rng.uniform() < 0.5 ? 1 : -1));
    std::vector<double> ps = QuantAll(c.dt, c.ps);
    DevTensor tl, tk, tp, tq, ti, ts;
    if (!tl.Init(c.dt, {B, V}, lg, c.layout) || !tk.Init(ACL_INT32, {B}, c.ks, c.layout) ||
        !tp.Init(c.dt, {B}, ps, c.layout) || !tq.Init(ACL_FLOAT, {B, V}, q, c.layout) ||
        !ti.Init(ACL_INT64, {B}, {}, c.layout, -5) || !ts.Init(ACL_FLOAT, {B, V}, {}, c.layout, 7)) {
        EXPECT(false, "%s: tensors", name);
        return;
    }
    int r = Run("aclnnTopKTopPSample", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnTopKTopPSampleGetWorkspaceSize(tl.t, tk.t, tp.t, c.withQ ? tq.t : nullptr, c.eps,
                                                               c.needLogits, c.guess, ti.t, ts.t, ws, ex);
                },
                aclnnTopKTopPSample);
    EXPECT(r == 0, "%s: run %d", name, r);
    if (r) return;
    std::vector<double> idx = ti.Read(), sel = ts.Read();
    int bad = 0;
    for (int64_t b = 0; b < B; b++) {
        std::vector<double> x(lg.begin() + b * V, lg.begin() + (b + 1) * V);
        RowRef ref = Reference(x, (uint32_t)(int32_t)c.ks[(size_t)b], ps[(size_t)b], c.withQ ? &q[(size_t)(b * V)] : nullptr,
                               (double)(float)c.eps, (uint32_t)c.guess);
        if (ref.fragile) {
            g_fragile++;
            continue;
        }
        g_checked++;
        if ((int64_t)idx[(size_t)b] != ref.idx && bad++ < 5)
            EXPECT(false, "%s: row %lld index %lld, expected %lld", name, (long long)b, (long long)idx[(size_t)b],
                   (long long)ref.idx);
        if (c.needLogits) {
            std::vector<double> want((size_t)V, -INFINITY);
            for (int64_t i : ref.kept) want[(size_t)i] = x[(size_t)i];
            for (int64_t i = 0; i < V; i++)
                if (sel[(size_t)(b * V + i)] != want[(size_t)i] && bad++ < 5)
                    EXPECT(false, "%s: row %lld logitsTopKPSelect[%lld] %g, expected %g", name, (long long)b,
                           (long long)i, sel[(size_t)(b * V + i)], want[(size_t)i]);
        } else {
            // not asked for: left as it was
            for (int64_t i = 0; i < V; i++)
                if (sel[(size_t)(b * V + i)] != 7 && bad++ < 5)
                    EXPECT(false, "%s: logitsTopKPSelect written without isNeedLogits", name);
        }
    }
    EXPECT(ts.CountClobbered(7) == 0 && ti.CountClobbered(-5) == 0, "%s: storage outside the views written", name);
}

static void Values()
{
    // top-k path: several k, with / without top-p and q, both dtypes
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
        Case c(dt, 8, 3000, {1, 5, 50, 1024, 7, 300, 2, 64}, {0.5, 1.0, 0.3, 0.9, 0, 0.7, 0.99, 0.05}, true, true, 32);
        RunCase(dt == ACL_FLOAT16 ? "topk fp16 q" : "topk bf16 q", c, 11 + dt);
        c.withQ = false;
        c.needLogits = false;
        RunCase("topk no q", c, 12 + dt);
    }
    // no top-k (k beyond min(V, 1024) or negative), no top-p: the whole-row softmax, with / without q;
    // V past one 8192-element chunk
    {
        Case c(ACL_FLOAT16, 4, 20000, {-1, 2000, 5000, -7}, {1.0, 0, 1.0, 2.0}, true, true, 32);
        RunCase("no filter q", c, 21);
        c.withQ = false;
        RunCase("no filter", c, 22);
    }
    // top-p with a guessed k: peaked rows (the guess finds p) and flat rows (full sort)
    {
        Case c(ACL_BF16, 6, 12000, {-1, -1, -1, -1, 4096, -1}, {0.2, 0.6, 0.9, 0.98, 0.5, 0.4}, true, true, 32);
        c.scale = 12.0;
        RunCase("guess peaked q", c, 31);
        c.scale = 1.0;
        RunCase("guess flat q", c, 32);
        c.withQ = false;
        RunCase("guess flat", c, 33);
        c.guess = 2000; // capped at 1024
        c.withQ = true;
        RunCase("guess 2000", c, 34);
    }
    // non-contiguous views, several rows per core
    {
        Case c(ACL_FLOAT16, 70, 257, {}, {}, true, true, 16);
        for (int i = 0; i < 70; i++) {
            c.ks.push_back(i % 3 == 0 ? -1 : (double)(1 + i * 3));
            c.ps.push_back(i % 4 == 0 ? 1.0 : 0.1 + 0.012 * i);
        }
        c.layout = STRIDED;
        RunCase("strided", c, 41);
        c.layout = CONTIG;
        c.V = 5;
        RunCase("tiny V", c, 42);
    }
}

static void Validation()
{
    DevTensor lg, k, p, q, idx, sel, lg32, k64, p16, qh, idx32, sel16, lg1, lg3, lgBig, pBig, k2, p2, kB, qS, selS, idxS,
        lgNZ;
    if (!lg.Init(ACL_BF16, {4, 16}, {}, CONTIG) || !k.Init(ACL_INT32, {4}, {}, CONTIG) || !p.Init(ACL_BF16, {4}, {}, CONTIG) ||
        !q.Init(ACL_FLOAT, {4, 16}, {}, CONTIG) || !idx.Init(ACL_INT64, {4}, {}, CONTIG) ||
        !sel.Init(ACL_FLOAT, {4, 16}, {}, CONTIG) || !lg32.Init(ACL_FLOAT, {4, 16}, {}, CONTIG) ||
        !k64.Init(ACL_INT64, {4}, {}, CONTIG) || !p16.Init(ACL_FLOAT16, {4}, {}, CONTIG) ||
        !qh.Init(ACL_FLOAT16, {4, 16}, {}, CONTIG) || !idx32.Init(ACL_INT32, {4}, {}, CONTIG) ||
        !sel16.Init(ACL_FLOAT16, {4, 16}, {}, CONTIG) || !lg1.Init(ACL_BF16, {16}, {}, CONTIG) ||
        !lg3.Init(ACL_BF16, {4, 2, 8}, {}, CONTIG) || !lgBig.Init(ACL_BF16, {1, 1048577}, {}, CONTIG) ||
        !pBig.Init(ACL_BF16, {1}, {}, CONTIG) || !k2.Init(ACL_INT32, {4, 1}, {}, CONTIG) ||
        !p2.Init(ACL_BF16, {4, 1}, {}, CONTIG) || !kB.Init(ACL_INT32, {5}, {}, CONTIG) ||
        !qS.Init(ACL_FLOAT, {4, 15}, {}, CONTIG) || !selS.Init(ACL_FLOAT, {4, 17}, {}, CONTIG) ||
        !idxS.Init(ACL_INT64, {5}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *b, const aclTensor *c, const aclTensor *d, const aclTensor *e,
                  const aclTensor *f) { return aclnnTopKTopPSampleGetWorkspaceSize(a, b, c, d, 1e-8, false, 32, e, f, &ws, &ex); };
    ExpectError("null logits", S1(nullptr, k.t, p.t, q.t, idx.t, sel.t), 161001, "logits");
    ExpectError("null topK", S1(lg.t, nullptr, p.t, q.t, idx.t, sel.t), 161001, "topK");
    ExpectError("null topP", S1(lg.t, k.t, nullptr, q.t, idx.t, sel.t), 161001, "topP");
    ExpectError("null idx", S1(lg.t, k.t, p.t, q.t, nullptr, sel.t), 161001, "logitsSelectIdx");
    ExpectError("null sel", S1(lg.t, k.t, p.t, q.t, idx.t, nullptr), 161001, "logitsTopKPSelect");
    ExpectError("logits float", S1(lg32.t, k.t, p.t, q.t, idx.t, sel.t), 161002, "logits");
    ExpectError("topK int64", S1(lg.t, k64.t, p.t, q.t, idx.t, sel.t), 161002, "topK");
    ExpectError("topP other dtype", S1(lg.t, k.t, p16.t, q.t, idx.t, sel.t), 161002, "topP");
    ExpectError("q fp16", S1(lg.t, k.t, p.t, qh.t, idx.t, sel.t), 161002, "q");
    ExpectError("idx int32", S1(lg.t, k.t, p.t, q.t, idx32.t, sel.t), 161002, "logitsSelectIdx");
    ExpectError("sel fp16", S1(lg.t, k.t, p.t, q.t, idx.t, sel16.t), 161002, "logitsTopKPSelect");
    ExpectError("logits 1-D", S1(lg1.t, k.t, p.t, q.t, idx.t, sel.t), 561002, "less than 2");
    ExpectError("logits 3-D", S1(lg3.t, k2.t, p2.t, nullptr, idx.t, sel.t), 561002, "2-D");
    ExpectError("V too long", S1(lgBig.t, k.t, pBig.t, nullptr, idx.t, sel.t), 561002, "1048576");
    ExpectError("topK rank", S1(lg.t, k2.t, p.t, q.t, idx.t, sel.t), 561002, "topKsDimNum");
    ExpectError("topP rank", S1(lg.t, k.t, p2.t, q.t, idx.t, sel.t), 561002, "topPsDimNum");
    ExpectError("batch", S1(lg.t, kB.t, p.t, q.t, idx.t, sel.t), 561002, "does not match");
    ExpectError("q shape", S1(lg.t, k.t, p.t, qS.t, idx.t, sel.t), 561002, "logits and q shape");
    ExpectError("sel shape", S1(lg.t, k.t, p.t, q.t, idx.t, selS.t), 561002, "selected logits shape");
    ExpectError("idx shape", S1(lg.t, k.t, p.t, q.t, idxS.t, sel.t), 561002, "selected index shape");
    // q is optional
    EXPECT(S1(lg.t, k.t, p.t, nullptr, idx.t, sel.t) == 0, "no q: stage 1 %s", aclGetRecentErrMsg());
    if (ex) aclDestroyAclOpExecutor(ex);
    ex = nullptr;
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && (std::string(chip) == "310p" || std::string(chip) == "950")) {
        DevTensor lg, k, p, idx, sel;
        if (!lg.Init(ACL_FLOAT16, {2, 8}, {}, CONTIG) || !k.Init(ACL_INT32, {2}, {}, CONTIG) ||
            !p.Init(ACL_FLOAT16, {2}, {}, CONTIG) || !idx.Init(ACL_INT64, {2}, {}, CONTIG) ||
            !sel.Init(ACL_FLOAT, {2, 8}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnTopKTopPSampleGetWorkspaceSize(lg.t, k.t, p.t, nullptr, 1e-8, false, 32, idx.t, sel.t, &ws, &ex);
        EXPECT(r == 361001, "%s: returned %d, expected 361001 (%s)", chip, r, aclGetRecentErrMsg());
    } else {
        Values();
        Validation();
        printf("rows checked %d, near-tie rows skipped %d\n", g_checked, g_fragile);
        EXPECT(g_checked > 4 * g_fragile, "too many near-tie rows (%d of %d)", g_fragile, g_checked + g_fragile);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
