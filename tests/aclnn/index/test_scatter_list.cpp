// aclnnScatterList against a reference written here: lists of 1 to 20 tensors (more than one
// launch), 1-D starts and 2-D [start, length] indices (INT32 / INT64), with and without a mask
// (only entries whose mask is 1 are written), axes -1 / -2 / 1 of 2-D to 4-D var tensors,
// float and integer dtypes (bit-exact copies), strided var views and a transposed updates, and
// the validation paths (161001 / 161002 / 561002; a start out of range fails the stream with
// 507015 and writes nothing). `310p`: the definition's 310P list (no BFLOAT16).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_scatter_list.h"

#include <memory>

static aclrtStream g_stream;
static bool g_310p;

static std::vector<int64_t> Unravel(int64_t i, const std::vector<int64_t> &shape)
{
    std::vector<int64_t> idx(shape.size());
    for (int64_t d = (int64_t)shape.size() - 1; d >= 0; d--) { idx[(size_t)d] = i % shape[(size_t)d]; i /= shape[(size_t)d]; }
    return idx;
}
static int64_t Ravel(const std::vector<int64_t> &idx, const std::vector<int64_t> &shape)
{
    int64_t r = 0;
    for (size_t d = 0; d < shape.size(); d++) r = r * shape[d] + idx[d];
    return r;
}

struct List {
    std::vector<std::unique_ptr<DevTensor>> t;
    aclTensorList *l = nullptr;
    ~List() { if (l) aclDestroyTensorList(l); }
    bool Make()
    {
        std::vector<aclTensor *> items;
        for (auto &x : t) items.push_back(x->Alias());
        l = aclCreateTensorList(items.data(), items.size());
        return l != nullptr;
    }
};

static int Stage1(aclTensorList *v, const aclTensor *i, const aclTensor *u, const aclTensor *m, const char *reduce, int64_t axis)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnScatterListGetWorkspaceSize(v, i, u, m, (char *)reduce, axis, &ws, &ex);
    if (rc == 0 && ex) {
        aclSetAclOpExecutorRepeatable(ex);
        aclDestroyAclOpExecutor(ex);
    }
    return rc;
}

// One case: B var tensors of vshape, updates [B, vshape with U at the axis].
static void Case(aclDataType dt, aclDataType idt, int64_t B, const std::vector<int64_t> &vshape, int64_t axis, int64_t U,
                 bool two_d, bool mask, Layout vlay, Layout ulay, uint64_t seed)
{
    int64_t r = (int64_t)vshape.size(), ur = r + 1, ua = axis < 0 ? axis + ur : axis, va = ua - 1, V = vshape[(size_t)va];
    std::vector<int64_t> ushape = {B};
    for (int64_t x : vshape) ushape.push_back(x);
    ushape[(size_t)ua] = U;
    bool isf = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
    Lcg rng(seed);
    auto val = [&](double scale) { return isf ? Quant(dt, rng.value() * scale) : (double)(int64_t)(rng.uniform() * 100); };
    std::vector<double> uv((size_t)GetShapeSize(ushape));
    for (auto &x : uv) x = val(3);
    std::vector<std::vector<double>> vv((size_t)B, std::vector<double>((size_t)GetShapeSize(vshape)));
    for (auto &v : vv) for (auto &x : v) x = val(1);
    std::vector<double> iv, mv;
    std::vector<int64_t> start((size_t)B), len((size_t)B);
    for (int64_t b = 0; b < B; b++) {
        len[(size_t)b] = two_d ? (int64_t)(rng.uniform() * (double)(U + 1)) : U;
        if (len[(size_t)b] > U) len[(size_t)b] = U;
        start[(size_t)b] = (int64_t)(rng.uniform() * (double)(V - len[(size_t)b] + 1));
        if (start[(size_t)b] > V - len[(size_t)b]) start[(size_t)b] = V - len[(size_t)b];
        iv.push_back((double)start[(size_t)b]);
        if (two_d) iv.push_back((double)len[(size_t)b]);
        mv.push_back(b % 3 == 1 ? 0 : b % 3 == 2 ? 1 : (b % 2 ? 2 : 1)); // 0 and 2 leave the entry alone
    }
    // reference
    std::vector<std::vector<double>> g = vv;
    for (int64_t b = 0; b < B; b++) {
        if (mask && mv[(size_t)b] != 1) continue;
        for (int64_t i = 0; i < GetShapeSize(ushape) / B; i++) {
            std::vector<int64_t> ui = Unravel(i, std::vector<int64_t>(ushape.begin() + 1, ushape.end()));
            if (ui[(size_t)va] >= len[(size_t)b]) continue;
            std::vector<int64_t> vi = ui;
            vi[(size_t)va] += start[(size_t)b];
            g[(size_t)b][(size_t)Ravel(vi, vshape)] = uv[(size_t)(b * (GetShapeSize(ushape) / B) + i)];
        }
    }
    List L;
    for (int64_t b = 0; b < B; b++) {
        L.t.emplace_back(new DevTensor);
        if (!L.t.back()->Init(dt, vshape, vv[(size_t)b], vlay)) { EXPECT(false, "var creation"); return; }
    }
    DevTensor tu, ti, tm;
    std::vector<int64_t> ishape = two_d ? std::vector<int64_t>{B, 2} : std::vector<int64_t>{B};
    if (!L.Make() || !tu.Init(dt, ushape, uv, ulay) || !ti.Init(idt, ishape, iv, CONTIG) || !tm.Init(ACL_UINT8, {B}, mv, CONTIG)) {
        EXPECT(false, "tensor creation failed");
        return;
    }
    char what[200];
    snprintf(what, sizeof what, "ScatterList %s idx %s B %lld rank %lld axis %lld U %lld %s%s v%d u%d", DtName(dt), DtName(idt),
             (long long)B, (long long)r, (long long)axis, (long long)U, two_d ? "2-D" : "1-D", mask ? " mask" : "", (int)vlay, (int)ulay);
    int rc = Run("ScatterList", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnScatterListGetWorkspaceSize(L.l, ti.t, tu.t, mask ? tm.t : nullptr, (char *)"update", axis, w, e); }, aclnnScatterList);
    EXPECT(rc == 0, "%s: run failed (%d)", what, rc);
    if (rc) return;
    size_t bad = 0, clob = 0;
    for (int64_t b = 0; b < B; b++) {
        std::vector<double> got = L.t[(size_t)b]->Read();
        for (size_t i = 0; i < got.size(); i++) bad += !(got[i] == g[(size_t)b][i] || (std::isnan(got[i]) && std::isnan(g[(size_t)b][i])));
        clob += L.t[(size_t)b]->CountClobbered();
    }
    EXPECT(bad == 0 && clob == 0, "%s: %zu wrong, %zu written outside the views", what, bad, clob);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    g_310p = argc > 1 && std::string(argv[1]) == "310p";
    uint64_t seed = 1;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT32, ACL_UINT16, ACL_UINT32, ACL_INT16, ACL_UINT8};
    if (!g_310p) dts.push_back(ACL_BF16);
    for (aclDataType dt : dts) {
        Case(dt, ACL_INT64, 3, {5, 3, 4}, -2, 2, false, false, CONTIG, CONTIG, seed++);
        Case(dt, ACL_INT32, 4, {2, 6, 3}, -2, 3, true, true, STRIDED, TRANSPOSED, seed++);
    }
    for (bool two : {false, true})
        for (bool mask : {false, true}) {
            Case(ACL_FLOAT, ACL_INT64, 2, {4, 7}, -1, 3, two, mask, CONTIG, STRIDED, seed++);  // last axis
            Case(ACL_FLOAT, ACL_INT32, 3, {6, 2, 2}, 1, 4, two, mask, TRANSPOSED, CONTIG, seed++); // first var axis
            Case(ACL_FLOAT16, ACL_INT64, 2, {2, 3, 5, 2}, -3, 2, two, mask, STRIDED, CONTIG, seed++);
            Case(ACL_FLOAT, ACL_INT64, 1, {8}, 1, 8, two, mask, CONTIG, CONTIG, seed++); // 1-D var, U == V
        }
    Case(ACL_FLOAT, ACL_INT64, 20, {3, 5, 2}, -2, 2, true, true, CONTIG, CONTIG, seed++);  // two launches
    Case(ACL_INT32, ACL_INT32, 17, {2, 4}, -1, 1, false, false, STRIDED, CONTIG, seed++);
    // NaN / Inf / -0 are copied as they are
    {
        List L;
        L.t.emplace_back(new DevTensor);
        DevTensor u, i;
        if (!L.t[0]->Init(ACL_FLOAT, {1, 4}, {1, 2, 3, 4}, CONTIG) || !L.Make() || !u.Init(ACL_FLOAT, {1, 1, 3}, {NAN, INFINITY, -0.0}, CONTIG) ||
            !i.Init(ACL_INT64, {1}, {1}, CONTIG)) return 1;
        int rc = Run("ScatterList special", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnScatterListGetWorkspaceSize(L.l, i.t, u.t, nullptr, nullptr, -1, w, e); }, aclnnScatterList);
        std::vector<double> got = L.t[0]->Read();
        EXPECT(rc == 0 && got[0] == 1 && std::isnan(got[1]) && std::isinf(got[2]) && got[3] == 0 && std::signbit(got[3]),
               "NaN / Inf / -0 copied (reduce NULL means update)");
    }
    // ---- validation ----
    List L, L2, Lshape;
    for (int k = 0; k < 2; k++) { L.t.emplace_back(new DevTensor); L2.t.emplace_back(new DevTensor); Lshape.t.emplace_back(new DevTensor); }
    DevTensor u, i1, i2, m, uf16, idbl, mf, i3, ibad, ibad2, mbad, u1, ubig, uB3, u3d, ushort;
    if (!L.t[0]->Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !L.t[1]->Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !L.Make() ||
        !L2.t[0]->Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !L2.t[1]->Init(ACL_INT32, {4, 6}, {}, CONTIG) || !L2.Make() ||
        !Lshape.t[0]->Init(ACL_FLOAT, {4, 6}, {}, CONTIG) || !Lshape.t[1]->Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !Lshape.Make() ||
        !u.Init(ACL_FLOAT, {2, 4, 2}, {}, CONTIG) || !i1.Init(ACL_INT64, {2}, {0, 1}, CONTIG) || !i2.Init(ACL_INT32, {2, 2}, {0, 1, 2, 2}, CONTIG) ||
        !m.Init(ACL_UINT8, {2}, {1, 1}, CONTIG) || !uf16.Init(ACL_FLOAT16, {2, 4, 2}, {}, CONTIG) || !idbl.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !mf.Init(ACL_FLOAT, {2}, {}, CONTIG) || !i3.Init(ACL_INT64, {2, 1, 1}, {}, CONTIG) || !ibad.Init(ACL_INT64, {3}, {}, CONTIG) ||
        !ibad2.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !mbad.Init(ACL_UINT8, {3}, {}, CONTIG) || !u1.Init(ACL_FLOAT, {2}, {}, CONTIG) ||
        !ubig.Init(ACL_FLOAT, {2, 4, 7}, {}, CONTIG) || !uB3.Init(ACL_FLOAT, {3, 4, 2}, {}, CONTIG) || !u3d.Init(ACL_FLOAT, {2, 4, 2, 1}, {}, CONTIG) ||
        !ushort.Init(ACL_FLOAT, {2, 3, 2}, {}, CONTIG))
        return 1;
    ExpectError("null varRef", Stage1(nullptr, i1.t, u.t, nullptr, "update", -1), ACLNN_ERR_PARAM_NULLPTR, "varRef");
    ExpectError("null indice", Stage1(L.l, nullptr, u.t, nullptr, "update", -1), ACLNN_ERR_PARAM_NULLPTR, "indice");
    ExpectError("null updates", Stage1(L.l, i1.t, nullptr, nullptr, "update", -1), ACLNN_ERR_PARAM_NULLPTR, "updates");
    ExpectError("var INT32 among FLOAT", Stage1(L2.l, i1.t, u.t, nullptr, "update", -1), ACLNN_ERR_PARAM_INVALID, "varRef[1]");
    ExpectError("updates FLOAT16", Stage1(L.l, i1.t, uf16.t, nullptr, "update", -1), ACLNN_ERR_PARAM_INVALID, "updates");
    ExpectError("indice FLOAT", Stage1(L.l, idbl.t, u.t, nullptr, "update", -1), ACLNN_ERR_PARAM_INVALID, "indice");
    ExpectError("mask FLOAT", Stage1(L.l, i1.t, u.t, mf.t, "update", -1), ACLNN_ERR_PARAM_INVALID, "mask");
    if (g_310p) {
        List Lb;
        Lb.t.emplace_back(new DevTensor);
        DevTensor ub;
        if (!Lb.t[0]->Init(ACL_BF16, {4, 6}, {}, CONTIG) || !Lb.Make() || !ub.Init(ACL_BF16, {1, 4, 2}, {}, CONTIG)) return 1;
        DevTensor ix;
        if (!ix.Init(ACL_INT64, {1}, {0}, CONTIG)) return 1;
        ExpectError("310P BF16", Stage1(Lb.l, ix.t, ub.t, nullptr, "update", -1), ACLNN_ERR_PARAM_INVALID, "does not support");
    }
    {
        aclTensorList *empty = aclCreateTensorList(nullptr, 0);
        ExpectError("empty list", Stage1(empty, i1.t, u.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "empty");
        aclDestroyTensorList(empty);
    }
    ExpectError("var shapes differ", Stage1(Lshape.l, i1.t, u.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "shape");
    ExpectError("updates 1-D", Stage1(L.l, i1.t, u1.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "updates");
    ExpectError("updates B 3", Stage1(L.l, i1.t, uB3.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "first dim");
    ExpectError("axis 0", Stage1(L.l, i1.t, u.t, nullptr, "update", 0), ACLNN_ERR_INNER_TILING_ERROR, "axis");
    ExpectError("axis -3", Stage1(L.l, i1.t, u.t, nullptr, "update", -3), ACLNN_ERR_INNER_TILING_ERROR, "axis");
    ExpectError("axis 3", Stage1(L.l, i1.t, u.t, nullptr, "update", 3), ACLNN_ERR_INNER_TILING_ERROR, "axis");
    ExpectError("updates rank 4", Stage1(L.l, i1.t, u3d.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "dims");
    ExpectError("updates longer", Stage1(L.l, i1.t, ubig.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "greater");
    ExpectError("pre dims differ", Stage1(L.l, i1.t, ushort.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "before the axis");
    ExpectError("indice 3-D", Stage1(L.l, i3.t, u.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "indice");
    ExpectError("indice B 3", Stage1(L.l, ibad.t, u.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "indice");
    ExpectError("indice [2,3]", Stage1(L.l, ibad2.t, u.t, nullptr, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "second dim");
    ExpectError("mask [3]", Stage1(L.l, i1.t, u.t, mbad.t, "update", -1), ACLNN_ERR_INNER_TILING_ERROR, "mask");
    ExpectError("reduce add", Stage1(L.l, i1.t, u.t, nullptr, "add", -1), ACLNN_ERR_INNER_TILING_ERROR, "reduce");
    EXPECT(Stage1(L.l, i2.t, u.t, m.t, "update", -1) == 0, "a valid call passes stage 1");
    // start 5 with 2 columns into 6: the stream fails and no list entry is written
    {
        DevTensor ib;
        if (!ib.Init(ACL_INT64, {2}, {0, 5}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnScatterListGetWorkspaceSize(L.l, ib.t, u.t, nullptr, (char *)"update", -1, &ws, &ex);
        EXPECT(rc == 0, "stage 1 with a start out of range");
        if (rc == 0) {
            void *w = nullptr;
            if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
            rc = aclnnScatterList(w, ws, ex, g_stream);
            int sync = aclrtSynchronizeStream(g_stream);
            EXPECT(rc == 0 && sync == 507015, "a start out of range fails the stream with 507015 (got %d / %d)", rc, sync);
            EXPECT(L.t[0]->Read() == std::vector<double>(24, -777.0), "nothing written for a start out of range");
            if (w) aclrtFree(w);
        }
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
