// aclnnAveragePoolingGrad (ops-nn experimental/pooling/average_pooling_grad) against a naive
// double-precision gather written here: gradInput[n, c, ih, iw] = sum of gradOutput[n, c, oh, ow]
// / divisor over every window (rows oh*sH - padTop .. + kH - 1, columns alike) holding (ih, iw);
// divisor = divisorOverride if non-zero, else kH*kW with countIncludePad (never clipped), else the
// window's taps inside the input; FLOAT with no padding and stride >= kernel always divides by
// kH*kW (the real no-overlap kernel). Output grid: floor / ceil of (in + pads - k) / s + 1 (C
// division), a ceil window starting at or past in + padBefore dropped. FLOAT / FLOAT16,
// strided and transposed views, the official example's five cases, the validation paths with
// codes and messages. Argument "310p" / "950": no kernel (361001).
#include "../xpool/xpool_util.h"
#include "aclnnop/aclnn_average_pooling_grad.h"

static aclrtStream g_stream;

struct AvgCase {
    Shape in;                 // N, C, H, W
    int64_t kh, kw, sh, sw, pt, pb, pl, pr;
    bool ceil, cip;
    int64_t dov;
};

static int64_t OutSize(int64_t in, int64_t k, int64_t before, int64_t after, int64_t s, bool ceil)
{
    int64_t num = in + before + after - k;
    int64_t o = ceil ? (num + s - 1) / s + 1 : num / s + 1; // C truncation, as the tiling
    if (ceil && (o - 1) * s >= in + before) o--;
    return o;
}

static std::vector<double> RefAvgGrad(const AvgCase &c, const std::vector<double> &g, int64_t OH, int64_t OW,
                                      bool float_no_overlap)
{
    const int64_t P = c.in[0] * c.in[1], H = c.in[2], W = c.in[3];
    std::vector<double> r((size_t)(P * H * W), 0.0);
    for (int64_t p = 0; p < P; p++)
        for (int64_t ih = 0; ih < H; ih++)
            for (int64_t iw = 0; iw < W; iw++) {
                double acc = 0;
                for (int64_t oh = 0; oh < OH; oh++)
                    for (int64_t ow = 0; ow < OW; ow++) {
                        int64_t h0 = oh * c.sh - c.pt, w0 = ow * c.sw - c.pl;
                        if (ih < h0 || ih >= h0 + c.kh || iw < w0 || iw >= w0 + c.kw) continue;
                        int64_t div = c.dov;
                        if (!div) {
                            if (c.cip || float_no_overlap) {
                                div = c.kh * c.kw;
                            } else {
                                int64_t vh = std::min(h0 + c.kh, H) - std::max(h0, (int64_t)0);
                                int64_t vw = std::min(w0 + c.kw, W) - std::max(w0, (int64_t)0);
                                div = vh * vw;
                            }
                        }
                        if (div <= 0) continue;
                        acc += g[(size_t)((p * OH + oh) * OW + ow)] / (double)div;
                    }
                r[(size_t)((p * H + ih) * W + iw)] = acc;
            }
    return r;
}

static int RunAvg(const char *what, const std::vector<int64_t> &orig, const DevTensor &go, const AvgCase &c,
                  const DevTensor &out)
{
    aclIntArray *oa = aclCreateIntArray(orig.data(), orig.size());
    int rc = Run(what, g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnAveragePoolingGradGetWorkspaceSize(oa, go.t, c.kh, c.kw, c.sh, c.sw, c.pt, c.pb, c.pl, c.pr, c.ceil,
                                                       c.cip, c.dov, out.t, ws, e); }, aclnnAveragePoolingGrad);
    aclDestroyIntArray(oa);
    return rc;
}

static void TestExample()
{
    // the official example's cases and their expected values (FLOAT)
    struct Ex { AvgCase c; std::vector<double> g, want; };
    std::vector<Ex> ex = {
        {{{1, 1, 3, 3}, 2, 2, 1, 1, 0, 0, 0, 0, false, true, 0}, {1, 2, 3, 4},
         {0.25, 0.75, 0.5, 1.0, 2.5, 1.5, 0.75, 1.75, 1.0}},
        {{{1, 1, 4, 4}, 2, 2, 2, 2, 0, 0, 0, 0, false, true, 0}, {1, 2, 3, 4},
         {0.25, 0.25, 0.5, 0.5, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1, 0.75, 0.75, 1, 1}},
        {{{1, 1, 3, 3}, 2, 2, 1, 1, 1, 0, 1, 0, false, false, 0}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, {}},
        {{{1, 1, 3, 3}, 2, 2, 1, 1, 0, 0, 0, 0, false, true, 2}, {1, 2, 3, 4},
         {0.5, 1.5, 1.0, 2.0, 5.0, 3.0, 1.5, 3.5, 2.0}},
        {{{1, 1, 4, 4}, 3, 3, 2, 2, 1, 1, 1, 1, true, true, 0}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, {}},
    };
    // case 2 by hand: windows (oh, ow) start at (oh-1, ow-1); excluded pad: divisor = taps inside
    ex[2].want = {1.0 + 2 / 2.0 + 4 / 2.0 + 5 / 4.0, 2 / 2.0 + 3 / 2.0 + 5 / 4.0 + 6 / 4.0, 3 / 2.0 + 6 / 4.0,
                  4 / 2.0 + 5 / 4.0 + 7 / 2.0 + 8 / 4.0, 5 / 4.0 + 6 / 4.0 + 8 / 4.0 + 9 / 4.0, 6 / 4.0 + 9 / 4.0,
                  7 / 2.0 + 8 / 4.0, 8 / 4.0 + 9 / 4.0, 9 / 4.0};
    int i = 0;
    for (const Ex &e : ex) {
        const AvgCase &c = e.c;
        int64_t OH = OutSize(c.in[2], c.kh, c.pt, c.pb, c.sh, c.ceil), OW = OutSize(c.in[3], c.kw, c.pl, c.pr, c.sw, c.ceil);
        DevTensor go, out;
        if (!go.Init(ACL_FLOAT, {1, 1, OH, OW}, e.g, CONTIG) || !out.Init(ACL_FLOAT, c.in, {}, CONTIG)) return;
        std::string what = "example case " + std::to_string(i++);
        int rc = RunAvg(what.c_str(), c.in, go, c, out);
        EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
        if (rc) continue;
        std::vector<double> got = out.Read();
        bool no_ov = c.pt == 0 && c.pb == 0 && c.pl == 0 && c.pr == 0 && c.sh >= c.kh && c.sw >= c.kw;
        std::vector<double> ref = RefAvgGrad(c, e.g, OH, OW, no_ov);
        CheckDtype((what + " vs reference").c_str(), ACL_FLOAT, got, ref);
        if (!e.want.empty()) CheckDtype((what + " vs hand values").c_str(), ACL_FLOAT, got, e.want);
    }
}

static void TestValues()
{
    std::vector<AvgCase> cases = {
        {{2, 3, 7, 9}, 3, 3, 2, 2, 1, 1, 1, 1, false, true, 0},
        {{2, 3, 7, 9}, 3, 3, 2, 2, 1, 1, 1, 1, false, false, 0},
        {{2, 3, 7, 9}, 3, 2, 2, 1, 1, 0, 0, 1, true, false, 0},   // asymmetric pads, ceil
        {{1, 2, 8, 8}, 3, 3, 2, 2, 1, 1, 1, 1, true, true, 0},    // ceil window past in + pad: still k*k
        {{1, 2, 8, 8}, 3, 3, 2, 2, 1, 1, 1, 1, true, false, 5},   // divisorOverride
        {{3, 1, 5, 6}, 2, 3, 2, 3, 0, 0, 0, 0, false, false, 0},  // no overlap, exact windows
        {{3, 1, 5, 7}, 2, 3, 2, 3, 0, 0, 0, 0, true, false, 0},   // no overlap, ceil: FLOAT keeps k*k
        {{3, 1, 5, 7}, 2, 2, 3, 3, 0, 0, 0, 0, true, true, 0},    // stride > kernel: gaps get 0
        {{1, 1, 2, 3}, 5, 4, 1, 2, 2, 2, 2, 2, false, false, 0},  // kernel over the padded input
        {{1, 1, 2, 3}, 5, 4, 2, 3, 2, 1, 2, 0, false, true, 0},   // floor of a negative numerator: 1 output
        {{2, 2, 16, 70}, 4, 5, 1, 1, 2, 1, 2, 2, false, false, 0}, // wide planes (several tiles on the card)
        {{1, 4, 9, 9}, 1, 1, 1, 1, 0, 0, 0, 0, false, true, 0},   // identity
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16};
    int n = 0;
    for (aclDataType dt : dts)
        for (const AvgCase &c : cases) {
            int64_t OH = OutSize(c.in[2], c.kh, c.pt, c.pb, c.sh, c.ceil), OW = OutSize(c.in[3], c.kw, c.pl, c.pr, c.sw, c.ceil);
            Shape gs = {c.in[0], c.in[1], OH, OW};
            std::vector<double> g = QuantAll(dt, RandomValues((size_t)GetShapeSize(gs), (uint64_t)n + 11, 2.0));
            bool no_ov = dt == ACL_FLOAT && c.pt == 0 && c.pb == 0 && c.pl == 0 && c.pr == 0 && c.sh >= c.kh &&
                         c.sw >= c.kw;
            std::vector<double> want = RefAvgGrad(c, g, OH, OW, no_ov);
            DevTensor go, out;
            if (!go.Init(dt, gs, g, (Layout)(n % 3)) || !out.Init(dt, c.in, {}, (Layout)((n + 1) % 3))) return;
            std::string what = std::string("AveragePoolingGrad ") + DtName(dt) + " case " + std::to_string(n++);
            int rc = RunAvg(what.c_str(), c.in, go, c, out);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc) continue;
            CheckDtype(what.c_str(), dt, out.Read(), want);
            EXPECT(out.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
        }
}

static void TestValidation()
{
    DevTensor g, o, g64, o16, g3, gn, o5;
    if (!g.Init(ACL_FLOAT, {1, 2, 2, 2}, {}, CONTIG, 1) || !o.Init(ACL_FLOAT, {1, 2, 3, 3}, {}, CONTIG) ||
        !g64.Init(ACL_DOUBLE, {1, 2, 2, 2}, {}, CONTIG) || !o16.Init(ACL_FLOAT16, {1, 2, 3, 3}, {}, CONTIG) ||
        !g3.Init(ACL_FLOAT, {2, 2, 2}, {}, CONTIG) || !gn.Init(ACL_FLOAT, {1, 3, 2, 2}, {}, CONTIG) ||
        !o5.Init(ACL_FLOAT, {1, 2, 3, 4}, {}, CONTIG))
        return;
    std::vector<int64_t> s4 = {1, 2, 3, 3}, s3 = {1, 2, 3}, s0 = {1, 0, 3, 3}, big = {1 << 16, 1 << 16, 1, 2};
    aclIntArray *a4 = aclCreateIntArray(s4.data(), 4), *a3 = aclCreateIntArray(s3.data(), 3),
                *a0 = aclCreateIntArray(s0.data(), 4), *ab = aclCreateIntArray(big.data(), 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    // kernel 2, stride 1, no pads: 3x3 -> 2x2
#define APG(O, G, KH, KW, SH, SW, PT, PB, PL, PR, DOV, OUT) \
    aclnnAveragePoolingGradGetWorkspaceSize(O, G, KH, KW, SH, SW, PT, PB, PL, PR, false, true, DOV, OUT, &ws, &ex)
    ExpectError("null origInputShape", APG(nullptr, g.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 161001, "origInputShape");
    ExpectError("null gradOutput", APG(a4, nullptr, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 161001, "gradOutput");
    ExpectError("null out", APG(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, nullptr), 161001, "out");
    ExpectError("gradOutput dtype", APG(a4, g64.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 161002, "DT_DOUBLE");
    ExpectError("out dtype", APG(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o16.t), 161002, "out");
    ExpectError("kernel 0 (before bad shapes)", APG(a3, g3.t, 0, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 561002,
                "kernel and stride must be positive");
    ExpectError("stride 0", APG(a4, g.t, 2, 2, 1, 0, 0, 0, 0, 0, 0, o.t), 561002, "kernel and stride must be positive");
    ExpectError("negative pad", APG(a4, g.t, 2, 2, 1, 1, 0, -1, 0, 0, 0, o.t), 561002,
                "pads and divisor_override must be non-negative");
    ExpectError("negative divisor", APG(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, -2, o.t), 561002,
                "pads and divisor_override must be non-negative");
    ExpectError("pad over half", APG(a4, g.t, 3, 2, 1, 1, 2, 0, 0, 0, 0, o.t), 561002,
                "padding should be no more than half of kernel size");
    ExpectError("pad over half (left)", APG(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 2, 0, o.t), 561002,
                "padding should be no more than half of kernel size");
    ExpectError("orig 3 values", APG(a3, g.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 561002,
                "orig_input_shape must have 4 elements");
    ExpectError("orig with 0", APG(a0, g.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 561002, "invalid orig_input_shape");
    ExpectError("3-D gradOutput", APG(a4, g3.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 561002, "grad_output must be 4D");
    ExpectError("gradOutput C", APG(a4, gn.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t), 561002, "grad_output shape mismatch");
    ExpectError("gradOutput H/W", APG(a4, g.t, 2, 2, 2, 1, 0, 0, 0, 0, 0, o.t), 561002,
                "grad_output shape mismatch, expect [1,2], got [2,2]");
    ExpectError("out shape", APG(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o5.t), 561002, "grad_input shape mismatch");
    ExpectError("too many elements", APG(ab, g.t, 1, 1, 1, 1, 0, 0, 0, 0, 0, o.t), 561002,
                "grad_output shape mismatch");
    ExpectError("divisor over int32", APG(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, (int64_t)1 << 31, o.t), 561002,
                "within int32");
    int rc = APG(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, 0, o.t);
    EXPECT(rc == 0, "valid call: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
#undef APG
    // the element limit: [65536, 65536, 1, 2] planes of 1x2 pooled 1x1 -> 1x2 (no allocation needed)
    {
        int64_t gshape[4] = {1 << 16, 1 << 16, 1, 2}, oshape[4] = {1 << 16, 1 << 16, 1, 2}, st[4] = {0, 0, 0, 0};
        int64_t one = 1;
        aclTensor *gt = aclCreateTensor(gshape, 4, ACL_FLOAT, st, 0, ACL_FORMAT_ND, &one, 1, g.dev);
        aclTensor *ot = aclCreateTensor(oshape, 4, ACL_FLOAT, st, 0, ACL_FORMAT_ND, &one, 1, o.dev);
        rc = aclnnAveragePoolingGradGetWorkspaceSize(ab, gt, 1, 1, 1, 1, 0, 0, 0, 0, false, true, 0, ot, &ws, &ex);
        ExpectError("more than UINT32_MAX elements", rc, 561002, "total elements out of range");
        aclDestroyTensor(gt);
        aclDestroyTensor(ot);
    }
    for (aclIntArray *a : {a4, a3, a0, ab}) aclDestroyIntArray(a);
}

static void TestOtherChip()
{
    DevTensor g, o;
    if (!g.Init(ACL_FLOAT, {1, 2, 2, 2}, {}, CONTIG) || !o.Init(ACL_FLOAT, {1, 2, 3, 3}, {}, CONTIG)) return;
    std::vector<int64_t> s4 = {1, 2, 3, 3};
    aclIntArray *a4 = aclCreateIntArray(s4.data(), 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnAveragePoolingGradGetWorkspaceSize(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, false, true, 0, o.t, &ws, &ex);
    EXPECT(rc == 361001, "no kernel on this chip: returned %d, expected 361001", rc);
    rc = aclnnAveragePoolingGradGetWorkspaceSize(a4, g.t, 2, 2, 1, 1, 0, 0, 0, 0, false, true, 0, nullptr, &ws, &ex);
    EXPECT(rc == 161001, "null out before the chip: returned %d, expected 161001", rc);
    aclDestroyIntArray(a4);
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "310p" || chip == "950") {
        TestOtherChip();
    } else {
        TestExample();
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
