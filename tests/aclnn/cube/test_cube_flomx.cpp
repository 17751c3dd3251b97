// aclnnFusedLinearOnlineMaxSum against the op's definition computed here in double: logits =
// input @ weight^T, per row the max, sum(exp(l - max)), the target tests (masked when target <
// vocabStartIndex or >= vocabEndIndex, as the real kernel and its test compare), the masked
// target (0 when masked or outside the local vocabulary), the predicted logit, the mask bits
// (row 8k + j in bit j of byte k; the rows past M tested as target 0); with and without the
// logits output, INT32 / INT64 targets, FLOAT16 / BF16; then the validation paths; the 950
// (not in the op's list) refuses it.
#include <string>

#include "aclnnop/aclnn_fused_linear_online_max_sum.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

template <typename T> static void Upload(void **dev, const std::vector<T> &v)
{
    size_t bytes = v.size() * sizeof(T);
    aclrtMalloc(dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST);
    if (bytes) aclrtMemcpy(*dev, bytes, v.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
}

static aclTensor *Vec(void *dev, aclDataType dt, int64_t n)
{
    int64_t st = 1;
    return aclCreateTensor(&n, 1, dt, &st, 0, ACL_FORMAT_ND, &n, 1, dev);
}

static void Case(aclDataType dt, aclDataType tdt, int64_t M, int64_t N, int64_t K, int64_t start, int64_t end,
                 bool vout, uint64_t seed)
{
    Lcg rng(seed);
    DevT x, w, logits;
    MakeContig(x, dt, rng, {M, K});
    MakeContig(w, dt, rng, {N, K});
    if (vout) MakeZeros(logits, dt, {M, N});
    std::vector<int64_t> tg((size_t)M);
    for (int64_t b = 0; b < M; b++) tg[(size_t)b] = (int64_t)((b * 7 + seed) % (uint64_t)(end + 6)); // some outside
    void *dt_dev = nullptr, *dmx = nullptr, *dsum = nullptr, *dpred = nullptr, *dmask = nullptr, *dmt = nullptr;
    const size_t isz = tdt == ACL_INT64 ? 8 : 4, nbytes = (size_t)((M + 7) / 8);
    if (tdt == ACL_INT64) Upload(&dt_dev, tg);
    else { std::vector<int32_t> t32(tg.begin(), tg.end()); Upload(&dt_dev, t32); }
    std::vector<float> fz((size_t)M, -5.0f);
    Upload(&dmx, fz); Upload(&dsum, fz); Upload(&dpred, fz);
    Upload(&dmask, std::vector<uint8_t>(nbytes, 0xAA));
    Upload(&dmt, std::vector<uint8_t>((size_t)M * isz, 0x55));
    aclTensor *tt = Vec(dt_dev, tdt, M), *tmx = Vec(dmx, ACL_FLOAT, M), *tsum = Vec(dsum, ACL_FLOAT, M),
              *tpred = Vec(dpred, ACL_FLOAT, M), *tmask = Vec(dmask, ACL_UINT8, (int64_t)nbytes), *tmt = Vec(dmt, tdt, M);
    int rc = RunOp("aclnnFusedLinearOnlineMaxSum", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnFusedLinearOnlineMaxSumGetWorkspaceSize(x.t, w.t, tt, start, end, tmx, tsum, tpred, tmask,
                                                                           tmt, vout ? logits.t : nullptr, ws, ex);
                   },
                   aclnnFusedLinearOnlineMaxSum);
    std::string name = "FusedLinearOnlineMaxSum dt" + std::to_string((int)dt) + " M" + std::to_string(M) + " start" +
                       std::to_string(start) + (vout ? " logits" : "");
    EXPECT(rc == 0, "%s run", name.c_str());
    if (!rc) {
        std::vector<double> L((size_t)(M * N)), rmx, rsum, rpred;
        for (int64_t b = 0; b < M; b++)
            for (int64_t n = 0; n < N; n++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += x.at({b, k}) * w.at({n, k});
                L[(size_t)(b * N + n)] = s;
            }
        std::vector<uint8_t> rmask(nbytes, 0);
        std::vector<int64_t> rmt((size_t)M);
        for (int64_t b = 0; b < (int64_t)nbytes * 8; b++) {
            int64_t t = b < M ? tg[(size_t)b] : 0;
            bool m = t < start || t >= end;
            if (m) rmask[(size_t)(b / 8)] |= (uint8_t)(1u << (b % 8));
            if (b >= M) continue;
            double mx = -INFINITY, sum = 0;
            for (int64_t n = 0; n < N; n++) mx = std::max(mx, L[(size_t)(b * N + n)]);
            for (int64_t n = 0; n < N; n++) sum += std::exp(L[(size_t)(b * N + n)] - mx);
            int64_t mt = m ? 0 : t - start;
            double pr = 0;
            if (mt < 0 || mt >= N) mt = 0;
            else if (!m) pr = L[(size_t)(b * N + mt)] - mx;
            rmx.push_back(mx); rsum.push_back(sum); rpred.push_back(pr); rmt[(size_t)b] = mt;
        }
        auto rd = [&](void *d) { auto h = Download<float>(d, (size_t)M); return std::vector<double>(h.begin(), h.end()); };
        CubeCheck((name + " max").c_str(), ACL_FLOAT, rd(dmx), rmx);
        CubeCheck((name + " sumexp").c_str(), ACL_FLOAT, rd(dsum), rsum);
        CubeCheck((name + " predicted").c_str(), ACL_FLOAT, rd(dpred), rpred);
        auto gm = Download<uint8_t>(dmask, nbytes);
        EXPECT(gm == rmask, "%s: mask bytes differ (byte 0: got %02x want %02x)", name.c_str(), gm[0], rmask[0]);
        size_t bad = 0;
        if (tdt == ACL_INT64) { auto h = Download<int64_t>(dmt, (size_t)M); for (int64_t b = 0; b < M; b++) bad += h[(size_t)b] != rmt[(size_t)b]; }
        else { auto h = Download<int32_t>(dmt, (size_t)M); for (int64_t b = 0; b < M; b++) bad += h[(size_t)b] != rmt[(size_t)b]; }
        EXPECT(bad == 0, "%s: %zu masked targets differ", name.c_str(), bad);
        if (vout) { // the logits rounded once to the dtype
            std::vector<double> rl(L);
            CubeCheck((name + " logits").c_str(), dt, ReadBack(logits), rl);
        }
    }
    for (aclTensor *t : {tt, tmx, tsum, tpred, tmask, tmt}) aclDestroyTensor(t);
    for (void *d : {dt_dev, dmx, dsum, dpred, dmask, dmt}) aclrtFree(d);
}

static void Checks(bool supported)
{
    Lcg rng(3);
    DevT x, w, w_bad, xb;
    MakeContig(x, ACL_FLOAT16, rng, {9, 4});
    MakeContig(w, ACL_FLOAT16, rng, {5, 4});
    MakeContig(w_bad, ACL_FLOAT16, rng, {5, 3});
    MakeContig(xb, ACL_BF16, rng, {9, 4});
    void *d[6];
    std::vector<int64_t> z64(9, 0);
    for (auto &p : d) Upload(&p, z64);
    aclTensor *tt = Vec(d[0], ACL_INT64, 9), *tmx = Vec(d[1], ACL_FLOAT, 9), *tsum = Vec(d[2], ACL_FLOAT, 9),
              *tpred = Vec(d[3], ACL_FLOAT, 9), *tmask = Vec(d[4], ACL_UINT8, 2), *tmt = Vec(d[5], ACL_INT64, 9),
              *tmask_bad = Vec(d[4], ACL_UINT8, 1), *tmt32 = Vec(d[5], ACL_INT32, 9);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *a, const aclTensor *b, int64_t s, int64_t e, aclTensor *mask, aclTensor *mt) {
        int rc = aclnnFusedLinearOnlineMaxSumGetWorkspaceSize(a, b, tt, s, e, tmx, tsum, tpred, mask, mt, nullptr, &ws, &ex);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        return rc;
    };
    if (!supported) {
        EXPECT(call(x.t, w.t, 0, 5, tmask, tmt) == ACLNN_ERR_RUNTIME_ERROR, "refused on this chip");
    } else {
        EXPECT(call(x.t, w.t, 0, 5, tmask, tmt) == 0, "valid: %s", aclGetRecentErrMsg());
        EXPECT(call(nullptr, w.t, 0, 5, tmask, tmt) == ACLNN_ERR_PARAM_NULLPTR, "null input");
        EXPECT(call(x.t, w.t, 0, 5, nullptr, tmt) == ACLNN_ERR_PARAM_NULLPTR, "null targetMaskOut");
        EXPECT(call(xb.t, w.t, 0, 5, tmask, tmt) == ACLNN_ERR_PARAM_INVALID, "input / weight dtypes differ");
        EXPECT(call(x.t, w.t, 0, 5, tmask, tmt32) == ACLNN_ERR_PARAM_INVALID, "maskedTargetOut dtype != target");
        EXPECT(call(x.t, w_bad.t, 0, 5, tmask, tmt) == ACLNN_ERR_PARAM_INVALID, "K mismatch");
        EXPECT(call(x.t, w.t, 0, 5, tmask_bad, tmt) == ACLNN_ERR_PARAM_INVALID, "mask bytes");
        EXPECT(call(x.t, w.t, -1, 5, tmask, tmt) == ACLNN_ERR_PARAM_INVALID, "start < 0");
        EXPECT(call(x.t, w.t, 4, 3, tmask, tmt) == ACLNN_ERR_PARAM_INVALID, "end < start");
    }
    for (aclTensor *t : {tt, tmx, tsum, tpred, tmask, tmt, tmask_bad, tmt32}) aclDestroyTensor(t);
    for (auto p : d) aclrtFree(p);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool supported = soc.find("Ascend910B") == 0 || soc.find("Ascend910_93") == 0;
    printf("SoC %s\n", soc.c_str());
    if (supported) {
        Case(ACL_FLOAT16, ACL_INT64, 13, 37, 24, 5, 30, true, 1);
        Case(ACL_BF16, ACL_INT32, 21, 64, 40, 0, 50, false, 2);   // start 0: padded rows test as unmasked
        Case(ACL_FLOAT16, ACL_INT32, 8, 16, 300, 3, 40, false, 3); // end past the local vocabulary
        Case(ACL_BF16, ACL_INT64, 1, 5, 7, 2, 4, true, 4);
    }
    Checks(supported);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
