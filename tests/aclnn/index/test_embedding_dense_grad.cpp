// aclnnEmbeddingDenseGrad (ops-nn experimental, Atlas 310P) against a double reference written
// here: y[k, :] = sum of grad rows i with indices[i] == k (k != paddingIdx; -1 pads nothing),
// divided by that count when scaleGradByFreq; out-of-range indices contribute nothing. FLOAT /
// FLOAT16 with INT32 / INT64 indices, repeated indices, strided views; validation paths with
// codes and messages; "" (910B): no kernel (361001).
#include <cmath>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_embedding_dense_grad.h"

static aclrtStream g_stream;
typedef std::vector<int64_t> Shape;

static void TestValues()
{
    struct Case { int64_t n, D, num, pad; bool freq; };
    std::vector<Case> cases = {{6, 4, 5, -1, false}, {10, 3, 4, 2, true}, {33, 17, 8, 0, true}, {7, 1, 3, -1, true}, {64, 40, 50, 49, false}};
    int c = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16})
        for (const Case &cs : cases) {
            Lcg rng((uint64_t)c + 3);
            std::vector<double> idx((size_t)cs.n);
            for (int64_t i = 0; i < cs.n; i++) idx[(size_t)i] = (double)((int64_t)(rng.uniform() * (double)cs.num) % cs.num);
            if (cs.n > 3) idx[1] = idx[0], idx[2] = (double)cs.pad;
            std::vector<double> g = QuantAll(dt, RandomValues((size_t)(cs.n * cs.D), (uint64_t)c + 7, 2.0));
            std::vector<double> want((size_t)(cs.num * cs.D), 0.0), cnt((size_t)cs.num, 0.0);
            for (int64_t i = 0; i < cs.n; i++) {
                int64_t k = (int64_t)idx[(size_t)i];
                if (k == cs.pad) continue;
                cnt[(size_t)k] += 1;
                for (int64_t j = 0; j < cs.D; j++) want[(size_t)(k * cs.D + j)] += g[(size_t)(i * cs.D + j)];
            }
            for (int64_t k = 0; k < cs.num; k++)
                for (int64_t j = 0; j < cs.D && cs.freq && cnt[(size_t)k] > 1; j++) want[(size_t)(k * cs.D + j)] /= cnt[(size_t)k];
            DevTensor tg, ti, ty;
            if (!tg.Init(dt, {cs.n, cs.D}, g, (Layout)(c % 3)) || !ti.Init(c % 2 ? ACL_INT32 : ACL_INT64, {cs.n}, idx, (Layout)(c % 2)) ||
                !ty.Init(dt, {cs.num, cs.D}, {}, (Layout)((c + 1) % 2), 5.0))
                return;
            std::string what = std::string("EmbeddingDenseGrad ") + DtName(dt) + " case " + std::to_string(c++);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnEmbeddingDenseGradGetWorkspaceSize(tg.t, ti.t, cs.num, cs.pad, cs.freq, ty.t, w, e); }, aclnnEmbeddingDenseGrad);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc) continue;
            std::vector<double> got = ty.Read();
            double tol = dt == ACL_FLOAT ? 1e-5 : 2e-3;
            size_t bad = 0, first = 0;
            for (size_t k = 0; k < want.size(); k++)
                if (!(std::fabs(got[k] - want[k]) <= tol * (1 + std::fabs(want[k])))) { if (!bad) first = k; bad++; }
            EXPECT(bad == 0, "%s: %zu wrong (first %zu: %g vs %g)", what.c_str(), bad, first, got[first], want[first]);
            EXPECT(ty.CountClobbered(5.0) == 0, "%s: wrote outside its view", what.c_str());
        }
}

static void TestValidation()
{
    DevTensor g, i, y, g64, i16, y16, ybad, i2, e;
    if (!g.Init(ACL_FLOAT, {3, 4}, {}, CONTIG, 1) || !i.Init(ACL_INT64, {3}, {0, 1, 2}, CONTIG) || !y.Init(ACL_FLOAT, {5, 4}, {}, CONTIG) ||
        !g64.Init(ACL_DOUBLE, {3, 4}, {}, CONTIG) || !i16.Init(ACL_INT16, {3}, {}, CONTIG) || !y16.Init(ACL_FLOAT16, {5, 4}, {}, CONTIG) ||
        !ybad.Init(ACL_FLOAT, {5, 3}, {}, CONTIG) || !i2.Init(ACL_INT64, {4}, {}, CONTIG, 0) || !e.Init(ACL_FLOAT, {0, 4}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null grad", aclnnEmbeddingDenseGradGetWorkspaceSize(nullptr, i.t, 5, -1, false, y.t, &ws, &ex), 161001, "grad");
    ExpectError("null indices", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, nullptr, 5, -1, false, y.t, &ws, &ex), 161001, "indices");
    ExpectError("null y", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i.t, 5, -1, false, nullptr, &ws, &ex), 161001, "y");
    ExpectError("grad dtype", aclnnEmbeddingDenseGradGetWorkspaceSize(g64.t, i.t, 5, -1, false, y.t, &ws, &ex), 161002, "DT_DOUBLE");
    ExpectError("indices dtype", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i16.t, 5, -1, false, y.t, &ws, &ex), 161002, "DT_INT16");
    ExpectError("y dtype", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i.t, 5, -1, false, y16.t, &ws, &ex), 161002, "y");
    ExpectError("numWeights", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i.t, 0, -1, false, y.t, &ws, &ex), 561002, "numWeights 0");
    ExpectError("paddingIdx", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i.t, 5, 5, false, y.t, &ws, &ex), 561002, "paddingIdx 5");
    ExpectError("paddingIdx -2", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i.t, 5, -2, false, y.t, &ws, &ex), 561002, "[-1, 5)");
    ExpectError("indices count", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i2.t, 5, -1, false, y.t, &ws, &ex), 561002, "should equal the 4 indices");
    ExpectError("y shape", aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i.t, 5, -1, false, ybad.t, &ws, &ex), 561002, "y shape should be [5, 4]");
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip != "310p") {
        DevTensor g, i, y;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        if (!g.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) || !i.Init(ACL_INT64, {3}, {0, 1, 2}, CONTIG) || !y.Init(ACL_FLOAT, {5, 4}, {}, CONTIG)) return 1;
        int rc = aclnnEmbeddingDenseGradGetWorkspaceSize(g.t, i.t, 5, -1, false, y.t, &ws, &ex);
        EXPECT(rc == 361001, "910B: returned %d, expected 361001", rc);
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
