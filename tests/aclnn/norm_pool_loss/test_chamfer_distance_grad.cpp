// aclnnChamferDistanceBackward (lossopt helper): FP32 / FP16 point sets (B, N, 2) with INT32
// nearest-point ids, contiguous / strided / transposed views, against central finite differences
// of the loss sum g1 |p1 - p2[idx1]|^2 + sum g2 |p2 - p1[idx2]|^2 (quadratic, so exact), a point
// chosen by several others, ids outside the tensor (no contribution), ±Inf / NaN, empty inputs;
// the validation paths with codes and messages. "310p": the chip refusal; "950": a run.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_chamfer_distance_backward.h"

static double Loss(const std::vector<double> &p1, const std::vector<double> &p2, const std::vector<double> &i1,
                   const std::vector<double> &i2, const std::vector<double> &g1, const std::vector<double> &g2,
                   int64_t B, int64_t N)
{
    double L = 0;
    for (int pass = 0; pass < 2; pass++) {
        const std::vector<double> &a = pass ? p2 : p1, &b = pass ? p1 : p2, &id = pass ? i2 : i1, &g = pass ? g2 : g1;
        for (int64_t p = 0; p < B * N; p++) {
            int64_t j = (p / N) * N + (int64_t)id[(size_t)p];
            if (id[(size_t)p] < 0 || j >= B * N) continue;
            double dx = a[(size_t)(2 * p)] - b[(size_t)(2 * j)], dy = a[(size_t)(2 * p + 1)] - b[(size_t)(2 * j + 1)];
            L += g[(size_t)p] * (dx * dx + dy * dy);
        }
    }
    return L;
}

static int Call(Runtime &rt, DevTensor &x1, DevTensor &x2, DevTensor &i1, DevTensor &i2, DevTensor &g1, DevTensor &g2,
                DevTensor &o1, DevTensor &o2)
{
    return Run("aclnnChamferDistanceBackward", rt.stream,
               [&](uint64_t *w, aclOpExecutor **e) {
                   return aclnnChamferDistanceBackwardGetWorkspaceSize(x1.t, x2.t, i1.t, i2.t, g1.t, g2.t, o1.t, o2.t, w, e);
               },
               aclnnChamferDistanceBackward);
}

static void Case(Runtime &rt, aclDataType dt, int64_t B, int64_t N, uint64_t seed, Layout lin, Layout lout, bool special)
{
    Lcg rng(seed);
    std::vector<double> p1 = QuantAll(dt, RandomValues((size_t)(B * N * 2), seed, 0.5)),
                        p2 = QuantAll(dt, RandomValues((size_t)(B * N * 2), seed + 1, 0.5)),
                        g1 = QuantAll(dt, RandomValues((size_t)(B * N), seed + 2, 0.3)),
                        g2 = QuantAll(dt, RandomValues((size_t)(B * N), seed + 3, 0.3)), i1((size_t)(B * N)),
                        i2((size_t)(B * N));
    for (auto &v : i1) v = (double)(int64_t)(rng.uniform() * (double)N);
    for (auto &v : i2) v = (double)(int64_t)(rng.uniform() * (double)N);
    if (N > 2) { i1[0] = 1; i1[1] = 1; i1[2] = 1; } // one point chosen three times
    if (B > 1) i1[(size_t)(B * N - 1)] = (double)(N + 5); // past the tensor
    if (B > 1) i2[(size_t)(N)] = -1;                     // negative
    std::vector<double> gold1(p1.size()), gold2(p2.size());
    for (size_t k = 0; k < p1.size(); k++) {
        std::vector<double> a = p1, b = p1;
        a[k] += 0.5; b[k] -= 0.5;
        gold1[k] = Loss(a, p2, i1, i2, g1, g2, B, N) - Loss(b, p2, i1, i2, g1, g2, B, N);
        std::vector<double> c = p2, d = p2;
        c[k] += 0.5; d[k] -= 0.5;
        gold2[k] = Loss(p1, c, i1, i2, g1, g2, B, N) - Loss(p1, d, i1, i2, g1, g2, B, N);
    }
    if (special) { // point 0 of set 1 at +Inf: its own gradient and its partner's become ±Inf / NaN
        p1[0] = INFINITY;
        p2[3] = NAN;
    }
    DevTensor x1, x2, t1, t2, d1, d2, o1, o2;
    if (!x1.Init(dt, {B, N, 2}, p1, lin) || !x2.Init(dt, {B, N, 2}, p2, lin == TRANSPOSED ? STRIDED : lin) ||
        !t1.Init(ACL_INT32, {B, N}, i1, lin) || !t2.Init(ACL_INT32, {B, N}, i2, CONTIG) || !d1.Init(dt, {B, N}, g1, lin) ||
        !d2.Init(dt, {B, N}, g2, CONTIG) || !o1.Init(dt, {B, N, 2}, {}, lout) || !o2.Init(dt, {B, N, 2}, {}, lout)) {
        EXPECT(false, "tensors");
        return;
    }
    std::string name = std::string("ChamferDistanceBackward ") + DtName(dt) + " " + std::to_string(B) + "x" +
                       std::to_string(N) + (special ? " special" : "") + " layout " + std::to_string(lin) + "/" +
                       std::to_string(lout);
    int r = Call(rt, x1, x2, t1, t2, d1, d2, o1, o2);
    EXPECT(r == 0, "%s: run %d (%s)", name.c_str(), r, aclGetRecentErrMsg());
    if (r) return;
    std::vector<double> a1 = o1.Read(), a2 = o2.Read();
    if (special) {
        EXPECT(!std::isfinite(a1[0]), "%s: an Inf coordinate should give a non-finite gradient", name.c_str());
        EXPECT(std::isnan(a2[3]), "%s: a NaN coordinate should give a NaN gradient", name.c_str());
        return;
    }
    CheckDtype((name + " gradXyz1").c_str(), dt, a1, gold1);
    CheckDtype((name + " gradXyz2").c_str(), dt, a2, gold2);
    EXPECT(o1.CountClobbered() == 0 && o2.CountClobbered() == 0, "%s: wrote outside the views", name.c_str());
}

static void Validation()
{
    DevTensor x, x4, x3c, i, iw, g, gw, o, oc, xb, ii;
    if (!x.Init(ACL_FLOAT, {2, 3, 2}, {}, CONTIG) || !x4.Init(ACL_FLOAT, {2, 3, 2, 1}, {}, CONTIG) ||
        !x3c.Init(ACL_FLOAT, {2, 3, 3}, {}, CONTIG) || !i.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !iw.Init(ACL_INT64, {2, 3}, {}, CONTIG) || !g.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !gw.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3, 2}, {}, CONTIG) ||
        !oc.Init(ACL_FLOAT, {2, 2, 2}, {}, CONTIG) || !xb.Init(ACL_BF16, {2, 3, 2}, {}, CONTIG) ||
        !ii.Init(ACL_FLOAT, {2, 3}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define CDB(a, b, c, d, e, f, h, k) aclnnChamferDistanceBackwardGetWorkspaceSize(a, b, c, d, e, f, h, k, &ws, &ex)
    ExpectError("null xyz1", CDB(nullptr, x.t, i.t, i.t, g.t, g.t, o.t, o.t), 161001, "xyz1");
    ExpectError("null idx2", CDB(x.t, x.t, i.t, nullptr, g.t, g.t, o.t, o.t), 161001, "idx2");
    ExpectError("null gradXyz2", CDB(x.t, x.t, i.t, i.t, g.t, g.t, o.t, nullptr), 161001, "gradXyz2");
    ExpectError("bf16 xyz1", CDB(xb.t, x.t, i.t, i.t, g.t, g.t, o.t, o.t), 161002, "xyz1");
    ExpectError("int64 idx1", CDB(x.t, x.t, iw.t, i.t, g.t, g.t, o.t, o.t), 161002, "idx1");
    ExpectError("float idx2", CDB(x.t, x.t, i.t, ii.t, g.t, g.t, o.t, o.t), 161002, "idx2");
    ExpectError("bf16 gradXyz2", CDB(x.t, x.t, i.t, i.t, g.t, g.t, o.t, xb.t), 161002, "gradXyz2");
    ExpectError("4-D xyz1", CDB(x4.t, x.t, i.t, i.t, g.t, g.t, o.t, o.t), 161002, "xyz1", "(B, N, 2)");
    ExpectError("3 coordinates", CDB(x3c.t, x.t, i.t, i.t, g.t, g.t, o.t, o.t), 161002, "xyz1");
    ExpectError("gradDist1 shape", CDB(x.t, x.t, i.t, i.t, gw.t, g.t, o.t, o.t), 161002, "gradDist1");
    ExpectError("gradXyz2 shape", CDB(x.t, x.t, i.t, i.t, g.t, g.t, o.t, oc.t), 161002, "gradXyz2");
#undef CDB
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    if (chip && std::string(chip) == "310p") {
        DevTensor x, i, g, o;
        if (!x.Init(ACL_FLOAT, {1, 2, 2}, {}, CONTIG) || !i.Init(ACL_INT32, {1, 2}, {0, 1}, CONTIG) ||
            !g.Init(ACL_FLOAT, {1, 2}, {}, CONTIG) || !o.Init(ACL_FLOAT, {1, 2, 2}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnChamferDistanceBackwardGetWorkspaceSize(x.t, x.t, i.t, i.t, g.t, g.t, o.t, o.t, &ws, &ex);
        EXPECT(r == 361001, "310P: %d, expected the chip refusal 361001", r);
    } else {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
            Case(rt, dt, 2, 5, 3, CONTIG, CONTIG, false);
            Case(rt, dt, 3, 4, 7, TRANSPOSED, STRIDED, false);
            Case(rt, dt, 1, 1, 9, STRIDED, TRANSPOSED, false);
            if (!chip) Case(rt, dt, 4, 100, 13, CONTIG, CONTIG, false);
            Case(rt, dt, 2, 5, 3, CONTIG, CONTIG, true);
        }
        // empty: nothing is launched, the outputs keep their contents
        DevTensor x, i, g, o;
        if (x.Init(ACL_FLOAT, {2, 0, 2}, {}, CONTIG) && i.Init(ACL_INT32, {2, 0}, {}, CONTIG) &&
            g.Init(ACL_FLOAT, {2, 0}, {}, CONTIG) && o.Init(ACL_FLOAT, {2, 0, 2}, {}, CONTIG))
            EXPECT(Call(rt, x, x, i, i, g, g, o, o) == 0, "ChamferDistanceBackward empty");
        if (!chip) Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
