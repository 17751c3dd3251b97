// The cubeMathType x dtype x chip acceptance table of the cube operators, run under every chip
// topology (ACLEMU_TOPOLOGY). The expected status of each cell is written here from the
// reference (ops-nn.md §2.1 cubeMathType table, §2.2 conv chips/limits, §2.3 matmul chips), not
// from the emulator's code:
//   - Matmul family (Mm, BatchMatMul, Matmul): every chip but 310B. Convolution: every chip but
//     910. ConvolutionBackward: every chip but 310B.
//   - BFLOAT16 only on A2 / A3 / 950.
//   - Where the reference (from the docs) and the real code of ops-nn disagree, the code wins, as
//     a program on a card meets the code: CheckCubeMathType / CheckCubeMathTypeForMm
//     (matmul/common/op_host/op_api/cube_util.cpp) and the promotion tables of matmul_util.cpp.
//   - FP32 (and BF16): KEEP_DTYPE (0), USE_HF32 (3), USE_FP32_ADD (4) need a Cube unit with an
//     FP32 path (A2/A3/950, 310B) — convolutions included, whatever their docs say;
//     ALLOW_FP32_DOWN_PRECISION (1) and USE_FP16 (2) always.
//   - FP16 and BF16: every value accepted (HF32 / FP16 requests that do not apply are ignored
//     with a warning in the real code).
//   - cubeMathType outside 0..4 (0..3 for convolution) refused.
//   - 310P: conv3d forward FP16 only; 310B: 2-D, non-transposed convolution only.
// Every refusal is ACLNN_ERR_PARAM_INVALID (161002) with a message; a null tensor 161001.
#include <string>

#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "cube_test_util.h"

enum Chip { C910A, C310P, C310B, CA2, CA3, C950 };

static Chip Detect(const std::string &soc)
{
    if (soc.find("Ascend910B") == 0) return CA2;
    if (soc.find("Ascend910_93") == 0) return CA3;
    if (soc.find("Ascend950") == 0) return C950;
    if (soc.find("Ascend310P") == 0) return C310P;
    if (soc.find("Ascend310B") == 0) return C310B;
    return C910A;
}

static const char *DtName(aclDataType dt) { return dt == ACL_FLOAT ? "FP32" : dt == ACL_FLOAT16 ? "FP16" : "BF16"; }

// Expected status of a matmul-family call (Mm / BatchMatMul / Matmul) from the reference.
static int ExpectMatmul(Chip c, aclDataType dt, int cmt)
{
    bool newchip = c == CA2 || c == CA3 || c == C950;
    if (c == C310B) return ACLNN_ERR_PARAM_INVALID;                      // no matmul on 310B
    if (dt == ACL_BF16 && !newchip) return ACLNN_ERR_PARAM_INVALID;       // no BF16
    if (cmt < 0 || cmt > 4) return ACLNN_ERR_PARAM_INVALID;
    if (dt == ACL_FLOAT && (cmt == 0 || cmt == 3 || cmt == 4)) return newchip ? 0 : ACLNN_ERR_PARAM_INVALID;
    return 0;
}

// Expected status of a forward convolution (nsp spatial dims, transposed or not).
static int ExpectConv(Chip c, aclDataType dt, int cmt, int nsp, bool transposed)
{
    bool newchip = c == CA2 || c == CA3 || c == C950;
    if (c == C910A) return ACLNN_ERR_PARAM_INVALID;                       // no conv on 910
    if (dt == ACL_BF16 && !newchip) return ACLNN_ERR_PARAM_INVALID;
    if (cmt < 0 || cmt > 3) return ACLNN_ERR_PARAM_INVALID;
    if (c == C310B && (nsp != 2 || transposed)) return ACLNN_ERR_PARAM_INVALID;
    if (dt == ACL_FLOAT && (cmt == 0 || cmt == 3) && c == C310P) return ACLNN_ERR_PARAM_INVALID;
    if (c == C310P && nsp == 3 && !transposed && dt != ACL_FLOAT16) return ACLNN_ERR_PARAM_INVALID;
    return 0;
}

// Expected status of ConvolutionBackward (2-D): every chip but 310B; the conv cubeMathType rules.
static int ExpectConvBwd(Chip c, aclDataType dt, int cmt)
{
    bool newchip = c == CA2 || c == CA3 || c == C950;
    if (c == C310B) return ACLNN_ERR_PARAM_INVALID;
    if (dt == ACL_BF16 && !newchip) return ACLNN_ERR_PARAM_INVALID;
    if (cmt < 0 || cmt > 3) return ACLNN_ERR_PARAM_INVALID;
    if (dt == ACL_FLOAT && (cmt == 0 || cmt == 3)) return newchip ? 0 : ACLNN_ERR_PARAM_INVALID;
    return 0;
}

template <typename F>
static int Stage1(F f)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = f(&ws, &ex);
    if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    return rc;
}

// The status and, on refusal, a non-empty message.
static void Cell(const char *op, aclDataType dt, int cmt, int got, int want)
{
    const char *msg = got ? aclGetRecentErrMsg() : "";
    EXPECT(got == want, "%s %s cubeMathType %d: status %d, expected %d (%s)", op, DtName(dt), cmt, got, want,
           msg ? msg : "");
    if (got && got == want) EXPECT(msg && msg[0], "%s %s cubeMathType %d: refusal without a message", op, DtName(dt), cmt);
}

static aclIntArray *Ints(std::vector<int64_t> v) { return aclCreateIntArray(v.data(), v.size()); }

static int Conv(const DevT &x, const DevT &w, const DevT &y, int nsp, bool tr, int cmt)
{
    std::vector<int64_t> one(nsp, 1), zero(nsp, 0);
    aclIntArray *s = Ints(tr ? std::vector<int64_t>(nsp, 2) : one), *p = Ints(zero), *d = Ints(one), *op = Ints(zero);
    int rc = Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
        return aclnnConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s, p, d, tr, op, 1, y.t, (int8_t)cmt, ws, ex);
    });
    aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
    return rc;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    std::string soc = aclrtGetSocName();
    Chip chip = Detect(soc);
    printf("SoC %s\n", soc.c_str());
    Lcg rng(5);
    const aclDataType dts[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const int cmts[7] = {-1, 0, 1, 2, 3, 4, 5};
    int cells = 0;
    for (aclDataType dt : dts) {
        DevT a, b, o, ba, bb, bo, va, vo, x2, w2, y2, x1, w1, y1, x3, w3, y3, wt, yt, dy, gx, gw, gb;
        MakeContig(a, dt, rng, {5, 7});
        MakeContig(b, dt, rng, {7, 3});
        MakeZeros(o, dt, {5, 3});
        MakeContig(ba, dt, rng, {2, 5, 7});
        MakeContig(bb, dt, rng, {2, 7, 3});
        MakeZeros(bo, dt, {2, 5, 3});
        MakeContig(va, dt, rng, {7});
        MakeZeros(vo, dt, {3});
        MakeContig(x2, dt, rng, {1, 2, 5, 5});
        MakeContig(w2, dt, rng, {3, 2, 3, 3});
        MakeZeros(y2, dt, {1, 3, 3, 3});
        MakeContig(x1, dt, rng, {1, 2, 6});
        MakeContig(w1, dt, rng, {3, 2, 3});
        MakeZeros(y1, dt, {1, 3, 4});
        MakeContig(x3, dt, rng, {1, 2, 3, 4, 4});
        MakeContig(w3, dt, rng, {3, 2, 2, 2, 2});
        MakeZeros(y3, dt, {1, 3, 2, 3, 3});
        MakeContig(wt, dt, rng, {2, 3, 3, 3}); // transposed: [Cin, Cout, k, k], stride 2: 5 -> 11
        MakeZeros(yt, dt, {1, 3, 11, 11});
        MakeContig(dy, dt, rng, {1, 3, 3, 3});
        MakeZeros(gx, dt, {1, 2, 5, 5});
        MakeZeros(gw, dt, {3, 2, 3, 3});
        MakeZeros(gb, dt, {3});
        for (int cmt : cmts) {
            int want = ExpectMatmul(chip, dt, cmt);
            Cell("Mm", dt, cmt, Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnMmGetWorkspaceSize(a.t, b.t, o.t, (int8_t)cmt, ws, ex);
                 }), want);
            Cell("BatchMatMul", dt, cmt, Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnBatchMatMulGetWorkspaceSize(ba.t, bb.t, bo.t, (int8_t)cmt, ws, ex);
                 }), want);
            Cell("Matmul 1-D x 2-D", dt, cmt, Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
                     return aclnnMatmulGetWorkspaceSize(va.t, b.t, vo.t, (int8_t)cmt, ws, ex);
                 }), want);
            Cell("Convolution 2-D", dt, cmt, Conv(x2, w2, y2, 2, false, cmt), ExpectConv(chip, dt, cmt, 2, false));
            Cell("Convolution 1-D", dt, cmt, Conv(x1, w1, y1, 1, false, cmt), ExpectConv(chip, dt, cmt, 1, false));
            Cell("Convolution 3-D", dt, cmt, Conv(x3, w3, y3, 3, false, cmt), ExpectConv(chip, dt, cmt, 3, false));
            Cell("Convolution transposed 2-D", dt, cmt, Conv(x2, wt, yt, 2, true, cmt), ExpectConv(chip, dt, cmt, 2, true));
            {
                std::vector<int64_t> one = {1, 1}, zero = {0, 0}, bsz = {3};
                aclIntArray *s = Ints(one), *p = Ints(zero), *d = Ints(one), *op = Ints(zero), *bs = Ints(bsz);
                bool mask[3] = {true, true, true};
                aclBoolArray *m = aclCreateBoolArray(mask, 3);
                int rc = Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnConvolutionBackwardGetWorkspaceSize(dy.t, x2.t, w2.t, bs, s, p, d, false, op, 1, m,
                                                                    (int8_t)cmt, gx.t, gw.t, gb.t, ws, ex);
                });
                Cell("ConvolutionBackward 2-D", dt, cmt, rc, ExpectConvBwd(chip, dt, cmt));
                aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
                aclDestroyIntArray(bs); aclDestroyBoolArray(m);
            }
            cells += 8;
        }
    }
    // the limits of reference §2.2 (A2/A3 column; every dim <= 1,000,000): out-of-range values are
    // refused with 161002 wherever convolution runs
    if (chip != C910A) {
        DevT x, w, y;
        MakeContig(x, ACL_FLOAT16, rng, {1, 2, 5, 5});
        MakeContig(w, ACL_FLOAT16, rng, {3, 2, 3, 3});
        MakeZeros(y, ACL_FLOAT16, {1, 3, 3, 3});
        struct { std::vector<int64_t> s, p, d; const char *what; } bad[] = {
            {{1, 1}, {0, 0}, {0, 1}, "dilation 0"},
            {{1, 1}, {0, 0}, {256, 1}, "dilation 256"},
            {{1, 1}, {-1, 0}, {1, 1}, "negative padding"},
            {{1, 1}, {256, 256, 0, 0}, {1, 1}, "4-value padding 256"},
            {{1, -1}, {0, 0}, {1, 1}, "negative stride"},
        };
        for (auto &bcase : bad) {
            aclIntArray *s = Ints(bcase.s), *p = Ints(bcase.p), *d = Ints(bcase.d), *op = Ints({0, 0});
            int rc = Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
                return aclnnConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s, p, d, false, op, 1, y.t, 1, ws, ex);
            });
            EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "conv limit %s: status %d", bcase.what, rc);
            aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
        }
        if (chip != C310B) { // conv3d forward: weight H/W in [1, 511], stride H/W in [1, 63]
            DevT x3, w3, y3, y3s;
            MakeContig(x3, ACL_FLOAT16, rng, {1, 1, 2, 2, 600});
            MakeContig(w3, ACL_FLOAT16, rng, {1, 1, 1, 1, 512});
            MakeZeros(y3, ACL_FLOAT16, {1, 1, 2, 2, 89});
            aclIntArray *s = Ints({1, 1, 1}), *p = Ints({0, 0, 0}), *d = Ints({1, 1, 1}), *op = Ints({0, 0, 0});
            int rc = Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
                return aclnnConvolutionGetWorkspaceSize(x3.t, w3.t, nullptr, s, p, d, false, op, 1, y3.t, 2, ws, ex);
            });
            EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "conv3d weight W 512: status %d", rc);
            aclIntArray *s64 = Ints({1, 1, 64});
            MakeZeros(y3s, ACL_FLOAT16, {1, 1, 2, 2, 10});
            DevT w3s;
            MakeContig(w3s, ACL_FLOAT16, rng, {1, 1, 1, 1, 3});
            rc = Stage1([&](uint64_t *ws, aclOpExecutor **ex) {
                return aclnnConvolutionGetWorkspaceSize(x3.t, w3s.t, nullptr, s64, p, d, false, op, 1, y3s.t, 2, ws, ex);
            });
            EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "conv3d stride W 64: status %d", rc);
            aclDestroyIntArray(s); aclDestroyIntArray(p); aclDestroyIntArray(d); aclDestroyIntArray(op);
            aclDestroyIntArray(s64);
        }
    }
    printf("%s: %d cells, %d failure(s)\n", __FILE__, cells, g_failures);
    return g_failures ? 1 : 0;
}
