// Validation and chip gating of the cube operators: the same program runs under several chip
// profiles (ACLEMU_TOPOLOGY) and checks the status each chip's rules give (reference ops-nn.md
// §2.1/§2.2): null pointers 161001, bad dtype / cubeMathType / shape / attribute 161002.
#include <string>

#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_fused_matmul_gelu.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_trans_matmul_weight.h"
#include "aclnnop/aclnn_transpose_batch_mat_mul.h"
#include "cube_test_util.h"

static int Stage1Mm(aclTensor *a, aclTensor *b, aclTensor *o, int8_t cmt)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnMmGetWorkspaceSize(a, b, o, cmt, &ws, &ex);
    if (rc == 0) aclDestroyAclOpExecutor(ex), (void)0;
    return rc;
}

static int Stage1Conv(aclTensor *x, aclTensor *w, aclTensor *y, std::vector<int64_t> s, std::vector<int64_t> p,
                      std::vector<int64_t> d, bool tr, std::vector<int64_t> op, int64_t groups, int8_t cmt)
{
    aclIntArray *sa = aclCreateIntArray(s.data(), s.size()), *pa = aclCreateIntArray(p.data(), p.size()),
                *da = aclCreateIntArray(d.data(), d.size()), *oa = aclCreateIntArray(op.data(), op.size());
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnConvolutionGetWorkspaceSize(x, w, nullptr, sa, pa, da, tr, oa, groups, y, cmt, &ws, &ex);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    aclDestroyIntArray(sa); aclDestroyIntArray(pa); aclDestroyIntArray(da); aclDestroyIntArray(oa);
    return rc;
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    std::string soc = aclrtGetSocName();
    bool is910a = soc.find("Ascend910") == 0 && soc.find("Ascend910B") != 0 && soc.find("Ascend910_") != 0;
    bool is310p = soc.find("Ascend310P") == 0, is310b = soc.find("Ascend310B") == 0;
    bool old = is910a || is310p; // no BF16, no HF32 in the Cube unit
    printf("SoC %s\n", soc.c_str());
    Lcg rng(1);
    DevT a32, b32, o32, a16, b16, o16, abf, bbf, obf, bad;
    MakeContig(a32, ACL_FLOAT, rng, {4, 8});
    MakeContig(b32, ACL_FLOAT, rng, {8, 5});
    MakeZeros(o32, ACL_FLOAT, {4, 5});
    MakeContig(a16, ACL_FLOAT16, rng, {4, 8});
    MakeContig(b16, ACL_FLOAT16, rng, {8, 5});
    MakeZeros(o16, ACL_FLOAT16, {4, 5});
    MakeContig(abf, ACL_BF16, rng, {4, 8});
    MakeContig(bbf, ACL_BF16, rng, {8, 5});
    MakeZeros(obf, ACL_BF16, {4, 5});
    MakeZeros(bad, ACL_FLOAT, {4, 6});

    int mm_ok = is310b ? ACLNN_ERR_PARAM_INVALID : 0;
    // null pointers come first
    EXPECT(Stage1Mm(nullptr, b32.t, o32.t, 1) == ACLNN_ERR_PARAM_NULLPTR, "Mm null self");
    EXPECT(Stage1Mm(a32.t, b32.t, nullptr, 1) == ACLNN_ERR_PARAM_NULLPTR, "Mm null out");
    // cubeMathType per chip (FP32 input)
    EXPECT(Stage1Mm(a32.t, b32.t, o32.t, 0) == (old || is310b ? ACLNN_ERR_PARAM_INVALID : 0), "FP32 KEEP_DTYPE");
    EXPECT(Stage1Mm(a32.t, b32.t, o32.t, 1) == mm_ok, "FP32 ALLOW_FP32_DOWN_PRECISION");
    EXPECT(Stage1Mm(a32.t, b32.t, o32.t, 2) == mm_ok, "FP32 USE_FP16");
    EXPECT(Stage1Mm(a32.t, b32.t, o32.t, 3) == (old || is310b ? ACLNN_ERR_PARAM_INVALID : 0), "FP32 USE_HF32");
    EXPECT(Stage1Mm(a32.t, b32.t, o32.t, 5) == ACLNN_ERR_PARAM_INVALID, "cubeMathType 5");
    EXPECT(Stage1Mm(a16.t, b16.t, o16.t, 0) == mm_ok, "FP16 KEEP_DTYPE");
    // USE_HF32 does not apply to FP16: ignored (a warning in the real CheckCubeMathTypeForMm)
    EXPECT(Stage1Mm(a16.t, b16.t, o16.t, 3) == mm_ok, "FP16 USE_HF32");
    // BF16 only where the chip has it; there USE_FP16 is ignored for BF16 and BF16 mixed with
    // FP32 / FP16 is computed in FP32 (Dav2201MatMulRule's promotion table, matmul_util.cpp)
    int bf_ok = old || is310b ? ACLNN_ERR_PARAM_INVALID : 0;
    EXPECT(Stage1Mm(abf.t, bbf.t, obf.t, 0) == bf_ok, "BF16");
    EXPECT(Stage1Mm(abf.t, bbf.t, obf.t, 2) == bf_ok, "BF16 USE_FP16");
    EXPECT(Stage1Mm(abf.t, b16.t, o16.t, 0) == bf_ok, "BF16 x FP16");
    EXPECT(Stage1Mm(a32.t, bbf.t, o32.t, 0) == bf_ok, "FP32 x BF16");
    // shapes: K mismatch, wrong out shape
    EXPECT(Stage1Mm(a32.t, a32.t, o32.t, 1) == ACLNN_ERR_PARAM_INVALID, "K mismatch");
    EXPECT(Stage1Mm(a32.t, b32.t, bad.t, 1) == ACLNN_ERR_PARAM_INVALID, "out shape");
    {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        EXPECT(aclnnMatmulGetWorkspaceSize(a16.t, b16.t, o16.t, 0, nullptr, &ex) == ACLNN_ERR_PARAM_NULLPTR, "ws null");
        EXPECT(aclnnMatmulGetWorkspaceSize(a16.t, b16.t, o16.t, 0, &ws, nullptr) == ACLNN_ERR_PARAM_NULLPTR, "ex null");
    }

    // Convolution: not on 910; 310B 2-D non-transposed only; FP32 + KEEP_DTYPE accepted where the
    // Cube unit has an FP32 path (the real CheckCubeMathType, cube_util.cpp), i.e. not on 310P
    DevT x, w, y, x1, w1, y1, yb;
    MakeContig(x, ACL_FLOAT16, rng, {1, 4, 6, 6});
    MakeContig(w, ACL_FLOAT16, rng, {8, 4, 3, 3});
    MakeZeros(y, ACL_FLOAT16, {1, 8, 4, 4});
    MakeZeros(yb, ACL_FLOAT16, {1, 8, 5, 4});
    MakeContig(x1, ACL_FLOAT16, rng, {1, 4, 9});
    MakeContig(w1, ACL_FLOAT16, rng, {8, 4, 3});
    MakeZeros(y1, ACL_FLOAT16, {1, 8, 7});
    int conv_ok = is910a ? ACLNN_ERR_PARAM_INVALID : 0;
    EXPECT(Stage1Conv(x.t, w.t, y.t, {1, 1}, {0, 0}, {1, 1}, false, {0, 0}, 1, 0) == conv_ok, "conv2d fp16");
    EXPECT(Stage1Conv(x1.t, w1.t, y1.t, {1}, {0}, {1}, false, {0}, 1, 0) == (is910a || is310b ? ACLNN_ERR_PARAM_INVALID : 0),
           "conv1d");
    if (!is910a) {
        EXPECT(Stage1Conv(x.t, w.t, yb.t, {1, 1}, {0, 0}, {1, 1}, false, {0, 0}, 1, 0) == ACLNN_ERR_PARAM_INVALID, "conv out shape");
        EXPECT(Stage1Conv(x.t, w.t, y.t, {1, 1, 1}, {0, 0}, {1, 1}, false, {0, 0}, 1, 0) == ACLNN_ERR_PARAM_INVALID, "stride length");
        EXPECT(Stage1Conv(x.t, w.t, y.t, {0, 1}, {0, 0}, {1, 1}, false, {0, 0}, 1, 0) == ACLNN_ERR_PARAM_INVALID, "stride 0");
        EXPECT(Stage1Conv(x.t, w.t, y.t, {1, 1}, {0, 0}, {1, 1}, false, {0, 0}, 2, 0) == ACLNN_ERR_PARAM_INVALID, "groups");
        EXPECT(Stage1Conv(x.t, w.t, y.t, {1, 1}, {256, 0}, {1, 1}, false, {0, 0}, 1, 0) == ACLNN_ERR_PARAM_INVALID, "padding 256");
        EXPECT(Stage1Conv(x.t, w.t, y.t, {1, 1}, {0, 0, 0}, {1, 1}, false, {0, 0}, 1, 0) == ACLNN_ERR_PARAM_INVALID, "padding length 3");
        EXPECT(Stage1Conv(nullptr, w.t, y.t, {1, 1}, {0, 0}, {1, 1}, false, {0, 0}, 1, 0) == ACLNN_ERR_PARAM_NULLPTR, "null input");
        DevT xf, wf, yf;
        MakeContig(xf, ACL_FLOAT, rng, {1, 4, 6, 6});
        MakeContig(wf, ACL_FLOAT, rng, {8, 4, 3, 3});
        MakeZeros(yf, ACL_FLOAT, {1, 8, 4, 4});
        EXPECT(Stage1Conv(xf.t, wf.t, yf.t, {1, 1}, {0, 0}, {1, 1}, false, {0, 0}, 1, 0) == (is310p ? ACLNN_ERR_PARAM_INVALID : 0),
               "conv FP32 KEEP_DTYPE");
        EXPECT(Stage1Conv(xf.t, wf.t, yf.t, {1, 1}, {0, 0}, {1, 1}, false, {0, 0}, 1, 1) == 0, "conv FP32 allow down precision");
        // transposed: outputPadding must be smaller than stride or dilation
        DevT wt, yt;
        MakeContig(wt, ACL_FLOAT16, rng, {4, 2, 3, 3});
        MakeZeros(yt, ACL_FLOAT16, {1, 2, 14, 14});
        EXPECT(Stage1Conv(x.t, wt.t, yt.t, {2, 2}, {0, 0}, {1, 1}, true, {1, 1}, 1, 0) == (is310b ? ACLNN_ERR_PARAM_INVALID : 0),
               "transposed conv");
        EXPECT(Stage1Conv(x.t, wt.t, yt.t, {2, 2}, {0, 0}, {1, 1}, true, {2, 2}, 1, 0) == ACLNN_ERR_PARAM_INVALID, "outputPadding");
    }
    // chip gating of the newer APIs: TransposeBatchMatMul and ConvTbc on A2/A3/950,
    // FusedMatmulGelu on A2, CalculateMatmulWeightSizeV2 not on 910 / 310B (361001)
    {
        bool is950 = soc.find("Ascend950") == 0, a2 = soc.find("Ascend910B") == 0, a3 = soc.find("Ascend910_93") == 0;
        bool new_chip = a2 || a3 || is950;
        DevT t1, t2, to, tw, tb, ty;
        MakeContig(t1, ACL_FLOAT16, rng, {4, 2, 8});
        MakeContig(t2, ACL_FLOAT16, rng, {2, 8, 5});
        MakeZeros(to, ACL_FLOAT16, {4, 2, 5});
        std::vector<int64_t> p1 = {1, 0, 2}, p2 = {0, 1, 2}, py = {1, 0, 2};
        aclIntArray *a1 = aclCreateIntArray(p1.data(), 3), *a2a = aclCreateIntArray(p2.data(), 3),
                    *ay = aclCreateIntArray(py.data(), 3);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnTransposeBatchMatMulGetWorkspaceSize(t1.t, t2.t, nullptr, nullptr, a1, a2a, ay, 0, 1, to.t, &ws, &ex);
        EXPECT(rc == (new_chip ? 0 : ACLNN_ERR_PARAM_INVALID), "TransposeBatchMatMul gating: %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        aclDestroyIntArray(a1); aclDestroyIntArray(a2a); aclDestroyIntArray(ay);
        MakeContig(tw, ACL_FLOAT16, rng, {3, 8, 5});
        MakeContig(tb, ACL_FLOAT16, rng, {5});
        MakeZeros(ty, ACL_FLOAT16, {4, 2, 5});
        rc = aclnnConvTbcGetWorkspaceSize(t1.t, tw.t, tb.t, 1, ty.t, 0, &ws, &ex);
        EXPECT(rc == (new_chip ? 0 : ACLNN_ERR_PARAM_INVALID), "ConvTbc gating: %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        DevT gw, gy;
        MakeContig(gw, ACL_FLOAT16, rng, {5, 8});
        MakeZeros(gy, ACL_FLOAT16, {4, 2, 5});
        rc = aclnnFusedMatmulGeluGetWorkspaceSize(t1.t, gw.t, nullptr, 1, gy.t, &ws, &ex);
        EXPECT(rc == (a2 ? 0 : ACLNN_ERR_PARAM_INVALID), "FusedMatmulGelu gating: %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
        std::vector<int64_t> shp = {32, 16};
        aclIntArray *sa = aclCreateIntArray(shp.data(), 2);
        uint64_t n = 0;
        rc = aclnnCalculateMatmulWeightSizeV2(sa, ACL_FLOAT16, &n);
        EXPECT(rc == (is910a || is310b ? ACLNN_ERR_RUNTIME_ERROR : 0), "CalculateMatmulWeightSizeV2 gating: %d", rc);
        aclDestroyIntArray(sa);
        // a user-given shape whose aligned size does not fit int64, or with a negative dim
        std::vector<int64_t> huge = {INT64_C(1) << 40, INT64_C(1) << 40}, neg = {-3, 16};
        for (const auto *v : {&huge, &neg}) {
            aclIntArray *bad = aclCreateIntArray(v->data(), 2);
            rc = aclnnCalculateMatmulWeightSize(bad, &n);
            EXPECT(rc == ACLNN_ERR_PARAM_INVALID, "CalculateMatmulWeightSize of a bad shape: %d", rc);
            aclDestroyIntArray(bad);
        }
    }
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
