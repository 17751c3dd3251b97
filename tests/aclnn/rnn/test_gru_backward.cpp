// aclnnGRUBackward (issue 12): FP32 / FP16; 1 and 2 layers, uni- and bidirectional, with and
// without biases, batchFirst, strided and transposed views; every gradient against central
// finite differences of L = sum(dy * y) + sum(dh * hy) over a plain GRU written here in double
// (gates r, z, n; n = tanh(x W_in^T + b_in + r * (h W_hn^T + b_hn))); validation paths in the
// real order. The activation lists fed to the op come from that same double forward pass.
#include <cstring>
#include <memory>
#include <string>

#include "aclnnop/aclnn_gru_backward.h"
#include "../activation/act_test_util.h"

static double Sg(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct Net {
    int64_t T, B, I, H, L, D;
    bool bias;
    std::vector<int64_t> len;                 // active steps per row
    std::vector<double> x;                    // (T, B, I)
    std::vector<std::vector<double>> p;       // params in the API's order
    std::vector<double> h0, c0;               // (L*D, B, H); c0 unused
    int64_t NB() const { return bias ? 2 : 1; }
    std::vector<double> &P(int64_t l, int64_t d, int q) { return p[(size_t)(l * 2 * NB() * D + d * 2 * NB() + q)]; }
};

struct Fwd {
    std::vector<double> y, hy;
    std::vector<std::vector<double>> act[5]; // per layer-direction (T, B, H): r, z, n, hn, h
};

static Fwd Forward(Net &n)
{
    const int64_t T = n.T, B = n.B, H = n.H, D = n.D;
    Fwd r;
    r.hy.assign((size_t)(n.L * D * B * H), 0);
    std::vector<double> in = n.x;
    int64_t isz = n.I;
    for (int64_t l = 0; l < n.L; l++) {
        std::vector<double> out((size_t)(T * B * D * H), 0.0);
        for (int64_t d = 0; d < D; d++) {
            const std::vector<double> &wi = n.P(l, d, 0), &wh = n.P(l, d, 1);
            const int64_t sl = (l * D + d) * B * H;
            std::vector<double> h(n.h0.begin() + sl, n.h0.begin() + sl + B * H);
            for (int k = 0; k < 5; k++) r.act[k].push_back(std::vector<double>((size_t)(T * B * H), 0.0));
            for (int64_t s = 0; s < T; s++) {
                const int64_t t = d ? T - 1 - s : s;
                std::vector<double> hn = h;
                for (int64_t b = 0; b < B; b++)
                    for (int64_t u = 0; u < H; u++) {
                        double gi[3], gh[3];
                        for (int q = 0; q < 3; q++) {
                            const int64_t row = q * H + u;
                            double vi = 0, vh = 0;
                            for (int64_t k = 0; k < isz; k++) vi += wi[(size_t)(row * isz + k)] * in[(size_t)((t * B + b) * isz + k)];
                            for (int64_t k = 0; k < H; k++) vh += wh[(size_t)(row * H + k)] * h[(size_t)(b * H + k)];
                            if (n.bias) { vi += n.P(l, d, 2)[(size_t)row]; vh += n.P(l, d, 3)[(size_t)row]; }
                            gi[q] = vi;
                            gh[q] = vh;
                        }
                        double rg = Sg(gi[0] + gh[0]), zg = Sg(gi[1] + gh[1]), ng = std::tanh(gi[2] + rg * gh[2]);
                        double hv = (1 - zg) * ng + zg * h[(size_t)(b * H + u)];
                        const size_t ti = (size_t)((t * B + b) * H + u);
                        const double vals[5] = {rg, zg, ng, gh[2], hv};
                        for (int k = 0; k < 5; k++) r.act[k].back()[ti] = vals[k];
                        out[(size_t)((t * B + b) * D * H + d * H + u)] = hv;
                        hn[(size_t)(b * H + u)] = hv;
                    }
                h = hn;
            }
            for (int64_t j = 0; j < B * H; j++) r.hy[(size_t)(sl + j)] = h[(size_t)j];
        }
        in = out;
        r.y = out;
        isz = D * H;
    }
    return r;
}

static double Dot(const std::vector<double> &a, const std::vector<double> &b)
{
    double s = 0;
    for (size_t k = 0; k < a.size() && k < b.size(); k++) s += a[k] * b[k];
    return s;
}

struct Upstream { std::vector<double> dy, dh; };

static double Loss(Net &n, const Upstream &g)
{
    Fwd f = Forward(n);
    return Dot(f.y, g.dy) + Dot(f.hy, g.dh);
}

// Central differences of Loss with respect to v[k] for the sampled k (all when small).
static std::vector<size_t> Sample(size_t n, uint64_t seed)
{
    std::vector<size_t> idx;
    if (n <= 300) { for (size_t k = 0; k < n; k++) idx.push_back(k); return idx; }
    Lcg rng(seed);
    for (int k = 0; k < 120; k++) idx.push_back((size_t)(rng.uniform() * (double)n) % n);
    return idx;
}

static void CheckFd(const char *what, Net &n, const Upstream &g, std::vector<double> &v, const std::vector<double> &got,
                    double tol, uint64_t seed)
{
    std::vector<size_t> idx = Sample(v.size(), seed);
    std::vector<double> a, ref;
    for (size_t k : idx) {
        const double keep = v[k], e = 1e-6;
        v[k] = keep + e;
        double lp = Loss(n, g);
        v[k] = keep - e;
        double lm = Loss(n, g);
        v[k] = keep;
        ref.push_back((lp - lm) / (2 * e));
        a.push_back(got[k]);
    }
    CheckAccuracy(what, a, ref, tol, tol, tol * 10);
}

static aclTensorList *MakeList(std::vector<std::unique_ptr<DevTensor>> &ts)
{
    std::vector<aclTensor *> v;
    for (auto &t : ts) v.push_back(t->Alias());
    return aclCreateTensorList(v.data(), v.size());
}

static DevTensor *NewT(std::vector<std::unique_ptr<DevTensor>> &own, aclDataType dt, const std::vector<int64_t> &shape,
                       const std::vector<double> &vals, Layout lay, aclFormat fmt)
{
    own.emplace_back(new DevTensor);
    own.back()->fmt = fmt;
    if (!own.back()->Init(dt, shape, vals, lay)) { EXPECT(false, "set-up"); return nullptr; }
    return own.back().get();
}

struct Case {
    aclDataType dt;
    int64_t T, B, I, H, L;
    bool bidir, bias, batch_first;
    Layout w_layout, x_layout, out_layout;
    aclFormat fmt;
};

static void Run1(Runtime &rt, const Case &c, uint64_t seed)
{
    const int64_t D = c.bidir ? 2 : 1, T = c.T, B = c.B, H = c.H, I = c.I, L = c.L;
    std::string what = std::string("GRUBackward ") + DtName(c.dt) + " T" + std::to_string(T) + " B" + std::to_string(B) +
                       " I" + std::to_string(I) + " H" + std::to_string(H) + " L" + std::to_string(L) + (c.bidir ? " bidir" : "") +
                       (c.bias ? " bias" : "") + (c.batch_first ? " batchFirst" : "");
    Net n{T, B, I, H, L, D, c.bias, std::vector<int64_t>((size_t)B, T), {}, {}, {}, {}};
    n.x = QuantAll(c.dt, RandomValues((size_t)(T * B * I), seed, 1.0));
    int64_t isz = I;
    for (int64_t l = 0; l < L; l++) {
        for (int64_t d = 0; d < D; d++)
            for (int q = 0; q < 2 * (int)n.NB(); q++) {
                size_t cnt = (size_t)(q == 0 ? 3 * H * isz : q == 1 ? 3 * H * H : 3 * H);
                n.p.push_back(QuantAll(c.dt, RandomValues(cnt, seed * 31 + n.p.size(), 0.5)));
            }
        isz = D * H;
    }
    n.h0 = QuantAll(c.dt, RandomValues((size_t)(L * D * B * H), seed + 7, 0.8));
    Upstream g;
    g.dy = QuantAll(c.dt, RandomValues((size_t)(T * B * D * H), seed + 9, 1.0));
    g.dh = QuantAll(c.dt, RandomValues((size_t)(L * D * B * H), seed + 10, 1.0));
    Fwd f = Forward(n);

    std::vector<std::unique_ptr<DevTensor>> own, tp, tdp, tact[5];
    auto seqv = [&](const std::vector<double> &v, int64_t k) {
        std::vector<double> r(v.size());
        for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t q = 0; q < k; q++)
            r[(size_t)(c.batch_first ? (b * T + t) * k + q : (t * B + b) * k + q)] = v[(size_t)((t * B + b) * k + q)];
        return r;
    };
    auto seqs = [&](int64_t k) { return c.batch_first ? std::vector<int64_t>{B, T, k} : std::vector<int64_t>{T, B, k}; };
    DevTensor *tx = NewT(own, c.dt, seqs(I), seqv(n.x, I), c.x_layout, c.fmt);
    DevTensor *tdy = NewT(own, c.dt, seqs(D * H), seqv(g.dy, D * H), CONTIG, c.fmt);
    DevTensor *tdh = NewT(own, c.dt, {L * D, B, H}, g.dh, STRIDED, c.fmt);
    DevTensor *thx = NewT(own, c.dt, {L * D, B, H}, n.h0, CONTIG, c.fmt);
    DevTensor *tdx = NewT(own, c.dt, seqs(I), {}, c.out_layout, c.fmt);
    DevTensor *tdh0 = NewT(own, c.dt, {L * D, B, H}, {}, c.out_layout, c.fmt);
    if (!tx || !tdy || !tdh || !thx || !tdx || !tdh0) return;
    for (size_t k = 0; k < n.p.size(); k++) {
        const int q = (int)(k % (size_t)(2 * n.NB()));
        const int64_t l = (int64_t)(k / (size_t)(2 * n.NB() * D));
        std::vector<int64_t> shp = q == 0 ? std::vector<int64_t>{3 * H, l ? D * H : I} : q == 1 ? std::vector<int64_t>{3 * H, H} : std::vector<int64_t>{3 * H};
        if (!NewT(tp, c.dt, shp, n.p[k], q < 2 ? c.w_layout : CONTIG, ACL_FORMAT_ND) ||
            !NewT(tdp, c.dt, shp, {}, q < 2 ? c.out_layout : CONTIG, ACL_FORMAT_ND)) return;
    }
    for (int k = 0; k < 5; k++)
        for (int64_t ld = 0; ld < L * D; ld++)
            if (!NewT(tact[k], c.dt, {T, B, H}, QuantAll(c.dt, f.act[k][(size_t)ld]), k == 4 ? STRIDED : CONTIG, c.fmt)) return;
    aclTensorList *params = MakeList(tp), *dparams = MakeList(tdp), *acts[5];
    for (int k = 0; k < 5; k++) acts[k] = MakeList(tact[k]);
    int rc = Run("aclnnGRUBackward", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnGRUBackwardGetWorkspaceSize(tx->t, params, thx->t, tdy->t, tdh->t, acts[0], acts[1], acts[2], acts[3], acts[4],
                                                nullptr, c.bias, L, c.bidir, c.batch_first, tdx->t, tdh0->t, dparams, s, e); },
                 aclnnGRUBackward);
    EXPECT(rc == 0, "%s run: %s", what.c_str(), aclGetRecentErrMsg());
    if (rc == 0) {
        const double tol = c.dt == ACL_FLOAT16 ? 3e-2 : 2e-4;
        std::vector<double> dxr = tdx->Read(), dx((size_t)(T * B * I));
        for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t q = 0; q < I; q++)
            dx[(size_t)((t * B + b) * I + q)] = dxr[(size_t)(c.batch_first ? (b * T + t) * I + q : (t * B + b) * I + q)];
        CheckFd((what + " dx").c_str(), n, g, n.x, dx, tol, seed + 1);
        CheckFd((what + " dhPrev").c_str(), n, g, n.h0, tdh0->Read(), tol, seed + 2);
        for (size_t k = 0; k < n.p.size(); k++)
            CheckFd((what + " dparams[" + std::to_string(k) + "]").c_str(), n, g, n.p[k], tdp[k]->Read(), tol, seed + 4 + k);
        EXPECT(tdx->CountClobbered() == 0 && tdh0->CountClobbered() == 0, "%s wrote outside the views", what.c_str());
    }
    for (int k = 0; k < 5; k++) aclDestroyTensorList(acts[k]);
    aclDestroyTensorList(params);
    aclDestroyTensorList(dparams);
}

static void Validation(bool chip_only)
{
    const int64_t T = 2, B = 3, I = 4, H = 5;
    std::vector<std::unique_ptr<DevTensor>> own;
    auto T3 = [&](aclDataType dt, std::vector<int64_t> s, aclFormat fmt) { return NewT(own, dt, s, {}, CONTIG, fmt)->Alias(); };
    aclTensor *x = T3(ACL_FLOAT, {T, B, I}, ACL_FORMAT_ND), *xhw = T3(ACL_FLOAT, {T, B, I}, ACL_FORMAT_NCHW);
    aclTensor *xe = T3(ACL_FLOAT, {0, B, I}, ACL_FORMAT_ND);
    aclTensor *dy = T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_ND), *dy16 = T3(ACL_FLOAT16, {T, B, H}, ACL_FORMAT_ND);
    aclTensor *st = T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_ND), *stbad = T3(ACL_FLOAT, {1, B + 1, H}, ACL_FORMAT_ND);
    aclTensor *dx = T3(ACL_FLOAT, {T, B, I}, ACL_FORMAT_ND), *dh0 = T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_ND);
    aclTensor *bs = T3(ACL_INT64, {T}, ACL_FORMAT_ND);
    auto L1 = [&](std::vector<aclTensor *> v) { return aclCreateTensorList(v.data(), v.size()); };
    auto W = [&](std::vector<int64_t> s) { return T3(ACL_FLOAT, s, ACL_FORMAT_ND); };
    aclTensorList *params = L1({W({3 * H, I}), W({3 * H, H})}), *dparams = L1({W({3 * H, I}), W({3 * H, H})});
    aclTensorList *pbad = L1({W({3 * H, I + 1}), W({3 * H, H})}), *pone = L1({W({3 * H, I})});
    aclTensorList *acts[5], *two = L1({T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_ND), T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_ND)});
    for (int k = 0; k < 5; k++) acts[k] = L1({T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_ND)});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *in, const aclTensorList *p, const aclTensor *hxv, const aclTensor *dyv, const aclTensorList *rl,
                    const aclTensor *bsv, int64_t layers) {
        return aclnnGRUBackwardGetWorkspaceSize(in, p, hxv, dyv, st, rl, acts[1], acts[2], acts[3], acts[4], bsv, false, layers, false,
                                                false, dx, dh0, dparams, &ws, &ex);
    };
    if (chip_only) {
        int rc = call(x, params, st, dy, acts[0], nullptr, 1);
        const char *m = aclGetRecentErrMsg();
        EXPECT(rc == 361001 && m && strstr(m, "not implemented"), "chip refusal: %d %s", rc, m ? m : "");
    } else {
        ExpectError("null input", call(nullptr, params, st, dy, acts[0], nullptr, 1), 161001, "input");
        ExpectError("null hx", call(x, params, nullptr, dy, acts[0], nullptr, 1), 161001, "hx");
        ExpectError("null dy", call(x, params, st, nullptr, acts[0], nullptr, 1), 161001, "dy");
        ExpectError("null r", call(x, params, st, dy, nullptr, nullptr, 1), 161001, "r");
        ExpectError("dy dtype", call(x, params, st, dy16, acts[0], nullptr, 1), 161002, "dy");
        ExpectError("input format", call(xhw, params, st, dy, acts[0], nullptr, 1), 161002, "input format");
        ExpectError("batchSizes", call(x, params, st, dy, acts[0], bs, 1), 161002, "batchSizes");
        ExpectError("empty input", call(xe, params, st, dy, acts[0], nullptr, 1), 161002, "positive");
        ExpectError("hx shape", call(x, params, stbad, dy, acts[0], nullptr, 1), 161002, "hx");
        ExpectError("r count", call(x, params, st, dy, two, nullptr, 1), 161002, "r list size");
        ExpectError("params count", call(x, pone, st, dy, acts[0], nullptr, 1), 161002, "params list size");
        ExpectError("weight_ih shape", call(x, pbad, st, dy, acts[0], nullptr, 1), 161002, "weight_ih");
        ExpectError("numLayers 0", call(x, params, st, dy, acts[0], nullptr, 0), 161002, "numLayers");
    }
    for (int k = 0; k < 5; k++) aclDestroyTensorList(acts[k]);
    aclDestroyTensorList(params); aclDestroyTensorList(dparams); aclDestroyTensorList(pbad); aclDestroyTensorList(pone);
    aclDestroyTensorList(two);
    for (aclTensor *t : {x, xhw, xe, dy, dy16, st, stbad, dx, dh0, bs}) aclDestroyTensor(t);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "other") {
        Validation(true);
    } else {
        //           dt        T  B  I  H  L  bidir  bias   bf     w           x        out      format
        Run1(rt, {ACL_FLOAT, 4, 3, 5, 6, 1, false, true, false, CONTIG, CONTIG, CONTIG, ACL_FORMAT_ND}, 1);
        Run1(rt, {ACL_FLOAT, 3, 2, 4, 5, 2, true, true, true, TRANSPOSED, STRIDED, STRIDED, ACL_FORMAT_NCL}, 2);
        Run1(rt, {ACL_FLOAT, 3, 2, 3, 4, 2, false, false, false, STRIDED, CONTIG, CONTIG, ACL_FORMAT_ND}, 3);
        Run1(rt, {ACL_FLOAT, 2, 2, 3, 3, 1, true, false, false, CONTIG, CONTIG, TRANSPOSED, ACL_FORMAT_ND}, 4);
        Run1(rt, {ACL_FLOAT16, 3, 2, 4, 8, 1, true, true, false, CONTIG, CONTIG, CONTIG, ACL_FORMAT_ND}, 6);
        Run1(rt, {ACL_FLOAT, 5, 4, 24, 32, 1, false, true, false, CONTIG, CONTIG, CONTIG, ACL_FORMAT_ND}, 9); // several tiles
        Validation(false);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
