// FRACTAL_Z convolution weights of the Ascend 310P as a host program prepares them (the flow of
// the ops-math example test_aclnn_trans_convolution_weight.cpp, run for real):
// aclnnCalculateConvolutionWeightSize -> allocate -> aclnnTransConvolutionWeight -> aclnnConvolution.
// The sizes and the device bytes are checked against the FRACTAL_Z rule written out here (GE's
// grouped shape, element (n, c, h, w) placed by the index formula), the convolution against a
// naive double-precision convolution of the original weights; every refusal with its code and
// message. Under a 910B topology the same program checks the chip refusals instead.
#include <string>

#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_trans_convolution_weight.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// ---- the FRACTAL_Z rule, independent of the emulator's code -----------------------------------
struct Fz {
    int64_t N, C, H, W, groups, cin, cout, e, c1, g_dim, n1, cout_opt;
    std::vector<int64_t> shape;
    int64_t numel;
};

static int64_t Gcd(int64_t a, int64_t b) { return b == 0 ? a : Gcd(b, a % b); }
static int64_t Lcm(int64_t a, int64_t b) { return a / Gcd(a, b) * b; }
static int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

static Fz FzOf(const std::vector<int64_t> &nchw, int64_t groups)
{
    Fz f;
    f.N = nchw[0], f.C = nchw[1], f.H = nchw[2], f.W = nchw[3];
    f.groups = (groups > 1 && f.N >= groups) ? groups : 1; // GE lays the groups out only then
    f.cin = f.C;
    f.cout = f.N / f.groups;
    f.e = std::min(Lcm(Lcm(f.cin, 16) / f.cin, Lcm(f.cout, 16) / f.cout), f.groups);
    int64_t cin_opt = CeilDiv(f.e * f.cin, 16) * 16;
    f.c1 = cin_opt / 16;
    f.g_dim = CeilDiv(f.groups, f.e);
    f.n1 = CeilDiv(f.e * f.cout, 16);
    f.cout_opt = f.n1 * 16;
    f.shape = {f.g_dim * f.c1 * f.H * f.W, f.n1, 16, 16};
    f.numel = f.shape[0] * f.shape[1] * 256;
    return f;
}

// The FZ image of a contiguous NCHW weight (values as doubles; -1 marks nothing: zeros).
static std::vector<double> PackFz(const Fz &f, const std::vector<double> &w)
{
    std::vector<double> out((size_t)f.numel, 0.0);
    for (int64_t n = 0; n < f.groups * f.cout; n++)
        for (int64_t c = 0; c < f.C; c++)
            for (int64_t h = 0; h < f.H; h++)
                for (int64_t x = 0; x < f.W; x++) {
                    int64_t g = n / f.cout, ci = (g % f.e) * f.cin + c, co = (g % f.e) * f.cout + n % f.cout;
                    int64_t at = (g / f.e) * f.c1 * f.H * f.W * f.cout_opt * 16 + (ci / 16) * f.H * f.W * f.cout_opt * 16 +
                                 (h * f.W + x) * f.cout_opt * 16 + co * 16 + ci % 16;
                    out[(size_t)at] = w[(size_t)(((n * f.C + c) * f.H + h) * f.W + x)];
                }
    return out;
}

// ---- messages ---------------------------------------------------------------------------------
static void ExpectErr(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle)
        EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

static int CalcSize(const std::vector<int64_t> &shape, bool transposed, int64_t groups, aclDataType dt, uint64_t *out)
{
    aclIntArray *a = aclCreateIntArray(shape.data(), shape.size());
    int rc = aclnnCalculateConvolutionWeightSize(a, transposed, groups, dt, out);
    aclDestroyIntArray(a);
    return rc;
}

static int TransStage1(const aclTensor *in, bool transposed, int64_t groups, aclTensor *out, uint64_t *ws = nullptr)
{
    uint64_t w = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnTransConvolutionWeightGetWorkspaceSize(in, transposed, groups, out, &w, &ex);
    if (ws) *ws = w;
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    return rc;
}

// ---- aclnnCalculateConvolutionWeightSize ------------------------------------------------------
static void TestSizes()
{
    uint64_t n = 0;
    // the doc's example: [2, 4, 8, 8] -> [64, 1, 16, 16]
    EXPECT(CalcSize({2, 4, 8, 8}, false, 1, ACL_FLOAT16, &n) == 0 && n == 16384, "doc example: %llu",
           (unsigned long long)n);
    struct { std::vector<int64_t> s; int64_t g; } cases[] = {
        {{2, 2, 32, 16}, 1},   {{17, 20, 2, 2}, 1}, {{4, 2, 3, 3}, 2},   {{32, 16, 3, 3}, 2}, {{6, 3, 1, 1}, 3},
        {{40, 8, 2, 2}, 5},    {{8, 1, 3, 3}, 8},   {{2, 4, 3, 3}, 4} /* N < groups: one group */,
        {{64, 32, 3, 3}, 4},   {{30, 5, 1, 7}, 3},  {{7, 33, 2, 1}, 1}, {{48, 3, 5, 5}, 16}, {{3, 5, 2, 2}, 2},
    };
    for (auto &c : cases) {
        Fz f = FzOf(c.s, c.g);
        int rc = CalcSize(c.s, false, c.g, ACL_FLOAT16, &n);
        EXPECT(rc == 0 && n == (uint64_t)f.numel, "size of [%lld, %lld, %lld, %lld] groups %lld: rc %d, %llu, want %lld",
               (long long)c.s[0], (long long)c.s[1], (long long)c.s[2], (long long)c.s[3], (long long)c.g, rc,
               (unsigned long long)n, (long long)f.numel);
    }
    // hand-worked values of the grouped rule
    EXPECT(CalcSize({4, 2, 3, 3}, false, 2, ACL_FLOAT16, &n) == 0 && n == 9 * 256, "e = 2: %llu", (unsigned long long)n);
    EXPECT(CalcSize({32, 16, 3, 3}, false, 2, ACL_FLOAT16, &n) == 0 && n == 18 * 256, "e = 1, two groups: %llu",
           (unsigned long long)n);
    EXPECT(CalcSize({40, 8, 2, 2}, false, 5, ACL_FLOAT16, &n) == 0 && n == 12 * 256, "e = 2, g_dim 3: %llu",
           (unsigned long long)n);
    // any zero dim: 0, success
    n = 77;
    EXPECT(CalcSize({2, 0, 3, 3}, false, 1, ACL_FLOAT16, &n) == 0 && n == 0, "zero dim: %llu", (unsigned long long)n);
    n = 77;
    EXPECT(CalcSize({0, 4, 3, 3}, false, 2, ACL_FLOAT16, &n) == 0 && n == 0, "zero N: %llu", (unsigned long long)n);
}

static void TestSizeErrors()
{
    uint64_t n = 0;
    std::vector<int64_t> s = {2, 4, 8, 8};
    aclIntArray *a = aclCreateIntArray(s.data(), s.size());
    ExpectErr("null tensorShape", aclnnCalculateConvolutionWeightSize(nullptr, false, 1, ACL_FLOAT16, &n),
              ACLNN_ERR_PARAM_NULLPTR, "tensorShape");
    ExpectErr("null weightTensorSize", aclnnCalculateConvolutionWeightSize(a, false, 1, ACL_FLOAT16, nullptr),
              ACLNN_ERR_PARAM_NULLPTR,
              "expected a value of type number for argument weightTensorSize but instead found type null.");
    aclDestroyIntArray(a);
    ExpectErr("3-D shape", CalcSize({2, 4, 8}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "only support 4 dim tensorShape, but got dim 3.");
    ExpectErr("5-D shape", CalcSize({2, 4, 8, 8, 1}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "only support 4 dim tensorShape, but got dim 5.");
    ExpectErr("transposed", CalcSize(s, true, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "only support nontranspose convolution, now transpose is 1.");
    ExpectErr("groups 0", CalcSize(s, false, 0, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "only support groups larger than 0, now groups is 0.");
    ExpectErr("FLOAT", CalcSize(s, false, 1, ACL_FLOAT, &n), ACLNN_ERR_PARAM_INVALID,
              "only support datatype is float16, now datatype is 0.");
    ExpectErr("BF16", CalcSize(s, false, 1, ACL_BF16, &n), ACLNN_ERR_PARAM_INVALID,
              "only support datatype is float16, now datatype is 27.");
    ExpectErr("negative dim", CalcSize({2, 4, -1, 8}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "tensorShape dim[2] must be non-negative, but got -1.");
    // a negative dim before a zero one is refused, a zero one before a negative one ends the scan
    ExpectErr("negative after zero", CalcSize({2, 0, -1, 8}, false, 1, ACL_FLOAT16, &n), 0, nullptr);
    ExpectErr("groups 65536", CalcSize(s, false, 65536, ACL_FLOAT16, &n), ACLNN_ERR_INNER_NULLPTR,
              "The groups 65536 is larger than the max groups 65535!");
    // sizes past int64
    const int64_t big = INT64_MAX / 2;
    ExpectErr("huge N", CalcSize({big, 1, 1, 1}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "FRACTAL_Z size must fit in int64");
    ExpectErr("huge C", CalcSize({1, INT64_MAX, 1, 1}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "FRACTAL_Z size must fit in int64");
    ExpectErr("huge H*W", CalcSize({16, 16, big, 4}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "FRACTAL_Z size must fit in int64");
    ExpectErr("huge grouped", CalcSize({big, 3, 1, 1}, false, 3, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "FRACTAL_Z size must fit in int64");
    // order: rank before transposed before groups before dtype before dims
    ExpectErr("3-D and transposed", CalcSize({2, 4, 8}, true, 0, ACL_FLOAT, &n), ACLNN_ERR_PARAM_INVALID, "4 dim");
    ExpectErr("transposed and groups 0", CalcSize(s, true, 0, ACL_FLOAT, &n), ACLNN_ERR_PARAM_INVALID,
              "nontranspose");
    ExpectErr("groups 0 and FLOAT", CalcSize(s, false, 0, ACL_FLOAT, &n), ACLNN_ERR_PARAM_INVALID, "groups larger");
    ExpectErr("FLOAT and negative dim", CalcSize({2, -4, 8, 8}, false, 1, ACL_FLOAT, &n), ACLNN_ERR_PARAM_INVALID,
              "float16");
}

// ---- aclnnTransConvolutionWeight --------------------------------------------------------------
// A weight tensor of `dt` over its own device memory: contiguous NCHW, or (permuted) an NHWC
// storage seen as NCHW, or with a view offset.
struct Weight {
    DevT d;
    std::vector<double> nchw; // the values (as stored), NCHW order
};

static void MakeWeight(Weight &w, aclDataType dt, const std::vector<int64_t> &s, uint64_t seed, int layout)
{
    Lcg rng(seed);
    int64_t N = s[0], C = s[1], H = s[2], W = s[3], total = N * C * H * W, off = layout == 2 ? 5 : 0;
    std::vector<double> vals((size_t)(total + off));
    for (auto &v : vals) v = rng.value();
    std::vector<int64_t> strides = Contig(s);
    if (layout == 1) strides = {H * W * C, 1, W * C, C}; // NHWC storage
    MakeDev(w.d, dt, vals, s, strides, off, ACL_FORMAT_NCHW);
    w.nchw.resize((size_t)total);
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t h = 0; h < H; h++)
                for (int64_t x = 0; x < W; x++)
                    w.nchw[(size_t)(((n * C + c) * H + h) * W + x)] =
                        w.d.at({n, c, h, x});
}

// weightOut as the example makes it: an NCHW FLOAT16 tensor of the weight's shape over memory of
// the calculated size, here filled with a marker so that the zero padding is seen to be written.
static void MakeOut(DevT &o, const std::vector<int64_t> &s, uint64_t elems)
{
    std::vector<double> marker((size_t)elems, 1234.5);
    MakeDev(o, ACL_FLOAT16, marker, s, Contig(s), 0, ACL_FORMAT_NCHW, s);
}

static bool Transform(const char *name, const Weight &w, int64_t groups, DevT &out, Fz &f)
{
    const std::vector<int64_t> &s = w.d.shape;
    f = FzOf(s, groups);
    uint64_t elems = 0;
    int rc = CalcSize(s, false, groups, ACL_FLOAT16, &elems);
    EXPECT(rc == 0 && elems == (uint64_t)f.numel, "%s: size %llu, want %lld", name, (unsigned long long)elems,
           (long long)f.numel);
    if (rc) return false;
    MakeOut(out, s, elems);
    rc = RunOp("aclnnTransConvolutionWeight", g_stream,
               [&](uint64_t *ws, aclOpExecutor **ex) {
                   return aclnnTransConvolutionWeightGetWorkspaceSize(w.d.t, false, groups, out.t, ws, ex);
               },
               aclnnTransConvolutionWeight);
    EXPECT(rc == 0, "%s: TransConvolutionWeight %d", name, rc);
    if (rc) return false;
    // the tensor now describes FRACTAL_Z storage of the FZ shape, its view the NCHW weight
    aclFormat fmt;
    aclGetFormat(out.t, &fmt);
    EXPECT(fmt == ACL_FORMAT_FRACTAL_Z, "%s: format %d", name, (int)fmt);
    int64_t *dims = nullptr;
    uint64_t nd = 0;
    aclGetStorageShape(out.t, &dims, &nd);
    EXPECT(nd == 4 && std::vector<int64_t>(dims, dims + nd) == f.shape, "%s: storage shape", name);
    delete[] dims;
    aclGetViewShape(out.t, &dims, &nd);
    EXPECT(nd == 4 && std::vector<int64_t>(dims, dims + nd) == s, "%s: view shape", name);
    delete[] dims;
    // the bytes: the FZ image of the weight rounded to FLOAT16, zeros elsewhere
    std::vector<double> want = PackFz(f, w.nchw);
    std::vector<uint16_t> got = Download<uint16_t>(out.dev, (size_t)f.numel);
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < want.size(); i++)
        if (got[i] != RefToHalf(want[i]) && !bad++) first = i;
    EXPECT(bad == 0, "%s: %zu of %zu FZ elements differ (first at %zu: %g, want %g)", name, bad, want.size(), first,
           RefFromHalf(got[first]), want[first]);
    return bad == 0;
}

static void TestLayouts()
{
    struct { const char *name; std::vector<int64_t> s; int64_t g; aclDataType dt; int layout; } cases[] = {
        {"doc [2,4,8,8] g1", {2, 4, 8, 8}, 1, ACL_FLOAT16, 0},
        {"[17,20,2,2] g1 (c1 2, n1 2)", {17, 20, 2, 2}, 1, ACL_FLOAT16, 0},
        {"[4,2,3,3] g2 (e 2)", {4, 2, 3, 3}, 2, ACL_FLOAT16, 0},
        {"[32,16,3,3] g2 (e 1)", {32, 16, 3, 3}, 2, ACL_FLOAT16, 0},
        {"[40,8,2,2] g5 (e 2, g_dim 3)", {40, 8, 2, 2}, 5, ACL_FLOAT16, 0},
        {"[6,3,1,1] g3 (e 3)", {6, 3, 1, 1}, 3, ACL_FLOAT16, 0},
        {"[8,1,3,3] g8 depthwise (e 8)", {8, 1, 3, 3}, 8, ACL_FLOAT16, 0},
        {"[3,5,2,2] g2 (N % groups != 0)", {3, 5, 2, 2}, 2, ACL_FLOAT16, 0},
        {"[2,4,3,3] g4 (N < groups)", {2, 4, 3, 3}, 4, ACL_FLOAT16, 0},
        {"FLOAT [12,6,3,3] g3", {12, 6, 3, 3}, 3, ACL_FLOAT, 0},
        {"NHWC storage [6,5,3,2] g1", {6, 5, 3, 2}, 1, ACL_FLOAT16, 1},
        {"FLOAT NHWC storage [8,4,3,3] g2", {8, 4, 3, 3}, 2, ACL_FLOAT, 1},
        {"view offset [5,7,2,3] g1", {5, 7, 2, 3}, 1, ACL_FLOAT16, 2},
    };
    uint64_t seed = 10;
    for (auto &c : cases) {
        Weight w;
        MakeWeight(w, c.dt, c.s, seed++, c.layout);
        DevT out;
        Fz f;
        Transform(c.name, w, c.g, out, f);
    }
    // a converted weight converted again (new weights into the same FRACTAL_Z tensor: its view
    // is still NCHW)
    {
        std::vector<int64_t> s = {6, 5, 3, 3};
        Weight w1, w2;
        MakeWeight(w1, ACL_FLOAT16, s, 31, 0);
        MakeWeight(w2, ACL_FLOAT, s, 32, 0);
        DevT out;
        Fz f;
        if (Transform("first conversion", w1, 3, out, f)) {
            int rc = RunOp("aclnnTransConvolutionWeight", g_stream,
                           [&](uint64_t *ws, aclOpExecutor **ex) {
                               return aclnnTransConvolutionWeightGetWorkspaceSize(w2.d.t, false, 3, out.t, ws, ex);
                           },
                           aclnnTransConvolutionWeight);
            std::vector<double> want = PackFz(f, w2.nchw);
            std::vector<uint16_t> got = Download<uint16_t>(out.dev, (size_t)f.numel);
            size_t bad = 0;
            for (size_t i = 0; i < want.size(); i++) bad += got[i] != RefToHalf(want[i]);
            EXPECT(rc == 0 && bad == 0, "second conversion into a FRACTAL_Z weightOut: rc %d, %zu differ", rc, bad);
        }
    }
    // weightIn and weightOut over the same memory (converted in place, as the real op's
    // intermediate buffers allow)
    {
        std::vector<int64_t> s = {4, 2, 3, 3};
        Fz f = FzOf(s, 2);
        Lcg rng(77);
        std::vector<double> vals((size_t)f.numel, 0.0), nchw((size_t)(4 * 2 * 9));
        for (size_t i = 0; i < nchw.size(); i++) vals[i] = nchw[i] = RoundTo(ACL_FLOAT16, rng.value());
        DevT buf;
        MakeDev(buf, ACL_FLOAT16, vals, s, Contig(s), 0, ACL_FORMAT_NCHW, s);
        aclTensor *in = aclCreateTensor(s.data(), 4, ACL_FLOAT16, Contig(s).data(), 0, ACL_FORMAT_NCHW, s.data(), 4, buf.dev);
        int rc = RunOp("aclnnTransConvolutionWeight", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnTransConvolutionWeightGetWorkspaceSize(in, false, 2, buf.t, ws, ex);
                       },
                       aclnnTransConvolutionWeight);
        EXPECT(rc == 0, "in place: %d", rc);
        std::vector<double> want = PackFz(f, nchw);
        std::vector<uint16_t> got = Download<uint16_t>(buf.dev, (size_t)f.numel);
        size_t bad = 0;
        for (size_t i = 0; i < want.size(); i++) bad += got[i] != RefToHalf(want[i]);
        EXPECT(rc == 0 && bad == 0, "in place: %zu elements differ", bad);
        aclDestroyTensor(in);
    }
    // empty weights: both empty succeeds with workspace 0 and leaves weightOut as it was
    {
        DevT in, out;
        MakeDev(in, ACL_FLOAT16, {0.0}, {0, 4, 3, 3}, Contig({0, 4, 3, 3}), 0, ACL_FORMAT_NCHW);
        MakeDev(out, ACL_FLOAT16, {0.0}, {0, 4, 3, 3}, Contig({0, 4, 3, 3}), 0, ACL_FORMAT_NCHW);
        uint64_t ws = 99;
        EXPECT(TransStage1(in.t, false, 1, out.t, &ws) == 0 && ws == 0, "both empty: workspace %llu",
               (unsigned long long)ws);
        aclFormat fmt;
        aclGetFormat(out.t, &fmt);
        EXPECT(fmt == ACL_FORMAT_NCHW, "empty weightOut keeps NCHW: %d", (int)fmt);
    }
}

static void TestTransErrors()
{
    Lcg rng(5);
    std::vector<int64_t> s = {4, 4, 3, 3};
    uint64_t elems = (uint64_t)FzOf(s, 1).numel;
    DevT in, out, in3, in8, outf, innd, outnd, outnc, empty, small;
    MakeDev(in, ACL_FLOAT16, std::vector<double>((size_t)GetShapeSize(s), 0.25), s, Contig(s), 0, ACL_FORMAT_NCHW);
    MakeOut(out, s, elems);
    MakeContig(in3, ACL_FLOAT16, rng, {4, 4, 9});
    std::vector<double> v((size_t)GetShapeSize(s), 1.0);
    {
        // INT8 weightIn: raw bytes (MakeDev writes 2-byte elements; the dtype is what matters)
        void *dev = nullptr;
        aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST);
        in8.dev = dev;
        in8.t = aclCreateTensor(s.data(), 4, ACL_INT8, Contig(s).data(), 0, ACL_FORMAT_NCHW, s.data(), 4, dev);
    }
    MakeDev(outf, ACL_FLOAT, std::vector<double>(elems, 0.0), s, Contig(s), 0, ACL_FORMAT_NCHW, s);
    MakeDev(innd, ACL_FLOAT16, v, s, Contig(s), 0, ACL_FORMAT_ND);
    MakeDev(outnd, ACL_FLOAT16, std::vector<double>(elems, 0.0), s, Contig(s), 0, ACL_FORMAT_ND, s);
    MakeDev(outnc, ACL_FLOAT16, std::vector<double>(elems, 0.0), s, {1, 4, 48, 16}, 0, ACL_FORMAT_NCHW, s);
    MakeDev(empty, ACL_FLOAT16, {0.0}, {0, 4, 3, 3}, Contig({0, 4, 3, 3}), 0, ACL_FORMAT_NCHW);
    MakeDev(small, ACL_FLOAT16, v, s, Contig(s), 0, ACL_FORMAT_NCHW, s); // room for N*C*H*W only

    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectErr("null weightIn", aclnnTransConvolutionWeightGetWorkspaceSize(nullptr, false, 1, out.t, &ws, &ex),
              ACLNN_ERR_PARAM_NULLPTR, "weightIn");
    ExpectErr("null weightOut", aclnnTransConvolutionWeightGetWorkspaceSize(in.t, false, 1, nullptr, &ws, &ex),
              ACLNN_ERR_PARAM_NULLPTR, "weightOut");
    ExpectErr("null executor", aclnnTransConvolutionWeightGetWorkspaceSize(in.t, false, 1, out.t, &ws, nullptr),
              ACLNN_ERR_PARAM_NULLPTR, nullptr);
    ExpectErr("3-D weightIn", TransStage1(in3.t, false, 1, out.t), ACLNN_ERR_PARAM_INVALID,
              "only support 4 dim tensorShape, but got dim 3.");
    ExpectErr("transposed", TransStage1(in.t, true, 1, out.t), ACLNN_ERR_PARAM_INVALID,
              "only support nontranspose convolution, now transpose is 1.");
    ExpectErr("groups 0", TransStage1(in.t, false, 0, out.t), ACLNN_ERR_PARAM_INVALID,
              "only support groups larger than 0, now groups is 0.");
    ExpectErr("INT8 weightIn", TransStage1(in8.t, false, 1, out.t), ACLNN_ERR_PARAM_INVALID,
              "only support weightIn datatype is float16/float32, now datatype is DT_INT8.");
    ExpectErr("FLOAT weightOut", TransStage1(in.t, false, 1, outf.t), ACLNN_ERR_PARAM_INVALID,
              "only support weightOut datatype is float16, now datatype is DT_FLOAT.");
    ExpectErr("ND weightIn", TransStage1(innd.t, false, 1, out.t), ACLNN_ERR_PARAM_INVALID,
              "only support weightIn format is NCHW, now format is ND.");
    ExpectErr("ND weightOut", TransStage1(in.t, false, 1, outnd.t), ACLNN_ERR_PARAM_INVALID,
              "only support weightOut format is NCHW, now format is ND.");
    ExpectErr("non-contiguous weightOut", TransStage1(in.t, false, 1, outnc.t), ACLNN_ERR_PARAM_INVALID,
              "only support weightOut tensor is contiguous.");
    ExpectErr("empty weightIn only", TransStage1(empty.t, false, 1, out.t), ACLNN_ERR_PARAM_INVALID,
              "weightIn and weightOut should both be empty or non-empty, but got weightIn empty=1, weightOut empty=0.");
    ExpectErr("empty weightOut only", TransStage1(in.t, false, 1, empty.t), ACLNN_ERR_PARAM_INVALID,
              "weightIn and weightOut should both be empty or non-empty, but got weightIn empty=0, weightOut empty=1.");
    ExpectErr("groups 70000", TransStage1(in.t, false, 70000, out.t), ACLNN_ERR_INNER_NULLPTR,
              "The groups 70000 is larger than the max groups 65535!");
    ExpectErr("weightOut memory too small", TransStage1(in.t, false, 1, small.t), ACLNN_ERR_PARAM_INVALID,
              "weightOut needs");
    // order: rank, transposed, groups, then the tensors' dtype, format, contiguity
    ExpectErr("3-D INT8 order", TransStage1(in3.t, true, 0, outf.t), ACLNN_ERR_PARAM_INVALID, "4 dim");
    ExpectErr("transposed before groups", TransStage1(in.t, true, 0, outf.t), ACLNN_ERR_PARAM_INVALID, "nontranspose");
    ExpectErr("groups before dtype", TransStage1(in8.t, false, 0, outf.t), ACLNN_ERR_PARAM_INVALID, "groups larger");
    ExpectErr("weightIn dtype before weightOut dtype", TransStage1(in8.t, false, 1, outf.t), ACLNN_ERR_PARAM_INVALID,
              "weightIn datatype");
    ExpectErr("dtype before format", TransStage1(innd.t, false, 1, outf.t), ACLNN_ERR_PARAM_INVALID,
              "weightOut datatype");
    // nothing was converted by a refused call
    aclFormat fmt;
    aclGetFormat(out.t, &fmt);
    EXPECT(fmt == ACL_FORMAT_NCHW, "refused calls leave weightOut NCHW: %d", (int)fmt);
    aclGetFormat(small.t, &fmt);
    EXPECT(fmt == ACL_FORMAT_NCHW, "a too small weightOut stays NCHW: %d", (int)fmt);
}

// ---- aclnnConvolution on the converted weight ---------------------------------------------------
struct ConvGeom {
    int64_t B, Cin, Hin, Win, Cout, groups, kh, kw, stride, pad;
    bool bias;
};

// Naive double convolution: y[b, co, oh, ow] = bias[co] + sum x[b, g*cin + c, ...] * w[co, c, i, j].
static std::vector<double> RefConv(const ConvGeom &g, const std::vector<double> &x, const std::vector<double> &w,
                                   const std::vector<double> &bias, int64_t Ho, int64_t Wo)
{
    int64_t cin = g.Cin / g.groups, cout = g.Cout / g.groups;
    std::vector<double> y((size_t)(g.B * g.Cout * Ho * Wo));
    for (int64_t b = 0; b < g.B; b++)
        for (int64_t co = 0; co < g.Cout; co++)
            for (int64_t oh = 0; oh < Ho; oh++)
                for (int64_t ow = 0; ow < Wo; ow++) {
                    double s = g.bias ? bias[(size_t)co] : 0.0;
                    int64_t grp = co / cout;
                    for (int64_t c = 0; c < cin; c++)
                        for (int64_t i = 0; i < g.kh; i++)
                            for (int64_t j = 0; j < g.kw; j++) {
                                int64_t ih = oh * g.stride - g.pad + i, iw = ow * g.stride - g.pad + j;
                                if (ih < 0 || ih >= g.Hin || iw < 0 || iw >= g.Win) continue;
                                s += x[(size_t)(((b * g.Cin + grp * cin + c) * g.Hin + ih) * g.Win + iw)] *
                                     w[(size_t)(((co * cin + c) * g.kh + i) * g.kw + j)];
                            }
                    y[(size_t)(((b * g.Cout + co) * Ho + oh) * Wo + ow)] = s;
                }
    return y;
}

static int RunConv(const ConvGeom &g, const DevT &x, const aclTensor *w, const DevT *bias, DevT &y)
{
    std::vector<int64_t> st = {g.stride, g.stride}, pd = {g.pad, g.pad}, dl = {1, 1}, op = {0, 0};
    aclIntArray *sa = aclCreateIntArray(st.data(), 2), *pa = aclCreateIntArray(pd.data(), 2),
                *da = aclCreateIntArray(dl.data(), 2), *oa = aclCreateIntArray(op.data(), 2);
    int rc = RunOp("aclnnConvolution", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnConvolutionGetWorkspaceSize(x.t, w, bias ? bias->t : nullptr, sa, pa, da, false, oa,
                                                               g.groups, y.t, 0, ws, ex);
                   },
                   aclnnConvolution);
    aclDestroyIntArray(sa); aclDestroyIntArray(pa); aclDestroyIntArray(da); aclDestroyIntArray(oa);
    return rc;
}

static void TestConv(const char *name, const ConvGeom &g, aclDataType wdt, int layout, aclDataType ydt = ACL_FLOAT16)
{
    Lcg rng((uint64_t)(g.Cout * 131 + g.groups * 7 + g.kh));
    std::vector<int64_t> ws = {g.Cout, g.Cin / g.groups, g.kh, g.kw};
    int64_t Ho = (g.Hin + 2 * g.pad - g.kh) / g.stride + 1, Wo = (g.Win + 2 * g.pad - g.kw) / g.stride + 1;
    Weight w;
    MakeWeight(w, wdt, ws, (uint64_t)(g.Cout + g.kh), layout);
    DevT fz;
    Fz f;
    if (!Transform(name, w, g.groups, fz, f)) return;
    DevT x, bias, y, y_plain;
    MakeContig(x, ACL_FLOAT16, rng, {g.B, g.Cin, g.Hin, g.Win});
    if (g.bias) MakeContig(bias, ACL_FLOAT16, rng, {g.Cout});
    MakeZeros(y, ydt, {g.B, g.Cout, Ho, Wo});
    MakeZeros(y_plain, ydt, {g.B, g.Cout, Ho, Wo});
    int rc = RunConv(g, x, fz.t, g.bias ? &bias : nullptr, y);
    EXPECT(rc == 0, "%s: convolution on the FRACTAL_Z weight: %d", name, rc);
    if (rc) return;
    // the weight the Cube unit multiplies: the original values rounded to FLOAT16
    std::vector<double> w16(w.nchw.size());
    for (size_t i = 0; i < w16.size(); i++) w16[i] = RoundTo(ACL_FLOAT16, w.nchw[i]);
    std::vector<double> gold = RefConv(g, x.stored, w16, bias.stored, Ho, Wo);
    char msg[160];
    snprintf(msg, sizeof msg, "%s: convolution vs double reference", name);
    CubeCheck(msg, ydt, ReadBack(y), gold);
    // and the same result as the plain NCHW weight (same FLOAT16 values) gives
    DevT plain;
    MakeDev(plain, ACL_FLOAT16, w16, ws, Contig(ws), 0, ACL_FORMAT_NCHW);
    rc = RunConv(g, x, plain.t, g.bias ? &bias : nullptr, y_plain);
    std::vector<double> a = ReadBack(y), b = ReadBack(y_plain);
    size_t diff = 0;
    for (size_t i = 0; i < a.size(); i++) diff += a[i] != b[i];
    EXPECT(rc == 0 && diff == 0, "%s: %zu outputs differ from the NCHW weight's", name, diff);
}

static void TestConvs()
{
    // the ops-math example: input [1, 4, 16, 16], weight [2, 4, 8, 8], bias, out [1, 2, 9, 9]
    TestConv("example g1", {1, 4, 16, 16, 2, 1, 8, 8, 1, 0, true}, ACL_FLOAT16, 0);
    TestConv("g1 C 40 N 20 (c1 3, n1 2)", {2, 40, 9, 8, 20, 1, 3, 3, 2, 1, false}, ACL_FLOAT16, 0);
    TestConv("g2 e 1", {1, 32, 8, 8, 32, 2, 3, 3, 1, 1, true}, ACL_FLOAT16, 0);
    TestConv("g2 e 2 (N 4, C 2)", {1, 4, 7, 7, 4, 2, 3, 3, 1, 0, true}, ACL_FLOAT16, 0);
    TestConv("g3 e 3", {2, 9, 6, 6, 6, 3, 3, 3, 1, 1, false}, ACL_FLOAT16, 0);
    TestConv("g5 e 2 g_dim 3", {1, 40, 6, 6, 40, 5, 2, 2, 1, 0, true}, ACL_FLOAT16, 0);
    TestConv("depthwise g8", {1, 8, 10, 10, 8, 8, 3, 3, 1, 1, true}, ACL_FLOAT16, 0);
    TestConv("FLOAT weight g2, FLOAT output", {1, 8, 6, 6, 8, 2, 3, 3, 1, 1, true}, ACL_FLOAT, 0, ACL_FLOAT);
    TestConv("NHWC-strided weight g1", {1, 5, 7, 7, 6, 1, 3, 2, 1, 0, false}, ACL_FLOAT16, 1);
}

static void TestConvErrors()
{
    Lcg rng(9);
    std::vector<int64_t> s = {32, 16, 3, 3};
    Weight w;
    MakeWeight(w, ACL_FLOAT16, s, 3, 0);
    DevT fz;
    Fz f;
    if (!Transform("conv errors g1", w, 1, fz, f)) return;
    DevT x16, x32, y16, y32;
    MakeContig(x16, ACL_FLOAT16, rng, {1, 16, 6, 6});
    MakeContig(x32, ACL_FLOAT, rng, {1, 16, 6, 6});
    MakeZeros(y16, ACL_FLOAT16, {1, 32, 4, 4});
    MakeZeros(y32, ACL_FLOAT, {1, 32, 4, 4});
    std::vector<int64_t> one = {1, 1}, zero = {0, 0};
    aclIntArray *st = aclCreateIntArray(one.data(), 2), *pd = aclCreateIntArray(zero.data(), 2),
                *dl = aclCreateIntArray(one.data(), 2), *op = aclCreateIntArray(zero.data(), 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectErr("FZ weight, FLOAT input",
              aclnnConvolutionGetWorkspaceSize(x32.t, fz.t, nullptr, st, pd, dl, false, op, 1, y32.t, 1, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID, "the dtypes of x and filter must be the same");
    // the layout of groups 1 read with groups 2: the storage shape is not the groups-2 FZ shape
    DevT x2, y2;
    MakeContig(x2, ACL_FLOAT16, rng, {1, 16 * 2, 6, 6});
    MakeZeros(y2, ACL_FLOAT16, {1, 32, 4, 4});
    ExpectErr("FZ weight with other groups",
              aclnnConvolutionGetWorkspaceSize(x2.t, fz.t, nullptr, st, pd, dl, false, op, 2, y2.t, 0, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID, "is not the FRACTAL_Z shape [18, 1, 16, 16]");
    // a FRACTAL_Z FLOAT weight made by hand
    DevT fz32;
    MakeDev(fz32, ACL_FLOAT, std::vector<double>((size_t)f.numel, 0.0), s, Contig(s), 0, ACL_FORMAT_FRACTAL_Z, f.shape);
    ExpectErr("FZ FLOAT weight",
              aclnnConvolutionGetWorkspaceSize(x32.t, fz32.t, nullptr, st, pd, dl, false, op, 1, y32.t, 1, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID, "filter dtype DT_FLOAT is not supported in format FRACTAL_Z");
    // a FRACTAL_Z weight made by hand over too little memory
    DevT fzsmall;
    MakeDev(fzsmall, ACL_FLOAT16, std::vector<double>((size_t)f.numel / 2, 0.0), s, Contig(s), 0,
            ACL_FORMAT_FRACTAL_Z, f.shape);
    ExpectErr("FZ weight over too little memory",
              aclnnConvolutionGetWorkspaceSize(x16.t, fzsmall.t, nullptr, st, pd, dl, false, op, 1, y16.t, 0, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID, "filter needs");
    // an empty batch succeeds before the FRACTAL_Z checks (the real op skips its PreProcess)
    DevT x0, y0;
    MakeDev(x0, ACL_FLOAT, {0.0}, {0, 16, 6, 6}, Contig({0, 16, 6, 6}), 0, ACL_FORMAT_NCHW);
    MakeDev(y0, ACL_FLOAT, {0.0}, {0, 32, 4, 4}, Contig({0, 32, 4, 4}), 0, ACL_FORMAT_NCHW);
    ExpectErr("empty batch, FZ weight",
              aclnnConvolutionGetWorkspaceSize(x0.t, fz.t, nullptr, st, pd, dl, false, op, 1, y0.t, 1, &ws, &ex), 0,
              nullptr);
    if (ex) aclDestroyAclOpExecutor(ex);
    ex = nullptr;
    // a transposed convolution does not take a FRACTAL_Z weight
    DevT yt;
    MakeZeros(yt, ACL_FLOAT16, {1, 16, 8, 8});
    ExpectErr("FZ weight, transposed",
              aclnnConvolutionGetWorkspaceSize(x16.t, fz.t, nullptr, st, pd, dl, true, op, 1, yt.t, 0, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID, "FRACTAL_Z");
    aclDestroyIntArray(st); aclDestroyIntArray(pd); aclDestroyIntArray(dl); aclDestroyIntArray(op);
}

// ---- other chips ---------------------------------------------------------------------------------
static void TestNot310P(const char *soc)
{
    std::string want = std::string("only support ascend310P, now soc is ");
    uint64_t n = 0;
    ExpectErr("Calculate off the 310P", CalcSize({2, 4, 8, 8}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              want.c_str());
    // the chip comes after rank, transposed and groups, before the dtype
    ExpectErr("Calculate: rank before chip", CalcSize({2, 4, 8}, false, 1, ACL_FLOAT16, &n), ACLNN_ERR_PARAM_INVALID,
              "4 dim");
    ExpectErr("Calculate: groups before chip", CalcSize({2, 4, 8, 8}, false, 0, ACL_FLOAT16, &n),
              ACLNN_ERR_PARAM_INVALID, "groups larger");
    ExpectErr("Calculate: chip before dtype", CalcSize({2, 4, 8, 8}, false, 1, ACL_FLOAT, &n), ACLNN_ERR_PARAM_INVALID,
              want.c_str());
    Lcg rng(1);
    std::vector<int64_t> s = {2, 4, 8, 8};
    Fz f = FzOf(s, 1);
    DevT in, out, x, y;
    MakeDev(in, ACL_FLOAT16, std::vector<double>((size_t)GetShapeSize(s), 0.25), s, Contig(s), 0, ACL_FORMAT_NCHW);
    MakeOut(out, s, (uint64_t)f.numel);
    ExpectErr("Trans off the 310P", TransStage1(in.t, false, 1, out.t), ACLNN_ERR_PARAM_INVALID, want.c_str());
    std::string full = want + soc + ".";
    ExpectErr("Trans names the SoC", TransStage1(in.t, false, 1, out.t), ACLNN_ERR_PARAM_INVALID, full.c_str());
    aclFormat fmt;
    aclGetFormat(out.t, &fmt);
    EXPECT(fmt == ACL_FORMAT_NCHW, "refused Trans leaves weightOut NCHW");
    // a FRACTAL_Z weight (made by hand) is a 310P-only input of aclnnConvolution
    DevT fzw;
    MakeDev(fzw, ACL_FLOAT16, PackFz(f, std::vector<double>((size_t)GetShapeSize(s), 0.5)), s, Contig(s), 0,
            ACL_FORMAT_FRACTAL_Z, f.shape);
    MakeContig(x, ACL_FLOAT16, rng, {1, 4, 16, 16});
    MakeZeros(y, ACL_FLOAT16, {1, 2, 9, 9});
    std::vector<int64_t> one = {1, 1}, zero = {0, 0};
    aclIntArray *st = aclCreateIntArray(one.data(), 2), *pd = aclCreateIntArray(zero.data(), 2),
                *dl = aclCreateIntArray(one.data(), 2), *op = aclCreateIntArray(zero.data(), 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectErr("Convolution with a FZ weight off the 310P",
              aclnnConvolutionGetWorkspaceSize(x.t, fzw.t, nullptr, st, pd, dl, false, op, 1, y.t, 0, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID, "FRACTAL_Z only when the SoC version is Ascend310P");
    aclDestroyIntArray(st); aclDestroyIntArray(pd); aclDestroyIntArray(dl); aclDestroyIntArray(op);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const char *soc = aclrtGetSocName();
    std::string name = soc ? soc : "";
    if (name.find("310P") != std::string::npos) {
        TestSizes();
        TestSizeErrors();
        TestLayouts();
        TestTransErrors();
        TestConvs();
        TestConvErrors();
    } else {
        // the real check prints op::ToString(SocVersion): the short name (Ascend910B for 910B1)
        TestNot310P(name.find("910B") != std::string::npos ? "Ascend910B" : name.c_str());
    }
    printf("%s (%s): %d failure(s)\n", __FILE__, name.c_str(), g_failures);
    return g_failures ? 1 : 0;
}
