// aclnnBidirectionLSTM / V2 (FLOAT16, 310P): one layer, forward only and bidirectional, with and
// without biases, strided / transposed views, against the double-precision recurrence of
// lstm_ref.h; then the validation paths: required pointers (161001, the reverse weights and the
// biases when the configuration reads them), FLOAT16 only (161002), the tiling refusals
// (numLayers != 1, batchFirst, shapes: 561002), and the chip list (run under another profile
// with the argument "other": refused). V2's variable lengths (batch sizes per step, padded and
// packed x) against the same reference run per sequence on its own length.
#include <memory>
#include <string>

#include "aclnnop/aclnn_bidirection_lstm.h"
#include "aclnnop/aclnn_bidirection_lstmv2.h"
#include "lstm_ref.h"

static void Case(Runtime &rt, int64_t T, int64_t B, int64_t I, int64_t H, bool bidir, bool bias, Layout wl, Layout xl,
                 uint64_t seed)
{
    const int64_t D = bidir ? 2 : 1, NB = bias ? 2 : 1;
    const aclDataType dt = ACL_FLOAT16;
    std::string what = "BidirectionLSTM T" + std::to_string(T) + " B" + std::to_string(B) + " I" + std::to_string(I) +
                       " H" + std::to_string(H) + (bidir ? " bidir" : "") + (bias ? " bias" : "");
    Cfg c = {dt, T, B, I, H, 1, bidir, bias, false, false, 2, wl, xl, CONTIG};
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)(T * B * I), seed, 1.0));
    std::vector<std::vector<double>> p; // per direction: W_ih, W_hh[, b_ih, b_hh] (the reference's order)
    std::vector<std::unique_ptr<DevTensor>> tw(8);
    for (int64_t d = 0; d < D; d++)
        for (int64_t q = 0; q < 2 * NB; q++) {
            std::vector<int64_t> shp = q == 0 ? std::vector<int64_t>{4 * H, I} : q == 1 ? std::vector<int64_t>{4 * H, H}
                                                                                   : std::vector<int64_t>{4 * H};
            p.push_back(QuantAll(dt, RandomValues((size_t)GetShapeSize(shp), seed * 31 + (uint64_t)p.size(), 0.6)));
            tw[(size_t)(d * 4 + q)].reset(new DevTensor);
            if (!tw[(size_t)(d * 4 + q)]->Init(dt, shp, p.back(), q < 2 ? wl : CONTIG)) { EXPECT(false, "set-up"); return; }
        }
    std::vector<double> h0 = QuantAll(dt, RandomValues((size_t)(D * B * H), seed + 7, 0.8));
    std::vector<double> c0 = QuantAll(dt, RandomValues((size_t)(D * B * H), seed + 8, 0.8));
    Ref r = RunRef(c, x, p, h0, c0);
    DevTensor tx, th0, tc0, ty, thy, tcy;
    if (!tx.Init(dt, {T, B, I}, x, xl) || !th0.Init(dt, {D, B, H}, h0, CONTIG) || !tc0.Init(dt, {D, B, H}, c0, STRIDED) ||
        !ty.Init(dt, {T, B, D * H}, {}, STRIDED) || !thy.Init(dt, {D, B, H}, {}, CONTIG) || !tcy.Init(dt, {D, B, H}, {}, CONTIG)) {
        EXPECT(false, "set-up");
        return;
    }
    auto T_ = [&](int i) { return tw[(size_t)i] ? tw[(size_t)i]->t : nullptr; };
    int rc = Run("aclnnBidirectionLSTM", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnBidirectionLSTMGetWorkspaceSize(tx.t, th0.t, tc0.t, T_(0), T_(1), T_(2), T_(3), T_(4), T_(5), T_(6),
                                                    T_(7), 1, bias, false, bidir, ty.t, thy.t, tcy.t, s, e); },
        aclnnBidirectionLSTM);
    EXPECT(rc == 0, "%s run", what.c_str());
    if (rc) return;
    CheckAccuracy((what + " y").c_str(), ty.Read(), r.y, 4e-3, 4e-3, 2e-2);
    CheckAccuracy((what + " outputH").c_str(), thy.Read(), r.hy, 4e-3, 4e-3, 2e-2);
    CheckAccuracy((what + " outputC").c_str(), tcy.Read(), r.cy, 4e-3, 4e-3, 2e-2);
    EXPECT(ty.CountClobbered() == 0, "%s wrote outside y's view", what.c_str());
}

static void ExpectCode(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle) EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

static void Validation(bool supported_chip)
{
    const int64_t T = 2, B = 3, I = 4, H = 5;
    DevTensor x, st, wi, wh, b, y, y2, x32, wbad, st2;
    if (!x.Init(ACL_FLOAT16, {T, B, I}, {}, CONTIG) || !st.Init(ACL_FLOAT16, {1, B, H}, {}, CONTIG) ||
        !wi.Init(ACL_FLOAT16, {4 * H, I}, {}, CONTIG) || !wh.Init(ACL_FLOAT16, {4 * H, H}, {}, CONTIG) ||
        !b.Init(ACL_FLOAT16, {4 * H}, {}, CONTIG) || !y.Init(ACL_FLOAT16, {T, B, H}, {}, CONTIG) ||
        !y2.Init(ACL_FLOAT16, {T, B, 2 * H}, {}, CONTIG) || !x32.Init(ACL_FLOAT, {T, B, I}, {}, CONTIG) ||
        !wbad.Init(ACL_FLOAT16, {4 * H, I + 1}, {}, CONTIG) || !st2.Init(ACL_FLOAT16, {2, B, H}, {}, CONTIG)) {
        EXPECT(false, "set-up");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *xx, const aclTensor *wih, const aclTensor *bih, const aclTensor *wihr, int64_t layers,
                    bool isbias, bool bf, bool bidir, const aclTensor *yy, const aclTensor *hy) {
        int rc = aclnnBidirectionLSTMGetWorkspaceSize(xx, bidir ? st2.t : st.t, bidir ? st2.t : st.t, wih, wh.t, bih, b.t,
                                                      wihr, wh.t, b.t, b.t, layers, isbias, bf, bidir, yy, hy,
                                                      bidir ? st2.t : st.t, &ws, &ex);
        if (rc == 0) aclDestroyAclOpExecutor(ex); // stage 1 only
        return rc;
    };
    if (!supported_chip) {
        ExpectCode("other chip", call(x.t, wi.t, b.t, nullptr, 1, true, false, false, y.t, st.t), ACLNN_ERR_RUNTIME_ERROR,
                   "not implemented");
        return;
    }
    ExpectCode("null x", call(nullptr, wi.t, b.t, nullptr, 1, true, false, false, y.t, st.t), 161001, "x");
    ExpectCode("null wIh", call(x.t, nullptr, b.t, nullptr, 1, true, false, false, y.t, st.t), 161001, "wIh");
    ExpectCode("null bias with isbias", call(x.t, wi.t, nullptr, nullptr, 1, true, false, false, y.t, st.t), 161001,
               "bIhOptional");
    ExpectCode("null reverse weight", call(x.t, wi.t, b.t, nullptr, 1, true, false, true, y2.t, st2.t), 161001,
               "wIhReverseOptional");
    ExpectCode("biases ignored without isbias", call(x.t, wi.t, nullptr, nullptr, 1, false, false, false, y.t, st.t), 0,
               nullptr);
    ExpectCode("FLOAT x", call(x32.t, wi.t, b.t, nullptr, 1, true, false, false, y.t, st.t), 161002, "x");
    ExpectCode("two layers", call(x.t, wi.t, b.t, nullptr, 2, true, false, false, y.t, st.t), 561002, "numLayers");
    ExpectCode("batchFirst", call(x.t, wi.t, b.t, nullptr, 1, true, true, false, y.t, st.t), 561002, "batchFirst");
    ExpectCode("wIh shape", call(x.t, wbad.t, b.t, nullptr, 1, true, false, false, y.t, st.t), 561002, "wIh");
    ExpectCode("y shape", call(x.t, wi.t, b.t, wi.t, 1, true, false, true, y.t, st2.t), 561002, "yOut");
    ExpectCode("valid bidirectional", call(x.t, wi.t, b.t, wi.t, 1, true, false, true, y2.t, st2.t), 0, nullptr);
}


// V2: batch sizes bs[t] (non-increasing); row b is a sequence of len_b = #{t : bs[t] > b} steps.
// The reference runs each sequence alone (B = 1, T = len_b); padded y positions must be 0.
static void CaseV2(Runtime &rt, const std::vector<int64_t> &bs, int64_t B, int64_t I, int64_t H, bool bidir, bool packed,
                   uint64_t seed)
{
    const int64_t D = bidir ? 2 : 1, T = (int64_t)bs.size();
    const aclDataType dt = ACL_FLOAT16;
    std::string what = std::string("BidirectionLSTMV2 ") + (packed ? "packed" : "padded") + (bidir ? " bidir" : "") +
                       " T" + std::to_string(T) + " B" + std::to_string(B);
    std::vector<int64_t> off(T + 1, 0), len(B, 0);
    for (int64_t t = 0; t < T; t++) {
        off[t + 1] = off[t] + bs[t];
        for (int64_t b = 0; b < bs[t]; b++) len[b]++;
    }
    const int64_t total = off[T];
    auto xrow = [&](int64_t t, int64_t b) { return packed ? off[t] + b : t * B + b; };
    const int64_t nrows = packed ? total : T * B;
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)(nrows * I), seed, 1.0));
    std::vector<std::vector<double>> p;
    std::vector<std::unique_ptr<DevTensor>> tw(8);
    for (int64_t d = 0; d < D; d++)
        for (int64_t q = 0; q < 4; q++) {
            std::vector<int64_t> shp = q == 0 ? std::vector<int64_t>{4 * H, I} : q == 1 ? std::vector<int64_t>{4 * H, H}
                                                                                   : std::vector<int64_t>{4 * H};
            p.push_back(QuantAll(dt, RandomValues((size_t)GetShapeSize(shp), seed * 17 + (uint64_t)p.size(), 0.6)));
            tw[(size_t)(d * 4 + q)].reset(new DevTensor);
            if (!tw[(size_t)(d * 4 + q)]->Init(dt, shp, p.back(), CONTIG)) { EXPECT(false, "set-up"); return; }
        }
    std::vector<double> h0 = QuantAll(dt, RandomValues((size_t)(D * B * H), seed + 5, 0.8));
    std::vector<double> c0 = QuantAll(dt, RandomValues((size_t)(D * B * H), seed + 6, 0.8));
    std::vector<double> ry((size_t)(nrows * D * H), 0.0), rhy((size_t)(D * B * H)), rcy((size_t)(D * B * H));
    for (int64_t b = 0; b < B; b++) {
        Cfg c = {dt, len[b], 1, I, H, 1, bidir, true, false, false, 2, CONTIG, CONTIG, CONTIG};
        std::vector<double> xs, hs, cs;
        for (int64_t t = 0; t < len[b]; t++)
            for (int64_t k = 0; k < I; k++) xs.push_back(x[(size_t)(xrow(t, b) * I + k)]);
        for (int64_t d = 0; d < D; d++)
            for (int64_t u = 0; u < H; u++) {
                hs.push_back(h0[(size_t)((d * B + b) * H + u)]);
                cs.push_back(c0[(size_t)((d * B + b) * H + u)]);
            }
        Ref r = len[b] ? RunRef(c, xs, p, hs, cs) : Ref{};
        for (int64_t t = 0; t < len[b]; t++)
            for (int64_t k = 0; k < D * H; k++) ry[(size_t)(xrow(t, b) * D * H + k)] = r.y[(size_t)(t * D * H + k)];
        for (int64_t d = 0; d < D; d++)
            for (int64_t u = 0; u < H; u++) {
                size_t o = (size_t)((d * B + b) * H + u), i = (size_t)(d * H + u);
                rhy[o] = len[b] ? r.hy[i] : h0[o];
                rcy[o] = len[b] ? r.cy[i] : c0[o];
            }
    }
    DevTensor tx, th0, tc0, ty, thy, tcy, tbs;
    std::vector<double> bsv(bs.begin(), bs.end());
    std::vector<int64_t> xs = packed ? std::vector<int64_t>{total, I} : std::vector<int64_t>{T, B, I};
    std::vector<int64_t> ys = packed ? std::vector<int64_t>{total, D * H} : std::vector<int64_t>{T, B, D * H};
    if (!tx.Init(dt, xs, x, STRIDED) || !th0.Init(dt, {D, B, H}, h0, CONTIG) || !tc0.Init(dt, {D, B, H}, c0, CONTIG) ||
        !ty.Init(dt, ys, std::vector<double>((size_t)(nrows * D * H), 5.0), CONTIG) || !thy.Init(dt, {D, B, H}, {}, CONTIG) ||
        !tcy.Init(dt, {D, B, H}, {}, CONTIG) || !tbs.Init(seed % 2 ? ACL_INT64 : ACL_INT32, {T}, bsv, CONTIG)) {
        EXPECT(false, "set-up");
        return;
    }
    auto T_ = [&](int i) { return tw[(size_t)i] ? tw[(size_t)i]->t : nullptr; };
    int rc = Run("aclnnBidirectionLSTMV2", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnBidirectionLSTMV2GetWorkspaceSize(tx.t, th0.t, tc0.t, T_(0), T_(1), T_(2), T_(3), T_(4), T_(5), T_(6),
                                                      T_(7), tbs.t, 1, true, false, bidir, packed, ty.t, thy.t, tcy.t, s, e); },
        aclnnBidirectionLSTMV2);
    EXPECT(rc == 0, "%s run", what.c_str());
    if (rc) return;
    CheckAccuracy((what + " y").c_str(), ty.Read(), ry, 4e-3, 4e-3, 2e-2);
    CheckAccuracy((what + " outputH").c_str(), thy.Read(), rhy, 4e-3, 4e-3, 2e-2);
    CheckAccuracy((what + " outputC").c_str(), tcy.Read(), rcy, 4e-3, 4e-3, 2e-2);
}

static void ValidationV2(Runtime &rt)
{
    const int64_t T = 3, B = 3, I = 2, H = 2;
    DevTensor x, xp, st, wi, wh, b, y, yp, bs, bsbad, bsf;
    if (!x.Init(ACL_FLOAT16, {T, B, I}, {}, CONTIG) || !xp.Init(ACL_FLOAT16, {6, I}, {}, CONTIG) ||
        !st.Init(ACL_FLOAT16, {1, B, H}, {}, CONTIG) || !wi.Init(ACL_FLOAT16, {4 * H, I}, {}, CONTIG) ||
        !wh.Init(ACL_FLOAT16, {4 * H, H}, {}, CONTIG) || !b.Init(ACL_FLOAT16, {4 * H}, {}, CONTIG) ||
        !y.Init(ACL_FLOAT16, {T, B, H}, {}, CONTIG) || !yp.Init(ACL_FLOAT16, {6, H}, {}, CONTIG) ||
        !bs.Init(ACL_INT64, {T}, {3, 2, 1}, CONTIG) || !bsbad.Init(ACL_INT64, {T}, {1, 2, 3}, CONTIG) ||
        !bsf.Init(ACL_FLOAT, {T}, {3, 2, 1}, CONTIG)) {
        EXPECT(false, "set-up");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *xx, const aclTensor *bsz, bool packed, const aclTensor *yy, bool keep = false) {
        int rc = aclnnBidirectionLSTMV2GetWorkspaceSize(xx, st.t, st.t, wi.t, wh.t, b.t, b.t, nullptr, nullptr, nullptr,
                                                        nullptr, bsz, 1, true, false, false, packed, yy, st.t, st.t, &ws, &ex);
        if (rc == 0 && !keep) aclDestroyAclOpExecutor(ex); // stage 1 only
        return rc;
    };
    ExpectCode("packed without batch sizes", call(xp.t, nullptr, true, yp.t), 561002, "batchSizeOptional");
    ExpectCode("packed 3-D x", call(x.t, bs.t, true, y.t), 561002, "2-D");
    ExpectCode("FLOAT batch sizes", call(x.t, bsf.t, false, y.t), 161002, "batchSizeOptional");
    ExpectCode("packed valid", call(xp.t, bs.t, true, yp.t), 0, nullptr);
    // increasing batch sizes: the kernel refuses them at run time
    int rc = call(x.t, bsbad.t, false, y.t, true); // run below
    EXPECT(rc == 0, "increasing batch sizes pass stage 1: %d", rc);
    if (rc == 0) {
        void *w = nullptr;
        if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
        int r2 = aclnnBidirectionLSTMV2(w, ws, ex, rt.stream);
        int r3 = aclrtSynchronizeStream(rt.stream);
        EXPECT(r2 != 0 || r3 != 0, "increasing batch sizes must fail at run time (%d, %d)", r2, r3);
        if (w) aclrtFree(w);
    }
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    bool other = argc > 1 && std::string(argv[1]) == "other";
    if (!other) {
        Case(rt, 4, 3, 5, 6, false, true, CONTIG, CONTIG, 1);
        Case(rt, 3, 2, 4, 5, true, true, TRANSPOSED, STRIDED, 2);
        Case(rt, 5, 3, 3, 4, true, false, STRIDED, CONTIG, 3);
        Case(rt, 1, 1, 1, 1, false, false, CONTIG, CONTIG, 4);
        Case(rt, 6, 4, 16, 32, true, true, CONTIG, TRANSPOSED, 5); // several GEMM tiles
        CaseV2(rt, {4, 4, 3, 1, 1}, 4, 3, 5, true, false, 11);
        CaseV2(rt, {4, 4, 3, 1, 1}, 4, 3, 5, true, true, 12);
        CaseV2(rt, {3, 2, 2, 2, 0, 0}, 3, 6, 8, false, true, 13);
        CaseV2(rt, {2, 2, 2}, 3, 4, 4, true, false, 14); // row 2 never steps: outputH = initH
    }
    Validation(!other);
    if (!other) ValidationV2(rt);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
