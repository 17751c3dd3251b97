// Chip gating under an Ascend310P3 topology (ACLEMU_TOPOLOGY): BF16 is refused by the norm /
// pooling / loss ops with 161002 and a message naming the dtype; aclnnInstanceNorm, which only
// this chip offers, runs (NCHW and NHWC) and matches a double-precision reference; BatchNorm
// stores the batch variance in saveInvstd as on every chip but 950.
#include "npl_util.h"
#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_instance_norm.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_rms_norm.h"

static void Bf16Rejected()
{
    DevTensor x = MakeOut(ACL_BF16, {2, 4, 6, 6}, CONTIG, ACL_FORMAT_NCHW), y = MakeOut(ACL_BF16, {2, 4, 6, 6}, CONTIG, ACL_FORMAT_NCHW);
    DevTensor g = MakeOut(ACL_BF16, {6}), r = MakeOut(ACL_FLOAT, {2, 4, 6, 1}), c4 = MakeOut(ACL_FLOAT, {4});
    DevTensor p = MakeOut(ACL_BF16, {2, 4, 3, 3}, CONTIG, ACL_FORMAT_NCHW), pi = MakeOut(ACL_INT64, {2, 4, 3, 3}, CONTIG, ACL_FORMAT_NCHW);
    int64_t six = 6, k2[1] = {2}, z[1] = {0}, one[1] = {1};
    aclIntArray *ns = aclCreateIntArray(&six, 1), *ka = aclCreateIntArray(k2, 1), *pa = aclCreateIntArray(z, 1),
                *da = aclCreateIntArray(one, 1), *sa = aclCreateIntArray(k2, 0);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", LayerNorm, x.t, ns, nullptr, nullptr, 1e-5, y.t, nullptr, nullptr);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", RmsNorm, x.t, g.t, 1e-6, y.t, r.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", BatchNorm, x.t, c4.t, c4.t, c4.t, c4.t, true, 0.1, 1e-5, y.t, c4.t, c4.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", MaxPool2dWithIndices, x.t, ka, sa, pa, da, false, p.t, pi.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", AvgPool2d, x.t, ka, sa, pa, false, true, 0, (int8_t)0, p.t);
    // the message names the chip that lacks the dtype
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "Ascend310P3", RmsNorm, x.t, g.t, 1e-6, y.t, r.t);
    for (aclIntArray *a : {ns, ka, pa, da, sa}) aclDestroyIntArray(a);
    for (DevTensor *t : {&x, &y, &g, &r, &c4, &p, &pi}) t->Free();
}

static void InstanceNormRuns(Runtime &rt, aclDataType dt, bool nhwc, uint64_t seed)
{
    Lcg rng(seed);
    int64_t N = 2, C = 5, H = 3, W = 7;
    std::vector<int64_t> shape = nhwc ? std::vector<int64_t>{N, H, W, C} : std::vector<int64_t>{N, C, H, W};
    DevTensor x = MakeTensor(dt, shape, RandVals(rng, N * C * H * W), CONTIG, nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW);
    DevTensor g = MakeTensor(dt, {C}, RandVals(rng, C, 0.5)), b = MakeTensor(dt, {C}, RandVals(rng, C, 0.5));
    std::vector<int64_t> ss = nhwc ? std::vector<int64_t>{N, 1, 1, C} : std::vector<int64_t>{N, C, 1, 1};
    DevTensor y = MakeOut(dt, shape, CONTIG, nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW), m = MakeOut(dt, ss), v = MakeOut(dt, ss);
    EXPECT(NPL_RUN(InstanceNorm, x.t, g.t, b.t, nhwc ? "NHWC" : "NCHW", 1e-5, y.t, m.t, v.t) == 0, "InstanceNorm");
    std::vector<double> ry(x.vals.size()), rm(N * C), rv(N * C);
    auto at = [&](int64_t n, int64_t c, int64_t i) { // element index in x's layout
        return nhwc ? (n * H * W + i) * C + c : (n * C + c) * H * W + i;
    };
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++) {
            double s = 0, q = 0;
            for (int64_t i = 0; i < H * W; i++) s += x.vals[at(n, c, i)];
            double mu = s / (H * W);
            for (int64_t i = 0; i < H * W; i++) q += std::pow(x.vals[at(n, c, i)] - mu, 2);
            rm[n * C + c] = mu;
            rv[n * C + c] = q / (H * W);
            for (int64_t i = 0; i < H * W; i++)
                ry[at(n, c, i)] = (x.vals[at(n, c, i)] - mu) / std::sqrt(rv[n * C + c] + 1e-5) * g.vals[c] + b.vals[c];
        }
    const char *what = nhwc ? "NHWC" : "NCHW";
    CheckDtype(Name("InstanceNorm y", dt, what).c_str(), dt, Read(y), ry);
    CheckDtype(Name("InstanceNorm mean", dt, what).c_str(), dt, Read(m), rm);
    CheckDtype(Name("InstanceNorm variance", dt, what).c_str(), dt, Read(v), rv);
    for (DevTensor *t : {&x, &g, &b, &y, &m, &v}) t->Free();
}

// aclnnCrossEntropyLoss exists on Atlas A2 / A3 / 950 only.
static void CrossEntropyGated()
{
    DevTensor x = MakeOut(ACL_FLOAT, {4, 5}), t = MakeOut(ACL_INT64, {4}), l = MakeOut(ACL_FLOAT, {1});
    DevTensor lp = MakeOut(ACL_FLOAT, {4, 5});
    char mean[8] = "mean";
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "not supported on Ascend310P3", CrossEntropyLoss, x.t, t.t, nullptr, mean,
                   -100, 0.0, 0.0, false, l.t, lp.t, nullptr, nullptr);
    for (DevTensor *p : {&x, &t, &l, &lp}) p->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::strcmp(soc, "Ascend310P3") == 0, "expected an Ascend310P3 topology, got %s", soc ? soc : "(null)");
    Bf16Rejected();
    CrossEntropyGated();
    InstanceNormRuns(rt, ACL_FLOAT, false, 1);
    InstanceNormRuns(rt, ACL_FLOAT16, true, 2);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
