// aclnnExpandIntoJaggedPermute against a reference written here: the official example, random
// permutations of 1 to 300 tables with jagged lengths (zeros included), strided views, an
// empty permute, and the validation paths (161001 / 161002 / 561002; bad device values fail the
// stream with 507015 and write nothing). `950`: the definition has no kernel there (161002).
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_expand_into_jagged_permute.h"

#include <algorithm>

static aclrtStream g_stream;

static int Stage1(const aclTensor *p, const aclTensor *io, const aclTensor *oo, int64_t n, const aclTensor *o)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnExpandIntoJaggedPermuteGetWorkspaceSize(p, io, oo, n, o, &ws, &ex);
    if (rc == 0 && ex) {
        aclSetAclOpExecutorRepeatable(ex);
        aclDestroyAclOpExecutor(ex);
    }
    return rc;
}

static void Case(int64_t n, uint64_t seed, Layout lay)
{
    Lcg rng(seed);
    std::vector<double> perm((size_t)n), io((size_t)n + 1, 0), oo((size_t)n + 1, 0);
    for (int64_t i = 0; i < n; i++) perm[(size_t)i] = (double)i;
    for (int64_t i = n - 1; i > 0; i--) std::swap(perm[(size_t)i], perm[(size_t)(rng.uniform() * (double)(i + 1)) % (size_t)(i + 1)]);
    std::vector<int64_t> tlen((size_t)n);
    for (int64_t i = 0; i < n; i++) tlen[(size_t)i] = (int64_t)(rng.uniform() * 6); // table lengths 0..5
    for (int64_t i = 0; i < n; i++) io[(size_t)i + 1] = io[(size_t)i] + (double)tlen[(size_t)i];
    // the permuted table i keeps its length
    for (int64_t i = 0; i < n; i++) oo[(size_t)i + 1] = oo[(size_t)i] + (double)tlen[(size_t)perm[(size_t)i]];
    int64_t total = (int64_t)oo[(size_t)n];
    std::vector<double> g;
    for (int64_t i = 0; i < n; i++)
        for (int64_t k = 0; k < (int64_t)(oo[(size_t)i + 1] - oo[(size_t)i]); k++) g.push_back(io[(size_t)perm[(size_t)i]] + (double)k);
    DevTensor tp, ti, to, tout;
    if (!tp.Init(ACL_INT32, {n}, perm, lay) || !ti.Init(ACL_INT32, {n + 1}, io, lay) || !to.Init(ACL_INT32, {n + 1}, oo, CONTIG) ||
        !tout.Init(ACL_INT32, {total}, {}, lay)) {
        EXPECT(false, "tensor creation");
        return;
    }
    int rc = Run("ExpandIntoJaggedPermute", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnExpandIntoJaggedPermuteGetWorkspaceSize(tp.t, ti.t, to.t, total, tout.t, w, e); }, aclnnExpandIntoJaggedPermute);
    EXPECT(rc == 0, "n %lld: run failed (%d)", (long long)n, rc);
    if (rc) return;
    EXPECT(tout.Read() == g && tout.CountClobbered() == 0, "n %lld layout %d: wrong result", (long long)n, (int)lay);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "950") {
        DevTensor p, i, o, out;
        if (!p.Init(ACL_INT32, {1}, {0}, CONTIG) || !i.Init(ACL_INT32, {2}, {0, 1}, CONTIG) || !o.Init(ACL_INT32, {2}, {0, 1}, CONTIG) ||
            !out.Init(ACL_INT32, {1}, {}, CONTIG)) return 1;
        ExpectError("950", Stage1(p.t, i.t, o.t, 1, out.t), ACLNN_ERR_PARAM_INVALID, "not supported");
        printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
        return g_failures ? 1 : 0;
    }
    // the official example
    {
        DevTensor p, i, o, out;
        if (!p.Init(ACL_INT32, {3}, {1, 0, 2}, CONTIG) || !i.Init(ACL_INT32, {4}, {0, 3, 5, 8}, CONTIG) ||
            !o.Init(ACL_INT32, {4}, {0, 2, 4, 6}, CONTIG) || !out.Init(ACL_INT32, {6}, {}, CONTIG)) return 1;
        int rc = Run("EIJP example", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnExpandIntoJaggedPermuteGetWorkspaceSize(p.t, i.t, o.t, 6, out.t, w, e); }, aclnnExpandIntoJaggedPermute);
        EXPECT(rc == 0 && out.Read() == std::vector<double>({3, 4, 0, 1, 5, 6}), "the official example");
    }
    uint64_t seed = 1;
    for (int64_t n : {1, 2, 7, 64, 300}) {
        Case(n, seed++, CONTIG);
        Case(n, seed++, STRIDED);
    }
    // empty permute: nothing to do
    {
        DevTensor p, i, o, out;
        if (!p.Init(ACL_INT32, {0}, {}, CONTIG) || !i.Init(ACL_INT32, {1}, {0}, CONTIG) || !o.Init(ACL_INT32, {1}, {0}, CONTIG) ||
            !out.Init(ACL_INT32, {0}, {}, CONTIG)) return 1;
        int rc = Run("EIJP empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnExpandIntoJaggedPermuteGetWorkspaceSize(p.t, i.t, o.t, 0, out.t, w, e); }, aclnnExpandIntoJaggedPermute);
        EXPECT(rc == 0, "empty permute runs");
    }
    // ---- validation ----
    DevTensor p, i, o, out, p64, pf, p2, i5, out7, out2d;
    if (!p.Init(ACL_INT32, {3}, {1, 0, 2}, CONTIG) || !i.Init(ACL_INT32, {4}, {0, 3, 5, 8}, CONTIG) ||
        !o.Init(ACL_INT32, {4}, {0, 2, 4, 6}, CONTIG) || !out.Init(ACL_INT32, {6}, {}, CONTIG) || !p64.Init(ACL_INT64, {3}, {}, CONTIG) ||
        !pf.Init(ACL_FLOAT, {6}, {}, CONTIG) || !p2.Init(ACL_INT32, {3, 1}, {}, CONTIG) || !i5.Init(ACL_INT32, {5}, {}, CONTIG) ||
        !out7.Init(ACL_INT32, {7}, {}, CONTIG) || !out2d.Init(ACL_INT32, {2, 3}, {}, CONTIG))
        return 1;
    ExpectError("null permute", Stage1(nullptr, i.t, o.t, 6, out.t), ACLNN_ERR_PARAM_NULLPTR, "permute");
    ExpectError("null inputOffset", Stage1(p.t, nullptr, o.t, 6, out.t), ACLNN_ERR_PARAM_NULLPTR, "inputOffset");
    ExpectError("null outputOffset", Stage1(p.t, i.t, nullptr, 6, out.t), ACLNN_ERR_PARAM_NULLPTR, "outputOffset");
    ExpectError("null out", Stage1(p.t, i.t, o.t, 6, nullptr), ACLNN_ERR_PARAM_NULLPTR, "outputPermuteOut");
    ExpectError("permute INT64", Stage1(p64.t, i.t, o.t, 6, out.t), ACLNN_ERR_PARAM_INVALID, "permute");
    ExpectError("out FLOAT", Stage1(p.t, i.t, o.t, 6, pf.t), ACLNN_ERR_PARAM_INVALID, "outputPermuteOut");
    ExpectError("permute 2-D", Stage1(p2.t, i.t, o.t, 6, out.t), ACLNN_ERR_INNER_TILING_ERROR, "permute");
    ExpectError("inputOffset length", Stage1(p.t, i5.t, o.t, 6, out.t), ACLNN_ERR_INNER_TILING_ERROR, "one more");
    ExpectError("out length", Stage1(p.t, i.t, o.t, 6, out7.t), ACLNN_ERR_INNER_TILING_ERROR, "outputSize");
    ExpectError("out 2-D", Stage1(p.t, i.t, o.t, 6, out2d.t), ACLNN_ERR_INNER_TILING_ERROR, "outputSize");
    // a permute value of 9: the stream fails and out keeps its values
    {
        DevTensor pb, ob;
        if (!pb.Init(ACL_INT32, {3}, {1, 9, 2}, CONTIG) || !ob.Init(ACL_INT32, {6}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnExpandIntoJaggedPermuteGetWorkspaceSize(pb.t, i.t, o.t, 6, ob.t, &ws, &ex);
        EXPECT(rc == 0, "stage 1 with a bad permute value");
        if (rc == 0) {
            void *w = nullptr;
            if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
            rc = aclnnExpandIntoJaggedPermute(w, ws, ex, g_stream);
            int sync = aclrtSynchronizeStream(g_stream);
            EXPECT(rc == 0 && sync == 507015, "a permute value out of range fails the stream with 507015 (got %d / %d)", rc, sync);
            EXPECT(ob.Read() == std::vector<double>(6, -777.0), "nothing written for a bad permute value");
            if (w) aclrtFree(w);
        }
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
