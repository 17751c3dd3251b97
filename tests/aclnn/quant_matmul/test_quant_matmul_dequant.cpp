// aclnnQuantMatmulDequant (310P): x (FLOAT16, times the smooth scales) quantized to INT8 — dynamic
// per token (scale = rowmax|v| / 127), or with a FLOAT xScale per token / per tensor, or a FLOAT16
// per-tensor xScale with an INT64 weightScale holding the premultiplied FP32 scale — then an exact
// INT32 matmul with the INT8 weight (n, k) (ND, or 4-D FRACTAL_NZ (k1, n1, 16, 32)) and the
// dequantisation out = acc * weightScale[n] (* xScale[m]) rounded once to FLOAT16. The reference
// below follows the documented steps in FP32 (v = x * smooth; q = rint(v / s) saturated; acc in
// int64; (acc * ws) * s) and the FLOAT16 outputs are compared bit for bit. Then every validation
// path with its code and message; on a 910B the SoC refusal.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_quant_matmul_dequant.h"

static std::vector<unsigned char> HalfBytes(const std::vector<float> &v)
{
    std::vector<unsigned char> b(v.size() * 2);
    for (size_t i = 0; i < v.size(); i++) { uint16_t h = RefToHalf(v[i]); std::memcpy(&b[2 * i], &h, 2); }
    return b;
}
static std::vector<unsigned char> FloatBytes(const std::vector<float> &v)
{
    std::vector<unsigned char> b(v.size() * 4);
    std::memcpy(b.data(), v.data(), b.size());
    return b;
}
static float Half(double v) { return (float)RefFromHalf(RefToHalf(v)); }
static int8_t SatRint(float t)
{
    if (std::isnan(t)) return 0;
    float r = std::nearbyintf(t);
    return (int8_t)(r > 127.f ? 127 : r < -128.f ? -128 : (int)r);
}

enum Mode { DYN, TOKEN, TENSOR, INT64_TENSOR };

struct Case {
    const char *name;
    int64_t m, k, n;
    Mode mode;
    bool smooth, nz, strided_x;
};

static void RunCase(aclrtStream stream, const Case &c)
{
    Lcg rng(77 + c.m * 3 + c.k * 5 + c.n * 7 + c.mode);
    std::vector<float> x((size_t)(c.m * c.k)), sm((size_t)c.k, 1.0f), xs((size_t)c.m), ws((size_t)c.n);
    std::vector<int> w((size_t)(c.n * c.k));
    for (auto &v : x) v = Half(rng.uniform() * 8 - 4);
    x[0] = 0.0f;                      // a zero in row 0
    if (c.m > 2) x[(size_t)(2 * c.k + 1)] = Half(-60.0);  // a large one (row max)
    for (auto &v : sm) v = c.smooth ? Half(0.5 + rng.uniform()) : 1.0f;
    for (auto &v : xs) v = (float)(0.02 + 0.03 * rng.uniform());
    if (c.mode == INT64_TENSOR) xs[0] = Half(xs[0]);
    for (auto &v : w) v = (int)(rng.uniform() * 256) - 128;
    for (auto &v : ws) v = (float)(0.001 + 0.01 * rng.uniform());
    ws[1] = -ws[1];                   // a negative scale (sign-extended INT64 word)
    // reference
    std::vector<int8_t> q((size_t)(c.m * c.k));
    std::vector<float> srow((size_t)c.m);
    for (int64_t i = 0; i < c.m; i++) {
        std::vector<float> v((size_t)c.k);
        float amax = 0;
        for (int64_t j = 0; j < c.k; j++) {
            v[(size_t)j] = x[(size_t)(i * c.k + j)] * sm[(size_t)j];
            amax = std::max(amax, std::fabs(v[(size_t)j]));
        }
        float s = c.mode == DYN ? amax * (1.0f / 127.0f) : c.mode == TOKEN ? xs[(size_t)i] : xs[0];
        srow[(size_t)i] = s;
        for (int64_t j = 0; j < c.k; j++) q[(size_t)(i * c.k + j)] = SatRint(v[(size_t)j] / s);
    }
    std::vector<uint16_t> want((size_t)(c.m * c.n));
    for (int64_t i = 0; i < c.m; i++)
        for (int64_t j = 0; j < c.n; j++) {
            int64_t acc = 0;
            for (int64_t l = 0; l < c.k; l++) acc += (int64_t)q[(size_t)(i * c.k + l)] * w[(size_t)(j * c.k + l)];
            float r = (float)acc * ws[(size_t)j];
            if (c.mode != INT64_TENSOR) r = r * srow[(size_t)i];
            else r = (float)acc * (ws[(size_t)j] * xs[0]);
            want[(size_t)(i * c.n + j)] = RefToHalf(r);
        }
    // device tensors
    RawTensor tx, tw, tws, txs, tsm, tout;
    if (c.strided_x) { // every other FLOAT16 of a (m, 2k) buffer, offset 1
        std::vector<float> big((size_t)(c.m * c.k * 2 + 1), 9.0f);
        for (int64_t i = 0; i < c.m * c.k; i++) big[(size_t)(2 * i + 1)] = x[(size_t)i];
        std::vector<int64_t> st = {2 * c.k, 2};
        if (!tx.Init(ACL_FLOAT16, {c.m, c.k}, st, HalfBytes(big))) return;
        aclDestroyTensor(tx.t);
        int64_t shape[2] = {c.m, c.k}, stor = (int64_t)big.size();
        tx.t = aclCreateTensor(shape, 2, ACL_FLOAT16, st.data(), 1, ACL_FORMAT_ND, &stor, 1, tx.dev);
    } else if (!tx.Init(ACL_FLOAT16, {c.m, c.k}, {c.k, 1}, HalfBytes(x))) {
        return;
    }
    if (c.nz) {
        int64_t k1 = (c.k + 31) / 32, n1 = c.n / 16;
        std::vector<unsigned char> b((size_t)(k1 * n1 * 16 * 32), 0);
        for (int64_t j = 0; j < c.n; j++)
            for (int64_t l = 0; l < c.k; l++)
                b[(size_t)(((l / 32) * n1 * 16 + j) * 32 + l % 32)] = (unsigned char)(int8_t)w[(size_t)(j * c.k + l)];
        std::vector<int64_t> sh = {k1, n1, 16, 32};
        if (!tw.Init(ACL_INT8, sh, RowMajor(sh), b, ACL_FORMAT_FRACTAL_NZ, sh)) return;
    } else {
        std::vector<unsigned char> b(w.size());
        for (size_t i = 0; i < w.size(); i++) b[i] = (unsigned char)(int8_t)w[i];
        if (!tw.Init(ACL_INT8, {c.n, c.k}, {c.k, 1}, b)) return;
    }
    if (c.mode == INT64_TENSOR) {
        std::vector<uint64_t> p((size_t)c.n);
        for (int64_t j = 0; j < c.n; j++) p[(size_t)j] = (uint64_t)(int64_t)(int32_t)FloatBits(ws[(size_t)j] * xs[0]);
        if (!tws.Init(ACL_INT64, {c.n}, {1}, U64Bytes(p))) return;
        if (!txs.Init(ACL_FLOAT16, {1}, {1}, HalfBytes({xs[0]}))) return;
    } else {
        if (!tws.Init(ACL_FLOAT, {c.n}, {1}, FloatBytes(ws))) return;
        if (c.mode == TOKEN && !txs.Init(ACL_FLOAT, {c.m}, {1}, FloatBytes(xs))) return;
        if (c.mode == TENSOR && !txs.Init(ACL_FLOAT, {1}, {1}, FloatBytes({xs[0]}))) return;
    }
    if (c.smooth && !tsm.Init(ACL_FLOAT16, {c.k}, {1}, HalfBytes(sm))) return;
    if (!tout.Init(ACL_FLOAT16, {c.m, c.n}, {c.n, 1}, std::vector<unsigned char>((size_t)(c.m * c.n * 2), 0xee))) return;
    char mode[16];
    std::snprintf(mode, sizeof mode, "%s", c.mode == DYN || c.mode == TOKEN ? "pertoken" : "pertensor");
    int rc = Run(c.name, stream, [&](uint64_t *wsz, aclOpExecutor **e) {
        return aclnnQuantMatmulDequantGetWorkspaceSize(tx.t, tw.t, tws.t, nullptr, c.mode == DYN ? nullptr : txs.t, nullptr,
                                                       c.smooth ? tsm.t : nullptr, mode, true, tout.t, wsz, e); },
                 aclnnQuantMatmulDequant);
    EXPECT(rc == 0, "%s: run failed", c.name);
    if (rc) return;
    std::vector<unsigned char> got = tout.Read();
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++) {
        uint16_t h;
        std::memcpy(&h, &got[2 * i], 2);
        if (h != want[i] && bad++ < 3)
            printf("  %s [%zu]: got %g (0x%04x), want %g (0x%04x)\n", c.name, i, RefFromHalf(h), h, RefFromHalf(want[i]), want[i]);
    }
    EXPECT(bad == 0, "%s: %zu of %zu outputs differ", c.name, bad, want.size());
}

// A refusal of the kernel's tiling: 561002 with an inner-error (EZ9999) message naming `needle`.
static void ExpectTiling(const char *what, int got, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == 561002, "%s: returned %d, expected 561002 (%s)", what, got, msg.c_str());
    EXPECT(msg.find("EZ9999") != std::string::npos && msg.find(needle) != std::string::npos,
           "%s: message lacks EZ9999 / \"%s\": %s", what, needle, msg.c_str());
}

static void TestValidation(aclrtStream stream, bool is310p)
{
    const std::vector<unsigned char> Z(8192, 0);
    auto B = [&](size_t n) { return std::vector<unsigned char>(Z.begin(), Z.begin() + (long)n); };
    RawTensor x, w, ws, xs, xs16, sm, out, out32, smf, w15, x15, w3, wt, ws64, xsbad, w48, xe, oute, b, xk;
    if (!x.Init(ACL_FLOAT16, {4, 32}, {32, 1}, B(256)) || !w.Init(ACL_INT8, {16, 32}, {32, 1}, B(512)) ||
        !ws.Init(ACL_FLOAT, {16}, {1}, B(64)) || !xs.Init(ACL_FLOAT, {4}, {1}, B(16)) ||
        !xs16.Init(ACL_FLOAT16, {1}, {1}, B(2)) || !sm.Init(ACL_FLOAT16, {32}, {1}, B(64)) ||
        !out.Init(ACL_FLOAT16, {4, 16}, {16, 1}, B(128)) || !out32.Init(ACL_FLOAT, {4, 16}, {16, 1}, B(256)) ||
        !smf.Init(ACL_FLOAT, {32}, {1}, B(128)) || !w15.Init(ACL_INT8, {16, 40}, {40, 1}, B(640)) ||
        !x15.Init(ACL_FLOAT16, {4, 40}, {40, 1}, B(320)) || !w3.Init(ACL_INT8, {1, 16, 32}, {512, 32, 1}, B(512)) ||
        !wt.Init(ACL_INT8, {16, 32}, {1, 16}, B(512)) || !ws64.Init(ACL_INT64, {16}, {1}, B(128)) ||
        !xsbad.Init(ACL_FLOAT, {3}, {1}, B(12)) || !w48.Init(ACL_INT8, {16, 48}, {48, 1}, B(768)) ||
        !xe.Init(ACL_FLOAT16, {0, 32}, {32, 1}, B(0)) || !oute.Init(ACL_FLOAT16, {0, 16}, {16, 1}, B(0)) ||
        !b.Init(ACL_INT32, {16}, {1}, B(64)) || !xk.Init(ACL_FLOAT16, {4, 48}, {48, 1}, B(384)))
        return;
    uint64_t wsz;
    aclOpExecutor *ex;
    char tok[] = "pertoken", ten[] = "pertensor", chan[] = "perchannel";
    auto S1 = [&](aclTensor *a, aclTensor *wt_, aclTensor *s, aclTensor *bias, aclTensor *xsc, aclTensor *xo, aclTensor *smo,
                  char *mode, bool t, aclTensor *o) {
        return aclnnQuantMatmulDequantGetWorkspaceSize(a, wt_, s, bias, xsc, xo, smo, mode, t, o, &wsz, &ex); };
    if (!is310p) {
        ExpectError("910B", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, out.t), 161002, "not implemented");
        return;
    }
    auto Accept = [&](const char *what, int rc) {
        EXPECT(rc == 0, "%s refused: %d %s", what, rc, aclGetRecentErrMsg());
        if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    };
    ExpectError("transposeWeight false", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, false, out.t), 161002, "transposeWeight");
    ExpectError("null x", S1(nullptr, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, out.t), 161001, "x");
    ExpectError("null weightScale", S1(x.t, w.t, nullptr, nullptr, xs.t, nullptr, nullptr, tok, true, out.t), 161001, "weightScale");
    ExpectError("null out", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, nullptr), 161001, "out");
    ExpectError("bias given", S1(x.t, w.t, ws.t, b.t, xs.t, nullptr, nullptr, tok, true, out.t), 161001, "biasOptional");
    ExpectError("xOffset given", S1(x.t, w.t, ws.t, nullptr, xs.t, xs.t, nullptr, tok, true, out.t), 161001, "xOffsetOptional");
    ExpectError("out FLOAT", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, out32.t), 161002, "out");
    ExpectError("smooth FLOAT", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, smf.t, tok, true, out.t), 161002, "CheckParamsDateType");
    ExpectError("FLOAT ws + FLOAT16 xScale", S1(x.t, w.t, ws.t, nullptr, xs16.t, nullptr, nullptr, ten, true, out.t), 161002,
                "CheckParamsDateType");
    ExpectError("k 40 not aligned", S1(x15.t, w15.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, out.t), 161002, "align to 16");
    ExpectError("3-d weight", S1(x.t, w3.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, out.t), 161002, "2-dim");
    ExpectError("strided weight", S1(x.t, wt.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, out.t), 161002, "contiguous");
    ExpectTiling("k mismatch", S1(x.t, w48.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, out.t), "k");
    ExpectTiling("xScale (3)", S1(x.t, w.t, ws.t, nullptr, xsbad.t, nullptr, nullptr, tok, true, out.t), "xScaleOptional");
    ExpectTiling("pertensor with (4)", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, ten, true, out.t), "pertensor");
    ExpectTiling("perchannel", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, chan, true, out.t), "xQuantMode");
    ExpectTiling("dynamic pertensor", S1(x.t, w.t, ws.t, nullptr, nullptr, nullptr, nullptr, ten, true, out.t), "pertoken");
    ExpectTiling("INT64 ws dynamic", S1(x.t, w.t, ws64.t, nullptr, nullptr, nullptr, nullptr, tok, true, out.t), "INT64");
    ExpectTiling("INT64 ws pertoken", S1(x.t, w.t, ws64.t, nullptr, xs16.t, nullptr, nullptr, tok, true, out.t), "xScaleOptional");
    ExpectTiling("smooth (48)", S1(xk.t, w48.t, ws.t, nullptr, nullptr, nullptr, sm.t, tok, true, out.t), "smoothScaleOptional");
    ExpectTiling("out (0, 16)", S1(x.t, w.t, ws.t, nullptr, xs.t, nullptr, nullptr, tok, true, oute.t), "out");
    Accept("INT64 + FLOAT16 pertensor", S1(x.t, w.t, ws64.t, nullptr, xs16.t, nullptr, sm.t, ten, true, out.t));
    Accept("dynamic + smooth", S1(x.t, w.t, ws.t, nullptr, nullptr, nullptr, sm.t, tok, true, out.t));
    int rc = Run("empty x", stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnQuantMatmulDequantGetWorkspaceSize(xe.t, w.t, ws.t, nullptr, nullptr, nullptr, nullptr, tok, true, oute.t, s, e); },
                 aclnnQuantMatmulDequant);
    EXPECT(rc == 0, "empty x: %d", rc);
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (is310p) {
        const Case cases[] = {
            {"dynamic + smooth, ND", 9, 64, 48, DYN, true, false, false},
            {"dynamic, NZ k 48", 7, 48, 32, DYN, false, true, false},
            {"pertoken FLOAT xScale, strided x", 5, 96, 64, TOKEN, true, false, true},
            {"pertensor FLOAT xScale, NZ", 3, 64, 16, TENSOR, false, true, false},
            {"INT64 weightScale + FLOAT16 pertensor", 6, 32, 32, INT64_TENSOR, true, false, false},
            {"INT64 weightScale, NZ k 80", 4, 80, 48, INT64_TENSOR, false, true, false},
            {"dynamic, tile edges", 97, 128, 272, DYN, true, false, false},
        };
        for (const Case &c : cases) RunCase(rt.stream, c);
    }
    TestValidation(rt.stream, is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
