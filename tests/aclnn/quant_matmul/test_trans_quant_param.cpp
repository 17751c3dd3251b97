// aclnnTransQuantParam (host function) and aclnnTransQuantParamV2 / V3 (device op): the packed
// UINT64 quant parameters bit for bit against references written here (FP32 bits / FP19 cut /
// FP19 round-to-nearest-even in bits 0..31, flag bit 46, INT9 offset in bits 37..45 rounded half
// away from zero (V1, C round) or to nearest even (V2/V3, the vector cast), clamped), the
// alignment of V1's result to 16, broadcasting of a 1-element scale / offset, and every
// validation path with its code and message.
#include <cstdlib>

#include "qmm_test_util.h"
#include "aclnnop/aclnn_trans_quant_param.h"
#include "aclnnop/aclnn_trans_quant_param_v2.h"
#include "aclnnop/aclnn_trans_quant_param_v3.h"

static int ClampInt9(double r) { return r < -256 ? -256 : r > 255 ? 255 : (int)r; }

static void TestV1()
{
    std::vector<float> scale = {1.0f, 0.5f, 3.14159274f, 1e-5f, -2.71828f, 65504.0f, 1.00012207f, 7.0f, 0.1f,
                                123.456f, -0.0f, 9.9e-3f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 1.5e-3f, 8.0f, 0.333333f};
    std::vector<float> offset = {2.5f, -2.5f, 300.0f, -1000.0f, 0.49f, 1.5f, -1.5f, 127.0f, -256.4f, 255.6f,
                                 0.0f, 3.0f, -7.0f, 10.5f, 11.0f, -11.5f, 17.0f, 18.0f, 19.0f, 20.0f};
    uint64_t *param = nullptr, size = 0;
    int rc = aclnnTransQuantParam(scale.data(), scale.size(), offset.data(), offset.size(), &param, &size);
    EXPECT(rc == 0, "V1 failed: %d %s", rc, aclGetRecentErrMsg());
    if (rc) return;
    EXPECT(size == 32, "V1: 20 parameters align to 32, got %llu", (unsigned long long)size);
    for (size_t i = 0; i < 32 && size == 32; i++) {
        uint64_t want = i < scale.size() ? RefParam(FloatBits(scale[i]), ClampInt9(std::round((double)offset[i]))) : 0;
        EXPECT(param[i] == want, "V1[%zu]: %#llx, want %#llx", i, (unsigned long long)param[i], (unsigned long long)want);
    }
    free(param);
    // one scale, no offset: size 1, no alignment; three scales + one offset: offset only on the first
    float one = 0.125f;
    rc = aclnnTransQuantParam(&one, 1, nullptr, 0, &param, &size);
    EXPECT(rc == 0 && size == 1 && param[0] == RefParam(FloatBits(one), 0), "V1 single: rc %d size %llu", rc,
           (unsigned long long)size);
    if (rc == 0) free(param);
    float three[3] = {1, 2, 4}, off1 = -3;
    rc = aclnnTransQuantParam(three, 3, &off1, 1, &param, &size);
    EXPECT(rc == 0 && size == 16, "V1 3+1: rc %d size %llu", rc, (unsigned long long)size);
    if (rc == 0) {
        EXPECT(param[0] == RefParam(FloatBits(1), -3) && param[1] == RefParam(FloatBits(2), 0) &&
               param[2] == RefParam(FloatBits(4), 0) && param[3] == 0, "V1 3+1 values");
        free(param);
    }
    // validation (CheckQuantParam's failures all return 161002; the output pointers 161001)
    ExpectError("V1 offset size 0", aclnnTransQuantParam(scale.data(), 2, offset.data(), 0, &param, &size), 161002,
                "offsetSize must be larger than 0");
    ExpectError("V1 null offset with size", aclnnTransQuantParam(scale.data(), 2, nullptr, 3, &param, &size), 161002,
                "offsetSize must be 0");
    ExpectError("V1 null scale", aclnnTransQuantParam(nullptr, 2, nullptr, 0, &param, &size), 161002,
                "scaleArray can not be nullptr");
    ExpectError("V1 scale size 0", aclnnTransQuantParam(scale.data(), 0, nullptr, 0, &param, &size), 161002,
                "scaleSize must be larger than 0");
    ExpectError("V1 null quantParam", aclnnTransQuantParam(scale.data(), 2, nullptr, 0, nullptr, &size), 161001,
                "quantParam is nullptr");
    ExpectError("V1 null size", aclnnTransQuantParam(scale.data(), 2, nullptr, 0, &param, nullptr), 161001,
                "quantParamSize is nullptr");
}

// V2 (roundMode 0) or V3 with roundMode: n scales and offsets (or one of either).
static void CaseV2(aclrtStream stream, int version, int round_mode, size_t ns, size_t no, bool two_d)
{
    std::vector<float> s = {1.0f, 1.00012207f, 1.00018311f, 1.00006104f, 3.14159274f, -2.71828f, 65519.0f,
                            3.4028235e38f, 1e-40f, 0.1f, -0.0f, 7.99951171875f, 1.0009765625f, 2.5e-3f, 100.0f, 0.7f};
    std::vector<float> o = {2.5f, -2.5f, 3.5f, 300.0f, -1000.0f, 0.5f, -0.5f, 1.49f, 254.5f, -255.5f, 10.0f,
                            -10.0f, 0.0f, 5.5f, 6.5f, -6.5f};
    s.resize(ns);
    o.resize(no);
    size_t n = ns > no ? ns : no;
    DevTensor ts, to;
    std::vector<double> sd(s.begin(), s.end()), od(o.begin(), o.end());
    std::vector<int64_t> sshape = two_d ? std::vector<int64_t>{1, (int64_t)ns} : std::vector<int64_t>{(int64_t)ns};
    RawTensor out;
    if (!ts.Init(ACL_FLOAT, sshape, sd, CONTIG) || (no && !to.Init(ACL_FLOAT, {(int64_t)no}, od, STRIDED)) ||
        !out.Init(version == 3 ? ACL_INT64 : ACL_UINT64, {(int64_t)n}, {1}, std::vector<unsigned char>(n * 8, 0xAB)))
        return;
    int rc;
    if (version == 2)
        rc = Run("TransQuantParamV2", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnTransQuantParamV2GetWorkspaceSize(ts.t, no ? to.t : nullptr, out.t, ws, e); }, aclnnTransQuantParamV2);
    else
        rc = Run("TransQuantParamV3", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnTransQuantParamV3GetWorkspaceSize(ts.t, no ? to.t : nullptr, round_mode, out.t, ws, e); }, aclnnTransQuantParamV3);
    EXPECT(rc == 0, "V%d rm %d ns %zu no %zu: run failed", version, round_mode, ns, no);
    if (rc) return;
    std::vector<uint64_t> got = BytesU64(out.Read());
    for (size_t i = 0; i < n; i++) {
        float sv = s[ns == 1 ? 0 : i];
        int off9 = no ? ClampInt9(std::nearbyint((double)o[no == 1 ? 0 : i])) : 0;
        uint64_t want = RefParam(RefFp19(sv, round_mode == 0), off9);
        EXPECT(got[i] == want, "V%d rm %d [%zu] scale %g: %#llx, want %#llx", version, round_mode, i, (double)sv,
               (unsigned long long)got[i], (unsigned long long)want);
    }
}

static void TestV2Validation(bool is950)
{
    DevTensor s, o, s16, s2, s2g, o5, o2, s4;
    RawTensor out, out32, outsmall, outnz;
    if (!s.Init(ACL_FLOAT, {4}, {1, 2, 3, 4}, CONTIG) || !o.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !s16.Init(ACL_FLOAT16, {4}, {}, CONTIG) || !s2.Init(ACL_FLOAT, {1, 4}, {}, CONTIG) ||
        !s2g.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !o5.Init(ACL_FLOAT, {5}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !s4.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
        !out.Init(ACL_UINT64, {4}, {1}, std::vector<unsigned char>(32)) ||
        !out32.Init(ACL_FLOAT, {4}, {1}, std::vector<unsigned char>(16)) ||
        !outsmall.Init(ACL_UINT64, {2}, {1}, std::vector<unsigned char>(16)) ||
        !outnz.Init(ACL_UINT64, {4}, {1}, std::vector<unsigned char>(32), ACL_FORMAT_NC1HWC0)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto V3 = [&](aclTensor *a, aclTensor *b, int64_t rm, aclTensor *c) {
        return aclnnTransQuantParamV3GetWorkspaceSize(a, b, rm, c, &ws, &ex); };
    ExpectError("null scale", aclnnTransQuantParamV2GetWorkspaceSize(nullptr, o.t, out.t, &ws, &ex), 161001, "scale");
    ExpectError("null out", V3(s.t, o.t, 0, nullptr), 161001, "out");
    ExpectError("fp16 scale", V3(s16.t, o.t, 0, out.t), 161002, "scale");
    ExpectError("fp32 out", V3(s.t, o.t, 0, out32.t), 161002, "out");
    ExpectError("NC1HWC0 out", V3(s.t, o.t, 0, outnz.t), 161002, "format");
    ExpectError("offset 2-d (2, 4)", V3(s.t, o2.t, 0, out.t), 161002, "shape of offset");
    ExpectError("scale 4 offset 5", V3(s.t, o5.t, 0, out.t), 161002, "scale and offset should be same");
    ExpectError("roundMode 2", V3(s.t, o.t, 2, out.t), 161002, "roundMode only support 0 and 1");
    ExpectError("out too small", V3(s.t, o.t, 0, outsmall.t), 161002, "out should hold");
    if (!is950) ExpectError("scale (2, 4)", V3(s2g.t, nullptr, 0, out.t), 161002, "shape of scale only support");
    int rc = V3(s2.t, nullptr, 1, out.t);
    EXPECT(rc == 0, "scale (1, 4) refused: %d %s", rc, aclGetRecentErrMsg());
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    bool is950 = argc > 1 && std::string(argv[1]) == "950";
    Runtime rt;
    if (!rt.ok) return 1;
    TestV1();
    for (int rm = 0; rm < 2; rm++) {
        CaseV2(rt.stream, rm ? 3 : 2, 0, 16, 16, false);
        CaseV2(rt.stream, 3, rm, 16, 0, true);
        CaseV2(rt.stream, 3, rm, 1, 16, false);
        CaseV2(rt.stream, 3, rm, 16, 1, false);
        CaseV2(rt.stream, 3, rm, 13, 13, false);
    }
    TestV2Validation(is950);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
