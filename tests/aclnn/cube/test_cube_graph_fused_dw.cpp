// aclemuGraphFusedConv2d (atc's fused Conv + activation, ops_nn/graph_fused) on depthwise
// convolutions (groups == C_in == C_out), which run the direct depthwise kernel with the activation
// applied to each output: every fused activation (none, Relu, Clip as Relu6, LeakyRelu, HardSwish),
// strides 1 and 2, dilation, padding, with and without bias, FP32 and FP16, against a double
// reference; and a depthwise conv with a residual (served by the implicit GEMM, not this kernel).
#include <cmath>
#include <string>

#include "cube_test_util.h"

extern "C" aclnnStatus aclemuGraphFusedConv2dGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *bias, const aclTensor *residual,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, int64_t groups, int64_t act,
    double actParam0, double actParam1, int8_t cubeMathType, aclTensor *y, uint64_t *workspaceSize,
    aclOpExecutor **executor);
extern "C" aclnnStatus aclemuGraphFusedConv2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                              aclrtStream stream);

static aclrtStream g_stream;
enum { ACT_NONE = 0, ACT_RELU = 1, ACT_CLIP = 4, ACT_LEAKY = 5, ACT_HARDSWISH = 6 };

static double Act(int act, double p0, double p1, double v)
{
    switch (act) {
    case ACT_RELU: return v > 0 ? v : 0;
    case ACT_CLIP: return v < p0 ? p0 : v > p1 ? p1 : v;
    case ACT_LEAKY: return v < 0 ? v * p0 : v;
    case ACT_HARDSWISH: return v * std::min(std::max(v + 3, 0.0), 6.0) / 6;
    default: return v;
    }
}

static void TestDw(aclDataType dt, int act, double p0, double p1, int64_t N, int64_t C, int64_t H, int64_t W, int64_t K,
                   int64_t s, int64_t pad, int64_t dil, bool bias, bool residual, uint64_t seed)
{
    Lcg rng(seed);
    int64_t OH = (H + 2 * pad - dil * (K - 1) - 1) / s + 1, OW = (W + 2 * pad - dil * (K - 1) - 1) / s + 1;
    DevT x, w, b, r, y;
    MakeContig(x, dt, rng, {N, C, H, W});
    MakeContig(w, dt, rng, {C, 1, K, K});
    if (bias) MakeContig(b, dt, rng, {C});
    if (residual) MakeContig(r, dt, rng, {N, C, OH, OW});
    MakeZeros(y, dt, {N, C, OH, OW});
    int64_t sv[2] = {s, s}, pv[2] = {pad, pad}, dv[2] = {dil, dil};
    aclIntArray *st = aclCreateIntArray(sv, 2), *pa = aclCreateIntArray(pv, 2), *di = aclCreateIntArray(dv, 2);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    std::string name = std::string(dt == ACL_FLOAT ? "fp32" : "fp16") + " act " + std::to_string(act) + " s" +
                       std::to_string(s) + " d" + std::to_string(dil) + (bias ? " bias" : "") + (residual ? " residual" : "");
    aclnnStatus rc = aclemuGraphFusedConv2dGetWorkspaceSize(x.t, w.t, bias ? b.t : nullptr, residual ? r.t : nullptr, st,
                                                           pa, di, C, act, p0, p1, 0, y.t, &ws, &ex);
    EXPECT(rc == 0, "%s: stage 1 returned %d", name.c_str(), (int)rc);
    if (rc == 0) {
        void *wsp = nullptr;
        if (ws) aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST);
        EXPECT(aclemuGraphFusedConv2d(wsp, ws, ex, g_stream) == 0, "%s: launch", name.c_str());
        aclrtSynchronizeStream(g_stream);
        if (wsp) aclrtFree(wsp);
        std::vector<double> got = ReadBack(y), ref(got.size());
        for (int64_t n = 0; n < N; n++)
            for (int64_t c = 0; c < C; c++)
                for (int64_t oh = 0; oh < OH; oh++)
                    for (int64_t ow = 0; ow < OW; ow++) {
                        double acc = bias ? b.at({c}) : 0;
                        for (int64_t kh = 0; kh < K; kh++)
                            for (int64_t kw = 0; kw < K; kw++) {
                                int64_t ih = oh * s - pad + kh * dil, iw = ow * s - pad + kw * dil;
                                if (ih >= 0 && ih < H && iw >= 0 && iw < W)
                                    acc += x.at({n, c, ih, iw}) * w.at({c, 0, kh, kw});
                            }
                        if (residual) acc += r.at({n, c, oh, ow});
                        ref[(size_t)(((n * C + c) * OH + oh) * OW + ow)] = Act(act, p0, p1, acc);
                    }
        CubeCheck(name.c_str(), dt, got, ref);
    }
    aclDestroyIntArray(st);
    aclDestroyIntArray(pa);
    aclDestroyIntArray(di);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    uint64_t seed = 7;
    const int acts[] = {ACT_NONE, ACT_RELU, ACT_CLIP, ACT_LEAKY, ACT_HARDSWISH};
    for (int act : acts) {
        double p0 = act == ACT_CLIP ? 0.0 : act == ACT_LEAKY ? 0.1 : 0, p1 = act == ACT_CLIP ? 0.5 : 0;
        TestDw(ACL_FLOAT, act, p0, p1, 2, 5, 9, 11, 3, 1, 1, 1, true, false, seed++);
        TestDw(ACL_FLOAT16, act, p0, p1, 1, 8, 12, 7, 3, 2, 1, 1, true, false, seed++);
        TestDw(ACL_FLOAT, act, p0, p1, 1, 3, 10, 10, 3, 1, 2, 2, false, false, seed++);
    }
    TestDw(ACL_FLOAT, ACT_RELU, 0, 0, 1, 4, 6, 6, 3, 1, 1, 1, true, true, seed++); // residual: implicit GEMM
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
