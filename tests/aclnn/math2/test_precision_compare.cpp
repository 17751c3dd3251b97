// aclnnPrecisionCompare (math/precision_compare): out (UINT32, 0-d) = 0 when realdata has
// golden's bits everywhere, else 503; checked against a byte comparison done here, over dtypes,
// shapes (0-d, empty, rank 8, non-contiguous views), single-bit flips, NaN payloads and -0.
// Validation order: SoC (161002 off A2 / A3 / 950) -> null -> dtype -> shape.
#include <cstring>

#include "aclnnop/aclnn_precision_compare.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

static uint32_t RunCompare(const char *what, DevTensor &g, DevTensor &r, int *rc)
{
    DevTensor out;
    if (!out.Init(ACL_UINT32, {}, {777}, CONTIG)) { *rc = -1; return 0; }
    *rc = Run(what, g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnPrecisionCompareGetWorkspaceSize(g.t, r.t, out.t, w, ex);
    }, aclnnPrecisionCompare);
    return (uint32_t)out.Read()[0];
}

// Overwrites logical element i of t with raw bytes.
static void Poke(DevTensor &t, int64_t i, const void *bytes)
{
    size_t es = ElemSize(t.dt);
    aclrtMemcpy((char *)t.dev + t.Where(i) * es, es, bytes, es, ACL_MEMCPY_HOST_TO_DEVICE);
}

static void TestValues()
{
    const std::vector<std::vector<int64_t>> shapes = {{}, {1}, {7}, {4, 5}, {3, 1, 70}, {2, 1, 2, 1, 2, 1, 2, 3}, {100000}};
    uint64_t seed = 3;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (size_t si = 0; si < shapes.size(); si++)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
                for (int change = 0; change < 4; change++) { // 0 none, 1 one bit flipped, 2 -0 for +0, 3 NaN payload
                    const std::vector<int64_t> &s = shapes[si];
                    int64_t n = GetShapeSize(s);
                    std::vector<double> v = QuantAll(dt, RandomValues((size_t)n, seed++, 3.0));
                    if (n > 2) { v[0] = 0.0; v[1] = NAN; }
                    DevTensor g, r;
                    if (!g.Init(dt, s, v, CONTIG) || !r.Init(dt, s, v, lay)) return;
                    int64_t at = n > 2 ? (change == 2 ? 0 : change == 3 ? 1 : n - 1) : 0;
                    size_t es = ElemSize(dt);
                    std::vector<unsigned char> gb(es), rb(es);
                    aclrtMemcpy(gb.data(), es, (char *)g.dev + g.Where(at) * es, es, ACL_MEMCPY_DEVICE_TO_HOST);
                    rb = gb;
                    if (change == 1) rb[0] ^= 1; // lowest mantissa bit
                    if (change == 2 && n > 2) rb[es - 1] ^= 0x80; // +0 -> -0
                    if (change == 3 && n > 2) rb[0] ^= 1; // another NaN
                    if (change == 2 && n <= 2) rb[es - 1] ^= 0x80;
                    if (change) Poke(r, at, rb.data());
                    bool same = std::memcmp(gb.data(), rb.data(), es) == 0;
                    std::string what = std::string("PrecisionCompare ") + DtName(dt) + " shape " + std::to_string(si) + " layout " +
                                       std::to_string(lay) + " change " + std::to_string(change);
                    int rc;
                    uint32_t got = RunCompare(what.c_str(), g, r, &rc);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) EXPECT(got == (same ? 0u : 503u), "%s: out %u, expected %u", what.c_str(), got, same ? 0u : 503u);
                }
    // empty: nothing runs, out keeps its value
    DevTensor g, r, out;
    if (!g.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !r.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !out.Init(ACL_UINT32, {}, {9}, CONTIG)) return;
    int rc = Run("PrecisionCompare empty", g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnPrecisionCompareGetWorkspaceSize(g.t, r.t, out.t, w, ex);
    }, aclnnPrecisionCompare);
    EXPECT(rc == 0 && out.Read()[0] == 9, "PrecisionCompare empty: rc %d, out %g", rc, out.Read()[0]);
}

static void TestErrors(bool supported)
{
    DevTensor f, h, d, f35, o, o1, oi, big;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !d.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) ||
        !f35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) || !o.Init(ACL_UINT32, {}, {0}, CONTIG) || !o1.Init(ACL_UINT32, {1}, {0}, CONTIG) ||
        !oi.Init(ACL_INT32, {}, {0}, CONTIG) || !big.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 2, 3}, {}, CONTIG))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto call = [&](const aclTensor *g, const aclTensor *r, aclTensor *out) { return aclnnPrecisionCompareGetWorkspaceSize(g, r, out, &ws, &ex); };
    if (!supported) {
        ExpectError("PrecisionCompare SoC", call(f.t, f.t, o.t), ACLNN_ERR_PARAM_INVALID, "unsupported by the current SOC version");
        ExpectError("PrecisionCompare SoC before null", call(nullptr, f.t, o.t), ACLNN_ERR_PARAM_INVALID, "SOC version");
        return;
    }
    ExpectError("null golden", call(nullptr, f.t, o.t), ACLNN_ERR_PARAM_NULLPTR, "golden");
    ExpectError("null out", call(f.t, f.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out");
    ExpectError("dtype mismatch", call(f.t, h.t, o.t), ACLNN_ERR_PARAM_INVALID, "realdata");
    ExpectError("double", call(d.t, d.t, o.t), ACLNN_ERR_PARAM_INVALID, "DT_DOUBLE");
    ExpectError("out int32", call(f.t, f.t, oi.t), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    ExpectError("shapes", call(f.t, f35.t, o.t), ACLNN_ERR_PARAM_INVALID);
    ExpectError("rank 9", call(big.t, big.t, o.t), ACLNN_ERR_PARAM_INVALID);
    ExpectError("out rank 1", call(f.t, f.t, o1.t), ACLNN_ERR_PARAM_INVALID, "Out must be scalar, but rank is 1");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName() ? aclrtGetSocName() : "";
    bool supported = soc.find("910B") != std::string::npos || soc.find("910_93") != std::string::npos || soc.find("950") != std::string::npos;
    if (supported) TestValues();
    TestErrors(supported);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
