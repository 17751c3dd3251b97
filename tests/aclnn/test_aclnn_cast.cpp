// aclnnCast between floating and integer dtypes: round to nearest even into FLOAT16 / BF16
// (overflow to inf, subnormals kept), truncation toward zero into integers, exact widening.
#include "aclnn_test_util.h"
#include "aclnnop/aclnn_cast.h"

template <typename In, typename Out>
static std::vector<Out> Cast(aclrtStream stream, const std::vector<In> &x, aclDataType from, aclDataType to)
{
    int64_t n = (int64_t)x.size();
    void *dx = nullptr, *dy = nullptr;
    aclTensor *tx = nullptr, *ty = nullptr;
    std::vector<Out> none;
    if (CreateAclTensor(x, {n}, &dx, from, &tx) || CreateAclTensor(std::vector<Out>(x.size()), {n}, &dy, to, &ty)) {
        g_failures++;
        return none;
    }
    int rc = RunOp("aclnnCast", stream,
                   [&](uint64_t *w, aclOpExecutor **e) { return aclnnCastGetWorkspaceSize(tx, to, ty, w, e); }, aclnnCast);
    EXPECT(rc == 0, "cast %d -> %d failed", (int)from, (int)to);
    std::vector<Out> r = Download<Out>(dy, x.size());
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclrtFree(dx);
    aclrtFree(dy);
    return r;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    Lcg rng(31);
    std::vector<float> x(10000);
    for (float &v : x) v = (float)(rng.value() * 300.0);
    x[0] = 65519.0f; x[1] = 65520.0f; x[2] = -1e9f; x[3] = 5.9604645e-8f; x[4] = 2.9802322e-8f;
    x[5] = 1.0009765625f; x[6] = -0.0f; x[7] = INFINITY; x[8] = 3.0e-5f; x[9] = 1e-40f;

    std::vector<uint16_t> h = Cast<float, uint16_t>(rt.stream, x, ACL_FLOAT, ACL_FLOAT16);
    size_t bad = 0;
    for (size_t i = 0; i < x.size() && h.size() == x.size(); i++) bad += h[i] != RefToHalf(x[i]);
    EXPECT(bad == 0 && h.size() == x.size(), "fp32->fp16: %zu elements differ from round-to-nearest-even", bad);

    std::vector<uint16_t> b = Cast<float, uint16_t>(rt.stream, x, ACL_FLOAT, ACL_BF16);
    bad = 0;
    for (size_t i = 0; i < x.size() && b.size() == x.size(); i++) bad += b[i] != RefToBf16(x[i]);
    EXPECT(bad == 0 && b.size() == x.size(), "fp32->bf16: %zu elements differ", bad);

    std::vector<float> back = Cast<uint16_t, float>(rt.stream, h, ACL_FLOAT16, ACL_FLOAT);
    bad = 0;
    for (size_t i = 0; i < h.size() && back.size() == h.size(); i++) {
        double want = RefFromHalf(h[i]);
        bad += !(back[i] == want || (std::isnan(want) && std::isnan(back[i])));
    }
    EXPECT(bad == 0, "fp16->fp32 widening: %zu elements not exact", bad);

    std::vector<float> xi(x.begin() + 10, x.end());
    std::vector<int32_t> i32 = Cast<float, int32_t>(rt.stream, xi, ACL_FLOAT, ACL_INT32);
    bad = 0;
    for (size_t i = 0; i < xi.size() && i32.size() == xi.size(); i++) bad += i32[i] != (int32_t)std::trunc(xi[i]);
    EXPECT(bad == 0, "fp32->int32: %zu elements not truncated toward zero", bad);

    std::vector<int64_t> big = {0, 1, -1, 16777217, (int64_t)1 << 40, -((int64_t)1 << 53) - 1};
    std::vector<float> fb = Cast<int64_t, float>(rt.stream, big, ACL_INT64, ACL_FLOAT);
    for (size_t i = 0; i < big.size() && fb.size() == big.size(); i++)
        EXPECT(fb[i] == (float)big[i], "int64->float %zu: %f", i, fb[i]);

    std::vector<int32_t> iv = {0, 5, -3};
    std::vector<uint8_t> bo = Cast<int32_t, uint8_t>(rt.stream, iv, ACL_INT32, ACL_BOOL);
    EXPECT(bo.size() == 3 && bo[0] == 0 && bo[1] == 1 && bo[2] == 1, "int32->bool");

    LOG_PRINT("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
