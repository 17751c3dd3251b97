/* ops-nn example style (conv2d_v2): aclnnConvolution on NCHW fp32 with cubeMathType 1, 2-element
 * stride/padding/dilation arrays and RAII-owned tensors as the newer examples do.
 *   case 1: the real example's shapes, x [2,2,2,2] = 1, w [1,2,1,1] = 1, no bias -> all 2.0;
 *   case 2: x [2,2,5,5], w [3,2,3,3], bias [3], stride 2, padding 1, dilation 1 -> [2,3,3,3].
 * Inputs are multiples of 1/4 small enough to be exact in HF32/FP16, so the products on the
 * emulated Cube unit are exact and the golden (direct convolution in double) must match to fp32
 * rounding. */
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_convolution.h"
#include "example_common.h"

using TensorPtr = std::unique_ptr<aclTensor, aclnnStatus (*)(const aclTensor *)>;
using IntArrayPtr = std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)>;
using DevicePtr = std::unique_ptr<void, aclError (*)(void *)>;

struct ConvCase {
    int64_t n, cin, h, w, cout, kh, kw, stride, pad;
    bool withBias;
};

static std::vector<double> ConvGolden(const ConvCase &c, const std::vector<float> &x, const std::vector<float> &w,
                                      const std::vector<float> &b, int64_t oh, int64_t ow)
{
    std::vector<double> y;
    for (int64_t n = 0; n < c.n; n++)
        for (int64_t co = 0; co < c.cout; co++)
            for (int64_t i = 0; i < oh; i++)
                for (int64_t j = 0; j < ow; j++) {
                    double acc = c.withBias ? b[co] : 0.0;
                    for (int64_t ci = 0; ci < c.cin; ci++)
                        for (int64_t p = 0; p < c.kh; p++)
                            for (int64_t q = 0; q < c.kw; q++) {
                                const int64_t r = i * c.stride - c.pad + p, s = j * c.stride - c.pad + q;
                                if (r < 0 || r >= c.h || s < 0 || s >= c.w)
                                    continue;
                                acc += static_cast<double>(x[((n * c.cin + ci) * c.h + r) * c.w + s]) *
                                       w[((co * c.cin + ci) * c.kh + p) * c.kw + q];
                            }
                    y.push_back(acc);
                }
    return y;
}

static int RunCase(aclrtStream stream, const ConvCase &c, const std::vector<float> &x, const std::vector<float> &w,
                   const std::vector<float> &b)
{
    const int64_t oh = (c.h + 2 * c.pad - c.kh) / c.stride + 1, ow = (c.w + 2 * c.pad - c.kw) / c.stride + 1;
    const std::vector<int64_t> xShape{c.n, c.cin, c.h, c.w}, wShape{c.cout, c.cin, c.kh, c.kw};
    const std::vector<int64_t> yShape{c.n, c.cout, oh, ow}, bShape{c.cout};
    void *xDev = nullptr, *wDev = nullptr, *yDev = nullptr, *bDev = nullptr;
    aclTensor *xt = nullptr, *wt = nullptr, *yt = nullptr, *bt = nullptr;
    CHECK_RET(CreateAclTensor(x, xShape, &xDev, ACL_FLOAT, &xt, ACL_FORMAT_NCHW) == 0, return 1);
    TensorPtr xHold(xt, aclDestroyTensor);
    DevicePtr xMem(xDev, aclrtFree);
    CHECK_RET(CreateAclTensor(w, wShape, &wDev, ACL_FLOAT, &wt, ACL_FORMAT_NCHW) == 0, return 1);
    TensorPtr wHold(wt, aclDestroyTensor);
    DevicePtr wMem(wDev, aclrtFree);
    std::vector<float> yHost(static_cast<size_t>(GetShapeSize(yShape)), 0.0f);
    CHECK_RET(CreateAclTensor(yHost, yShape, &yDev, ACL_FLOAT, &yt, ACL_FORMAT_NCHW) == 0, return 1);
    TensorPtr yHold(yt, aclDestroyTensor);
    DevicePtr yMem(yDev, aclrtFree);
    TensorPtr bHold(nullptr, aclDestroyTensor);
    DevicePtr bMem(nullptr, aclrtFree);
    if (c.withBias) {
        CHECK_RET(CreateAclTensor(b, bShape, &bDev, ACL_FLOAT, &bt) == 0, return 1);
        bHold.reset(bt);
        bMem.reset(bDev);
    }
    std::vector<int64_t> strideV{c.stride, c.stride}, padV{c.pad, c.pad}, dilV{1, 1}, outPadV{0, 0};
    IntArrayPtr stride(aclCreateIntArray(strideV.data(), 2), aclDestroyIntArray);
    IntArrayPtr padding(aclCreateIntArray(padV.data(), 2), aclDestroyIntArray);
    IntArrayPtr dilation(aclCreateIntArray(dilV.data(), 2), aclDestroyIntArray);
    IntArrayPtr outPad(aclCreateIntArray(outPadV.data(), 2), aclDestroyIntArray);
    CHECK_RET(stride && padding && dilation && outPad, return 1);

    RUN_TWO_STAGE(aclnnConvolution, stream, xt, wt, bt, stride.get(), padding.get(), dilation.get(), false,
                  outPad.get(), 1, yt, 1);
    CHECK_RET(CopyToHost(yDev, &yHost) == 0, return 1);
    return CompareResult("aclnnConvolution", yHost, ConvGolden(c, x, w, b, oh, ow), 1e-5, 1e-5);
}

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    CHECK_RET(Init(deviceId, &stream) == 0, return 1);

    int bad = RunCase(stream, {2, 2, 2, 2, 1, 1, 1, 1, 0, false}, std::vector<float>(16, 1.0f),
                      std::vector<float>(2, 1.0f), {});

    ConvCase c{2, 2, 5, 5, 3, 3, 3, 2, 1, true};
    std::vector<float> x(2 * 2 * 5 * 5), w(3 * 2 * 3 * 3), b{0.5f, -1.25f, 2.0f};
    for (size_t i = 0; i < x.size(); i++)
        x[i] = 0.25f * static_cast<float>(static_cast<int>((i * 37) % 17) - 8);
    for (size_t i = 0; i < w.size(); i++)
        w[i] = 0.25f * static_cast<float>(static_cast<int>((i * 11) % 9) - 4);
    bad += RunCase(stream, c, x, w, b);

    CHECK_RET(Finalize(deviceId, stream) == 0, return 1);
    return bad == 0 ? 0 : 1;
}
