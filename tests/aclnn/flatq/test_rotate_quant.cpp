// aclnnRotateQuant (ops-nn matmul/rotate_quant), the A2 / A3 path: w = x · blockdiag(rotation)
// rounded to x's dtype, per row m = max |w|, codes rint(w · (DMAX / m)) (DMAX 127 INT8, 7 INT4 in an
// INT32 yOut), scale m / DMAX, checked against a double-precision reference written here (exact with
// signed-permutation rotations); the op_api's checks with codes and messages, the A2 tiling's ranges
// (561002); the 950's MX path (361001, not implemented) and the 310P (361001).
#include <cmath>
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_rotate_quant.h"

static aclrtStream g_stream;

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

static int Stage1(const aclTensor *x, const aclTensor *rot, const aclTensor *alpha, int64_t axis, const char *rm,
                  int64_t alg, double dmax, bool trans, aclTensor *y, aclTensor *s, uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnRotateQuantGetWorkspaceSize(x, rot, alpha, axis, const_cast<char *>(rm), alg, dmax, trans, y, s, ws, ex);
}

static void RunCase(int64_t M, int64_t N, int64_t K, aclDataType dt, bool int4, bool exact, Layout xl, uint64_t seed)
{
    std::vector<double> x = QuantAll(dt, RandomValues((size_t)(M * N), seed, 3.0));
    std::vector<double> r = QuantAll(dt, RandomValues((size_t)(K * K), seed + 1, 0.3));
    if (exact) {
        for (auto &v : r) v = 0;
        for (int64_t i = 0; i < K; i++) r[(size_t)(i * K + (i * 7 + 3) % K)] = (i % 3) ? 1.0 : -1.0;
    }
    if (M > 1) for (int64_t j = 0; j < N; j++) x[(size_t)(1 * N + j)] = 0; // a zero row: scale 0, codes 0
    DevTensor tx, tr;
    RawTensor ty, ts;
    bool ok = tx.Init(dt, {M, N}, x, xl) && tr.Init(dt, {K, K}, r, CONTIG) &&
              ty.Init(int4 ? ACL_INT32 : ACL_INT8, {M, int4 ? N / 8 : N}, (size_t)(int4 ? M * N / 2 : M * N)) &&
              ts.Init(ACL_FLOAT, {M}, (size_t)M * 4);
    if (!ok) { EXPECT(false, "tensors"); return; }
    int rc = Run("aclnnRotateQuant", g_stream,
                 [&](uint64_t *ws, aclOpExecutor **e) { return Stage1(tx.t, tr.t, nullptr, -1, "rint", 0, 0.0, false, ty.t, ts.t, ws, e); },
                 aclnnRotateQuant);
    EXPECT(rc == 0, "%lldx%lld K %lld: run %d (%s)", (long long)M, (long long)N, (long long)K, rc, aclGetRecentErrMsg());
    if (rc) return;
    std::vector<unsigned char> yb = ty.Bytes(), sb = ts.Bytes();
    const double D = int4 ? 7.0 : 127.0;
    size_t bad = 0, far = 0, badScale = 0;
    std::vector<double> w((size_t)N);
    for (int64_t m = 0; m < M; m++) {
        double mx = 0;
        for (int64_t j = 0; j < N; j++) {
            int64_t blk = j / K, c = j % K;
            double s = 0;
            for (int64_t l = 0; l < K; l++) s += x[(size_t)(m * N + blk * K + l)] * r[(size_t)(l * K + c)];
            w[(size_t)j] = Quant(dt, s);
            mx = std::max(mx, std::fabs(w[(size_t)j]));
        }
        float got;
        std::memcpy(&got, &sb[(size_t)m * 4], 4);
        if (std::fabs(got - mx / D) > 1e-3 * mx / D) badScale++;
        for (int64_t j = 0; j < N; j++) {
            // the kernel's FP32 steps: quantScale = DMAX / m (one FP32 division), one FP32 product
            float qs = (float)D / (float)mx;
            float pr = (float)w[(size_t)j] * qs;
            int want = mx == 0 ? 0 : (int)std::max(-D - 1, std::min(D, std::nearbyint((double)pr)));
            int code;
            if (int4) {
                int nib = (yb[(size_t)((m * N + j) / 2)] >> (4 * (j % 2))) & 0xF;
                code = nib >= 8 ? nib - 16 : nib;
            } else {
                code = (int8_t)yb[(size_t)(m * N + j)];
            }
            if (code != want) bad++;
            if (std::abs(code - want) > 1) far++;
        }
    }
    if (exact) far += bad;
    EXPECT(far == 0 && bad * 100 <= (size_t)(M * N), "%lldx%lld K %lld %s %s: %zu codes differ (%zu far)",
           (long long)M, (long long)N, (long long)K, DtName(dt), int4 ? "int4" : "int8", bad, far);
    EXPECT(badScale == 0, "%lldx%lld K %lld: %zu scales wrong", (long long)M, (long long)N, (long long)K, badScale);
}

static void Validation()
{
    DevTensor x, r, r3, xf, rbf, x3, rsq, alpha, x100, r8, xBig, rBig;
    RawTensor y, y4, s, y8bad, s2, yfp8, sNz, sbad, y100, s100, yBig, sBig;
    bool ok = x.Init(ACL_FLOAT16, {4, 256}, {}, CONTIG) && r.Init(ACL_FLOAT16, {64, 64}, {}, CONTIG) &&
              r3.Init(ACL_FLOAT16, {4, 64, 64}, {}, CONTIG) && xf.Init(ACL_FLOAT, {4, 256}, {}, CONTIG) &&
              rbf.Init(ACL_BF16, {64, 64}, {}, CONTIG) && x3.Init(ACL_FLOAT16, {2, 2, 256}, {}, CONTIG) &&
              rsq.Init(ACL_FLOAT16, {32, 64}, {}, CONTIG) && alpha.Init(ACL_BF16, {1}, {}, CONTIG) &&
              x100.Init(ACL_FLOAT16, {4, 96}, {}, CONTIG) && r8.Init(ACL_FLOAT16, {8, 8}, {}, CONTIG) &&
              xBig.Init(ACL_FLOAT16, {1, 2048}, {}, CONTIG) && rBig.Init(ACL_FLOAT16, {2048, 2048}, {}, CONTIG) &&
              y.Init(ACL_INT8, {4, 256}, 1024) && y4.Init(ACL_INT32, {4, 32}, 512) && s.Init(ACL_FLOAT, {4}, 16) &&
              y8bad.Init(ACL_INT8, {4, 128}, 512) && s2.Init(ACL_FLOAT, {4, 1}, 16) &&
              yfp8.Init(ACL_FLOAT8_E4M3FN, {4, 256}, 1024) && sNz.Init(ACL_FLOAT, {4}, 16, ACL_FORMAT_FRACTAL_NZ) &&
              sbad.Init(ACL_FLOAT, {5}, 20) && y100.Init(ACL_INT8, {4, 96}, 384) && s100.Init(ACL_FLOAT, {4}, 16) &&
              yBig.Init(ACL_INT8, {1, 2048}, 2048) && sBig.Init(ACL_FLOAT, {1}, 4);
    if (!ok) { EXPECT(false, "validation tensors"); return; }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null x", Stage1(nullptr, r.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161001, "x");
    ExpectError("null scale", Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, nullptr, &ws, &ex), 161001, "scaleOut");
    ExpectError("x fp32", Stage1(xf.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "The dtype of x must be in");
    ExpectError("x/rot dtypes", Stage1(x.t, rbf.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002,
                "The dtypes of x and rotation must be the same");
    ExpectError("y fp8 on A2", Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, yfp8.t, s.t, &ws, &ex), 161002,
                "The dtype of yOut must be in [DT_INT32, DT_INT8]");
    ExpectError("x 3-D", Stage1(x3.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "The shape dim of x must be 2");
    ExpectError("rot 3-D", Stage1(x.t, r3.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "The shape dim of rotation must be 2");
    ExpectError("N % K", Stage1(x100.t, r.t, nullptr, -1, "rint", 0, 0, false, y100.t, s100.t, &ws, &ex), 161002,
                "The value of N must be divisible by K");
    ExpectError("rot not square", Stage1(x.t, rsq.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "square matrix");
    ExpectError("y dim1", Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y8bad.t, s.t, &ws, &ex), 161002, "for INT8 output");
    ExpectError("scale 2-D", Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, s2.t, &ws, &ex), 161002, "The shape dim of scaleOut must be 1");
    ExpectError("scale dim0", Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, sbad.t, &ws, &ex), 161002, "scaleOut dim0");
    ExpectError("NZ", Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, sNz.t, &ws, &ex), 161002, "cannot be FRACTAL_NZ");
    ExpectError("alpha on A2", Stage1(x.t, r.t, alpha.t, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "alpha must be null");
    ExpectError("axis 0", Stage1(x.t, r.t, nullptr, 0, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "axis 0 is invalid");
    ExpectError("round mode", Stage1(x.t, r.t, nullptr, 1, "ceil", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "{rint, floor, round}");
    ExpectError("scaleAlg 1", Stage1(x.t, r.t, nullptr, -1, "rint", 1, 0, false, y4.t, s.t, &ws, &ex), 161002, "for int8/int4 output");
    ExpectError("dstTypeMax", Stage1(x.t, r.t, nullptr, -1, nullptr, 0, 6.0, false, y.t, s.t, &ws, &ex), 161002, "must be 0.0 when scaleAlg is not 2");
    ExpectError("trans", Stage1(x.t, r.t, nullptr, -1, "round", 0, 0, true, y.t, s.t, &ws, &ex), 161002, "trans must be false");
    int rc = Stage1(xBig.t, rBig.t, nullptr, -1, "rint", 0, 0, false, yBig.t, sBig.t, &ws, &ex);
    EXPECT(rc == 561002, "K 2048: returned %d, expected 561002 (%s)", rc, aclGetRecentErrMsg());
    EXPECT(std::string(aclGetRecentErrMsg()).find("K(2048) must be between 16 and 1024.") != std::string::npos, "K msg");
    DevTensor x64;
    RawTensor y64, s64;
    if (x64.Init(ACL_FLOAT16, {2, 64}, {}, CONTIG) && y64.Init(ACL_INT8, {2, 64}, 128) && s64.Init(ACL_FLOAT, {2}, 8)) {
        DevTensor r16;
        r16.Init(ACL_FLOAT16, {16, 16}, {}, CONTIG);
        rc = Stage1(x64.t, r16.t, nullptr, -1, "rint", 0, 0, false, y64.t, s64.t, &ws, &ex);
        EXPECT(rc == 561002, "N 64: returned %d, expected 561002 (%s)", rc, aclGetRecentErrMsg());
    }
    // floor / round are accepted (the A2 kernel rounds half to even whatever the mode): stage 1 only
    rc = Stage1(x.t, r.t, nullptr, 1, "floor", 0, 0, false, y4.t, s.t, &ws, &ex);
    EXPECT(rc == 0 && ex != nullptr, "stage 1 only: %d (%s)", rc, aclGetRecentErrMsg());
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
}

static void Validation950()
{
    DevTensor x, r, rbad;
    RawTensor y, s, y8, sf;
    if (!x.Init(ACL_BF16, {4, 256}, {}, CONTIG) || !r.Init(ACL_BF16, {64, 64}, {}, CONTIG) ||
        !rbad.Init(ACL_BF16, {48, 48}, {}, CONTIG) || !y.Init(ACL_FLOAT8_E4M3FN, {4, 256}, 1024) ||
        !s.Init(ACL_FLOAT8_E8M0, {4, 4, 2}, 32) || !y8.Init(ACL_INT8, {4, 256}, 1024) || !sf.Init(ACL_FLOAT, {4}, 16)) {
        EXPECT(false, "950 tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("950 int8", Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y8.t, sf.t, &ws, &ex), 161002,
                "[DT_FLOAT4_E2M1, DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2]");
    ExpectError("950 K 48", Stage1(x.t, rbad.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "[32, 64, 128]");
    ExpectError("950 fp8 floor", Stage1(x.t, r.t, nullptr, -1, "floor", 0, 0, false, y.t, s.t, &ws, &ex), 161002, "only support rint");
    int rc = Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex);
    EXPECT(rc == 361001, "950 MX: returned %d, expected 361001 (%s)", rc, aclGetRecentErrMsg());
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && std::string(chip) == "310p") {
        DevTensor x, r;
        RawTensor y, s;
        if (!x.Init(ACL_FLOAT16, {2, 128}, {}, CONTIG) || !r.Init(ACL_FLOAT16, {16, 16}, {}, CONTIG) ||
            !y.Init(ACL_INT8, {2, 128}, 256) || !s.Init(ACL_FLOAT, {2}, 8))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = Stage1(x.t, r.t, nullptr, -1, "rint", 0, 0, false, y.t, s.t, &ws, &ex);
        EXPECT(rc == 361001, "310P: returned %d, expected 361001 (%s)", rc, aclGetRecentErrMsg());
    } else if (chip && std::string(chip) == "950") {
        Validation950();
    } else {
        RunCase(64, 256, 64, ACL_BF16, false, false, CONTIG, 1);     // the example's layout
        RunCase(7, 384, 128, ACL_FLOAT16, true, false, CONTIG, 2);   // INT4 in INT32
        RunCase(33, 512, 16, ACL_FLOAT16, false, true, CONTIG, 3);   // exact
        RunCase(9, 1024, 256, ACL_BF16, true, true, STRIDED, 4);     // exact, INT4, strided x
        RunCase(200, 128, 32, ACL_FLOAT16, false, false, TRANSPOSED, 5);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
