// aclnnGRU (issue 12, actrnn): FP32 / FP16; 1 and 2 layers, uni- and bidirectional, with and
// without biases and an initial state, batchFirst, the train lists (r, z, n, hn, h), strided and
// transposed views; against a plain GRU recurrence written here in double (gates r, z, n);
// validation paths in the real order.
#include <memory>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_gru.h"

static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct Cfg {
    aclDataType dt;
    int64_t T, B, I, H, L;
    bool bidir, bias, batch_first, train, has_hx;
    Layout w_layout, x_layout, y_layout;
};

struct Ref {
    std::vector<double> y, hy;
    std::vector<std::vector<double>> tr[5]; // r, z, n, hn, h per layer-direction (T, B, H)
};

static Ref RunRef(const Cfg &c, const std::vector<double> &x, const std::vector<std::vector<double>> &p, const std::vector<double> &h0)
{
    const int64_t D = c.bidir ? 2 : 1, NB = c.bias ? 2 : 1, T = c.T, B = c.B, H = c.H;
    Ref r;
    r.hy.assign((size_t)(c.L * D * B * H), 0);
    std::vector<double> in = x;
    int64_t in_size = c.I;
    for (int64_t l = 0; l < c.L; l++) {
        std::vector<double> out((size_t)(T * B * D * H));
        for (int64_t d = 0; d < D; d++) {
            size_t base = (size_t)(l * 2 * NB * D + d * 2 * NB);
            const std::vector<double> &wi = p[base], &wh = p[base + 1];
            std::vector<double> h((size_t)(B * H), 0);
            int64_t sl = (l * D + d) * B * H;
            if (!h0.empty()) for (int64_t j = 0; j < B * H; j++) h[(size_t)j] = h0[(size_t)(sl + j)];
            for (int k = 0; k < 5; k++) r.tr[k].push_back(std::vector<double>((size_t)(T * B * H)));
            for (int64_t s = 0; s < T; s++) {
                int64_t t = d ? T - 1 - s : s;
                std::vector<double> hn((size_t)(B * H));
                for (int64_t b = 0; b < B; b++)
                    for (int64_t u = 0; u < H; u++) {
                        double gi[3], gh[3];
                        for (int g = 0; g < 3; g++) {
                            int64_t row = g * H + u;
                            double vi = 0, vh = 0;
                            for (int64_t k = 0; k < in_size; k++) vi += wi[(size_t)(row * in_size + k)] * in[(size_t)((t * B + b) * in_size + k)];
                            for (int64_t k = 0; k < H; k++) vh += wh[(size_t)(row * H + k)] * h[(size_t)(b * H + k)];
                            if (c.bias) { vi += p[base + 2][(size_t)row]; vh += p[base + 3][(size_t)row]; }
                            gi[g] = vi; gh[g] = vh;
                        }
                        double rg = Sig(gi[0] + gh[0]), zg = Sig(gi[1] + gh[1]), ng = std::tanh(gi[2] + rg * gh[2]);
                        double hv = (1 - zg) * ng + zg * h[(size_t)(b * H + u)];
                        size_t ti = (size_t)((t * B + b) * H + u);
                        double vals[5] = {rg, zg, ng, gh[2], hv};
                        for (int k = 0; k < 5; k++) r.tr[k].back()[ti] = vals[k];
                        out[(size_t)((t * B + b) * D * H + d * H + u)] = hv;
                        hn[(size_t)(b * H + u)] = Quant(c.dt, hv);
                    }
                h = hn;
            }
            for (int64_t j = 0; j < B * H; j++) r.hy[(size_t)(sl + j)] = h[(size_t)j];
        }
        in.assign(out.size(), 0);
        for (size_t i = 0; i < out.size(); i++) in[i] = Quant(c.dt, out[i]);
        r.y = out;
        in_size = D * H;
    }
    return r;
}

static aclTensorList *MakeList(std::vector<std::unique_ptr<DevTensor>> &ts)
{
    std::vector<aclTensor *> v;
    for (auto &t : ts) v.push_back(t->Alias());
    return aclCreateTensorList(v.data(), v.size());
}

static void Case(Runtime &rt, const Cfg &c, uint64_t seed)
{
    const int64_t D = c.bidir ? 2 : 1, NB = c.bias ? 2 : 1, T = c.T, B = c.B, H = c.H;
    std::string what = std::string("GRU ") + DtName(c.dt) + " T" + std::to_string(T) + " B" + std::to_string(B) + " I" +
                       std::to_string(c.I) + " H" + std::to_string(H) + " L" + std::to_string(c.L) + (c.bidir ? " bidir" : "") +
                       (c.bias ? " bias" : "") + (c.batch_first ? " batchFirst" : "") + (c.train ? " train" : "") + (c.has_hx ? " hx" : "");
    std::vector<double> x = QuantAll(c.dt, RandomValues((size_t)(T * B * c.I), seed, 1.0)), xv((size_t)(T * B * c.I));
    for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t k = 0; k < c.I; k++)
        xv[(size_t)(c.batch_first ? (b * T + t) * c.I + k : (t * B + b) * c.I + k)] = x[(size_t)((t * B + b) * c.I + k)];
    std::vector<std::vector<double>> p;
    std::vector<std::unique_ptr<DevTensor>> tp;
    int64_t in_size = c.I;
    for (int64_t l = 0; l < c.L; l++) {
        for (int64_t d = 0; d < D; d++)
            for (int64_t q = 0; q < 2 * NB; q++) {
                std::vector<int64_t> shp = q == 0 ? std::vector<int64_t>{3 * H, in_size} : q == 1 ? std::vector<int64_t>{3 * H, H} : std::vector<int64_t>{3 * H};
                p.push_back(QuantAll(c.dt, RandomValues((size_t)GetShapeSize(shp), seed * 31 + (uint64_t)p.size(), 0.6)));
                tp.emplace_back(new DevTensor);
                if (!tp.back()->Init(c.dt, shp, p.back(), q < 2 ? c.w_layout : (q == 3 ? STRIDED : CONTIG))) { EXPECT(false, "set-up"); return; }
            }
        in_size = D * H;
    }
    std::vector<double> h0;
    DevTensor thx;
    if (c.has_hx) {
        h0 = QuantAll(c.dt, RandomValues((size_t)(c.L * D * B * H), seed + 7, 0.8));
        if (!thx.Init(c.dt, {c.L * D, B, H}, h0, STRIDED)) { EXPECT(false, "set-up"); return; }
    }
    Ref r = RunRef(c, x, p, h0);
    DevTensor tx, ty, thy;
    std::vector<int64_t> xs = c.batch_first ? std::vector<int64_t>{B, T, c.I} : std::vector<int64_t>{T, B, c.I};
    std::vector<int64_t> ys = c.batch_first ? std::vector<int64_t>{B, T, D * H} : std::vector<int64_t>{T, B, D * H};
    if (!tx.Init(c.dt, xs, xv, c.x_layout) || !ty.Init(c.dt, ys, {}, c.y_layout) || !thy.Init(c.dt, {c.L * D, B, H}, {}, CONTIG)) { EXPECT(false, "set-up"); return; }
    std::vector<std::unique_ptr<DevTensor>> ttr[5];
    aclTensorList *lists[5] = {};
    for (int k = 0; k < 5 && c.train; k++) {
        for (int64_t i = 0; i < c.L * D; i++) {
            ttr[k].emplace_back(new DevTensor);
            if (!ttr[k].back()->Init(c.dt, {T, B, H}, {}, k == 3 ? TRANSPOSED : CONTIG)) { EXPECT(false, "set-up"); return; }
        }
        lists[k] = MakeList(ttr[k]);
    }
    aclTensorList *params = MakeList(tp);
    int rc = Run("aclnnGRU", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnGRUGetWorkspaceSize(tx.t, params, c.has_hx ? thx.t : nullptr, nullptr, c.bias, c.L, 0.0, c.train, c.bidir, c.batch_first,
                                        ty.t, thy.t, lists[0], lists[1], lists[2], lists[3], lists[4], s, e); }, aclnnGRU);
    EXPECT(rc == 0, "%s run", what.c_str());
    std::vector<double> yv(r.y.size());
    for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t k = 0; k < D * H; k++)
        yv[(size_t)(c.batch_first ? (b * T + t) * D * H + k : (t * B + b) * D * H + k)] = r.y[(size_t)((t * B + b) * D * H + k)];
    bool fp16 = c.dt == ACL_FLOAT16;
    double tol = fp16 ? 4e-3 : 1e-5, mx = fp16 ? 2e-2 : 1e-4;
    CheckAccuracy((what + " output").c_str(), ty.Read(), yv, tol, tol, mx);
    CheckAccuracy((what + " hy").c_str(), thy.Read(), r.hy, tol, tol, mx);
    EXPECT(ty.CountClobbered() == 0, "%s wrote outside the view", what.c_str());
    static const char *names[5] = {"r", "z", "n", "hn", "h"};
    for (int k = 0; k < 5 && c.train; k++)
        for (int64_t i = 0; i < c.L * D; i++)
            CheckAccuracy((what + " " + names[k] + "[" + std::to_string(i) + "]").c_str(), ttr[k][(size_t)i]->Read(), r.tr[k][(size_t)i], tol, tol, mx);
    for (int k = 0; k < 5; k++) if (lists[k]) aclDestroyTensorList(lists[k]);
    aclDestroyTensorList(params);
}

static void Validation()
{
    const int64_t T = 2, B = 3, I = 4, H = 5;
    DevTensor x, wi, wh, y, st, x2, wbad, y16;
    if (!x.Init(ACL_FLOAT, {T, B, I}, {}, CONTIG) || !wi.Init(ACL_FLOAT, {3 * H, I}, {}, CONTIG) || !wh.Init(ACL_FLOAT, {3 * H, H}, {}, CONTIG) ||
        !y.Init(ACL_FLOAT, {T, B, H}, {}, CONTIG) || !st.Init(ACL_FLOAT, {1, B, H}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {T * B, I}, {}, CONTIG) ||
        !wbad.Init(ACL_FLOAT, {3 * H, I + 1}, {}, CONTIG) || !y16.Init(ACL_FLOAT16, {T, B, H}, {}, CONTIG)) { EXPECT(false, "set-up"); return; }
    aclTensor *pv[2] = {wi.Alias(), wh.Alias()}, *pb[2] = {wbad.Alias(), wh.Alias()}, *p1[1] = {wi.Alias()};
    aclTensorList *params = aclCreateTensorList(pv, 2), *pbad = aclCreateTensorList(pb, 2), *pone = aclCreateTensorList(p1, 1);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define GRU1(in, prm, hxv, bs, out, hyv, train) aclnnGRUGetWorkspaceSize(in, prm, hxv, bs, false, 1, 0.0, train, false, false, out, hyv, nullptr, nullptr, nullptr, nullptr, nullptr, &ws, &ex)
    ExpectError("null input", GRU1(nullptr, params, nullptr, nullptr, y.t, st.t, false), 161001, "input");
    ExpectError("null hy", GRU1(x.t, params, nullptr, nullptr, y.t, nullptr, false), 161001, "hy");
    ExpectError("train without lists", GRU1(x.t, params, nullptr, nullptr, y.t, st.t, true), 161001, "rOut");
    ExpectError("output dtype", GRU1(x.t, params, nullptr, nullptr, y16.t, st.t, false), 161002, "output");
    ExpectError("params count", GRU1(x.t, pone, nullptr, nullptr, y.t, st.t, false), 161002, "params lists should be 2");
    ExpectError("2-D input", GRU1(x2.t, params, nullptr, nullptr, y.t, st.t, false), 161002, "input dim num 2");
    ExpectError("weight_ih shape", GRU1(x.t, pbad, nullptr, nullptr, y.t, st.t, false), 161002, "weight_ih", "[15, 4]");
    ExpectError("hx shape", GRU1(x.t, params, y.t, nullptr, y.t, st.t, false), 161002, "hx");
    DevTensor bsz;
    if (!bsz.Init(ACL_INT64, {T}, {3, 3}, CONTIG)) return;
    ExpectError("batchSizes route", GRU1(x.t, params, nullptr, bsz.t, y.t, st.t, false), 161002, "not supported");
    DevTensor xe, ye;
    if (!xe.Init(ACL_FLOAT, {0, B, I}, {}, CONTIG) || !ye.Init(ACL_FLOAT, {0, B, H}, {}, CONTIG)) return;
    int rc = GRU1(xe.t, params, nullptr, nullptr, ye.t, st.t, false);
    EXPECT(rc == 0 && ws == 0, "empty input: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnGRU(nullptr, 0, ex, nullptr) == 0, "empty stage 2");
#undef GRU1
    aclDestroyTensorList(params); aclDestroyTensorList(pbad); aclDestroyTensorList(pone);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "950") { // not on the 950 (its docs)
        DevTensor x, wi, wh, y, st;
        if (!x.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !wi.Init(ACL_FLOAT, {15, 4}, {}, CONTIG) || !wh.Init(ACL_FLOAT, {15, 5}, {}, CONTIG) ||
            !y.Init(ACL_FLOAT, {2, 3, 5}, {}, CONTIG) || !st.Init(ACL_FLOAT, {1, 3, 5}, {}, CONTIG)) return 1;
        aclTensor *pv[2] = {wi.Alias(), wh.Alias()};
        aclTensorList *params = aclCreateTensorList(pv, 2);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnGRUGetWorkspaceSize(x.t, params, nullptr, nullptr, false, 1, 0.0, false, false, false, y.t, st.t, nullptr, nullptr, nullptr, nullptr, nullptr, &ws, &ex);
        EXPECT(rc == 361001, "950: returned %d, expected 361001", rc);
        aclDestroyTensorList(params);
    } else {
        //      dt          T  B  I  H  L  bidir  bias   bf     train  hx     w           x           y
        Case(rt, {ACL_FLOAT, 4, 3, 5, 6, 1, false, true, false, true, true, CONTIG, CONTIG, CONTIG}, 1);
        Case(rt, {ACL_FLOAT, 3, 2, 4, 5, 2, true, true, false, true, true, TRANSPOSED, STRIDED, CONTIG}, 2);
        Case(rt, {ACL_FLOAT, 5, 3, 3, 4, 1, true, false, true, true, false, STRIDED, CONTIG, TRANSPOSED}, 3);
        Case(rt, {ACL_FLOAT, 1, 1, 1, 1, 1, false, false, false, true, false, CONTIG, CONTIG, CONTIG}, 4);
        Case(rt, {ACL_FLOAT16, 4, 2, 8, 8, 2, false, true, true, false, false, CONTIG, TRANSPOSED, STRIDED}, 5);
        Case(rt, {ACL_FLOAT16, 3, 4, 6, 16, 1, true, true, false, true, true, CONTIG, CONTIG, CONTIG}, 6);
        Case(rt, {ACL_FLOAT, 6, 5, 32, 40, 1, false, true, false, false, true, CONTIG, CONTIG, CONTIG}, 7);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
