// aclnnLstmBackward (issue 12): FP32 / FP16; 1 and 2 layers, uni- and bidirectional, with and
// without biases, batchFirst, optional dy / dh / dc, variable lengths (batchSizes), strided and
// transposed views; every gradient against central finite differences of
// L = sum(dy * y) + sum(dh * hy) + sum(dc * cy) over a plain LSTM written here in double
// (gates i, f, g, o; a row past its length keeps its state and outputs 0); validation paths in
// the real order. The activation lists fed to the op come from that same double forward pass.
#include <cstring>
#include <memory>
#include <string>

#include "aclnnop/aclnn_lstm_backward.h"
#include "../activation/act_test_util.h"

static double Sg(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct Net {
    int64_t T, B, I, H, L, D;
    bool bias;
    std::vector<int64_t> len;                 // active steps per row
    std::vector<double> x;                    // (T, B, I)
    std::vector<std::vector<double>> p;       // params in the API's order
    std::vector<double> h0, c0;               // (L*D, B, H)
    int64_t NB() const { return bias ? 2 : 1; }
    std::vector<double> &P(int64_t l, int64_t d, int q) { return p[(size_t)(l * 2 * NB() * D + d * 2 * NB() + q)]; }
};

struct Fwd {
    std::vector<double> y, hy, cy;
    std::vector<std::vector<double>> act[7]; // per layer-direction (T, B, H): i, g, f, o, h, c, tanh c
};

static Fwd Forward(Net &n)
{
    const int64_t T = n.T, B = n.B, H = n.H, D = n.D;
    Fwd r;
    r.hy.assign((size_t)(n.L * D * B * H), 0);
    r.cy = r.hy;
    std::vector<double> in = n.x;
    int64_t isz = n.I;
    for (int64_t l = 0; l < n.L; l++) {
        std::vector<double> out((size_t)(T * B * D * H), 0.0);
        for (int64_t d = 0; d < D; d++) {
            const std::vector<double> &wi = n.P(l, d, 0), &wh = n.P(l, d, 1);
            const int64_t sl = (l * D + d) * B * H;
            std::vector<double> h(n.h0.begin() + sl, n.h0.begin() + sl + B * H), c(n.c0.begin() + sl, n.c0.begin() + sl + B * H);
            for (int k = 0; k < 7; k++) r.act[k].push_back(std::vector<double>((size_t)(T * B * H), 0.0));
            for (int64_t s = 0; s < T; s++) {
                const int64_t t = d ? T - 1 - s : s;
                std::vector<double> hn = h, cn = c;
                for (int64_t b = 0; b < B; b++) {
                    if (t >= n.len[(size_t)b]) continue;
                    for (int64_t u = 0; u < H; u++) {
                        double pre[4];
                        for (int q = 0; q < 4; q++) {
                            const int64_t row = q * H + u;
                            double v = 0;
                            for (int64_t k = 0; k < isz; k++) v += wi[(size_t)(row * isz + k)] * in[(size_t)((t * B + b) * isz + k)];
                            for (int64_t k = 0; k < H; k++) v += wh[(size_t)(row * H + k)] * h[(size_t)(b * H + k)];
                            if (n.bias) v += n.P(l, d, 2)[(size_t)row] + n.P(l, d, 3)[(size_t)row];
                            pre[q] = v;
                        }
                        double ig = Sg(pre[0]), fg = Sg(pre[1]), gg = std::tanh(pre[2]), og = Sg(pre[3]);
                        double cv = fg * c[(size_t)(b * H + u)] + ig * gg, hv = og * std::tanh(cv);
                        const size_t ti = (size_t)((t * B + b) * H + u);
                        const double vals[7] = {ig, gg, fg, og, hv, cv, std::tanh(cv)};
                        for (int k = 0; k < 7; k++) r.act[k].back()[ti] = vals[k];
                        out[(size_t)((t * B + b) * D * H + d * H + u)] = hv;
                        hn[(size_t)(b * H + u)] = hv;
                        cn[(size_t)(b * H + u)] = cv;
                    }
                }
                h = hn;
                c = cn;
            }
            for (int64_t j = 0; j < B * H; j++) { r.hy[(size_t)(sl + j)] = h[(size_t)j]; r.cy[(size_t)(sl + j)] = c[(size_t)j]; }
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

struct Upstream { std::vector<double> dy, dh, dc; }; // empty = absent (zeros)

static double Loss(Net &n, const Upstream &g)
{
    Fwd f = Forward(n);
    return Dot(f.y, g.dy) + Dot(f.hy, g.dh) + Dot(f.cy, g.dc);
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
    std::vector<int64_t> bs; // batchSizes (empty: fixed length)
    bool with_dy, with_dh, with_dc;
    Layout w_layout, x_layout, out_layout;
};

static void Run1(Runtime &rt, const Case &c, uint64_t seed)
{
    const int64_t D = c.bidir ? 2 : 1, T = c.T, B = c.B, H = c.H, I = c.I, L = c.L;
    const bool vl = !c.bs.empty();
    std::string what = std::string("LstmBackward ") + DtName(c.dt) + " T" + std::to_string(T) + " B" + std::to_string(B) +
                       " I" + std::to_string(I) + " H" + std::to_string(H) + " L" + std::to_string(L) + (c.bidir ? " bidir" : "") +
                       (c.bias ? " bias" : "") + (c.batch_first ? " batchFirst" : "") + (vl ? " batchSizes" : "");
    Net n{T, B, I, H, L, D, c.bias, std::vector<int64_t>((size_t)B, T), {}, {}, {}, {}};
    if (vl) {
        n.len.assign((size_t)B, 0);
        for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < c.bs[(size_t)t]; b++) n.len[(size_t)b]++;
    }
    n.x = QuantAll(c.dt, RandomValues((size_t)(T * B * I), seed, 1.0));
    int64_t isz = I;
    for (int64_t l = 0; l < L; l++) {
        for (int64_t d = 0; d < D; d++)
            for (int q = 0; q < 2 * (int)n.NB(); q++) {
                size_t cnt = (size_t)(q == 0 ? 4 * H * isz : q == 1 ? 4 * H * H : 4 * H);
                n.p.push_back(QuantAll(c.dt, RandomValues(cnt, seed * 31 + n.p.size(), 0.5)));
            }
        isz = D * H;
    }
    n.h0 = QuantAll(c.dt, RandomValues((size_t)(L * D * B * H), seed + 7, 0.8));
    n.c0 = QuantAll(c.dt, RandomValues((size_t)(L * D * B * H), seed + 8, 0.8));
    Upstream g;
    if (c.with_dy) {
        g.dy = QuantAll(c.dt, RandomValues((size_t)(T * B * D * H), seed + 9, 1.0));
        for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) // padded positions of y are constant 0
            if (t >= n.len[(size_t)b]) for (int64_t k = 0; k < D * H; k++) g.dy[(size_t)((t * B + b) * D * H + k)] = 0;
    }
    if (c.with_dh) g.dh = QuantAll(c.dt, RandomValues((size_t)(L * D * B * H), seed + 10, 1.0));
    if (c.with_dc) g.dc = QuantAll(c.dt, RandomValues((size_t)(L * D * B * H), seed + 11, 1.0));
    Fwd f = Forward(n);

    std::vector<std::unique_ptr<DevTensor>> own, tp, tdp, thx, tact[7];
    const aclFormat xf = vl ? ACL_FORMAT_ND : ACL_FORMAT_NCL;
    // (T, B, k) values laid out as the tensor holds them
    auto seqv = [&](const std::vector<double> &v, int64_t k) {
        std::vector<double> r(v.size());
        for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t q = 0; q < k; q++)
            r[(size_t)(c.batch_first && !vl ? (b * T + t) * k + q : (t * B + b) * k + q)] = v[(size_t)((t * B + b) * k + q)];
        return r;
    };
    auto seqs = [&](int64_t k) {
        return vl ? std::vector<int64_t>{T * B, k} : c.batch_first ? std::vector<int64_t>{B, T, k} : std::vector<int64_t>{T, B, k};
    };
    DevTensor *tx = NewT(own, c.dt, seqs(I), seqv(n.x, I), c.x_layout, xf);
    DevTensor *tdy = c.with_dy ? NewT(own, c.dt, seqs(D * H), seqv(g.dy, D * H), CONTIG, xf) : nullptr;
    DevTensor *tdh = c.with_dh ? NewT(own, c.dt, {L * D, B, H}, g.dh, STRIDED, ACL_FORMAT_NCL) : nullptr;
    DevTensor *tdc = c.with_dc ? NewT(own, c.dt, {L * D, B, H}, g.dc, CONTIG, ACL_FORMAT_NCL) : nullptr;
    DevTensor *tdx = NewT(own, c.dt, seqs(I), {}, c.out_layout, xf);
    DevTensor *tdh0 = NewT(own, c.dt, {L * D, B, H}, {}, c.out_layout, ACL_FORMAT_NCL);
    DevTensor *tdc0 = NewT(own, c.dt, {L * D, B, H}, {}, CONTIG, ACL_FORMAT_NCL);
    std::vector<double> bsv(c.bs.begin(), c.bs.end());
    DevTensor *tbs = vl ? NewT(own, ACL_INT64, {T}, bsv, CONTIG, ACL_FORMAT_ND) : nullptr;
    if (!tx || !tdx || !tdh0 || !tdc0) return;
    isz = I;
    for (size_t k = 0; k < n.p.size(); k++) {
        const int q = (int)(k % (size_t)(2 * n.NB()));
        const int64_t l = (int64_t)(k / (size_t)(2 * n.NB() * D));
        std::vector<int64_t> shp = q == 0 ? std::vector<int64_t>{4 * H, l ? D * H : I} : q == 1 ? std::vector<int64_t>{4 * H, H} : std::vector<int64_t>{4 * H};
        if (!NewT(tp, c.dt, shp, n.p[k], q < 2 ? c.w_layout : CONTIG, ACL_FORMAT_ND) ||
            !NewT(tdp, c.dt, shp, {}, q < 2 ? c.out_layout : CONTIG, ACL_FORMAT_ND)) return;
    }
    if (!NewT(thx, c.dt, {L * D, B, H}, n.h0, CONTIG, ACL_FORMAT_NCL) || !NewT(thx, c.dt, {L * D, B, H}, n.c0, STRIDED, ACL_FORMAT_NCL)) return;
    for (int k = 0; k < 7; k++)
        for (int64_t ld = 0; ld < L * D; ld++)
            if (!NewT(tact[k], c.dt, {T, B, H}, QuantAll(c.dt, f.act[k][(size_t)ld]), k == 4 ? STRIDED : CONTIG, ACL_FORMAT_NCL)) return;
    aclTensorList *params = MakeList(tp), *dparams = MakeList(tdp), *hx = MakeList(thx), *acts[7];
    for (int k = 0; k < 7; k++) acts[k] = MakeList(tact[k]);
    bool mask[4] = {true, true, true, true};
    aclBoolArray *om = aclCreateBoolArray(mask, 4);
    int rc = Run("aclnnLstmBackward", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnLstmBackwardGetWorkspaceSize(tx->t, hx, params, tdy ? tdy->t : nullptr, tdh ? tdh->t : nullptr,
                                                 tdc ? tdc->t : nullptr, acts[0], acts[1], acts[2], acts[3], acts[4], acts[5],
                                                 acts[6], tbs ? tbs->t : nullptr, c.bias, L, 0.0, true, c.bidir, c.batch_first,
                                                 om, tdx->t, tdh0->t, tdc0->t, dparams, s, e); }, aclnnLstmBackward);
    EXPECT(rc == 0, "%s run: %s", what.c_str(), aclGetRecentErrMsg());
    if (rc == 0) {
        const bool fp16 = c.dt == ACL_FLOAT16;
        const double tol = fp16 ? 3e-2 : 2e-4;
        // dx back in (T, B, I) order
        std::vector<double> dxr = tdx->Read(), dx((size_t)(T * B * I));
        for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t q = 0; q < I; q++)
            dx[(size_t)((t * B + b) * I + q)] = dxr[(size_t)(c.batch_first && !vl ? (b * T + t) * I + q : (t * B + b) * I + q)];
        CheckFd((what + " dx").c_str(), n, g, n.x, dx, tol, seed + 1);
        CheckFd((what + " dhPrev").c_str(), n, g, n.h0, tdh0->Read(), tol, seed + 2);
        CheckFd((what + " dcPrev").c_str(), n, g, n.c0, tdc0->Read(), tol, seed + 3);
        for (size_t k = 0; k < n.p.size(); k++)
            CheckFd((what + " dparams[" + std::to_string(k) + "]").c_str(), n, g, n.p[k], tdp[k]->Read(), tol, seed + 4 + k);
        EXPECT(tdx->CountClobbered() == 0 && tdh0->CountClobbered() == 0, "%s wrote outside the views", what.c_str());
    }
    for (int k = 0; k < 7; k++) aclDestroyTensorList(acts[k]);
    aclDestroyTensorList(params);
    aclDestroyTensorList(dparams);
    aclDestroyTensorList(hx);
    aclDestroyBoolArray(om);
}

static void Validation()
{
    const int64_t T = 2, B = 3, I = 4, H = 5;
    std::vector<std::unique_ptr<DevTensor>> own;
    auto T3 = [&](aclDataType dt, std::vector<int64_t> s, aclFormat fmt) { return NewT(own, dt, s, {}, CONTIG, fmt)->Alias(); };
    aclTensor *x = T3(ACL_FLOAT, {T, B, I}, ACL_FORMAT_NCL), *xnd = T3(ACL_FLOAT, {T, B, I}, ACL_FORMAT_ND);
    aclTensor *x2 = T3(ACL_FLOAT, {T * B, I}, ACL_FORMAT_ND), *xe = T3(ACL_FLOAT, {0, B, I}, ACL_FORMAT_NCL);
    aclTensor *dy = T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_NCL), *dy16 = T3(ACL_FLOAT16, {T, B, H}, ACL_FORMAT_NCL);
    aclTensor *dye = T3(ACL_FLOAT, {0, B, H}, ACL_FORMAT_NCL), *dxe = T3(ACL_FLOAT, {0, B, I}, ACL_FORMAT_NCL);
    aclTensor *st = T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_NCL), *stbad = T3(ACL_FLOAT, {1, B, H + 1}, ACL_FORMAT_NCL);
    aclTensor *dx = T3(ACL_FLOAT, {T, B, I}, ACL_FORMAT_NCL), *dh0 = T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_NCL);
    aclTensor *dc0 = T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_NCL);
    aclTensor *bs32 = T3(ACL_INT32, {T}, ACL_FORMAT_ND);
    auto L1 = [&](std::vector<aclTensor *> v) { return aclCreateTensorList(v.data(), v.size()); };
    auto W = [&](std::vector<int64_t> s) { return T3(ACL_FLOAT, s, ACL_FORMAT_ND); };
    aclTensorList *hx = L1({T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_NCL), T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_NCL)});
    aclTensorList *hx1 = L1({T3(ACL_FLOAT, {1, B, H}, ACL_FORMAT_NCL)});
    aclTensorList *params = L1({W({4 * H, I}), W({4 * H, H})}), *dparams = L1({W({4 * H, I}), W({4 * H, H})});
    aclTensorList *pbad = L1({W({4 * H, I + 1}), W({4 * H, H})});
    aclTensorList *acts[7], *two = L1({T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_NCL), T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_NCL)});
    for (int k = 0; k < 7; k++) acts[k] = L1({T3(ACL_FLOAT, {T, B, H}, ACL_FORMAT_NCL)});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *in, const aclTensorList *h, const aclTensorList *p, const aclTensor *dyv, const aclTensor *dhv,
                    const aclTensorList *i, const aclTensor *bs, int64_t layers, aclTensor *dxv) {
        return aclnnLstmBackwardGetWorkspaceSize(in, h, p, dyv, dhv, nullptr, i, acts[1], acts[2], acts[3], acts[4], acts[5], acts[6],
                                                 bs, false, layers, 0.0, true, false, false, nullptr, dxv, dh0, dc0, dparams, &ws, &ex);
    };
    ExpectError("null input", call(nullptr, hx, params, dy, st, acts[0], nullptr, 1, dx), 161001, "input");
    ExpectError("null hx", call(x, nullptr, params, dy, st, acts[0], nullptr, 1, dx), 161001, "hx");
    ExpectError("null i", call(x, hx, params, dy, st, nullptr, nullptr, 1, dx), 161001, "i");
    ExpectError("null dxOut", call(x, hx, params, dy, st, acts[0], nullptr, 1, nullptr), 161001, "dxOut");
    ExpectError("numLayers 0", call(x, hx, params, dy, st, acts[0], nullptr, 0, dx), 161002, "numLayers");
    ExpectError("hx count", call(x, hx1, params, dy, st, acts[0], nullptr, 1, dx), 161001, "hx list", "2");
    ExpectError("i count", call(x, hx, params, dy, st, two, nullptr, 1, dx), 161001, "i list");
    ExpectError("dy dtype", call(x, hx, params, dy16, st, acts[0], nullptr, 1, dx), 161002, "dy");
    ExpectError("INT32 batchSizes", call(x2, hx, params, dy, st, acts[0], bs32, 1, dx), 161002, "batchSizes");
    ExpectError("weight_ih shape", call(x, hx, pbad, dy, st, acts[0], nullptr, 1, dx), 161002, "weight_ih");
    ExpectError("dh shape", call(x, hx, params, dy, stbad, acts[0], nullptr, 1, dx), 161002, "dh");
    ExpectError("ND input", call(xnd, hx, params, dy, st, acts[0], nullptr, 1, dx), 161002, "input format");
    int rc = call(x, hx, params, nullptr, nullptr, acts[0], nullptr, 1, dx);
    EXPECT(rc == 0, "dy / dh / dc all absent accepted: %s", aclGetRecentErrMsg());
    if (rc == 0) aclDestroyAclOpExecutor(ex); // stage 1 only
    // empty input: checks pass, nothing runs
    aclTensorList *acte[7];
    for (int k = 0; k < 7; k++) acte[k] = L1({T3(ACL_FLOAT, {0, B, H}, ACL_FORMAT_NCL)});
    rc = aclnnLstmBackwardGetWorkspaceSize(xe, hx, params, dye, nullptr, nullptr, acte[0], acte[1], acte[2], acte[3], acte[4], acte[5],
                                           acte[6], nullptr, false, 1, 0.0, true, false, false, nullptr, dxe, dh0, dc0, dparams, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "empty input: rc %d ws %llu (%s)", rc, (unsigned long long)ws, aclGetRecentErrMsg());
    if (rc == 0) EXPECT(aclnnLstmBackward(nullptr, 0, ex, nullptr) == 0, "empty stage 2");
    for (int k = 0; k < 7; k++) { aclDestroyTensorList(acts[k]); aclDestroyTensorList(acte[k]); }
    aclDestroyTensorList(hx); aclDestroyTensorList(hx1); aclDestroyTensorList(params); aclDestroyTensorList(dparams);
    aclDestroyTensorList(pbad); aclDestroyTensorList(two);
    for (aclTensor *t : {x, xnd, x2, xe, dy, dy16, dye, dxe, st, stbad, dx, dh0, dc0, bs32}) aclDestroyTensor(t);
}

// 310P / 310B / 910: not supported.
static void ChipRefusal()
{
    std::vector<std::unique_ptr<DevTensor>> own;
    const int64_t T = 1, B = 1, I = 1, H = 1;
    auto T3 = [&](std::vector<int64_t> s, aclFormat fmt) { return NewT(own, ACL_FLOAT, s, {}, CONTIG, fmt)->Alias(); };
    auto L1 = [&](std::vector<aclTensor *> v) { return aclCreateTensorList(v.data(), v.size()); };
    aclTensorList *hx = L1({T3({1, B, H}, ACL_FORMAT_NCL), T3({1, B, H}, ACL_FORMAT_NCL)});
    aclTensorList *params = L1({T3({4 * H, I}, ACL_FORMAT_ND), T3({4 * H, H}, ACL_FORMAT_ND)});
    aclTensorList *dparams = L1({T3({4 * H, I}, ACL_FORMAT_ND), T3({4 * H, H}, ACL_FORMAT_ND)});
    aclTensorList *acts[7];
    for (int k = 0; k < 7; k++) acts[k] = L1({T3({T, B, H}, ACL_FORMAT_NCL)});
    aclTensor *x = T3({T, B, I}, ACL_FORMAT_NCL), *dx = T3({T, B, I}, ACL_FORMAT_NCL), *dh0 = T3({1, B, H}, ACL_FORMAT_NCL),
              *dc0 = T3({1, B, H}, ACL_FORMAT_NCL);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnLstmBackwardGetWorkspaceSize(x, hx, params, nullptr, nullptr, nullptr, acts[0], acts[1], acts[2], acts[3], acts[4],
                                               acts[5], acts[6], nullptr, false, 1, 0.0, true, false, false, nullptr, dx, dh0, dc0,
                                               dparams, &ws, &ex);
    const char *m = aclGetRecentErrMsg();
    EXPECT(rc == 361001 && m && strstr(m, "Ascend310P") && strstr(m, "not implemented"), "chip refusal: %d %s", rc, m ? m : "");
    for (int k = 0; k < 7; k++) aclDestroyTensorList(acts[k]);
    aclDestroyTensorList(hx); aclDestroyTensorList(params); aclDestroyTensorList(dparams);
    for (aclTensor *t : {x, dx, dh0, dc0}) aclDestroyTensor(t);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "other") {
        ChipRefusal();
    } else {
        //           dt        T  B  I  H  L  bidir  bias   bf     bs             dy    dh     dc     w           x        out
        Run1(rt, {ACL_FLOAT, 4, 3, 5, 6, 1, false, true, false, {}, true, true, true, CONTIG, CONTIG, CONTIG}, 1);
        Run1(rt, {ACL_FLOAT, 3, 2, 4, 5, 2, true, true, true, {}, true, true, true, TRANSPOSED, STRIDED, STRIDED}, 2);
        Run1(rt, {ACL_FLOAT, 3, 2, 3, 4, 2, false, false, false, {}, true, true, false, STRIDED, CONTIG, CONTIG}, 3);
        Run1(rt, {ACL_FLOAT, 2, 2, 3, 3, 1, true, false, false, {}, false, true, true, CONTIG, CONTIG, TRANSPOSED}, 4);
        Run1(rt, {ACL_FLOAT, 1, 1, 1, 1, 1, false, true, false, {}, true, true, true, CONTIG, CONTIG, CONTIG}, 5); // the example's size
        Run1(rt, {ACL_FLOAT16, 3, 2, 4, 8, 1, true, true, false, {}, true, true, true, CONTIG, CONTIG, CONTIG}, 6);
        Run1(rt, {ACL_FLOAT, 4, 3, 3, 4, 2, true, true, false, {3, 2, 2, 1}, true, true, true, CONTIG, STRIDED, CONTIG}, 7);
        Run1(rt, {ACL_FLOAT, 3, 2, 4, 5, 1, false, true, false, {2, 2, 1}, true, true, true, CONTIG, CONTIG, CONTIG}, 8);
        Run1(rt, {ACL_FLOAT, 5, 4, 24, 32, 1, false, true, false, {}, true, true, true, CONTIG, CONTIG, CONTIG}, 9); // several tiles
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
