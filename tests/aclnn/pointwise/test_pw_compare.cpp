// aclnnEq/Ne/Gt/Ge/Lt/Le Tensor/Scalar and their Inplace twins against a double reference:
// dtypes, promotion (tensor-tensor and the scalar rules per chip), broadcasting, views
// (transposed, strided + offset, 0-d, empty, rank 8), NaN/Inf/signed zero, every validation path.
// Runs under the default (910B), the 310P and the 950 topologies.
#include "aclnnop/aclnn_eq_scalar.h"
#include "aclnnop/aclnn_eq_tensor.h"
#include "aclnnop/aclnn_ge_scalar.h"
#include "aclnnop/aclnn_ge_tensor.h"
#include "aclnnop/aclnn_gt_scalar.h"
#include "aclnnop/aclnn_gt_tensor.h"
#include "aclnnop/aclnn_le_scalar.h"
#include "aclnnop/aclnn_le_tensor.h"
#include "aclnnop/aclnn_lt_scalar.h"
#include "aclnnop/aclnn_lt_tensor.h"
#include "aclnnop/aclnn_ne_scalar.h"
#include "aclnnop/aclnn_ne_tensor.h"
#include "pw_test.h"

typedef aclnnStatus (*TensorS1)(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*ScalarS1)(const aclTensor *, const aclScalar *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*S2)(void *, uint64_t, aclOpExecutor *, aclrtStream);

struct Cmp {
    const char *name;
    TensorS1 t1;
    S2 t2;
    ScalarS1 s1;
    S2 s2;
    bool bool_in;   // BOOL self accepted on 910B
    int (*ref)(double, double);
};
static int Eq(double a, double b) { return a == b; }
static int Ne(double a, double b) { return a != b; }
static int Gt(double a, double b) { return a > b; }
static int Ge(double a, double b) { return a >= b; }
static int Lt(double a, double b) { return a < b; }
static int Le(double a, double b) { return a <= b; }

static const Cmp kOps[] = {
    {"Eq", aclnnEqTensorGetWorkspaceSize, aclnnEqTensor, aclnnEqScalarGetWorkspaceSize, aclnnEqScalar, true, Eq},
    {"Ne", aclnnNeTensorGetWorkspaceSize, aclnnNeTensor, aclnnNeScalarGetWorkspaceSize, aclnnNeScalar, true, Ne},
    {"Gt", aclnnGtTensorGetWorkspaceSize, aclnnGtTensor, aclnnGtScalarGetWorkspaceSize, aclnnGtScalar, true, Gt},
    {"Ge", aclnnGeTensorGetWorkspaceSize, aclnnGeTensor, aclnnGeScalarGetWorkspaceSize, aclnnGeScalar, false, Ge},
    {"Lt", aclnnLtTensorGetWorkspaceSize, aclnnLtTensor, aclnnLtScalarGetWorkspaceSize, aclnnLtScalar, true, Lt},
    {"Le", aclnnLeTensorGetWorkspaceSize, aclnnLeTensor, aclnnLeScalarGetWorkspaceSize, aclnnLeScalar, true, Le},
};

static aclrtStream g_stream;
static bool g_bf16 = true, g_regbase = false;

// One tensor-tensor case: golden = ref(round_c(a), round_c(b)) with c the promoted dtype.
static void TensorCase(const Cmp &op, aclDataType da, std::vector<int64_t> sa, Layout la, aclDataType db,
                       std::vector<int64_t> sb, Layout lb, aclDataType promoted, aclDataType dout,
                       std::vector<int64_t> so)
{
    std::vector<double> va = Values(da, GetShapeSize(sa), 11), vb = Values(db, GetShapeSize(sb), 12);
    for (size_t i = 0; i < vb.size() && i < va.size(); i += 3) vb[i] = RoundTo(db, va[i]); // some equal pairs
    DevT a = Make(da, sa, va, la), b = Make(db, sb, vb, lb), o = MakeFill(dout, so, 7);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return op.t1(a.t, b.t, o.t, w, e); }, op.t2);
    std::string name = std::string(op.name) + "Tensor " + aclDataTypeName(da) + " x " + aclDataTypeName(db);
    EXPECT(rc == 0, "%s: stage 1 %d %s", name.c_str(), rc, aclGetRecentErrMsg());
    if (rc == 0) {
        std::vector<double> g((size_t)GetShapeSize(so));
        for (int64_t i = 0; i < (int64_t)g.size(); i++)
            g[(size_t)i] = op.ref(RoundTo(promoted, va[(size_t)BIndex(so, sa, i)]),
                                  RoundTo(promoted, vb[(size_t)BIndex(so, sb, i)]));
        Expect(name, o, g);
    }
    a.Free(); b.Free(); o.Free();
}

static void ScalarCase(const Cmp &op, aclDataType da, std::vector<int64_t> sa, Layout la, aclScalar *s, double sv,
                       aclDataType promoted, aclDataType dout, const char *what)
{
    std::vector<double> va = Values(da, GetShapeSize(sa), 21);
    if (va.size() > 5) va[5] = RoundTo(da, sv);
    DevT a = Make(da, sa, va, la), o = MakeFill(dout, sa, 7);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return op.s1(a.t, s, o.t, w, e); }, op.s2);
    std::string name = std::string(op.name) + "Scalar " + what;
    EXPECT(rc == 0, "%s: stage 1 %d %s", name.c_str(), rc, aclGetRecentErrMsg());
    if (rc == 0) {
        std::vector<double> g(va.size());
        for (size_t i = 0; i < g.size(); i++) g[i] = op.ref(RoundTo(promoted, va[i]), RoundTo(promoted, sv));
        Expect(name, o, g);
    }
    a.Free(); o.Free();
}

static void Numerics()
{
    for (const Cmp &op : kOps) {
        TensorCase(op, ACL_FLOAT, {3, 5, 7}, CONTIG, ACL_FLOAT, {3, 5, 7}, CONTIG, ACL_FLOAT, ACL_BOOL, {3, 5, 7});
        TensorCase(op, ACL_FLOAT16, {4, 6}, TRANSPOSED, ACL_FLOAT16, {6}, CONTIG, ACL_FLOAT16, ACL_BOOL, {4, 6});
        if (g_bf16)
            TensorCase(op, ACL_BF16, {2, 3, 4, 5}, STRIDED, ACL_BF16, {3, 1, 5}, CONTIG, ACL_BF16, ACL_BOOL,
                       {2, 3, 4, 5});
        TensorCase(op, ACL_INT32, {5, 9}, STRIDED, ACL_INT64, {9}, CONTIG, ACL_INT64, ACL_BOOL, {5, 9});
        TensorCase(op, ACL_INT8, {5, 7}, CONTIG, ACL_FLOAT, {5, 1}, TRANSPOSED, ACL_FLOAT, ACL_FLOAT, {5, 7});
        TensorCase(op, ACL_DOUBLE, {64}, CONTIG, ACL_DOUBLE, {}, CONTIG, ACL_DOUBLE, ACL_INT32, {64});
        TensorCase(op, ACL_FLOAT16, {40}, CONTIG, ACL_FLOAT, {40}, STRIDED, ACL_FLOAT, ACL_BOOL, {40});
        TensorCase(op, ACL_UINT8, {3, 17}, CONTIG, ACL_INT8, {3, 17}, CONTIG, ACL_INT16, ACL_BOOL, {3, 17});
        TensorCase(op, ACL_FLOAT, {0, 3}, CONTIG, ACL_FLOAT, {3}, CONTIG, ACL_FLOAT, ACL_BOOL, {0, 3});
        TensorCase(op, ACL_FLOAT, {}, CONTIG, ACL_FLOAT, {}, CONTIG, ACL_FLOAT, ACL_BOOL, {});
        TensorCase(op, ACL_INT32, {2, 1, 2, 1, 2, 1, 2, 3}, CONTIG, ACL_INT32, {2, 1, 3}, CONTIG, ACL_INT32, ACL_BOOL,
                   {2, 1, 2, 1, 2, 2, 2, 3});
        TensorCase(op, ACL_FLOAT, {70000}, CONTIG, ACL_FLOAT, {70000}, CONTIG, ACL_FLOAT, ACL_BOOL, {70000});
        if (op.bool_in)
            TensorCase(op, ACL_BOOL, {9}, CONTIG, ACL_BOOL, {9}, CONTIG, ACL_BOOL, ACL_BOOL, {9});

        float f05 = 0.5f;
        double d01 = 0.1, d05 = 0.5;
        int64_t i3 = 3, big = 300;
        float f25 = 2.5f;
        aclScalar *sf = aclCreateScalar(&f05, ACL_FLOAT), *sd01 = aclCreateScalar(&d01, ACL_DOUBLE),
                  *sd05 = aclCreateScalar(&d05, ACL_DOUBLE), *si3 = aclCreateScalar(&i3, ACL_INT64),
                  *sbig = aclCreateScalar(&big, ACL_INT64), *sf25 = aclCreateScalar(&f25, ACL_FLOAT);
        ScalarCase(op, ACL_FLOAT, {6, 7}, TRANSPOSED, sf, 0.5, ACL_FLOAT, ACL_BOOL, "FLOAT x 0.5f");
        ScalarCase(op, ACL_INT32, {50}, STRIDED, si3, 3, g_regbase ? ACL_INT32 : ACL_INT64, ACL_BOOL, "INT32 x 3L");
        ScalarCase(op, ACL_INT32, {50}, CONTIG, sf25, 2.5, ACL_FLOAT, ACL_FLOAT, "INT32 x 2.5f");
        // 910/910B: INT8 with an INT64 scalar compares in INT64; RegBase keeps INT8 (300 wraps to 44)
        ScalarCase(op, ACL_INT8, {40}, CONTIG, sbig, g_regbase ? 44 : 300, g_regbase ? ACL_INT8 : ACL_INT64,
                   ACL_BOOL, "INT8 x 300L");
        if (!g_regbase && std::string(op.name) == "Gt") {
            // GtScalar keeps FLOAT16 when the DOUBLE scalar survives the cast (0.5), else DOUBLE (0.1)
            ScalarCase(op, ACL_FLOAT16, {30}, CONTIG, sd05, 0.5, ACL_FLOAT16, ACL_BOOL, "FLOAT16 x 0.5 (kept)");
            ScalarCase(op, ACL_FLOAT16, {30}, CONTIG, sd01, 0.1, ACL_DOUBLE, ACL_BOOL, "FLOAT16 x 0.1 (DOUBLE)");
        }
        aclDestroyScalar(sf); aclDestroyScalar(sd01); aclDestroyScalar(sd05); aclDestroyScalar(si3);
        aclDestroyScalar(sbig); aclDestroyScalar(sf25);
    }
}

static void Inplace()
{
    // InplaceGtScalar on FLOAT: 1.0 / 0.0 written into selfRef
    std::vector<double> v = Values(ACL_FLOAT, 33, 5);
    DevT s = Make(ACL_FLOAT, {3, 11}, v, TRANSPOSED);
    float th = 0.25f;
    aclScalar *sc = aclCreateScalar(&th, ACL_FLOAT);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceGtScalarGetWorkspaceSize(s.t, sc, w, e); },
                 aclnnInplaceGtScalar);
    EXPECT(rc == 0, "InplaceGtScalar: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> g(v.size());
    for (size_t i = 0; i < v.size(); i++) g[i] = v[i] > 0.25;
    Expect("InplaceGtScalar", s, g);
    s.Free();
    aclDestroyScalar(sc);

    // InplaceEqTensor on INT32 with a broadcast other
    std::vector<double> a = Values(ACL_INT32, 24, 6), b = Values(ACL_INT32, 6, 7);
    for (int i = 0; i < 6; i++) a[(size_t)i * 4] = b[(size_t)i];
    DevT x = Make(ACL_INT32, {4, 6}, a), y = Make(ACL_INT32, {6}, b);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceEqTensorGetWorkspaceSize(x.t, y.t, w, e); },
             aclnnInplaceEqTensor);
    EXPECT(rc == 0, "InplaceEqTensor: %d %s", rc, aclGetRecentErrMsg());
    for (size_t i = 0; i < a.size(); i++) a[i] = a[i] == b[i % 6];
    Expect("InplaceEqTensor", x, a);

    // every other in-place twin runs once (Ne/Ge/Lt/Le tensor, Eq/Ne/Ge/Lt/Le scalar)
    DevT p = Make(ACL_FLOAT, {8}, {1, 2, 3, 4, 5, 6, 7, 8}), q = Make(ACL_FLOAT, {8}, {4, 4, 4, 4, 4, 4, 4, 4});
    struct TT { const char *n; aclnnStatus (*s1)(aclTensor *, const aclTensor *, uint64_t *, aclOpExecutor **); S2 s2; int (*ref)(double, double); };
    TT tts[] = {{"InplaceNeTensor", aclnnInplaceNeTensorGetWorkspaceSize, aclnnInplaceNeTensor, Ne},
                {"InplaceGeTensor", aclnnInplaceGeTensorGetWorkspaceSize, aclnnInplaceGeTensor, Ge},
                {"InplaceLeTensor", aclnnInplaceLeTensorGetWorkspaceSize, aclnnInplaceLeTensor, Le}};
    for (auto &t : tts) {
        DevT z = Make(ACL_FLOAT, {8}, {1, 2, 3, 4, 5, 6, 7, 8});
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return t.s1(z.t, q.t, w, e); }, t.s2);
        EXPECT(rc == 0, "%s: %d %s", t.n, rc, aclGetRecentErrMsg());
        std::vector<double> gg(8);
        for (int i = 0; i < 8; i++) gg[(size_t)i] = t.ref(i + 1, 4);
        Expect(t.n, z, gg);
        z.Free();
    }
    {
        DevT z = Make(ACL_FLOAT, {8}, {1, 2, 3, 4, 5, 6, 7, 8});
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceGtTensorGetWorkspaceSize(z.t, q.t, w, e); },
                 aclnnInplaceGtTensor);
        std::vector<double> gg(8);
        for (int i = 0; i < 8; i++) gg[(size_t)i] = i + 1 > 4;
        Expect("InplaceGtTensor", z, gg);
        z.Free();
        z = Make(ACL_FLOAT, {8}, {1, 2, 3, 4, 5, 6, 7, 8});
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceLtTensorGetWorkspaceSize(z.t, q.t, w, e); },
                 aclnnInplaceLtTensor);
        for (int i = 0; i < 8; i++) gg[(size_t)i] = i + 1 < 4;
        Expect("InplaceLtTensor", z, gg);
        z.Free();
    }
    float four = 4.0f;
    aclScalar *s4 = aclCreateScalar(&four, ACL_FLOAT);
    struct TS { const char *n; aclnnStatus (*s1)(aclTensor *, const aclScalar *, uint64_t *, aclOpExecutor **); S2 s2; int (*ref)(double, double); };
    TS tss[] = {{"InplaceNeScalar", aclnnInplaceNeScalarGetWorkspaceSize, aclnnInplaceNeScalar, Ne},
                {"InplaceGeScalar", aclnnInplaceGeScalarGetWorkspaceSize, aclnnInplaceGeScalar, Ge},
                {"InplaceLeScalar", aclnnInplaceLeScalarGetWorkspaceSize, aclnnInplaceLeScalar, Le}};
    for (auto &t : tss) {
        DevT z = Make(ACL_FLOAT, {8}, {1, 2, 3, 4, 5, 6, 7, 8});
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return t.s1(z.t, s4, w, e); }, t.s2);
        EXPECT(rc == 0, "%s: %d %s", t.n, rc, aclGetRecentErrMsg());
        std::vector<double> gg(8);
        for (int i = 0; i < 8; i++) gg[(size_t)i] = t.ref(i + 1, 4);
        Expect(t.n, z, gg);
        z.Free();
    }
    {
        DevT z = Make(ACL_FLOAT, {8}, {1, 2, 3, 4, 5, 6, 7, 8});
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceEqScalarGetWorkspaceSize(z.t, s4, w, e); },
                 aclnnInplaceEqScalar);
        std::vector<double> gg(8);
        for (int i = 0; i < 8; i++) gg[(size_t)i] = i + 1 == 4;
        Expect("InplaceEqScalar", z, gg);
        z.Free();
        z = Make(ACL_FLOAT, {8}, {1, 2, 3, 4, 5, 6, 7, 8});
        rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceLtScalarGetWorkspaceSize(z.t, s4, w, e); },
                 aclnnInplaceLtScalar);
        for (int i = 0; i < 8; i++) gg[(size_t)i] = i + 1 < 4;
        Expect("InplaceLtScalar", z, gg);
        z.Free();
    }
    aclDestroyScalar(s4);

    // selfRef smaller than the broadcast shape is refused before the dtype checks
    DevT small = Make(ACL_FLOAT, {1, 8}, std::vector<double>(8, 1)), tall = Make(ACL_FLOAT, {3, 8}, std::vector<double>(24, 1));
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectRefused("InplaceLtTensor broadcast", aclnnInplaceLtTensorGetWorkspaceSize(small.t, tall.t, &ws, &ex), 161002,
                  "selfRef");
    x.Free(); y.Free(); p.Free(); q.Free(); small.Free(); tall.Free();
}

static void Complex()
{
    // Eq/Ne on COMPLEX64: parts compared together (imaginary part set in the raw bytes)
    DevT a = Make(ACL_COMPLEX64, {4}, {1, 2, 3, 4}), b = Make(ACL_COMPLEX64, {4}, {1, 2, 3, 5});
    float im = 1.0f;
    aclrtMemcpy((char *)a.dev + 4, 4, &im, 4, ACL_MEMCPY_HOST_TO_DEVICE); // a[0] = 1 + 1i
    DevT o = MakeFill(ACL_BOOL, {4}, 0);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnEqTensorGetWorkspaceSize(a.t, b.t, o.t, w, e); },
                 aclnnEqTensor);
    EXPECT(rc == 0, "EqTensor COMPLEX64: %d %s", rc, aclGetRecentErrMsg());
    Expect("EqTensor COMPLEX64", o, {0, 1, 1, 0});
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnNeTensorGetWorkspaceSize(a.t, b.t, o.t, w, e); },
             aclnnNeTensor);
    Expect("NeTensor COMPLEX64", o, {1, 0, 0, 1});
    a.Free(); b.Free(); o.Free();
}

static void Validation()
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevT f = Make(ACL_FLOAT, {2, 3}, std::vector<double>(6, 1)), ob = MakeFill(ACL_BOOL, {2, 3}, 0);
    DevT bad_out = MakeFill(ACL_BOOL, {3, 2}, 0), f5 = MakeFill(ACL_FLOAT, {5}, 1);
    DevT u16 = MakeFill(ACL_UINT16, {2, 3}, 1), i8 = MakeFill(ACL_INT8, {2, 3}, 1), bl = MakeFill(ACL_BOOL, {2, 3}, 1);
    std::vector<int64_t> r9(9, 1);
    DevT f9 = MakeFill(ACL_FLOAT, r9, 1);
    float one = 1.0f;
    aclScalar *s1 = aclCreateScalar(&one, ACL_FLOAT);

    ExpectRefused("EqTensor null self", aclnnEqTensorGetWorkspaceSize(nullptr, f.t, ob.t, &ws, &ex), 161001, "self");
    ExpectRefused("GtTensor null other", aclnnGtTensorGetWorkspaceSize(f.t, nullptr, ob.t, &ws, &ex), 161001, "other");
    ExpectRefused("LtScalar null other", aclnnLtScalarGetWorkspaceSize(f.t, nullptr, ob.t, &ws, &ex), 161001, "other");
    ExpectRefused("GeScalar null out", aclnnGeScalarGetWorkspaceSize(f.t, s1, nullptr, &ws, &ex), 161001, "out");
    ExpectRefused("GeTensor BOOL self", aclnnGeTensorGetWorkspaceSize(bl.t, f.t, ob.t, &ws, &ex), 161002,
                  "dtype support list");
    ExpectRefused("GtTensor UINT16 x INT8", aclnnGtTensorGetWorkspaceSize(u16.t, i8.t, ob.t, &ws, &ex), 161002,
                  "can not promote");
    ExpectRefused("NeTensor broadcast", aclnnNeTensorGetWorkspaceSize(f.t, f5.t, ob.t, &ws, &ex), 161002, "broadcast");
    ExpectRefused("LeTensor out shape", aclnnLeTensorGetWorkspaceSize(f.t, f.t, bad_out.t, &ws, &ex), 161002,
                  "BroadcastShape");
    ExpectRefused("EqScalar out shape", aclnnEqScalarGetWorkspaceSize(f.t, s1, bad_out.t, &ws, &ex), 161002, "shape");
    ExpectRefused("GtScalar rank 9", aclnnGtScalarGetWorkspaceSize(f9.t, s1, f9.t, &ws, &ex), 161002, "");
    if (!g_bf16) { // 310P: BF16 is not in any list
        DevT b = MakeFill(ACL_BF16, {2, 3}, 1);
        ExpectRefused("LtTensor BF16 on 310P", aclnnLtTensorGetWorkspaceSize(b.t, b.t, ob.t, &ws, &ex), 161002,
                      "DT_BF16");
        b.Free();
    }
    // EqTensor's 910 list has UINT32 (the 910B one does not)
    DevT u32 = Make(ACL_UINT32, {4}, {1, 2, 3, 4000000000.0}), u32b = Make(ACL_UINT32, {4}, {1, 5, 3, 4000000000.0});
    DevT o4 = MakeFill(ACL_BOOL, {4}, 0);
    int rc = aclnnEqTensorGetWorkspaceSize(u32.t, u32b.t, o4.t, &ws, &ex);
    if (!g_bf16) {
        EXPECT(rc == 0, "EqTensor UINT32 on 310P: %d %s", rc, aclGetRecentErrMsg());
        if (rc == 0) {
            void *w = nullptr;
            if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
            EXPECT(aclnnEqTensor(w, ws, ex, g_stream) == 0, "EqTensor UINT32 stage 2");
            aclrtSynchronizeStream(g_stream);
            Expect("EqTensor UINT32", o4, {1, 0, 1, 1});
            if (w) aclrtFree(w);
        }
    } else if (!g_regbase) {
        ExpectRefused("EqTensor UINT32 on 910B", rc, 161002, "DT_UINT32");
    }
    aclDestroyScalar(s1);
    f.Free(); ob.Free(); bad_out.Free(); f5.Free(); u16.Free(); i8.Free(); bl.Free(); f9.Free();
    u32.Free(); u32b.Free(); o4.Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = SocName();
    g_bf16 = soc.find("310") == std::string::npos && soc != "Ascend910A" && soc != "Ascend910";
    g_regbase = soc.find("950") != std::string::npos;
    printf("soc %s (bf16 %d, regbase %d)\n", soc.c_str(), g_bf16, g_regbase);
    Numerics();
    Inplace();
    Complex();
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
