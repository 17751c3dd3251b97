// CtcLoss and CtcLossBackward (issue 12, `act` part) against a brute-force reference written here:
// the likelihood of a target is the sum over every length-T path of symbols whose collapse
// (merge repeats, drop blanks) is the target, so it shares nothing with the alpha / beta
// recursions under test. The backward is checked by central differences of that brute force in
// the logits z (logProbs = log_softmax(z)), which is what the CTC gradient is defined against.
// Padded (N, S) and concatenated targets, zero lengths, repeated labels, zeroInfinity, 2-D
// logProbs, FP32 / DOUBLE (+ an FP16 forward), the logAlpha layout (-inf outside the recursion,
// the row pitch rounded up to 8) and the validation paths.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_ctc_loss.h"
#include "aclnnop/aclnn_ctc_loss_backward.h"

static const int64_t T = 5, C = 3, BLANK = 0;

// -log P(target | lp) for one item: lp is Tn x C log-probabilities (row-major).
static double BruteNll(const std::vector<double> &lp, int64_t Tn, const std::vector<int64_t> &target)
{
    double total = 0;
    int64_t paths = 1;
    for (int64_t t = 0; t < Tn; t++) paths *= C;
    for (int64_t p = 0; p < paths; p++) {
        std::vector<int64_t> sym(Tn), collapsed;
        int64_t q = p;
        for (int64_t t = 0; t < Tn; t++) { sym[t] = q % C; q /= C; }
        for (int64_t t = 0; t < Tn; t++)
            if (sym[t] != BLANK && (t == 0 || sym[t] != sym[t - 1])) collapsed.push_back(sym[t]);
        if (collapsed != target) continue;
        double lsum = 0;
        for (int64_t t = 0; t < Tn; t++) lsum += lp[t * C + sym[t]];
        total += std::exp(lsum);
    }
    return -std::log(total);
}

static std::vector<double> LogSoftmaxRows(const std::vector<double> &z, int64_t rows)
{
    std::vector<double> lp(z.size());
    for (int64_t r = 0; r < rows; r++) {
        double m = -INFINITY, s = 0;
        for (int64_t c = 0; c < C; c++) m = std::max(m, z[r * C + c]);
        for (int64_t c = 0; c < C; c++) s += std::exp(z[r * C + c] - m);
        for (int64_t c = 0; c < C; c++) lp[r * C + c] = z[r * C + c] - m - std::log(s);
    }
    return lp;
}

// Item n's Tn x C slice of a (T, N, C) tensor.
static std::vector<double> Item(const std::vector<double> &v, int64_t N, int64_t n, int64_t Tn)
{
    std::vector<double> r((size_t)(Tn * C));
    for (int64_t t = 0; t < Tn; t++)
        for (int64_t c = 0; c < C; c++) r[(size_t)(t * C + c)] = v[(size_t)((t * N + n) * C + c)];
    return r;
}

static void RunCase(aclrtStream stream, aclDataType dt, bool concat, bool zero_inf, bool backward)
{
    const int64_t N = 4;
    std::vector<std::vector<int64_t>> tg = {{1, 2}, {1, 1}, {}, {2, 1, 2}};
    std::vector<int64_t> in_len = {5, 4, 3, 2}; // item 3: target of 3 in 2 steps is impossible (inf)
    std::vector<double> z = RandomValues((size_t)(T * N * C), 17, 0.6);
    std::vector<double> lp = QuantAll(dt, LogSoftmaxRows(z, T * N));
    std::vector<double> tv;
    std::vector<int64_t> tl;
    for (auto &t : tg) {
        tl.push_back((int64_t)t.size());
        for (size_t i = 0; i < 3; i++) {
            if (i < t.size()) tv.push_back((double)t[i]);
            else if (!concat) tv.push_back(0);
        }
    }
    std::vector<int64_t> tshape = concat ? std::vector<int64_t>{(int64_t)tv.size()} : std::vector<int64_t>{N, 3};
    DevTensor tlp, tt, tnll, talpha;
    if (!tlp.Init(dt, {T, N, C}, lp, concat ? STRIDED : CONTIG) || !tt.Init(concat ? ACL_INT32 : ACL_INT64, tshape, tv, CONTIG) ||
        !tnll.Init(dt, {N}, {}, CONTIG) || !talpha.Init(dt, {N, T, 8}, {}, CONTIG)) return;
    aclIntArray *il = aclCreateIntArray(in_len.data(), N), *tla = aclCreateIntArray(tl.data(), N);
    std::string what = std::string("CtcLoss ") + DtName(dt) + (concat ? " concatenated" : " padded") + (zero_inf ? " zeroInfinity" : "");
    EXPECT(Run("aclnnCtcLoss", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, il, tla, BLANK, zero_inf, tnll.t, talpha.t, w, e); }, aclnnCtcLoss) == 0, "%s run", what.c_str());
    std::vector<double> golden(N);
    for (int64_t n = 0; n < N; n++) {
        golden[n] = BruteNll(Item(lp, N, n, in_len[n]), in_len[n], tg[n]);
        if (zero_inf && std::isinf(golden[n])) golden[n] = 0;
    }
    CheckDtype(what.c_str(), dt, tnll.Read(), golden);
    std::vector<double> alpha = talpha.Read();
    for (int64_t n = 0; n < N; n++) { // the final alphas give the likelihood; the rest is -inf
        int64_t L2 = 2 * tl[n] + 1, t = in_len[n] - 1;
        double ll = alpha[(size_t)((n * T + t) * 8 + L2 - 1)];
        if (L2 > 1) { double b = alpha[(size_t)((n * T + t) * 8 + L2 - 2)]; double m = std::max(ll, b); ll = m == -INFINITY ? m : m + std::log(std::exp(ll - m) + std::exp(b - m)); }
        double want = -BruteNll(Item(lp, N, n, in_len[n]), in_len[n], tg[n]);
        EXPECT(std::isinf(want) ? ll == -INFINITY : std::fabs(ll - want) <= (dt == ACL_FLOAT16 ? 2e-2 : 1e-4) * (1 + std::fabs(want)),
               "%s: logAlpha of item %lld ends at %g, expected %g", what.c_str(), (long long)n, ll, want);
        for (int64_t tt2 = 0; tt2 < T; tt2++)
            for (int64_t s = 0; s < 8; s++)
                if (s >= L2 || tt2 >= in_len[n])
                    EXPECT(alpha[(size_t)((n * T + tt2) * 8 + s)] == -INFINITY, "%s: logAlpha[%lld][%lld][%lld] should be -inf", what.c_str(), (long long)n, (long long)tt2, (long long)s);
    }
    if (backward) {
        std::vector<double> g = {1.0, -0.5, 2.0, 0.75}, grad((size_t)(T * N * C), 0.0);
        for (int64_t n = 0; n < N; n++) {
            if (std::isinf(golden[n]) || (zero_inf && n == 3)) continue; // zeroInfinity: gradient 0
            for (int64_t t = 0; t < in_len[n]; t++)
                for (int64_t c = 0; c < C; c++) {
                    size_t i = (size_t)((t * N + n) * C + c);
                    std::vector<double> zp = z, zm = z;
                    double h = 1e-5;
                    zp[i] += h; zm[i] -= h;
                    double fp = BruteNll(Item(LogSoftmaxRows(zp, T * N), N, n, in_len[n]), in_len[n], tg[n]);
                    double fm = BruteNll(Item(LogSoftmaxRows(zm, T * N), N, n, in_len[n]), in_len[n], tg[n]);
                    grad[i] = g[n] * (fp - fm) / (2 * h);
                }
        }
        DevTensor tgo, tout;
        if (!tgo.Init(dt, {N}, g, CONTIG) || !tout.Init(dt, {T, N, C}, {}, TRANSPOSED)) return;
        EXPECT(Run("aclnnCtcLossBackward", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCtcLossBackwardGetWorkspaceSize(tgo.t, tlp.t, tt.t, il, tla, tnll.t, talpha.t, BLANK, zero_inf, tout.t, w, e); }, aclnnCtcLossBackward) == 0, "%s backward run", what.c_str());
        std::vector<double> got = tout.Read();
        if (!zero_inf) // the impossible item's gradient is NaN / inf, as torch's
            for (int64_t t = 0; t < T; t++)
                for (int64_t c = 0; c < C; c++) got[(size_t)((t * N + 3) * C + c)] = grad[(size_t)((t * N + 3) * C + c)];
        CheckAccuracy((what + " backward").c_str(), got, grad, 1e-4, 1e-4, 1e-3);
    }
    aclDestroyIntArray(il); aclDestroyIntArray(tla);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    RunCase(rt.stream, ACL_FLOAT, false, false, true);
    RunCase(rt.stream, ACL_DOUBLE, true, true, true);
    RunCase(rt.stream, ACL_FLOAT, true, true, true);
    RunCase(rt.stream, ACL_FLOAT16, false, true, false);
    // 2-D logProbs (T, C): one item, negLogLikelihood 0-d
    {
        std::vector<double> lp = LogSoftmaxRows(RandomValues(T * C, 5), T);
        DevTensor tlp, tt, tnll, talpha;
        if (!tlp.Init(ACL_FLOAT, {T, C}, lp, CONTIG) || !tt.Init(ACL_INT64, {2}, {2, 2}, CONTIG) || !tnll.Init(ACL_FLOAT, {}, {}, CONTIG) ||
            !talpha.Init(ACL_FLOAT, {1, T, 8}, {}, CONTIG)) return 1;
        int64_t il[1] = {T}, tl[1] = {2};
        aclIntArray *a = aclCreateIntArray(il, 1), *b = aclCreateIntArray(tl, 1);
        EXPECT(Run("aclnnCtcLoss 2-D", rt.stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, a, b, BLANK, false, tnll.t, talpha.t, w, e); }, aclnnCtcLoss) == 0, "2-D run");
        CheckDtype("CtcLoss 2-D logProbs, repeated label", ACL_FLOAT, tnll.Read(), {BruteNll(QuantAll(ACL_FLOAT, lp), T, {2, 2})});
        // validation
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        DevTensor t3, bad_alpha, ti;
        if (!t3.Init(ACL_FLOAT, {T, 1, C}, {}, CONTIG) || !bad_alpha.Init(ACL_FLOAT, {1, T, 4}, {}, CONTIG) || !ti.Init(ACL_INT32, {T, C}, {}, CONTIG)) return 1;
        int64_t big[1] = {T + 1}, neg[1] = {-1};
        aclIntArray *ab = aclCreateIntArray(big, 1), *an = aclCreateIntArray(neg, 1);
        ExpectError("CtcLoss null targets", aclnnCtcLossGetWorkspaceSize(tlp.t, nullptr, a, b, 0, false, tnll.t, talpha.t, &ws, &ex), 161001, "targets");
        ExpectError("CtcLoss null inputLengths", aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, nullptr, b, 0, false, tnll.t, talpha.t, &ws, &ex), 161001, "inputLengths");
        ExpectError("CtcLoss blank", aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, a, b, 3, false, tnll.t, talpha.t, &ws, &ex), 161002, "blank");
        ExpectError("CtcLoss input length > T", aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, ab, b, 0, false, tnll.t, talpha.t, &ws, &ex), 161002, "Inputlengths");
        ExpectError("CtcLoss negative target length", aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, a, an, 0, false, tnll.t, talpha.t, &ws, &ex), 161002, "targetLengths");
        ExpectError("CtcLoss targets size", aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, a, a, 0, false, tnll.t, talpha.t, &ws, &ex), 161002, "targetLengths");
        ExpectError("CtcLoss logAlpha shape", aclnnCtcLossGetWorkspaceSize(tlp.t, tt.t, a, b, 0, false, tnll.t, bad_alpha.t, &ws, &ex), 161002, "logAlphaOut");
        ExpectError("CtcLoss nll shape (3-D wants [N])", aclnnCtcLossGetWorkspaceSize(t3.t, tt.t, a, b, 0, false, tnll.t, talpha.t, &ws, &ex), 161002, "negLogLikelihoodOut");
        ExpectError("CtcLoss int32 logProbs", aclnnCtcLossGetWorkspaceSize(ti.t, tt.t, a, b, 0, false, tnll.t, talpha.t, &ws, &ex), 161002, "logProbs");
        ExpectError("CtcLossBackward null logAlpha", aclnnCtcLossBackwardGetWorkspaceSize(tnll.t, tlp.t, tt.t, a, b, tnll.t, nullptr, 0, false, tlp.t, &ws, &ex), 161001, "logAlpha");
        ExpectError("CtcLossBackward logAlpha too narrow", aclnnCtcLossBackwardGetWorkspaceSize(tnll.t, tlp.t, tt.t, a, b, tnll.t, bad_alpha.t, 0, false, tlp.t, &ws, &ex), 161002, "logAlpha");
        aclDestroyIntArray(a); aclDestroyIntArray(b); aclDestroyIntArray(ab); aclDestroyIntArray(an);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
