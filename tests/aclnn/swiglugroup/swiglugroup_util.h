// Shared by the grouped SwiGLU backward host programs: a naive double reference of
// SwigluGroupGrad (quant 0) and SwigluGroupQuantGrad (quant 1) written from their docs and kernels
// (gate' = min(gate, c), up' = clamp(up, +-c), open-interval masks on the raw values; the quant
// kernel's sigmoid exp(g) / (exp(g) + 1) overflowing to NaN past 88.72, its uint32 group sum and
// zeroed gradWeight rows), the case runner, and a finite-difference check of the forward.
#ifndef TESTS_ACLNN_SWIGLUGROUP_UTIL_H
#define TESTS_ACLNN_SWIGLUGROUP_UTIL_H

#include "../activation/act_test_util.h"

typedef std::function<int(const aclTensor *, const aclTensor *, const aclTensor *, const aclTensor *,
                          const aclTensor *, double, aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> GradS1;

struct Case {
    aclDataType dt;
    std::vector<int64_t> gshape; // gradY: [T, H] or [B, S, H]
    bool weight;
    float clamp;               // <= 0: none (SwigluGroupGrad 0, SwigluGroupQuantGrad -1)
    std::vector<int64_t> groups;
    Layout lin, lout;
    bool flat_weight;          // weight / gradWeight as [tokens] instead of [lead..., 1]
    double big_gate;           // when set, x[0] (a gate) takes this value
};

static void RunCase(aclrtStream stream, const char *api, GradS1 s1, Stage2Fn s2, int quant, const Case &c, uint64_t seed)
{
    std::vector<int64_t> xs = c.gshape;
    xs.back() *= 2;
    const int64_t H = c.gshape.back(), T = GetShapeSize(c.gshape) / H;
    std::vector<double> dy = QuantAll(c.dt, RandomValues((size_t)(T * H), seed, 0.5));
    std::vector<double> x = RandomValues((size_t)(T * 2 * H), seed + 1, 1.0);
    std::vector<double> yo = QuantAll(c.dt, RandomValues((size_t)(T * H), seed + 2, 0.5));
    std::vector<double> w = QuantAll(ACL_FLOAT, RandomValues((size_t)T, seed + 3, 0.3));
    const double L = c.clamp;
    if (L > 0 && T * H > 3) { // the clamp's edges: gate == L and up == +-L are masked (open intervals)
        x[0] = L; x[1] = L + 3; x[(size_t)H] = L; x[(size_t)H + 1] = -L; x[(size_t)H + 2] = -L - 1;
    }
    if (c.big_gate != 0) x[0] = c.big_gate;
    x = QuantAll(c.dt, x);
    int64_t rows = T;
    if (!c.groups.empty()) {
        int64_t s = 0;
        uint32_t s32 = 0;
        for (int64_t g : c.groups) { s += g; s32 += (uint32_t)g; }
        if (quant) s = (int64_t)s32; // the quant kernel sums in uint32
        rows = std::max<int64_t>(0, std::min(s, T));
    }
    std::vector<double> gx((size_t)(T * 2 * H), 0.0), gw((size_t)T, 0.0);
    for (int64_t t = 0; t < T; t++) {
        double wt = c.weight ? w[(size_t)t] : 1.0;
        for (int64_t h = 0; h < H; h++) {
            double g = x[(size_t)(t * 2 * H + h)], u = x[(size_t)(t * 2 * H + H + h)], d = dy[(size_t)(t * H + h)];
            double gc = g, uc = u, mg = 1, mu = 1;
            if (L > 0) {
                gc = std::min(g, L);
                uc = std::max(-L, std::min(u, L));
                mg = g < L ? 1 : 0;
                mu = (u > -L && u < L) ? 1 : 0;
            }
            double sg = 1.0 / (1.0 + std::exp(-gc));
            if (quant && gc > 88.72283935546875) sg = NAN; // FP32 exp overflows: Inf / Inf
            double dsilu = sg * (1.0 + gc * (1.0 - sg));
            if (t < rows) {
                gx[(size_t)(t * 2 * H + h)] = d * wt * dsilu * uc * mg;
                gx[(size_t)(t * 2 * H + H + h)] = d * wt * gc * sg * mu;
            }
            if (!quant || t < rows) gw[(size_t)t] += d * yo[(size_t)(t * H + h)];
        }
    }
    std::vector<int64_t> wshape(c.gshape.begin(), c.gshape.end() - 1);
    if (c.flat_weight) wshape = {T};
    else wshape.push_back(1);
    DevTensor tdy, tx, tw, tyo, tg, tgx, tgw;
    std::vector<double> gv(c.groups.begin(), c.groups.end());
    if (!tdy.Init(c.dt, c.gshape, dy, c.lin) || !tx.Init(c.dt, xs, x, c.lin) || !tw.Init(ACL_FLOAT, wshape, w, c.lin) ||
        !tyo.Init(c.dt, c.gshape, yo, c.lin) || !tgx.Init(c.dt, xs, {}, c.lout) || !tgw.Init(ACL_FLOAT, wshape, {}, c.lout))
        return;
    if (!c.groups.empty() && !tg.Init(ACL_INT64, {(int64_t)c.groups.size()}, gv, CONTIG)) return;
    double cl = c.clamp > 0 ? c.clamp : quant ? -1.0 : 0.0;
    int rc = Run(api, stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return s1(tdy.t, tx.t, c.weight ? tw.t : nullptr, c.weight ? tyo.t : nullptr, c.groups.empty() ? nullptr : tg.t,
                  cl, tgx.t, c.weight ? tgw.t : nullptr, ws, e); }, s2);
    char what[200];
    snprintf(what, sizeof what, "%s %s rank %zu weight %d clamp %g groups %zu layouts %d/%d", api + 5, DtName(c.dt),
             c.gshape.size(), (int)c.weight, (double)c.clamp, c.groups.size(), (int)c.lin, (int)c.lout);
    EXPECT(rc == 0, "%s: run failed", what);
    CheckDtype(what, c.dt, tgx.Read(), QuantAll(c.dt, gx));
    EXPECT(tgx.CountClobbered() == 0, "%s: gradX written outside its view", what);
    if (c.weight) {
        std::string n = std::string(what) + " gradWeight";
        CheckDtype(n.c_str(), ACL_FLOAT, tgw.Read(), gw);
        EXPECT(tgw.CountClobbered() == 0, "%s: gradWeight written outside its view", what);
    }
}

// Independently of RunCase's reference: gradX and gradWeight against central finite differences
// of the forward loss sum(gradY * weight[t] * silu(min(gate, c)) * clamp(up, -c, c)) in double
// (h = 1e-6 (1 + |v|)), FP32 [3, 5] tokens x H, with and without the clamp, inputs at least 0.05
// away from +-c (the kinks); yOrigin the forward's unweighted output, rounded to FP32. Tolerance:
// the FP32 kernel (a few ulps of values below ~10) against an FD error below 1e-8.
static void RunFiniteDiff(aclrtStream stream, const char *api, GradS1 s1, Stage2Fn s2, int quant)
{
    const int64_t T = 3, H = 5;
    for (double L : {0.0, 1.5}) {
        std::vector<double> x = RandomValues((size_t)(T * 2 * H), 77, 1.0), dy = QuantAll(ACL_FLOAT, RandomValues((size_t)(T * H), 78, 0.5));
        std::vector<double> w = QuantAll(ACL_FLOAT, RandomValues((size_t)T, 79, 0.5)), yo((size_t)(T * H));
        if (L > 0)
            for (double &v : x)
                for (double k : {L, -L})
                    if (std::fabs(v - k) < 0.05) v = k + (v < k ? -0.07 : 0.07);
        x = QuantAll(ACL_FLOAT, x);
        auto gate = [&](double g) { return L > 0 ? std::min(g, L) : g; };
        auto up = [&](double u) { return L > 0 ? std::max(-L, std::min(u, L)) : u; };
        auto silu = [](double v) { return v / (1.0 + std::exp(-v)); };
        auto loss = [&](const std::vector<double> &xv, const std::vector<double> &wv) {
            double s = 0;
            for (int64_t t = 0; t < T; t++)
                for (int64_t h = 0; h < H; h++)
                    s += dy[(size_t)(t * H + h)] * wv[(size_t)t] * silu(gate(xv[(size_t)(t * 2 * H + h)])) *
                         up(xv[(size_t)(t * 2 * H + H + h)]);
            return s;
        };
        for (int64_t t = 0; t < T; t++)
            for (int64_t h = 0; h < H; h++)
                yo[(size_t)(t * H + h)] = Quant(ACL_FLOAT, silu(gate(x[(size_t)(t * 2 * H + h)])) * up(x[(size_t)(t * 2 * H + H + h)]));
        auto fd = [&](bool of_w) {
            std::vector<double> v = of_w ? w : x, g(v.size());
            for (size_t i = 0; i < v.size(); i++) {
                double keep = v[i], h = 1e-6 * (1 + std::fabs(keep));
                v[i] = keep + h;
                double lp = of_w ? loss(x, v) : loss(v, w);
                v[i] = keep - h;
                double lm = of_w ? loss(x, v) : loss(v, w);
                v[i] = keep;
                g[i] = (lp - lm) / (2 * h);
            }
            return g;
        };
        DevTensor tdy, tx, tw, tyo, tgx, tgw;
        if (!tdy.Init(ACL_FLOAT, {T, H}, dy, CONTIG) || !tx.Init(ACL_FLOAT, {T, 2 * H}, x, CONTIG) ||
            !tw.Init(ACL_FLOAT, {T, 1}, w, CONTIG) || !tyo.Init(ACL_FLOAT, {T, H}, yo, CONTIG) ||
            !tgx.Init(ACL_FLOAT, {T, 2 * H}, {}, CONTIG) || !tgw.Init(ACL_FLOAT, {T, 1}, {}, CONTIG))
            return;
        std::string what = std::string(api + 5) + " fp32 clamp " + (L > 0 ? "1.5" : "none");
        const double cl = L > 0 ? L : quant ? -1.0 : 0.0; // "none": 0 (SwigluGroupGrad) / -1 (the quant form)
        int rc = Run(what.c_str(), stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return s1(tdy.t, tx.t, tw.t, tyo.t, nullptr, cl, tgx.t, tgw.t, ws, e); }, s2);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc) continue;
        CheckAccuracy((what + " gradX vs finite differences").c_str(), tgx.Read(), fd(false), 2e-5, 2e-5, 1e-4);
        CheckAccuracy((what + " gradWeight vs finite differences").c_str(), tgw.Read(), fd(true), 2e-5, 2e-5, 1e-4);
    }
}

#endif
