// Ascend950 specifics, under a one-device 950 topology: aclnnBatchNorm accepts NHWC (channel
// last, staged through a permuted view) and writes 1/sqrt(var + eps) to saveInvstd;
// aclnnMaxPool2dWithIndices accepts dilation > 1 and an NHWC input. Checked against
// double-precision references.
#include "npl_util.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_max_pool.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"

static void BatchNormNhwc(Runtime &rt)
{
    Lcg rng(5);
    int64_t N = 3, H = 4, W = 5, C = 6;
    DevTensor x = MakeTensor(ACL_FLOAT, {N, H, W, C}, RandVals(rng, N * H * W * C), CONTIG, ACL_FORMAT_NHWC);
    DevTensor y = MakeOut(ACL_FLOAT, {N, H, W, C}, CONTIG, ACL_FORMAT_NHWC);
    DevTensor rm = MakeTensor(ACL_FLOAT, {C}, std::vector<double>(C, 0.0)), rv = MakeTensor(ACL_FLOAT, {C}, std::vector<double>(C, 1.0));
    DevTensor sm = MakeOut(ACL_FLOAT, {C}), si = MakeOut(ACL_FLOAT, {C});
    EXPECT(NPL_RUN(BatchNorm, x.t, nullptr, nullptr, rm.t, rv.t, true, 0.1, 1e-5, y.t, sm.t, si.t) == 0, "BatchNorm NHWC");
    std::vector<double> ry(x.vals.size()), rmean(C), rinv(C);
    int64_t M = N * H * W;
    for (int64_t c = 0; c < C; c++) {
        double s = 0, q = 0;
        for (int64_t i = 0; i < M; i++) s += x.vals[i * C + c];
        double mu = s / M;
        for (int64_t i = 0; i < M; i++) q += std::pow(x.vals[i * C + c] - mu, 2);
        rmean[c] = mu;
        rinv[c] = 1.0 / std::sqrt(q / M + 1e-5);
        for (int64_t i = 0; i < M; i++) ry[i * C + c] = (x.vals[i * C + c] - mu) * rinv[c];
    }
    CheckDtype("BatchNorm NHWC y", ACL_FLOAT, Read(y), ry);
    CheckDtype("BatchNorm saveMean", ACL_FLOAT, Read(sm), rmean);
    CheckDtype("BatchNorm saveInvstd (1/std on 950)", ACL_FLOAT, Read(si), rinv);
    for (DevTensor *t : {&x, &y, &rm, &rv, &sm, &si}) t->Free();
}

static void MaxPoolDilatedNhwc(Runtime &rt)
{
    Lcg rng(6);
    int64_t N = 2, H = 11, W = 9, C = 3, k = 3, s = 2, p = 1, d = 2;
    int64_t OH = (H + 2 * p - d * (k - 1) - 1) / s + 1, OW = (W + 2 * p - d * (k - 1) - 1) / s + 1;
    DevTensor x = MakeTensor(ACL_FLOAT, {N, H, W, C}, RandVals(rng, N * H * W * C), CONTIG, ACL_FORMAT_NHWC);
    DevTensor y = MakeOut(ACL_FLOAT, {N, OH, OW, C}, CONTIG, ACL_FORMAT_NHWC);
    DevTensor ix = MakeOut(ACL_INT64, {N, OH, OW, C}, CONTIG, ACL_FORMAT_NHWC);
    int64_t ks[1] = {k}, ss[1] = {s}, ps[1] = {p}, ds[1] = {d};
    aclIntArray *ka = aclCreateIntArray(ks, 1), *sa = aclCreateIntArray(ss, 1), *pa = aclCreateIntArray(ps, 1),
                *da = aclCreateIntArray(ds, 1);
    EXPECT(NPL_RUN(MaxPool2dWithIndices, x.t, ka, sa, pa, da, false, y.t, ix.t) == 0, "MaxPool2dWithIndices NHWC");
    std::vector<double> ry(N * OH * OW * C), ri(ry.size());
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double best = -INFINITY;
                    int64_t bi = -1;
                    for (int64_t i = 0; i < k; i++)
                        for (int64_t j = 0; j < k; j++) {
                            int64_t h = oh * s - p + i * d, w = ow * s - p + j * d;
                            if (h < 0 || h >= H || w < 0 || w >= W) continue;
                            double v = x.vals[((n * H + h) * W + w) * C + c];
                            if (bi < 0 || v > best) { best = v; bi = h * W + w; }
                        }
                    int64_t o = ((n * OH + oh) * OW + ow) * C + c;
                    ry[o] = best;
                    ri[o] = (double)bi;
                }
    CheckDtype("MaxPool2dWithIndices NHWC dilated", ACL_FLOAT, Read(y), ry);
    std::vector<double> gi = Read(ix);
    size_t bad = 0;
    for (size_t i = 0; i < gi.size(); i++) bad += gi[i] != ri[i];
    EXPECT(bad == 0, "MaxPool2dWithIndices NHWC dilated: %zu wrong indices", bad);
    for (aclIntArray *a : {ka, sa, pa, da}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &y, &ix}) t->Free();
}

// 950 offers integer dtypes for aclnnMaxPool (generic kernel, asymmetric pads clip the window).
static void MaxPoolInt32(Runtime &rt)
{
    Lcg rng(8);
    int64_t C = 2, H = 7, W = 8, OH = (H + 1 + 0 - 3) / 2 + 1, OW = (W + 0 + 1 - 2) / 1 + 1;
    std::vector<double> v(C * H * W);
    for (auto &e : v) e = std::floor(rng.uniform() * 2000 - 1000);
    DevTensor x = MakeTensor(ACL_INT32, {C, H, W}, v), y = MakeOut(ACL_INT32, {C, OH, OW});
    int64_t ks[2] = {3, 2}, ss[2] = {2, 1}, p4[4] = {1, 0, 0, 1};
    aclIntArray *ka = aclCreateIntArray(ks, 2), *sa = aclCreateIntArray(ss, 2), *pa = aclCreateIntArray(p4, 4),
                *da = aclCreateIntArray(ks, 0);
    EXPECT(NPL_RUN(MaxPool, x.t, ka, sa, 0, pa, da, 0, y.t) == 0, "MaxPool INT32");
    std::vector<double> ry;
    for (int64_t c = 0; c < C; c++)
        for (int64_t oh = 0; oh < OH; oh++)
            for (int64_t ow = 0; ow < OW; ow++) {
                double best = -1e300;
                for (int64_t i = 0; i < 3; i++)
                    for (int64_t j = 0; j < 2; j++) {
                        int64_t h = oh * 2 - 1 + i, w = ow * 1 - 0 + j;
                        if (h >= 0 && h < H && w >= 0 && w < W) best = std::max(best, x.vals[(c * H + h) * W + w]);
                    }
                ry.push_back(best);
            }
    EXPECT(Read(y) == ry, "MaxPool INT32 values differ");
    for (aclIntArray *a : {ka, sa, pa, da}) aclDestroyIntArray(a);
    x.Free(); y.Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::strstr(soc, "950"), "expected an Ascend950 topology, got %s", soc ? soc : "(null)");
    BatchNormNhwc(rt);
    MaxPoolDilatedNhwc(rt);
    MaxPoolInt32(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
