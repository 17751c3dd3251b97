// End-to-end time of row / pooling operators through aclnn, as a framework pays it: stage 1
// (aclnnXxxGetWorkspaceSize) + stage 2 (aclnnXxx) + aclrtSynchronizeStream, FP32:
//   softmax_4096x4096     aclnnSoftmax over the last dim
//   layernorm_4096x4096   aclnnLayerNorm over the last dim, weight + bias
//   rmsnorm_4096x4096     aclnnRmsNorm over the last dim (gamma, rstd out)
//   maxpool_3x3s2         aclnnMaxPool 3x3 stride 2 pad 1 on (8, 64, 112, 112)
//   maxpool_idx_3x3s2     aclnnMaxPool2dWithIndices, same geometry, INT64 indices
//   add_lora_1024tok      aclnnAddLora (FP16): 1024 tokens, H1 = H2 = H3 = 4096, R = 16, 4 LoRAs
//                         (indices -1..3), weightA given: 0.27 GFLOP; GB/s counts x, y, out and
//                         the weights once
//   eq/gt_scalar/clamp/clamp_min/maximum/minimum/fmod/remainder/floor_divide/atan2/logical_and/
//   bitwise_and/addcdiv/addcmul/lerp/where/masked_fill/xlogy/logaddexp/left_shift/isclose/ger_64MiB   the ops-math pointwise family
//                         (FP32 operands, BOOL outputs / masks where the op has them, INT32 for
//                         bitwise_and; ger writes a 4096x4096 FP32 out from two vectors)
//   circular_pad2d/reflect_pad2d_bwd/replic_pad2d_bwd/circular_pad2d_bwd_64MiB   the movement
//                         family's pads: (16, 1022, 1022) <-> (16, 1024, 1024) FP32, pads 1
//   relu/add/mul/cast/gelu/silu/sigmoid_64MiB   the elementwise ops on 64 MiB FP32 tensors (Cast
//                         FP32 -> FP16), end to end through aclnn, against two copy baselines
//                         measured in the same run: memcpy_64MiB (host memcpy split over as many
//                         threads as the device has workers) and d2d_64MiB (aclrtMemcpy device to
//                         device); pct = GB/s of the op / GB/s of the faster of the two copies.
// Prints one line per case: name, median ms over the reps, effective GB/s (bytes read + written).
// bench_aclnn_ops_torch.py runs this program and PyTorch on the CPU for the ratios.
//   bench_aclnn_ops [reps=9] [case-substring]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include <thread>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_add_lora.h"
/* part mathrest */
#include "aclnnop/aclnn_div_v3.h"
#include "aclnnop/aclnn_mul_no_nan.h"
#include "aclnnop/aclnn_rsub.h"
#include "aclnnop/aclnn_tanh_backward.h"
#include "aclnnop/aclnn_xlog1py.h"
#include "aclnnop/aclnn_addcdiv.h"
#include "aclnnop/aclnn_addcmul.h"
#include "aclnnop/aclnn_atan2.h"
#include "aclnnop/aclnn_bitwise_and_tensor.h"
#include "aclnnop/aclnn_clamp.h"
#include "aclnnop/aclnn_eq_tensor.h"
#include "aclnnop/aclnn_floor_divide.h"
#include "aclnnop/aclnn_fmod_tensor.h"
#include "aclnnop/aclnn_ger.h"
#include "aclnnop/aclnn_isclose.h"
#include "aclnnop/aclnn_left_shift.h"
#include "aclnnop/aclnn_logaddexp.h"
#include "aclnnop/aclnn_x_log_y_tensor.h"
#include "aclnnop/aclnn_gt_scalar.h"
#include "aclnnop/aclnn_lerp_tensor.h"
#include "aclnnop/aclnn_logical_and.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_maximum.h"
#include "aclnnop/aclnn_minimum.h"
#include "aclnnop/aclnn_remainder.h"
#include "aclnnop/aclnn_s_where.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_circular_pad2d.h"
#include "aclnnop/aclnn_circular_pad2d_backward.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_max_pool.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_softmax.h"

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void *dev_random(int64_t n, float scale, uint64_t seed)
{
    std::vector<float> h((size_t)n);
    uint64_t s = seed * 6364136223846793005ULL + 1;
    for (auto &v : h) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        v = ((float)(s >> 40) / 16777216.0f * 2.0f - 1.0f) * scale;
    }
    void *d = nullptr;
    if (aclrtMalloc(&d, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
        aclrtMemcpy(d, (size_t)n * 4, h.data(), (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
        std::printf("device allocation of %lld floats failed\n", (long long)n);
        std::exit(1);
    }
    return d;
}

// FLOAT16 device data in [-scale, scale] (normal numbers only; tiny values flush to zero)
static void *dev_random_f16(int64_t n, float scale, uint64_t seed)
{
    std::vector<uint16_t> h((size_t)n);
    uint64_t s = seed * 6364136223846793005ULL + 1;
    for (auto &v : h) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        float f = ((float)(s >> 40) / 16777216.0f * 2.0f - 1.0f) * scale;
        uint32_t u;
        std::memcpy(&u, &f, 4);
        int32_t e = (int32_t)((u >> 23) & 0xff) - 127 + 15;
        v = (uint16_t)((u >> 16) & 0x8000);
        if (e > 0 && e < 31) v |= (uint16_t)((e << 10) | ((u >> 13) & 0x3ff));
    }
    void *d = nullptr;
    if (aclrtMalloc(&d, (size_t)n * 2, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
        aclrtMemcpy(d, (size_t)n * 2, h.data(), (size_t)n * 2, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
        std::printf("device allocation of %lld halves failed\n", (long long)n);
        std::exit(1);
    }
    return d;
}

static aclTensor *tensor(const std::vector<int64_t> &shape, aclDataType dt, void *dev, aclFormat fmt = ACL_FORMAT_ND)
{
    return aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, fmt, shape.data(), shape.size(), dev);
}

typedef std::function<int(uint64_t *, aclOpExecutor **)> Stage1;
typedef aclnnStatus (*Stage2)(void *, uint64_t, aclOpExecutor *, aclrtStream);

// Median of reps runs of stage 1 + stage 2 + synchronize (after one warm-up run).
static double run_case(aclrtStream stream, int reps, Stage1 s1, Stage2 s2)
{
    void *ws = nullptr;
    uint64_t ws_size = 0;
    std::vector<double> t;
    for (int r = 0; r <= reps; r++) {
        double t0 = now_ms();
        uint64_t need = 0;
        aclOpExecutor *ex = nullptr;
        if (s1(&need, &ex) != 0) {
            std::printf("stage 1 failed: %s\n", aclGetRecentErrMsg());
            std::exit(1);
        }
        if (need > ws_size) { /* allocated once, outside the steady state */
            if (ws) aclrtFree(ws);
            aclrtMalloc(&ws, need, ACL_MEM_MALLOC_HUGE_FIRST);
            ws_size = need;
            t0 = now_ms();
            if (s1(&need, &ex) != 0) std::exit(1);
        }
        if (s2(ws, need, ex, stream) != 0 || aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
            std::printf("stage 2 failed: %s\n", aclGetRecentErrMsg());
            std::exit(1);
        }
        if (r) t.push_back(now_ms() - t0);
    }
    if (ws) aclrtFree(ws);
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// Host memcpy of `bytes`, split into `threads` contiguous parts copied in parallel (the way the
// device process splits a kernel over its workers); median of reps after one warm-up.
static double memcpy_ms(size_t bytes, int threads, int reps)
{
    std::vector<char> src(bytes, 1), dst(bytes, 0);
    std::vector<double> t;
    for (int r = 0; r <= reps; r++) {
        double t0 = now_ms();
        std::vector<std::thread> pool;
        size_t part = (bytes / (size_t)threads + 63) & ~(size_t)63;
        for (int i = 0; i < threads; i++) {
            size_t s = (size_t)i * part, e = std::min(bytes, s + part);
            if (s < e) pool.emplace_back([&, s, e] { std::memcpy(&dst[s], &src[s], e - s); });
        }
        for (auto &th : pool) th.join();
        if (r) t.push_back(now_ms() - t0);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// aclrtMemcpy device to device of `bytes` (the emulator's own copy), median of reps.
static double d2d_ms(void *dst, const void *src, size_t bytes, int reps)
{
    std::vector<double> t;
    for (int r = 0; r <= reps; r++) {
        double t0 = now_ms();
        if (aclrtMemcpy(dst, bytes, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE) != ACL_SUCCESS) {
            std::printf("aclrtMemcpy D2D failed: %s\n", aclGetRecentErrMsg());
            std::exit(1);
        }
        if (r) t.push_back(now_ms() - t0);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? std::atoi(argv[1]) : 9;
    const char *only = argc > 2 ? argv[2] : "";
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
        std::printf("runtime init failed\n");
        return 1;
    }
    aclrtStream stream;
    aclrtCreateStream(&stream);
    const int64_t R = 4096, N = 4096;
    void *x = dev_random(R * N, 3.0f, 1), *y = dev_random(R * N, 1.0f, 2), *w = dev_random(N, 1.0f, 3);
    void *b = dev_random(N, 1.0f, 4), *rs = dev_random(R, 1.0f, 5);
    aclTensor *tx = tensor({R, N}, ACL_FLOAT, x), *ty = tensor({R, N}, ACL_FLOAT, y), *tw = tensor({N}, ACL_FLOAT, w);
    aclTensor *tb = tensor({N}, ACL_FLOAT, b), *trs = tensor({R, 1}, ACL_FLOAT, rs);
    int64_t ns[1] = {N};
    aclIntArray *norm = aclCreateIntArray(ns, 1);
    const int64_t PN = 8, PC = 64, PH = 112, PW = 112, OH = 56, OW = 56;
    void *px = dev_random(PN * PC * PH * PW, 3.0f, 6), *py = dev_random(PN * PC * OH * OW, 1.0f, 7);
    void *pi = nullptr;
    aclrtMalloc(&pi, (size_t)(PN * PC * OH * OW) * 8, ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor *tpx = tensor({PN, PC, PH, PW}, ACL_FLOAT, px, ACL_FORMAT_NCHW);
    aclTensor *tpy = tensor({PN, PC, OH, OW}, ACL_FLOAT, py, ACL_FORMAT_NCHW);
    aclTensor *tpi = tensor({PN, PC, OH, OW}, ACL_INT64, pi, ACL_FORMAT_NCHW);
    int64_t k3[2] = {3, 3}, s2[2] = {2, 2}, p1[4] = {1, 1, 1, 1}, d1[2] = {1, 1};
    aclIntArray *ka = aclCreateIntArray(k3, 2), *sa = aclCreateIntArray(s2, 2), *pa4 = aclCreateIntArray(p1, 4);
    aclIntArray *pa2 = aclCreateIntArray(p1, 2), *da = aclCreateIntArray(d1, 2), *da0 = aclCreateIntArray(d1, 0);

    struct Case {
        const char *name;
        double bytes;
        Stage1 s1;
        Stage2 s2;
    };
    double mat = (double)R * N * 4, pin = (double)PN * PC * PH * PW * 4, pout = (double)PN * PC * OH * OW * 4;
    std::vector<Case> cases = {
        {"softmax_4096x4096", 2 * mat,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSoftmaxGetWorkspaceSize(tx, -1, ty, ws, ex); }, aclnnSoftmax},
        {"layernorm_4096x4096", 2 * mat,
         [&](uint64_t *ws, aclOpExecutor **ex) {
             return aclnnLayerNormGetWorkspaceSize(tx, norm, tw, tb, 1e-5, ty, nullptr, nullptr, ws, ex);
         },
         aclnnLayerNorm},
        {"rmsnorm_4096x4096", 2 * mat,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnRmsNormGetWorkspaceSize(tx, tw, 1e-6, ty, trs, ws, ex); },
         aclnnRmsNorm},
        {"maxpool_3x3s2", pin + pout,
         [&](uint64_t *ws, aclOpExecutor **ex) {
             return aclnnMaxPoolGetWorkspaceSize(tpx, ka, sa, 0, pa4, da0, 0, tpy, ws, ex);
         },
         aclnnMaxPool},
        {"maxpool_idx_3x3s2", pin + 3 * pout,
         [&](uint64_t *ws, aclOpExecutor **ex) {
             return aclnnMaxPool2dWithIndicesGetWorkspaceSize(tpx, ka, sa, pa2, da, false, tpy, tpi, ws, ex);
         },
         aclnnMaxPool2dWithIndices},
    };
    // AddLora: 1024 tokens over 4 LoRAs (and -1 = none), FP16
    const int64_t LB = 1024, LH = 4096, LR = 16, LW = 4;
    void *lx = dev_random_f16(LB * LH, 1.0f, 11), *ly = dev_random_f16(LB * LH, 1.0f, 12);
    void *lout = dev_random_f16(LB * LH, 1.0f, 13), *la = dev_random_f16(LW * LR * LH, 0.05f, 14);
    void *lb = dev_random_f16(LW * LH * LR, 0.05f, 15), *li = nullptr;
    {
        std::vector<int32_t> idx((size_t)LB);
        for (int64_t k = 0; k < LB; k++) idx[(size_t)k] = (int32_t)((k * 7) % (LW + 1)) - 1;
        aclrtMalloc(&li, (size_t)LB * 4, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(li, (size_t)LB * 4, idx.data(), (size_t)LB * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    aclTensor *tlx = tensor({LB, LH}, ACL_FLOAT16, lx), *tly = tensor({LB, LH}, ACL_FLOAT16, ly);
    aclTensor *tlo = tensor({LB, LH}, ACL_FLOAT16, lout), *tla = tensor({LW, 1, LR, LH}, ACL_FLOAT16, la);
    aclTensor *tlb = tensor({LW, 1, LH, LR}, ACL_FLOAT16, lb), *tli = tensor({LB}, ACL_INT32, li);
    cases.push_back({"add_lora_1024tok", 3.0 * LB * LH * 2 + 2.0 * LW * LR * LH * 2,
                     [&](uint64_t *ws, aclOpExecutor **ex) {
                         return aclnnAddLoraGetWorkspaceSize(tly, tlx, tlb, tli, tla, 0, 0.5, 0, -1, tlo, ws, ex);
                     },
                     aclnnAddLora});
    // elementwise cases: 64 MiB FP32 tensors (16 Mi elements)
    const int64_t E = 16 << 20;
    const double eb = (double)E * 4;
    void *ea = dev_random(E, 4.0f, 8), *eb2 = dev_random(E, 4.0f, 9), *eo = dev_random(E, 1.0f, 10);
    aclTensor *tea = tensor({E}, ACL_FLOAT, ea), *teb = tensor({E}, ACL_FLOAT, eb2), *teo = tensor({E}, ACL_FLOAT, eo);
    aclTensor *teh = tensor({E}, ACL_FLOAT16, eo); /* the cast output reuses the first half of eo */
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    std::vector<Case> ew = {
        {"relu_64MiB", 2 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnReluGetWorkspaceSize(tea, teo, ws, ex); }, aclnnRelu},
        {"add_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnAddGetWorkspaceSize(tea, teb, alpha, teo, ws, ex); },
         aclnnAdd},
        {"mul_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMulGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnMul},
        {"cast_f32_f16_64MiB", 1.5 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnCastGetWorkspaceSize(tea, ACL_FLOAT16, teh, ws, ex); },
         aclnnCast},
        {"gelu_64MiB", 2 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnGeluGetWorkspaceSize(tea, teo, ws, ex); }, aclnnGelu},
        {"silu_64MiB", 2 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSiluGetWorkspaceSize(tea, teo, ws, ex); }, aclnnSilu},
        {"sigmoid_64MiB", 2 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSigmoidGetWorkspaceSize(tea, teo, ws, ex); },
         aclnnSigmoid},
    };
    // the ops-math pointwise family on the same 64 MiB operands (issue 10)
    void *ec = dev_random(E, 4.0f, 11), *emask = nullptr, *ebo = nullptr;
    aclrtMalloc(&emask, (size_t)E, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&ebo, (size_t)E, ACL_MEM_MALLOC_HUGE_FIRST);
    {
        std::vector<unsigned char> m((size_t)E);
        for (size_t i = 0; i < m.size(); i++) m[i] = (unsigned char)((i * 2654435761u) >> 31 & 1);
        aclrtMemcpy(emask, (size_t)E, m.data(), (size_t)E, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    aclTensor *tec = tensor({E}, ACL_FLOAT, ec), *tmask = tensor({E}, ACL_BOOL, emask), *tbo = tensor({E}, ACL_BOOL, ebo);
    aclTensor *tia = tensor({E}, ACL_INT32, ea), *tib = tensor({E}, ACL_INT32, eb2), *tio = tensor({E}, ACL_INT32, eo);
    aclTensor *tv1 = tensor({4096}, ACL_FLOAT, ea), *tv2 = tensor({4096}, ACL_FLOAT, eb2), *tgo = tensor({4096, 4096}, ACL_FLOAT, eo);
    float lo = -1.0f, hi = 1.0f, half = 0.5f;
    aclScalar *slo = aclCreateScalar(&lo, ACL_FLOAT), *shi = aclCreateScalar(&hi, ACL_FLOAT), *shalf = aclCreateScalar(&half, ACL_FLOAT);
    const double e1 = (double)E; /* one byte per BOOL element */
    std::vector<Case> pw = {
        {"eq_tensor_64MiB", 2 * eb + e1,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnEqTensorGetWorkspaceSize(tea, teb, tbo, ws, ex); }, aclnnEqTensor},
        {"gt_scalar_64MiB", eb + e1,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnGtScalarGetWorkspaceSize(tea, shalf, tbo, ws, ex); }, aclnnGtScalar},
        {"clamp_64MiB", 2 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnClampGetWorkspaceSize(tea, slo, shi, teo, ws, ex); }, aclnnClamp},
        {"clamp_min_64MiB", 2 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnClampMinGetWorkspaceSize(tea, slo, teo, ws, ex); }, aclnnClampMin},
        {"maximum_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMaximumGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnMaximum},
        {"minimum_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMinimumGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnMinimum},
        {"fmod_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnFmodTensorGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnFmodTensor},
        {"remainder_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnRemainderTensorTensorGetWorkspaceSize(tea, teb, teo, ws, ex); },
         aclnnRemainderTensorTensor},
        {"floor_divide_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnFloorDivideGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnFloorDivide},
        {"atan2_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnAtan2GetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnAtan2},
        {"logical_and_64MiB", 2 * eb + e1,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnLogicalAndGetWorkspaceSize(tea, teb, tbo, ws, ex); }, aclnnLogicalAnd},
        {"bitwise_and_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnBitwiseAndTensorGetWorkspaceSize(tia, tib, tio, ws, ex); },
         aclnnBitwiseAndTensor},
        {"addcdiv_64MiB", 4 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnAddcdivGetWorkspaceSize(tea, teb, tec, shalf, teo, ws, ex); }, aclnnAddcdiv},
        {"addcmul_64MiB", 4 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnAddcmulGetWorkspaceSize(tea, teb, tec, shalf, teo, ws, ex); }, aclnnAddcmul},
        {"lerp_64MiB", 4 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnLerpGetWorkspaceSize(tea, teb, tec, teo, ws, ex); }, aclnnLerp},
        {"where_64MiB", 3 * eb + e1,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnSWhereGetWorkspaceSize(tmask, tea, teb, teo, ws, ex); }, aclnnSWhere},
        {"masked_fill_64MiB", 2 * eb + e1,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnInplaceMaskedFillScalarGetWorkspaceSize(teo, tmask, shalf, ws, ex); },
         aclnnInplaceMaskedFillScalar},
        {"xlogy_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnXLogYTensorGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnXLogYTensor},
        {"logaddexp_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnLogAddExpGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnLogAddExp},
        {"left_shift_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnLeftShiftGetWorkspaceSize(tia, tib, tio, ws, ex); }, aclnnLeftShift},
        {"isclose_64MiB", 2 * eb + e1,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnIsCloseGetWorkspaceSize(tea, teb, 1e-5, 1e-8, false, tbo, ws, ex); },
         aclnnIsClose},
        {"ger_64MiB", eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnGerGetWorkspaceSize(tv1, tv2, tgo, ws, ex); }, aclnnGer},
    };
    ew.insert(ew.end(), pw.begin(), pw.end());
    // the movement family's pads and pad backwards (conversion): (16, 1022, 1022) <-> (16, 1024, 1024) FP32
    const int64_t PADHW = 1022;
    const double pad_bytes = (double)16 * PADHW * PADHW * 4 + eb;
    aclTensor *tps = tensor({16, PADHW, PADHW}, ACL_FLOAT, ea), *tpo = tensor({16, PADHW + 2, PADHW + 2}, ACL_FLOAT, eo);
    aclTensor *tpg = tensor({16, PADHW + 2, PADHW + 2}, ACL_FLOAT, ea), *tpgi = tensor({16, PADHW, PADHW}, ACL_FLOAT, eo);
    int64_t pad1[4] = {1, 1, 1, 1};
    aclIntArray *pads = aclCreateIntArray(pad1, 4);
    std::vector<Case> mv = {
        {"circular_pad2d_64MiB", pad_bytes,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnCircularPad2dGetWorkspaceSize(tps, pads, tpo, ws, ex); },
         aclnnCircularPad2d},
        {"reflect_pad2d_bwd_64MiB", pad_bytes,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnReflectionPad2dBackwardGetWorkspaceSize(tpg, tps, pads, tpgi, ws, ex); },
         aclnnReflectionPad2dBackward},
        {"replic_pad2d_bwd_64MiB", pad_bytes,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnReplicationPad2dBackwardGetWorkspaceSize(tpg, tps, pads, tpgi, ws, ex); },
         aclnnReplicationPad2dBackward},
        {"circular_pad2d_bwd_64MiB", pad_bytes,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnCircularPad2dBackwardGetWorkspaceSize(tpg, tps, pads, tpgi, ws, ex); },
         aclnnCircularPad2dBackward},
    };
    ew.insert(ew.end(), mv.begin(), mv.end());
    /* part mathrest: rows of the binary / pointwise kernels added for the rest of ops-math */
    std::vector<Case> mr = {
        {"rsub_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnRsubGetWorkspaceSize(tea, teb, alpha, teo, ws, ex); }, aclnnRsub},
        {"tanh_backward_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnTanhBackwardGetWorkspaceSize(tea, teb, teo, ws, ex); },
         aclnnTanhBackward},
        {"mul_no_nan_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnMulNoNanGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnMulNoNan},
        {"xlog1py_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnXlog1pyGetWorkspaceSize(tea, teb, teo, ws, ex); }, aclnnXlog1py},
        {"div_v3_floor_64MiB", 3 * eb,
         [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnDivV3GetWorkspaceSize(tea, teb, 2, teo, ws, ex); }, aclnnDivV3},
    };
    ew.insert(ew.end(), mr.begin(), mr.end());
    // the device process runs min(CPUs, AI cores) workers: on this machine, the CPU count
    int threads = (int)std::thread::hardware_concurrency();
    if (const char *e = std::getenv("BENCH_THREADS")) threads = std::atoi(e);
    if (threads < 1) threads = 1;

    std::printf("# case                 median_ms   GB/s   (stage 1 + stage 2 + sync, FP32, %d reps)\n", reps);
    for (auto &c : cases) {
        if (*only && !std::strstr(c.name, only)) continue;
        double ms = run_case(stream, reps, c.s1, c.s2);
        std::printf("%-22s %9.3f ms %6.2f\n", c.name, ms, c.bytes / (ms * 1e6));
        std::fflush(stdout);
    }
    bool want_ew = !*only || std::strstr("memcpy_64MiB d2d_64MiB", only);
    for (auto &c : ew) want_ew = want_ew || std::strstr(c.name, only);
    if (want_ew) {
        // the reference is the faster of the two copies (the device arena may sit on huge pages)
        double mc = memcpy_ms((size_t)eb, threads, reps), mc_gbs = 2 * eb / (mc * 1e6);
        double dd = d2d_ms(eo, ea, (size_t)eb, reps), dd_gbs = 2 * eb / (dd * 1e6);
        double ref = std::max(mc_gbs, dd_gbs);
        std::printf("%-22s %9.3f ms %6.2f   (host memcpy, %d threads)\n", "memcpy_64MiB", mc, mc_gbs, threads);
        std::printf("%-22s %9.3f ms %6.2f   (aclrtMemcpy device to device)\n", "d2d_64MiB", dd, dd_gbs);
        std::printf("# pct_memcpy below = op GB/s / %.2f GB/s (the faster copy)\n", ref);
        for (auto &c : ew) {
            if (*only && !std::strstr(c.name, only)) continue;
            // on a shared machine the load drifts during the run: the op is also compared with a
            // host memcpy measured right before it (pct_adjacent)
            double adj = memcpy_ms((size_t)eb, threads, 3), adj_gbs = 2 * eb / (adj * 1e6);
            double ms = run_case(stream, reps, c.s1, c.s2), gbs = c.bytes / (ms * 1e6);
            std::printf("%-22s %9.3f ms %6.2f   pct_memcpy=%.0f%%  pct_adjacent=%.0f%%\n", c.name, ms, gbs,
                        100.0 * gbs / ref, 100.0 * gbs / adj_gbs);
            std::fflush(stdout);
        }
    }
    aclDestroyTensor(tea); aclDestroyTensor(teb); aclDestroyTensor(teo); aclDestroyTensor(teh);
    aclDestroyScalar(alpha);
    for (aclTensor *t : {tec, tmask, tbo, tia, tib, tio, tv1, tv2, tgo, tps, tpo, tpg, tpgi}) aclDestroyTensor(t);
    aclDestroyIntArray(pads);
    for (aclScalar *c : {slo, shi, shalf}) aclDestroyScalar(c);
    for (void *p : {ea, eb2, eo, ec, emask, ebo}) aclrtFree(p);
    aclDestroyTensor(tx); aclDestroyTensor(ty); aclDestroyTensor(tw); aclDestroyTensor(tb); aclDestroyTensor(trs);
    aclDestroyTensor(tpx); aclDestroyTensor(tpy); aclDestroyTensor(tpi);
    for (aclTensor *t : {tlx, tly, tlo, tla, tlb, tli}) aclDestroyTensor(t);
    for (void *p : {lx, ly, lout, la, lb, li}) aclrtFree(p);
    for (aclIntArray *a : {norm, ka, sa, pa4, pa2, da, da0}) aclDestroyIntArray(a);
    for (void *p : {x, y, w, b, rs, px, py, pi}) aclrtFree(p);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
