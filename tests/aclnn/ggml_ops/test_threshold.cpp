// aclnnThreshold / aclnnInplaceThreshold: out = self <= threshold ? value : self, over every
// listed dtype (integers exact, INT64 past 2^53), strided / transposed views, a cast to a
// different out dtype, 0-d and empty tensors, NaN passing through; the validation order
// (null self -> out -> threshold -> value, dtype, cast, shape) with codes and messages.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_threshold.h"

static double Ref(double x, double thr, double val) { return x <= thr ? val : x; }

static int RunThreshold(aclrtStream stream, aclTensor *self, aclScalar *thr, aclScalar *val, aclTensor *out)
{
    return Run("Threshold", stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnThresholdGetWorkspaceSize(self, thr, val, out, w, e); }, aclnnThreshold);
}

static void TestDtypes(aclrtStream stream)
{
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT64};
    std::vector<int64_t> shape = {5, 7, 3};
    for (aclDataType dt : dts) {
        bool ints = dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16;
        std::vector<double> x = QuantAll(dt, RandomValues(105, 7 + dt, ints ? 20 : 2));
        if (dt == ACL_UINT8) for (double &v : x) v = std::fabs(v);
        float thr = ints ? 3.0f : 0.3f, val = ints ? -2.0f : -1.5f;
        if (dt == ACL_UINT8) val = 9.0f;
        for (int layout = CONTIG; layout <= TRANSPOSED; layout++) {
            DevTensor ts, to;
            if (!ts.Init(dt, shape, x, (Layout)layout) || !to.Init(dt, shape, {}, layout == STRIDED ? STRIDED : CONTIG)) return;
            aclScalar *st = aclCreateScalar(&thr, ACL_FLOAT), *sv = aclCreateScalar(&val, ACL_FLOAT);
            int rc = RunThreshold(stream, ts.t, st, sv, to.t);
            aclDestroyScalar(st); aclDestroyScalar(sv);
            std::string what = std::string("Threshold ") + DtName(dt) + " layout " + std::to_string(layout);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            std::vector<double> a = to.Read();
            size_t bad = 0;
            for (size_t i = 0; i < x.size(); i++) bad += a[i] != Quant(dt, Ref(x[i], Quant(dt, thr), Quant(dt, val)));
            EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, x.size());
            EXPECT(to.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
        }
    }
}

// INT64 values past 2^53 must come back bit-exact (no double round trip).
static void TestInt64Exact(aclrtStream stream)
{
    std::vector<int64_t> host = {(1LL << 60) + 1, -((1LL << 55) + 3), 5, 4, (1LL << 53) + 1, -7};
    std::vector<int64_t> shape = {6};
    void *din = nullptr, *dout = nullptr;
    aclTensor *ti = nullptr, *to = nullptr;
    std::vector<int64_t> zeros(6, 0);
    if (CreateAclTensor(host, shape, &din, ACL_INT64, &ti) || CreateAclTensor(zeros, shape, &dout, ACL_INT64, &to)) return;
    int64_t thr = 4, val = -(1LL << 58) - 1;
    aclScalar *st = aclCreateScalar(&thr, ACL_INT64), *sv = aclCreateScalar(&val, ACL_INT64);
    EXPECT(RunThreshold(stream, ti, st, sv, to) == 0, "Threshold int64: run failed");
    std::vector<int64_t> got = Download<int64_t>(dout, 6);
    for (size_t i = 0; i < 6; i++) {
        int64_t want = host[i] <= thr ? val : host[i];
        EXPECT(got[i] == want, "Threshold int64[%zu]: %lld, expected %lld", i, (long long)got[i], (long long)want);
    }
    aclDestroyScalar(st); aclDestroyScalar(sv);
    aclDestroyTensor(ti); aclDestroyTensor(to); aclrtFree(din); aclrtFree(dout);
}

// In place (ggml's YaRN ramp: threshold 0, value 0), a cast to FLOAT out, NaN, 0-d, empty.
static void TestShapesAndCast(aclrtStream stream)
{
    std::vector<double> x = {-1.0, 0.0, -0.0, 2.5, NAN, INFINITY, -INFINITY, 1e-40, 0.75};
    float zero = 0.0f;
    {
        DevTensor ts;
        if (!ts.Init(ACL_FLOAT, {9}, x, STRIDED)) return;
        aclScalar *s0 = aclCreateScalar(&zero, ACL_FLOAT);
        int rc = Run("InplaceThreshold", stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnInplaceThresholdGetWorkspaceSize(ts.t, s0, s0, w, e); }, aclnnInplaceThreshold);
        aclDestroyScalar(s0);
        EXPECT(rc == 0, "InplaceThreshold: run failed");
        std::vector<double> a = ts.Read();
        for (size_t i = 0; i < x.size(); i++) {
            double g = Quant(ACL_FLOAT, Ref(x[i], 0.0, 0.0));
            bool same = std::isnan(g) ? std::isnan(a[i]) : a[i] == g;
            EXPECT(same, "InplaceThreshold[%zu]: %g, expected %g", i, a[i], g);
        }
    }
    {   // INT32 self into a FLOAT out: computed in INT32 (threshold 2.7 -> 2), then cast
        std::vector<double> xi = {1, 2, 3, -4, 7};
        DevTensor ts, to;
        if (!ts.Init(ACL_INT32, {5}, xi, CONTIG) || !to.Init(ACL_FLOAT, {5}, {}, CONTIG)) return;
        float thr = 2.7f, val = 0.5f;
        aclScalar *st = aclCreateScalar(&thr, ACL_FLOAT), *sv = aclCreateScalar(&val, ACL_FLOAT);
        EXPECT(RunThreshold(stream, ts.t, st, sv, to.t) == 0, "Threshold int32->fp32: run failed");
        aclDestroyScalar(st); aclDestroyScalar(sv);
        std::vector<double> a = to.Read(), want = {0, 0, 3, 0, 7};
        for (size_t i = 0; i < 5; i++) EXPECT(a[i] == want[i], "Threshold int32->fp32[%zu]: %g, expected %g", i, a[i], want[i]);
    }
    {   // 0-d and empty
        DevTensor t0, o0, te, oe;
        if (!t0.Init(ACL_FLOAT, {}, {-3.0}, CONTIG) || !o0.Init(ACL_FLOAT, {}, {}, CONTIG) ||
            !te.Init(ACL_FLOAT, {3, 0}, {}, CONTIG) || !oe.Init(ACL_FLOAT, {3, 0}, {}, CONTIG)) return;
        float thr = -1.0f, val = 4.0f;
        aclScalar *st = aclCreateScalar(&thr, ACL_FLOAT), *sv = aclCreateScalar(&val, ACL_FLOAT);
        EXPECT(RunThreshold(stream, t0.t, st, sv, o0.t) == 0, "Threshold 0-d: run failed");
        EXPECT(o0.Read()[0] == 4.0, "Threshold 0-d: %g, expected 4", o0.Read()[0]);
        uint64_t ws = 1;
        aclOpExecutor *ex = nullptr;
        EXPECT(aclnnThresholdGetWorkspaceSize(te.t, st, sv, oe.t, &ws, &ex) == 0 && ws == 0,
               "Threshold empty: stage 1 failed or asked for a workspace");
        if (ex) EXPECT(aclnnThreshold(nullptr, 0, ex, stream) == 0, "Threshold empty: stage 2 failed");
        aclDestroyScalar(st); aclDestroyScalar(sv);
    }
}

static void TestValidation(bool is310p)
{
    DevTensor x, o, xi16, obad, oshape, x9;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !xi16.Init(ACL_UINT32, {2, 3}, {}, CONTIG) || !obad.Init(ACL_BOOL, {2, 3}, {}, CONTIG) ||
        !oshape.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !x9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG)) return;
    float f = 1.0f;
    aclScalar *s = aclCreateScalar(&f, ACL_FLOAT);
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("null self", aclnnThresholdGetWorkspaceSize(nullptr, s, s, o.t, &ws, &ex), 161001, "self");
    ExpectError("null out", aclnnThresholdGetWorkspaceSize(x.t, s, s, nullptr, &ws, &ex), 161001, "out");
    ExpectError("null threshold", aclnnThresholdGetWorkspaceSize(x.t, nullptr, s, o.t, &ws, &ex), 161001, "threshold");
    ExpectError("null value", aclnnThresholdGetWorkspaceSize(x.t, s, nullptr, o.t, &ws, &ex), 161001, "value");
    ExpectError("null selfRef", aclnnInplaceThresholdGetWorkspaceSize(nullptr, s, s, &ws, &ex), 161001, "selfRef");
    ExpectError("uint32 self", aclnnThresholdGetWorkspaceSize(xi16.t, s, s, o.t, &ws, &ex), 161002, "DT_UINT32");
    ExpectError("float -> bool out", aclnnThresholdGetWorkspaceSize(x.t, s, s, obad.t, &ws, &ex), 161002, "DT_BOOL");
    ExpectError("shape mismatch", aclnnThresholdGetWorkspaceSize(x.t, s, s, oshape.t, &ws, &ex), 161002);
    ExpectError("rank 9", aclnnInplaceThresholdGetWorkspaceSize(x9.t, s, s, &ws, &ex), 161002);
    DevTensor b, bo;
    if (!b.Init(ACL_BF16, {2}, {}, CONTIG) || !bo.Init(ACL_BF16, {2}, {}, CONTIG)) return;
    int rc = aclnnThresholdGetWorkspaceSize(b.t, s, s, bo.t, &ws, &ex);
    if (is310p) ExpectError("bf16 on 310P", rc, 161002, "DT_BF16");
    else EXPECT(rc == 0, "bf16 on 910B refused: %d", rc);
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex); /* accepted: stage 2 never runs */
    aclDestroyScalar(s);
}

// The FP32 select path over several kernel chunks (3 x 1031, odd) of strided views, out of place
// and in place, with a threshold and a value no float-io dtype holds exactly.
static void TestChunks(aclrtStream stream)
{
    std::vector<int64_t> shape = {3, 1031};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        std::vector<double> x = QuantAll(dt, RandomValues(3093, 31 + dt, 1));
        x[7] = NAN; x[1030] = -0.0; x[2000] = INFINITY; x[3092] = -INFINITY;
        float thr = 0.1f, val = 1.0f / 3;
        for (int inplace = 0; inplace < 2; inplace++) {
            DevTensor ts, to;
            if (!ts.Init(dt, shape, x, inplace ? TRANSPOSED : STRIDED) || !to.Init(dt, shape, {}, STRIDED)) return;
            aclScalar *st = aclCreateScalar(&thr, ACL_FLOAT), *sv = aclCreateScalar(&val, ACL_FLOAT);
            int rc = inplace ? Run("InplaceThreshold", stream, [&](uint64_t *w, aclOpExecutor **e) {
                                   return aclnnInplaceThresholdGetWorkspaceSize(ts.t, st, sv, w, e); }, aclnnInplaceThreshold)
                             : RunThreshold(stream, ts.t, st, sv, to.t);
            aclDestroyScalar(st); aclDestroyScalar(sv);
            std::string what = std::string(inplace ? "InplaceThreshold " : "Threshold ") + DtName(dt) + " 3x1031";
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            std::vector<double> a = inplace ? ts.Read() : to.Read();
            size_t bad = 0;
            for (size_t i = 0; i < x.size(); i++) {
                double g = Quant(dt, Ref(x[i], Quant(dt, thr), Quant(dt, val)));
                bad += !(std::isnan(g) ? std::isnan(a[i]) : a[i] == g && std::signbit(a[i]) == std::signbit(g));
            }
            EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, x.size());
            EXPECT((inplace ? ts.CountClobbered() : to.CountClobbered()) == 0, "%s: wrote outside its view", what.c_str());
        }
    }
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) {
        TestDtypes(rt.stream);
        TestInt64Exact(rt.stream);
        TestShapesAndCast(rt.stream);
        TestChunks(rt.stream);
    }
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
