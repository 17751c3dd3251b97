// aclnnMaskedSelect against a reference written here (torch.masked_select: self and mask
// broadcast, the selected elements in row-major order, exact): the real count read back as out's
// view shape (aclGetViewShape) after the stream is synchronised; dtypes with a conversion to
// out's, UINT8 / BOOL masks, broadcasts incl. 0-d, strided / transposed views, all / none
// selected, empty inputs; every validation path with code and message. argv[1] `310p`: BF16
// refused; `950`: the RegBase list (UINT16 / UINT32 / UINT64) accepted.
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_masked_select.h"

static aclrtStream g_stream;
static const int kNull = ACLNN_ERR_PARAM_NULLPTR, kInvalid = ACLNN_ERR_PARAM_INVALID;

static std::vector<int64_t> ViewShape(const aclTensor *t)
{
    int64_t *dims = nullptr;
    uint64_t n = 0;
    if (aclGetViewShape(t, &dims, &n) != 0) return {-1};
    std::vector<int64_t> r(dims, dims + n);
    delete[] dims;
    return r;
}

static std::vector<int64_t> Broadcast(const std::vector<int64_t> &a, const std::vector<int64_t> &b)
{
    size_t n = std::max(a.size(), b.size());
    std::vector<int64_t> r(n);
    for (size_t k = 0; k < n; k++) {
        int64_t x = k + a.size() >= n ? a[k + a.size() - n] : 1, y = k + b.size() >= n ? b[k + b.size() - n] : 1;
        r[k] = x == 1 ? y : x;
    }
    return r;
}
// logical row-major index in `s` of broadcast position i of shape `bs`
static int64_t Source(int64_t i, const std::vector<int64_t> &bs, const std::vector<int64_t> &s)
{
    int64_t r = 0, mul = 1;
    for (int64_t k = (int64_t)bs.size() - 1; k >= 0; k--) {
        int64_t c = i % bs[(size_t)k];
        i /= bs[(size_t)k];
        int64_t sk = k - (int64_t)(bs.size() - s.size());
        if (sk < 0) continue;
        if (s[(size_t)sk] != 1) r += c * mul;
        mul *= s[(size_t)sk];
    }
    return r;
}

static void RunCase(const std::string &what, const std::vector<int64_t> &ss, const std::vector<int64_t> &ms, aclDataType sdt,
                    aclDataType mdt, aclDataType odt, Layout sl, Layout ml, int density, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<double> x((size_t)GetShapeSize(ss)), m((size_t)GetShapeSize(ms));
    for (double &v : x) v = Quant(sdt, sdt == ACL_BOOL ? (rng.value() > 0) : rng.value() * (sdt == ACL_INT8 || sdt == ACL_UINT8 ? 60 : 1000));
    if (sdt == ACL_UINT8 || sdt == ACL_UINT16 || sdt == ACL_UINT32 || sdt == ACL_UINT64) for (double &v : x) v = std::fabs(v);
    for (double &v : m) v = density == 0 ? 0 : density == 2 ? 1 : rng.value() > 0;
    std::vector<int64_t> bs = Broadcast(ss, ms);
    int64_t numel = GetShapeSize(bs);
    std::vector<double> g;
    for (int64_t i = 0; i < numel; i++)
        if (m[(size_t)Source(i, bs, ms)] != 0) g.push_back(Quant(odt, x[(size_t)Source(i, bs, ss)]));
    DevTensor ts, tm, to;
    if (!ts.Init(sdt, ss, x, sl) || !tm.Init(mdt, ms, m, ml) || !to.Init(odt, {numel}, {}, CONTIG)) { EXPECT(false, "%s: setup", what.c_str()); return; }
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnMaskedSelectGetWorkspaceSize(ts.t, tm.t, to.t, w, ex); }, aclnnMaskedSelect);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return;
    std::vector<int64_t> os = ViewShape(to.t);
    EXPECT(os.size() == 1 && os[0] == (int64_t)g.size(), "%s: out shape [%lld] vs %zu selected", what.c_str(),
           os.empty() ? -1LL : (long long)os[0], g.size());
    if (os.size() != 1 || os[0] != (int64_t)g.size()) return;
    to.shape = os; // read the selected prefix
    std::vector<double> got = to.Read();
    size_t bad = 0;
    for (size_t i = 0; i < g.size(); i++) bad += !(got[i] == g[i]);
    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
}

static void TestValues()
{
    struct { std::vector<int64_t> s, m; } shapes[] = {
        {{2, 3}, {2, 3}}, {{4, 1, 3}, {2, 1}}, {{}, {3}}, {{5}, {}}, {{3, 4}, {4}}, {{2, 1, 3, 1, 2, 1, 2, 2}, {2, 3, 2, 1}}, {{64, 33}, {64, 33}}};
    aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL};
    uint64_t seed = 1;
    for (auto &sh : shapes)
        for (aclDataType dt : dts)
            for (aclDataType mdt : {ACL_BOOL, ACL_UINT8}) {
                std::string what = "MaskedSelect " + std::to_string(sh.s.size()) + "d/" + std::to_string(sh.m.size()) + "d " + DtName(dt) + " mask " + DtName(mdt);
                RunCase(what, sh.s, sh.m, dt, mdt, dt, (Layout)(seed % 3), (Layout)((seed + 1) % 3), 1, seed);
                seed++;
            }
    // conversions to out's dtype, and none / all selected
    RunCase("MaskedSelect f16->f32", {3, 5}, {3, 5}, ACL_FLOAT16, ACL_BOOL, ACL_FLOAT, STRIDED, CONTIG, 1, 91);
    RunCase("MaskedSelect f32->f16", {3, 5}, {5}, ACL_FLOAT, ACL_BOOL, ACL_FLOAT16, TRANSPOSED, CONTIG, 1, 92);
    RunCase("MaskedSelect i32->f64", {7, 3}, {7, 1}, ACL_INT32, ACL_UINT8, ACL_DOUBLE, CONTIG, STRIDED, 1, 93);
    RunCase("MaskedSelect none", {4, 6}, {4, 6}, ACL_FLOAT, ACL_BOOL, ACL_FLOAT, CONTIG, CONTIG, 0, 94);
    RunCase("MaskedSelect all", {4, 6}, {6}, ACL_FLOAT, ACL_BOOL, ACL_FLOAT, TRANSPOSED, CONTIG, 2, 95);
    // specials pass unchanged: +-0, +-inf, nan
    DevTensor s, m, o;
    std::vector<double> v = {0.0, -0.0, INFINITY, -INFINITY, NAN, 2.0};
    if (!s.Init(ACL_FLOAT, {6}, v, CONTIG) || !m.Init(ACL_BOOL, {6}, {1, 1, 1, 1, 1, 0}, CONTIG) || !o.Init(ACL_FLOAT, {6}, {}, CONTIG)) return;
    int rc = Run("MaskedSelect specials", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnMaskedSelectGetWorkspaceSize(s.t, m.t, o.t, w, ex); }, aclnnMaskedSelect);
    EXPECT(rc == 0, "MaskedSelect specials failed");
    if (!rc) {
        std::vector<int64_t> os = ViewShape(o.t);
        EXPECT(os.size() == 1 && os[0] == 5, "MaskedSelect specials: shape");
        std::vector<double> r = o.Read();
        EXPECT(r[0] == 0 && !std::signbit(r[0]) && std::signbit(r[1]) && r[2] == INFINITY && r[3] == -INFINITY && std::isnan(r[4]),
               "MaskedSelect specials: values");
    }
    // empty input: success, nothing run, out keeps its shape
    DevTensor e, em, eo;
    if (!e.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !em.Init(ACL_BOOL, {3}, {}, CONTIG) || !eo.Init(ACL_FLOAT, {0}, {}, CONTIG)) return;
    rc = Run("MaskedSelect empty", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnMaskedSelectGetWorkspaceSize(e.t, em.t, eo.t, w, ex); }, aclnnMaskedSelect);
    EXPECT(rc == 0, "MaskedSelect empty failed");
}

static void TestChecks()
{
    DevTensor s, m, o, o2, o5, mf, su, ou, m4;
    if (!s.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !m.Init(ACL_BOOL, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {6}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o5.Init(ACL_FLOAT, {5}, {}, CONTIG) || !mf.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !su.Init(ACL_UINT32, {2, 3}, {}, CONTIG) || !ou.Init(ACL_UINT32, {6}, {}, CONTIG) || !m4.Init(ACL_BOOL, {4}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("MaskedSelect null self", aclnnMaskedSelectGetWorkspaceSize(nullptr, m.t, o.t, &ws, &ex), kNull, "self");
    ExpectError("MaskedSelect null mask", aclnnMaskedSelectGetWorkspaceSize(s.t, nullptr, o.t, &ws, &ex), kNull, "mask");
    ExpectError("MaskedSelect null out", aclnnMaskedSelectGetWorkspaceSize(s.t, m.t, nullptr, &ws, &ex), kNull, "out");
    ExpectError("MaskedSelect uint32 self", aclnnMaskedSelectGetWorkspaceSize(su.t, m.t, o.t, &ws, &ex), kInvalid, "DT_UINT32");
    ExpectError("MaskedSelect float mask", aclnnMaskedSelectGetWorkspaceSize(s.t, mf.t, o.t, &ws, &ex), kInvalid, "DT_FLOAT");
    ExpectError("MaskedSelect uint32 out", aclnnMaskedSelectGetWorkspaceSize(s.t, m.t, ou.t, &ws, &ex), kInvalid, "DT_UINT32");
    ExpectError("MaskedSelect broadcast", aclnnMaskedSelectGetWorkspaceSize(s.t, m4.t, o.t, &ws, &ex), kInvalid);
    ExpectError("MaskedSelect out 2-D", aclnnMaskedSelectGetWorkspaceSize(s.t, m.t, o2.t, &ws, &ex), kInvalid, "1-D");
    ExpectError("MaskedSelect out size", aclnnMaskedSelectGetWorkspaceSize(s.t, m.t, o5.t, &ws, &ex), kInvalid, "broadcastShape");
    std::vector<int64_t> s9(9, 1);
    void *dev = nullptr;
    aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor *t9 = aclCreateTensor(s9.data(), 9, ACL_FLOAT, s9.data(), 0, ACL_FORMAT_ND, s9.data(), 9, dev);
    ExpectError("MaskedSelect rank 9", aclnnMaskedSelectGetWorkspaceSize(t9, m.t, o.t, &ws, &ex), kInvalid);
    aclDestroyTensor(t9);
    aclrtFree(dev);
    // a non-contiguous out cannot take the compact result
    DevTensor os;
    if (!os.Init(ACL_FLOAT, {6}, {}, STRIDED)) return;
    ExpectError("MaskedSelect strided out", aclnnMaskedSelectGetWorkspaceSize(s.t, m.t, os.t, &ws, &ex), kInvalid, "contiguous");
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string mode = argc > 1 ? argv[1] : "";
    const char *soc = aclrtGetSocName();
    if (mode == "310p") {
        EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
        DevTensor b, m, o;
        if (b.Init(ACL_BF16, {2, 3}, {}, CONTIG) && m.Init(ACL_BOOL, {2, 3}, {}, CONTIG) && o.Init(ACL_BF16, {6}, {}, CONTIG)) {
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ExpectError("MaskedSelect bf16 on 310P", aclnnMaskedSelectGetWorkspaceSize(b.t, m.t, o.t, &ws, &ex), kInvalid, "DT_BF16");
        }
        RunCase("MaskedSelect 310P f16", {3, 4}, {4}, ACL_FLOAT16, ACL_UINT8, ACL_FLOAT16, STRIDED, CONTIG, 1, 5);
    } else if (mode == "950") {
        EXPECT(soc && std::string(soc).find("950") != std::string::npos, "SoC %s is not a 950", soc ? soc : "?");
        for (aclDataType dt : {ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_BF16})
            RunCase(std::string("MaskedSelect 950 ") + DtName(dt), {3, 4}, {3, 1}, dt, ACL_BOOL, dt, TRANSPOSED, CONTIG, 1, 7 + dt);
    } else {
        TestValues();
        TestChecks();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
