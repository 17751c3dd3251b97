// aclnnIndex and aclnnIndexPutImpl (torch advanced indexing) against a reference written here:
// masks expanded to their true coordinates, the index tensors broadcast, the result laid out by
// torch's rule (adjacent defined entries in place, else first), then each element gathered /
// put one at a time in row-major order (floats rounded to the dtype after every accumulation).
// Cases: single / several / broadcast / negative indices, undefined (empty) entries before,
// between and after, BOOL masks (alone, after a kept dim, with an integer index), 0-d self,
// strided and transposed views, dtypes of the lists, repeated positions with and without
// accumulate, values broadcast, empty tensors, every validation path with code and message, and
// out-of-range indices (the launch fails, nothing written). Argument "950": COMPLEX64 there;
// "310p" / "910a": the BF16 rules of those chips.
#include <cmath>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_index.h"
#include "aclnnop/aclnn_index_put_impl.h"

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

// One entry of the index list: kind 0 undefined (an empty tensor), 1 integer values, 2 a mask.
struct Entry {
    int kind;
    Shape shape;
    std::vector<int64_t> v;  // integer values / mask bits
    aclDataType dt;
};

struct RefResult {
    Shape shape;
    std::vector<int64_t> self_flat;  // per result element: row-major position in self
};

static Shape Broadcast(const std::vector<Shape> &shapes)
{
    size_t nd = 0;
    for (auto &s : shapes) nd = std::max(nd, s.size());
    Shape b(nd, 1);
    for (auto &s : shapes)
        for (size_t j = 0; j < s.size(); j++) {
            int64_t &d = b[nd - s.size() + j];
            if (d == 1) d = s[j];
        }
    return b;
}

// torch semantics, written the plain way: a mask of k dims becomes k integer index tensors (its
// true coordinates), then all defined index tensors broadcast together.
static RefResult RefIndex(const Shape &self, const std::vector<Entry> &entries)
{
    struct Dim { int idx = -1; };  // self dim -> which expanded index tensor selects it
    std::vector<Shape> shapes;
    std::vector<std::vector<int64_t>> vals;  // expanded, row-major over their own shape
    std::vector<int> owner(self.size(), -1);
    size_t at = 0;
    int first = -1, last = -1;
    for (size_t e = 0; e < entries.size(); e++) {
        const Entry &en = entries[e];
        if (en.kind == 0) { at++; continue; }
        if (first < 0) first = (int)e;
        last = (int)e;
        if (en.kind == 1) {
            std::vector<int64_t> v = en.v;
            for (auto &x : v) if (x < 0) x += self[at];
            owner[at++] = (int)shapes.size();
            shapes.push_back(en.shape);
            vals.push_back(v);
        } else {
            size_t k = en.shape.size();
            std::vector<std::vector<int64_t>> coords(k);
            for (int64_t p = 0; p < GetShapeSize(en.shape); p++)
                if (en.v[(size_t)p]) {
                    int64_t q = p;
                    for (size_t j = k; j-- > 0;) { coords[j].push_back(q % en.shape[j]); q /= en.shape[j]; }
                }
            for (size_t j = 0; j < k; j++) {
                owner[at++] = (int)shapes.size();
                shapes.push_back({(int64_t)coords[j].size()});
                vals.push_back(coords[j]);
            }
        }
    }
    bool adjacent = first >= 0;
    for (int e = first; adjacent && e <= last; e++) adjacent = entries[(size_t)e].kind != 0;
    Shape b = Broadcast(shapes);
    // first self dim of the first defined entry
    size_t lead = 0;
    if (adjacent) for (int e = 0; e < first; e++) lead += entries[(size_t)e].kind == 2 ? entries[(size_t)e].shape.size() : 1;
    RefResult r;
    std::vector<int> role;  // >= 0 self dim, -1 - k broadcast dim
    for (size_t d = 0; d < lead; d++) { r.shape.push_back(self[d]); role.push_back((int)d); }
    for (size_t k = 0; k < b.size(); k++) { r.shape.push_back(b[k]); role.push_back(-1 - (int)k); }
    for (size_t d = lead; d < self.size(); d++)
        if (owner[d] < 0) { r.shape.push_back(self[d]); role.push_back((int)d); }
    for (int64_t i = 0; i < GetShapeSize(r.shape); i++) {
        std::vector<int64_t> rc(r.shape.size()), bc(b.size()), sc(self.size());
        int64_t q = i;
        for (size_t j = r.shape.size(); j-- > 0;) { rc[j] = q % r.shape[j]; q /= r.shape[j]; }
        for (size_t j = 0; j < role.size(); j++) (role[j] >= 0 ? sc[(size_t)role[j]] : bc[(size_t)(-1 - role[j])]) = rc[j];
        for (size_t d = 0; d < self.size(); d++) {
            if (owner[d] < 0) continue;
            const Shape &s = shapes[(size_t)owner[d]];
            int64_t p = 0;
            for (size_t j = 0; j < s.size(); j++) p = p * s[j] + (s[j] == 1 ? 0 : bc[b.size() - s.size() + j]);
            sc[d] = vals[(size_t)owner[d]][(size_t)p];
        }
        int64_t f = 0;
        for (size_t d = 0; d < self.size(); d++) f = f * self[d] + sc[d];
        r.self_flat.push_back(f);
    }
    return r;
}

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, 3.0);
    bool integer = dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_DOUBLE;
    for (double &x : v) x = dt == ACL_BOOL ? (x > 0) : integer ? std::round(x * 10) : x;
    return QuantAll(dt, v);
}

// Device tensors of an entry list (an undefined entry is an empty FLOAT tensor, as torch passes None).
struct Indices {
    std::vector<DevTensor *> dev;
    aclTensorList *list = nullptr;
    bool Init(const std::vector<Entry> &entries, Layout layout)
    {
        std::vector<aclTensor *> items;
        for (const Entry &e : entries) {
            DevTensor *t = new DevTensor;
            dev.push_back(t);
            std::vector<double> v(e.v.begin(), e.v.end());
            if (e.kind == 0 ? !t->Init(e.dt, {0}, {}, CONTIG) : !t->Init(e.dt, e.shape, v, layout)) return false;
            items.push_back(t->Alias());
        }
        list = aclCreateTensorList(items.data(), items.size());
        return list != nullptr;
    }
    ~Indices()
    {
        if (list) aclDestroyTensorList(list);
        for (auto *t : dev) delete t;
    }
};

static std::string Name(const char *op, aclDataType dt, int c) { return std::string(op) + " " + DtName(dt) + " case " + std::to_string(c); }

static std::vector<std::pair<Shape, std::vector<Entry>>> Cases()
{
    Shape s = {4, 5, 6};
    std::vector<int64_t> mask45(20), mask5 = {1, 0, 1, 1, 0};
    for (size_t i = 0; i < mask45.size(); i++) mask45[i] = (i * 7) % 3 == 0;
    return {
        {s, {{1, {3}, {0, 3, 1}, ACL_INT64}}},
        {s, {{0, {}, {}, ACL_FLOAT}, {1, {2, 3}, {4, 0, -1, 2, 2, 1}, ACL_INT32}}},
        {s, {{1, {3}, {3, -4, 2}, ACL_INT64}, {0, {}, {}, ACL_INT64}, {1, {3}, {5, 0, 2}, ACL_INT32}}},
        {s, {{1, {2, 1}, {1, 2}, ACL_INT64}, {1, {3}, {0, 4, 4}, ACL_INT64}}},
        {s, {{1, {2}, {0, 3}, ACL_INT64}, {1, {2}, {1, 4}, ACL_INT64}, {1, {1}, {-1}, ACL_INT64}}},
        {s, {{2, {4, 5}, mask45, ACL_BOOL}}},
        {s, {{0, {}, {}, ACL_FLOAT}, {2, {5}, mask5, ACL_BOOL}}},
        {s, {{2, {4}, {0, 1, 1, 0}, ACL_BOOL}, {1, {2}, {4, -5}, ACL_INT64}}},
        {s, {{0, {}, {}, ACL_FLOAT}, {0, {}, {}, ACL_FLOAT}, {1, {}, {2}, ACL_INT64}}},  // a 0-d index drops its dim
        {{3, 4}, {}},
    };
}

static void TestIndex(const std::vector<aclDataType> &dts)
{
    uint64_t seed = 5;
    int c = 0;
    for (aclDataType dt : dts) {
        c = 0;
        for (auto &cs : Cases()) {
            const Shape &s = cs.first;
            const std::vector<Entry> &en = cs.second;
            Layout lay = (Layout)(c % 3);
            RefResult r = RefIndex(s, en);
            std::vector<double> self = Values(dt, (size_t)GetShapeSize(s), seed++);
            std::vector<double> want(r.self_flat.size());
            for (size_t i = 0; i < want.size(); i++) want[i] = self[(size_t)r.self_flat[i]];
            DevTensor ts, to;
            Indices ix;
            if (!ts.Init(dt, s, self, lay) || !ix.Init(en, (Layout)((c + 1) % 3)) || !to.Init(dt, r.shape, {}, (Layout)((c + 2) % 3)))
                return;
            std::string what = Name("Index", dt, c++);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexGetWorkspaceSize(ts.t, ix.list, to.t, w, e); },
                         aclnnIndex);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc) continue;
            Exact(what, to.Read(), want);
            EXPECT(to.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
        }
    }
}

static void TestIndexPut(const std::vector<aclDataType> &dts)
{
    uint64_t seed = 99;
    for (aclDataType dt : dts)
        for (int acc = 0; acc < 2; acc++) {
            int c = 0;
            auto cases = Cases();
            // repeated positions
            cases.push_back({{4, 5, 6}, {{1, {5}, {1, 3, 1, -3, 1}, ACL_INT64}, {1, {5}, {2, 2, 2, 2, 0}, ACL_INT32}}});
            for (auto &cs : cases) {
                const Shape &s = cs.first;
                const std::vector<Entry> &en = cs.second;
                bool defined = false;
                for (auto &e : en) defined |= e.kind != 0;
                RefResult r = RefIndex(s, en);
                // values: the full indexed shape, its last dim only, or one element
                Shape vs = c % 3 == 0 ? r.shape : c % 3 == 1 ? Shape{r.shape.empty() ? 1 : r.shape.back()} : Shape{1};
                std::vector<double> self = Values(dt, (size_t)GetShapeSize(s), seed++), vals = Values(dt, (size_t)GetShapeSize(vs), seed++);
                std::vector<double> want = self;
                if (defined)
                    for (size_t i = 0; i < r.self_flat.size(); i++) {
                        int64_t q = (int64_t)i, vp = 0, mul = 1;
                        for (size_t j = r.shape.size(); j-- > 0;) {
                            int64_t cdim = q % r.shape[j];
                            q /= r.shape[j];
                            size_t back = r.shape.size() - 1 - j;
                            if (back < vs.size()) {
                                size_t vj = vs.size() - 1 - back;
                                if (vs[vj] != 1) vp += cdim * mul;
                                mul *= vs[vj];
                            }
                        }
                        double &o = want[(size_t)r.self_flat[i]];
                        double v = vals[(size_t)vp];
                        if (!acc) o = v;
                        else if (dt == ACL_BOOL) o = (o != 0 || v != 0);
                        else o = Quant(dt, o + v);
                    }
                DevTensor ts, tv;
                Indices ix;
                Layout lay = (Layout)(c % 3);
                if (!ts.Init(dt, s, self, lay) || !ix.Init(en, (Layout)((c + 1) % 3)) || !tv.Init(dt, vs, vals, (Layout)((c + 2) % 3))) return;
                std::string what = Name(acc ? "IndexPutImpl accumulate" : "IndexPutImpl", dt, c++);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnIndexPutImplGetWorkspaceSize(ts.t, ix.list, tv.t, acc != 0, false, w, e); }, aclnnIndexPutImpl);
                EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
                if (rc) continue;
                Exact(what, ts.Read(), want);
                EXPECT(ts.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
            }
        }
}

// Index of a 0-d self: the result is its value (the real op copies self); empty self / out and
// an all-false mask: nothing to run.
static void TestEdges()
{
    DevTensor s0, o1, i1;
    if (!s0.Init(ACL_FLOAT, {}, {7.5}, CONTIG) || !o1.Init(ACL_FLOAT, {1}, {}, CONTIG, 0) || !i1.Init(ACL_INT64, {1}, {0}, CONTIG)) return;
    aclTensor *it[] = {i1.Alias()};
    aclTensorList *l = aclCreateTensorList(it, 1);
    int rc = Run("Index 0-d", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexGetWorkspaceSize(s0.t, l, o1.t, w, e); }, aclnnIndex);
    EXPECT(rc == 0, "Index 0-d: %d", rc);
    Exact("Index 0-d", o1.Read(), {7.5});
    aclDestroyTensorList(l);
    DevTensor se, oe, ie;
    if (!se.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !oe.Init(ACL_FLOAT, {2, 3}, {}, CONTIG, 0) || !ie.Init(ACL_INT64, {2}, {0, 0}, CONTIG)) return;
    aclTensor *it2[] = {ie.Alias()};
    l = aclCreateTensorList(it2, 1);
    uint64_t ws = 1;
    aclOpExecutor *ex = nullptr;
    rc = aclnnIndexGetWorkspaceSize(se.t, l, oe.t, &ws, &ex);
    EXPECT(rc == 0 && ws == 0, "Index empty self: %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnIndex(nullptr, 0, ex, g_stream) == 0 && aclrtSynchronizeStream(g_stream) == 0, "Index empty self: stage 2");
    rc = Run("IndexPutImpl empty self", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexPutImplGetWorkspaceSize(se.t, l, oe.t, false, false, w, e); },
             aclnnIndexPutImpl);
    EXPECT(rc == 0, "IndexPutImpl empty self: %d", rc);
    aclDestroyTensorList(l);
    // an all-false mask: an empty result
    DevTensor s2, m2, o2, v2;
    if (!s2.Init(ACL_FLOAT, {3, 2}, {1, 2, 3, 4, 5, 6}, CONTIG) || !m2.Init(ACL_BOOL, {3}, {0, 0, 0}, CONTIG) || !o2.Init(ACL_FLOAT, {0, 2}, {}, CONTIG) ||
        !v2.Init(ACL_FLOAT, {1}, {9}, CONTIG)) return;
    aclTensor *it3[] = {m2.Alias()};
    l = aclCreateTensorList(it3, 1);
    rc = Run("Index all-false mask", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexGetWorkspaceSize(s2.t, l, o2.t, w, e); }, aclnnIndex);
    EXPECT(rc == 0, "Index all-false mask: %d", rc);
    rc = Run("IndexPutImpl all-false mask", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexPutImplGetWorkspaceSize(s2.t, l, v2.t, true, false, w, e); },
             aclnnIndexPutImpl);
    EXPECT(rc == 0, "IndexPutImpl all-false mask: %d", rc);
    Exact("IndexPutImpl all-false mask", s2.Read(), {1, 2, 3, 4, 5, 6});
    // special values travel bit for bit
    DevTensor s3, i3, o3;
    if (!s3.Init(ACL_FLOAT, {4}, {NAN, INFINITY, -INFINITY, -0.0}, CONTIG) || !i3.Init(ACL_INT32, {4}, {3, 2, 1, 0}, CONTIG) ||
        !o3.Init(ACL_FLOAT, {4}, {}, CONTIG)) { aclDestroyTensorList(l); return; }
    aclDestroyTensorList(l);
    aclTensor *it4[] = {i3.Alias()};
    l = aclCreateTensorList(it4, 1);
    rc = Run("Index specials", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexGetWorkspaceSize(s3.t, l, o3.t, w, e); }, aclnnIndex);
    std::vector<double> got = o3.Read();
    EXPECT(rc == 0 && got[0] == 0 && std::signbit(got[0]) && got[1] == -INFINITY && got[2] == INFINITY && std::isnan(got[3]),
           "Index specials: %g %g %g %g", got[0], got[1], got[2], got[3]);
    aclDestroyTensorList(l);
}

static aclTensorList *List(std::initializer_list<const DevTensor *> ts)
{
    std::vector<aclTensor *> v;
    for (auto *t : ts) v.push_back(t ? t->Alias() : nullptr);
    return aclCreateTensorList(v.data(), v.size());
}

static void TestValidation()
{
    DevTensor s, o, i3, i2, f3, o16, u32, sbig, obig, mbad, v1, vbad, i5, d3;
    if (!s.Init(ACL_FLOAT, {4, 5}, {}, CONTIG, 1) || !o.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) || !i3.Init(ACL_INT64, {3}, {0, 1, 2}, CONTIG) ||
        !i2.Init(ACL_INT64, {2}, {0, 1}, CONTIG) || !f3.Init(ACL_FLOAT, {3}, {0, 1, 2}, CONTIG) || !o16.Init(ACL_FLOAT16, {3, 5}, {}, CONTIG) ||
        !u32.Init(ACL_UINT32, {4, 5}, {}, CONTIG) || !sbig.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 2}, {}, CONTIG) ||
        !obig.Init(ACL_FLOAT, {1}, {}, CONTIG) || !mbad.Init(ACL_BOOL, {4, 4}, {}, CONTIG, 1) || !v1.Init(ACL_FLOAT, {1}, {3}, CONTIG) ||
        !vbad.Init(ACL_FLOAT, {4}, {}, CONTIG) || !i5.Init(ACL_INT64, {3}, {0, 5, 1}, CONTIG) || !d3.Init(ACL_DOUBLE, {3}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensorList *l1 = List({&i3}), *lnull = List({&i3, nullptr}), *lf = List({&f3}), *l2 = List({&i3, &i2}), *l3 = List({&i3, &i3, &i3}),
                  *lm = List({&mbad}), *l9 = List({&i3, &i3, &i3, &i3, &i3, &i3, &i3, &i3, &i3});
    ExpectError("Index null self", aclnnIndexGetWorkspaceSize(nullptr, l1, o.t, &ws, &ex), 161001, "self");
    ExpectError("Index null out", aclnnIndexGetWorkspaceSize(s.t, l1, nullptr, &ws, &ex), 161001, "out");
    ExpectError("Index null indices", aclnnIndexGetWorkspaceSize(s.t, nullptr, o.t, &ws, &ex), 161001, "indices");
    ExpectError("Index null item", aclnnIndexGetWorkspaceSize(s.t, lnull, o.t, &ws, &ex), 161001, "indices");
    ExpectError("Index out dtype", aclnnIndexGetWorkspaceSize(s.t, l1, o16.t, &ws, &ex), 161002, "DT_FLOAT16");
    ExpectError("Index self dtype", aclnnIndexGetWorkspaceSize(u32.t, l1, u32.t, &ws, &ex), 161002, "DT_UINT32");
    ExpectError("Index index dtype", aclnnIndexGetWorkspaceSize(s.t, lf, o.t, &ws, &ex), 161002, "DT_FLOAT");
    ExpectError("Index out shape", aclnnIndexGetWorkspaceSize(s.t, l1, obig.t, &ws, &ex), 161002, "out shape [1] should be [3, 5]");
    ExpectError("Index no broadcast", aclnnIndexGetWorkspaceSize(s.t, l2, o.t, &ws, &ex), 161002, "could not be broadcast");
    ExpectError("Index too many", aclnnIndexGetWorkspaceSize(s.t, l3, o.t, &ws, &ex), 161002, "indices size 3");
    ExpectError("Index mask shape", aclnnIndexGetWorkspaceSize(s.t, lm, o.t, &ws, &ex), 161002, "does not match");
    ExpectError("Index rank 9", aclnnIndexGetWorkspaceSize(sbig.t, l9, obig.t, &ws, &ex), 161002);
    {
        aclTensor *nz = aclCreateTensor(std::vector<int64_t>{4, 5}.data(), 2, ACL_FLOAT, std::vector<int64_t>{5, 1}.data(), 0, ACL_FORMAT_FRACTAL_NZ,
                                        std::vector<int64_t>{4, 5}.data(), 2, s.dev);
        ExpectError("Index private format", aclnnIndexGetWorkspaceSize(nz, l1, o.t, &ws, &ex), 161002, "format");
        aclDestroyTensor(nz);
    }
    ExpectError("IndexPutImpl null self", aclnnIndexPutImplGetWorkspaceSize(nullptr, l1, v1.t, false, false, &ws, &ex), 161001, "self");
    ExpectError("IndexPutImpl null values", aclnnIndexPutImplGetWorkspaceSize(s.t, l1, nullptr, false, false, &ws, &ex), 161001, "values");
    ExpectError("IndexPutImpl null item", aclnnIndexPutImplGetWorkspaceSize(s.t, lnull, v1.t, false, false, &ws, &ex), 161001, "indices");
    ExpectError("IndexPutImpl self dtype", aclnnIndexPutImplGetWorkspaceSize(u32.t, l1, v1.t, false, false, &ws, &ex), 161002, "DT_UINT32");
    ExpectError("IndexPutImpl index dtype", aclnnIndexPutImplGetWorkspaceSize(s.t, lf, v1.t, false, false, &ws, &ex), 161002, "DT_FLOAT");
    ExpectError("IndexPutImpl values dtype", aclnnIndexPutImplGetWorkspaceSize(s.t, l1, d3.t, false, false, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("IndexPutImpl too many", aclnnIndexPutImplGetWorkspaceSize(s.t, l3, v1.t, false, false, &ws, &ex), 161002, "indicesSize must <= self DimSize.");
    ExpectError("IndexPutImpl mask shape", aclnnIndexPutImplGetWorkspaceSize(s.t, lm, v1.t, false, false, &ws, &ex), 161002,
                "The shape of the bool mask at indices[0] dim 1 (size 4) does not match");
    ExpectError("IndexPutImpl values shape", aclnnIndexPutImplGetWorkspaceSize(s.t, l1, vbad.t, false, false, &ws, &ex), 161002, "can not be broadcast");
    ExpectError("IndexPutImpl no broadcast", aclnnIndexPutImplGetWorkspaceSize(s.t, l2, v1.t, false, false, &ws, &ex), 161002, "could not be broadcast");
    // out of range: the launch fails and nothing is written
    aclTensorList *lbad = List({&i3, &i5});
    DevTensor o3;
    if (!o3.Init(ACL_FLOAT, {3}, {}, CONTIG, 0)) return;
    struct Case { const char *name; std::function<int(uint64_t *, aclOpExecutor **)> s1; Stage2Fn s2; };
    Case cases[] = {
        {"Index index 5 of 5", [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexGetWorkspaceSize(s.t, lbad, o3.t, w, e); }, aclnnIndex},
        {"IndexPutImpl index 5 of 5", [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexPutImplGetWorkspaceSize(s.t, lbad, v1.t, true, false, w, e); },
         aclnnIndexPutImpl},
    };
    for (const Case &c : cases) {
        uint64_t w2 = 0;
        aclOpExecutor *e2 = nullptr;
        int rc = c.s1(&w2, &e2);
        EXPECT(rc == 0, "%s: stage 1 should pass (%d)", c.name, rc);
        if (rc) continue;
        int r2 = c.s2(nullptr, 0, e2, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "%s: the launch did not fail", c.name);
    }
    Exact("Index out untouched", o3.Read(), {0, 0, 0});
    Exact("IndexPutImpl self untouched", s.Read(), std::vector<double>(20, 1.0));
    for (aclTensorList *l : {l1, lnull, lf, l2, l3, lm, l9, lbad}) aclDestroyTensorList(l);
}

// Chip rules: BF16 (910A: the op's own message; 310P: the common rule), COMPLEX64 on the 950
// (integer indices of one shape only: the AI CPU route refuses it, 561103).
static void TestChip()
{
    DevTensor s, o, i, v, m;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (g_chip == "950") {
        std::vector<double> sv;
        if (!s.Init(ACL_COMPLEX64, {3, 2}, {}, CONTIG) || !o.Init(ACL_COMPLEX64, {2, 2}, {}, CONTIG) || !i.Init(ACL_INT64, {2}, {2, 0}, CONTIG) ||
            !m.Init(ACL_BOOL, {3}, {1, 0, 1}, CONTIG)) return;
        // fill self with (k, -k) pairs through a float view of its storage
        std::vector<float> host(12);
        for (int k = 0; k < 6; k++) { host[(size_t)(2 * k)] = (float)k; host[(size_t)(2 * k + 1)] = (float)-k * 0.5f; }
        aclrtMemcpy(s.dev, 48, host.data(), 48, ACL_MEMCPY_HOST_TO_DEVICE);
        aclTensorList *l = List({&i}), *lm = List({&m});
        int rc = Run("Index complex64", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnIndexGetWorkspaceSize(s.t, l, o.t, w, e); }, aclnnIndex);
        EXPECT(rc == 0, "Index complex64: %d", rc);
        std::vector<float> got(8);
        aclrtMemcpy(got.data(), 32, o.dev, 32, ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<float> want = {4, -2, 5, -2.5f, 0, 0, 1, -0.5f};
        EXPECT(got == want, "Index complex64: got %g %g %g %g ...", got[0], got[1], got[2], got[3]);
        ExpectError("Index complex64 mask", aclnnIndexGetWorkspaceSize(s.t, lm, o.t, &ws, &ex), 561103, "AICPU does not support DT_COMPLEX64");
        aclDestroyTensorList(l);
        aclDestroyTensorList(lm);
        return;
    }
    if (!s.Init(ACL_BF16, {3, 2}, {}, CONTIG) || !o.Init(ACL_BF16, {2, 2}, {}, CONTIG) || !i.Init(ACL_INT64, {2}, {2, 0}, CONTIG) ||
        !v.Init(ACL_BF16, {1}, {1}, CONTIG)) return;
    aclTensorList *l = List({&i});
    const char *needle = g_chip == "910a" ? "self not implemented for DT_BF16, when SocVersion is less than ASCEND910B." : "DT_BF16";
    ExpectError("Index bf16", aclnnIndexGetWorkspaceSize(s.t, l, o.t, &ws, &ex), 161002, needle);
    ExpectError("IndexPutImpl bf16", aclnnIndexPutImplGetWorkspaceSize(s.t, l, v.t, false, false, &ws, &ex), 161002, needle);
    DevTensor sf;
    if (!sf.Init(ACL_FLOAT, {3, 2}, {}, CONTIG)) return;
    if (g_chip == "910a")
        ExpectError("IndexPutImpl bf16 values", aclnnIndexPutImplGetWorkspaceSize(sf.t, l, v.t, false, false, &ws, &ex), 161002,
                    "value not implemented for DT_BF16");
    aclDestroyTensorList(l);
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (!g_chip.empty()) {
        TestChip();
        TestIndex({ACL_FLOAT, ACL_INT32});
    } else {
        TestIndex({ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT64, ACL_INT32, ACL_INT16, ACL_INT8, ACL_UINT8, ACL_BOOL});
        TestIndexPut({ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT64, ACL_INT32, ACL_INT8, ACL_UINT8, ACL_BOOL});
        TestEdges();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
