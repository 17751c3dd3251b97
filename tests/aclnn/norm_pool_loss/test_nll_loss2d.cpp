// NLLLoss2d and NLLLoss2dBackward (issue 12, `act` part): (N, C, H, W) log-probabilities with
// (N, H, W) class ids, weights, an ignored index, reductions none / mean / sum, contiguous and
// transposed views, FP32 / FP16 / BF16 against a double reference written here; the backward
// against finite differences of that reference (sum of gradOutput * loss); validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"

static const int64_t N = 2, C = 3, H = 2, W = 3, kIgnore = 1;

// Forward reference: per-pixel losses and the total weight.
static void Ref(const std::vector<double> &x, const std::vector<int64_t> &t, const std::vector<double> &w,
                std::vector<double> &loss, double &total)
{
    loss.assign((size_t)(N * H * W), 0.0);
    total = 0;
    for (int64_t n = 0; n < N; n++)
        for (int64_t p = 0; p < H * W; p++) {
            int64_t c = t[(size_t)(n * H * W + p)];
            if (c == kIgnore) continue;
            loss[(size_t)(n * H * W + p)] = -w[(size_t)c] * x[(size_t)((n * C + c) * H * W + p)];
            total += w[(size_t)c];
        }
}

static double Reduce(const std::vector<double> &loss, double total, int64_t red, const std::vector<double> &g)
{
    double s = 0;
    for (size_t i = 0; i < loss.size(); i++) s += loss[i] * (red == 0 ? g[i] : 1.0);
    return red == 1 ? s / total * g[0] : red == 2 ? s * g[0] : s;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    std::vector<int64_t> tv = {0, 2, 1, 2, 0, 0, 1, 1, 2, 0, 2, 1};
    std::vector<double> tvd(tv.begin(), tv.end());
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (int64_t red = 0; red <= 2; red++) {
            std::vector<double> x = QuantAll(dt, RandomValues(36, 3 + red)), w = QuantAll(dt, {0.5, 2.0, 1.25});
            std::vector<double> loss;
            double total;
            Ref(x, tv, w, loss, total);
            DevTensor tx, tt, tw, to, ttw;
            std::vector<int64_t> oshape = red ? std::vector<int64_t>{} : std::vector<int64_t>{N, H, W};
            if (!tx.Init(dt, {N, C, H, W}, x, red == 1 ? TRANSPOSED : CONTIG) || !tt.Init(ACL_INT64, {N, H, W}, tvd, red == 2 ? STRIDED : CONTIG) ||
                !tw.Init(dt, {C}, w, CONTIG) || !to.Init(dt, oshape, {}, red ? CONTIG : TRANSPOSED) || !ttw.Init(dt, {1}, {}, CONTIG)) return 1;
            std::string what = std::string("NLLLoss2d ") + DtName(dt) + " reduction " + std::to_string(red);
            EXPECT(Run("aclnnNLLLoss2d", rt.stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnNLLLoss2dGetWorkspaceSize(tx.t, tt.t, tw.t, red, kIgnore, to.t, ttw.t, s, e); }, aclnnNLLLoss2d) == 0, "%s run", what.c_str());
            double sum = 0;
            for (double v : loss) sum += v;
            CheckDtype(what.c_str(), dt, to.Read(), red == 0 ? loss : std::vector<double>{red == 1 ? sum / total : sum});
            CheckDtype((what + " totalWeight").c_str(), dt, ttw.Read(), {total});
            // backward: d/dx sum(g * loss) by central differences (the loss is linear in x)
            std::vector<int64_t> gshape = red ? std::vector<int64_t>{} : std::vector<int64_t>{N, H, W};
            std::vector<double> g = red ? std::vector<double>{Quant(dt, 0.75)} : QuantAll(dt, RandomValues(12, 9, 0.5)), golden(36);
            for (size_t i = 0; i < 36; i++) {
                std::vector<double> p = x, m = x, lp, lm;
                double tp, tm;
                p[i] += 0.5; m[i] -= 0.5;
                Ref(p, tv, w, lp, tp); Ref(m, tv, w, lm, tm);
                golden[i] = Reduce(lp, tp, red, g) - Reduce(lm, tm, red, g);
            }
            DevTensor tg, tw1, tdx;
            if (!tg.Init(dt, gshape, g, CONTIG) || !tw1.Init(dt, {}, {total}, CONTIG) || !tdx.Init(dt, {N, C, H, W}, {}, red == 0 ? TRANSPOSED : STRIDED)) return 1;
            EXPECT(Run("aclnnNLLLoss2dBackward", rt.stream, [&](uint64_t *s, aclOpExecutor **e) { return aclnnNLLLoss2dBackwardGetWorkspaceSize(tg.t, tx.t, tt.t, tw.t, red, kIgnore, tw1.t, tdx.t, s, e); }, aclnnNLLLoss2dBackward) == 0, "%s backward run", what.c_str());
            CheckDtype((what + " backward").c_str(), dt, tdx.Read(), golden);
            EXPECT(tdx.CountClobbered() == 0, "%s backward wrote outside the view", what.c_str());
        }
    // validation
    DevTensor x3, x4, t3, t2, w3, w2, o, o1;
    if (!x3.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !x4.Init(ACL_FLOAT, {2, 3, 2, 2}, {}, CONTIG) || !t3.Init(ACL_INT64, {2, 2, 2}, {}, CONTIG) ||
        !t2.Init(ACL_INT64, {2, 2}, {}, CONTIG) || !w3.Init(ACL_FLOAT, {3}, {}, CONTIG) || !w2.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT, {2, 2, 2}, {}, CONTIG) || !o1.Init(ACL_FLOAT, {1}, {}, CONTIG)) return 1;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("NLLLoss2d null weight", aclnnNLLLoss2dGetWorkspaceSize(x4.t, t3.t, nullptr, 0, -100, o.t, o1.t, &ws, &ex), 161001, "weight");
    ExpectError("NLLLoss2d 3-D self", aclnnNLLLoss2dGetWorkspaceSize(x3.t, t3.t, w3.t, 0, -100, o.t, o1.t, &ws, &ex), 161002, "4D");
    ExpectError("NLLLoss2d weight size", aclnnNLLLoss2dGetWorkspaceSize(x4.t, t3.t, w2.t, 0, -100, o.t, o1.t, &ws, &ex), 161002, "weight[0]");
    ExpectError("NLLLoss2d 2-D target", aclnnNLLLoss2dGetWorkspaceSize(x4.t, t2.t, w3.t, 0, -100, o.t, o1.t, &ws, &ex), 161002, "3D");
    ExpectError("NLLLoss2d reduction 3", aclnnNLLLoss2dGetWorkspaceSize(x4.t, t3.t, w3.t, 3, -100, o.t, o1.t, &ws, &ex), 161002, "Reduction");
    ExpectError("NLLLoss2d mean out shape", aclnnNLLLoss2dGetWorkspaceSize(x4.t, t3.t, w3.t, 1, -100, o.t, o1.t, &ws, &ex), 161002, "[1]");
    ExpectError("NLLLoss2d target dtype", aclnnNLLLoss2dGetWorkspaceSize(x4.t, x4.t, w3.t, 0, -100, o.t, o1.t, &ws, &ex), 161002, "target");
    ExpectError("NLLLoss2dBackward null totalWeight", aclnnNLLLoss2dBackwardGetWorkspaceSize(o.t, x4.t, t3.t, w3.t, 0, -100, nullptr, x4.t, &ws, &ex), 161001, "totalWeight");
    ExpectError("NLLLoss2dBackward out shape", aclnnNLLLoss2dBackwardGetWorkspaceSize(o.t, x4.t, t3.t, w3.t, 0, -100, o1.t, x3.t, &ws, &ex), 161002, "out");
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
