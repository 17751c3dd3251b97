// aclnnMul / Muls / InplaceMul / InplaceMuls against a double-precision reference.
#include "aclnn_test_util.h"
#include "aclnnop/aclnn_mul.h"

static void TestMulBroadcastFp32(aclrtStream stream)
{
    Lcg rng(21);
    std::vector<float> a(6 * 5), b(5), o(6 * 5);
    for (float &v : a) v = (float)rng.value();
    for (float &v : b) v = (float)rng.value();
    void *da, *db, *dout;
    aclTensor *ta, *tb, *tout;
    ACL_OK(CreateAclTensor(a, {6, 5}, &da, ACL_FLOAT, &ta));
    ACL_OK(CreateAclTensor(b, {5}, &db, ACL_FLOAT, &tb));
    ACL_OK(CreateAclTensor(o, {6, 5}, &dout, ACL_FLOAT, &tout));
    ACL_OK(RunOp("aclnnMul", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMulGetWorkspaceSize(ta, tb, tout, w, e); },
                 aclnnMul));
    std::vector<float> r = Download<float>(dout, 30);
    std::vector<double> g(30), act(30);
    for (int i = 0; i < 30; i++) { g[i] = (double)a[i] * (double)b[i % 5]; act[i] = r[i]; }
    CheckDtype("mul fp32 broadcast", ACL_FLOAT, act, g);
    // Muls by a double scalar (rounded to FLOAT, the tensor's dtype)
    double k = 0.1;
    aclScalar *sk = aclCreateScalar(&k, ACL_DOUBLE);
    ACL_OK(RunOp("aclnnMuls", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMulsGetWorkspaceSize(ta, sk, tout, w, e); },
                 aclnnMuls));
    r = Download<float>(dout, 30);
    for (int i = 0; i < 30; i++) { g[i] = (double)a[i] * 0.1; act[i] = r[i]; }
    CheckDtype("muls fp32", ACL_FLOAT, act, g);
    aclDestroyScalar(sk);
    for (aclTensor *t : {ta, tb, tout}) aclDestroyTensor(t);
    for (void *d : {da, db, dout}) aclrtFree(d);
}

static void TestInplaceMulHalf(aclrtStream stream)
{
    Lcg rng(22);
    const int n = 4099;
    std::vector<uint16_t> a(n), b(n);
    std::vector<double> g(n);
    for (int i = 0; i < n; i++) {
        a[i] = RefToHalf(rng.value());
        b[i] = RefToHalf(rng.value());
        g[i] = RefFromHalf(RefToHalf(RefFromHalf(a[i]) * RefFromHalf(b[i])));
    }
    void *da, *db;
    aclTensor *ta, *tb;
    ACL_OK(CreateAclTensor(a, {n}, &da, ACL_FLOAT16, &ta));
    ACL_OK(CreateAclTensor(b, {n}, &db, ACL_FLOAT16, &tb));
    ACL_OK(RunOp("aclnnInplaceMul", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceMulGetWorkspaceSize(ta, tb, w, e); }, aclnnInplaceMul));
    std::vector<uint16_t> r = Download<uint16_t>(da, n);
    std::vector<double> act(n);
    for (int i = 0; i < n; i++) act[i] = RefFromHalf(r[i]);
    CheckDtype("inplace mul fp16", ACL_FLOAT16, act, g);
    // InplaceMuls on BF16 by an integer scalar
    std::vector<uint16_t> c(n);
    for (int i = 0; i < n; i++) c[i] = RefToBf16((float)rng.value());
    void *dc;
    aclTensor *tc;
    ACL_OK(CreateAclTensor(c, {n}, &dc, ACL_BF16, &tc));
    int32_t three = 3;
    aclScalar *s3 = aclCreateScalar(&three, ACL_INT32);
    ACL_OK(RunOp("aclnnInplaceMuls", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceMulsGetWorkspaceSize(tc, s3, w, e); },
                 aclnnInplaceMuls));
    r = Download<uint16_t>(dc, n);
    for (int i = 0; i < n; i++) { act[i] = RefFromBf16(r[i]); g[i] = 3.0 * RefFromBf16(c[i]); }
    CheckDtype("inplace muls bf16", ACL_BF16, act, g);
    aclDestroyScalar(s3);
    for (aclTensor *t : {ta, tb, tc}) aclDestroyTensor(t);
    for (void *d : {da, db, dc}) aclrtFree(d);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestMulBroadcastFp32(rt.stream);
    TestInplaceMulHalf(rt.stream);
    LOG_PRINT("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
