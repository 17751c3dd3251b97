// The ops-math basics of issue 3: Sub / Subs / InplaceSub / InplaceSubs, Div / Divs / DivMod
// (true, trunc, floor) / DivMods and their inplace forms, Permute and InplaceFillScalar; float
// and integer dtypes, broadcasting, strided views; checked against double arithmetic here.
#include "act_test_util.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_fill_scalar.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_sub.h"

static void TestSub(aclrtStream stream)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_DOUBLE};
    for (aclDataType dt : dts) {
        bool ints = dt == ACL_INT32;
        std::vector<double> a = QuantAll(dt, RandomValues(4 * 11, 1, ints ? 100 : 1)), b = QuantAll(dt, RandomValues(11, 2, ints ? 100 : 1));
        float af = 1.5f;
        int32_t ai = 3;
        double alpha = ints ? 3 : 1.5;
        for (int form = 0; form < 4; form++) { // Sub, Subs, InplaceSub, InplaceSubs
            bool scalar = form % 2 == 1, inplace = form >= 2;
            std::vector<double> golden(a.size());
            double bs = ints ? (double)(int32_t)b[0] : (double)(float)b[0]; // the scalar as passed
            for (size_t i = 0; i < a.size(); i++) golden[i] = a[i] - alpha * (scalar ? bs : b[i % 11]);
            DevTensor ta, tb, to;
            if (!ta.Init(dt, {4, 11}, a, inplace ? STRIDED : CONTIG) || !tb.Init(dt, {11}, b, STRIDED) || !to.Init(dt, {4, 11}, {}, TRANSPOSED)) return;
            aclScalar *al = ints ? aclCreateScalar(&ai, ACL_INT32) : aclCreateScalar(&af, ACL_FLOAT);
            float bf = (float)b[0];
            int32_t bi = (int32_t)b[0];
            aclScalar *other = ints ? aclCreateScalar(&bi, ACL_INT32) : aclCreateScalar(&bf, ACL_FLOAT);
            int rc;
            if (form == 0) rc = Run("aclnnSub", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSubGetWorkspaceSize(ta.t, tb.t, al, to.t, w, e); }, aclnnSub);
            else if (form == 1) rc = Run("aclnnSubs", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnSubsGetWorkspaceSize(ta.t, other, al, to.t, w, e); }, aclnnSubs);
            else if (form == 2) rc = Run("aclnnInplaceSub", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceSubGetWorkspaceSize(ta.t, tb.t, al, w, e); }, aclnnInplaceSub);
            else rc = Run("aclnnInplaceSubs", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceSubsGetWorkspaceSize(ta.t, other, al, w, e); }, aclnnInplaceSubs);
            aclDestroyScalar(al);
            aclDestroyScalar(other);
            std::string what = std::string("Sub form ") + std::to_string(form) + " " + DtName(dt);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), ints ? ACL_DOUBLE : dt, inplace ? ta.Read() : to.Read(), golden);
            if (inplace) EXPECT(ta.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
        }
    }
}

static double DivRef(double x, double y, int mode)
{
    double q = x / y;
    return mode == 1 ? std::trunc(q) : mode == 2 ? std::floor(q) : q;
}

static void TestDiv(aclrtStream stream)
{
    // floats: true / trunc / floor division; FP16 / BF16 quotients are rounded before trunc/floor,
    // so their goldens come from the rounded quotient
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (aclDataType dt : dts)
        for (int mode = 0; mode < 3; mode++) {
            std::vector<double> a = QuantAll(dt, RandomValues(6 * 9, 3, 4)), b = QuantAll(dt, RandomValues(9, 4));
            for (double &v : b) if (std::fabs(v) < 0.25) v = Quant(dt, 0.75);
            std::vector<double> golden(a.size());
            for (size_t i = 0; i < a.size(); i++) {
                double q = a[i] / b[i % 9];
                if (mode && dt != ACL_DOUBLE) q = Quant(dt, (float)q);
                golden[i] = mode == 1 ? std::trunc(q) : mode == 2 ? std::floor(q) : q;
            }
            DevTensor ta, tb, to;
            if (!ta.Init(dt, {6, 9}, a, STRIDED) || !tb.Init(dt, {9}, b, CONTIG) || !to.Init(dt, {6, 9}, {}, TRANSPOSED)) return;
            int rc = mode == 0 ? Run("aclnnDiv", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnDivGetWorkspaceSize(ta.t, tb.t, to.t, w, e); }, aclnnDiv)
                               : Run("aclnnDivMod", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnDivModGetWorkspaceSize(ta.t, tb.t, mode, to.t, w, e); }, aclnnDivMod);
            std::string what = std::string("Div mode ") + std::to_string(mode) + " " + DtName(dt);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), dt, to.Read(), golden);
        }
    // integers: true division gives FLOAT; trunc / floor stay integral; inplace and scalar forms
    std::vector<double> a = {7, -7, 9, -9, 0, 5, 6, -1}, b = {2, 2, -4, -4, 3, 5, 4, 3};
    DevTensor ta, tb, tf, ti;
    if (!ta.Init(ACL_INT32, {8}, a, CONTIG) || !tb.Init(ACL_INT32, {8}, b, STRIDED) || !tf.Init(ACL_FLOAT, {8}, {}, CONTIG) ||
        !ti.Init(ACL_INT32, {8}, {}, CONTIG)) return;
    EXPECT(Run("aclnnDiv", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnDivGetWorkspaceSize(ta.t, tb.t, tf.t, w, e); }, aclnnDiv) == 0, "int div");
    std::vector<double> g(8);
    for (int i = 0; i < 8; i++) g[(size_t)i] = a[(size_t)i] / b[(size_t)i];
    CheckDtype("Div int32->fp32", ACL_FLOAT, tf.Read(), g);
    for (int mode = 1; mode < 3; mode++) {
        EXPECT(Run("aclnnDivMod", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnDivModGetWorkspaceSize(ta.t, tb.t, mode, ti.t, w, e); }, aclnnDivMod) == 0, "int divmod");
        std::vector<double> r = ti.Read();
        for (int i = 0; i < 8; i++) EXPECT(r[(size_t)i] == DivRef(a[(size_t)i], b[(size_t)i], mode), "DivMod int32 mode %d: %g/%g = %g", mode, a[(size_t)i], b[(size_t)i], r[(size_t)i]);
    }
    float two = 2.0f;
    aclScalar *s2 = aclCreateScalar(&two, ACL_FLOAT);
    DevTensor tx;
    std::vector<double> xv = {1, -3, 5.5, 8};
    if (!tx.Init(ACL_FLOAT, {4}, xv, STRIDED)) return;
    EXPECT(Run("aclnnInplaceDivs", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceDivsGetWorkspaceSize(tx.t, s2, w, e); }, aclnnInplaceDivs) == 0, "inplace divs");
    std::vector<double> r = tx.Read();
    for (int i = 0; i < 4; i++) EXPECT(r[(size_t)i] == xv[(size_t)i] / 2, "InplaceDivs %d: %g", i, r[(size_t)i]);
    EXPECT(Run("aclnnInplaceDivMods", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceDivModsGetWorkspaceSize(tx.t, s2, 2, w, e); }, aclnnInplaceDivMods) == 0, "inplace divmods");
    r = tx.Read();
    for (int i = 0; i < 4; i++) EXPECT(r[(size_t)i] == std::floor(xv[(size_t)i] / 4), "InplaceDivMods floor %d: %g", i, r[(size_t)i]);
    EXPECT(tx.CountClobbered() == 0, "InplaceDivs wrote outside the view");
    aclDestroyScalar(s2);
}

static void TestPermute(aclrtStream stream)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_INT8, ACL_DOUBLE};
    std::vector<int64_t> shape = {2, 3, 5, 7}, perm = {2, 0, 3, 1}, oshape = {5, 2, 7, 3};
    for (aclDataType dt : dts) {
        std::vector<double> x(210);
        for (size_t i = 0; i < x.size(); i++) x[i] = Quant(dt, (double)((int)i % 100) - 50);
        DevTensor tx, ty;
        if (!tx.Init(dt, shape, x, STRIDED) || !ty.Init(dt, oshape, {}, CONTIG)) return;
        std::vector<int64_t> dims = {2, -4, 3, 1}; // -4 == 0
        aclIntArray *d = aclCreateIntArray(dims.data(), 4);
        int rc = Run("aclnnPermute", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnPermuteGetWorkspaceSize(tx.t, d, ty.t, w, e); }, aclnnPermute);
        aclDestroyIntArray(d);
        EXPECT(rc == 0, "permute %s", DtName(dt));
        if (rc) continue;
        std::vector<double> y = ty.Read();
        size_t bad = 0;
        for (int64_t o = 0; o < 210; o++) {
            int64_t r = o, oi[4], si[4];
            for (int k = 3; k >= 0; k--) { oi[k] = r % oshape[(size_t)k]; r /= oshape[(size_t)k]; }
            for (int k = 0; k < 4; k++) si[perm[(size_t)k]] = oi[k];
            int64_t s = ((si[0] * 3 + si[1]) * 5 + si[2]) * 7 + si[3];
            bad += y[(size_t)o] != x[(size_t)s];
        }
        EXPECT(bad == 0, "Permute %s: %zu wrong elements", DtName(dt), bad);
    }
}

// The tiled walk of a swap of the last two dims (16 x 16 tiles of whole output rows, element runs
// for a block's partial rows and for the tile tails): 2-D and batched, every element size.
static void TestPermuteTiled(aclrtStream stream)
{
    struct { std::vector<int64_t> shape, perm; } cases[] = {{{40, 33}, {1, 0}}, {{300, 20}, {1, 0}} /* past one 256-column piece */, {{3, 37, 50}, {0, 2, 1}}, {{2, 16, 3, 17}, {0, 2, 3, 1}}};
    for (auto &c : cases)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT64}) {
            size_t nd = c.shape.size(), n = 1;
            for (int64_t v : c.shape) n *= (size_t)v;
            std::vector<int64_t> os(nd);
            for (size_t k = 0; k < nd; k++) os[k] = c.shape[(size_t)c.perm[k]];
            std::vector<double> x(n);
            for (size_t i = 0; i < n; i++) x[i] = Quant(dt, (double)((int)(i * 7) % 101) - 50);
            DevTensor tx, ty;
            if (!tx.Init(dt, c.shape, x, CONTIG) || !ty.Init(dt, os, {}, CONTIG)) return;
            aclIntArray *d = aclCreateIntArray(c.perm.data(), nd);
            int rc = Run("aclnnPermute", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnPermuteGetWorkspaceSize(tx.t, d, ty.t, w, e); }, aclnnPermute);
            aclDestroyIntArray(d);
            EXPECT(rc == 0, "permute tiled %s", DtName(dt));
            if (rc) continue;
            std::vector<double> y = ty.Read();
            size_t bad = 0;
            for (size_t o = 0; o < n; o++) {
                size_t r = o;
                std::vector<int64_t> oi(nd), si(nd);
                for (size_t k = nd; k-- > 0;) { oi[k] = (int64_t)(r % (size_t)os[k]); r /= (size_t)os[k]; }
                for (size_t k = 0; k < nd; k++) si[(size_t)c.perm[k]] = oi[k];
                size_t sflat = 0;
                for (size_t k = 0; k < nd; k++) sflat = sflat * (size_t)c.shape[k] + (size_t)si[k];
                bad += y[o] != x[sflat];
            }
            EXPECT(bad == 0, "Permute tiled %s rank %zu: %zu wrong elements", DtName(dt), nd, bad);
            EXPECT(ty.CountClobbered() == 0, "Permute tiled %s: wrote outside out", DtName(dt));
        }
}

static void TestFill(aclrtStream stream)
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8, ACL_DOUBLE, ACL_BOOL, ACL_INT64};
    for (aclDataType dt : dts) {
        DevTensor t;
        if (!t.Init(dt, {3, 5, 2}, {}, STRIDED, 9)) return;
        float v = dt == ACL_BOOL ? 1.0f : -2.75f;
        aclScalar *s = aclCreateScalar(&v, ACL_FLOAT);
        int rc = Run("aclnnInplaceFillScalar", stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceFillScalarGetWorkspaceSize(t.t, s, w, e); }, aclnnInplaceFillScalar);
        aclDestroyScalar(s);
        EXPECT(rc == 0, "fill %s", DtName(dt));
        if (rc) continue;
        double want = aclDataType(dt) == ACL_BOOL ? 1.0 : (dt == ACL_INT32 || dt == ACL_INT8 || dt == ACL_INT64) ? -2.0 : Quant(dt, -2.75);
        std::vector<double> r = t.Read();
        size_t bad = 0;
        for (double x : r) bad += x != want;
        EXPECT(bad == 0, "InplaceFillScalar %s: %zu wrong", DtName(dt), bad);
        EXPECT(t.CountClobbered(9) == 0, "InplaceFillScalar %s wrote outside the view", DtName(dt));
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestSub(rt.stream);
    TestDiv(rt.stream);
    TestPermute(rt.stream);
    TestPermuteTiled(rt.stream);
    TestFill(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
