// Shared runners of the activation table tests (test_act_table.cpp, test_act_gen.cpp): a
// unary op against a double formula over FP32 / FP16 / BF16 with strided / transposed views,
// and a backward op against central finite differences of its forward formula.
#ifndef TESTS_ACLNN_ACT_FD_UTIL_H
#define TESTS_ACLNN_ACT_FD_UTIL_H

#include "act_test_util.h"

typedef std::function<double(double)> Fn;
static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }
// Central difference of f at x (double; h relative to |x|).
static double Fd(const Fn &f, double x)
{
    double h = 1e-6 * (1.0 + std::fabs(x));
    return (f(x + h) - f(x - h)) / (2 * h);
}

// Inputs away from the kinks in `kinks` (by at least 0.05) so finite differences are exact.
static std::vector<double> AwayFrom(std::vector<double> v, const std::vector<double> &kinks)
{
    for (double &x : v)
        for (double k : kinks)
            if (std::fabs(x - k) < 0.05) x = k + (x < k ? -0.07 : 0.07);
    return v;
}

typedef std::function<int(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> Unary1;
typedef std::function<int(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **)> Binary1;

static void RunUnary(aclrtStream stream, const char *name, const Fn &ref, Unary1 s1, Stage2Fn s2,
                     std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}, double scale = 1.0)
{
    for (aclDataType dt : dts) {
        std::vector<int64_t> shape = {3, 4, 5};
        std::vector<double> x = QuantAll(dt, RandomValues(60, 7 + dt, scale)), golden(x.size());
        for (size_t i = 0; i < x.size(); i++) golden[i] = ref(x[i]);
        DevTensor tx, ty;
        Layout lx = dt == ACL_FLOAT16 ? TRANSPOSED : STRIDED;
        if (!tx.Init(dt, shape, x, lx) || !ty.Init(dt, shape, {}, dt == ACL_FLOAT ? STRIDED : CONTIG)) return;
        int rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return s1(tx.t, ty.t, w, e); }, s2);
        std::string what = std::string(name) + " " + DtName(dt);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        CheckDtype(what.c_str(), dt, ty.Read(), golden);
        EXPECT(ty.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
}

// gradInput = gradOutput * f'(x): f' by finite differences of the forward `fwd`; gradOutput is
// broadcast along dim 0 when `bcast`. `second` maps x to the tensor passed as the op's second
// input (x itself, or the forward result for the from-result forms).
static void RunBackward(aclrtStream stream, const char *name, const Fn &fwd, std::vector<double> kinks, Binary1 s1,
                        Stage2Fn s2, bool bcast, Fn second = nullptr, double scale = 1.0,
                        std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
{
    for (aclDataType dt : dts) {
        std::vector<int64_t> shape = {4, 3, 6}, gshape = bcast ? std::vector<int64_t>{3, 6} : shape;
        size_t n = 72, gn = bcast ? 18 : 72;
        std::vector<double> x = QuantAll(dt, AwayFrom(RandomValues(n, 31 + dt, scale), kinks));
        std::vector<double> g = QuantAll(dt, RandomValues(gn, 41 + dt, 0.5)), in2(n), golden(n);
        for (size_t i = 0; i < n; i++) {
            in2[i] = second ? Quant(dt, second(x[i])) : x[i];
            golden[i] = g[i % gn] * Fd(fwd, x[i]);
        }
        DevTensor tg, tx, ty;
        if (!tg.Init(dt, gshape, g, STRIDED) || !tx.Init(dt, shape, in2, dt == ACL_BF16 ? STRIDED : TRANSPOSED) ||
            !ty.Init(dt, shape, {}, CONTIG)) return;
        int rc = Run(name, stream, [&](uint64_t *w, aclOpExecutor **e) { return s1(tg.t, tx.t, ty.t, w, e); }, s2);
        std::string what = std::string(name) + " " + DtName(dt) + (bcast ? " broadcast" : "");
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        // from-result forms see the rounded forward result: derivative noise of one rounding
        if (second && dt != ACL_FLOAT)
            CheckAccuracy(what.c_str(), ty.Read(), golden, dt == ACL_BF16 ? 0.05 : 0.01, 0.02, 1.0);
        else
            CheckDtype(what.c_str(), dt, ty.Read(), golden);
    }
}

#endif
