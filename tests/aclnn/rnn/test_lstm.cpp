// aclnnLSTM (issue 12, actrnn): FP32 / FP16; 1 and 2 layers, uni- and bidirectional, with and
// without biases and initial states (hx absent, empty, given), batchFirst, train lists, strided
// and transposed weight / input / output views; against a plain LSTM recurrence written here in
// double (gates i, f, g, o); validation paths in the real order.
#include <memory>
#include <string>

#include "aclnnop/aclnn_lstm.h"
#include "lstm_ref.h"

static aclTensorList *MakeList(std::vector<std::unique_ptr<DevTensor>> &ts)
{
    std::vector<aclTensor *> v;
    for (auto &t : ts) v.push_back(t->Alias());
    return aclCreateTensorList(v.data(), v.size());
}

static void Case(Runtime &rt, const Cfg &c, uint64_t seed)
{
    const int64_t D = c.bidir ? 2 : 1, NB = c.bias ? 2 : 1, T = c.T, B = c.B, H = c.H;
    std::string what = std::string("LSTM ") + DtName(c.dt) + " T" + std::to_string(T) + " B" + std::to_string(B) + " I" +
                       std::to_string(c.I) + " H" + std::to_string(H) + " L" + std::to_string(c.L) + (c.bidir ? " bidir" : "") +
                       (c.bias ? " bias" : "") + (c.batch_first ? " batchFirst" : "") + (c.train ? " train" : "") + " hx" + std::to_string(c.hx_mode);
    // values in (T, B, I) order; the tensor is (B, T, I) when batchFirst
    std::vector<double> x = QuantAll(c.dt, RandomValues((size_t)(T * B * c.I), seed, 1.0)), xv((size_t)(T * B * c.I));
    for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t k = 0; k < c.I; k++)
        xv[(size_t)(c.batch_first ? (b * T + t) * c.I + k : (t * B + b) * c.I + k)] = x[(size_t)((t * B + b) * c.I + k)];
    std::vector<std::vector<double>> p;
    std::vector<std::unique_ptr<DevTensor>> tp;
    int64_t in_size = c.I;
    for (int64_t l = 0; l < c.L; l++) {
        for (int64_t d = 0; d < D; d++)
            for (int64_t q = 0; q < 2 * NB; q++) {
                std::vector<int64_t> shp = q == 0 ? std::vector<int64_t>{4 * H, in_size} : q == 1 ? std::vector<int64_t>{4 * H, H} : std::vector<int64_t>{4 * H};
                p.push_back(QuantAll(c.dt, RandomValues((size_t)GetShapeSize(shp), seed * 31 + (uint64_t)p.size(), 0.6)));
                tp.emplace_back(new DevTensor);
                if (!tp.back()->Init(c.dt, shp, p.back(), q < 2 ? c.w_layout : CONTIG)) { EXPECT(false, "set-up"); return; }
            }
        in_size = D * H;
    }
    std::vector<double> h0, c0;
    std::vector<std::unique_ptr<DevTensor>> thx;
    if (c.hx_mode == 2) {
        h0 = QuantAll(c.dt, RandomValues((size_t)(c.L * D * B * H), seed + 7, 0.8));
        c0 = QuantAll(c.dt, RandomValues((size_t)(c.L * D * B * H), seed + 8, 0.8));
        for (int k = 0; k < 2; k++) {
            thx.emplace_back(new DevTensor);
            if (!thx.back()->Init(c.dt, {c.L * D, B, H}, k ? c0 : h0, k ? STRIDED : CONTIG)) { EXPECT(false, "set-up"); return; }
        }
    }
    Ref r = RunRef(c, x, p, h0, c0);
    DevTensor tx, ty, thy, tcy;
    std::vector<int64_t> xs = c.batch_first ? std::vector<int64_t>{B, T, c.I} : std::vector<int64_t>{T, B, c.I};
    std::vector<int64_t> ys = c.batch_first ? std::vector<int64_t>{B, T, D * H} : std::vector<int64_t>{T, B, D * H};
    if (!tx.Init(c.dt, xs, xv, c.x_layout) || !ty.Init(c.dt, ys, {}, c.y_layout) || !thy.Init(c.dt, {c.L * D, B, H}, {}, CONTIG) ||
        !tcy.Init(c.dt, {c.L * D, B, H}, {}, STRIDED)) { EXPECT(false, "set-up"); return; }
    std::vector<std::unique_ptr<DevTensor>> ttr[7];
    aclTensorList *lists[7] = {};
    for (int k = 0; k < 7; k++) {
        for (int64_t i = 0; i < c.L * D; i++) {
            ttr[k].emplace_back(new DevTensor);
            if (!ttr[k].back()->Init(c.dt, {T, B, H}, {}, k == 4 ? STRIDED : CONTIG)) { EXPECT(false, "set-up"); return; }
        }
        lists[k] = MakeList(ttr[k]);
    }
    aclTensorList *params = MakeList(tp);
    aclTensorList *hx = c.hx_mode == 0 ? nullptr : MakeList(thx);
    int rc = Run("aclnnLSTM", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnLSTMGetWorkspaceSize(tx.t, params, hx, nullptr, c.bias, c.L, 0.0, c.train, c.bidir, c.batch_first, ty.t, thy.t, tcy.t,
                                         lists[0], lists[1], lists[2], lists[3], lists[4], lists[5], lists[6], s, e); }, aclnnLSTM);
    EXPECT(rc == 0, "%s run", what.c_str());
    // output in the tensor's own order
    std::vector<double> yv(r.y.size());
    for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < B; b++) for (int64_t k = 0; k < D * H; k++)
        yv[(size_t)(c.batch_first ? (b * T + t) * D * H + k : (t * B + b) * D * H + k)] = r.y[(size_t)((t * B + b) * D * H + k)];
    bool fp16 = c.dt == ACL_FLOAT16;
    double tol = fp16 ? 4e-3 : 1e-5;
    CheckAccuracy((what + " output").c_str(), ty.Read(), yv, tol, tol, fp16 ? 2e-2 : 1e-4);
    CheckAccuracy((what + " hy").c_str(), thy.Read(), r.hy, tol, tol, fp16 ? 2e-2 : 1e-4);
    CheckAccuracy((what + " cy").c_str(), tcy.Read(), r.cy, tol, tol, fp16 ? 2e-2 : 1e-4);
    EXPECT(ty.CountClobbered() == 0 && tcy.CountClobbered() == 0, "%s wrote outside the views", what.c_str());
    static const char *names[7] = {"i", "j", "f", "o", "h", "c", "tanhc"};
    for (int k = 0; k < 7; k++)
        for (int64_t i = 0; i < c.L * D; i++) {
            if (c.train)
                CheckAccuracy((what + " " + names[k] + "[" + std::to_string(i) + "]").c_str(), ttr[k][(size_t)i]->Read(), r.tr[k][(size_t)i], tol, tol, fp16 ? 2e-2 : 1e-4);
            else
                for (double v : ttr[k][(size_t)i]->Read()) { EXPECT(v == -777.0, "%s: %s written without train", what.c_str(), names[k]); break; }
        }
    for (int k = 0; k < 7; k++) aclDestroyTensorList(lists[k]);
    aclDestroyTensorList(params);
    if (hx) aclDestroyTensorList(hx);
}


// Variable lengths (batchSizes, rows active per step): input (T * B, I) as (T, B, I), output
// (T, B, D * H) with zeros at padded positions; each sequence checked alone against the reference.
static void CaseVarLen(Runtime &rt, const std::vector<int64_t> &bs, int64_t B, int64_t I, int64_t H, int64_t L, bool bidir,
                       uint64_t seed)
{
    const int64_t D = bidir ? 2 : 1, T = (int64_t)bs.size();
    const aclDataType dt = ACL_FLOAT;
    std::string what = "LSTM batchSizes L" + std::to_string(L) + (bidir ? " bidir" : "");
    std::vector<int64_t> len((size_t)B, 0);
    for (int64_t t = 0; t < T; t++) for (int64_t b = 0; b < bs[(size_t)t]; b++) len[(size_t)b]++;
    std::vector<double> x = RandomValues((size_t)(T * B * I), seed, 1.0);
    std::vector<std::vector<double>> p;
    std::vector<std::unique_ptr<DevTensor>> tp;
    int64_t in_size = I;
    for (int64_t l = 0; l < L; l++) {
        for (int64_t d = 0; d < D; d++)
            for (int64_t q = 0; q < 4; q++) {
                std::vector<int64_t> shp = q == 0 ? std::vector<int64_t>{4 * H, in_size} : q == 1 ? std::vector<int64_t>{4 * H, H} : std::vector<int64_t>{4 * H};
                p.push_back(RandomValues((size_t)GetShapeSize(shp), seed * 13 + (uint64_t)p.size(), 0.6));
                tp.emplace_back(new DevTensor);
                if (!tp.back()->Init(dt, shp, p.back(), CONTIG)) { EXPECT(false, "set-up"); return; }
            }
        in_size = D * H;
    }
    std::vector<double> h0 = RandomValues((size_t)(L * D * B * H), seed + 3, 0.8), c0 = RandomValues((size_t)(L * D * B * H), seed + 4, 0.8);
    std::vector<double> ry((size_t)(T * B * D * H), 0.0), rhy(h0.size()), rcy(c0.size());
    for (int64_t b = 0; b < B; b++) {
        Cfg c = {dt, len[(size_t)b], 1, I, H, L, bidir, true, false, false, 2, CONTIG, CONTIG, CONTIG};
        std::vector<double> xs, hs, cs;
        for (int64_t t = 0; t < len[(size_t)b]; t++) for (int64_t k = 0; k < I; k++) xs.push_back(x[(size_t)((t * B + b) * I + k)]);
        for (int64_t ld = 0; ld < L * D; ld++) for (int64_t u = 0; u < H; u++) {
            hs.push_back(h0[(size_t)((ld * B + b) * H + u)]);
            cs.push_back(c0[(size_t)((ld * B + b) * H + u)]);
        }
        Ref r = RunRef(c, xs, p, hs, cs);
        for (int64_t t = 0; t < len[(size_t)b]; t++) for (int64_t k = 0; k < D * H; k++) ry[(size_t)((t * B + b) * D * H + k)] = r.y[(size_t)(t * D * H + k)];
        for (int64_t ld = 0; ld < L * D; ld++) for (int64_t u = 0; u < H; u++) {
            rhy[(size_t)((ld * B + b) * H + u)] = r.hy[(size_t)(ld * H + u)];
            rcy[(size_t)((ld * B + b) * H + u)] = r.cy[(size_t)(ld * H + u)];
        }
    }
    std::vector<std::unique_ptr<DevTensor>> thx(2);
    DevTensor tx, ty, thy, tcy, tbs;
    thx[0].reset(new DevTensor);
    thx[1].reset(new DevTensor);
    std::vector<double> bsv(bs.begin(), bs.end());
    if (!tx.Init(dt, {T * B, I}, x, STRIDED) || !ty.Init(dt, {T, B, D * H}, std::vector<double>((size_t)(T * B * D * H), 9.0), CONTIG) ||
        !thy.Init(dt, {L * D, B, H}, {}, CONTIG) || !tcy.Init(dt, {L * D, B, H}, {}, CONTIG) || !tbs.Init(ACL_INT64, {T}, bsv, CONTIG) ||
        !thx[0]->Init(dt, {L * D, B, H}, h0, CONTIG) || !thx[1]->Init(dt, {L * D, B, H}, c0, CONTIG)) { EXPECT(false, "set-up"); return; }
    aclTensorList *params = MakeList(tp), *hx = MakeList(thx);
    int rc = Run("aclnnLSTM", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnLSTMGetWorkspaceSize(tx.t, params, hx, tbs.t, true, L, 0.0, false, bidir, true /* ignored */, ty.t, thy.t, tcy.t,
                                         nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, s, e); }, aclnnLSTM);
    EXPECT(rc == 0, "%s run", what.c_str());
    if (!rc) {
        CheckAccuracy((what + " output").c_str(), ty.Read(), ry, 1e-5, 1e-5, 1e-4);
        CheckAccuracy((what + " hy").c_str(), thy.Read(), rhy, 1e-5, 1e-5, 1e-4);
        CheckAccuracy((what + " cy").c_str(), tcy.Read(), rcy, 1e-5, 1e-5, 1e-4);
    }
    aclDestroyTensorList(params);
    aclDestroyTensorList(hx);
}

static void Validation()
{
    const int64_t T = 2, B = 3, I = 4, H = 5;
    DevTensor x, wi, wh, y, st, x2, wbad, y16, st16;
    if (!x.Init(ACL_FLOAT, {T, B, I}, {}, CONTIG) || !wi.Init(ACL_FLOAT, {4 * H, I}, {}, CONTIG) || !wh.Init(ACL_FLOAT, {4 * H, H}, {}, CONTIG) ||
        !y.Init(ACL_FLOAT, {T, B, H}, {}, CONTIG) || !st.Init(ACL_FLOAT, {1, B, H}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {T * B, I}, {}, CONTIG) ||
        !wbad.Init(ACL_FLOAT, {4 * H, I + 1}, {}, CONTIG) || !y16.Init(ACL_FLOAT16, {T, B, H}, {}, CONTIG) ||
        !st16.Init(ACL_FLOAT16, {1, B, H}, {}, CONTIG)) { EXPECT(false, "set-up"); return; }
    aclTensor *pv[2] = {wi.Alias(), wh.Alias()}, *pb[2] = {wbad.Alias(), wh.Alias()}, *p1[1] = {wi.Alias()};
    aclTensorList *params = aclCreateTensorList(pv, 2), *pbad = aclCreateTensorList(pb, 2), *pone = aclCreateTensorList(p1, 1);
    aclTensor *h3[3] = {st.Alias(), st.Alias(), st.Alias()};
    aclTensorList *hx3 = aclCreateTensorList(h3, 3);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define LSTM1(in, prm, hxl, bs, out, hyv, train) aclnnLSTMGetWorkspaceSize(in, prm, hxl, bs, false, 1, 0.0, train, false, false, out, hyv, st.t, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &ws, &ex)
    ExpectError("null input", LSTM1(nullptr, params, nullptr, nullptr, y.t, st.t, false), 161001, "input");
    ExpectError("null params", LSTM1(x.t, nullptr, nullptr, nullptr, y.t, st.t, false), 161001, "params");
    ExpectError("train without lists", LSTM1(x.t, params, nullptr, nullptr, y.t, st.t, true), 161001, "iOut");
    ExpectError("output dtype", LSTM1(x.t, params, nullptr, nullptr, y16.t, st.t, false), 161002, "output");
    ExpectError("params count", LSTM1(x.t, pone, nullptr, nullptr, y.t, st.t, false), 161002, "params lists should be 2");
    ExpectError("hx count", LSTM1(x.t, params, hx3, nullptr, y.t, st.t, false), 161002, "hx lists");
    ExpectError("2-D input", LSTM1(x2.t, params, nullptr, nullptr, y.t, st.t, false), 161002, "input dim num 2");
    ExpectError("weight_ih shape", LSTM1(x.t, pbad, nullptr, nullptr, y.t, st.t, false), 161002, "weight_ih", "[20, 4]");
    ExpectError("output shape", LSTM1(x.t, params, nullptr, nullptr, st.t, st.t, false), 161002, "output");
    DevTensor bsz, bsz32;
    if (!bsz.Init(ACL_INT64, {T}, {3, 3}, CONTIG) || !bsz32.Init(ACL_INT32, {T}, {3, 3}, CONTIG)) return;
    ExpectError("batchSizes with 3-D input", LSTM1(x.t, params, nullptr, bsz.t, y.t, st.t, false), 161002, "input dim num 3");
    ExpectError("INT32 batchSizes", LSTM1(x2.t, params, nullptr, bsz32.t, y.t, st.t, false), 161002, "batchSizes");
    int rv = LSTM1(x2.t, params, nullptr, bsz.t, y.t, st.t, false);
    EXPECT(rv == 0, "batchSizes route accepted: %s", aclGetRecentErrMsg());
    if (rv == 0) aclDestroyAclOpExecutor(ex); // stage 1 only
    // empty input: checks pass, nothing runs
    DevTensor xe, ye;
    if (!xe.Init(ACL_FLOAT, {0, B, I}, {}, CONTIG) || !ye.Init(ACL_FLOAT, {0, B, H}, {}, CONTIG)) return;
    int rc = LSTM1(xe.t, params, nullptr, nullptr, ye.t, st.t, false);
    EXPECT(rc == 0 && ws == 0, "empty input: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnLSTM(nullptr, 0, ex, nullptr) == 0, "empty stage 2");
#undef LSTM1
    aclDestroyTensorList(params); aclDestroyTensorList(pbad); aclDestroyTensorList(pone); aclDestroyTensorList(hx3);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    //      dt          T  B  I  H  L  bidir  bias   bf     train  hx  w         x           y
    Case(rt, {ACL_FLOAT, 4, 3, 5, 6, 1, false, true, false, true, 2, CONTIG, CONTIG, CONTIG}, 1);
    Case(rt, {ACL_FLOAT, 3, 2, 4, 5, 2, true, true, false, true, 2, TRANSPOSED, STRIDED, CONTIG}, 2);
    Case(rt, {ACL_FLOAT, 5, 3, 3, 4, 1, true, false, true, true, 1, STRIDED, CONTIG, TRANSPOSED}, 3);
    Case(rt, {ACL_FLOAT, 1, 1, 1, 1, 1, false, false, false, true, 0, CONTIG, CONTIG, CONTIG}, 4); // the official example's size
    Case(rt, {ACL_FLOAT16, 4, 2, 8, 8, 2, false, true, true, false, 0, CONTIG, TRANSPOSED, STRIDED}, 5);
    Case(rt, {ACL_FLOAT16, 3, 4, 6, 16, 1, true, true, false, true, 2, CONTIG, CONTIG, CONTIG}, 6);
    Case(rt, {ACL_FLOAT, 6, 5, 32, 40, 1, false, true, false, false, 2, CONTIG, CONTIG, CONTIG}, 7); // several GEMM tiles
    CaseVarLen(rt, {4, 3, 3, 1, 1}, 4, 3, 5, 2, true, 21);
    CaseVarLen(rt, {2, 2, 1}, 2, 4, 6, 1, false, 22);
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
