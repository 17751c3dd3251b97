// Cube operators, items of the issue not covered elsewhere, each against a double-precision
// reference written here: Matmul at rank 6 with broadcast batch dims on both sides, transposes
// and a padded output given as strided views (no copy: workspace 0), rank 7 refused; a batched
// Matmul with a 1-D mat2 into a non-contiguous out; huge K through Mm / Matmul / BatchMatMul
// with tails in M and N; ConvDepthwise2d (multiplier 1 and 2); workspace bounds of Convolution
// (0 when contiguous, one input-sized copy for a strided input); ConvolutionBackward of an empty
// batch and with a strided gradOutput (copied once); Addmm / InplaceAddmm / Baddbmm / Addbmm / Gemm / Mv / Addmv in every dtype they list. Run under every forced ISA (ACLEMU_ISA) by the meson test list.
#include "aclnnop/aclnn_addbmm.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_addmv.h"
#include "aclnnop/aclnn_baddbmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_gemm.h"
#include "aclnnop/aclnn_mv.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "cube_test_util.h"

static aclrtStream g_stream;

// Element of a view at a full index.
static double AtV(const DevT &d, const std::vector<int64_t> &idx)
{
    int64_t o = d.offset;
    for (size_t i = 0; i < idx.size(); i++) o += idx[i] * d.strides[i];
    return d.stored[(size_t)o];
}

// Stage 1 only: the workspace size it asks for (UINT64_MAX on failure).
template <typename F>
static uint64_t WorkspaceOf(F f)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (f(&ws, &ex) != 0) return UINT64_MAX;
    aclDestroyAclOpExecutor(ex);
    return ws;
}

// A view of `shape` whose last two dims are stored transposed (a transpose given as strides).
static void MakeTransposedView(DevT &d, aclDataType dt, Lcg &rng, const std::vector<int64_t> &shape)
{
    std::vector<int64_t> st = shape;
    size_t r = shape.size();
    std::swap(st[r - 1], st[r - 2]);
    std::vector<int64_t> cs = Contig(st), vs = cs;
    std::swap(vs[r - 1], vs[r - 2]);
    std::vector<double> v((size_t)GetShapeSize(st));
    for (auto &x : v) x = rng.value();
    MakeDev(d, dt, v, shape, vs, 0, ACL_FORMAT_ND, st);
}

// A zero view of `shape` inside a larger buffer: rows padded by 3 elements, offset 2.
static void MakePaddedOut(DevT &d, aclDataType dt, const std::vector<int64_t> &shape)
{
    std::vector<int64_t> st = shape;
    st.back() += 3;
    std::vector<int64_t> cs = Contig(st);
    std::vector<double> v((size_t)GetShapeSize(st) + 2, 0.0);
    MakeDev(d, dt, v, shape, cs, 2, ACL_FORMAT_ND, {(int64_t)v.size()});
}

// Golden of torch.matmul(a, b) over out's view (a, b any view; 1-D operands promoted).
static std::vector<double> MatmulGolden(const DevT &a, const DevT &b, const DevT &o, int mode)
{
    std::vector<int64_t> sa = a.shape, sb = b.shape, so = o.shape;
    bool a1 = sa.size() == 1, b1 = sb.size() == 1;
    int64_t K = sa.back();
    std::vector<double> g;
    std::vector<int64_t> idx(so.size(), 0);
    int64_t total = GetShapeSize(so);
    for (int64_t e = 0; e < total; e++) {
        int64_t r = e;
        for (int i = (int)so.size() - 1; i >= 0; i--) { idx[(size_t)i] = r % so[(size_t)i]; r /= so[(size_t)i]; }
        // (batch..., m, n) of the promoted problem
        std::vector<int64_t> full = idx;
        if (a1) full.insert(full.end() - (b1 ? 0 : 1), 0);
        if (b1) full.push_back(0);
        size_t nb = full.size() - 2;
        int64_t m = full[nb], n = full[nb + 1];
        std::vector<int64_t> ia, ib;
        size_t nba = a1 ? 0 : sa.size() - 2, nbb = b1 ? 0 : sb.size() - 2;
        for (size_t i = 0; i < nba; i++) ia.push_back(sa[i] == 1 ? 0 : full[nb - nba + i]);
        for (size_t i = 0; i < nbb; i++) ib.push_back(sb[i] == 1 ? 0 : full[nb - nbb + i]);
        if (!a1) ia.push_back(m);
        size_t ka = ia.size(), kb = ib.size();
        ia.push_back(0);
        ib.push_back(0);
        if (!b1) ib.push_back(n);
        double s = 0;
        for (int64_t k = 0; k < K; k++) {
            ia[ka] = k;
            ib[kb] = k;
            s += CubeOperand(AtV(a, ia), a.dt, mode) * CubeOperand(AtV(b, ib), b.dt, mode);
        }
        g.push_back(s);
    }
    return g;
}

// out's view elements in row-major view order.
static std::vector<double> ReadView(const DevT &o)
{
    std::vector<double> all = ReadBack(o), v;
    std::vector<int64_t> idx(o.shape.size(), 0);
    int64_t total = GetShapeSize(o.shape);
    for (int64_t e = 0; e < total; e++) {
        int64_t r = e, off = o.offset;
        for (int i = (int)o.shape.size() - 1; i >= 0; i--) {
            off += (r % o.shape[(size_t)i]) * o.strides[(size_t)i];
            r /= o.shape[(size_t)i];
        }
        v.push_back(all[(size_t)off]);
    }
    return v;
}

static void RunMatmul(const char *name, const DevT &a, const DevT &b, const DevT &o, int mode, bool expect_no_ws)
{
    int8_t cmt = (int8_t)mode;
    auto s1 = [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMatmulGetWorkspaceSize(a.t, b.t, o.t, cmt, ws, ex); };
    if (expect_no_ws) {
        uint64_t ws = WorkspaceOf(s1);
        EXPECT(ws == 0, "%s: strided views should need no workspace copy, got %llu bytes", name, (unsigned long long)ws);
    }
    int rc = RunOp("aclnnMatmul", g_stream, s1, aclnnMatmul);
    EXPECT(rc == 0, "%s", name);
    if (!rc) CubeCheck(name, o.dt, ReadView(o), MatmulGolden(a, b, o, mode));
}

static void TestMatmulRank6()
{
    Lcg rng(61);
    // (2,1,3,1,5,7) @ (1,2,1,4,7,6) -> (2,2,3,4,5,6): broadcast in four batch dims, both operands
    // transposed views, out a padded view
    DevT a, b, o;
    MakeTransposedView(a, ACL_FLOAT, rng, {2, 1, 3, 1, 5, 7});
    MakeTransposedView(b, ACL_FLOAT, rng, {1, 2, 1, 4, 7, 6});
    MakePaddedOut(o, ACL_FLOAT, {2, 2, 3, 4, 5, 6});
    RunMatmul("Matmul rank 6 broadcast, transposed views, padded out (HF32)", a, b, o, 1, true);
    DevT a16, b16, o16;
    MakeContig(a16, ACL_FLOAT16, rng, {3, 1, 2, 1, 17, 33});
    MakeTransposedView(b16, ACL_FLOAT16, rng, {2, 1, 2, 33, 19});
    MakeZeros(o16, ACL_FLOAT16, {3, 2, 2, 2, 17, 19});
    RunMatmul("Matmul rank 6 x rank 5 FP16", a16, b16, o16, 0, true);
    // rank 7 is refused (rank 1..6)
    DevT a7, b7, o7;
    MakeContig(a7, ACL_FLOAT16, rng, {1, 1, 1, 1, 1, 2, 3});
    MakeContig(b7, ACL_FLOAT16, rng, {3, 2});
    MakeZeros(o7, ACL_FLOAT16, {1, 1, 1, 1, 1, 2, 2});
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnMatmulGetWorkspaceSize(a7.t, b7.t, o7.t, 0, &ws, &ex);
    EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "Matmul rank 7: status %d", rc);
}

static void TestMatmulVecIntoStridedOut()
{
    Lcg rng(62);
    // (3, 4, 7) @ (7) -> (3, 4) written into a (3, 4) view of a (3, 7) buffer: the batch dim does
    // not merge with M in out
    DevT a, v, o;
    MakeContig(a, ACL_FLOAT, rng, {3, 4, 7});
    MakeContig(v, ACL_FLOAT, rng, {7});
    MakePaddedOut(o, ACL_FLOAT, {3, 4});
    RunMatmul("Matmul (3,4,7) @ (7) into a padded out", a, v, o, 1, false);
    // same with a batch dim stride that does merge, but a transposed self
    DevT at, o2;
    MakeTransposedView(at, ACL_FLOAT16, rng, {5, 9, 7});
    MakeZeros(o2, ACL_FLOAT16, {5, 9});
    DevT v16;
    MakeContig(v16, ACL_FLOAT16, rng, {7});
    RunMatmul("Matmul transposed (5,9,7) @ (7) FP16", at, v16, o2, 0, true);
}

// Huge K: FP32 accumulation over K in the tens of thousands, M and N not multiples of 16.
static void TestHugeK()
{
    Lcg rng(63);
    {
        const int64_t M = 5, K = 70001, N = 3;
        DevT a, b, o;
        MakeContig(a, ACL_FLOAT, rng, {M, K});
        MakeTransposedView(b, ACL_FLOAT, rng, {K, N});
        MakeZeros(o, ACL_FLOAT, {M, N});
        for (int mode : {1, 4}) { // HF32; USE_FP32_ADD (FP32 operands)
            int rc = RunOp("aclnnMm", g_stream,
                           [&](uint64_t *ws, aclOpExecutor **ex) {
                               return aclnnMmGetWorkspaceSize(a.t, b.t, o.t, (int8_t)mode, ws, ex);
                           },
                           aclnnMm);
            EXPECT(rc == 0, "Mm huge K mode %d", mode);
            if (!rc) {
                char nm[64];
                snprintf(nm, sizeof nm, "Mm 5x70001x3 mode %d", mode);
                CubeCheck(nm, ACL_FLOAT, ReadView(o), MatmulGolden(a, b, o, mode == 4 ? 0 : 1));
            }
        }
    }
    {
        DevT v, b, o;
        MakeContig(v, ACL_FLOAT16, rng, {65537});
        MakeContig(b, ACL_FLOAT16, rng, {65537, 17});
        MakeZeros(o, ACL_FLOAT16, {17});
        RunMatmul("Matmul (65537) @ (65537, 17) FP16", v, b, o, 0, true);
    }
    {
        const int64_t B = 2, M = 19, K = 20000, N = 21;
        DevT a, b, o;
        MakeContig(a, ACL_BF16, rng, {B, M, K});
        MakeTransposedView(b, ACL_BF16, rng, {B, K, N});
        MakeZeros(o, ACL_BF16, {B, M, N});
        int rc = RunOp("aclnnBatchMatMul", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnBatchMatMulGetWorkspaceSize(a.t, b.t, o.t, 0, ws, ex);
                       },
                       aclnnBatchMatMul);
        EXPECT(rc == 0, "BatchMatMul huge K BF16");
        if (!rc) CubeCheck("BatchMatMul 2x19x20000x21 BF16", ACL_BF16, ReadView(o), MatmulGolden(a, b, o, 0));
    }
    {
        // K = 1 through BatchMatMul with a broadcast batch
        DevT a, b, o;
        MakeContig(a, ACL_FLOAT, rng, {1, 33, 1});
        MakeContig(b, ACL_FLOAT, rng, {4, 1, 18});
        MakeZeros(o, ACL_FLOAT, {4, 33, 18});
        int rc = RunOp("aclnnBatchMatMul", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnBatchMatMulGetWorkspaceSize(a.t, b.t, o.t, 1, ws, ex);
                       },
                       aclnnBatchMatMul);
        EXPECT(rc == 0, "BatchMatMul K 1");
        if (!rc) CubeCheck("BatchMatMul K=1 broadcast batch", ACL_FLOAT, ReadView(o), MatmulGolden(a, b, o, 1));
    }
}

// Direct reference of a 2-D convolution (groups), plain loops.
static std::vector<double> Conv2dGolden(const DevT &x, const DevT &w, const DevT *bias, int64_t groups, int64_t sh,
                                        int64_t sw, int64_t ph, int64_t pw, int64_t dh, int64_t dw,
                                        const std::vector<int64_t> &ys, int mode)
{
    int64_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3];
    int64_t Co = w.shape[0], Cg = w.shape[1], KH = w.shape[2], KW = w.shape[3], OH = ys[2], OW = ys[3];
    int64_t cog = Co / groups;
    (void)C;
    std::vector<double> g((size_t)GetShapeSize(ys), 0.0);
    for (int64_t n = 0; n < N; n++)
        for (int64_t co = 0; co < Co; co++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double s = bias ? bias->stored[(size_t)co] : 0.0;
                    int64_t gi = co / cog;
                    for (int64_t c = 0; c < Cg; c++)
                        for (int64_t kh = 0; kh < KH; kh++)
                            for (int64_t kw = 0; kw < KW; kw++) {
                                int64_t ih = oh * sh - ph + kh * dh, iw = ow * sw - pw + kw * dw;
                                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                                s += CubeOperand(AtV(x, {n, gi * Cg + c, ih, iw}), x.dt, mode) *
                                     CubeOperand(AtV(w, {co, c, kh, kw}), w.dt, mode);
                            }
                    g[(size_t)(((n * Co + co) * OH + oh) * OW + ow)] = s;
                }
    return g;
}

static void TestConvDepthwise2d(aclDataType dt, int mode, int64_t mult)
{
    Lcg rng(64 + mult);
    const int64_t N = 2, C = 6, H = 11, W = 9;
    DevT x, w, b, y;
    MakeContig(x, dt, rng, {N, C, H, W});
    MakeContig(w, dt, rng, {C * mult, 1, 3, 3});
    MakeContig(b, dt, rng, {C * mult});
    int64_t OH = (H + 2 - 2 * 1 - 1) / 2 + 1, OW = (W + 2 - 2 * 2 - 1) / 1 + 1;
    std::vector<int64_t> ys = {N, C * mult, OH, OW};
    MakeZeros(y, dt, ys);
    std::vector<int64_t> ks = {3, 3}, st = {2, 1}, pd = {1, 1}, dl = {1, 2};
    aclIntArray *k = aclCreateIntArray(ks.data(), 2), *s = aclCreateIntArray(st.data(), 2),
                *p = aclCreateIntArray(pd.data(), 2), *d = aclCreateIntArray(dl.data(), 2);
    int rc = RunOp("aclnnConvDepthwise2d", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvDepthwise2dGetWorkspaceSize(x.t, w.t, k, b.t, s, p, d, y.t, (int8_t)mode, wsz, ex);
                   },
                   aclnnConvDepthwise2d);
    char nm[96];
    snprintf(nm, sizeof nm, "ConvDepthwise2d %s mode %d multiplier %lld", dt == ACL_FLOAT ? "FP32" : "FP16", mode,
             (long long)mult);
    EXPECT(rc == 0, "%s", nm);
    if (!rc) CubeCheck(nm, dt, ReadBack(y), Conv2dGolden(x, w, &b, C, 2, 1, 1, 1, 1, 2, ys, mode));
    aclDestroyIntArray(k); aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d);
}

// Workspace of Convolution: none for contiguous tensors; for an input given as a channel slice
// of a larger tensor, at most one input-sized copy; the result stays right.
static void TestConvWorkspace()
{
    Lcg rng(65);
    const int64_t N = 2, C = 4, H = 10, W = 12, Co = 5;
    DevT x, xs, w, y, y2;
    MakeContig(x, ACL_FLOAT16, rng, {N, C, H, W});
    { // channels 1..4 of an (N, 6, H, W) tensor
        std::vector<int64_t> big = {N, 6, H, W};
        std::vector<double> v((size_t)GetShapeSize(big));
        for (auto &e : v) e = rng.value();
        MakeDev(xs, ACL_FLOAT16, v, {N, C, H, W}, Contig(big), H * W, ACL_FORMAT_NCHW, big);
    }
    MakeContig(w, ACL_FLOAT16, rng, {Co, C, 3, 3});
    std::vector<int64_t> ys = {N, Co, H - 2, W - 2};
    MakeZeros(y, ACL_FLOAT16, ys);
    MakeZeros(y2, ACL_FLOAT16, ys);
    std::vector<int64_t> one = {1, 1}, zero = {0, 0};
    aclIntArray *s = aclCreateIntArray(one.data(), 2), *p = aclCreateIntArray(zero.data(), 2),
                *d = aclCreateIntArray(one.data(), 2), *op = aclCreateIntArray(zero.data(), 2);
    uint64_t ws = WorkspaceOf([&](uint64_t *wsz, aclOpExecutor **ex) {
        return aclnnConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s, p, d, false, op, 1, y.t, 0, wsz, ex);
    });
    EXPECT(ws == 0, "Convolution contiguous: workspace %llu bytes, expected none", (unsigned long long)ws);
    uint64_t in_bytes = (uint64_t)GetShapeSize({N, C, H, W}) * 2;
    ws = WorkspaceOf([&](uint64_t *wsz, aclOpExecutor **ex) {
        return aclnnConvolutionGetWorkspaceSize(xs.t, w.t, nullptr, s, p, d, false, op, 1, y2.t, 0, wsz, ex);
    });
    EXPECT(ws != UINT64_MAX && ws <= in_bytes + 4096,
           "Convolution strided input: workspace %llu bytes exceeds one input copy (%llu)", (unsigned long long)ws,
           (unsigned long long)in_bytes);
    int rc = RunOp("aclnnConvolution", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvolutionGetWorkspaceSize(xs.t, w.t, nullptr, s, p, d, false, op, 1, y2.t, 0, wsz, ex);
                   },
                   aclnnConvolution);
    EXPECT(rc == 0, "Convolution channel-slice input");
    if (!rc) CubeCheck("Convolution channel-slice input", ACL_FLOAT16, ReadBack(y2), Conv2dGolden(xs, w, nullptr, 1, 1, 1, 0, 0, 1, 1, ys, 0));
    aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
}

// ConvolutionBackward of an empty batch: gradWeight and gradBias are sums over nothing (zeros).
static void TestBackwardEmptyBatch()
{
    Lcg rng(66);
    DevT x, w, dy, dx, dw, db;
    MakeZeros(x, ACL_FLOAT16, {0, 4, 6, 6});
    MakeContig(w, ACL_FLOAT16, rng, {8, 4, 3, 3});
    MakeZeros(dy, ACL_FLOAT16, {0, 8, 4, 4});
    MakeZeros(dx, ACL_FLOAT16, {0, 4, 6, 6});
    std::vector<double> junk(8 * 4 * 9, 7.0), junkb(8, 7.0);
    MakeDev(dw, ACL_FLOAT16, junk, {8, 4, 3, 3}, Contig({8, 4, 3, 3}), 0, ACL_FORMAT_NCHW);
    MakeDev(db, ACL_FLOAT16, junkb, {8}, {1}, 0);
    std::vector<int64_t> one = {1, 1}, zero = {0, 0}, bs = {8};
    aclIntArray *s = aclCreateIntArray(one.data(), 2), *p = aclCreateIntArray(zero.data(), 2),
                *d = aclCreateIntArray(one.data(), 2), *op = aclCreateIntArray(zero.data(), 2),
                *bsz = aclCreateIntArray(bs.data(), 1);
    bool mask[3] = {true, true, true};
    aclBoolArray *m = aclCreateBoolArray(mask, 3);
    int rc = RunOp("aclnnConvolutionBackward", g_stream,
                   [&](uint64_t *wsz, aclOpExecutor **ex) {
                       return aclnnConvolutionBackwardGetWorkspaceSize(dy.t, x.t, w.t, bsz, s, p, d, false, op, 1, m, 0,
                                                                       dx.t, dw.t, db.t, wsz, ex);
                   },
                   aclnnConvolutionBackward);
    EXPECT(rc == 0, "ConvolutionBackward empty batch");
    if (!rc) {
        bool zw = true, zb = true;
        for (double e : ReadBack(dw)) zw &= e == 0;
        for (double e : ReadBack(db)) zb &= e == 0;
        EXPECT(zw, "ConvolutionBackward empty batch: gradWeight should be zeros");
        EXPECT(zb, "ConvolutionBackward empty batch: gradBias should be zeros");
    }
    aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
    aclDestroyIntArray(bsz); aclDestroyBoolArray(m);
}

// ConvolutionBackward with a strided gradOutput: one workspace copy of it serves grad input, grad
// weight and grad bias (not one per pass); results checked against a direct reference.
static void TestBackwardStridedGradOutput()
{
    Lcg rng(67);
    const int64_t N = 2, C = 3, H = 34, W = 33, Co = 8, OH = 32, OW = 31;
    DevT x, w, dy, dx, dw, db;
    MakeContig(x, ACL_FLOAT, rng, {N, C, H, W});
    MakeContig(w, ACL_FLOAT, rng, {Co, C, 3, 3});
    { // dy: rows padded by 3 (a view into a wider buffer)
        std::vector<int64_t> st = {N, Co, OH, OW + 3};
        std::vector<double> v((size_t)GetShapeSize(st));
        for (auto &e : v) e = rng.value();
        MakeDev(dy, ACL_FLOAT, v, {N, Co, OH, OW}, Contig(st), 0, ACL_FORMAT_NCHW, st);
    }
    MakeZeros(dx, ACL_FLOAT, {N, C, H, W});
    MakeZeros(dw, ACL_FLOAT, {Co, C, 3, 3});
    MakeZeros(db, ACL_FLOAT, {Co});
    std::vector<int64_t> one = {1, 1}, zero = {0, 0}, bs = {Co};
    aclIntArray *s = aclCreateIntArray(one.data(), 2), *p = aclCreateIntArray(zero.data(), 2),
                *d = aclCreateIntArray(one.data(), 2), *op = aclCreateIntArray(zero.data(), 2),
                *bsz = aclCreateIntArray(bs.data(), 1);
    bool mask[3] = {true, true, true};
    aclBoolArray *m = aclCreateBoolArray(mask, 3);
    auto s1 = [&](uint64_t *wsz, aclOpExecutor **ex) {
        return aclnnConvolutionBackwardGetWorkspaceSize(dy.t, x.t, w.t, bsz, s, p, d, false, op, 1, m, 1, dx.t, dw.t,
                                                        db.t, wsz, ex);
    };
    uint64_t ws = WorkspaceOf(s1), dy_bytes = (uint64_t)(N * Co * OH * OW) * 4;
    EXPECT(ws != UINT64_MAX && ws <= dy_bytes + 4096,
           "ConvolutionBackward strided gradOutput: workspace %llu bytes, more than one gradOutput copy (%llu)",
           (unsigned long long)ws, (unsigned long long)dy_bytes);
    int rc = RunOp("aclnnConvolutionBackward", g_stream, s1, aclnnConvolutionBackward);
    EXPECT(rc == 0, "ConvolutionBackward strided gradOutput");
    if (!rc) {
        std::vector<double> gx((size_t)(N * C * H * W), 0.0), gw((size_t)(Co * C * 9), 0.0), gb((size_t)Co, 0.0);
        for (int64_t n = 0; n < N; n++)
            for (int64_t co = 0; co < Co; co++)
                for (int64_t oh = 0; oh < OH; oh++)
                    for (int64_t ow = 0; ow < OW; ow++) {
                        double g = AtV(dy, {n, co, oh, ow});
                        gb[(size_t)co] += g;
                        double gh = CubeOperand(g, ACL_FLOAT, 1);
                        for (int64_t c = 0; c < C; c++)
                            for (int64_t kh = 0; kh < 3; kh++)
                                for (int64_t kw = 0; kw < 3; kw++) {
                                    size_t xi = (size_t)(((n * C + c) * H + oh + kh) * W + ow + kw);
                                    size_t wi = (size_t)(((co * C + c) * 3 + kh) * 3 + kw);
                                    gx[xi] += gh * CubeOperand(w.stored[wi], ACL_FLOAT, 1);
                                    gw[wi] += gh * CubeOperand(x.stored[xi], ACL_FLOAT, 1);
                                }
                    }
        CubeCheck("ConvolutionBackward strided gradOutput gradInput", ACL_FLOAT, ReadBack(dx), gx);
        CubeCheck("ConvolutionBackward strided gradOutput gradWeight", ACL_FLOAT, ReadBack(dw), gw);
        CubeCheck("ConvolutionBackward strided gradOutput gradBias", ACL_FLOAT, ReadBack(db), gb);
    }
    aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
    aclDestroyIntArray(bsz); aclDestroyBoolArray(m);
}

// out = beta * self + alpha * sum_k a(i, k) * b(k, j) over an (I, J) result; self(i, j) gives the
// broadcast addend.
template <typename A, typename B, typename S>
static std::vector<double> AddGolden(int64_t I, int64_t J, int64_t K, double alpha, double beta, A a, B b, S self,
                                     aclDataType dt, int mode)
{
    std::vector<double> g;
    for (int64_t i = 0; i < I; i++)
        for (int64_t j = 0; j < J; j++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++) s += CubeOperand(a(i, k), dt, mode) * CubeOperand(b(k, j), dt, mode);
            g.push_back(beta * self(i, j) + alpha * s);
        }
    return g;
}

// Addmm (+Inplace), Baddbmm, Addbmm, Gemm, Mv, Addmv in one dtype (FP32 as HF32), odd sizes,
// transposed views, broadcast addends, alpha / beta other than 1.
static void TestAddFamily(aclDataType dt)
{
    Lcg rng(70 + (int)dt);
    const int mode = dt == ACL_FLOAT ? 1 : 0;
    const int8_t cmt = (int8_t)mode;
    const int64_t B = 3, M = 13, K = 37, N = 21;
    const float alphaf = 0.75f, betaf = -1.5f;
    aclScalar *alpha = aclCreateScalar((void *)&alphaf, ACL_FLOAT), *beta = aclCreateScalar((void *)&betaf, ACL_FLOAT);
    const char *dn = dt == ACL_FLOAT ? "FP32" : dt == ACL_FLOAT16 ? "FP16" : "BF16";
    char nm[96];
    { // Addmm: self (N) broadcast, mat1 a transposed view
        DevT self, m1, m2, out, ref;
        MakeContig(self, dt, rng, {N});
        MakeTransposedView(m1, dt, rng, {M, K});
        MakeContig(m2, dt, rng, {K, N});
        MakeZeros(out, dt, {M, N});
        int rc = RunOp("aclnnAddmm", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnAddmmGetWorkspaceSize(self.t, m1.t, m2.t, beta, alpha, out.t, cmt, ws, ex);
                       },
                       aclnnAddmm);
        snprintf(nm, sizeof nm, "Addmm %s", dn);
        EXPECT(rc == 0, "%s", nm);
        auto g = AddGolden(M, N, K, alphaf, betaf, [&](int64_t i, int64_t k) { return m1.at({i, k}); },
                           [&](int64_t k, int64_t j) { return m2.at({k, j}); },
                           [&](int64_t, int64_t j) { return self.at({j}); }, dt, mode);
        if (!rc) CubeCheck(nm, dt, ReadBack(out), g);
        // InplaceAddmm: selfRef (M, N) is the addend and the result
        MakeContig(ref, dt, rng, {M, N});
        auto g2 = AddGolden(M, N, K, alphaf, betaf, [&](int64_t i, int64_t k) { return m1.at({i, k}); },
                            [&](int64_t k, int64_t j) { return m2.at({k, j}); },
                            [&](int64_t i, int64_t j) { return ref.at({i, j}); }, dt, mode);
        rc = RunOp("aclnnInplaceAddmm", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnInplaceAddmmGetWorkspaceSize(ref.t, m1.t, m2.t, beta, alpha, cmt, ws, ex);
                   },
                   aclnnInplaceAddmm);
        snprintf(nm, sizeof nm, "InplaceAddmm %s", dn);
        EXPECT(rc == 0, "%s", nm);
        if (!rc) CubeCheck(nm, dt, ReadBack(ref), g2);
    }
    { // Baddbmm: self (M, N) broadcast over the batch, batch2 a transposed view
        DevT self, b1, b2, out;
        MakeContig(self, dt, rng, {M, N});
        MakeContig(b1, dt, rng, {B, M, K});
        MakeTransposedView(b2, dt, rng, {B, K, N});
        MakeZeros(out, dt, {B, M, N});
        int rc = RunOp("aclnnBaddbmm", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnBaddbmmGetWorkspaceSize(self.t, b1.t, b2.t, beta, alpha, out.t, cmt, ws, ex);
                       },
                       aclnnBaddbmm);
        snprintf(nm, sizeof nm, "Baddbmm %s", dn);
        EXPECT(rc == 0, "%s", nm);
        if (!rc) {
            std::vector<double> g;
            for (int64_t bi = 0; bi < B; bi++) {
                auto gb = AddGolden(M, N, K, alphaf, betaf, [&](int64_t i, int64_t k) { return b1.at({bi, i, k}); },
                                    [&](int64_t k, int64_t j) { return b2.at({bi, k, j}); },
                                    [&](int64_t i, int64_t j) { return self.at({i, j}); }, dt, mode);
                g.insert(g.end(), gb.begin(), gb.end());
            }
            CubeCheck(nm, dt, ReadBack(out), g);
        }
    }
    { // Addbmm: sum over the batch; self (1, N); batch2 a transposed view (not foldable into K)
        DevT self, b1, b2, out;
        MakeContig(self, dt, rng, {1, N});
        MakeContig(b1, dt, rng, {B, M, K});
        MakeTransposedView(b2, dt, rng, {B, K, N});
        MakeZeros(out, dt, {M, N});
        int rc = RunOp("aclnnAddbmm", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnAddbmmGetWorkspaceSize(self.t, b1.t, b2.t, beta, alpha, out.t, cmt, ws, ex);
                       },
                       aclnnAddbmm);
        snprintf(nm, sizeof nm, "Addbmm %s", dn);
        EXPECT(rc == 0, "%s", nm);
        auto g = AddGolden(M, N, B * K, alphaf, betaf, [&](int64_t i, int64_t bk) { return b1.at({bk / K, i, bk % K}); },
                           [&](int64_t bk, int64_t j) { return b2.at({bk / K, bk % K, j}); },
                           [&](int64_t, int64_t j) { return self.at({0, j}); }, dt, mode);
        if (!rc) CubeCheck(nm, dt, ReadBack(out), g);
    }
    { // Gemm: transA, transB, C (M, N)
        DevT A, Bm, C, out;
        MakeContig(A, dt, rng, {K, M});
        MakeContig(Bm, dt, rng, {N, K});
        MakeContig(C, dt, rng, {M, N});
        MakeZeros(out, dt, {M, N});
        int rc = RunOp("aclnnGemm", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) {
                           return aclnnGemmGetWorkspaceSize(A.t, Bm.t, C.t, alphaf, betaf, 1, 1, out.t, cmt, ws, ex);
                       },
                       aclnnGemm);
        snprintf(nm, sizeof nm, "Gemm transA transB %s", dn);
        EXPECT(rc == 0, "%s", nm);
        auto g = AddGolden(M, N, K, alphaf, betaf, [&](int64_t i, int64_t k) { return A.at({k, i}); },
                           [&](int64_t k, int64_t j) { return Bm.at({j, k}); },
                           [&](int64_t i, int64_t j) { return C.at({i, j}); }, dt, mode);
        if (!rc) CubeCheck(nm, dt, ReadBack(out), g);
    }
    { // Mv (matrix a transposed view) and Addmv (self (1) broadcast)
        DevT mat, vec, out, self, out2;
        MakeTransposedView(mat, dt, rng, {M, K});
        MakeContig(vec, dt, rng, {K});
        MakeZeros(out, dt, {M});
        MakeContig(self, dt, rng, {1});
        MakeZeros(out2, dt, {M});
        int rc = RunOp("aclnnMv", g_stream,
                       [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMvGetWorkspaceSize(mat.t, vec.t, out.t, cmt, ws, ex); },
                       aclnnMv);
        snprintf(nm, sizeof nm, "Mv %s", dn);
        EXPECT(rc == 0, "%s", nm);
        auto g = AddGolden(M, 1, K, 1.0, 0.0, [&](int64_t i, int64_t k) { return mat.at({i, k}); },
                           [&](int64_t k, int64_t) { return vec.at({k}); }, [&](int64_t, int64_t) { return 0.0; }, dt,
                           mode);
        if (!rc) CubeCheck(nm, dt, ReadBack(out), g);
        rc = RunOp("aclnnAddmv", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnAddmvGetWorkspaceSize(self.t, mat.t, vec.t, alpha, beta, out2.t, cmt, ws, ex);
                   },
                   aclnnAddmv);
        snprintf(nm, sizeof nm, "Addmv %s", dn);
        EXPECT(rc == 0, "%s", nm);
        auto g2 = AddGolden(M, 1, K, alphaf, betaf, [&](int64_t i, int64_t k) { return mat.at({i, k}); },
                            [&](int64_t k, int64_t) { return vec.at({k}); },
                            [&](int64_t, int64_t) { return self.at({0}); }, dt, mode);
        if (!rc) CubeCheck(nm, dt, ReadBack(out2), g2);
    }
    aclDestroyScalar(alpha);
    aclDestroyScalar(beta);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const char *isa = getenv("ACLEMU_ISA");
    printf("ISA %s\n", isa ? isa : "(auto)");
    TestMatmulRank6();
    TestMatmulVecIntoStridedOut();
    TestHugeK();
    TestConvDepthwise2d(ACL_FLOAT16, 0, 1);
    TestConvDepthwise2d(ACL_FLOAT, 1, 2);
    TestConvWorkspace();
    TestBackwardEmptyBatch();
    TestBackwardStridedGradOutput();
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) TestAddFamily(dt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
