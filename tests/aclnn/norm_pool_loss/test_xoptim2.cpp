// Two generated aclnn layers of experimental ops-nn on the elementwise rule kernel:
// ApplyProximalGradientDescent (experimental/optim; a 950 kernel; FP32 / FP16) and
// SyncBatchNormBackwardReduce (experimental/norm; A2 / A3 kernels; FP32 / FP16 / BF16), against
// double references of the documented formulas written here:
//   prox = var - alpha * delta, varOut = sign(prox) / (1 + alpha * l2) * max(|prox| - alpha * l1, 0)
//   sumDyXmu = sumDyDxPad - mean * sumDy, y = sumDyXmu * invertStd
// Contiguous / strided / transposed views, 0-d and [1] scalars, var and varOut aliased, and the
// validation paths with their codes and messages. Run with no argument (910B), "a3", "950" or
// "310p" under that chip's topology: each chip runs its op and refuses the other.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_apply_proximal_gradient_descent.h"
#include "aclnnop/aclnn_sync_batch_norm_backward_reduce.h"

static aclrtStream g_stream;
static std::string g_chip = "910b";
static const std::vector<int64_t> kShape = {4, 9, 7};
static const size_t kN = 252;

static std::vector<double> Val(aclDataType dt, uint64_t seed, double scale) { return QuantAll(dt, RandomValues(kN, seed, scale)); }

static void ProximalGdCases()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        for (double l1 : {0.0, 0.3}) {
            Layout l = (Layout)(li++ % 3);
            std::string what = std::string("ApplyProximalGradientDescent ") + DtName(dt) + " l1 " + std::to_string(l1);
            std::vector<double> var = Val(dt, 11 + li, 1.0), delta = Val(dt, 21 + li, 2.0);
            const double alpha = Quant(dt, 0.25), q1 = Quant(dt, l1), l2 = Quant(dt, 0.5);
            DevTensor tv, td, ta, t1, t2, to;
            // alpha a 0-d tensor, l1 / l2 [1] (the README allows both)
            if (!tv.Init(dt, kShape, var, l) || !td.Init(dt, kShape, delta, l == CONTIG ? STRIDED : CONTIG) ||
                !ta.Init(dt, {}, {alpha}, CONTIG) || !t1.Init(dt, {1}, {q1}, CONTIG) || !t2.Init(dt, {1}, {l2}, CONTIG) ||
                !to.Init(dt, kShape, {}, l == TRANSPOSED ? CONTIG : TRANSPOSED))
                return;
            int r = Run("ApplyProximalGradientDescent", g_stream,
                        [&](uint64_t *ws, aclOpExecutor **e) {
                            return aclnnApplyProximalGradientDescentGetWorkspaceSize(tv.t, ta.t, t1.t, t2.t, td.t, to.t, ws, e);
                        },
                        aclnnApplyProximalGradientDescent);
            EXPECT(r == 0, "%s: run %d", what.c_str(), r);
            std::vector<double> ref(kN);
            size_t zeros = 0;
            for (size_t i = 0; i < kN; i++) {
                double prox = var[i] - alpha * delta[i];
                double mag = std::max(std::fabs(prox) - alpha * q1, 0.0);
                ref[i] = (prox > 0 ? 1.0 : prox < 0 ? -1.0 : 0.0) * mag / (1.0 + alpha * l2);
                zeros += ref[i] == 0.0;
            }
            CheckDtype(what.c_str(), dt, to.Read(), ref);
            if (l1 > 0) EXPECT(zeros > 0, "%s: the soft threshold zeroed only %zu values", what.c_str(), zeros);
        }
    }
    // in place: varOut over var's memory, two steps
    std::vector<double> var = Val(ACL_FLOAT, 51, 1.0);
    DevTensor tv, ta, t1, t2;
    if (!tv.Init(ACL_FLOAT, kShape, var, CONTIG) || !ta.Init(ACL_FLOAT, {1}, {0.1}, CONTIG) ||
        !t1.Init(ACL_FLOAT, {1}, {0.05}, CONTIG) || !t2.Init(ACL_FLOAT, {}, {0.2}, CONTIG))
        return;
    aclTensor *out = tv.Alias();
    for (int step = 0; step < 2; step++) {
        std::vector<double> d = Val(ACL_FLOAT, 60 + step, 1.0);
        DevTensor td;
        if (!td.Init(ACL_FLOAT, kShape, d, CONTIG)) return;
        EXPECT(Run("ApplyProximalGradientDescent", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **e) {
                       return aclnnApplyProximalGradientDescentGetWorkspaceSize(tv.t, ta.t, t1.t, t2.t, td.t, out, ws, e);
                   },
                   aclnnApplyProximalGradientDescent) == 0,
               "APGD in place step %d", step);
        for (size_t i = 0; i < kN; i++) {
            double prox = var[i] - 0.1 * d[i];
            var[i] = (float)((prox > 0 ? 1.0 : prox < 0 ? -1.0 : 0.0) * std::max(std::fabs(prox) - 0.1 * 0.05, 0.0) / (1.0 + 0.1 * 0.2));
        }
    }
    CheckAccuracy("APGD in place, 2 steps", tv.Read(), var, 2e-6, 2e-6, 1.0);
    aclDestroyTensor(out);
}

static void SyncBnCases()
{
    int li = 0;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        Layout l = (Layout)(li++ % 3);
        std::string d = DtName(dt);
        std::vector<double> sdy = Val(dt, 71 + dt, 0.4), sdx = Val(dt, 72 + dt, 0.4), mean = Val(dt, 73 + dt, 0.3),
                            inv = QuantAll(dt, RandomValues(kN, 74 + dt, 0.3));
        for (auto &v : inv) v = Quant(dt, 0.2 + std::fabs(v));
        DevTensor a, b, c, e, o0, o1;
        if (!a.Init(dt, kShape, sdy, l) || !b.Init(dt, kShape, sdx, CONTIG) || !c.Init(dt, kShape, mean, STRIDED) ||
            !e.Init(dt, kShape, inv, CONTIG) || !o0.Init(dt, kShape, {}, TRANSPOSED) || !o1.Init(dt, kShape, {}, l))
            return;
        int r = Run("SyncBatchNormBackwardReduce", g_stream,
                    [&](uint64_t *ws, aclOpExecutor **ex) {
                        return aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(a.t, b.t, c.t, e.t, o0.t, o1.t, ws, ex);
                    },
                    aclnnSyncBatchNormBackwardReduce);
        EXPECT(r == 0, "SyncBatchNormBackwardReduce %s: run %d", d.c_str(), r);
        std::vector<double> rx(kN), ry(kN);
        for (size_t i = 0; i < kN; i++) {
            rx[i] = sdx[i] - mean[i] * sdy[i];
            ry[i] = rx[i] * inv[i];
        }
        CheckDtype(("SyncBatchNormBackwardReduce sumDyXmu " + d).c_str(), dt, o0.Read(), rx);
        CheckDtype(("SyncBatchNormBackwardReduce y " + d).c_str(), dt, o1.Read(), ry);
    }
    // the example's shape: [5] FLOAT16
    std::vector<double> sdy = {1, 2, 3, 4, 5}, sdx = {0.5, 1, 1.5, 2, 2.5}, mean = {0.1, 0.2, 0.3, 0.4, 0.5},
                        inv = {1, 0.5, 0.25, 2, 4};
    DevTensor a, b, c, e, o0, o1;
    if (!a.Init(ACL_FLOAT16, {5}, sdy, CONTIG) || !b.Init(ACL_FLOAT16, {5}, sdx, CONTIG) ||
        !c.Init(ACL_FLOAT16, {5}, mean, CONTIG) || !e.Init(ACL_FLOAT16, {5}, inv, CONTIG) ||
        !o0.Init(ACL_FLOAT16, {5}, {}, CONTIG) || !o1.Init(ACL_FLOAT16, {5}, {}, CONTIG))
        return;
    EXPECT(Run("SyncBatchNormBackwardReduce", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(a.t, b.t, c.t, e.t, o0.t, o1.t, ws, ex);
               },
               aclnnSyncBatchNormBackwardReduce) == 0,
           "SyncBatchNormBackwardReduce [5]");
    std::vector<double> rx(5), ry(5);
    for (size_t i = 0; i < 5; i++) {
        rx[i] = sdx[i] - Quant(ACL_FLOAT16, mean[i]) * sdy[i];
        ry[i] = rx[i] * inv[i];
    }
    CheckDtype("SyncBatchNormBackwardReduce [5] sumDyXmu", ACL_FLOAT16, o0.Read(), rx);
    CheckDtype("SyncBatchNormBackwardReduce [5] y", ACL_FLOAT16, o1.Read(), ry);
}

static void Validation(bool apgd_here, bool sync_here)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor x, s, x2, xh, xb, x0, xe, s2, xnz;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !s.Init(ACL_FLOAT, {1}, {0.1}, CONTIG) ||
        !x2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !xh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !xb.Init(ACL_BF16, {2, 3}, {}, CONTIG) || !x0.Init(ACL_FLOAT, {7}, {}, CONTIG) ||
        !xe.Init(ACL_FLOAT, {2, 0}, {}, CONTIG) || !s2.Init(ACL_FLOAT, {2}, {}, CONTIG))
        return;
    const aclTensor *X = x.t, *S = s.t;
    // ApplyProximalGradientDescent: nulls in prototype order, then the chip
    ExpectError("APGD null var", aclnnApplyProximalGradientDescentGetWorkspaceSize(nullptr, S, S, S, X, x.t, &ws, &ex), 161001, "var");
    ExpectError("APGD null l2", aclnnApplyProximalGradientDescentGetWorkspaceSize(X, S, S, nullptr, X, x.t, &ws, &ex), 161001, "l2");
    ExpectError("APGD null varOut", aclnnApplyProximalGradientDescentGetWorkspaceSize(X, S, S, S, X, nullptr, &ws, &ex), 161001, "varOut");
    if (!apgd_here) {
        int rc = aclnnApplyProximalGradientDescentGetWorkspaceSize(X, S, S, S, X, x.t, &ws, &ex);
        EXPECT(rc == 161002, "APGD on %s: returned %d, expected 161002 (%s)", g_chip.c_str(), rc, aclGetRecentErrMsg());
    } else {
        ExpectError("APGD bf16", aclnnApplyProximalGradientDescentGetWorkspaceSize(xb.t, xb.t, xb.t, xb.t, xb.t, xb.t, &ws, &ex), 161002, "DT_BF16");
        ExpectError("APGD mixed dtypes", aclnnApplyProximalGradientDescentGetWorkspaceSize(X, S, S, S, xh.t, x.t, &ws, &ex), 161002, "delta");
        ExpectError("APGD delta size", aclnnApplyProximalGradientDescentGetWorkspaceSize(X, S, S, S, x0.t, x.t, &ws, &ex), 561002, "shape size mismatch");
        ExpectError("APGD alpha of two", aclnnApplyProximalGradientDescentGetWorkspaceSize(X, s2.t, S, S, X, x.t, &ws, &ex), 561002, "alpha should hold one element");
        // same element count, another shape: the tiling accepts it (it compares sizes only)
        int rc = aclnnApplyProximalGradientDescentGetWorkspaceSize(X, S, S, S, x2.t, x.t, &ws, &ex);
        EXPECT(rc == 0, "APGD delta [3, 2] for var [2, 3]: %d (%s)", rc, aclGetRecentErrMsg());
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        rc = aclnnApplyProximalGradientDescentGetWorkspaceSize(xe.t, S, S, S, xe.t, xe.t, &ws, &ex);
        EXPECT(rc == 0 && ws == 0, "APGD empty var: %d ws %llu", rc, (unsigned long long)ws);
        if (rc == 0) EXPECT(aclnnApplyProximalGradientDescent(nullptr, 0, ex, g_stream) == 0, "APGD empty stage 2");
    }
    // SyncBatchNormBackwardReduce
    ExpectError("SBNBR null mean", aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(X, X, nullptr, X, x.t, x.t, &ws, &ex), 161001, "mean");
    ExpectError("SBNBR null y", aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(X, X, X, X, x.t, nullptr, &ws, &ex), 161001, "y");
    if (!sync_here) {
        int rc = aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(X, X, X, X, x.t, x.t, &ws, &ex);
        EXPECT(rc == 161002, "SBNBR on %s: returned %d, expected 161002 (%s)", g_chip.c_str(), rc, aclGetRecentErrMsg());
    } else {
        DevTensor xi;
        if (!xi.Init(ACL_INT32, {2, 3}, {}, CONTIG)) return;
        ExpectError("SBNBR int32", aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(xi.t, xi.t, xi.t, xi.t, xi.t, xi.t, &ws, &ex), 161002, "DT_INT32");
        ExpectError("SBNBR mixed", aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(X, X, X, xh.t, x.t, x.t, &ws, &ex), 161002, "invertStd");
        ExpectError("SBNBR empty", aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(xe.t, xe.t, xe.t, xe.t, xe.t, xe.t, &ws, &ex), 561002, "input shape size must not be 0");
        ExpectError("SBNBR shape", aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(X, X, x2.t, X, x.t, x.t, &ws, &ex), 561002, "mean shape");
        aclTensor *nz = nullptr;
        {
            int64_t sh[2] = {2, 3}, st[2] = {3, 1};
            void *dev = nullptr;
            aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST);
            nz = aclCreateTensor(sh, 2, ACL_FLOAT, st, 0, ACL_FORMAT_FRACTAL_NZ, sh, 2, dev);
            ExpectError("SBNBR NZ", aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(X, nz, X, X, x.t, x.t, &ws, &ex), 161002, "sumDyDxPad");
            aclDestroyTensor(nz);
            aclrtFree(dev);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc > 1) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    bool apgd = g_chip == "950", sync = g_chip == "910b" || g_chip == "a3";
    if (apgd) ProximalGdCases();
    if (sync) SyncBnCases();
    Validation(apgd, sync);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
