// aclnnAmpUpdateScale against a reference written here (torch._amp_update_scale_ in FLOAT):
// backoff on found Inf/NaN (NaN flag too), growth when tracker + 1 reaches the interval, no
// growth when the grown scale overflows FLOAT, the tracker counting otherwise (also past the
// interval), FLOAT / FLOAT16 / BF16, 0-d and [1] tensors, outputs aliasing the inputs; every
// validation path with its code and message; the chips (A2 / A3 / 950; 310P: 361001).
#include <cfloat>
#include <string>

#include "aclnnop/aclnn_amp_update_scale.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

static void RunOne(aclDataType dt, double scale, int32_t tracker, double found, double gf, double bf, int64_t interval,
                   bool zero_d, bool in_place)
{
    float s = (float)Quant(dt, scale), f = (float)Quant(dt, found);
    int32_t t = tracker;
    if (f != 0.0f) { s = s * (float)bf; t = 0; }
    else if (t + 1 == interval) { float g = s * (float)gf; if (std::isfinite(g)) s = g; t = 0; }
    else t = t + 1;
    double want_s = Quant(dt, (double)s);
    std::vector<int64_t> sh = zero_d ? std::vector<int64_t>{} : std::vector<int64_t>{1};
    DevTensor cs, gt, fi, us, ut;
    if (!cs.Init(dt, sh, {scale}, CONTIG) || !gt.Init(ACL_INT32, sh, {(double)tracker}, CONTIG) ||
        !fi.Init(dt, {1}, {found}, CONTIG) || !us.Init(dt, {1}, {}, CONTIG) || !ut.Init(ACL_INT32, sh, {}, CONTIG)) { EXPECT(false, "init"); return; }
    const aclTensor *os = in_place ? cs.t : us.t, *ot = in_place ? gt.t : ut.t;
    char what[200];
    snprintf(what, sizeof what, "AmpUpdateScale %s scale %g tracker %d found %g growth %g backoff %g interval %lld%s%s", DtName(dt), scale,
             tracker, found, gf, bf, (long long)interval, zero_d ? " 0-d" : "", in_place ? " in place" : "");
    int rc = Run(what, g_stream, [&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gt.t, fi.t, gf, bf, interval, os, ot, ws, ex); }, aclnnAmpUpdateScale);
    EXPECT(rc == 0, "%s: run failed", what);
    if (!rc) {
        double got_s = (in_place ? cs : us).Read()[0], got_t = (in_place ? gt : ut).Read()[0];
        EXPECT(Close(got_s, want_s, 0), "%s: scale %.9g, want %.9g", what, got_s, want_s);
        EXPECT(got_t == (double)t, "%s: tracker %g, want %d", what, got_t, t);
    }
}

static void TestValues()
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        RunOne(dt, 65536.0, 3, 0.0, 2.0, 0.5, 2000, false, false);   // counting
        RunOne(dt, 1024.0, 1999, 0.0, 2.0, 0.5, 2000, false, false); // growth
        RunOne(dt, 1024.0, 1999, 1.0, 2.0, 0.5, 2000, true, false);  // found wins
        RunOne(dt, 1024.0, 7, NAN, 2.0, 0.5, 2000, false, true);     // a NaN flag is found
        RunOne(dt, 1024.0, 7, -2.0, 2.0, 0.5, 10, false, false);
        RunOne(dt, 3.0, 0, 0.0, 3.0, 0.25, 1, true, true);           // interval 1: grows every step
        RunOne(dt, 3.0, 5000, 0.0, 2.0, 0.5, 2000, false, false);    // past the interval: keeps counting
        RunOne(dt, 1.5, 9, 0.0, 1.1, 0.5, 10, false, false);         // a growth factor not exact in dt
    }
    RunOne(ACL_FLOAT, 3e38, 9, 0.0, 2.0, 0.5, 10, false, false);      // overflow in FLOAT: scale kept, tracker 0
    RunOne(ACL_FLOAT16, 40000.0, 9, 0.0, 2.0, 0.5, 10, false, false); // finite in FLOAT, Inf once stored as FLOAT16
    RunOne(ACL_FLOAT, 2.0, 2147483646, 0.0, 2.0, 0.5, 2147483647, false, false);
}

static void TestValidation(bool runs)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor cs, gt, fi, us, ut, ci, gf, fh, uh, ui, c2, g2, c11;
    cs.Init(ACL_FLOAT, {1}, {1}, CONTIG);
    gt.Init(ACL_INT32, {1}, {0}, CONTIG);
    fi.Init(ACL_FLOAT, {1}, {0}, CONTIG);
    us.Init(ACL_FLOAT, {1}, {}, CONTIG);
    ut.Init(ACL_INT32, {1}, {}, CONTIG);
    ci.Init(ACL_INT32, {1}, {}, CONTIG);
    gf.Init(ACL_FLOAT, {1}, {}, CONTIG);
    fh.Init(ACL_FLOAT16, {1}, {}, CONTIG);
    uh.Init(ACL_FLOAT16, {1}, {}, CONTIG);
    ui.Init(ACL_INT64, {1}, {}, CONTIG);
    c2.Init(ACL_FLOAT, {2}, {}, CONTIG);
    g2.Init(ACL_INT32, {3}, {}, CONTIG);
    c11.Init(ACL_FLOAT, {1, 1}, {}, CONTIG);
    const aclTensor *a[5] = {cs.t, gt.t, fi.t, us.t, ut.t};
    const char *names[5] = {"currentScale", "growthTracker", "foundInf", "updatedScale", "updatedGrowthTracker"};
    for (int i = 0; i < 5; i++) {
        const aclTensor *b[5] = {a[0], a[1], a[2], a[3], a[4]};
        b[i] = nullptr;
        ExpectError(names[i], aclnnAmpUpdateScaleGetWorkspaceSize(b[0], b[1], b[2], 2.0, 0.5, 10, b[3], b[4], &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, names[i]);
    }
    if (!runs) {
        int rc = aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gt.t, fi.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex);
        EXPECT(rc == ACLNN_ERR_RUNTIME_ERROR, "on this chip: %d", rc);
        return;
    }
    ExpectError("int32 scale", aclnnAmpUpdateScaleGetWorkspaceSize(ci.t, gt.t, fi.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "currentScale");
    ExpectError("float tracker", aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gf.t, fi.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "growthTracker");
    ExpectError("foundInf dtype", aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gt.t, fh.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "foundInf");
    ExpectError("updatedScale dtype", aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gt.t, fi.t, 2.0, 0.5, 10, uh.t, ut.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "updatedScale");
    ExpectError("updatedGrowthTracker dtype", aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gt.t, fi.t, 2.0, 0.5, 10, us.t, ui.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "updatedGrowthTracker");
    int rc = aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gt.t, fi.t, 2.0, 0.5, 0, us.t, ut.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "interval 0: %d", rc);
    rc = aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, gt.t, fi.t, 2.0, 0.5, 2147483648LL, us.t, ut.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "interval 2^31: %d", rc);
    rc = aclnnAmpUpdateScaleGetWorkspaceSize(c2.t, gt.t, fi.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "scale of 2: %d", rc);
    rc = aclnnAmpUpdateScaleGetWorkspaceSize(cs.t, g2.t, fi.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "tracker of 3: %d", rc);
    rc = aclnnAmpUpdateScaleGetWorkspaceSize(c11.t, gt.t, fi.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "2-D scale: %d", rc);
    {
        aclTensor *nz = aclCreateTensor(cs.shape.data(), 1, ACL_FLOAT, cs.strides.data(), 0, ACL_FORMAT_FRACTAL_NZ, cs.storage.data(), 1, cs.dev);
        ExpectError("NZ scale", aclnnAmpUpdateScaleGetWorkspaceSize(nz, gt.t, fi.t, 2.0, 0.5, 10, us.t, ut.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "currentScale");
        aclDestroyTensor(nz);
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const char *soc = aclrtGetSocName();
    bool runs = soc && std::string(soc).find("310") == std::string::npos && std::string(soc).find("910A") == std::string::npos;
    if (runs) TestValues();
    TestValidation(runs);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
