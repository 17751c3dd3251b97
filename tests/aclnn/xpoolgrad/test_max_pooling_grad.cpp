// aclnnMaxPoolingGrad (ops-nn experimental/pooling/max_pooling_grad) against a naive loop written
// here: dx[i] = dy[i] where x[i] equals the (expanded) window maximum y[i], else 0. The kernel
// compares x - y with 0, so equal infinities (inf - inf = NaN) and NaNs are not selected; +0 and
// -0 are equal. Every tied element of a window receives dy. y is built as a user would: the
// maximum of each non-overlapping window expanded to x's shape. FLOAT / FLOAT16, ranks 1..8 and 0,
// strided and transposed views, the official example's values, empty tensors, the validation
// paths with codes and messages. Argument "310p" / "950": no kernel (361001).
#include "../xpool/xpool_util.h"
#include "aclnnop/aclnn_max_pooling_grad.h"

static aclrtStream g_stream;

static std::vector<double> RefMaxPoolingGrad(const std::vector<double> &dy, const std::vector<double> &x,
                                             const std::vector<double> &y)
{
    std::vector<double> r(dy.size(), 0.0);
    for (size_t i = 0; i < dy.size(); i++)
        if (x[i] == y[i] && !std::isinf(x[i])) r[i] = dy[i];
    return r;
}

// y: the maximum of each kh x kw window of the last two dims (rank >= 2), expanded back to x.
static std::vector<double> ExpandedMax(const std::vector<double> &x, const Shape &s, int64_t kh, int64_t kw)
{
    std::vector<double> y(x.size());
    int64_t W = s.back(), H = s.size() >= 2 ? s[s.size() - 2] : 1, planes = (int64_t)x.size() / (H * W);
    for (int64_t p = 0; p < planes; p++)
        for (int64_t h = 0; h < H; h++)
            for (int64_t w = 0; w < W; w++) {
                int64_t h0 = h / kh * kh, w0 = w / kw * kw;
                double m = -INFINITY;
                for (int64_t i = h0; i < std::min(h0 + kh, H); i++)
                    for (int64_t j = w0; j < std::min(w0 + kw, W); j++) m = std::max(m, x[(size_t)((p * H + i) * W + j)]);
                y[(size_t)((p * H + h) * W + w)] = m;
            }
    return y;
}

static int RunMpg(const char *what, const DevTensor &dy, const DevTensor &x, const DevTensor &y, const DevTensor &dx)
{
    return Run(what, g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnMaxPoolingGradGetWorkspaceSize(dy.t, x.t, y.t, dx.t, ws, e); }, aclnnMaxPoolingGrad);
}

static void TestExample()
{
    Shape s = {64, 512};
    size_t n = (size_t)GetShapeSize(s);
    std::vector<double> dy(n, 0.0), x(n, 0.0), y(n, 0.0);
    double d5[5] = {0.5, 1.5, 3.0, 2.0, 9.9}, x5[5] = {2, 1, 5, 0, 1}, y5[5] = {2, 1, 5, 0, 2};
    for (int i = 0; i < 5; i++) dy[(size_t)i] = d5[i], x[(size_t)i] = x5[i], y[(size_t)i] = y5[i];
    DevTensor tdy, tx, ty, tdx;
    if (!tdy.Init(ACL_FLOAT, s, dy, CONTIG) || !tx.Init(ACL_FLOAT, s, x, CONTIG) || !ty.Init(ACL_FLOAT, s, y, CONTIG) ||
        !tdx.Init(ACL_FLOAT, s, {}, CONTIG))
        return;
    int rc = RunMpg("the example", tdy, tx, ty, tdx);
    EXPECT(rc == 0, "the example: %d", rc);
    if (rc) return;
    std::vector<double> got = tdx.Read(), want(n, 0.0);
    for (int i = 0; i < 4; i++) want[(size_t)i] = QuantAll(ACL_FLOAT, {d5[i]})[0];
    ExpectExact("the example's dx (0.5 1.5 3 2 0, zeros)", got, want);
}

static void TestValues()
{
    std::vector<Shape> shapes = {{7}, {6, 9}, {2, 3, 8, 10}, {2, 3, 5, 7}, {1, 2, 1, 2, 1, 2, 4, 6},
                                 {3, 1, 2, 1, 4, 6}, {33, 65}, {}};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16};
    int c = 0;
    for (aclDataType dt : dts)
        for (const Shape &s : shapes) {
            size_t n = (size_t)GetShapeSize(s);
            std::vector<double> x = PoolValues(dt, n, (uint64_t)c + 5, c % 2 == 0); // even cases: many ties
            std::vector<double> dy = QuantAll(dt, RandomValues(n, (uint64_t)c + 77, 3.0));
            if (n > 8 && c % 3 == 1) { // specials: NaN, equal infinities, signed zeros, subnormal steps
                x[1] = NAN;
                x[3] = INFINITY;
                x[5] = -INFINITY;
                x[6] = 0.0;
                x[7] = dt == ACL_FLOAT16 ? std::ldexp(1.0, -24) : std::ldexp(1.0, -149);
            }
            std::vector<double> y = s.empty() ? x : ExpandedMax(x, s, 2, s.size() >= 2 ? 3 : 1);
            if (n > 8 && c % 3 == 1) {
                y[1] = NAN;       // NaN - NaN: not selected
                y[3] = INFINITY;  // inf - inf: NaN, not selected
                y[5] = -INFINITY;
                y[6] = -0.0;      // 0 - (-0) == 0: selected
                y[7] = 0.0;       // the smallest subnormal differs from 0
            }
            std::vector<double> want = RefMaxPoolingGrad(dy, x, y);
            DevTensor tdy, tx, ty, tdx;
            if (!tdy.Init(dt, s, dy, (Layout)(c % 3)) || !tx.Init(dt, s, x, (Layout)((c + 1) % 3)) ||
                !ty.Init(dt, s, y, (Layout)((c + 2) % 3)) || !tdx.Init(dt, s, {}, (Layout)((c + 1) % 3)))
                return;
            std::string what = std::string("MaxPoolingGrad ") + DtName(dt) + " case " + std::to_string(c++);
            int rc = RunMpg(what.c_str(), tdy, tx, ty, tdx);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc) continue;
            std::vector<double> got = tdx.Read();
            ExpectExact(what, got, want);
            EXPECT(tdx.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
            size_t sel = 0;
            for (double v : want) sel += v != 0;
            EXPECT(n < 8 || (sel > 0 && sel < n), "%s: the case selects %zu of %zu (not a test)", what.c_str(), sel, n);
            for (size_t i = 0; i < got.size(); i++)
                if (want[i] == 0 && (got[i] != 0 || std::signbit(got[i]))) {
                    EXPECT(false, "%s: dx[%zu] = %g, expected +0", what.c_str(), i, got[i]);
                    break;
                }
        }
}

static void TestValidation()
{
    DevTensor f, f2, h, i32, b16, big, r9, e, e2;
    if (!f.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !f2.Init(ACL_FLOAT, {4, 2}, {}, CONTIG) ||
        !h.Init(ACL_FLOAT16, {2, 4}, {}, CONTIG) || !i32.Init(ACL_INT32, {2, 4}, {}, CONTIG) ||
        !b16.Init(ACL_BF16, {2, 4}, {}, CONTIG) || !big.Init(ACL_FLOAT, {2, 4, 1}, {}, CONTIG) ||
        !r9.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {}, CONTIG) || !e.Init(ACL_FLOAT, {0, 4}, {}, CONTIG) ||
        !e2.Init(ACL_FLOAT, {0, 4}, {}, CONTIG))
        return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define MPG(A, B, C, D) aclnnMaxPoolingGradGetWorkspaceSize(A, B, C, D, &ws, &ex)
    ExpectError("null dy", MPG(nullptr, f.t, f.t, f.t), 161001, "dy");
    ExpectError("null x", MPG(f.t, nullptr, f.t, f.t), 161001, "x");
    ExpectError("null y", MPG(f.t, f.t, nullptr, f.t), 161001, "y");
    ExpectError("null dx", MPG(f.t, f.t, f.t, nullptr), 161001, "dx");
    ExpectError("dy INT32", MPG(i32.t, i32.t, i32.t, i32.t), 161002, "DT_INT32");
    ExpectError("dy BF16", MPG(b16.t, b16.t, b16.t, b16.t), 161002, "DT_BF16");
    ExpectError("x dtype", MPG(f.t, h.t, f.t, f.t), 161002, "x");
    ExpectError("y dtype", MPG(f.t, f.t, h.t, f.t), 161002, "y");
    ExpectError("dx dtype", MPG(h.t, h.t, h.t, f.t), 161002, "dx");
    ExpectError("rank 9", MPG(r9.t, r9.t, r9.t, r9.t), 161002, "dy");
    ExpectError("x shape", MPG(f.t, f2.t, f.t, f.t), 161002, "x shape [4, 2]", "dy shape [2, 4]");
    ExpectError("y shape", MPG(f.t, f.t, big.t, f.t), 161002, "y shape");
    ExpectError("dx shape", MPG(f.t, f.t, f.t, f2.t), 161002, "dx shape");
    ExpectError("dtype before shape", MPG(f.t, f2.t, h.t, f.t), 161002, "y");
    int rc = MPG(e.t, e.t, e.t, e2.t);
    EXPECT(rc == 0 && ws == 0, "empty tensors: %d, workspace %llu", rc, (unsigned long long)ws);
    if (rc == 0) {
        rc = aclnnMaxPoolingGrad(nullptr, 0, ex, g_stream);
        EXPECT(rc == 0, "empty tensors, stage 2: %d", rc);
        EXPECT(aclrtSynchronizeStream(g_stream) == 0, "empty tensors: synchronize");
    }
#undef MPG
}

static void TestOtherChip()
{
    DevTensor f;
    if (!f.Init(ACL_FLOAT, {2, 4}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnMaxPoolingGradGetWorkspaceSize(f.t, f.t, f.t, f.t, &ws, &ex);
    EXPECT(rc == 361001, "no kernel on this chip: returned %d, expected 361001", rc);
    rc = aclnnMaxPoolingGradGetWorkspaceSize(f.t, f.t, nullptr, f.t, &ws, &ex);
    EXPECT(rc == 161001, "null y before the chip: returned %d, expected 161001", rc);
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
