// aclnnAdd / Adds / InplaceAdd / InplaceAdds: out = self + alpha * other with broadcasting,
// promotion, strided views and each floating dtype, against a double-precision reference.
#include "aclnn_test_util.h"
#include "aclnnop/aclnn_add.h"

struct Host { // host values of one tensor plus their exact decoded doubles
    std::vector<uint8_t> bytes;
    std::vector<double> vals;
};

static Host Make(aclDataType dt, size_t n, Lcg &rng)
{
    Host h;
    size_t es = aclDataTypeSize(dt);
    h.bytes.resize(n * es);
    h.vals.resize(n);
    for (size_t i = 0; i < n; i++) {
        double v = rng.value();
        if (dt == ACL_FLOAT) { float f = (float)v; std::memcpy(&h.bytes[i * 4], &f, 4); h.vals[i] = f; }
        else if (dt == ACL_FLOAT16) { uint16_t b = RefToHalf(v); std::memcpy(&h.bytes[i * 2], &b, 2); h.vals[i] = RefFromHalf(b); }
        else if (dt == ACL_BF16) { uint16_t b = RefToBf16((float)v); std::memcpy(&h.bytes[i * 2], &b, 2); h.vals[i] = RefFromBf16(b); }
        else if (dt == ACL_INT64) { int64_t k = (int64_t)std::floor(v * 1000); std::memcpy(&h.bytes[i * 8], &k, 8); h.vals[i] = (double)k; }
        else { int32_t k = (int32_t)std::floor(v * 100); std::memcpy(&h.bytes[i * 4], &k, 4); h.vals[i] = k; }
    }
    return h;
}

static std::vector<double> Decode(aclDataType dt, const std::vector<uint8_t> &b, size_t n)
{
    std::vector<double> v(n);
    for (size_t i = 0; i < n; i++) {
        if (dt == ACL_FLOAT) { float f; std::memcpy(&f, &b[i * 4], 4); v[i] = f; }
        else if (dt == ACL_FLOAT16) { uint16_t h; std::memcpy(&h, &b[i * 2], 2); v[i] = RefFromHalf(h); }
        else if (dt == ACL_BF16) { uint16_t h; std::memcpy(&h, &b[i * 2], 2); v[i] = RefFromBf16(h); }
        else if (dt == ACL_INT64) { int64_t k; std::memcpy(&k, &b[i * 8], 8); v[i] = (double)k; }
        else { int32_t k; std::memcpy(&k, &b[i * 4], 4); v[i] = k; }
    }
    return v;
}

static std::vector<int64_t> Strides(const std::vector<int64_t> &s)
{
    std::vector<int64_t> st(s.size(), 1);
    for (int64_t i = (int64_t)s.size() - 2; i >= 0; i--) st[i] = st[i + 1] * s[i + 1];
    return st;
}

// out[idx] = a[bcast idx] + alpha * b[bcast idx] over out's shape
static std::vector<double> RefAdd(const std::vector<double> &a, const std::vector<int64_t> &as, const std::vector<double> &b,
                                  const std::vector<int64_t> &bs, const std::vector<int64_t> &os, double alpha)
{
    size_t n = (size_t)GetShapeSize(os);
    std::vector<double> r(n);
    std::vector<int64_t> ast = Strides(as), bst = Strides(bs);
    for (size_t i = 0; i < n; i++) {
        int64_t rem = (int64_t)i, ia = 0, ib = 0;
        for (int64_t d = (int64_t)os.size() - 1; d >= 0; d--) {
            int64_t idx = rem % os[d];
            rem /= os[d];
            int64_t da = d - ((int64_t)os.size() - (int64_t)as.size()), db = d - ((int64_t)os.size() - (int64_t)bs.size());
            if (da >= 0 && as[da] != 1) ia += idx * ast[da];
            if (db >= 0 && bs[db] != 1) ib += idx * bst[db];
        }
        r[i] = a[ia] + alpha * b[ib];
    }
    return r;
}

static void AddCase(aclrtStream stream, const char *name, aclDataType dt, std::vector<int64_t> as, std::vector<int64_t> bs,
                    std::vector<int64_t> os, double alpha, uint64_t seed)
{
    Lcg rng(seed);
    Host a = Make(dt, (size_t)GetShapeSize(as), rng), b = Make(dt, (size_t)GetShapeSize(bs), rng);
    size_t n = (size_t)GetShapeSize(os);
    void *da, *db, *dout;
    aclTensor *ta, *tb, *tout;
    ACL_OK(CreateAclTensor(a.bytes, {(int64_t)a.bytes.size()}, &da, ACL_UINT8, &ta));
    ACL_OK(CreateAclTensor(b.bytes, {(int64_t)b.bytes.size()}, &db, ACL_UINT8, &tb));
    ACL_OK(CreateAclTensor(std::vector<uint8_t>(n * aclDataTypeSize(dt)), {(int64_t)n}, &dout, ACL_UINT8, &tout));
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tout);
    ta = aclCreateTensor(as.data(), as.size(), dt, nullptr, 0, ACL_FORMAT_ND, as.data(), as.size(), da);
    tb = aclCreateTensor(bs.data(), bs.size(), dt, nullptr, 0, ACL_FORMAT_ND, bs.data(), bs.size(), db);
    tout = aclCreateTensor(os.data(), os.size(), dt, nullptr, 0, ACL_FORMAT_ND, os.data(), os.size(), dout);
    aclScalar *al = nullptr;
    float af = (float)alpha;
    int64_t ai = (int64_t)alpha;
    al = (dt == ACL_INT32 || dt == ACL_INT64) ? aclCreateScalar(&ai, ACL_INT64) : aclCreateScalar(&af, ACL_FLOAT);
    ACL_OK(RunOp("aclnnAdd", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddGetWorkspaceSize(ta, tb, al, tout, w, e); }, aclnnAdd));
    std::vector<double> golden = RefAdd(a.vals, as, b.vals, bs, os, alpha);
    std::vector<double> actual = Decode(dt, Download<uint8_t>(dout, n * aclDataTypeSize(dt)), n);
    if (dt == ACL_INT32 || dt == ACL_INT64)
        CheckAccuracy(name, actual, golden, 0, 0, 0);
    else
        CheckDtype(name, dt, actual, golden);
    aclDestroyScalar(al);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tout);
    aclrtFree(da);
    aclrtFree(db);
    aclrtFree(dout);
}

static void TestAddsAndInplace(aclrtStream stream)
{
    // Adds: int32 tensor + float scalar promotes to FLOAT
    std::vector<int32_t> xi = {-3, 0, 7, 100000};
    void *dx, *dy;
    aclTensor *tx, *ty;
    ACL_OK(CreateAclTensor(xi, {4}, &dx, ACL_INT32, &tx));
    ACL_OK(CreateAclTensor(std::vector<float>(4), {4}, &dy, ACL_FLOAT, &ty));
    float other = 0.25f, alpha = 3.0f;
    aclScalar *so = aclCreateScalar(&other, ACL_FLOAT), *sa = aclCreateScalar(&alpha, ACL_FLOAT);
    ACL_OK(RunOp("aclnnAdds", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnAddsGetWorkspaceSize(tx, so, sa, ty, w, e); }, aclnnAdds));
    std::vector<float> r = Download<float>(dy, 4);
    for (int i = 0; i < 4; i++) EXPECT(r[i] == (float)xi[i] + 0.75f, "adds %d: %f", i, r[i]);
    // InplaceAdd with a transposed other: selfRef [3,4] += 3 * other^T where other storage is [4,3]
    std::vector<float> s(12), o(12);
    for (int i = 0; i < 12; i++) { s[i] = (float)i; o[i] = (float)(i * i) * 0.5f; }
    void *ds, *dob;
    aclTensor *ts, *tob;
    ACL_OK(CreateAclTensor(s, {3, 4}, &ds, ACL_FLOAT, &ts));
    ACL_OK(CreateAclTensor(o, {4, 3}, &dob, ACL_FLOAT, &tob));
    std::vector<int64_t> vs = {3, 4}, vst = {1, 3}, ss = {4, 3};
    aclTensor *tt = aclCreateTensor(vs.data(), 2, ACL_FLOAT, vst.data(), 0, ACL_FORMAT_ND, ss.data(), 2, dob);
    ACL_OK(RunOp("aclnnInplaceAdd", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceAddGetWorkspaceSize(ts, tt, sa, w, e); },
                 aclnnInplaceAdd));
    std::vector<float> rs = Download<float>(ds, 12);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            EXPECT(rs[i * 4 + j] == s[i * 4 + j] + 3.0f * o[j * 3 + i], "inplace add (%d,%d)", i, j);
    // InplaceAdds on int32 with integer scalars
    int32_t five = 5, mtwo = -2;
    aclScalar *s5 = aclCreateScalar(&five, ACL_INT32), *sm2 = aclCreateScalar(&mtwo, ACL_INT32);
    ACL_OK(RunOp("aclnnInplaceAdds", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceAddsGetWorkspaceSize(tx, s5, sm2, w, e); },
                 aclnnInplaceAdds));
    std::vector<int32_t> ri = Download<int32_t>(dx, 4);
    for (int i = 0; i < 4; i++) EXPECT(ri[i] == xi[i] - 10, "inplace adds %d", i);
    for (aclScalar *sc : {so, sa, s5, sm2}) aclDestroyScalar(sc);
    for (aclTensor *t : {tx, ty, ts, tob, tt}) aclDestroyTensor(t);
    for (void *d : {dx, dy, ds, dob}) aclrtFree(d);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    AddCase(rt.stream, "add fp32 [4,1,5]+[3,1] a=1.5", ACL_FLOAT, {4, 1, 5}, {3, 1}, {4, 3, 5}, 1.5, 1);
    AddCase(rt.stream, "add fp32 [257,129]+[129] a=1", ACL_FLOAT, {257, 129}, {129}, {257, 129}, 1.0, 2);
    AddCase(rt.stream, "add fp16 [64,33]+[33] a=2", ACL_FLOAT16, {64, 33}, {33}, {64, 33}, 2.0, 3);
    AddCase(rt.stream, "add bf16 [3,1,7,1,5]+[7,2,5]", ACL_BF16, {3, 1, 7, 1, 5}, {7, 2, 5}, {3, 1, 7, 2, 5}, 0.5, 4);
    AddCase(rt.stream, "add int64 [100] a=-2", ACL_INT64, {100}, {100}, {100}, -2.0, 5);
    AddCase(rt.stream, "add int32 [1]+[2,3,4]", ACL_INT32, {1}, {2, 3, 4}, {2, 3, 4}, 7.0, 6);
    AddCase(rt.stream, "add fp32 large", ACL_FLOAT, {1 << 21}, {1 << 21}, {1 << 21}, 1.0, 7);
    TestAddsAndInplace(rt.stream);
    LOG_PRINT("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
