// aclnnWeightQuantBatchMatmulV2: y = x @ ((w + offset) * scale) + bias with INT8 / INT4 / INT32
// (packed INT4) weights, contiguous and transposed (n, k) storage, per-tensor / per-channel /
// per-group (32) scales, with and without offset and bias, FP16 and BF16 x; the reference
// dequantises as the docs' formula with the vector unit's FP16 rounding of each step (BF16:
// one rounding) and accumulates in double. Validation paths with codes; 310P refused.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"

enum Mode { PER_TENSOR, PER_CHANNEL, PER_GROUP };

static double RoundTo(aclDataType dt, double v) { return Quant(dt, v); }

// A device INT4 / INT8 / INT32 weight of logical shape (k, n) from values w[kk * n + nn].
// before > 0 (INT4 / INT8): ggml's MUL_MAT_ID layout, the weight is expert `before` of an
// allocation holding exactly before + 1 experts (the others filled with 7s), viewed at offset
// before * k * n with a 1-D storage shape of k * n that leaves the offset out.
struct Weight {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    ~Weight() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
    bool Init(aclDataType dt, int64_t k, int64_t n, const std::vector<int> &w, bool transposed, int64_t before = 0)
    {
        int64_t off = 0;
        std::vector<uint8_t> bytes;
        std::vector<int64_t> shape, strides, storage;
        if (dt == ACL_INT32) { // (k, n/8) words, eight nibbles along n
            std::vector<uint32_t> words(k * (n / 8), 0);
            for (int64_t kk = 0; kk < k; kk++)
                for (int64_t nn = 0; nn < n; nn++)
                    words[kk * (n / 8) + nn / 8] |= (uint32_t)(w[kk * n + nn] & 0xf) << (4 * (nn % 8));
            bytes.resize(words.size() * 4);
            std::memcpy(bytes.data(), words.data(), bytes.size());
            shape = {k, n / 8}; strides = {n / 8, 1}; storage = {k, n / 8};
        } else {
            // element (kk, nn) at kk * n + nn, or transposed storage (n, k): nn * k + kk
            off = before * k * n;
            int64_t count = off + k * n;
            bytes.assign(dt == ACL_INT4 ? (count + 1) / 2 : count, dt == ACL_INT4 ? 0x77 : 7);
            for (int64_t e = off; e < count; e++) // the weight's own elements start from 0
                bytes[dt == ACL_INT4 ? e >> 1 : e] &= dt == ACL_INT4 ? (uint8_t)~(0xf << ((e & 1) * 4)) : 0;
            for (int64_t kk = 0; kk < k; kk++)
                for (int64_t nn = 0; nn < n; nn++) {
                    int64_t e = off + (transposed ? nn * k + kk : kk * n + nn);
                    if (dt == ACL_INT8) bytes[e] = (uint8_t)(int8_t)w[kk * n + nn];
                    else bytes[e >> 1] |= (uint8_t)((w[kk * n + nn] & 0xf) << ((e & 1) * 4));
                }
            shape = {k, n};
            strides = transposed ? std::vector<int64_t>{1, k} : std::vector<int64_t>{n, 1};
            storage = transposed ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n};
            if (before > 0) storage = {k * n};
        }
        if (aclrtMalloc(&dev, bytes.size(), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        aclrtMemcpy(dev, bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), 2, dt, strides.data(), off, ACL_FORMAT_ND, storage.data(), storage.size(), dev);
        return t != nullptr;
    }
};

static void Case(aclrtStream stream, aclDataType xdt, aclDataType wdt, bool transposed, Mode mode, bool with_off,
                 bool with_bias, int64_t expert = 0)
{
    const int64_t m = 5, k = 96, n = 24, G = 32;
    std::vector<double> x = QuantAll(xdt, RandomValues(m * k, 3, 0.5));
    Lcg rng(17 + wdt + mode);
    int lo = wdt == ACL_INT8 ? -128 : -8, span = wdt == ACL_INT8 ? 256 : 16;
    std::vector<int> w(k * n);
    for (int &v : w) v = lo + (int)(rng.uniform() * span) % span;
    int64_t R = mode == PER_GROUP ? (k + G - 1) / G : 1, C = mode == PER_TENSOR ? 1 : n;
    std::vector<double> sc(R * C), of(R * C), bias(n);
    for (auto &v : sc) v = Quant(xdt, 0.01 + 0.02 * rng.uniform());
    for (auto &v : of) v = Quant(xdt, std::round(rng.uniform() * 6 - 3) + 0.5);
    for (auto &v : bias) v = Quant(xdt, rng.uniform() - 0.5);
    std::vector<double> golden(m * n, 0.0);
    for (int64_t mm = 0; mm < m; mm++)
        for (int64_t nn = 0; nn < n; nn++) {
            double acc = 0;
            for (int64_t kk = 0; kk < k; kk++) {
                int64_t r = mode == PER_GROUP ? kk / G : 0, c = mode == PER_TENSOR ? 0 : nn;
                double wv = w[kk * n + nn];
                if (xdt == ACL_FLOAT16) {
                    if (with_off) wv = RoundTo(xdt, wv + of[r * C + c]);
                    wv = RoundTo(xdt, wv * sc[r * C + c]);
                } else {
                    wv = RoundTo(xdt, (float)((float)(with_off ? wv + of[r * C + c] : wv) * (float)sc[r * C + c]));
                }
                acc += x[mm * k + kk] * wv;
            }
            golden[mm * n + nn] = acc + (with_bias ? bias[nn] : 0);
        }
    Weight tw;
    DevTensor tx, ts, to, tb, ty;
    std::vector<int64_t> pshape = mode == PER_TENSOR ? std::vector<int64_t>{1} : std::vector<int64_t>{R, C};
    if (mode == PER_CHANNEL) pshape = {n};
    if (!tw.Init(wdt, k, n, w, transposed, expert) || !tx.Init(xdt, {m, k}, x, CONTIG) || !ts.Init(xdt, pshape, sc, mode == PER_GROUP ? TRANSPOSED : CONTIG) ||
        !to.Init(xdt, pshape, of, CONTIG) || !tb.Init(xdt, {n}, bias, CONTIG) || !ty.Init(xdt, {m, n}, {}, STRIDED)) return;
    int rc = Run("WeightQuantBatchMatmulV2", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(tx.t, tw.t, ts.t, with_off ? to.t : nullptr, nullptr, nullptr,
                                                             with_bias ? tb.t : nullptr, mode == PER_GROUP ? (int)G : 0,
                                                             ty.t, ws, e); }, aclnnWeightQuantBatchMatmulV2);
    std::string what = std::string("WQBMM x ") + DtName(xdt) + " w " + (wdt == ACL_INT8 ? "int8" : wdt == ACL_INT4 ? "int4" : "int32") +
                       (transposed ? " T" : "") + " mode " + std::to_string(mode) + (with_off ? " off" : "") + (with_bias ? " bias" : "") +
                       (expert ? " expert " + std::to_string(expert) : "");
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    CheckDtype(what.c_str(), xdt, ty.Read(), golden);
    EXPECT(ty.CountClobbered() == 0, "%s: wrote outside y's view", what.c_str());
}

static void TestValues(aclrtStream stream)
{
    for (aclDataType xdt : {ACL_FLOAT16, ACL_BF16})
        for (aclDataType wdt : {ACL_INT8, ACL_INT4, ACL_INT32})
            for (int mode = PER_TENSOR; mode <= PER_GROUP; mode++)
                for (int t = 0; t < 2; t++) {
                    if (wdt == ACL_INT32 && t) continue;
                    Case(stream, xdt, wdt, t, (Mode)mode, (mode + t) % 2 == 0, mode != PER_CHANNEL);
                }
    // ggml's MUL_MAT_ID with Q4_0 / Q8_0 experts: the last expert of an allocation that holds
    // exactly the experts, transposed, per-group, offset outside the declared storage shape
    for (aclDataType wdt : {ACL_INT4, ACL_INT8})
        for (int64_t expert : {1, 3})
            Case(stream, ACL_FLOAT16, wdt, true, PER_GROUP, false, false, expert);
}

static void TestValidation(bool is310p)
{
    DevTensor x, w, s, y, x32, w16, s32, sbad, ybad, w3, xk, bias32, sg;
    if (!x.Init(ACL_FLOAT16, {4, 64}, {}, CONTIG) || !w.Init(ACL_INT8, {64, 8}, {}, CONTIG) || !s.Init(ACL_FLOAT16, {8}, {}, CONTIG) ||
        !y.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG) || !x32.Init(ACL_FLOAT, {4, 64}, {}, CONTIG) || !w16.Init(ACL_INT16, {64, 8}, {}, CONTIG) ||
        !s32.Init(ACL_FLOAT, {8}, {}, CONTIG) || !sbad.Init(ACL_FLOAT16, {7}, {}, CONTIG) || !ybad.Init(ACL_FLOAT16, {4, 9}, {}, CONTIG) ||
        !w3.Init(ACL_INT8, {1, 64, 8}, {}, CONTIG) || !xk.Init(ACL_FLOAT16, {4, 63}, {}, CONTIG) ||
        !bias32.Init(ACL_FLOAT, {8}, {}, CONTIG) || !sg.Init(ACL_FLOAT16, {2, 8}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto S1 = [&](aclTensor *a, aclTensor *b, aclTensor *c, aclTensor *off, aclTensor *qs, aclTensor *bias, int g, aclTensor *out) {
        return aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(a, b, c, off, qs, nullptr, bias, g, out, &ws, &ex); };
    if (is310p) {
        EXPECT(S1(x.t, w.t, s.t, nullptr, nullptr, nullptr, 0, y.t) == 361001, "310P: not refused with 361001");
        return;
    }
    ExpectError("null x", S1(nullptr, w.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161001, "x");
    ExpectError("null weight", S1(x.t, nullptr, s.t, nullptr, nullptr, nullptr, 0, y.t), 161001, "weight");
    ExpectError("null scale", S1(x.t, w.t, nullptr, nullptr, nullptr, nullptr, 0, y.t), 161001, "antiquantScale");
    ExpectError("null y", S1(x.t, w.t, s.t, nullptr, nullptr, nullptr, 0, nullptr), 161001, "y");
    ExpectError("quantScale", S1(x.t, w.t, s.t, nullptr, s.t, nullptr, 0, y.t), 161002, "not implemented");
    ExpectError("fp32 x", S1(x32.t, w.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "DT_FLOAT");
    ExpectError("int16 weight", S1(x.t, w16.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "DT_INT16");
    ExpectError("fp32 scale", S1(x.t, w.t, s32.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "DT_FLOAT");
    ExpectError("fp32 bias with fp16 x", S1(x.t, w.t, s.t, nullptr, nullptr, bias32.t, 0, y.t), 161002, "biasOptional");
    ExpectError("3-d weight", S1(x.t, w3.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "weight's dim");
    ExpectError("k mismatch", S1(xk.t, w.t, s.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "weight's k");
    ExpectError("y shape", S1(x.t, w.t, s.t, nullptr, nullptr, nullptr, 0, ybad.t), 161002, "y's n");
    ExpectError("group 16", S1(x.t, w.t, sg.t, nullptr, nullptr, nullptr, 16, y.t), 161002, "multiple of 32");
    ExpectError("group 64 = k", S1(x.t, w.t, sg.t, nullptr, nullptr, nullptr, 64, y.t), 161002, "k - 1");
    ExpectError("group -1", S1(x.t, w.t, sg.t, nullptr, nullptr, nullptr, -1, y.t), 161002, "less than 0");
    ExpectError("scale shape", S1(x.t, w.t, sbad.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "antiquantScale's shape");
    ExpectError("offset shape", S1(x.t, w.t, sg.t, s.t, nullptr, nullptr, 32, y.t), 161002, "antiquantOffsetOptional's shape");
    int rc = S1(x.t, w.t, sg.t, nullptr, nullptr, nullptr, 32, y.t);
    EXPECT(rc == 0, "per-group scale [2, 8] with group 32 refused: %d %s", rc, aclGetRecentErrMsg());
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) TestValues(rt.stream);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
