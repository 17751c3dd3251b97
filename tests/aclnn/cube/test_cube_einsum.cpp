// aclnnEinsum as the ops-nn docs describe it: "abcd,abced->abce" (batched matrix-vector product on
// the Cube unit; integer dtypes computed through FLOAT16 as the real op casts them) and "a,b->ab"
// (outer product in the operands' dtype, integers wrapping), letters renamed in order of first
// appearance. Checked against references computed here in double / exact integers, on strided
// views; then every validation path with its status and message, under the chip the profile
// (ACLEMU_TOPOLOGY) selects: FLOAT is refused on the 310P, the op on the 910 and 310B.
#include <string>

#include "aclnnop/aclnn_einsum.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// A raw device tensor of integer (or any) element type T with a given view.
template <typename T> struct RawT {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    std::vector<T> host;
    std::vector<int64_t> shape, strides;
    RawT(aclDataType dt, const std::vector<T> &vals, const std::vector<int64_t> &view, std::vector<int64_t> st = {})
        : host(vals), shape(view), strides(st.empty() ? Contig(view) : st)
    {
        size_t bytes = vals.size() * sizeof(T);
        aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST);
        if (bytes) aclrtMemcpy(dev, bytes, vals.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        int64_t n = (int64_t)vals.size();
        t = aclCreateTensor(view.data(), view.size(), dt, strides.data(), 0, ACL_FORMAT_ND, &n, 1, dev);
    }
    ~RawT()
    {
        aclDestroyTensor(t);
        aclrtFree(dev);
    }
    T at(const std::vector<int64_t> &idx) const
    {
        int64_t o = 0;
        for (size_t i = 0; i < idx.size(); i++) o += idx[i] * strides[i];
        return host[(size_t)o];
    }
    std::vector<T> get() const { return Download<T>(dev, host.size()); }
};

// A second aclTensor over the same memory and view: a list owns (and aclDestroyTensorList
// destroys) its tensors, while the holders keep and free their own.
static aclTensor *Dup(const aclTensor *t)
{
    int64_t *shape = nullptr, *strides = nullptr, *storage = nullptr, offset = 0;
    uint64_t nd = 0, ns = 0, nst = 0;
    aclDataType dt;
    aclFormat fmt;
    void *addr = nullptr;
    aclGetViewShape(t, &shape, &nd);
    aclGetViewStrides(t, &strides, &ns);
    aclGetStorageShape(t, &storage, &nst);
    aclGetViewOffset(t, &offset);
    aclGetDataType(t, &dt);
    aclGetFormat(t, &fmt);
    aclGetRawTensorAddr(t, &addr);
    aclTensor *d = aclCreateTensor(shape, nd, dt, strides, offset, fmt, storage, nst, addr);
    delete[] shape;
    delete[] strides;
    delete[] storage;
    return d;
}

static aclTensorList *MakeList(const std::vector<aclTensor *> &ins)
{
    std::vector<aclTensor *> items;
    for (auto t : ins) items.push_back(t ? Dup(t) : nullptr);
    return aclCreateTensorList(items.data(), items.size());
}

static int RunEinsum(const std::vector<aclTensor *> &ins, const char *eq, aclTensor *out)
{
    aclTensorList *list = MakeList(ins);
    int rc = RunOp("aclnnEinsum", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnEinsumGetWorkspaceSize(list, eq, out, ws, ex); },
                   aclnnEinsum);
    aclDestroyTensorList(list);
    return rc;
}

// Stage 1 only (an empty vector passes a null list).
static int Stage1(const std::vector<aclTensor *> &ins, const char *eq, aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensorList *list = ins.empty() ? nullptr : MakeList(ins);
    int rc = aclnnEinsumGetWorkspaceSize(list, eq, out, &ws, &ex);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    if (list) aclDestroyTensorList(list);
    return rc;
}

static bool MsgHas(const char *what)
{
    const char *m = aclGetRecentErrMsg();
    return m && std::string(m).find(what) != std::string::npos;
}

// Float "abcd,abced->abce" with y either contiguous or a transposed view of (a,b,c,d,e) storage.
static void TestBmvFloat(aclDataType dt, const char *eq, int64_t A, int64_t B, int64_t C, int64_t D, int64_t E,
                         bool y_transposed, uint64_t seed)
{
    Lcg rng(seed);
    DevT x, y, out;
    MakeContig(x, dt, rng, {A, B, C, D});
    std::vector<double> yv((size_t)(A * B * C * D * E));
    for (auto &v : yv) v = rng.value();
    if (y_transposed) // storage (A,B,C,D,E), viewed as (A,B,C,E,D)
        MakeDev(y, dt, yv, {A, B, C, E, D}, {B * C * D * E, C * D * E, D * E, 1, E}, 0);
    else
        MakeDev(y, dt, yv, {A, B, C, E, D}, Contig({A, B, C, E, D}), 0);
    MakeZeros(out, dt, {A, B, C, E});
    int rc = RunEinsum({x.t, y.t}, eq, out.t);
    EXPECT(rc == 0, "Einsum bmv dt %d", (int)dt);
    if (rc) return;
    std::vector<double> g;
    for (int64_t a = 0; a < A; a++)
        for (int64_t b = 0; b < B; b++)
            for (int64_t c = 0; c < C; c++)
                for (int64_t e = 0; e < E; e++) {
                    double s = 0;
                    for (int64_t d = 0; d < D; d++) s += x.at({a, b, c, d}) * y.at({a, b, c, e, d});
                    g.push_back(s);
                }
    char name[96];
    snprintf(name, sizeof name, "Einsum %s dt%d%s", eq, (int)dt, y_transposed ? " (y transposed)" : "");
    CubeCheck(name, dt, ReadBack(out), g);
}

static double HalfRound(double v) { return RefFromHalf(RefToHalf(v)); }

// Integer "abcd,abced->abce": operands and result rounded to FLOAT16, truncated back to T.
template <typename T> static void TestBmvInt(aclDataType dt, const std::vector<T> &xv, const std::vector<T> &yv,
                                             int64_t A, int64_t B, int64_t C, int64_t D, int64_t E)
{
    RawT<T> x(dt, xv, {A, B, C, D}), y(dt, yv, {A, B, C, E, D});
    RawT<T> out(dt, std::vector<T>((size_t)(A * B * C * E), (T)0), {A, B, C, E});
    int rc = RunEinsum({x.t, y.t}, "abcd,abced->abce", out.t);
    EXPECT(rc == 0, "Einsum int bmv dt %d", (int)dt);
    if (rc) return;
    auto got = out.get();
    size_t i = 0, bad = 0;
    for (int64_t a = 0; a < A; a++)
        for (int64_t b = 0; b < B; b++)
            for (int64_t c = 0; c < C; c++)
                for (int64_t e = 0; e < E; e++, i++) {
                    double s = 0; // the sums here stay exact in FP32 accumulation
                    for (int64_t d = 0; d < D; d++)
                        s += HalfRound((double)x.at({a, b, c, d})) * HalfRound((double)y.at({a, b, c, e, d}));
                    T want = (T)std::trunc(HalfRound(s));
                    if (got[i] != want && bad++ < 5)
                        printf("  int bmv dt%d [%zu]: got %lld want %lld\n", (int)dt, i, (long long)got[i],
                               (long long)want);
                }
    EXPECT(bad == 0, "Einsum int bmv dt %d: %zu wrong", (int)dt, bad);
}

// "a,b->ab" in T (products wrap for integers), x strided, out a transposed view.
template <typename T> static void TestOuter(aclDataType dt, const std::vector<T> &xs, const std::vector<T> &yv)
{
    int64_t na = (int64_t)xs.size() / 2, nb = (int64_t)yv.size();
    RawT<T> x(dt, xs, {na}, {2}), y(dt, yv, {nb});
    // out (na, nb) viewed over (nb, na) storage
    RawT<T> out(dt, std::vector<T>((size_t)(na * nb), (T)0), {na, nb}, {1, na});
    int rc = RunEinsum({x.t, y.t}, "i,j->ij", out.t);
    EXPECT(rc == 0, "Einsum outer dt %d", (int)dt);
    if (rc) return;
    auto got = out.get();
    size_t bad = 0;
    for (int64_t i = 0; i < na; i++)
        for (int64_t j = 0; j < nb; j++) {
            T want;
            if (std::is_integral<T>::value) // wrap-around product of the dtype
                want = (T)((uint64_t)(int64_t)xs[(size_t)(2 * i)] * (uint64_t)(int64_t)yv[(size_t)j]);
            else
                want = (T)((double)xs[(size_t)(2 * i)] * (double)yv[(size_t)j]);
            if (got[(size_t)(j * na + i)] != want) bad++;
        }
    EXPECT(bad == 0, "Einsum outer dt %d: %zu wrong", (int)dt, bad);
}

static void TestOuterHalf()
{
    std::vector<double> xv = {1.5, 0, -2.25, 0, 3.0009765625, 0, -0.0, 0}, yv = {0.5, -1.25, 65504.0, 1e-3};
    DevT x, y, out;
    MakeDev(x, ACL_FLOAT16, xv, {4}, {2}, 0);
    MakeDev(y, ACL_FLOAT16, yv, {4}, {1}, 0);
    MakeZeros(out, ACL_FLOAT16, {4, 4});
    int rc = RunEinsum({x.t, y.t}, "a,b->ab", out.t);
    EXPECT(rc == 0, "Einsum outer fp16");
    if (rc) return;
    auto got = ReadBack(out);
    size_t bad = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            double want = HalfRound(x.at({i}) * y.at({j})); // one rounding of the exact product
            double gv = got[(size_t)(i * 4 + j)];
            if (!(gv == want || (std::isinf(want) && gv == want)) || std::signbit(gv) != std::signbit(want)) bad++;
        }
    EXPECT(bad == 0, "Einsum outer fp16: %zu wrong", bad);
}

static void TestChecks(bool is310p)
{
    Lcg rng(7);
    DevT x, y, o, o_bad, bf, x3, y1, xz, yz, oz, x16, y16, o16;
    MakeContig(x, ACL_FLOAT, rng, {2, 2, 2, 3});
    MakeContig(y, ACL_FLOAT, rng, {2, 2, 2, 4, 3});
    MakeZeros(o, ACL_FLOAT, {2, 2, 2, 4});
    MakeZeros(o_bad, ACL_FLOAT, {2, 2, 2, 5});
    MakeContig(x16, ACL_FLOAT16, rng, {2, 2, 2, 3});
    MakeContig(y16, ACL_FLOAT16, rng, {2, 2, 2, 4, 3});
    MakeZeros(o16, ACL_FLOAT16, {2, 2, 2, 4});
    MakeContig(bf, ACL_BF16, rng, {2, 2, 2, 3});
    MakeContig(x3, ACL_FLOAT16, rng, {2, 2, 3});
    MakeContig(y1, ACL_FLOAT16, rng, {2, 2, 2, 4, 4});
    MakeZeros(xz, ACL_FLOAT16, {2, 0, 2, 3});
    MakeZeros(yz, ACL_FLOAT16, {2, 0, 2, 4, 3});
    MakeZeros(oz, ACL_FLOAT16, {2, 0, 2, 4});
    const int INV = ACLNN_ERR_PARAM_INVALID, NUL = ACLNN_ERR_PARAM_NULLPTR;
    const char *eq = "abcd,abced->abce";
    EXPECT(Stage1({}, eq, o16.t) == NUL, "null tensors");
    EXPECT(Stage1({x16.t, nullptr}, eq, o16.t) == NUL, "null tensors[1]");
    EXPECT(Stage1({x16.t, y16.t}, eq, nullptr) == NUL, "null output");
    EXPECT(Stage1({x16.t, y16.t}, nullptr, o16.t) == NUL, "null equation");
    EXPECT(Stage1({bf.t, y16.t}, eq, o16.t) == INV && MsgHas("tensors[0]"), "BF16 refused: %s", aclGetRecentErrMsg());
    int f32 = Stage1({x.t, y.t}, eq, o.t);
    EXPECT(f32 == (is310p ? INV : 0), "FLOAT on this chip: %d", f32);
    EXPECT(Stage1({x16.t, y.t}, eq, o16.t) == (is310p ? INV : INV), "mixed dtypes");
    if (!is310p) EXPECT(MsgHas("dtype is not equal"), "mixed dtype message: %s", aclGetRecentErrMsg());
    EXPECT(Stage1({x16.t, y16.t, y16.t}, eq, o16.t) == INV && MsgHas("2 tensors"), "3 tensors");
    EXPECT(Stage1({x16.t, y16.t}, "abcd,abcde->abce", o16.t) == INV && MsgHas("failed to match"), "unknown equation");
    EXPECT(Stage1({x16.t, y16.t}, "abcd, abced->abce", o16.t) == INV, "spaces are not renamed away");
    EXPECT(Stage1({x16.t, y16.t}, "pqrs,pqrts->pqrt", o16.t) == 0, "renamed letters accepted");
    EXPECT(Stage1({x3.t, y16.t}, eq, o16.t) == INV && MsgHas("4D"), "x rank");
    EXPECT(Stage1({x16.t, y1.t}, eq, o16.t) == INV && MsgHas("dim3 [3] and tensors[1] shape dim4 [4]"),
           "d mismatch: %s", aclGetRecentErrMsg());
    EXPECT(Stage1({xz.t, yz.t}, eq, oz.t) == INV && MsgHas("should not be zero"), "empty refused");
    if (!is310p) EXPECT(Stage1({x.t, y.t}, eq, o_bad.t) == INV && MsgHas("output"), "output shape");
    // outer product checks
    DevT v3, v4, m34, m43;
    MakeContig(v3, ACL_FLOAT16, rng, {3});
    MakeContig(v4, ACL_FLOAT16, rng, {4});
    MakeZeros(m34, ACL_FLOAT16, {3, 4});
    MakeZeros(m43, ACL_FLOAT16, {4, 3});
    EXPECT(Stage1({v3.t, v4.t}, "a,b->ab", m34.t) == 0, "outer ok");
    EXPECT(Stage1({v3.t, v4.t}, "a,b->ab", m43.t) == INV, "outer output shape");
    EXPECT(Stage1({v3.t, m34.t}, "a,b->ab", m34.t) == INV && MsgHas("1D"), "outer rank");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool is910a = soc.find("Ascend910") == 0 && soc.find("Ascend910B") != 0 && soc.find("Ascend910_") != 0;
    bool is310p = soc.find("Ascend310P") == 0, is310b = soc.find("Ascend310B") == 0;
    printf("SoC %s\n", soc.c_str());
    if (is910a || is310b) { // not in the op's product list
        Lcg rng(3);
        DevT v3, v4, m34;
        MakeContig(v3, ACL_FLOAT16, rng, {3});
        MakeContig(v4, ACL_FLOAT16, rng, {4});
        MakeZeros(m34, ACL_FLOAT16, {3, 4});
        int rc = Stage1({v3.t, v4.t}, "a,b->ab", m34.t);
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR && MsgHas("not implemented"), "chip refused: %d %s", rc,
               aclGetRecentErrMsg());
    } else {
        if (!is310p) {
            TestBmvFloat(ACL_FLOAT, "abcd,abced->abce", 2, 3, 2, 37, 9, false, 1);
            TestBmvFloat(ACL_FLOAT, "ijkl,ijkml->ijkm", 1, 2, 3, 64, 17, true, 2);
        }
        TestBmvFloat(ACL_FLOAT16, "abcd,abced->abce", 2, 2, 3, 19, 8, false, 3);
        TestBmvFloat(ACL_FLOAT16, "wxyz,wxyvz->wxyv", 3, 1, 2, 8, 33, true, 4);
        // integers: small values exact; 2049 is not a FLOAT16 (rounds to 2048) as operand and as sum
        std::vector<int32_t> xi, yi;
        for (int i = 0; i < 2 * 3 * 4; i++) xi.push_back((i % 7) - 3);
        xi[0] = 2049;
        for (int i = 0; i < 2 * 3 * 5 * 4; i++) yi.push_back((i % 5) - 2);
        TestBmvInt<int32_t>(ACL_INT32, xi, yi, 2, 3, 1, 4, 5);
        std::vector<int64_t> xl = {1000, 1000, 49, 7}, yl = {1, 1, 1, 0, -2, 3, 5, 1};
        TestBmvInt<int64_t>(ACL_INT64, xl, yl, 1, 1, 1, 4, 2); // 2049 -> 2048 as a sum
        std::vector<uint16_t> xu = {1, 2, 3, 4, 5, 6}, yu = {6, 5, 4, 3, 2, 1, 0, 1, 0, 1, 0, 1};
        TestBmvInt<uint16_t>(ACL_UINT16, xu, yu, 1, 1, 2, 3, 2);
        TestOuter<int32_t>(ACL_INT32, {70000, 0, -3, 0, 5, 0}, {70000, 2, -1, 0});
        TestOuter<int64_t>(ACL_INT64, {1LL << 40, 0, -7, 0}, {1LL << 30, 3, -5});
        TestOuter<uint32_t>(ACL_UINT32, {4000000000u, 0, 3, 0}, {2, 7});
        if (!is310p) TestOuter<float>(ACL_FLOAT, {1.5f, 0, -2.f, 0, 1e30f, 0}, {3.f, 1e10f, -0.f});
        TestOuterHalf();
        TestChecks(is310p);
    }
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
