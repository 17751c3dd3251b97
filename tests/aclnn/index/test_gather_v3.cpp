// aclnnGatherV3 against a reference written here: out[p, k, q] = self[p, index[p[:batchDims], k], q]
// (p over self[:dim], k over index[batchDims:], q over self[dim+1:]). On the 950 (argument
// "950"): every dim (negative too), batchDims 0 .. dim (a negative batchDims makes the real
// out-shape check skip every index dim, size_t wrap-around, so it is not usable there), dtypes incl. COMPLEX64 /
// COMPLEX128, strided / transposed views, 0-d self and index, empty tensors, and the batchDims
// rules. On the A2 (no argument): dim 0, batchDims 0, mode 1 only, the rest refused with the
// real message. Everywhere: validation paths with codes and messages, out-of-range indices
// (the launch fails, nothing written); "310p": no kernel there (361001).
#include <cmath>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_gather_v3.h"

static aclrtStream g_stream;
static std::string g_chip;
typedef std::vector<int64_t> Shape;

static void Exact(const std::string &what, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!(got[i] == want[i] || (std::isnan(got[i]) && std::isnan(want[i])))) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}

static std::vector<int64_t> Unravel(int64_t i, const Shape &s)
{
    std::vector<int64_t> c(s.size());
    for (size_t d = s.size(); d-- > 0;) { c[d] = i % s[d]; i /= s[d]; }
    return c;
}
static int64_t Ravel(const std::vector<int64_t> &c, const Shape &s)
{
    int64_t r = 0;
    for (size_t d = 0; d < s.size(); d++) r = r * s[d] + c[d];
    return r;
}

// returns out shape and, per out element, the flat self position
static std::pair<Shape, std::vector<int64_t>> Ref(const Shape &s, int dim, const Shape &is, const std::vector<int64_t> &idx, int nb)
{
    Shape os;
    for (int i = 0; i < dim; i++) os.push_back(s[(size_t)i]);
    for (size_t j = (size_t)nb; j < is.size(); j++) os.push_back(is[j]);
    for (size_t i = (size_t)dim + 1; i < s.size(); i++) os.push_back(s[i]);
    std::vector<int64_t> pos;
    for (int64_t o = 0; o < GetShapeSize(os); o++) {
        std::vector<int64_t> oc = Unravel(o, os), ic, sc;
        for (int b = 0; b < nb; b++) ic.push_back(oc[(size_t)b]);
        for (size_t j = (size_t)nb; j < is.size(); j++) ic.push_back(oc[(size_t)dim + j - (size_t)nb]);
        int64_t v = idx[(size_t)Ravel(ic, is)];
        if (v < 0) v += s[(size_t)dim];
        for (int i = 0; i < dim; i++) sc.push_back(oc[(size_t)i]);
        sc.push_back(v);
        for (size_t i = (size_t)dim + 1; i < s.size(); i++) sc.push_back(oc[i - 1 + is.size() - (size_t)nb]);
        pos.push_back(Ravel(sc, s));
    }
    return {os, pos};
}

static void RunCase(aclDataType dt, const Shape &s, int dim, int dimArg, const Shape &is, int nb, int nbArg, int c)
{
    Lcg rng((uint64_t)c * 31 + 7);
    std::vector<int64_t> idx((size_t)GetShapeSize(is));
    for (auto &v : idx) v = (int64_t)(rng.uniform() * (double)s[(size_t)dim]) - (rng.uniform() < 0.3 ? s[(size_t)dim] : 0);
    auto r = Ref(s, dim, is, idx, nb);
    bool cplx = dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128;
    aclDataType vdt = dt == ACL_COMPLEX64 ? ACL_FLOAT : dt == ACL_COMPLEX128 ? ACL_DOUBLE : dt;
    // complex: the tensors are views of float pairs, the last dim doubled, viewed with the real dtype
    std::vector<double> self = QuantAll(vdt, RandomValues((size_t)GetShapeSize(s) * (cplx ? 2 : 1), (uint64_t)c + 100, 3));
    if (vdt != ACL_FLOAT && vdt != ACL_DOUBLE && vdt != ACL_FLOAT16 && vdt != ACL_BF16)
        for (double &x : self) x = vdt == ACL_BOOL ? (x > 0) : Quant(vdt, std::round(x * 10));
    std::vector<double> want;
    for (int64_t p : r.second)
        for (int k = 0; k < (cplx ? 2 : 1); k++) want.push_back(self[(size_t)(p * (cplx ? 2 : 1) + k)]);
    DevTensor ts, ti, to;
    std::vector<double> idxd(idx.begin(), idx.end());
    Layout lay = cplx ? CONTIG : (Layout)(c % 3);
    if (!ti.Init(c % 2 ? ACL_INT32 : ACL_INT64, is, idxd, (Layout)((c + 1) % 3))) return;
    std::string what = std::string("GatherV3 ") + DtName(dt) + " case " + std::to_string(c);
    aclTensor *st = nullptr, *ot = nullptr;
    if (cplx) {
        Shape s2 = s, o2 = r.first;
        s2.push_back(2), o2.push_back(2);
        if (!ts.Init(vdt, s2, self, CONTIG) || !to.Init(vdt, o2, {}, CONTIG)) return;
        auto strides = [](const Shape &x) { std::vector<int64_t> st(x.size(), 1); for (size_t d = x.size(); d-- > 1;) st[d - 1] = st[d] * x[d]; return st; };
        std::vector<int64_t> ss = strides(s), os = strides(r.first);
        Shape sst = {GetShapeSize(s)}, ost = {GetShapeSize(r.first)};
        st = aclCreateTensor(s.data(), s.size(), dt, ss.data(), 0, ACL_FORMAT_ND, sst.data(), 1, ts.dev);
        ot = aclCreateTensor(r.first.data(), r.first.size(), dt, os.data(), 0, ACL_FORMAT_ND, ost.data(), 1, to.dev);
    } else {
        if (!ts.Init(dt, s, self, lay) || !to.Init(dt, r.first, {}, (Layout)((c + 2) % 3))) return;
    }
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnGatherV3GetWorkspaceSize(cplx ? st : ts.t, dimArg, ti.t, nbArg, 1, cplx ? ot : to.t, w, e); }, aclnnGatherV3);
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc == 0) {
        Exact(what, to.Read(), want);
        EXPECT(to.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
    }
    if (st) aclDestroyTensor(st);
    if (ot) aclDestroyTensor(ot);
}

static void TestValues()
{
    int c = 0;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT64, ACL_INT32, ACL_INT16, ACL_INT8, ACL_UINT8, ACL_BOOL};
    if (g_chip == "950") { dts.push_back(ACL_COMPLEX64); dts.push_back(ACL_COMPLEX128); }
    for (aclDataType dt : dts) {
        RunCase(dt, {5, 4, 3}, 0, 0, {2, 3}, 0, 0, c++);
        RunCase(dt, {7}, 0, g_chip == "950" ? -1 : 0, {4}, 0, 0, c++);
        RunCase(dt, {6, 2}, 0, 0, {}, 0, 0, c++);
        if (g_chip != "950") continue;
        RunCase(dt, {3, 4, 5}, 2, -1, {2, 2}, 0, 0, c++);
        RunCase(dt, {3, 4, 5}, 1, 1, {3, 2}, 1, 1, c++);
        RunCase(dt, {3, 4, 5, 2}, 2, 2, {3, 4, 3}, 2, 2, c++);
        RunCase(dt, {3, 6, 2}, 1, -2, {3}, 1, 1, c++);
    }
}

static void TestValidation()
{
    DevTensor s, i, o, o16, u32, f, obad, sbig, ie, oe;
    if (!s.Init(ACL_FLOAT, {4, 5}, {}, CONTIG, 1) || !i.Init(ACL_INT64, {3}, {0, 1, 2}, CONTIG) || !o.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !o16.Init(ACL_FLOAT16, {3, 5}, {}, CONTIG) || !u32.Init(ACL_UINT32, {4, 5}, {}, CONTIG) || !f.Init(ACL_FLOAT, {3}, {}, CONTIG) ||
        !obad.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !sbig.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2}, {}, CONTIG) ||
        !ie.Init(ACL_INT64, {0}, {}, CONTIG) || !oe.Init(ACL_FLOAT, {0, 5}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null self", aclnnGatherV3GetWorkspaceSize(nullptr, 0, i.t, 0, 1, o.t, &ws, &ex), 161001, "self");
    ExpectError("null index", aclnnGatherV3GetWorkspaceSize(s.t, 0, nullptr, 0, 1, o.t, &ws, &ex), 161001, "index");
    ExpectError("null out", aclnnGatherV3GetWorkspaceSize(s.t, 0, i.t, 0, 1, nullptr, &ws, &ex), 161001, "out");
    ExpectError("out dtype", aclnnGatherV3GetWorkspaceSize(s.t, 0, i.t, 0, 1, o16.t, &ws, &ex), 161002, "DT_FLOAT16");
    ExpectError("self dtype", aclnnGatherV3GetWorkspaceSize(u32.t, 0, i.t, 0, 1, u32.t, &ws, &ex), 161002, "DT_UINT32");
    ExpectError("index dtype", aclnnGatherV3GetWorkspaceSize(s.t, 0, f.t, 0, 1, o.t, &ws, &ex), 161002, "DT_FLOAT");
    ExpectError("rank 9", aclnnGatherV3GetWorkspaceSize(sbig.t, 0, i.t, 0, 1, o.t, &ws, &ex), 161002);
    ExpectError("dim 2", aclnnGatherV3GetWorkspaceSize(s.t, 2, i.t, 0, 1, o.t, &ws, &ex), 161002, "dim 2 not in valid range: [-2, 2)");
    ExpectError("out shape", aclnnGatherV3GetWorkspaceSize(s.t, 0, i.t, 0, 1, obad.t, &ws, &ex), 161002, "Expected tensor for out to have same size as [3, 5]");
    if (g_chip == "950") {
        DevTensor i2, o2, o25;
        if (!i2.Init(ACL_INT64, {4, 2}, {}, CONTIG, 0) || !o2.Init(ACL_FLOAT, {4}, {}, CONTIG) || !o25.Init(ACL_FLOAT, {2, 5}, {}, CONTIG)) return;
        ExpectError("batchDims 3", aclnnGatherV3GetWorkspaceSize(s.t, 1, i2.t, 3, 1, o2.t, &ws, &ex), 161002, "batchDims is invalid.");
        ExpectError("batchDims > dim", aclnnGatherV3GetWorkspaceSize(s.t, 0, i2.t, 1, 1, o25.t, &ws, &ex), 161002, "batchDims must be less than or equal to dim.");
        DevTensor i3, o3;
        if (!i3.Init(ACL_INT64, {3, 2}, {}, CONTIG, 0) || !o3.Init(ACL_FLOAT, {4, 2}, {}, CONTIG)) return;
        ExpectError("batch dims differ", aclnnGatherV3GetWorkspaceSize(s.t, 1, i3.t, 1, 1, o3.t, &ws, &ex), 161002, "should be equal to indices.shape[:batch_dims]");
        DevTensor i4, o4;
        if (!i4.Init(ACL_INT64, {4, 5}, {}, CONTIG, 0) || !o4.Init(ACL_FLOAT, {4}, {}, CONTIG)) return;
        ExpectError("batchDims = rank(self)", aclnnGatherV3GetWorkspaceSize(s.t, 1, i4.t, 2, 1, o4.t, &ws, &ex), 161002, "batchDims must be less than rank(self).");
    } else {
        DevTensor o2;
        if (!o2.Init(ACL_FLOAT, {4, 3}, {}, CONTIG)) return;
        ExpectError("A2 dim 1", aclnnGatherV3GetWorkspaceSize(s.t, 1, i.t, 0, 1, o2.t, &ws, &ex), 161002, "Currently, only dim=0, batchDims=0, and mode=1 are supported.");
        ExpectError("A2 mode 0", aclnnGatherV3GetWorkspaceSize(s.t, 0, i.t, 0, 0, o.t, &ws, &ex), 161002, "only dim=0");
        ExpectError("A2 dim -2", aclnnGatherV3GetWorkspaceSize(s.t, -2, i.t, 0, 1, o.t, &ws, &ex), 161002, "only dim=0");
    }
    int rc = Run("empty index", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnGatherV3GetWorkspaceSize(s.t, 0, ie.t, 0, 1, oe.t, w, e); }, aclnnGatherV3);
    EXPECT(rc == 0, "empty index: %d", rc);
    DevTensor ibad, ob;
    if (!ibad.Init(ACL_INT64, {2}, {1, 4}, CONTIG) || !ob.Init(ACL_FLOAT, {2, 5}, {}, CONTIG, 0)) return;
    rc = aclnnGatherV3GetWorkspaceSize(s.t, 0, ibad.t, 0, 1, ob.t, &ws, &ex);
    EXPECT(rc == 0, "index 4 of 4: stage 1 (%d)", rc);
    if (rc == 0) {
        int r2 = aclnnGatherV3(nullptr, 0, ex, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "index 4 of 4: the launch did not fail");
    }
    Exact("out untouched", ob.Read(), std::vector<double>(10, 0.0));
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (g_chip == "310p") {
        DevTensor s, i, o;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        if (!s.Init(ACL_FLOAT, {4}, {}, CONTIG) || !i.Init(ACL_INT64, {1}, {0}, CONTIG) || !o.Init(ACL_FLOAT, {1}, {}, CONTIG)) return 1;
        int rc = aclnnGatherV3GetWorkspaceSize(s.t, 0, i.t, 0, 1, o.t, &ws, &ex);
        EXPECT(rc == 361001, "310P: returned %d, expected 361001", rc);
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
