// aclnnAdaLayerNormQuant (ops-nn norm/ada_layer_norm_quant): LayerNorm(x) * w + b, * (1 + scale)
// + shift, * smoothScales, then per-row dynamic quantisation, checked against a double reference
// written here: quantScale = max|v| / DMAX, out = the code of v / quantScale (A2 / A3: through
// FP16 then rounded half away from zero, as the kernel casts; 950: round half to even for INT8,
// the nearest FP8 value for FLOAT8). Codes may differ from the reference by one step in at most
// 1% of the elements (FP32 kernel against a double reference). Validation: codes and messages in
// the op_api's order; HIFLOAT8 (361001, not emulated); 310P has no kernel (361001).
#include "aclnnop/aclnn_ada_layer_norm_quant.h"
#include "normq_util.h"

static aclrtStream g_stream;
static Chip g_chip;

static double Fp8Value(int code, bool e4m3)
{
    int s = code & 0x80, e, m;
    double v;
    if (e4m3) {
        e = (code >> 3) & 0xf;
        m = code & 7;
        v = e ? std::ldexp(1.0 + m / 8.0, e - 7) : std::ldexp(m / 8.0, -6);
    } else {
        e = (code >> 2) & 0x1f;
        m = code & 3;
        v = e ? std::ldexp(1.0 + m / 4.0, e - 15) : std::ldexp(m / 4.0, -14);
    }
    return s ? -v : v;
}

struct Case {
    aclDataType dt, outDt;
    std::vector<int64_t> x;   // [B..., S, H]
    bool scale3d, hasW, hasB, hasSmooth;
    Layout xl;
    uint64_t seed;
};

static void RunCase(const Case &c)
{
    const size_t nd = c.x.size();
    const int64_t H = c.x[nd - 1], S = c.x[nd - 2], n = GetShapeSize(c.x), rows = n / H, B = rows / S;
    std::vector<int64_t> ss(c.x.begin(), c.x.end() - 2), qs = ss;
    if (c.scale3d) ss.push_back(1);
    ss.push_back(H);
    qs.push_back(S);
    auto xv = QuantAll(c.dt, RandomValues((size_t)n, c.seed, 1.0));
    auto sc = QuantAll(c.dt, RandomValues((size_t)(B * H), c.seed + 1, 0.1));
    auto sh = QuantAll(c.dt, RandomValues((size_t)(B * H), c.seed + 2, 0.1));
    auto w = QuantAll(c.dt, RandomValues((size_t)H, c.seed + 3, 0.3));
    auto b = QuantAll(c.dt, RandomValues((size_t)H, c.seed + 4, 0.1));
    auto sm = QuantAll(c.dt, RandomValues((size_t)H, c.seed + 5, 0.3));
    DevTensor tx, tsc, tsh, tw, tb, tsm, tout, tqs;
    if (!tx.Init(c.dt, c.x, xv, c.xl) || !tsc.Init(c.dt, ss, sc, CONTIG) || !tsh.Init(c.dt, ss, sh, CONTIG) ||
        !tw.Init(c.dt, {H}, w, CONTIG) || !tb.Init(c.dt, {H}, b, CONTIG) || !tsm.Init(c.dt, {H}, sm, CONTIG) ||
        !tout.Init(c.outDt, c.x, {}, CONTIG, 0) || !tqs.Init(ACL_FLOAT, qs, {}, CONTIG, 0)) {
        EXPECT(false, "tensors");
        return;
    }
    const double eps = 1e-5;
    int r = Run("aclnnAdaLayerNormQuant", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnAdaLayerNormQuantGetWorkspaceSize(tx.t, tsc.t, tsh.t, c.hasW ? tw.t : nullptr,
                                                                  c.hasB ? tb.t : nullptr,
                                                                  c.hasSmooth ? tsm.t : nullptr, eps, "dynamic",
                                                                  tout.t, tqs.t, nullptr, ws, e);
                },
                aclnnAdaLayerNormQuant);
    EXPECT(r == 0, "%s -> %s rows %lld H %lld: run %d", DtName(c.dt), DtName(c.outDt), (long long)rows, (long long)H, r);
    if (r) return;
    auto out = tout.Read(), qsv = tqs.Read();
    std::vector<unsigned char> raw(n);
    aclrtMemcpy(raw.data(), n, tout.dev, n, ACL_MEMCPY_DEVICE_TO_HOST);
    const double dmax = c.outDt == ACL_FLOAT8_E4M3FN ? 448 : c.outDt == ACL_FLOAT8_E5M2 ? 57344 : 127;
    int64_t off1 = 0, bad = 0, badScale = 0;
    std::vector<double> v((size_t)H);
    for (int64_t row = 0; row < rows; row++) {
        int64_t bi = row / S;
        double mean = 0, var = 0;
        for (int64_t i = 0; i < H; i++) mean += xv[(size_t)(row * H + i)];
        mean /= (double)H;
        for (int64_t i = 0; i < H; i++) { double d = xv[(size_t)(row * H + i)] - mean; var += d * d; }
        var /= (double)H;
        double amax = 0;
        for (int64_t i = 0; i < H; i++) {
            double y = (xv[(size_t)(row * H + i)] - mean) / std::sqrt(var + eps);
            if (c.hasW) y *= w[(size_t)i];
            if (c.hasB) y += b[(size_t)i];
            y = y * (1.0 + sc[(size_t)(bi * H + i)]) + sh[(size_t)(bi * H + i)];
            if (c.hasSmooth) y *= sm[(size_t)i];
            v[(size_t)i] = y;
            amax = std::max(amax, std::fabs(y));
        }
        double scale = amax / dmax;
        if (std::fabs(qsv[(size_t)row] - scale) > 1e-4 * scale + 1e-12) badScale++;
        for (int64_t i = 0; i < H; i++) {
            double q = v[(size_t)i] / scale;
            size_t e = (size_t)(row * H + i);
            if (c.outDt == ACL_INT8) {
                double ref = g_chip == C950 ? RintI8(q) : SatI8(std::round(Quant(ACL_FLOAT16, q)));
                double d = std::fabs(out[e] - ref);
                if (d > 1) bad++;
                else if (d == 1) off1++;
            } else {
                double got = Fp8Value(raw[e], c.outDt == ACL_FLOAT8_E4M3FN);
                double tol = std::fabs(q) * (c.outDt == ACL_FLOAT8_E4M3FN ? 1.0 / 16 : 1.0 / 8) * 1.01 + 1e-6;
                if (std::fabs(got - q) > tol) bad++;
            }
        }
    }
    EXPECT(bad == 0 && off1 <= n / 100 + 2 && badScale == 0,
           "%s -> %s rows %lld H %lld: %lld codes off by > 1, %lld by 1, %lld scales wrong", DtName(c.dt),
           DtName(c.outDt), (long long)rows, (long long)H, (long long)bad, (long long)off1, (long long)badScale);
}

static int Stage1(const aclTensor *x, const aclTensor *sc, const aclTensor *sh, const aclTensor *w,
                  const aclTensor *b, const aclTensor *sm, const char *mode, aclTensor *out, aclTensor *qs,
                  aclTensor *qo, aclOpExecutor **ex)
{
    uint64_t ws = 0;
    return aclnnAdaLayerNormQuantGetWorkspaceSize(x, sc, sh, w, b, sm, 1e-5, mode, out, qs, qo, &ws, ex);
}

static void Validation()
{
    DevTensor x, sc, sh, w, out, qs, x32, sc32, out8, qs16, x1d, scBad, wBad, outBad, qsBad, outHif;
    if (!x.Init(ACL_FLOAT16, {2, 3, 8}, {}, CONTIG) || !sc.Init(ACL_FLOAT16, {2, 8}, {}, CONTIG) ||
        !sh.Init(ACL_FLOAT16, {2, 1, 8}, {}, CONTIG) || !w.Init(ACL_FLOAT16, {8}, {}, CONTIG) ||
        !out.Init(ACL_INT8, {2, 3, 8}, {}, CONTIG) || !qs.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !x32.Init(ACL_FLOAT, {2, 3, 8}, {}, CONTIG) || !sc32.Init(ACL_FLOAT, {2, 8}, {}, CONTIG) ||
        !out8.Init(ACL_FLOAT8_E4M3FN, {2, 3, 8}, {}, CONTIG) || !qs16.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !x1d.Init(ACL_FLOAT16, {8}, {}, CONTIG) || !scBad.Init(ACL_FLOAT16, {2, 2, 8}, {}, CONTIG) ||
        !wBad.Init(ACL_FLOAT16, {7}, {}, CONTIG) || !outBad.Init(ACL_INT8, {2, 3, 7}, {}, CONTIG) ||
        !qsBad.Init(ACL_FLOAT, {2, 3, 1}, {}, CONTIG) || !outHif.Init(ACL_HIFLOAT8, {2, 3, 8}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    aclOpExecutor *ex = nullptr;
    const aclTensor *N = nullptr;
    ExpectError("null x", Stage1(N, sc.t, sh.t, N, N, N, "dynamic", out.t, qs.t, nullptr, &ex), 161001, "x");
    ExpectError("null quantScale", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", out.t, nullptr, nullptr, &ex), 161001, "quantScale");
    ExpectError("null before dtype", Stage1(x32.t, sc.t, N, N, N, N, "dynamic", out.t, qs.t, nullptr, &ex), 161001, "shift");
    ExpectError("float x", Stage1(x32.t, sc32.t, sh.t, N, N, N, "dynamic", out.t, qs.t, nullptr, &ex), 161002, "x");
    ExpectError("float scale", Stage1(x.t, sc32.t, sh.t, N, N, N, "dynamic", out.t, qs.t, nullptr, &ex), 161002, "scale");
    ExpectError("fp16 quantScale", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", out.t, qs16.t, nullptr, &ex), 161002, "quantScale");
    ExpectError("quantOffset given", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", out.t, qs.t, qs.t, &ex), 161002, "quantOffsetOptional should be nullptr");
    ExpectError("dtype before shape", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", out.t, qs16.t, qsBad.t, &ex), 161002, "quantScale");
    ExpectError("x 1-D", Stage1(x1d.t, sc.t, sh.t, N, N, N, "dynamic", out.t, qs.t, nullptr, &ex), 161002, "between 2 and 8");
    ExpectError("scale shape", Stage1(x.t, scBad.t, sh.t, N, N, N, "dynamic", out.t, qs.t, nullptr, &ex), 161002, "scale");
    ExpectError("weight shape", Stage1(x.t, sc.t, sh.t, wBad.t, N, N, "dynamic", out.t, qs.t, nullptr, &ex), 161002, "weightOptional");
    ExpectError("smooth shape", Stage1(x.t, sc.t, sh.t, N, N, wBad.t, "dynamic", out.t, qs.t, nullptr, &ex), 161002, "smoothScalesOptional");
    ExpectError("out shape", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", outBad.t, qs.t, nullptr, &ex), 161002, "out");
    ExpectError("quantScale shape", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", out.t, qsBad.t, nullptr, &ex), 161002, "quantScale");
    ExpectError("quantMode", Stage1(x.t, sc.t, sh.t, N, N, N, "static", out.t, qs.t, nullptr, &ex), 161002, "quantMode only support dynamic");
    ExpectOk("quantMode NULL", Stage1(x.t, sc.t, sh.t, w.t, N, N, nullptr, out.t, qs.t, nullptr, &ex), &ex);
    if (g_chip == C950) {
        ExpectOk("fp8 out", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", out8.t, qs.t, nullptr, &ex), &ex);
        ExpectCode("hifloat8 out", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", outHif.t, qs.t, nullptr, &ex), 361001, "HIFLOAT8");
    } else {
        ExpectError("fp8 out on A2 / A3", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", out8.t, qs.t, nullptr, &ex), 161002, "out");
        ExpectError("hifloat8 out on A2 / A3", Stage1(x.t, sc.t, sh.t, N, N, N, "dynamic", outHif.t, qs.t, nullptr, &ex), 161002, "out");
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_chip = CurrentChip();
    if (g_chip == C310P) {
        DevTensor x, sc, out, qs;
        if (!x.Init(ACL_FLOAT16, {2, 3, 8}, {}, CONTIG) || !sc.Init(ACL_FLOAT16, {2, 8}, {}, CONTIG) ||
            !out.Init(ACL_INT8, {2, 3, 8}, {}, CONTIG) || !qs.Init(ACL_FLOAT, {2, 3}, {}, CONTIG))
            return 1;
        aclOpExecutor *ex = nullptr;
        ExpectCode("310P", Stage1(x.t, sc.t, sc.t, nullptr, nullptr, nullptr, "dynamic", out.t, qs.t, nullptr, &ex),
                   361001, "not implemented");
    } else {
        RunCase({ACL_FLOAT16, ACL_INT8, {2, 4, 8}, false, true, true, true, CONTIG, 1}); // the example's shapes
        RunCase({ACL_BF16, ACL_INT8, {3, 5, 40}, true, false, false, false, CONTIG, 2});
        RunCase({ACL_FLOAT16, ACL_INT8, {2, 2, 7, 33}, false, true, false, true, STRIDED, 3});
        RunCase({ACL_FLOAT16, ACL_INT8, {4, 300, 16}, true, true, true, true, CONTIG, 4});   // multi-row groups
        RunCase({ACL_BF16, ACL_INT8, {2, 3, 3200}, false, true, true, false, CONTIG, 5});    // H > 3072: one row
        RunCase({ACL_FLOAT16, ACL_INT8, {1, 2, 7000}, false, false, true, true, CONTIG, 6}); // H > 6144: slices
        if (g_chip == C950) {
            RunCase({ACL_FLOAT16, ACL_FLOAT8_E4M3FN, {2, 5, 64}, false, true, true, true, CONTIG, 7});
            RunCase({ACL_BF16, ACL_FLOAT8_E5M2, {3, 4, 24}, true, true, false, false, CONTIG, 8});
        }
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
