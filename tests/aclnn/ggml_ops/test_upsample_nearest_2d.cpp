// aclnnUpsampleNearest2d: out(n, c, h, w) = self(n, c, min(floor(h * H / OH), H - 1), ...) with
// the scale in FP32 like the kernel; up- and down-sampling, NCHW and NHWC storage formats,
// strided views, every dtype of the list (bit-exact copies); the validation order with codes.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"

static int64_t Src(int64_t d, int64_t in, int64_t out)
{
    float scale = (float)in / (float)out;
    int64_t s = (int64_t)std::floor((double)((float)d * scale));
    return s < in - 1 ? s : in - 1;
}

// A 4-d device tensor whose storage format is `fmt`; shape given in the storage format's order.
static bool Make(DevTensor &t, aclDataType dt, const std::vector<int64_t> &shape, const std::vector<double> &v,
                 Layout layout, aclFormat fmt)
{
    if (!t.Init(dt, shape, v, layout)) return false;
    aclDestroyTensor(t.t);
    t.t = aclCreateTensor(t.shape.data(), 4, dt, t.strides.data(), t.offset, fmt, t.storage.data(), 1, t.dev);
    return t.t != nullptr;
}

static void TestValues(aclrtStream stream)
{
    struct { int64_t N, C, H, W, OH, OW; } cases[] = {{2, 3, 4, 5, 8, 10}, {1, 2, 7, 6, 3, 4}, {1, 1, 3, 3, 7, 5}};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8};
    for (auto &c : cases)
        for (aclDataType dt : dts)
            for (int nhwc = 0; nhwc < 2; nhwc++) {
                std::vector<int64_t> ishape = nhwc ? std::vector<int64_t>{c.N, c.H, c.W, c.C} : std::vector<int64_t>{c.N, c.C, c.H, c.W};
                std::vector<int64_t> oshape = nhwc ? std::vector<int64_t>{c.N, c.OH, c.OW, c.C} : std::vector<int64_t>{c.N, c.C, c.OH, c.OW};
                int64_t in = GetShapeSize(ishape), on = GetShapeSize(oshape);
                std::vector<double> x(in);
                for (int64_t i = 0; i < in; i++) x[i] = Quant(dt, dt == ACL_UINT8 ? (double)(i % 251) : 0.37 * (double)i - 11.0);
                DevTensor ts, to;
                aclFormat fmt = nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW;
                if (!Make(ts, dt, ishape, x, nhwc ? CONTIG : STRIDED, fmt) || !Make(to, dt, oshape, {}, STRIDED, fmt)) return;
                std::vector<int64_t> osz = {c.OH, c.OW};
                aclIntArray *size = aclCreateIntArray(osz.data(), 2);
                int rc = Run("UpsampleNearest2d", stream, [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnUpsampleNearest2dGetWorkspaceSize(ts.t, size, to.t, w, e); }, aclnnUpsampleNearest2d);
                aclDestroyIntArray(size);
                std::string what = std::string("UpsampleNearest2d ") + DtName(dt) + (nhwc ? " NHWC" : " NCHW");
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                std::vector<double> a = to.Read();
                size_t bad = 0;
                for (int64_t i = 0; i < on; i++) {
                    // logical index -> (n, c, h, w) in the storage format's order
                    int64_t r = i, d3 = r % oshape[3]; r /= oshape[3];
                    int64_t d2 = r % oshape[2]; r /= oshape[2];
                    int64_t d1 = r % oshape[1]; int64_t n = r / oshape[1];
                    int64_t ch = nhwc ? d3 : d1, h = nhwc ? d1 : d2, w = nhwc ? d2 : d3;
                    int64_t hs = Src(h, c.H, c.OH), ws = Src(w, c.W, c.OW);
                    int64_t src = nhwc ? ((n * c.H + hs) * c.W + ws) * c.C + ch : ((n * c.C + ch) * c.H + hs) * c.W + ws;
                    bad += a[i] != x[src];
                }
                EXPECT(bad == 0, "%s %lldx%lld -> %lldx%lld: %zu of %lld wrong", what.c_str(), (long long)c.H,
                       (long long)c.W, (long long)c.OH, (long long)c.OW, bad, (long long)on);
                EXPECT(to.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
            }
}

static void TestValidation(bool is310p)
{
    DevTensor x, o, xnd, ond, x3, xint, ohw, oc, xh0, xc0, onhwc;
    if (!Make(x, ACL_FLOAT, {1, 2, 3, 4}, {}, CONTIG, ACL_FORMAT_NCHW) || !Make(o, ACL_FLOAT, {1, 2, 6, 8}, {}, CONTIG, ACL_FORMAT_NCHW) ||
        !xnd.Init(ACL_FLOAT, {1, 2, 3, 4}, {}, CONTIG) || !ond.Init(ACL_FLOAT, {1, 2, 6, 8}, {}, CONTIG) ||
        !x3.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !Make(xint, ACL_INT32, {1, 2, 3, 4}, {}, CONTIG, ACL_FORMAT_NCHW) ||
        !Make(ohw, ACL_FLOAT, {1, 2, 6, 7}, {}, CONTIG, ACL_FORMAT_NCHW) || !Make(oc, ACL_FLOAT, {1, 3, 6, 8}, {}, CONTIG, ACL_FORMAT_NCHW) ||
        !Make(xh0, ACL_FLOAT, {1, 2, 0, 4}, {}, CONTIG, ACL_FORMAT_NCHW) || !Make(xc0, ACL_FLOAT, {1, 0, 3, 4}, {}, CONTIG, ACL_FORMAT_NCHW) ||
        !Make(onhwc, ACL_FLOAT, {1, 6, 8, 2}, {}, CONTIG, ACL_FORMAT_NHWC)) return;
    std::vector<int64_t> sz = {6, 8}, sz3 = {6, 8, 1}, sz0 = {0, 8};
    aclIntArray *s = aclCreateIntArray(sz.data(), 2), *s3 = aclCreateIntArray(sz3.data(), 3), *s0 = aclCreateIntArray(sz0.data(), 2);
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("null self", aclnnUpsampleNearest2dGetWorkspaceSize(nullptr, s, o.t, &ws, &ex), 161001, "self");
    ExpectError("null outputSize", aclnnUpsampleNearest2dGetWorkspaceSize(x.t, nullptr, o.t, &ws, &ex), 161001, "outputSize");
    ExpectError("null out", aclnnUpsampleNearest2dGetWorkspaceSize(x.t, s, nullptr, &ws, &ex), 161001, "out");
    ExpectError("int32 self", aclnnUpsampleNearest2dGetWorkspaceSize(xint.t, s, o.t, &ws, &ex), 161002, "DT_INT32");
    ExpectError("outputSize of 3", aclnnUpsampleNearest2dGetWorkspaceSize(x.t, s3, o.t, &ws, &ex), 161002, "output size equals to 2");
    ExpectError("3-d self", aclnnUpsampleNearest2dGetWorkspaceSize(x3.t, s, o.t, &ws, &ex), 161002, "input size equals to 4");
    ExpectError("zero H", aclnnUpsampleNearest2dGetWorkspaceSize(xh0.t, s, o.t, &ws, &ex), 161002, "greater than 0");
    ExpectError("zero output H", aclnnUpsampleNearest2dGetWorkspaceSize(x.t, s0, o.t, &ws, &ex), 161002, "greater than 0");
    ExpectError("zero C", aclnnUpsampleNearest2dGetWorkspaceSize(xc0.t, s, o.t, &ws, &ex), 161002, "Non-empty 4D");
    ExpectError("ND format", aclnnUpsampleNearest2dGetWorkspaceSize(xnd.t, s, ond.t, &ws, &ex), 161002, "format");
    ExpectError("format mismatch", aclnnUpsampleNearest2dGetWorkspaceSize(x.t, s, onhwc.t, &ws, &ex), 161002, "should be equal");
    ExpectError("C mismatch", aclnnUpsampleNearest2dGetWorkspaceSize(x.t, s, oc.t, &ws, &ex), 161002, "N and C");
    ExpectError("out W != outputSize", aclnnUpsampleNearest2dGetWorkspaceSize(x.t, s, ohw.t, &ws, &ex), 161002, "Expected output size");
    DevTensor b, bo;
    if (!Make(b, ACL_BF16, {1, 2, 3, 4}, {}, CONTIG, ACL_FORMAT_NCHW) || !Make(bo, ACL_BF16, {1, 2, 6, 8}, {}, CONTIG, ACL_FORMAT_NCHW)) return;
    int rc = aclnnUpsampleNearest2dGetWorkspaceSize(b.t, s, bo.t, &ws, &ex);
    if (is310p) ExpectError("bf16 on 310P", rc, 161002, "DT_BF16");
    else EXPECT(rc == 0, "bf16 on 910B refused: %d", rc);
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex); /* accepted: stage 2 never runs */
    aclDestroyIntArray(s); aclDestroyIntArray(s3); aclDestroyIntArray(s0);
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) TestValues(rt.stream);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
