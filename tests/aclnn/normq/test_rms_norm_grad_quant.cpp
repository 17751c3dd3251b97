// aclnnRmsNormGradQuant (ops-nn norm/rms_norm_grad_quant, 950 only): RmsNormGrad whose dx is
// statically quantised, dxOut = rint(dx / scalesX (divMode) or dx * scalesX, + offsetX) as INT8,
// dgammaOut = sum over rows of dy * x * rstd. The double reference written here is checked
// against finite differences of L(x, gamma) = sum dy * x * rstd(x) * gamma first (rstd(x) =
// 1 / sqrt(mean(x^2) + eps), the forward's), then the op against it (codes within one step in at
// most 1% of the elements (+2), dgamma within 1e-4 relative). Also: gamma over two dims, no rows
// (dgamma 0), an empty gamma (nothing to do), the op_api's nulls (161001), the tiling's refusals
// (561002) in its order with its messages, HIFLOAT8 dxOut (361001, not emulated) and the chips
// without a kernel (A2 / A3 / 310P: 361001).
#include "aclnnop/aclnn_rms_norm_grad_quant.h"
#include "normq_util.h"

static aclrtStream g_stream;
static const double kEps = 1e-6;

static std::vector<double> RstdOf(const std::vector<double> &x, int64_t rows, int64_t n)
{
    std::vector<double> r((size_t)rows);
    for (int64_t i = 0; i < rows; i++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += x[(size_t)(i * n + j)] * x[(size_t)(i * n + j)];
        r[(size_t)i] = 1.0 / std::sqrt(s / (double)n + kEps);
    }
    return r;
}

// dx of L = sum dy * x * rstd * gamma with rstd a function of x.
static std::vector<double> RefDx(const std::vector<double> &dy, const std::vector<double> &x,
                                 const std::vector<double> &rs, const std::vector<double> &g, int64_t rows, int64_t n)
{
    std::vector<double> dx((size_t)(rows * n));
    for (int64_t i = 0; i < rows; i++) {
        double r = rs[(size_t)i], m = 0;
        for (int64_t j = 0; j < n; j++) m += dy[(size_t)(i * n + j)] * g[(size_t)j] * x[(size_t)(i * n + j)] * r;
        m /= (double)n;
        for (int64_t j = 0; j < n; j++)
            dx[(size_t)(i * n + j)] = (dy[(size_t)(i * n + j)] * g[(size_t)j] - x[(size_t)(i * n + j)] * r * m) * r;
    }
    return dx;
}

static void FiniteDifferences()
{
    const int64_t rows = 3, n = 5;
    auto x = RandomValues((size_t)(rows * n), 11, 1.0), dy = RandomValues((size_t)(rows * n), 12, 1.0),
         g = RandomValues((size_t)n, 13, 1.0);
    auto loss = [&](const std::vector<double> &xx, const std::vector<double> &gg) {
        auto r = RstdOf(xx, rows, n);
        double L = 0;
        for (int64_t i = 0; i < rows; i++)
            for (int64_t j = 0; j < n; j++) L += dy[(size_t)(i * n + j)] * xx[(size_t)(i * n + j)] * r[(size_t)i] * gg[(size_t)j];
        return L;
    };
    auto dx = RefDx(dy, x, RstdOf(x, rows, n), g, rows, n);
    const double h = 1e-6;
    for (size_t k = 0; k < x.size(); k++) {
        auto xp = x, xm = x;
        xp[k] += h;
        xm[k] -= h;
        double fd = (loss(xp, g) - loss(xm, g)) / (2 * h);
        EXPECT(std::fabs(fd - dx[k]) <= 1e-6 * (1 + std::fabs(fd)), "finite differences dx[%zu]: %g vs %g", k, fd, dx[k]);
    }
    auto rs = RstdOf(x, rows, n);
    for (int64_t j = 0; j < n; j++) {
        auto gp = g, gm = g;
        gp[(size_t)j] += h;
        gm[(size_t)j] -= h;
        double fd = (loss(x, gp) - loss(x, gm)) / (2 * h), ref = 0;
        for (int64_t i = 0; i < rows; i++) ref += dy[(size_t)(i * n + j)] * x[(size_t)(i * n + j)] * rs[(size_t)i];
        EXPECT(std::fabs(fd - ref) <= 1e-6 * (1 + std::fabs(fd)), "finite differences dgamma[%lld]: %g vs %g", (long long)j, fd, ref);
    }
}

struct Case {
    aclDataType dt, gdt, sdt;
    std::vector<int64_t> x, gamma;
    bool hasOffset, divMode;
    Layout xl;
    uint64_t seed;
};

static void RunCase(const Case &c)
{
    const int64_t n = GetShapeSize(c.gamma), total = GetShapeSize(c.x), rows = total / n;
    std::vector<int64_t> rshape(c.x.begin(), c.x.end() - (long)c.gamma.size());
    auto x = QuantAll(c.dt, RandomValues((size_t)total, c.seed, 1.0));
    auto dy = QuantAll(c.dt, RandomValues((size_t)total, c.seed + 1, 1.0));
    auto g = QuantAll(c.gdt, RandomValues((size_t)n, c.seed + 2, 0.5));
    auto rs = QuantAll(ACL_FLOAT, RstdOf(x, rows, n));
    const double scale = Quant(c.sdt, c.divMode ? 0.03125 : 24.0), offset = c.hasOffset ? -3 : 0;
    DevTensor tdy, tx, tr, tg, ts, to, tdx, tdg;
    if (!tdy.Init(c.dt, c.x, dy, c.xl) || !tx.Init(c.dt, c.x, x, CONTIG) || !tr.Init(ACL_FLOAT, rshape, rs, CONTIG) ||
        !tg.Init(c.gdt, c.gamma, g, CONTIG) || !ts.Init(c.sdt, {1}, {scale}, CONTIG) ||
        !to.Init(ACL_INT32, {1}, {offset}, CONTIG) || !tdx.Init(ACL_INT8, c.x, {}, CONTIG, 0) ||
        !tdg.Init(ACL_FLOAT, c.gamma, {}, STRIDED, 0)) {
        EXPECT(false, "tensors");
        return;
    }
    int r = Run("aclnnRmsNormGradQuant", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnRmsNormGradQuantGetWorkspaceSize(tdy.t, tx.t, tr.t, tg.t, ts.t,
                                                                 c.hasOffset ? to.t : nullptr, "static", c.divMode,
                                                                 tdx.t, tdg.t, ws, e);
                },
                aclnnRmsNormGradQuant);
    EXPECT(r == 0, "%s rows %lld n %lld: run %d", DtName(c.dt), (long long)rows, (long long)n, r);
    if (r) return;
    auto dx = RefDx(dy, x, rs, g, rows, n);
    auto got = tdx.Read(), dg = tdg.Read();
    int64_t bad = 0, off1 = 0, badDg = 0;
    for (int64_t k = 0; k < total; k++) {
        double ref = RintI8((c.divMode ? dx[(size_t)k] / scale : dx[(size_t)k] * scale) + offset);
        double d = std::fabs(got[(size_t)k] - ref);
        if (d > 1) bad++;
        else if (d == 1) off1++;
    }
    for (int64_t j = 0; j < n; j++) {
        double ref = 0, mag = 0;
        for (int64_t i = 0; i < rows; i++) {
            double t = dy[(size_t)(i * n + j)] * x[(size_t)(i * n + j)] * rs[(size_t)i];
            ref += t;
            mag += std::fabs(t);
        }
        if (std::fabs(dg[(size_t)j] - ref) > 1e-5 * mag + 1e-6) badDg++;
    }
    EXPECT(bad == 0 && off1 <= total / 100 + 2 && badDg == 0,
           "%s rows %lld n %lld: %lld codes off by > 1, %lld by 1, %lld dgamma wrong", DtName(c.dt), (long long)rows,
           (long long)n, (long long)bad, (long long)off1, (long long)badDg);
    EXPECT(tdg.CountClobbered(0) == 0, "dgammaOut view: storage outside it written");
}

static int Stage1(const aclTensor *dy, const aclTensor *x, const aclTensor *r, const aclTensor *g,
                  const aclTensor *s, const aclTensor *o, const char *mode, aclTensor *dx, aclTensor *dg,
                  aclOpExecutor **ex)
{
    uint64_t ws = 0;
    return aclnnRmsNormGradQuantGetWorkspaceSize(dy, x, r, g, s, o, mode, true, dx, dg, &ws, ex);
}

static void NoRows()
{
    DevTensor dy, r, g, s, dx, dg;
    if (!dy.Init(ACL_FLOAT16, {0, 6}, {}, CONTIG) || !r.Init(ACL_FLOAT, {0}, {}, CONTIG) ||
        !g.Init(ACL_FLOAT, {6}, {}, CONTIG) || !s.Init(ACL_FLOAT, {1}, {1}, CONTIG) ||
        !dx.Init(ACL_INT8, {0, 6}, {}, CONTIG) || !dg.Init(ACL_FLOAT, {6}, {}, CONTIG, 9)) {
        EXPECT(false, "no-row tensors");
        return;
    }
    int rc = Run("aclnnRmsNormGradQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **e) {
                     return aclnnRmsNormGradQuantGetWorkspaceSize(dy.t, dy.t, r.t, g.t, s.t, nullptr, "static", false,
                                                                  dx.t, dg.t, ws, e);
                 },
                 aclnnRmsNormGradQuant);
    EXPECT(rc == 0, "no rows: run %d", rc);
    if (rc == 0)
        for (double v : dg.Read()) EXPECT(v == 0, "no rows: dgamma %g, want 0", v);
}

static void Validation()
{
    DevTensor dy, r, g, s, o, dx, dg, dy32, dyI, r16, g16b, sI, o8, dx16, dg16, dyBig, r1, gBad, sBad, dxBad, dgBad,
        g0, dg0, dxHif, dyNeg, xBad, oBad, dy1d;
    if (!dy.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG) || !r.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !g.Init(ACL_FLOAT, {6}, {}, CONTIG) || !s.Init(ACL_FLOAT, {1}, {}, CONTIG) ||
        !o.Init(ACL_INT32, {1}, {}, CONTIG) || !dx.Init(ACL_INT8, {4, 6}, {}, CONTIG) ||
        !dg.Init(ACL_FLOAT, {6}, {}, CONTIG) || !dy32.Init(ACL_FLOAT, {4, 6}, {}, CONTIG) ||
        !dyI.Init(ACL_INT32, {4, 6}, {}, CONTIG) || !r16.Init(ACL_FLOAT16, {4}, {}, CONTIG) ||
        !g16b.Init(ACL_BF16, {6}, {}, CONTIG) || !sI.Init(ACL_INT32, {1}, {}, CONTIG) ||
        !o8.Init(ACL_INT8, {1}, {}, CONTIG) || !dx16.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG) ||
        !dg16.Init(ACL_FLOAT16, {6}, {}, CONTIG) || !dyBig.Init(ACL_FLOAT16, {4, 7}, {}, CONTIG) ||
        !r1.Init(ACL_FLOAT, {4, 1}, {}, CONTIG) || !gBad.Init(ACL_FLOAT, {5}, {}, CONTIG) ||
        !sBad.Init(ACL_FLOAT, {2}, {}, CONTIG) || !dxBad.Init(ACL_INT8, {4, 5}, {}, CONTIG) ||
        !dgBad.Init(ACL_FLOAT, {1, 6}, {}, CONTIG) || !g0.Init(ACL_FLOAT, {0}, {}, CONTIG) ||
        !dg0.Init(ACL_FLOAT, {0}, {}, CONTIG) || !dxHif.Init(ACL_HIFLOAT8, {4, 6}, {}, CONTIG) ||
        !xBad.Init(ACL_FLOAT16, {6, 4}, {}, CONTIG) || !oBad.Init(ACL_INT32, {1, 1}, {}, CONTIG) ||
        !dy1d.Init(ACL_FLOAT16, {6}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    aclOpExecutor *ex = nullptr;
    const aclTensor *N = nullptr;
    ExpectError("null dy", Stage1(N, dy.t, r.t, g.t, s.t, N, "static", dx.t, dg.t, &ex), 161001, "dy");
    ExpectError("null scalesX", Stage1(dy.t, dy.t, r.t, g.t, N, N, "static", dx.t, dg.t, &ex), 161001, "scalesX");
    ExpectError("null dgammaOut", Stage1(dy.t, dy.t, r.t, g.t, s.t, N, "static", dx.t, nullptr, &ex), 161001, "dgammaOut");
    ExpectOk("empty gamma: nothing to do", Stage1(dyI.t, dy.t, r16.t, g0.t, sI.t, o8.t, "x", dx16.t, dg0.t, &ex), &ex);
    // the tiling: shapes first
    ExpectCode("dy 1-D", Stage1(dy1d.t, dy1d.t, r.t, g.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "DimNum of dy");
    ExpectCode("x != dy", Stage1(dy.t, xBad.t, r.t, g.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "dy and x");
    ExpectCode("scalesX [2]", Stage1(dy.t, dy.t, r.t, g.t, sBad.t, N, "static", dx.t, dg.t, &ex), 561002, "should be same with [1]");
    ExpectCode("offsetX [1, 1]", Stage1(dy.t, dy.t, r.t, g.t, s.t, oBad.t, "static", dx.t, dg.t, &ex), 561002, "zeroPintX");
    ExpectCode("rstd rank", Stage1(dy.t, dy.t, r1.t, g.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "sum of dimNum of rstd");
    ExpectCode("gamma suffix", Stage1(dy.t, dy.t, r.t, gBad.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "gamma");
    ExpectCode("dxOut shape", Stage1(dy.t, dy.t, r.t, g.t, s.t, N, "static", dxBad.t, dg.t, &ex), 561002, "dxOut and dy");
    ExpectCode("dgammaOut shape", Stage1(dy.t, dy.t, r.t, g.t, s.t, N, "static", dx.t, dgBad.t, &ex), 561002, "dgammaOut and gamma");
    ExpectCode("shape before dtype", Stage1(dyI.t, dyI.t, r.t, g.t, sBad.t, N, "static", dx.t, dg.t, &ex), 561002, "scalesX");
    // then dtypes
    ExpectCode("int32 dy", Stage1(dyI.t, dyI.t, r.t, g.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "FLOAT, FLOAT16 or BF16");
    ExpectCode("x dtype", Stage1(dy.t, dy32.t, r.t, g.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "x and dy");
    ExpectCode("fp16 rstd", Stage1(dy.t, dy.t, r16.t, g.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "rstd");
    ExpectCode("bf16 gamma", Stage1(dy.t, dy.t, r.t, g16b.t, s.t, N, "static", dx.t, dg.t, &ex), 561002, "gamma");
    ExpectCode("int32 scalesX", Stage1(dy.t, dy.t, r.t, g.t, sI.t, N, "static", dx.t, dg.t, &ex), 561002, "scaleX");
    ExpectCode("int8 offsetX", Stage1(dy.t, dy.t, r.t, g.t, s.t, o8.t, "static", dx.t, dg.t, &ex), 561002, "offsetX");
    ExpectCode("fp16 dxOut", Stage1(dy.t, dy.t, r.t, g.t, s.t, N, "static", dx16.t, dg.t, &ex), 561002, "HIFLOAT8 or INT8");
    ExpectCode("fp16 dgammaOut", Stage1(dy.t, dy.t, r.t, g.t, s.t, N, "static", dx.t, dg16.t, &ex), 561002, "dgamma");
    ExpectCode("quantMode", Stage1(dy.t, dy.t, r.t, g.t, s.t, N, "dynamic", dx.t, dg.t, &ex), 561002, "should be static");
    ExpectCode("hifloat8 dxOut", Stage1(dy.t, dy.t, r.t, g.t, s.t, o.t, "static", dxHif.t, dg.t, &ex), 361001, "HIFLOAT8");
    ExpectOk("fp16 dy, fp32 gamma / scale, offset", Stage1(dy.t, dy.t, r.t, g.t, s.t, o.t, "static", dx.t, dg.t, &ex), &ex);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    FiniteDifferences();
    if (CurrentChip() != C950) {
        DevTensor dy, r, g, s, dx;
        if (!dy.Init(ACL_FLOAT16, {4, 6}, {}, CONTIG) || !r.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
            !g.Init(ACL_FLOAT, {6}, {}, CONTIG) || !s.Init(ACL_FLOAT, {1}, {}, CONTIG) ||
            !dx.Init(ACL_INT8, {4, 6}, {}, CONTIG))
            return 1;
        aclOpExecutor *ex = nullptr;
        ExpectCode("no kernel on this chip", Stage1(dy.t, dy.t, r.t, g.t, s.t, nullptr, "static", dx.t, g.t, &ex),
                   361001, "not implemented");
    } else {
        RunCase({ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, {2, 64}, {64}, true, true, CONTIG, 1}); // the example's dtypes
        RunCase({ACL_BF16, ACL_BF16, ACL_BF16, {3, 5, 48}, {48}, false, false, STRIDED, 2});
        RunCase({ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, {7, 33}, {33}, true, false, CONTIG, 3});
        RunCase({ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, {4, 3, 10}, {3, 10}, false, true, CONTIG, 4});
        RunCase({ACL_BF16, ACL_FLOAT, ACL_BF16, {300, 96}, {96}, true, true, CONTIG, 5}); // many blocks
        NoRows();
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
