// The sync-BN family (norm part, session 10): aclnnBatchNormReduce, aclnnBatchNormElemt,
// aclnnSyncBatchNormGatherStats, aclnnBatchNormGatherStatsWithCounts,
// aclnnBatchNormReduceBackward, aclnnBatchNormElemtBackward. Each against a double reference;
// then the way PyTorch's SyncBatchNorm chains them over two "devices" (halves of the batch) must
// give training BatchNorm of the whole batch forward, and its input gradient must match central
// finite differences of a double BatchNorm forward. Validation paths with codes and messages.
#include "npl_util.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_elemt.h"
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"
#include "aclnnop/aclnn_batch_norm_reduce.h"
#include "aclnnop/aclnn_sync_batch_norm_gather_stats.h"

static bool g_950 = false, g_310p = false;

// (N, C, S) view of a channel-first shape.
static void Ncs(const std::vector<int64_t> &s, int64_t &N, int64_t &C, int64_t &S)
{
    N = s[0];
    C = s[1];
    S = 1;
    for (size_t i = 2; i < s.size(); i++) S *= s[i];
}

static void ReduceCase(Runtime &rt, aclDataType dt, bool nhwc, uint64_t seed)
{
    Lcg rng(seed);
    int64_t N = 3, C = 5, H = 4, W = 6;
    std::vector<int64_t> shape = nhwc ? std::vector<int64_t>{N, H, W, C} : std::vector<int64_t>{N, C, H, W};
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, N * C * H * W), CONTIG, nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW);
    DevTensor s = MakeOut(ACL_FLOAT, {C}), q = MakeOut(ACL_FLOAT, {C});
    EXPECT(NPL_RUN(BatchNormReduce, x.t, s.t, q.t) == 0, "BatchNormReduce run");
    std::vector<double> rs(C, 0.0), rq(C, 0.0);
    for (int64_t i = 0; i < N * C * H * W; i++) {
        int64_t c = nhwc ? i % C : (i / (H * W)) % C;
        rs[c] += x.vals[i];
        rq[c] += x.vals[i] * x.vals[i];
    }
    std::string what = std::string(DtName(dt)) + (nhwc ? " NHWC" : " NCHW");
    CheckDtype(("BatchNormReduce sum " + what).c_str(), ACL_FLOAT, Read(s), rs);
    CheckDtype(("BatchNormReduce squareSum " + what).c_str(), ACL_FLOAT, Read(q), rq);
    for (DevTensor *t : {&x, &s, &q}) t->Free();
}

static void ElemtCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, bool affine, Layout l, uint64_t seed)
{
    Lcg rng(seed);
    int64_t N, C, S;
    Ncs(shape, N, C, S);
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, N * C * S), l), y = MakeOut(dt, shape, l);
    DevTensor w = MakeTensor(dt, {C}, RandVals(rng, C, 0.5)), b = MakeTensor(dt, {C}, RandVals(rng, C, 0.2));
    std::vector<double> mv = RandVals(rng, C), iv(C);
    for (auto &v : iv) v = 0.2 + rng.uniform();
    DevTensor m = MakeTensor(dt, {C}, mv), is = MakeTensor(dt, {C}, iv);
    double eps = 1e-5;
    EXPECT(NPL_RUN(BatchNormElemt, x.t, affine ? w.t : nullptr, affine ? b.t : nullptr, m.t, is.t, eps, y.t) == 0,
           "BatchNormElemt run");
    std::vector<double> ry(N * C * S);
    for (int64_t i = 0; i < N * C * S; i++) {
        int64_t c = (i / S) % C;
        double k = affine ? w.vals[c] : 1.0, bb = affine ? b.vals[c] : 0.0;
        ry[i] = (x.vals[i] - m.vals[c]) * is.vals[c] * k + bb;
    }
    std::string what = "rank " + std::to_string(shape.size()) + (affine ? " affine" : "") + " layout " + std::to_string(l);
    CheckDtype(Name("BatchNormElemt y", dt, what).c_str(), dt, Read(y), ry);
    CheckUntouched("BatchNormElemt y storage", y);
    for (DevTensor *t : {&x, &y, &w, &b, &m, &is}) t->Free();
}

static void GatherCase(Runtime &rt, aclDataType dt, aclDataType cdt, uint64_t seed)
{
    Lcg rng(seed);
    int64_t W = 3, C = 6;
    std::vector<double> cnt = {40, 24, 56}, sums(W * C), sq(W * C);
    for (int64_t w = 0; w < W; w++)
        for (int64_t c = 0; c < C; c++) {
            double m = rng.value() * 0.3, v = 0.5 + rng.uniform();
            sums[w * C + c] = cnt[w] * m;
            sq[w * C + c] = cnt[w] * (v + m * m);
        }
    DevTensor ts = MakeTensor(dt, {W, C}, sums), tq = MakeTensor(dt, {W, C}, sq), tc = MakeTensor(cdt, {W}, cnt);
    DevTensor rm = MakeTensor(dt, {C}, RandVals(rng, C, 0.1)), rv = MakeTensor(dt, {C}, std::vector<double>(C, 1.0));
    DevTensor bm = MakeOut(dt, {C}), bi = MakeOut(dt, {C});
    float mom = 0.1f, eps = 1e-5f;
    std::vector<double> rm0 = rm.vals, rv0 = rv.vals;
    EXPECT(NPL_RUN(SyncBatchNormGatherStats, ts.t, tq.t, tc.t, rm.t, rv.t, mom, eps, bm.t, bi.t) == 0,
           "SyncBatchNormGatherStats run");
    std::vector<double> em(C), ei(C), erm(C), erv(C);
    double total = tc.vals[0] + tc.vals[1] + tc.vals[2];
    for (int64_t c = 0; c < C; c++) {
        double s = 0, q = 0;
        for (int64_t w = 0; w < W; w++) {
            s += ts.vals[w * C + c];
            q += tq.vals[w * C + c];
        }
        em[c] = s / total;
        double var = q / total - em[c] * em[c];
        ei[c] = 1.0 / std::sqrt(var + (double)eps);
        erm[c] = rm0[c] * (1 - (double)mom) + (double)mom * em[c];
        erv[c] = rv0[c] * (1 - (double)mom) + (double)mom * var * total / (total - 1);
    }
    std::string what = std::string(DtName(dt)) + " count " + DtName(cdt);
    CheckDtype(("SyncBatchNormGatherStats batchMean " + what).c_str(), dt, Read(bm), em);
    CheckDtype(("SyncBatchNormGatherStats batchInvstd " + what).c_str(), dt, Read(bi), ei);
    CheckDtype(("SyncBatchNormGatherStats runningMean " + what).c_str(), dt, Read(rm), erm);
    CheckDtype(("SyncBatchNormGatherStats runningVar " + what).c_str(), dt, Read(rv), erv);

    // the same statistics as per-device mean / invstd with counts
    std::vector<double> mw(W * C), iw(W * C);
    double beps = 1e-5;
    for (int64_t w = 0; w < W; w++)
        for (int64_t c = 0; c < C; c++) {
            double m = sums[w * C + c] / cnt[w], v = sq[w * C + c] / cnt[w] - m * m;
            mw[w * C + c] = m;
            iw[w * C + c] = 1.0 / std::sqrt(v + beps);
        }
    DevTensor in = MakeOut(dt, {2, C, 3}), tmw = MakeTensor(dt, {W, C}, mw), tiw = MakeTensor(dt, {W, C}, iw);
    DevTensor tcn = MakeTensor(dt, {W}, cnt), rm2 = MakeTensor(dt, {C}, rm0), rv2 = MakeTensor(dt, {C}, rv0);
    DevTensor ma = MakeOut(dt, {C}), ia = MakeOut(dt, {C});
    EXPECT(NPL_RUN(BatchNormGatherStatsWithCounts, in.t, tmw.t, tiw.t, rm2.t, rv2.t, 0.1, beps, tcn.t, ma.t, ia.t) == 0,
           "BatchNormGatherStatsWithCounts run");
    for (int64_t c = 0; c < C; c++) {
        double m = 0, v = 0;
        for (int64_t w = 0; w < W; w++) m += tcn.vals[w] * tmw.vals[w * C + c];
        m /= total;
        for (int64_t w = 0; w < W; w++) {
            double d = tmw.vals[w * C + c] - m, iv = tiw.vals[w * C + c];
            v += tcn.vals[w] * (1.0 / (iv * iv) - beps + d * d);
        }
        v /= total;
        em[c] = m;
        ei[c] = 1.0 / std::sqrt(v + beps);
        erm[c] = rm0[c] * 0.9 + 0.1 * m;
        erv[c] = rv0[c] * 0.9 + 0.1 * v * total / (total - 1);
    }
    CheckDtype(("BatchNormGatherStatsWithCounts meanAll " + what).c_str(), dt, Read(ma), em);
    CheckDtype(("BatchNormGatherStatsWithCounts invstdAll " + what).c_str(), dt, Read(ia), ei);
    CheckDtype(("BatchNormGatherStatsWithCounts runningMean " + what).c_str(), dt, Read(rm2), erm);
    CheckDtype(("BatchNormGatherStatsWithCounts runningVar " + what).c_str(), dt, Read(rv2), erv);
    // without running statistics
    DevTensor ma2 = MakeOut(dt, {C}), ia2 = MakeOut(dt, {C});
    EXPECT(NPL_RUN(BatchNormGatherStatsWithCounts, in.t, tmw.t, tiw.t, nullptr, nullptr, 0.1, beps, tcn.t, ma2.t, ia2.t) == 0,
           "BatchNormGatherStatsWithCounts without running stats");
    CheckDtype(("BatchNormGatherStatsWithCounts meanAll (no running) " + what).c_str(), dt, Read(ma2), em);
    for (DevTensor *t : {&ts, &tq, &tc, &rm, &rv, &bm, &bi, &in, &tmw, &tiw, &tcn, &rm2, &rv2, &ma, &ia, &ma2, &ia2}) t->Free();
}

static void BackwardCase(Runtime &rt, aclDataType dt, std::vector<int64_t> shape, Layout l, uint64_t seed)
{
    Lcg rng(seed);
    int64_t N, C, S;
    Ncs(shape, N, C, S);
    DevTensor dy = MakeTensor(dt, shape, RandVals(rng, N * C * S), l), x = MakeTensor(dt, shape, RandVals(rng, N * C * S));
    std::vector<double> mv = RandVals(rng, C, 0.3), iv(C);
    for (auto &v : iv) v = 0.3 + rng.uniform();
    DevTensor m = MakeTensor(dt, {C}, mv), is = MakeTensor(dt, {C}, iv), w = MakeTensor(dt, {C}, RandVals(rng, C, 0.5));
    DevTensor sdy = MakeOut(dt, {C}), sdx = MakeOut(dt, {C}), gw = MakeOut(dt, {C}), gb = MakeOut(dt, {C});
    EXPECT(NPL_RUN(BatchNormReduceBackward, dy.t, x.t, m.t, is.t, w.t, true, true, true, sdy.t, sdx.t, gw.t, gb.t) == 0,
           "BatchNormReduceBackward run");
    std::vector<double> rsdy(C, 0.0), rsdx(C, 0.0), rgw(C);
    for (int64_t i = 0; i < N * C * S; i++) {
        int64_t c = (i / S) % C;
        rsdy[c] += dy.vals[i];
        rsdx[c] += dy.vals[i] * (x.vals[i] - m.vals[c]);
    }
    for (int64_t c = 0; c < C; c++) rgw[c] = rsdx[c] * is.vals[c];
    std::string what = "rank " + std::to_string(shape.size()) + " layout " + std::to_string(l);
    CheckDtype(Name("BatchNormReduceBackward sumDy", dt, what).c_str(), dt, Read(sdy), rsdy);
    CheckDtype(Name("BatchNormReduceBackward sumDyXmu", dt, what).c_str(), dt, Read(sdx), rsdx);
    CheckDtype(Name("BatchNormReduceBackward gradWeight", dt, what).c_str(), dt, Read(gw), rgw);
    CheckDtype(Name("BatchNormReduceBackward gradBias", dt, what).c_str(), dt, Read(gb), rsdy);
    // masks: only gradBias wanted (the others may be null)
    DevTensor gb2 = MakeOut(dt, {C});
    EXPECT(NPL_RUN(BatchNormReduceBackward, dy.t, x.t, m.t, is.t, w.t, false, false, true, nullptr, nullptr, nullptr,
                   gb2.t) == 0, "BatchNormReduceBackward biasG only");
    CheckDtype(Name("BatchNormReduceBackward gradBias (masked)", dt, what).c_str(), dt, Read(gb2), rsdy);

    // ElemtBackward from the (rounded) sums and two device counts
    DevTensor tsdy = MakeTensor(dt, {C}, Read(sdy)), tsdx = MakeTensor(dt, {C}, Read(sdx));
    DevTensor cnt = MakeTensor(ACL_INT32, {2}, {(double)(N * S), 17.0}), dx = MakeOut(dt, shape, l);
    EXPECT(NPL_RUN(BatchNormElemtBackward, dy.t, x.t, m.t, is.t, w.t, tsdy.t, tsdx.t, cnt.t, dx.t) == 0,
           "BatchNormElemtBackward run");
    double total = (double)(N * S) + 17.0;
    std::vector<double> rdx(N * C * S);
    for (int64_t i = 0; i < N * C * S; i++) {
        int64_t c = (i / S) % C;
        double ivs = is.vals[c];
        rdx[i] = (dy.vals[i] - tsdy.vals[c] / total - (x.vals[i] - m.vals[c]) * ivs * ivs * tsdx.vals[c] / total) * ivs *
                 w.vals[c];
    }
    CheckDtype(Name("BatchNormElemtBackward gradInput", dt, what).c_str(), dt, Read(dx), rdx);
    CheckUntouched("BatchNormElemtBackward gradInput storage", dx);
    for (DevTensor *t : {&dy, &x, &m, &is, &w, &sdy, &sdx, &gw, &gb, &gb2, &tsdy, &tsdx, &cnt, &dx}) t->Free();
}

// Double-precision training BatchNorm forward loss L = sum(dy * y) over (N, C, S).
static double BnLoss(const std::vector<double> &x, const std::vector<double> &dy, const std::vector<double> &w,
                     int64_t N, int64_t C, int64_t S, double eps)
{
    double l = 0;
    for (int64_t c = 0; c < C; c++) {
        double s = 0, q = 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) s += x[(n * C + c) * S + i];
        double m = s / (N * S);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) q += (x[(n * C + c) * S + i] - m) * (x[(n * C + c) * S + i] - m);
        double is = 1.0 / std::sqrt(q / (N * S) + eps);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) {
                int64_t k = (n * C + c) * S + i;
                l += dy[k] * (x[k] - m) * is * w[c];
            }
    }
    return l;
}

// SyncBatchNorm over two devices (batch halves), FLOAT: forward = BatchNorm of the whole batch,
// input gradient = finite differences of that forward.
static void SyncChain(Runtime &rt, uint64_t seed)
{
    Lcg rng(seed);
    int64_t Nh = 2, C = 3, S = 4, N = 2 * Nh;
    double eps = 1e-5, h = 1e-4;
    std::vector<double> xall = RandVals(rng, N * C * S), dyall = RandVals(rng, N * C * S), wv = RandVals(rng, C, 0.5);
    std::vector<double> zero_b(C, 0.0);
    DevTensor xs[2], dys[2];
    for (int d = 0; d < 2; d++) {
        std::vector<double> xv(xall.begin() + d * Nh * C * S, xall.begin() + (d + 1) * Nh * C * S);
        std::vector<double> gv(dyall.begin() + d * Nh * C * S, dyall.begin() + (d + 1) * Nh * C * S);
        xs[d] = MakeTensor(ACL_FLOAT, {Nh, C, S, 1}, xv, CONTIG, ACL_FORMAT_NCHW);
        dys[d] = MakeTensor(ACL_FLOAT, {Nh, C, S, 1}, gv, CONTIG, ACL_FORMAT_NCHW);
    }
    // forward: per-device sums -> gather -> elemt
    std::vector<double> sums(2 * C), sqs(2 * C);
    for (int d = 0; d < 2; d++) {
        DevTensor s = MakeOut(ACL_FLOAT, {C}), q = MakeOut(ACL_FLOAT, {C});
        EXPECT(NPL_RUN(BatchNormReduce, xs[d].t, s.t, q.t) == 0, "chain reduce");
        std::vector<double> sv = Read(s), qv = Read(q);
        for (int64_t c = 0; c < C; c++) {
            sums[d * C + c] = sv[c];
            sqs[d * C + c] = qv[c];
        }
        s.Free();
        q.Free();
    }
    DevTensor ts = MakeTensor(ACL_FLOAT, {2, C}, sums), tq = MakeTensor(ACL_FLOAT, {2, C}, sqs);
    DevTensor tc = MakeTensor(ACL_FLOAT, {2}, {(double)(Nh * S), (double)(Nh * S)});
    DevTensor rm = MakeOut(ACL_FLOAT, {C}), rv = MakeOut(ACL_FLOAT, {C}), bm = MakeOut(ACL_FLOAT, {C}), bi = MakeOut(ACL_FLOAT, {C});
    EXPECT(NPL_RUN(SyncBatchNormGatherStats, ts.t, tq.t, tc.t, rm.t, rv.t, 0.1f, (float)eps, bm.t, bi.t) == 0, "chain gather");
    DevTensor w = MakeTensor(ACL_FLOAT, {C}, wv), b = MakeTensor(ACL_FLOAT, {C}, zero_b);
    std::vector<double> yall;
    for (int d = 0; d < 2; d++) {
        DevTensor y = MakeOut(ACL_FLOAT, {Nh, C, S, 1}, CONTIG, ACL_FORMAT_NCHW);
        EXPECT(NPL_RUN(BatchNormElemt, xs[d].t, w.t, b.t, bm.t, bi.t, eps, y.t) == 0, "chain elemt");
        std::vector<double> yv = Read(y);
        yall.insert(yall.end(), yv.begin(), yv.end());
        y.Free();
    }
    std::vector<double> ry(N * C * S);
    for (int64_t c = 0; c < C; c++) {
        double s = 0, q = 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) s += xall[(n * C + c) * S + i];
        double m = s / (N * S);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) q += std::pow(xall[(n * C + c) * S + i] - m, 2);
        double is = 1.0 / std::sqrt(q / (N * S) + eps);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < S; i++) ry[(n * C + c) * S + i] = (xall[(n * C + c) * S + i] - m) * is * wv[c];
    }
    CheckAccuracy("SyncBatchNorm chain forward vs whole-batch BatchNorm", yall, ry, 1e-4, 1e-4, 1e-3);
    // backward: per-device reduce -> all-reduce (host sum) -> elemt backward
    std::vector<double> sdy(C, 0.0), sdx(C, 0.0);
    for (int d = 0; d < 2; d++) {
        DevTensor a = MakeOut(ACL_FLOAT, {C}), bb = MakeOut(ACL_FLOAT, {C}), gw = MakeOut(ACL_FLOAT, {C}), gb = MakeOut(ACL_FLOAT, {C});
        EXPECT(NPL_RUN(BatchNormReduceBackward, dys[d].t, xs[d].t, bm.t, bi.t, w.t, true, false, false, a.t, bb.t,
                       gw.t, gb.t) == 0, "chain reduce backward");
        std::vector<double> av = Read(a), bv = Read(bb);
        for (int64_t c = 0; c < C; c++) {
            sdy[c] += av[c];
            sdx[c] += bv[c];
        }
        for (DevTensor *t : {&a, &bb, &gw, &gb}) t->Free();
    }
    DevTensor tsdy = MakeTensor(ACL_FLOAT, {C}, sdy), tsdx = MakeTensor(ACL_FLOAT, {C}, sdx);
    DevTensor cnt = MakeTensor(ACL_INT32, {2}, {(double)(Nh * S), (double)(Nh * S)});
    std::vector<double> dxall;
    for (int d = 0; d < 2; d++) {
        DevTensor dx = MakeOut(ACL_FLOAT, {Nh, C, S, 1}, CONTIG, ACL_FORMAT_NCHW);
        EXPECT(NPL_RUN(BatchNormElemtBackward, dys[d].t, xs[d].t, bm.t, bi.t, w.t, tsdy.t, tsdx.t, cnt.t, dx.t) == 0,
               "chain elemt backward");
        std::vector<double> v = Read(dx);
        dxall.insert(dxall.end(), v.begin(), v.end());
        dx.Free();
    }
    std::vector<double> fd(N * C * S);
    for (int64_t i = 0; i < N * C * S; i++) {
        std::vector<double> p = xall, m = xall;
        p[i] += h;
        m[i] -= h;
        fd[i] = (BnLoss(p, dyall, wv, N, C, S, eps) - BnLoss(m, dyall, wv, N, C, S, eps)) / (2 * h);
    }
    CheckAccuracy("SyncBatchNorm chain input gradient vs finite differences", dxall, fd, 1e-3, 1e-3, 1e-2);
    for (DevTensor *t : {&xs[0], &xs[1], &dys[0], &dys[1], &ts, &tq, &tc, &rm, &rv, &bm, &bi, &w, &b, &tsdy, &tsdx, &cnt})
        t->Free();
}

static void Errors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4}), c3 = MakeOut(ACL_FLOAT, {3}), c4 = MakeOut(ACL_FLOAT, {4});
    DevTensor xi = MakeOut(ACL_INT32, {2, 3, 4}), x1 = MakeOut(ACL_FLOAT, {6}), x0 = MakeOut(ACL_FLOAT, {2, 0, 4});
    DevTensor c2d = MakeOut(ACL_FLOAT, {1, 3});
    DevTensor x4 = MakeTensor(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG, ACL_FORMAT_NCHW), s3 = MakeOut(ACL_FLOAT, {3});
    DevTensor s16 = MakeOut(ACL_FLOAT16, {3}), s5 = MakeOut(ACL_FLOAT, {5});
    // BatchNormElemt: a null tensor is PARAM_INVALID in the real op_api
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "mean", BatchNormElemt, x.t, nullptr, nullptr, nullptr, c3.t, 1e-5, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", BatchNormElemt, xi.t, nullptr, nullptr, c3.t, c3.t, 1e-5, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dim num 1", BatchNormElemt, x1.t, nullptr, nullptr, c3.t, c3.t, 1e-5, x1.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Input channel size should not be zero", BatchNormElemt, x0.t, nullptr,
                   nullptr, c3.t, c3.t, 1e-5, x0.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "channel size of input", BatchNormElemt, x.t, c4.t, nullptr, c3.t, c3.t,
                   1e-5, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "dim size should be one", BatchNormElemt, x.t, nullptr, nullptr, c2d.t,
                   c3.t, 1e-5, x.t);
    // BatchNormReduce
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "squareSum", BatchNormReduce, x4.t, s3.t, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "sum", BatchNormReduce, x4.t, s16.t, s3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Format of x only supports [NCHW, NHWC]", BatchNormReduce, x.t, s3.t, s3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "input_C(3)", BatchNormReduce, x4.t, s5.t, s3.t);
    // SyncBatchNormGatherStats
    DevTensor t23 = MakeOut(ACL_FLOAT, {2, 3}), t24 = MakeOut(ACL_FLOAT, {2, 4}), w2 = MakeOut(ACL_FLOAT, {2});
    DevTensor w3 = MakeOut(ACL_FLOAT, {3}), t23h = MakeOut(ACL_FLOAT16, {2, 3}), wi64 = MakeOut(ACL_INT64, {2});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "batchInvstd", SyncBatchNormGatherStats, t23.t, t23.t, w2.t, c3.t, c3.t,
                   0.1f, 1e-5f, c3.t, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "sampleCount", SyncBatchNormGatherStats, t23.t, t23.t, wi64.t, c3.t, c3.t,
                   0.1f, 1e-5f, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "totalSquareSum", SyncBatchNormGatherStats, t23.t, t23h.t, w2.t, c3.t,
                   c3.t, 0.1f, 1e-5f, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "totalSumShape dim1 not same totalSquareSumShape dim1",
                   SyncBatchNormGatherStats, t23.t, t24.t, w2.t, c3.t, c3.t, 0.1f, 1e-5f, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "totalSumShape dim0 not same sampleCountShape dim0",
                   SyncBatchNormGatherStats, t23.t, t23.t, w3.t, c3.t, c3.t, 0.1f, 1e-5f, c3.t, c3.t);
    // BatchNormGatherStatsWithCounts
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "counts", BatchNormGatherStatsWithCounts, x.t, t23.t, t23.t, nullptr,
                   nullptr, 0.1, 1e-5, nullptr, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "first dimension of mean, invstd and count should be the same",
                   BatchNormGatherStatsWithCounts, x.t, t23.t, t23.t, nullptr, nullptr, 0.1, 1e-5, w3.t, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "second dimension of mean/invstd should be the channel size of input 3",
                   BatchNormGatherStatsWithCounts, x.t, t24.t, t24.t, nullptr, nullptr, 0.1, 1e-5, w2.t, c3.t, c3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "runningMean", BatchNormGatherStatsWithCounts, x.t, t23.t, t23.t, c4.t,
                   nullptr, 0.1, 1e-5, w2.t, c3.t, c3.t);
    // BatchNormReduceBackward / BatchNormElemtBackward
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "sumDyXmu", BatchNormReduceBackward, x.t, x.t, c3.t, c3.t, nullptr, true,
                   false, false, c3.t, nullptr, nullptr, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "gradWeight", BatchNormReduceBackward, x.t, x.t, c3.t, c3.t, nullptr,
                   false, true, false, nullptr, nullptr, c4.t, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "channel size of input should not be zero", BatchNormReduceBackward, x0.t,
                   x0.t, c3.t, c3.t, nullptr, true, true, true, c3.t, c3.t, c3.t, c3.t);
    DevTensor ci = MakeOut(ACL_INT32, {2}), ci64 = MakeOut(ACL_INT64, {2});
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "counter", BatchNormElemtBackward, x.t, x.t, c3.t, c3.t, nullptr, c3.t,
                   c3.t, nullptr, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "counter", BatchNormElemtBackward, x.t, x.t, c3.t, c3.t, nullptr, c3.t,
                   c3.t, ci64.t, x.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "sumDyXmu", BatchNormElemtBackward, x.t, x.t, c3.t, c3.t, nullptr, c3.t,
                   c4.t, ci.t, x.t);
    if (!g_950 && !g_310p) {
        // BF16 statistics are A2 / A3 / 950 only for SyncBatchNormGatherStats: refused on A2
        DevTensor b23 = MakeOut(ACL_BF16, {2, 3}), b3 = MakeOut(ACL_BF16, {3});
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", SyncBatchNormGatherStats, b23.t, b23.t, w2.t, b3.t, b3.t,
                       0.1f, 1e-5f, b3.t, b3.t);
        b23.Free();
        b3.Free();
    }
    for (DevTensor *t : {&x, &c3, &c4, &xi, &x1, &x0, &c2d, &x4, &s3, &s16, &s5, &t23, &t24, &w2, &w3, &t23h, &wi64, &ci, &ci64})
        t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    g_950 = soc && std::strstr(soc, "950");
    g_310p = soc && std::strstr(soc, "310P");
    uint64_t seed = 1700;
    std::vector<aclDataType> dts = g_310p ? std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16}
                                          : std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (aclDataType dt : dts) {
        ReduceCase(rt, dt, false, seed++);
        ReduceCase(rt, dt, true, seed++);
        ElemtCase(rt, dt, {2, 3, 4, 5}, true, CONTIG, seed++);
        ElemtCase(rt, dt, {3, 4, 7}, false, TRANSPOSED, seed++);
        ElemtCase(rt, dt, {5, 6}, true, PADDED, seed++);
        BackwardCase(rt, dt, {2, 3, 4, 5}, CONTIG, seed++);
        BackwardCase(rt, dt, {3, 4, 9}, TRANSPOSED, seed++);
        if (dt != ACL_BF16 || g_950) {
            GatherCase(rt, dt, dt, seed++);
            GatherCase(rt, dt, ACL_INT32, seed++);
        }
    }
    SyncChain(rt, seed++);
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
