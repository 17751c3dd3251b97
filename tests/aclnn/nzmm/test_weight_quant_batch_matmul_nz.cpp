// aclnnWeightQuantBatchMatmulNz (ops-nn matmul/weight_quant_batch_matmul_v2, 950): y = x @
// ((weight + offset) * scale) + bias with a FRACTAL_NZ weight. The NZ storage is built here
// from the ND (k, n) weight by its block definition (fractal (c / C0, r / 16) holding 16 rows of
// C0 elements), INT8 also through aclnnTransMatmulWeight, and y is checked against a double
// reference of the doc's formula (the dequantised weight rounded to x's dtype: FP16 the offset
// add and the multiply each, BF16 once), judged by the accuracy standard. INT8 (also an (n, k)-
// stored transposed view), INT4 / INT32-packed per channel / per group with offsets, FLOAT4_E2M1
// per group, FLOAT-packed FP4 with FLOAT8_E8M0 (MX) scales; every validation path's code and
// message; A2 / 310P: 361001.
#include <cmath>
#include <cstring>

#include "nzmm_test_util.h"
#include "aclnnop/aclnn_convert_weight_to_int4_pack.h"
#include "aclnnop/aclnn_trans_matmul_weight.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_nz.h"

static aclrtStream g_stream = nullptr;

// Element index of (r, c) of an (R, C) matrix in NZ [ceil(C / c0), ceil(R / 16), 16, c0].
static int64_t NzIndex(int64_t r, int64_t c, int64_t R, int64_t c0)
{
    int64_t r1 = Cdiv(R, 16);
    int64_t fractal = (c / c0) * r1 + r / 16;
    return fractal * 16 * c0 + (r % 16) * c0 + c % c0;
}

enum WKind { W_INT8, W_INT4, W_INT32, W_FP4, W_FLOATPK };

static const double kFp4[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};

static double Fp4Value(int code) { return (code & 8 ? -1 : 1) * kFp4[code & 7]; }

struct Case {
    const char *name;
    WKind kind;
    aclDataType dt;
    int64_t m, k, n;
    int group;     // 0: per channel
    bool offset;
    bool mx;       // FLOAT8_E8M0 scales
    aclDataType biasDt; // ACL_DT_UNDEFINED: none
    bool transposed; // INT8 only: the NZ of the (n, k) matrix, view (k, n) strides (1, k)
    bool viaTrans; // INT8: NZ by aclnnTransMatmulWeight
    uint64_t seed;
};

static void RunCase(const Case &c)
{
    const int64_t m = c.m, k = c.k, n = c.n;
    Lcg rng(c.seed);
    // weight codes (k, n)
    std::vector<int> code((size_t)(k * n));
    std::vector<double> wv((size_t)(k * n));
    for (size_t i = 0; i < code.size(); i++) {
        uint32_t u = (uint32_t)(rng.value() * 1e6 + 2e6);
        if (c.kind == W_INT8) code[i] = (int)(u % 256) - 128;
        else code[i] = (int)(u % 16);
        if (c.kind == W_INT8) wv[i] = code[i];
        else if (c.kind == W_FP4 || c.kind == W_FLOATPK) wv[i] = Fp4Value(code[i]);
        else wv[i] = code[i] >= 8 ? code[i] - 16 : code[i];
    }
    const int64_t G = c.group ? Cdiv(k, c.group) : 1;
    std::vector<double> sc((size_t)(G * n)), of((size_t)(G * n), 0.0);
    std::vector<uint8_t> e8((size_t)(G * n));
    for (size_t i = 0; i < sc.size(); i++) {
        if (c.mx) {
            e8[i] = (uint8_t)(120 + (int)((rng.value() + 1) * 3)); // 2^-7 .. 2^-1
            sc[i] = std::ldexp(1.0, (int)e8[i] - 127);
        } else {
            sc[i] = Quant(c.dt, 0.01 + 0.02 * std::fabs(rng.value()));
        }
        if (c.offset) of[i] = Quant(c.dt, std::round(rng.value() * 8) + 0.5 * (rng.value() > 0));
    }
    std::vector<double> x = QuantAll(c.dt, RandomValues((size_t)(m * k), c.seed + 7, 0.2));
    std::vector<double> bias;
    if (c.biasDt != ACL_DT_UNDEFINED) bias = QuantAll(c.biasDt, RandomValues((size_t)n, c.seed + 9, 0.5));

    // NZ weight bytes
    aclDataType wdt = c.kind == W_INT8 ? ACL_INT8 : c.kind == W_INT4 ? ACL_INT4 : c.kind == W_INT32 ? ACL_INT32
                      : c.kind == W_FP4 ? ACL_FLOAT4_E2M1 : ACL_FLOAT;
    RawTensor tw;
    bool ok;
    if (c.kind == W_INT8 && c.viaTrans) {
        // as the example: device memory of aclnnCalculateMatmulWeightSizeV2's size, an ND (k, n)
        // tensor over it, converted in place
        uint64_t bytes = 0;
        std::vector<int64_t> dims = {k, n};
        aclIntArray *sz = aclCreateIntArray(dims.data(), 2);
        int r = aclnnCalculateMatmulWeightSizeV2(sz, ACL_INT8, &bytes);
        aclDestroyIntArray(sz);
        EXPECT(r == 0 && bytes == (uint64_t)(Cdiv(n, 32) * 32 * Cdiv(k, 16) * 16), "%s: weight size %d %llu", c.name, r,
               (unsigned long long)bytes);
        std::vector<uint8_t> img((size_t)bytes, 0);
        for (size_t i = 0; i < code.size(); i++) img[i] = (uint8_t)(int8_t)code[i];
        ok = r == 0 && tw.Init(ACL_INT8, {k, n}, {n, 1}, ACL_FORMAT_ND, {k, n}, img);
        if (ok) {
            r = Run("aclnnTransMatmulWeight", g_stream,
                    [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnTransMatmulWeightGetWorkspaceSize(tw.t, ws, ex); },
                    aclnnTransMatmulWeight);
            EXPECT(r == 0, "%s: aclnnTransMatmulWeight %d", c.name, r);
            ok = r == 0;
        }
    } else if (c.kind == W_INT8) {
        int64_t R = c.transposed ? n : k, C = c.transposed ? k : n;
        std::vector<uint8_t> img((size_t)(Cdiv(C, 32) * Cdiv(R, 16) * 16 * 32), 0);
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t nn = 0; nn < n; nn++) {
                int64_t r = c.transposed ? nn : kk, cc = c.transposed ? kk : nn;
                img[(size_t)NzIndex(r, cc, R, 32)] = (uint8_t)(int8_t)code[(size_t)(kk * n + nn)];
            }
        std::vector<int64_t> strides = c.transposed ? std::vector<int64_t>{1, k} : std::vector<int64_t>{n, 1};
        ok = tw.Init(ACL_INT8, {k, n}, strides, ACL_FORMAT_FRACTAL_NZ, {Cdiv(C, 32), Cdiv(R, 16), 16, 32}, img);
    } else {
        std::vector<uint8_t> img((size_t)(Cdiv(n, 16) * Cdiv(k, 16) * 16 * 16 / 2), 0);
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t nn = 0; nn < n; nn++) {
                int64_t e = NzIndex(kk, nn, k, 16);
                uint8_t v = (uint8_t)(code[(size_t)(kk * n + nn)] & 0xf);
                img[(size_t)(e / 2)] |= (uint8_t)(e % 2 ? v << 4 : v);
            }
        bool packed = c.kind == W_INT32 || c.kind == W_FLOATPK;
        int64_t vn = packed ? n / 8 : n;
        std::vector<int64_t> storage = packed ? std::vector<int64_t>{Cdiv(vn, 2), Cdiv(k, 16), 16, 2}
                                              : std::vector<int64_t>{Cdiv(n, 16), Cdiv(k, 16), 16, 16};
        ok = tw.Init(wdt, {k, vn}, {vn, 1}, ACL_FORMAT_FRACTAL_NZ, storage, img);
    }
    const aclTensor *weight = tw.t;
    DevTensor tx, ts, to, tb, ty;
    RawTensor tse8;
    ok = ok && tx.Init(c.dt, {m, k}, x, CONTIG) && ty.Init(c.dt, {m, n}, {}, CONTIG);
    std::vector<int64_t> pshape = c.group ? std::vector<int64_t>{G, n} : std::vector<int64_t>{n};
    if (c.mx) ok = ok && tse8.Init(ACL_FLOAT8_E8M0, pshape, {n, 1}, ACL_FORMAT_ND, pshape, e8);
    else ok = ok && ts.Init(c.dt, pshape, sc, CONTIG);
    if (c.offset) ok = ok && to.Init(c.dt, pshape, of, CONTIG);
    if (!bias.empty()) ok = ok && tb.Init(c.biasDt, {n}, bias, CONTIG);
    if (!ok) {
        EXPECT(false, "%s: tensors", c.name);
        return;
    }
    const aclTensor *scale = c.mx ? tse8.t : ts.t;
    int r = Run("aclnnWeightQuantBatchMatmulNz", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnWeightQuantBatchMatmulNzGetWorkspaceSize(tx.t, weight, scale, c.offset ? to.t : nullptr,
                                                                         nullptr, nullptr, bias.empty() ? nullptr : tb.t,
                                                                         c.group, ty.t, ws, ex);
                },
                aclnnWeightQuantBatchMatmulNz);
    EXPECT(r == 0, "%s: run %d (%s)", c.name, r, aclGetRecentErrMsg());
    if (r) return;
    // reference
    std::vector<double> wd((size_t)(k * n));
    for (int64_t kk = 0; kk < k; kk++)
        for (int64_t nn = 0; nn < n; nn++) {
            size_t p = (size_t)((c.group ? kk / c.group : 0) * n + nn);
            double v = wv[(size_t)(kk * n + nn)];
            if (c.offset) v = c.dt == ACL_FLOAT16 ? Quant(c.dt, v + of[p]) : v + of[p];
            wd[(size_t)(kk * n + nn)] = Quant(c.dt, v * sc[p]);
        }
    std::vector<double> gold((size_t)(m * n));
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double s = bias.empty() ? 0 : bias[(size_t)j];
            for (int64_t kk = 0; kk < k; kk++) s += x[(size_t)(i * k + kk)] * wd[(size_t)(kk * n + j)];
            gold[(size_t)(i * n + j)] = Quant(c.dt, s);
        }
    CheckDtype(c.name, c.dt, ty.Read(), gold);
}

// aclnnConvertWeightToINT4Pack on the 950 (C0 16): an ND INT32 / FLOAT (k, n) weight of one
// code per element into an INT4 / FLOAT4_E2M1 [ceil(n/16), ceil(k/16), 16, 16] or packed INT32 /
// FLOAT [.., .., 16, 2] NZ, compared byte by byte with the NZ built here.
static void Pack950(const char *name, bool fp, bool packed, int64_t k, int64_t n, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<uint8_t> src((size_t)(k * n * 4));
    std::vector<uint8_t> want((size_t)(Cdiv(n, 16) * Cdiv(k, 16) * 16 * 16 / 2), 0);
    for (int64_t i = 0; i < k * n; i++) {
        int c = (int)((uint32_t)(rng.uniform() * 16) & 15);
        uint32_t bits;
        if (fp) {
            float f = (float)Fp4Value(c);
            memcpy(&bits, &f, 4);
        } else {
            int32_t v = c >= 8 ? c - 16 : c;
            memcpy(&bits, &v, 4);
        }
        memcpy(&src[(size_t)i * 4], &bits, 4);
        int64_t e = NzIndex(i / n, i % n, k, 16);
        want[(size_t)(e / 2)] |= (uint8_t)(e % 2 ? c << 4 : c);
    }
    RawTensor w, p;
    aclDataType pdt = fp ? (packed ? ACL_FLOAT : ACL_FLOAT4_E2M1) : (packed ? ACL_INT32 : ACL_INT4);
    int64_t vn = packed ? n / 8 : n;
    std::vector<int64_t> storage = packed ? std::vector<int64_t>{Cdiv(vn, 2), Cdiv(k, 16), 16, 2}
                                          : std::vector<int64_t>{Cdiv(n, 16), Cdiv(k, 16), 16, 16};
    if (!w.Init(fp ? ACL_FLOAT : ACL_INT32, {k, n}, {n, 1}, ACL_FORMAT_ND, {k, n}, src) ||
        !p.Init(pdt, {k, vn}, {vn, 1}, ACL_FORMAT_FRACTAL_NZ, storage, std::vector<uint8_t>(want.size(), 0xAA))) {
        EXPECT(false, "%s: tensors", name);
        return;
    }
    int r = Run("aclnnConvertWeightToINT4Pack", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnConvertWeightToINT4PackGetWorkspaceSize(w.t, p.t, ws, ex); },
                aclnnConvertWeightToINT4Pack);
    EXPECT(r == 0, "%s: run %d (%s)", name, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<uint8_t> got(want.size());
    aclrtMemcpy(got.data(), got.size(), p.dev, got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    size_t bad = 0;
    for (size_t i = 0; i < got.size(); i++) bad += got[i] != want[i];
    EXPECT(bad == 0, "%s: %zu of %zu NZ bytes differ", name, bad, got.size());
}

static void Validation()
{
    const int64_t m = 4, k = 64, n = 64;
    std::vector<uint8_t> img8((size_t)(2 * 4 * 16 * 32), 1), img4((size_t)(4 * 4 * 16 * 16 / 2), 0x11);
    RawTensor w8, w8bad, w8nd, w4, w4t, fp4;
    DevTensor x, xt, xi, s, sbf, s1, sg, o, y, y32, bias32, s2;
    std::vector<uint8_t> e8((size_t)(2 * n), 127);
    RawTensor se8;
    xt.fmt = ACL_FORMAT_ND;
    bool ok = w8.Init(ACL_INT8, {k, n}, {n, 1}, ACL_FORMAT_FRACTAL_NZ, {2, 4, 16, 32}, img8) &&
              w8bad.Init(ACL_INT8, {k, n}, {n, 1}, ACL_FORMAT_FRACTAL_NZ, {2, 4, 16, 16}, img8) &&
              w8nd.Init(ACL_INT8, {k, n}, {n, 1}, ACL_FORMAT_ND, {k, n}, img8) &&
              w4.Init(ACL_INT4, {k, n}, {n, 1}, ACL_FORMAT_FRACTAL_NZ, {4, 4, 16, 16}, img4) &&
              w4t.Init(ACL_INT4, {k, n}, {1, k}, ACL_FORMAT_FRACTAL_NZ, {4, 4, 16, 16}, img4) &&
              fp4.Init(ACL_FLOAT4_E2M1, {k, n}, {n, 1}, ACL_FORMAT_FRACTAL_NZ, {4, 4, 16, 16}, img4) &&
              se8.Init(ACL_FLOAT8_E8M0, {2, n}, {n, 1}, ACL_FORMAT_ND, {2, n}, e8) &&
              x.Init(ACL_FLOAT16, {m, k}, {}, CONTIG, 1.0) && xt.Init(ACL_FLOAT16, {m, k}, {}, TRANSPOSED, 1.0) &&
              xi.Init(ACL_INT8, {m, k}, {}, CONTIG, 1.0) && s.Init(ACL_FLOAT16, {n}, {}, CONTIG, 1.0) &&
              sbf.Init(ACL_BF16, {n}, {}, CONTIG, 1.0) && s1.Init(ACL_FLOAT16, {1}, {}, CONTIG, 1.0) &&
              sg.Init(ACL_FLOAT16, {2, n}, {}, CONTIG, 1.0) && o.Init(ACL_FLOAT16, {n}, {}, CONTIG, 0.0) &&
              y.Init(ACL_FLOAT16, {m, n}, {}, CONTIG) && y32.Init(ACL_FLOAT, {m, n}, {}, CONTIG) &&
              bias32.Init(ACL_FLOAT, {n}, {}, CONTIG, 0.0) && s2.Init(ACL_FLOAT16, {n + 1}, {}, CONTIG, 1.0);
    if (!ok) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *w, const aclTensor *sc, const aclTensor *of, const aclTensor *qs,
                  const aclTensor *b, int g, const aclTensor *out) {
        return aclnnWeightQuantBatchMatmulNzGetWorkspaceSize(a, w, sc, of, qs, nullptr, b, g, out, &ws, &ex);
    };
    // a valid call first (then freed)
    int r = S1(x.t, w8.t, s.t, o.t, nullptr, nullptr, 0, y.t);
    EXPECT(r == 0, "valid int8 stage 1: %d (%s)", r, aclGetRecentErrMsg());
    if (r == 0) aclDestroyAclOpExecutor(ex);
    ExpectError("null x", S1(nullptr, w8.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161001, "x");
    ExpectError("null weight", S1(x.t, nullptr, s.t, nullptr, nullptr, nullptr, 0, y.t), 161001, "weight");
    ExpectError("null scale", S1(x.t, w8.t, nullptr, nullptr, nullptr, nullptr, 0, y.t), 161001, "antiquantScale");
    ExpectError("null y", S1(x.t, w8.t, s.t, nullptr, nullptr, nullptr, 0, nullptr), 161001, "y");
    ExpectError("quantScale given", S1(x.t, w8.t, s.t, nullptr, s.t, nullptr, 0, y.t), 161001, "quantScaleOptional");
    ExpectError("ND weight", S1(x.t, w8nd.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "FRACTAL_NZ");
    ExpectError("x transposed", S1(xt.t, w8.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "transposed");
    ExpectError("x int8", S1(xi.t, w8.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "x");
    ExpectError("y float", S1(x.t, w8.t, s.t, nullptr, nullptr, nullptr, 0, y32.t), 161002, "y");
    ExpectError("scale bf16", S1(x.t, w8.t, sbf.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "antiquantScale");
    ExpectError("bias float with fp16", S1(x.t, w8.t, s.t, nullptr, nullptr, bias32.t, 0, y.t), 161002, "biasOptional");
    ExpectError("fp4 offset", S1(x.t, fp4.t, sg.t, sg.t, nullptr, nullptr, 32, y.t), 161002, "antiquantOffsetOptional");
    ExpectError("int8 group", S1(x.t, w8.t, sg.t, nullptr, nullptr, nullptr, 32, y.t), 161002, "antiquantGroupSize");
    ExpectError("group 48", S1(x.t, w4.t, sg.t, nullptr, nullptr, nullptr, 48, y.t), 161002, "multiple of 32");
    ExpectError("group 64 = k", S1(x.t, w4.t, sg.t, nullptr, nullptr, nullptr, 64, y.t), 161002, "[32, k - 1]");
    ExpectError("mx group 0", S1(x.t, fp4.t, se8.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "micro-scaling");
    ExpectError("per tensor", S1(x.t, w8.t, s1.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "per-tensor");
    ExpectError("scale shape", S1(x.t, w8.t, s2.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "antiquantScale");
    ExpectError("fp4 per channel", S1(x.t, fp4.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "perchannel");
    ExpectError("int4 transposed", S1(x.t, w4t.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "transposed");
    ExpectError("storage shape", S1(x.t, w8bad.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "storage shape");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (!chip || std::string(chip) != "950") {
        std::vector<uint8_t> img((size_t)(2 * 4 * 16 * 32), 1);
        RawTensor w;
        DevTensor x, s, y;
        if (!w.Init(ACL_INT8, {64, 64}, {64, 1}, ACL_FORMAT_FRACTAL_NZ, {2, 4, 16, 32}, img) ||
            !x.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG) || !s.Init(ACL_FLOAT16, {64}, {}, CONTIG) ||
            !y.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnWeightQuantBatchMatmulNzGetWorkspaceSize(x.t, w.t, s.t, nullptr, nullptr, nullptr, nullptr, 0, y.t,
                                                              &ws, &ex);
        const char *msg = aclGetRecentErrMsg();
        EXPECT(r == 361001, "%s: returned %d, expected 361001 (%s)", chip ? chip : "A2", r, msg ? msg : "");
        EXPECT(msg && strstr(msg, "aclnn nz support"), "chip refusal message: %s", msg ? msg : "");
    } else {
        const aclDataType U = ACL_DT_UNDEFINED;
        RunCase({"int8 fp16 offset bias", W_INT8, ACL_FLOAT16, 5, 48, 40, 0, true, false, ACL_FLOAT16, false, false, 1});
        RunCase({"int8 bf16 float bias", W_INT8, ACL_BF16, 17, 100, 66, 0, false, false, ACL_FLOAT, false, false, 2});
        RunCase({"int8 fp16 transposed", W_INT8, ACL_FLOAT16, 3, 70, 35, 0, true, false, U, true, false, 3});
        RunCase({"int8 via TransMatmulWeight", W_INT8, ACL_FLOAT16, 2, 16, 8, 0, false, false, U, false, true, 4});
        RunCase({"int8 bf16 via TransMatmulWeight", W_INT8, ACL_BF16, 9, 50, 70, 0, true, false, U, false, true, 5});
        RunCase({"int8 bf16 offset manual", W_INT8, ACL_BF16, 9, 50, 70, 0, true, false, U, false, false, 5});
        RunCase({"int4 fp16 group offset", W_INT4, ACL_FLOAT16, 6, 96, 34, 32, true, false, ACL_FLOAT16, false, false, 6});
        RunCase({"int4 bf16 channel", W_INT4, ACL_BF16, 4, 40, 48, 0, false, false, ACL_BF16, false, false, 7});
        RunCase({"int32 bf16 group", W_INT32, ACL_BF16, 7, 128, 64, 64, true, false, ACL_FLOAT, false, false, 8});
        RunCase({"fp4 fp16 group", W_FP4, ACL_FLOAT16, 5, 80, 50, 32, false, false, ACL_FLOAT16, false, false, 9});
        RunCase({"fp4 bf16 mx", W_FP4, ACL_BF16, 3, 64, 32, 32, false, true, ACL_BF16, false, false, 10});
        RunCase({"float-packed fp16 mx", W_FLOATPK, ACL_FLOAT16, 8, 96, 40, 32, false, true, U, false, false, 11});
        Pack950("pack int32 -> int4 nz", false, false, 40, 34, 21);
        Pack950("pack int32 -> int32 nz", false, true, 33, 64, 22);
        Pack950("pack float -> fp4 nz", true, false, 50, 48, 23);
        Pack950("pack float -> float nz", true, true, 16, 40, 24);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
