// aclnnScatterupdateV2 (ops-nn experimental) against a reference written here: with
// row = updates' elements / updates.shape[0], for each index i in order output's flat elements
// [idx * row, idx * row + row) take updates' row i, clipped to output's size; out-of-range and
// negative indices write nothing; later duplicates win; elements no index reaches keep output's
// previous contents (input is not copied). Dtypes of the definition, strided views, a row
// clipped at the end; validation paths with codes and messages; "950": no kernel (361001).
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_scatterupdate_v2.h"

static aclrtStream g_stream;
typedef std::vector<int64_t> Shape;

static void Exact(const std::string &what, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (got[i] != want[i]) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}

struct Case { Shape xs, us; std::vector<double> idx; };

static void TestValues()
{
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_UINT16, ACL_INT32, ACL_INT64};
    std::vector<Case> cases = {
        {{5, 6}, {3, 6}, {1, 0, 2}},
        {{5, 4}, {3, 6}, {3, -1, 0}},          // row 6 over rows of 4; index 3 clipped at 20; -1 skipped
        {{4, 3, 2}, {4, 3, 2}, {2, 2, 9, 0}},   // duplicate (last wins), 9 out of range
        {{6, 5}, {2, 5}, {5, 4}},
        {{64, 33}, {8, 33}, {63, 1, 7, 30, 31, 0, 62, 5}},
    };
    int c = 0;
    for (aclDataType dt : dts)
        for (const Case &cs : cases) {
            int64_t total = GetShapeSize(cs.xs), row = GetShapeSize(cs.us) / cs.us[0];
            bool isint = dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16;
            auto vals = [&](size_t m, uint64_t seed) {
                std::vector<double> v = RandomValues(m, seed, 3);
                for (double &x : v) x = isint ? (double)(((int64_t)std::llround(x * 10) % 100 + 100) % 100) : x;
                return QuantAll(dt, v);
            };
            std::vector<double> in = vals((size_t)total, (uint64_t)c + 1), prev = vals((size_t)total, (uint64_t)c + 9),
                                upd = vals((size_t)GetShapeSize(cs.us), (uint64_t)c + 2), want = prev;
            for (size_t i = 0; i < cs.idx.size(); i++) {
                int64_t r = (int64_t)cs.idx[i];
                for (int64_t k = 0; k < row; k++) {
                    int64_t f = r * row + k;
                    if (r >= 0 && f < total) want[(size_t)f] = upd[i * (size_t)row + (size_t)k];
                }
            }
            DevTensor tx, ti, tu, to;
            if (!tx.Init(dt, cs.xs, in, CONTIG) || !ti.Init(ACL_INT32, {(int64_t)cs.idx.size()}, cs.idx, (Layout)(c % 2)) ||
                !tu.Init(dt, cs.us, upd, (Layout)(c % 3)) || !to.Init(dt, cs.xs, prev, (Layout)((c + 1) % 3)))
                return;
            std::string what = std::string("ScatterupdateV2 ") + DtName(dt) + " case " + std::to_string(c++);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnScatterupdateV2GetWorkspaceSize(tx.t, ti.t, tu.t, to.t, w, e); }, aclnnScatterupdateV2);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc) continue;
            Exact(what, to.Read(), want);
            Exact(what + " input untouched", tx.Read(), in);
            EXPECT(to.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
        }
}

static void TestValidation()
{
    DevTensor x, i, u, o, f64, i64, u16, obad, ushort, e;
    if (!x.Init(ACL_FLOAT, {5, 6}, {}, CONTIG, 1) || !i.Init(ACL_INT32, {3}, {0, 1, 2}, CONTIG) || !u.Init(ACL_FLOAT, {3, 6}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT, {5, 6}, {}, CONTIG) || !f64.Init(ACL_DOUBLE, {5, 6}, {}, CONTIG) || !i64.Init(ACL_INT64, {3}, {}, CONTIG) ||
        !u16.Init(ACL_FLOAT16, {3, 6}, {}, CONTIG) || !obad.Init(ACL_FLOAT, {6, 5}, {}, CONTIG) || !ushort.Init(ACL_FLOAT, {2, 6}, {}, CONTIG) ||
        !e.Init(ACL_FLOAT, {0, 6}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null input", aclnnScatterupdateV2GetWorkspaceSize(nullptr, i.t, u.t, o.t, &ws, &ex), 161001, "input");
    ExpectError("null indices", aclnnScatterupdateV2GetWorkspaceSize(x.t, nullptr, u.t, o.t, &ws, &ex), 161001, "indices");
    ExpectError("null updates", aclnnScatterupdateV2GetWorkspaceSize(x.t, i.t, nullptr, o.t, &ws, &ex), 161001, "updates");
    ExpectError("null output", aclnnScatterupdateV2GetWorkspaceSize(x.t, i.t, u.t, nullptr, &ws, &ex), 161001, "output");
    ExpectError("input dtype", aclnnScatterupdateV2GetWorkspaceSize(f64.t, i.t, u.t, o.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("indices dtype", aclnnScatterupdateV2GetWorkspaceSize(x.t, i64.t, u.t, o.t, &ws, &ex), 161002, "DT_INT64");
    ExpectError("updates dtype", aclnnScatterupdateV2GetWorkspaceSize(x.t, i.t, u16.t, o.t, &ws, &ex), 161002, "updates");
    ExpectError("output shape", aclnnScatterupdateV2GetWorkspaceSize(x.t, i.t, u.t, obad.t, &ws, &ex), 561002, "should be input shape");
    ExpectError("updates rows", aclnnScatterupdateV2GetWorkspaceSize(x.t, i.t, ushort.t, o.t, &ws, &ex), 561002, "2 rows for 3 indices");
    int rc = aclnnScatterupdateV2GetWorkspaceSize(e.t, i.t, u.t, e.t, &ws, &ex);
    EXPECT(rc == 0, "empty input: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "950") {
        DevTensor x, i, u, o;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        if (!x.Init(ACL_FLOAT, {5, 6}, {}, CONTIG) || !i.Init(ACL_INT32, {3}, {0, 1, 2}, CONTIG) || !u.Init(ACL_FLOAT, {3, 6}, {}, CONTIG) ||
            !o.Init(ACL_FLOAT, {5, 6}, {}, CONTIG)) return 1;
        int rc = aclnnScatterupdateV2GetWorkspaceSize(x.t, i.t, u.t, o.t, &ws, &ex);
        EXPECT(rc == 361001, "950: returned %d, expected 361001", rc);
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
