// aclnnFlatQuant / V2 / V3 (ops-nn quant/flat_quant): v[k] = P1 · x[k] · P2 with the kernel's
// roundings (x · P2 to x's dtype, then P1 · t to FLOAT16), per-slice INT4 codes
// rint(fp16(v · (7 / clip) / max|v|)) saturated to [-8, 7] and scale max · clip / 7, checked against
// a double-precision reference written here; INT32 (eight codes each) and INT4 outputs, V3's group
// lists (zeros past the quantized slices), the op_api's checks with codes and messages, the 950
// (INT4 runs, MXFP4 refused with 361001) and the 310P (no kernel, 361001).
#include <cmath>
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_flat_quant.h"
#include "aclnnop/aclnn_flat_quant_v2.h"
#include "aclnnop/aclnn_flat_quant_v3.h"

static aclrtStream g_stream;

// A device buffer of INT4 / INT32 codes (bytes), or of FLOAT scales, with its tensor.
struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    bool Init(aclDataType dt, const std::vector<int64_t> &shape, size_t nbytes, aclFormat fmt = ACL_FORMAT_ND)
    {
        bytes = nbytes;
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        std::vector<unsigned char> fill(bytes ? bytes : 1, 0xA5);
        aclrtMemcpy(dev, fill.size(), fill.data(), fill.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> st(shape.size(), 1);
        for (int i = (int)shape.size() - 2; i >= 0; i--) st[(size_t)i] = st[(size_t)i + 1] * shape[(size_t)i + 1];
        t = aclCreateTensor(shape.data(), shape.size(), dt, st.data(), 0, fmt, shape.data(), shape.size(), dev);
        return t != nullptr;
    }
    std::vector<unsigned char> Bytes() const
    {
        std::vector<unsigned char> h(bytes);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
    ~RawTensor()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
};

static double RoundTo(aclDataType dt, double v) { return Quant(dt, v); }

// The reference: codes [K * M * N] and scales [K].
static void Reference(int64_t K, int64_t M, int64_t N, aclDataType dt, const std::vector<double> &x,
                      const std::vector<double> &p1, const std::vector<double> &p2, double clip, int64_t quantK,
                      std::vector<int> &codes, std::vector<double> &scales)
{
    codes.assign((size_t)(K * M * N), 0);
    scales.assign((size_t)K, 0.0);
    std::vector<double> t((size_t)(M * N)), v((size_t)(M * N));
    float clipf = (float)clip;
    for (int64_t k = 0; k < quantK; k++) {
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double s = 0;
                for (int64_t l = 0; l < N; l++) s += x[(size_t)((k * M + i) * N + l)] * p2[(size_t)(l * N + j)];
                t[(size_t)(i * N + j)] = RoundTo(dt, s);
            }
        double mx = 0;
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double s = 0;
                for (int64_t l = 0; l < M; l++) s += p1[(size_t)(i * M + l)] * t[(size_t)(l * N + j)];
                v[(size_t)(i * N + j)] = RoundTo(ACL_FLOAT16, s);
                mx = std::max(mx, std::fabs(v[(size_t)(i * N + j)]));
            }
        scales[(size_t)k] = mx * clipf / 7.0;
        double mult = mx != 0 ? (7.0 / clipf) / mx : 7.0;
        for (int64_t e = 0; e < M * N; e++) {
            double h = RoundTo(ACL_FLOAT16, v[(size_t)e] * mult);
            double r = std::nearbyint(h);
            codes[(size_t)(k * M * N + e)] = (int)std::min(7.0, std::max(-8.0, r));
        }
    }
}

enum Api { V1 = 1, V2 = 2, V3 = 3 };

static int Stage1(Api api, const aclTensor *x, const aclTensor *p1, const aclTensor *p2, const aclTensor *gl,
                  double clip, double dmax, int64_t glType, aclTensor *out, aclTensor *qs, uint64_t *ws,
                  aclOpExecutor **ex)
{
    if (api == V1) return aclnnFlatQuantGetWorkspaceSize(x, p1, p2, clip, out, qs, ws, ex);
    if (api == V2) return aclnnFlatQuantV2GetWorkspaceSize(x, p1, p2, clip, dmax, out, qs, ws, ex);
    return aclnnFlatQuantV3GetWorkspaceSize(x, p1, p2, gl, clip, dmax, glType, out, qs, ws, ex);
}
static Stage2Fn Stage2(Api api) { return api == V1 ? aclnnFlatQuant : api == V2 ? aclnnFlatQuantV2 : aclnnFlatQuantV3; }

struct Case {
    Api api;
    int64_t K, M, N;
    aclDataType dt;
    aclDataType outDt; // ACL_INT32 or ACL_INT4
    double clip;
    Layout xLayout;
    std::vector<double> groups; // V3: the group list (empty: none)
    int64_t glType;
    int64_t quantK;             // expected quantized slices
    bool identity;              // P1, P2 signed permutations: exact products, every code must match
};

static void RunCase(const Case &c, uint64_t seed)
{
    int64_t K = c.K, M = c.M, N = c.N;
    std::vector<double> x = QuantAll(c.dt, RandomValues((size_t)(K * M * N), seed, 2.0));
    std::vector<double> p1 = QuantAll(c.dt, RandomValues((size_t)(M * M), seed + 1, 0.5));
    std::vector<double> p2 = QuantAll(c.dt, RandomValues((size_t)(N * N), seed + 2, 0.5));
    if (c.identity) { // signed permutation matrices: each product has one nonzero term
        for (auto &v : p1) v = 0;
        for (auto &v : p2) v = 0;
        for (int64_t i = 0; i < M; i++) p1[(size_t)(i * M + (i * 5 + 1) % M)] = (i % 3) ? 1.0 : -1.0;
        for (int64_t i = 0; i < N; i++) p2[(size_t)(i * N + (N - 1 - i))] = (i % 2) ? 1.0 : -1.0;
    }
    if (K > 2) // an all-zero slice: scale 0, multiplier 7, codes 0
        for (int64_t e = 0; e < M * N; e++) x[(size_t)(2 * M * N + e)] = 0;
    DevTensor tx, tp1, tp2, tgl;
    RawTensor tout, tqs;
    std::vector<int64_t> outShape = {K, M, c.outDt == ACL_INT32 ? N / 8 : N};
    bool ok = tx.Init(c.dt, {K, M, N}, x, c.xLayout) && tp1.Init(c.dt, {M, M}, p1, CONTIG) &&
              tp2.Init(c.dt, {N, N}, p2, TRANSPOSED) && tout.Init(c.outDt, outShape, (size_t)(K * M * N / 2)) &&
              tqs.Init(ACL_FLOAT, {K}, (size_t)K * 4);
    if (ok && !c.groups.empty()) {
        std::vector<int64_t> gs = {(int64_t)c.groups.size()};
        if (c.glType == 2) gs = {(int64_t)c.groups.size() / 2, 2};
        ok = tgl.Init(ACL_INT64, gs, c.groups, CONTIG);
    }
    if (!ok) { EXPECT(false, "tensors"); return; }
    int r = Run("aclnnFlatQuant", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return Stage1(c.api, tx.t, tp1.t, tp2.t, c.groups.empty() ? nullptr : tgl.t, c.clip, 0.0,
                                  c.glType, tout.t, tqs.t, ws, e);
                },
                Stage2(c.api));
    EXPECT(r == 0, "V%d %lldx%lldx%lld: run %d (%s)", (int)c.api, (long long)K, (long long)M, (long long)N, r,
           aclGetRecentErrMsg());
    if (r) return;
    std::vector<int> codes;
    std::vector<double> scales;
    Reference(K, M, N, c.dt, x, p1, p2, c.clip, c.quantK, codes, scales);
    std::vector<unsigned char> ob = tout.Bytes(), sb = tqs.Bytes();
    size_t bad = 0, far = 0, badScale = 0;
    for (int64_t e = 0; e < K * M * N; e++) {
        int nib = (ob[(size_t)(e / 2)] >> (4 * (e % 2))) & 0xF;
        int got = nib >= 8 ? nib - 16 : nib;
        int want = codes[(size_t)e];
        if (got != want) bad++;
        if (std::abs(got - want) > 1 || (e / (M * N) >= c.quantK && got != 0)) far++;
    }
    for (int64_t k = 0; k < K; k++) {
        float s;
        std::memcpy(&s, &sb[(size_t)k * 4], 4);
        double w = scales[(size_t)k];
        if (std::fabs(s - w) > 1e-6 + 1e-3 * std::fabs(w) || (k >= c.quantK && s != 0.0f)) badScale++;
    }
    // FP32 accumulation against the double reference may move a value across a rounding boundary:
    // a code may differ by one on at most 1% of the elements (the ops-nn standard's 99%).
    if (c.identity) far += bad;
    EXPECT(far == 0 && bad * 100 <= (size_t)(K * M * N), "V%d %lldx%lldx%lld %s: %zu codes differ (%zu by more than 1)",
           (int)c.api, (long long)K, (long long)M, (long long)N, DtName(c.dt), bad, far);
    EXPECT(badScale == 0, "V%d %lldx%lldx%lld: %zu scales wrong", (int)c.api, (long long)K, (long long)M,
           (long long)N, badScale);
}

static void Validation(bool is950)
{
    DevTensor x, p1, p2, x2d, p1bad, p2bad, xf32, p1bf, gl, gl2, glBad, gl32;
    RawTensor out, out4, qs, qs2d, outBadLast, out4Bad, outNz, qsHalf, out8;
    bool ok = x.Init(ACL_FLOAT16, {4, 8, 16}, {}, CONTIG) && p1.Init(ACL_FLOAT16, {8, 8}, {}, CONTIG) &&
              p2.Init(ACL_FLOAT16, {16, 16}, {}, CONTIG) && x2d.Init(ACL_FLOAT16, {8, 16}, {}, CONTIG) &&
              p1bad.Init(ACL_FLOAT16, {8, 4}, {}, CONTIG) && p2bad.Init(ACL_FLOAT16, {16, 8}, {}, CONTIG) &&
              xf32.Init(ACL_FLOAT, {4, 8, 16}, {}, CONTIG) && p1bf.Init(ACL_BF16, {8, 8}, {}, CONTIG) &&
              gl.Init(ACL_INT64, {2}, {1, 3}, CONTIG) && gl2.Init(ACL_INT64, {2, 3}, {}, CONTIG) &&
              glBad.Init(ACL_INT64, {1025}, {}, CONTIG) && gl32.Init(ACL_INT32, {2}, {}, CONTIG) &&
              out.Init(ACL_INT32, {4, 8, 2}, 256) && out4.Init(ACL_INT4, {4, 8, 16}, 256) &&
              qs.Init(ACL_FLOAT, {4}, 16) && qs2d.Init(ACL_FLOAT, {4, 1}, 16) &&
              outBadLast.Init(ACL_INT32, {4, 8, 4}, 512) && out4Bad.Init(ACL_INT4, {4, 8, 8}, 256) &&
              outNz.Init(ACL_INT32, {4, 8, 2}, 256, ACL_FORMAT_FRACTAL_NZ) && qsHalf.Init(ACL_FLOAT16, {4}, 8) &&
              out8.Init(ACL_INT8, {4, 8, 16}, 512);
    if (!ok) { EXPECT(false, "validation tensors"); return; }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null x", Stage1(V1, nullptr, p1.t, p2.t, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161001, "x");
    ExpectError("null P2", Stage1(V2, x.t, p1.t, nullptr, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161001, "kroneckerP2");
    ExpectError("null scale", Stage1(V3, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out.t, nullptr, &ws, &ex), 161001, "quantScale");
    ExpectError("x fp32", Stage1(V1, xf32.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002, "x");
    ExpectError("out int8", Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out8.t, qs.t, &ws, &ex), 161002,
                "Tensor out should be in dtype support list", is950 ? "DT_FLOAT4_E2M1" : "[DT_INT32, DT_INT4]");
    ExpectError("scale fp16", Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out.t, qsHalf.t, &ws, &ex), 161002,
                "Tensor scale should be in dtype support list");
    ExpectError("P1 bf16", Stage1(V1, x.t, p1bf.t, p2.t, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002, "kroneckerP1");
    ExpectError("scale 2-D", Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out.t, qs2d.t, &ws, &ex), 161002,
                "quantScaleShape dim should be 1.");
    ExpectError("x 2-D", Stage1(V1, x2d.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002, "x tensor should be 3D.");
    ExpectError("P1 shape", Stage1(V1, x.t, p1bad.t, p2.t, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002,
                "kroneckerP1 dim0 and dim1 should be same with x dim1.");
    ExpectError("P2 shape", Stage1(V1, x.t, p1.t, p2bad.t, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002,
                "kroneckerP2 dim0 and dim1 should be same with x dim2.");
    ExpectError("int32 last dim", Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, outBadLast.t, qs.t, &ws, &ex), 161002,
                "the out last dim must be 1/8 of x last dim");
    ExpectError("int4 last dim", Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out4Bad.t, qs.t, &ws, &ex), 161002,
                "x last dim must be equal with out last dim");
    ExpectError("NZ out", Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, outNz.t, qs.t, &ws, &ex), 161002, "only supports ND format");
    ExpectError("clip 0", Stage1(V1, x.t, p1.t, p2.t, nullptr, 0.0, 0, 0, out.t, qs.t, &ws, &ex), 161002, "clipRatio must be within the range of (0,1]");
    ExpectError("clip 1.5", Stage1(V3, x.t, p1.t, p2.t, nullptr, 1.5, 0, 0, out.t, qs.t, &ws, &ex), 161002, "clipRatio");
    ExpectError("dstTypeMax 3", Stage1(V2, x.t, p1.t, p2.t, nullptr, 1.0, 3.0, 0, out.t, qs.t, &ws, &ex), 161002,
                "dstTypeMax must be 0 or in range [6, 12]");
    if (is950) {
        ExpectError("950 group list", Stage1(V3, x.t, p1.t, p2.t, gl.t, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002,
                    "For ascend950, groupListOptional only support nullptr.");
        RawTensor outFp4, qsMx;
        if (outFp4.Init(ACL_FLOAT4_E2M1, {32, 16}, 256) && qsMx.Init(ACL_FLOAT8_E8M0, {4, 1, 2}, 8)) {
            int r = Stage1(V2, x.t, p1.t, p2.t, nullptr, 1.0, 6.0, 0, outFp4.t, qsMx.t, &ws, &ex);
            EXPECT(r == 361001, "950 MXFP4: returned %d, expected 361001 (%s)", r, aclGetRecentErrMsg());
        }
    } else {
        ExpectError("group type 3", Stage1(V3, x.t, p1.t, p2.t, gl.t, 1.0, 0, 3, out.t, qs.t, &ws, &ex), 161002,
                    "groupListType must be one of [0, 1, 2].");
        ExpectError("group int32", Stage1(V3, x.t, p1.t, p2.t, gl32.t, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002, "groupListOptional");
        ExpectError("group [G] for type 2", Stage1(V3, x.t, p1.t, p2.t, gl.t, 1.0, 0, 2, out.t, qs.t, &ws, &ex), 161002,
                    "groupListOptional shape should be [G, 2] when groupListType is 2.");
        ExpectError("group [G,3]", Stage1(V3, x.t, p1.t, p2.t, gl2.t, 1.0, 0, 1, out.t, qs.t, &ws, &ex), 161002,
                    "groupListOptional shape should be [G] when groupListType is 0 or 1.");
        ExpectError("group 1025", Stage1(V3, x.t, p1.t, p2.t, glBad.t, 1.0, 0, 0, out.t, qs.t, &ws, &ex), 161002,
                    "should be less than or equal to 1024");
    }
    // V1 ignores nothing: a success through stage 1 only, executor released
    int r = Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out4.t, qs.t, &ws, &ex);
    EXPECT(r == 0 && ex != nullptr, "stage 1 only: %d (%s)", r, aclGetRecentErrMsg());
    if (r == 0 && ex) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && std::string(chip) == "310p") {
        DevTensor x, p1, p2;
        RawTensor out, qs;
        if (!x.Init(ACL_FLOAT16, {2, 4, 8}, {}, CONTIG) || !p1.Init(ACL_FLOAT16, {4, 4}, {}, CONTIG) ||
            !p2.Init(ACL_FLOAT16, {8, 8}, {}, CONTIG) || !out.Init(ACL_INT32, {2, 4, 1}, 32) || !qs.Init(ACL_FLOAT, {2}, 8))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = Stage1(V1, x.t, p1.t, p2.t, nullptr, 1.0, 0, 0, out.t, qs.t, &ws, &ex);
        EXPECT(r == 361001, "310P: returned %d, expected 361001 (%s)", r, aclGetRecentErrMsg());
    } else {
        bool is950 = chip && std::string(chip) == "950";
        RunCase({V1, 16, 16, 16, ACL_FLOAT16, ACL_INT32, 1.0, CONTIG, {}, 0, 16}, 1);     // the example's shape
        RunCase({V1, 5, 12, 24, ACL_BF16, ACL_INT4, 0.8, CONTIG, {}, 0, 5}, 2);           // BF16, clip < 1 (saturation)
        RunCase({V2, 3, 1, 32, ACL_FLOAT16, ACL_INT32, 0.9, STRIDED, {}, 0, 3}, 3);       // M = 1, strided x
        RunCase({V2, 40, 64, 48, ACL_FLOAT16, ACL_INT4, 1.0, CONTIG, {}, 0, 40}, 4);      // many slices over the cores
        RunCase({V1, 2, 130, 136, ACL_BF16, ACL_INT32, 1.0, CONTIG, {}, 0, 2}, 5);        // M, N above 128
        RunCase({V1, 6, 16, 32, ACL_FLOAT16, ACL_INT4, 0.7, CONTIG, {}, 0, 6, true}, 12); // exact: saturation, ties
        RunCase({V2, 4, 8, 64, ACL_BF16, ACL_INT32, 1.0, CONTIG, {}, 0, 4, true}, 13);
        if (!is950) {
            RunCase({V3, 9, 8, 16, ACL_FLOAT16, ACL_INT32, 1.0, CONTIG, {2, 5}, 0, 5}, 6);          // cumulative: 5
            RunCase({V3, 9, 8, 16, ACL_BF16, ACL_INT4, 1.0, CONTIG, {2, 1, 3}, 1, 6}, 7);           // counts: 6
            RunCase({V3, 9, 8, 16, ACL_FLOAT16, ACL_INT4, 1.0, CONTIG, {0, 3, 1, 4}, 2, 7}, 8);     // pairs: 3 + 4
            RunCase({V3, 9, 8, 16, ACL_FLOAT16, ACL_INT4, 1.0, CONTIG, {4, 20}, 0, 9}, 9);          // past K: all
            RunCase({V3, 9, 8, 16, ACL_FLOAT16, ACL_INT4, 1.0, CONTIG, {0}, 1, 9}, 10);             // 0: all
        } else {
            RunCase({V3, 6, 8, 16, ACL_FLOAT16, ACL_INT4, 1.0, CONTIG, {}, 0, 6}, 11);
        }
        Validation(is950);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
