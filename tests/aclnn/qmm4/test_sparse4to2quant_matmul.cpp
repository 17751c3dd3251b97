// aclnnTransSparse4to2Para + aclnnSparse4to2QuantMatmulWeightNz (ops-nn
// matmul/sparse4to2quant_matmul, A2 / A3): 4:2 sparse INT8 weights compressed on the host (layout
// bytes checked against the pattern table of the docs / op_api), then out = bf16(x @ W *
// sparseWeightScale * xScale + bias) against a reference from the dense weight (exact INT32 sums,
// the dequantisation in double, BF16 tolerance); the op_api's checks with codes and messages; on
// the 310P / 950 the platform refusal (161002).
#include <cmath>
#include <cstdlib>
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_sparse4to2quant_matmul.h"
#include "aclnnop/aclnn_sparse4to2quant_matmul_weight_nz.h"

static aclrtStream g_stream;

struct Packed {
    int8_t *sw = nullptr;
    uint8_t *ix = nullptr;
    int64_t *sd = nullptr, *id = nullptr;
    uint64_t sn = 0, in = 0;
    ~Packed() { free(sw); free(ix); free(sd); free(id); }
};

static int Trans(const std::vector<int8_t> &w, int64_t n, int64_t k, Packed &p)
{
    int64_t dims[2] = {n, k};
    aclIntArray *shape = aclCreateIntArray(dims, 2);
    int r = aclnnTransSparse4to2Para(w.data(), shape, &p.sw, &p.sd, &p.sn, &p.ix, &p.id, &p.in);
    aclDestroyIntArray(shape);
    return r;
}

// A 4:2 sparse weight: every group of four along k has 0, 1 or 2 non-zeros.
static std::vector<int8_t> SparseWeight(int64_t n, int64_t k, Lcg &rng)
{
    std::vector<int8_t> w((size_t)(n * k), 0);
    for (int64_t r = 0; r < n; r++)
        for (int64_t g = 0; g < k; g += 4) {
            int cnt = (int)(rng.uniform() * 3); // 0, 1, 2 non-zeros
            for (int c = 0; c < cnt; c++) {
                int64_t pos = g + (int64_t)(rng.uniform() * 4);
                if (pos < k) w[(size_t)(r * k + pos)] = (int8_t)((int)(rng.uniform() * 255) - 127 ?: 1);
            }
        }
    return w;
}

static void LayoutCheck()
{
    // one row of 8: [0 5 0 7 | 3 0 0 0]: patterns 0101 -> positions 1, 3 (nibble 0x9), 1000 -> 0, 1 (0x0)
    std::vector<int8_t> w = {0, 5, 0, 7, 3, 0, 0, 0};
    Packed p;
    int r = Trans(w, 1, 8, p);
    EXPECT(r == 0, "trans: %d", r);
    if (r) return;
    EXPECT(p.sn == 4 && p.in == 4, "dims num %llu %llu", (unsigned long long)p.sn, (unsigned long long)p.in);
    EXPECT(p.sd[0] == 1 && p.sd[1] == 1 && p.sd[2] == 16 && p.sd[3] == 32, "sparseWeight dims");
    EXPECT(p.id[0] == 1 && p.id[1] == 1 && p.id[2] == 16 && p.id[3] == 8, "index dims");
    EXPECT(p.sw[0] == 5 && p.sw[1] == 7 && p.sw[2] == 3 && p.sw[3] == 0, "values %d %d %d %d", p.sw[0], p.sw[1], p.sw[2], p.sw[3]);
    EXPECT(p.ix[0] == 0x09, "index byte 0x%02x", p.ix[0]);
    // storage blocks: k = 100 -> ceil(ceil(100 / 32) / 2) = 2, n = 20 -> 2 blocks of 16
    Lcg rng(9);
    Packed q;
    std::vector<int8_t> w2 = SparseWeight(20, 100, rng);
    EXPECT(Trans(w2, 20, 100, q) == 0, "trans 20 x 100");
    if (q.sd) EXPECT(q.sd[0] == 2 && q.sd[1] == 2, "dims %lld %lld", (long long)q.sd[0], (long long)q.sd[1]);
    // three non-zeros in a group of four
    std::vector<int8_t> bad = {1, 1, 1, 0, 0, 0, 0, 0};
    Packed b;
    ExpectError("dense group", Trans(bad, 1, 8, b), 161002, "50% sparsity");
    EXPECT(b.sw == nullptr && b.ix == nullptr, "nothing returned on error");
    int64_t d3[3] = {1, 2, 8};
    aclIntArray *s3 = aclCreateIntArray(d3, 3);
    Packed c;
    ExpectError("3-D shape", aclnnTransSparse4to2Para(w.data(), s3, &c.sw, &c.sd, &c.sn, &c.ix, &c.id, &c.in), 161002,
                "Dimension of shape must be 2");
    aclDestroyIntArray(s3);
    EXPECT(aclnnTransSparse4to2Para(nullptr, nullptr, &c.sw, &c.sd, &c.sn, &c.ix, &c.id, &c.in) == 561103, "null");
}

struct Problem {
    int64_t m, k, n;
    std::vector<int8_t> w;
    Packed p;
    DevTensor x, sw, ix, xs, ws, bias, out;
    std::vector<double> xv, xsv, wsv, bv;
};

// Tensors as the official example builds them: sparseWeight (n, k_half) / index (n, ceil(k / 8))
// views over the storage shapes aclnnTransSparse4to2Para returned, format ND.
static bool Build(Problem &P, uint64_t seed, bool with_bias, aclFormat swfmt = ACL_FORMAT_ND)
{
    Lcg rng(seed);
    P.w = SparseWeight(P.n, P.k, rng);
    if (Trans(P.w, P.n, P.k, P.p)) return false;
    P.xv.resize((size_t)(P.m * P.k));
    for (auto &v : P.xv) v = (double)((int)(rng.uniform() * 255) - 127);
    P.xsv.resize((size_t)P.m);
    for (auto &v : P.xsv) v = (double)(float)(0.001 + rng.uniform() * 0.01);
    P.wsv.resize((size_t)P.n);
    for (auto &v : P.wsv) v = (double)(float)(0.001 + rng.uniform() * 0.02);
    P.bv.resize((size_t)P.n);
    for (auto &v : P.bv) v = Quant(ACL_BF16, rng.uniform() * 4 - 2);
    const int64_t kh = (P.k + 7) / 8 * 4;
    int64_t swelems = P.p.sd[0] * P.p.sd[1] * P.p.sd[2] * P.p.sd[3];
    // raw storages
    auto mk = [](DevTensor &t, aclDataType dt, std::vector<int64_t> view, const int64_t *st, const void *host,
                 size_t bytes, aclFormat fmt) {
        t.dt = dt;
        t.shape = view;
        t.strides = {view[1], 1};
        t.storage.assign(st, st + 4);
        t.storage_elems = bytes;
        if (aclrtMalloc(&t.dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        if (aclrtMemcpy(t.dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        t.t = aclCreateTensor(view.data(), 2, dt, t.strides.data(), 0, fmt, t.storage.data(), 4, t.dev);
        return t.t != nullptr;
    };
    if (!mk(P.sw, ACL_INT8, {P.n, kh}, P.p.sd, P.p.sw, (size_t)swelems, swfmt) ||
        !mk(P.ix, ACL_UINT8, {P.n, (P.k + 7) / 8}, P.p.id, P.p.ix, (size_t)(swelems / 4), ACL_FORMAT_ND))
        return false;
    return P.x.Init(ACL_INT8, {P.m, P.k}, P.xv, CONTIG) && P.xs.Init(ACL_FLOAT, {P.m}, P.xsv, CONTIG) &&
           P.ws.Init(ACL_FLOAT, {P.n}, P.wsv, CONTIG) && (!with_bias || P.bias.Init(ACL_BF16, {P.n}, P.bv, CONTIG)) &&
           P.out.Init(ACL_BF16, {P.m, P.n}, {}, CONTIG);
}

static int S1(const aclTensor *x, const aclTensor *sw, const aclTensor *ix, const aclTensor *xs, const aclTensor *ws,
              const aclTensor *b, aclTensor *out, uint64_t *wsz, aclOpExecutor **ex)
{
    return aclnnSparse4to2QuantMatmulWeightNzGetWorkspaceSize(x, sw, ix, xs, ws, b, out, wsz, ex);
}

static void Case(int64_t m, int64_t k, int64_t n, bool with_bias, uint64_t seed)
{
    Problem P;
    P.m = m, P.k = k, P.n = n;
    if (!Build(P, seed, with_bias)) {
        EXPECT(false, "build %lld x %lld x %lld", (long long)m, (long long)k, (long long)n);
        return;
    }
    int r = Run("aclnnSparse4to2QuantMatmulWeightNz", g_stream,
                [&](uint64_t *wsz, aclOpExecutor **ex) {
                    return S1(P.x.t, P.sw.t, P.ix.t, P.xs.t, P.ws.t, with_bias ? P.bias.t : nullptr, P.out.t, wsz, ex);
                },
                aclnnSparse4to2QuantMatmulWeightNz);
    EXPECT(r == 0, "run %lld x %lld x %lld: %d (%s)", (long long)m, (long long)k, (long long)n, r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<double> got = P.out.Read();
    int bad = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            int64_t acc = 0;
            for (int64_t q = 0; q < k; q++) acc += (int64_t)P.xv[(size_t)(i * k + q)] * P.w[(size_t)(j * k + q)];
            double ref = (double)acc * P.wsv[(size_t)j] * P.xsv[(size_t)i] + (with_bias ? P.bv[(size_t)j] : 0.0);
            double g = got[(size_t)(i * n + j)];
            if (!(std::fabs(g - ref) <= 1e-2 * std::fabs(ref) + 1e-3) && bad++ < 5)
                EXPECT(false, "out[%lld, %lld] = %.6g, expected %.6g", (long long)i, (long long)j, g, ref);
        }
    EXPECT(bad == 0, "%d element(s) off (%lld x %lld x %lld)", bad, (long long)m, (long long)k, (long long)n);
}

static void Validation()
{
    Problem P;
    P.m = 4, P.k = 64, P.n = 16;
    if (!Build(P, 3, true)) { EXPECT(false, "validation build"); return; }
    DevTensor xf, wsh, xsb, out3, bias2, badsw, x31, outn, xT;
    const int64_t bad_st[4] = {2, 1, 16, 32};
    if (!xf.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG) || !wsh.Init(ACL_FLOAT, {15}, {}, CONTIG) ||
        !xsb.Init(ACL_BF16, {4}, {}, CONTIG) || !out3.Init(ACL_BF16, {1, 4, 16}, {}, CONTIG) ||
        !bias2.Init(ACL_BF16, {1, 16}, {}, CONTIG) || !x31.Init(ACL_INT8, {4, 72}, {}, CONTIG) ||
        !outn.Init(ACL_BF16, {4, 15}, {}, CONTIG) || !xT.Init(ACL_INT8, {4, 64}, {}, TRANSPOSED)) {
        EXPECT(false, "validation tensors");
        return;
    }
    int64_t view[2] = {16, 32}, strides[2] = {32, 1};
    aclTensor *swBad = aclCreateTensor(view, 2, ACL_INT8, strides, 0, ACL_FORMAT_ND, bad_st, 4, P.sw.dev);
    uint64_t wsz = 0;
    aclOpExecutor *ex = nullptr;
    const aclTensor *x = P.x.t, *sw = P.sw.t, *ix = P.ix.t, *xs = P.xs.t, *ws = P.ws.t, *b = P.bias.t;
    aclTensor *out = P.out.t;
    ExpectError("null sparseWeight", S1(x, nullptr, ix, xs, ws, b, out, &wsz, &ex), 161001, "sparseWeight");
    ExpectError("storage shape", S1(x, swBad, ix, xs, ws, b, out, &wsz, &ex), 161002, "expected NZ storage shape is [1, 1, 16, 32]");
    ExpectError("null x", S1(nullptr, sw, ix, xs, ws, b, out, &wsz, &ex), 161001, "x");
    ExpectError("null index", S1(x, sw, nullptr, xs, ws, b, out, &wsz, &ex), 161001, "index");
    ExpectError("null xScale", S1(x, sw, ix, nullptr, ws, b, out, &wsz, &ex), 161001, "xScale");
    ExpectError("transposed x", S1(xT.t, sw, ix, xs, ws, b, out, &wsz, &ex), 161002, "transpose");
    ExpectError("3-D out", S1(x, sw, ix, xs, ws, b, out3.t, &wsz, &ex), 161002, "Expected 2 dimension input");
    ExpectError("2-D bias", S1(x, sw, ix, xs, ws, bias2.t, out, &wsz, &ex), 161002, "bias");
    ExpectError("fp16 x", S1(xf.t, sw, ix, xs, ws, b, out, &wsz, &ex), 161002, "should be INT8");
    ExpectError("bf16 xScale", S1(x, sw, ix, xsb.t, ws, b, out, &wsz, &ex), 161002, "xScale dtype should be FLOAT32");
    ExpectError("k of x", S1(x31.t, sw, ix, xs, ws, b, out, &wsz, &ex), 161002, "twice");
    ExpectError("scale length", S1(x, sw, ix, xs, wsh.t, b, out, &wsz, &ex), 161002, "sparseWeightScale");
    ExpectError("out n", S1(x, sw, ix, xs, ws, b, outn.t, &wsz, &ex), 161002, "Second dim of out");
    aclDestroyTensor(swBad);
    // FRACTAL_NZ-labelled sparseWeight is accepted too
    Problem Q;
    Q.m = 3, Q.k = 40, Q.n = 5;
    if (Build(Q, 11, false, ACL_FORMAT_FRACTAL_NZ)) {
        int r = S1(Q.x.t, Q.sw.t, Q.ix.t, Q.xs.t, Q.ws.t, nullptr, Q.out.t, &wsz, &ex);
        EXPECT(r == 0, "NZ-labelled: %d (%s)", r, aclGetRecentErrMsg());
        if (r == 0) aclDestroyAclOpExecutor(ex);
    }
}


// aclnnSparse4to2QuantMatmul (generated): FRACTAL_NZ sparseWeight, a per-tensor weight scale.
static void GeneratedCase(int64_t m, int64_t k, int64_t n, uint64_t seed)
{
    Problem P;
    P.m = m, P.k = k, P.n = n;
    if (!Build(P, seed, true, ACL_FORMAT_FRACTAL_NZ)) { EXPECT(false, "build"); return; }
    DevTensor ws1;
    const double wsv = 0.0123;
    if (!ws1.Init(ACL_FLOAT, {1}, {wsv}, CONTIG)) { EXPECT(false, "scale"); return; }
    int r = Run("aclnnSparse4to2QuantMatmul", g_stream,
                [&](uint64_t *wsz, aclOpExecutor **ex) {
                    return aclnnSparse4to2QuantMatmulGetWorkspaceSize(P.x.t, P.sw.t, P.ix.t, P.xs.t, ws1.t, P.bias.t,
                                                                      (int64_t)ACL_BF16, P.out.t, wsz, ex);
                },
                aclnnSparse4to2QuantMatmul);
    EXPECT(r == 0, "generated run: %d (%s)", r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<double> got = P.out.Read();
    int bad = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            int64_t acc = 0;
            for (int64_t q = 0; q < k; q++) acc += (int64_t)P.xv[(size_t)(i * k + q)] * P.w[(size_t)(j * k + q)];
            double ref = (double)acc * (double)(float)wsv * P.xsv[(size_t)i] + P.bv[(size_t)j];
            if (!(std::fabs(got[(size_t)(i * n + j)] - ref) <= 1e-2 * std::fabs(ref) + 1e-3)) bad++;
        }
    EXPECT(bad == 0, "generated: %d element(s) off", bad);
    // checks: ND-labelled weight (definition: FRACTAL_NZ), then the tiling's refusals
    Problem Q;
    Q.m = 4, Q.k = 64, Q.n = 16;
    if (!Build(Q, 5, true)) { EXPECT(false, "build Q"); return; }
    uint64_t wsz = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("gen ND weight", aclnnSparse4to2QuantMatmulGetWorkspaceSize(Q.x.t, Q.sw.t, Q.ix.t, Q.xs.t, Q.ws.t, Q.bias.t, 27, Q.out.t, &wsz, &ex), 161002, "FRACTAL_NZ");
    ExpectError("gen null yOut", aclnnSparse4to2QuantMatmulGetWorkspaceSize(P.x.t, P.sw.t, P.ix.t, P.xs.t, ws1.t, nullptr, 27, nullptr, &wsz, &ex), 161001, "yOut");
    ExpectError("gen no xScale", aclnnSparse4to2QuantMatmulGetWorkspaceSize(P.x.t, P.sw.t, P.ix.t, nullptr, ws1.t, nullptr, 27, P.out.t, &wsz, &ex), 561002, "XScale and weightScale can not be null.");
    DevTensor xk;
    if (xk.Init(ACL_INT8, {m, k + 8}, {}, CONTIG))
        ExpectError("gen k", aclnnSparse4to2QuantMatmulGetWorkspaceSize(xk.t, P.sw.t, P.ix.t, P.xs.t, ws1.t, nullptr, 27, P.out.t, &wsz, &ex), 561002, "must double");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    LayoutCheck();
    if (chip && *chip) {
        Problem P;
        P.m = 2, P.k = 64, P.n = 16;
        if (!Build(P, 1, true)) { EXPECT(false, "build"); }
        else {
            uint64_t wsz = 0;
            aclOpExecutor *ex = nullptr;
            ExpectError("platform", S1(P.x.t, P.sw.t, P.ix.t, P.xs.t, P.ws.t, P.bias.t, P.out.t, &wsz, &ex), 161002,
                        "not supported in current platform");
        }
    } else {
        Case(16, 64, 16, true, 1);     // one storage block
        Case(7, 100, 20, true, 2);     // k not a multiple of 8 / 64, n of 16
        Case(33, 256, 48, false, 3);
        Case(65, 1000, 70, true, 4);
        Case(1, 8, 1, true, 5);
        Validation();
        GeneratedCase(5, 72, 24, 21);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
