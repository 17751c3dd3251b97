// aclnnGaussianNllLossGrad (lossopt helper; experimental, a kernel for the 910B only): FP32 / FP16 /
// BF16, reductions none / mean / sum, target of input's shape or broadcast along one dim, var of
// input's shape, last dim 1, without the last dim, of one element; contiguous / strided /
// transposed views; var below eps (clamped); against central finite differences (in double) of
// the forward sum w * (log v + (x - t)^2 / v) / 2 (analytic where var is clamped); the generated
// checks and the tiling's refusals with codes and messages; on the 310P / 950 the chip refusal.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_gaussian_nll_loss_grad.h"

static const double kEps = 1e-2;

struct Shape3 {
    std::vector<int64_t> x, t, v;
};

// index of element i of x (row-major) in a broadcast operand of shape s (same rank as x, or x
// without its last dim, or one element)
static int64_t BIndex(const std::vector<int64_t> &x, const std::vector<int64_t> &s, int64_t i)
{
    if (GetShapeSize(s) == 1) return 0;
    std::vector<int64_t> ss = s;
    if (ss.size() + 1 == x.size()) ss.push_back(1);
    int64_t off = 0, stride = 1;
    for (int64_t d = (int64_t)x.size() - 1; d >= 0; d--) {
        int64_t c = i % x[d];
        i /= x[d];
        if (ss[d] != 1) off += c * stride;
        stride *= ss[d];
    }
    return off;
}

static double Loss(const Shape3 &sh, const std::vector<double> &x, const std::vector<double> &t, const std::vector<double> &v,
                   const std::vector<double> &w)
{
    double L = 0;
    for (int64_t i = 0; i < GetShapeSize(sh.x); i++) {
        double vv = std::max(v[(size_t)BIndex(sh.x, sh.v, i)], kEps);
        double d = x[(size_t)i] - t[(size_t)BIndex(sh.x, sh.t, i)];
        L += w[(size_t)i] * 0.5 * (std::log(vv) + d * d / vv);
    }
    return L;
}

static int Stage1(const DevTensor &g, const DevTensor &x, const DevTensor &t, const DevTensor &v, double eps,
                  const char *red, const DevTensor &gi, const DevTensor &gv, uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnGaussianNllLossGradGetWorkspaceSize(g.t, x.t, t.t, v.t, true, eps, (char *)red, gi.t, gv.t, ws, ex);
}

static void Case(Runtime &rt, aclDataType dt, const Shape3 &sh, const char *red, Layout lx, uint64_t seed)
{
    int64_t N = GetShapeSize(sh.x), NT = GetShapeSize(sh.t), NV = GetShapeSize(sh.v);
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)N, seed, 0.3)),
                        t = QuantAll(dt, RandomValues((size_t)NT, seed + 1, 0.3)), v((size_t)NV);
    Lcg rng(seed + 2);
    for (auto &e : v) e = Quant(dt, 0.3 + 1.5 * rng.uniform());
    if (NV > 2) v[1] = Quant(dt, 0.001); // below eps: clamped
    bool none = std::string(red) == "none";
    std::vector<double> g = none ? QuantAll(dt, RandomValues((size_t)N, seed + 3, 0.5)) : std::vector<double>{Quant(dt, 0.75)};
    std::vector<double> w((size_t)N);
    for (int64_t i = 0; i < N; i++)
        w[(size_t)i] = none ? g[(size_t)i] : g[0] * (std::string(red) == "mean" ? 1.0 / (double)N : 1.0);
    std::vector<double> gx((size_t)N), gvv((size_t)NV, 0.0);
    const double h = 1e-5;
    for (int64_t i = 0; i < N; i++) {
        std::vector<double> a = x, b = x;
        a[(size_t)i] += h; b[(size_t)i] -= h;
        gx[(size_t)i] = (Loss(sh, a, t, v, w) - Loss(sh, b, t, v, w)) / (2 * h);
    }
    for (int64_t k = 0; k < NV; k++) {
        if (v[(size_t)k] < kEps) { // clamped: the kernel's formula at v = eps
            for (int64_t i = 0; i < N; i++)
                if (BIndex(sh.x, sh.v, i) == k) {
                    double d = x[(size_t)i] - t[(size_t)BIndex(sh.x, sh.t, i)];
                    gvv[(size_t)k] += w[(size_t)i] * 0.5 * (1 / kEps - d * d / (kEps * kEps));
                }
            continue;
        }
        std::vector<double> a = v, b = v;
        a[(size_t)k] += h; b[(size_t)k] -= h;
        gvv[(size_t)k] = (Loss(sh, x, t, a, w) - Loss(sh, x, t, b, w)) / (2 * h);
    }
    DevTensor tg, tx, tt, tv, tgi, tgv;
    if (!tg.Init(dt, none ? sh.x : std::vector<int64_t>{}, g, none ? lx : CONTIG) || !tx.Init(dt, sh.x, x, lx) ||
        !tt.Init(dt, sh.t, t, CONTIG) || !tv.Init(dt, sh.v, v, sh.v.size() >= 2 ? lx : CONTIG) ||
        !tgi.Init(dt, sh.x, {}, lx == CONTIG ? CONTIG : STRIDED) || !tgv.Init(dt, sh.v, {}, CONTIG)) {
        EXPECT(false, "tensors");
        return;
    }
    std::string name = std::string("GaussianNllLossGrad ") + DtName(dt) + " " + red + " var " + std::to_string(NV) +
                       " target " + std::to_string(NT) + " layout " + std::to_string(lx);
    int r = Run("aclnnGaussianNllLossGrad", rt.stream,
                [&](uint64_t *ws, aclOpExecutor **e) { return Stage1(tg, tx, tt, tv, kEps, red, tgi, tgv, ws, e); },
                aclnnGaussianNllLossGrad);
    EXPECT(r == 0, "%s: run %d (%s)", name.c_str(), r, aclGetRecentErrMsg());
    if (r) return;
    // the FD goldens carry ~1e-6 of their own error: compare FP32 with a slightly wider atol
    if (dt == ACL_FLOAT) {
        CheckAccuracy((name + " gradInput").c_str(), tgi.Read(), gx, 1e-3, 1e-4, 1e-2);
        CheckAccuracy((name + " gradVar").c_str(), tgv.Read(), gvv, 1e-3, 1e-4, 1e-2);
    } else {
        CheckDtype((name + " gradInput").c_str(), dt, tgi.Read(), gx);
        // gradVar sums up to N terms of the input dtype's rounding; a clamped var gives values in
        // the thousands, so the bound is relative only
        CheckAccuracy((name + " gradVar").c_str(), tgv.Read(), gvv, dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256,
                      dt == ACL_BF16 ? 1.0 / 32 : 1.0 / 256, INFINITY);
    }
    EXPECT(tgi.CountClobbered() == 0, "%s: gradInput wrote outside its view", name.c_str());
}

static void Validation()
{
    DevTensor g, gs, x, xb, t, t2, v, vbad, gi, gv, gib, xi;
    if (!g.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !gs.Init(ACL_FLOAT, {}, {}, CONTIG) || !x.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) ||
        !xb.Init(ACL_BF16, {3, 4}, {}, CONTIG) || !t.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !t2.Init(ACL_FLOAT, {1, 1}, {}, CONTIG) ||
        !v.Init(ACL_FLOAT, {3, 1}, {}, CONTIG) || !vbad.Init(ACL_FLOAT, {1, 4}, {}, CONTIG) || !gi.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) ||
        !gv.Init(ACL_FLOAT, {3, 1}, {}, CONTIG) || !gib.Init(ACL_FLOAT, {4, 3}, {}, CONTIG) || !xi.Init(ACL_INT32, {3, 4}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor none;
    ExpectError("null gradOutput", Stage1(none, x, t, v, kEps, "none", gi, gv, &ws, &ex), 161001, "gradOutput");
    ExpectError("null gradVar", Stage1(g, x, t, v, kEps, "none", gi, none, &ws, &ex), 161001, "gradVar");
    ExpectError("int gradOutput", Stage1(xi, x, t, v, kEps, "none", gi, gv, &ws, &ex), 161002, "gradOutput");
    ExpectError("mixed dtypes", Stage1(g, xb, t, v, kEps, "none", gi, gv, &ws, &ex), 161002, "input");
    ExpectError("null reduction",
                aclnnGaussianNllLossGradGetWorkspaceSize(g.t, x.t, t.t, v.t, false, kEps, nullptr, gi.t, gv.t, &ws, &ex),
                161001, "reduction");
    ExpectError("gradInput shape", Stage1(g, x, t, v, kEps, "none", gib, gv, &ws, &ex), 561002, "output shapes");
    ExpectError("target two dims", Stage1(g, x, t2, v, kEps, "none", gi, gv, &ws, &ex), 561002, "target");
    ExpectError("var form", Stage1(g, x, t, vbad, kEps, "none", gi, vbad, &ws, &ex), 561002, "var shape");
    ExpectError("eps 0", Stage1(g, x, t, v, 0.0, "none", gi, gv, &ws, &ex), 561002, "eps");
    ExpectError("eps 1e-50 is 0 as a float", Stage1(g, x, t, v, 1e-50, "none", gi, gv, &ws, &ex), 561002, "eps");
    ExpectError("none with scalar grad", Stage1(gs, x, t, v, kEps, "none", gi, gv, &ws, &ex), 561002, "none reduction");
    ExpectError("sum with full grad", Stage1(g, x, t, v, kEps, "sum", gi, gv, &ws, &ex), 561002, "sum reduction");
    ExpectError("bad reduction", Stage1(gs, x, t, v, kEps, "avg", gi, gv, &ws, &ex), 561002, "invalid reduction");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    if (chip) {
        DevTensor g, x, v;
        if (!g.Init(ACL_FLOAT, {2}, {}, CONTIG) || !x.Init(ACL_FLOAT, {2}, {}, CONTIG) || !v.Init(ACL_FLOAT, {2}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("chip", Stage1(g, x, x, v, kEps, "none", x, v, &ws, &ex), 161002, "not supported");
    } else {
        std::vector<Shape3> shapes = {{{3, 4}, {3, 4}, {3, 4}}, {{3, 4}, {3, 1}, {3, 1}}, {{3, 4}, {1, 4}, {3}},
                                      {{2, 3, 4}, {2, 1, 4}, {}}, {{5}, {5}, {1}}, {{3, 4}, {3, 4}, {1, 1}}};
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
            for (const char *red : {"none", "mean", "sum"})
                for (size_t k = 0; k < shapes.size(); k++)
                    Case(rt, dt, shapes[k], red, k % 3 == 0 ? CONTIG : k % 3 == 1 ? TRANSPOSED : STRIDED, 7 + k);
        Case(rt, ACL_FLOAT, {{8, 40}, {8, 40}, {8}}, "mean", CONTIG, 3);
        // empty input: nothing launched
        DevTensor g, x, v;
        if (g.Init(ACL_FLOAT, {0, 4}, {}, CONTIG) && x.Init(ACL_FLOAT, {0, 4}, {}, CONTIG) && v.Init(ACL_FLOAT, {0, 4}, {}, CONTIG))
            EXPECT(Run("aclnnGaussianNllLossGrad", rt.stream,
                       [&](uint64_t *ws, aclOpExecutor **e) { return Stage1(g, x, x, v, kEps, "none", x, v, ws, e); },
                       aclnnGaussianNllLossGrad) == 0, "GaussianNllLossGrad empty");
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
