// aclnnWeightQuantBatchMatmulV2 / V3 on the 950 with ND weights (ops-nn
// matmul/weight_quant_batch_matmul_v2, the DAV_3510 routes): y = x @ W' + bias with
// W'(k, n) = weight(k, n) * antiquantScale (+ offset for integer weights), each W' element rounded
// to x's dtype (FLOAT16 / BFLOAT16), FP32 accumulation. Weights: FLOAT8_E4M3FN / HIFLOAT8 (the
// hif8 tests' bit-string reference) per channel,
// FLOAT4_E2M1 / FLOAT (eight FP4 a word, along n or, transposed, along k) with FLOAT8_E8M0 / UINT8
// scales per 32 K (MX)
// or FLOAT16 per group, INT8 with offset, INT4 / INT32-packed INT4 per group, transposed (n, k)-stored weights. The
// double reference decodes every code from the format definitions; the result must be the
// reference's nearest value within the FP32 accumulation error. Validation paths in the op_api's
// DAV_3510 order.
#include <cmath>
#include <cstring>
#include <string>

#include "../nzmm/nzmm_test_util.h"
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../hif8/hif8_ref.h"
#pragma GCC diagnostic pop
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v3.h"

static aclrtStream g_stream = nullptr;

static double E4m3(uint8_t c)
{
    int s = c >> 7, e = (c >> 3) & 15, m = c & 7;
    double v = (e == 15 && m == 7) ? NAN : e == 0 ? std::ldexp(m / 8.0, -6) : std::ldexp(1.0 + m / 8.0, e - 7);
    return s ? -v : v;
}

static double Fp4(int c)
{
    int s = (c >> 3) & 1, e = (c >> 1) & 3, m = c & 1;
    double v = e == 0 ? 0.5 * m : std::ldexp(1.0 + 0.5 * m, e - 1);
    return s ? -v : v;
}

enum WKind { W_E4M3, W_HIF8, W_FP4, W_FP4_PACKED, W_INT8, W_INT4, W_INT32 };

struct Case {
    const char *name;
    int64_t m, k, n;
    aclDataType xdt;
    WKind w;
    bool trans;        // weight stored (n, k)
    int group;         // 0: per channel
    bool mx;           // FP4 with E8M0 (or UINT8 with the packed weight) scales
    bool offset;       // integer weights
    aclDataType bdt;   // ACL_DT_UNDEFINED: no bias
    bool v3;
    uint64_t seed;
};

static std::vector<uint8_t> Enc(aclDataType dt, const std::vector<double> &v)
{
    std::vector<uint8_t> b(v.size() * ElemSize(dt));
    for (size_t i = 0; i < v.size(); i++) Encode(dt, v[i], &b[i * ElemSize(dt)]);
    return b;
}

static void RunCase(const Case &c)
{
    const int64_t m = c.m, k = c.k, n = c.n;
    Lcg rng(c.seed);
    // logical weight codes (k, n) and their values
    std::vector<int> code((size_t)(k * n));
    std::vector<double> wv((size_t)(k * n));
    for (size_t i = 0; i < code.size(); i++) {
        if (c.w == W_E4M3) {
            do code[i] = (int)(rng.uniform() * 256); while (!std::isfinite(E4m3((uint8_t)code[i])) || std::fabs(E4m3((uint8_t)code[i])) > 16);
            wv[i] = E4m3((uint8_t)code[i]);
        } else if (c.w == W_HIF8) {
            do code[i] = (int)(rng.uniform() * 256); while (!std::isfinite(hif8_ref_value(code[i])) || std::fabs(hif8_ref_value(code[i])) > 64);
            wv[i] = hif8_ref_value(code[i]);
        } else if (c.w == W_FP4 || c.w == W_FP4_PACKED) {
            code[i] = (int)(rng.uniform() * 16);
            wv[i] = Fp4(code[i]);
        } else if (c.w == W_INT8) {
            code[i] = (int)(rng.uniform() * 256) - 128;
            wv[i] = code[i];
        } else { // INT4 / INT32 (eight INT4 a word)
            code[i] = (int)(rng.uniform() * 16) - 8;
            wv[i] = code[i];
        }
    }
    const int64_t G = c.group ? Cdiv(k, c.group) : 1;
    std::vector<double> sv((size_t)(G * n)), ov((size_t)(G * n), 0.0);
    std::vector<uint8_t> e8((size_t)(G * n));
    for (size_t i = 0; i < sv.size(); i++) {
        if (c.mx) {
            e8[i] = (uint8_t)(124 + (int)(rng.uniform() * 6));
            sv[i] = std::ldexp(1.0, e8[i] - 127);
        } else {
            sv[i] = Quant(c.xdt, (0.01 + rng.uniform() * 0.05) * (rng.uniform() < 0.3 ? -1 : 1));
        }
        if (c.offset) ov[i] = Quant(c.xdt, rng.uniform() * 8 - 4);
    }
    std::vector<double> xv((size_t)(m * k)), bv((size_t)n, 0.0);
    for (auto &v : xv) v = Quant(c.xdt, rng.value());
    bool hasb = c.bdt != ACL_DT_UNDEFINED;
    if (hasb) for (auto &v : bv) v = Quant(c.bdt, rng.value());
    // device weight image
    std::vector<uint8_t> wimg;
    aclDataType wdt;
    std::vector<int64_t> wview, wstride, wstor;
    if (c.w == W_FP4_PACKED || c.w == W_INT32) {
        // eight 4-bit codes a 4-byte word, lowest nibble first: along n, or along k when transposed
        // (storage (n, k / 8), view (k / 8, n) with strides (1, k / 8))
        wdt = c.w == W_INT32 ? ACL_INT32 : ACL_FLOAT;
        wimg.assign((size_t)(k * n / 2), 0);
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t j = 0; j < n; j++) {
                int64_t e = c.trans ? j * k + kk : kk * n + j; // nibble index in the byte stream
                wimg[(size_t)(e / 2)] |= (uint8_t)((code[(size_t)(kk * n + j)] & 0xf) << ((e & 1) * 4));
            }
        wview = c.trans ? std::vector<int64_t>{k / 8, n} : std::vector<int64_t>{k, n / 8};
        wstride = c.trans ? std::vector<int64_t>{1, k / 8} : std::vector<int64_t>{n / 8, 1};
        wstor = c.trans ? std::vector<int64_t>{n, k / 8} : wview;
    } else {
        wdt = c.w == W_E4M3 ? ACL_FLOAT8_E4M3FN : c.w == W_HIF8 ? ACL_HIFLOAT8 : c.w == W_FP4 ? ACL_FLOAT4_E2M1 : c.w == W_INT8 ? ACL_INT8 : ACL_INT4;
        bool nib = c.w == W_FP4 || c.w == W_INT4;
        wimg.assign((size_t)(nib ? k * n / 2 : k * n), 0);
        for (int64_t kk = 0; kk < k; kk++)
            for (int64_t j = 0; j < n; j++) {
                int64_t e = c.trans ? j * k + kk : kk * n + j;
                uint8_t cv = (uint8_t)(code[(size_t)(kk * n + j)] & (nib ? 0xf : 0xff));
                if (nib) wimg[(size_t)(e / 2)] |= (uint8_t)(cv << ((e & 1) * 4));
                else wimg[(size_t)e] = cv;
            }
        wview = {k, n};
        wstride = c.trans ? std::vector<int64_t>{1, k} : std::vector<int64_t>{n, 1};
        wstor = c.trans ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n};
    }
    // scale / offset: (n) per channel, (G, n) per group (transposed weight: per channel 1-D only)
    aclDataType sdt = c.mx ? (c.w == W_FP4_PACKED ? ACL_UINT8 : ACL_FLOAT8_E8M0) : c.xdt;
    // a transposed weight takes a transposed (G, n) scale: storage (n, G)
    std::vector<int64_t> sshape = c.group ? std::vector<int64_t>{G, n} : std::vector<int64_t>{n};
    std::vector<int64_t> sstride = c.group ? (c.trans ? std::vector<int64_t>{1, G} : std::vector<int64_t>{n, 1})
                                           : std::vector<int64_t>{1};
    std::vector<int64_t> sstor = c.group && c.trans ? std::vector<int64_t>{n, G} : sshape;
    std::vector<uint8_t> simg = c.mx ? e8 : Enc(c.xdt, sv), oimg = Enc(c.xdt, ov);
    if (c.group && c.trans) { // (g, j) at j * G + g
        std::vector<uint8_t> t(simg.size()), to2(oimg.size());
        size_t es = simg.size() / (size_t)(G * n);
        for (int64_t g = 0; g < G; g++)
            for (int64_t j = 0; j < n; j++) {
                memcpy(&t[(size_t)(j * G + g) * es], &simg[(size_t)(g * n + j) * es], es);
                memcpy(&to2[(size_t)(j * G + g) * 2], &oimg[(size_t)(g * n + j) * 2], 2);
            }
        simg = t;
        oimg = to2;
    }
    RawTensor tx, tw, ts, to, tb, ty;
    std::vector<int64_t> ys = {m, n};
    bool ok = tx.Init(c.xdt, {m, k}, {k, 1}, ACL_FORMAT_ND, {m, k}, Enc(c.xdt, xv)) &&
              tw.Init(wdt, wview, wstride, ACL_FORMAT_ND, wstor, wimg) &&
              ts.Init(sdt, sshape, sstride, ACL_FORMAT_ND, sstor, simg) &&
              to.Init(c.xdt, sshape, sstride, ACL_FORMAT_ND, sstor, oimg) &&
              tb.Init(hasb ? c.bdt : ACL_FLOAT, {n}, {1}, ACL_FORMAT_ND, {n}, Enc(hasb ? c.bdt : ACL_FLOAT, bv)) &&
              ty.Init(c.xdt, ys, {n, 1}, ACL_FORMAT_ND, ys, std::vector<uint8_t>((size_t)(m * n) * 2, 0x55));
    if (!ok) {
        EXPECT(false, "%s: tensors", c.name);
        return;
    }
    int r;
    if (c.v3)
        r = Run("aclnnWeightQuantBatchMatmulV3", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(tx.t, tw.t, ts.t, c.offset ? to.t : nullptr,
                                                                         nullptr, nullptr, hasb ? tb.t : nullptr,
                                                                         c.group, 1, ty.t, ws, ex);
                },
                aclnnWeightQuantBatchMatmulV3);
    else
        r = Run("aclnnWeightQuantBatchMatmulV2", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(tx.t, tw.t, ts.t, c.offset ? to.t : nullptr,
                                                                         nullptr, nullptr, hasb ? tb.t : nullptr,
                                                                         c.group, ty.t, ws, ex);
                },
                aclnnWeightQuantBatchMatmulV2);
    EXPECT(r == 0, "%s: run %d (%s)", c.name, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<uint8_t> got = ty.Read();
    // W' rounded to x's dtype (FLOAT16: the offset add rounds too, as the vector unit's FP16 add)
    std::vector<double> wq((size_t)(k * n));
    for (int64_t kk = 0; kk < k; kk++)
        for (int64_t j = 0; j < n; j++) {
            size_t p = (size_t)((c.group ? kk / c.group : 0) * n + j);
            double w = wv[(size_t)(kk * n + j)];
            if (c.offset) w = c.xdt == ACL_FLOAT16 ? Quant(c.xdt, w + ov[p]) : w + ov[p]; // BF16: one rounding
            wq[(size_t)(kk * n + j)] = Quant(c.xdt, w * sv[p]);
        }
    int bad = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double acc = bv[(size_t)j], mag = std::fabs(acc);
            for (int64_t kk = 0; kk < k; kk++) {
                double t = xv[(size_t)(i * k + kk)] * wq[(size_t)(kk * n + j)];
                acc += t;
                mag += std::fabs(t);
            }
            double v = Decode(c.xdt, &got[(size_t)(i * n + j) * 2]), q = Quant(c.xdt, acc);
            if (!(v == q || std::fabs(v - acc) <= std::fabs(q - acc) + 1e-6 * mag)) {
                if (bad < 5) printf("  %s (%lld,%lld): got %.8g want %.8g\n", c.name, (long long)i, (long long)j, v, acc);
                bad++;
            }
        }
    EXPECT(bad == 0, "%s: %d of %lld values off the reference", c.name, bad, (long long)(m * n));
}

static void Validation()
{
    const int64_t m = 4, k = 64, n = 32;
    RawTensor x, xt, xb, w8, wfp4, wpk, wpkt, we5, wnz, wi8, s16, s16t, s16g, sb16, e8, e8t, x128, w128, e8g64, o16, y, yb, b32, b16, qs;
    std::vector<uint8_t> z((size_t)(k * n * 4), 0x38);
    bool ok = x.Init(ACL_FLOAT16, {m, k}, {k, 1}, ACL_FORMAT_ND, {m, k}, z) &&
              xt.Init(ACL_FLOAT16, {m, k}, {1, m}, ACL_FORMAT_ND, {k, m}, z) &&
              xb.Init(ACL_BF16, {m, k}, {k, 1}, ACL_FORMAT_ND, {m, k}, z) &&
              w8.Init(ACL_FLOAT8_E4M3FN, {k, n}, {n, 1}, ACL_FORMAT_ND, {k, n}, z) &&
              wfp4.Init(ACL_FLOAT4_E2M1, {k, n}, {n, 1}, ACL_FORMAT_ND, {k, n}, z) &&
              wpk.Init(ACL_FLOAT, {k, n / 8}, {n / 8, 1}, ACL_FORMAT_ND, {k, n / 8}, z) &&
              wpkt.Init(ACL_FLOAT, {k, n / 8}, {1, k}, ACL_FORMAT_ND, {n / 8, k}, z) &&
              we5.Init(ACL_FLOAT8_E5M2, {k, n}, {n, 1}, ACL_FORMAT_ND, {k, n}, z) &&
              wnz.Init(ACL_INT8, {k, n}, {n, 1}, ACL_FORMAT_FRACTAL_NZ, {1, 4, 16, 32}, z) &&
              wi8.Init(ACL_INT8, {k, n}, {n, 1}, ACL_FORMAT_ND, {k, n}, z) &&
              s16.Init(ACL_FLOAT16, {n}, {1}, ACL_FORMAT_ND, {n}, z) &&
              s16t.Init(ACL_FLOAT16, {1}, {1}, ACL_FORMAT_ND, {1}, z) &&
              s16g.Init(ACL_FLOAT16, {2, n}, {n, 1}, ACL_FORMAT_ND, {2, n}, z) &&
              sb16.Init(ACL_BF16, {n}, {1}, ACL_FORMAT_ND, {n}, z) &&
              e8.Init(ACL_FLOAT8_E8M0, {2, n}, {n, 1}, ACL_FORMAT_ND, {2, n}, z) &&
              e8t.Init(ACL_FLOAT8_E8M0, {2, n}, {1, 2}, ACL_FORMAT_ND, {n, 2}, z) &&
              x128.Init(ACL_FLOAT16, {m, 128}, {128, 1}, ACL_FORMAT_ND, {m, 128}, z) &&
              w128.Init(ACL_FLOAT4_E2M1, {128, n}, {n, 1}, ACL_FORMAT_ND, {128, n}, z) &&
              e8g64.Init(ACL_FLOAT8_E8M0, {2, n}, {n, 1}, ACL_FORMAT_ND, {2, n}, z) &&
              o16.Init(ACL_FLOAT16, {n}, {1}, ACL_FORMAT_ND, {n}, z) &&
              y.Init(ACL_FLOAT16, {m, n}, {n, 1}, ACL_FORMAT_ND, {m, n}, z) &&
              yb.Init(ACL_BF16, {m, n}, {n, 1}, ACL_FORMAT_ND, {m, n}, z) &&
              b32.Init(ACL_FLOAT, {n}, {1}, ACL_FORMAT_ND, {n}, z) &&
              b16.Init(ACL_FLOAT16, {n}, {1}, ACL_FORMAT_ND, {n}, z) &&
              qs.Init(ACL_UINT64, {n}, {1}, ACL_FORMAT_ND, {n}, z);
    if (!ok) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *w, const aclTensor *s, const aclTensor *o, const aclTensor *q,
                  const aclTensor *b, int g, const aclTensor *out) {
        int rr = aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(a, w, s, o, q, nullptr, b, g, out, &ws, &ex);
        if (rr == 0) aclDestroyAclOpExecutor(ex);
        return rr;
    };
    EXPECT(S1(x.t, w8.t, s16.t, nullptr, nullptr, b16.t, 0, y.t) == 0, "fp8 valid (%s)", aclGetRecentErrMsg());
    EXPECT(S1(x.t, wfp4.t, e8.t, nullptr, nullptr, nullptr, 32, y.t) == 0, "mx valid (%s)", aclGetRecentErrMsg());
    ExpectError("null weight", S1(x.t, nullptr, s16.t, nullptr, nullptr, nullptr, 0, y.t), 161001, "weight");
    ExpectError("quantScale", S1(x.t, wi8.t, s16.t, nullptr, qs.t, nullptr, 0, y.t), 161001, "quantScaleOptional");
    ExpectError("weight NZ", S1(x.t, wnz.t, s16.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "weight", "FORMAT_ND");
    ExpectError("weight E5M2", S1(x.t, we5.t, s16.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "weight");
    ExpectError("y BF16 with FP16 x", S1(x.t, w8.t, s16.t, nullptr, nullptr, nullptr, 0, yb.t), 161002, "y");
    ExpectError("scale BF16 with FP16 x", S1(x.t, w8.t, sb16.t, nullptr, nullptr, nullptr, 0, y.t), 161002,
                "antiquantScale");
    ExpectError("fp8 offset", S1(x.t, w8.t, s16.t, o16.t, nullptr, nullptr, 0, y.t), 161002, "antiquantOffsetOptional");
    ExpectError("bias FLOAT with FP16 x", S1(x.t, w8.t, s16.t, nullptr, nullptr, b32.t, 0, y.t), 161002, "biasOptional");
    ExpectError("fp8 per group", S1(x.t, w8.t, s16g.t, nullptr, nullptr, nullptr, 32, y.t), 161002, "antiquantGroupSize");
    ExpectError("fp8 per tensor", S1(x.t, w8.t, s16t.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "pertensor");
    ExpectError("fp8 with E8M0", S1(x.t, w8.t, e8.t, nullptr, nullptr, nullptr, 32, y.t), 161002, "MX");
    ExpectError("mx group 64", S1(x128.t, w128.t, e8g64.t, nullptr, nullptr, nullptr, 64, y.t), 161002, "must be 32");
    ExpectError("fp4 per channel", S1(x.t, wfp4.t, s16.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "perchannel");
    ExpectError("group 48", S1(x.t, wi8.t, s16g.t, nullptr, nullptr, nullptr, 48, y.t), 161002, "multiple of 32");
    ExpectError("x transposed", S1(xt.t, wi8.t, s16.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "DAV3510");
    ExpectError("transposed weight, contiguous scale", S1(x.t, wpkt.t, e8.t, nullptr, nullptr, nullptr, 32, y.t), 161002,
                "consistent with weight");
    int r = aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(x.t, w8.t, s16.t, nullptr, nullptr, nullptr, nullptr, 0, 2, y.t,
                                                      &ws, &ex);
    ExpectError("V3 innerPrecise 2", r, 161002, "innerPrecise");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (!chip || std::string(chip) != "950") {
        printf("the 950 routes only\n");
    } else {
        const aclDataType none = ACL_DT_UNDEFINED;
        RunCase({"f16 x e4m3 per channel + bias", 5, 64, 48, ACL_FLOAT16, W_E4M3, false, 0, false, false, ACL_FLOAT16, false, 1});
        RunCase({"bf16 x e4m3 transposed (V3)", 7, 96, 40, ACL_BF16, W_E4M3, true, 0, false, false, ACL_BF16, true, 2});
        RunCase({"f16 x hif8 per channel", 4, 64, 24, ACL_FLOAT16, W_HIF8, false, 0, false, false, ACL_FLOAT16, false, 9});
        RunCase({"bf16 x hif8 transposed (V3)", 3, 32, 40, ACL_BF16, W_HIF8, true, 0, false, false, none, true, 10});
        RunCase({"f16 x mx fp4 packed FLOAT, UINT8 scales", 6, 128, 32, ACL_FLOAT16, W_FP4_PACKED, false, 32, true, false, none, false, 3});
        RunCase({"bf16 x mx fp4 + bias", 3, 96, 20, ACL_BF16, W_FP4, false, 32, true, false, ACL_BF16, false, 4});
        RunCase({"f16 x fp4 per group 64 (V3)", 4, 128, 16, ACL_FLOAT16, W_FP4, false, 64, false, false, ACL_FLOAT16, true, 5});
        RunCase({"bf16 x int8 per channel + offset + FLOAT bias", 9, 80, 24, ACL_BF16, W_INT8, false, 0, false, true, ACL_FLOAT, false, 6});
        RunCase({"f16 x int8 pure transposed", 3, 48, 33, ACL_FLOAT16, W_INT8, true, 0, false, false, none, false, 7});
        RunCase({"f16 x mx fp4 packed FLOAT transposed", 5, 128, 24, ACL_FLOAT16, W_FP4_PACKED, true, 32, true, false, ACL_FLOAT16, false, 11});
        RunCase({"bf16 x int32-packed int4 per group transposed + offset (V3)", 4, 128, 20, ACL_BF16, W_INT32, true, 64, false, true, ACL_FLOAT, true, 12});
        RunCase({"f16 x int32-packed int4 per channel", 6, 40, 32, ACL_FLOAT16, W_INT32, false, 0, false, false, none, false, 13});
        RunCase({"f16 x int4 per group 32 + offset", 5, 96, 18, ACL_FLOAT16, W_INT4, false, 32, false, true, none, false, 8});
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
