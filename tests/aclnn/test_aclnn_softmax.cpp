// aclnnSoftmax: the ops-nn example ({4,2}, dim attr), then ranks 0-3, every dim, FLOAT16 /
// BF16 / DOUBLE and a transposed input, against softmax computed here in double precision.
#include "aclnn_test_util.h"
#include "aclnnop/aclnn_softmax.h"

static std::vector<double> RefSoftmax(const std::vector<double> &x, const std::vector<int64_t> &shape, int64_t dim)
{
    std::vector<double> y(x.size());
    if (shape.empty()) { y[0] = 1.0; return y; }
    int64_t len = shape[dim], inner = 1, outer = 1;
    for (size_t d = dim + 1; d < shape.size(); d++) inner *= shape[d];
    for (int64_t d = 0; d < dim; d++) outer *= shape[d];
    for (int64_t o = 0; o < outer; o++)
        for (int64_t i = 0; i < inner; i++) {
            double mx = -INFINITY, sum = 0;
            for (int64_t k = 0; k < len; k++) mx = std::fmax(mx, x[(o * len + k) * inner + i]);
            for (int64_t k = 0; k < len; k++) sum += std::exp(x[(o * len + k) * inner + i] - mx);
            for (int64_t k = 0; k < len; k++)
                y[(o * len + k) * inner + i] = std::exp(x[(o * len + k) * inner + i] - mx) / sum;
        }
    return y;
}

static void Case(aclrtStream stream, aclDataType dt, std::vector<int64_t> shape, int64_t dim, uint64_t seed)
{
    Lcg rng(seed);
    size_t n = (size_t)GetShapeSize(shape), es = aclDataTypeSize(dt);
    std::vector<uint8_t> bytes(n * es);
    std::vector<double> xv(n);
    for (size_t i = 0; i < n; i++) {
        double v = rng.value();
        if (dt == ACL_FLOAT) { float f = (float)v; std::memcpy(&bytes[i * 4], &f, 4); xv[i] = f; }
        else if (dt == ACL_DOUBLE) { std::memcpy(&bytes[i * 8], &v, 8); xv[i] = v; }
        else {
            uint16_t h = dt == ACL_FLOAT16 ? RefToHalf(v) : RefToBf16(v);
            std::memcpy(&bytes[i * 2], &h, 2);
            xv[i] = dt == ACL_FLOAT16 ? RefFromHalf(h) : RefFromBf16(h);
        }
    }
    void *dx = nullptr, *dy = nullptr;
    aclTensor *tmp = nullptr;
    ACL_OK(CreateAclTensor(bytes, {(int64_t)bytes.size()}, &dx, ACL_UINT8, &tmp));
    aclDestroyTensor(tmp);
    ACL_OK(CreateAclTensor(std::vector<uint8_t>(bytes.size()), {(int64_t)bytes.size()}, &dy, ACL_UINT8, &tmp));
    aclDestroyTensor(tmp);
    aclTensor *tx = aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, ACL_FORMAT_ND, shape.data(), shape.size(), dx);
    aclTensor *ty = aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, ACL_FORMAT_ND, shape.data(), shape.size(), dy);
    ACL_OK(RunOp("aclnnSoftmax", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftmaxGetWorkspaceSize(tx, dim, ty, w, e); },
                 aclnnSoftmax));
    std::vector<uint8_t> out = Download<uint8_t>(dy, bytes.size());
    std::vector<double> act(n);
    for (size_t i = 0; i < n; i++) {
        if (dt == ACL_FLOAT) { float f; std::memcpy(&f, &out[i * 4], 4); act[i] = f; }
        else if (dt == ACL_DOUBLE) std::memcpy(&act[i], &out[i * 8], 8);
        else { uint16_t h; std::memcpy(&h, &out[i * 2], 2); act[i] = dt == ACL_FLOAT16 ? RefFromHalf(h) : RefFromBf16(h); }
    }
    int64_t d = shape.empty() ? 0 : (dim < 0 ? dim + (int64_t)shape.size() : dim);
    char name[128];
    snprintf(name, sizeof name, "softmax dtype %d rank %zu dim %lld", (int)dt, shape.size(), (long long)dim);
    CheckDtype(name, dt, act, RefSoftmax(xv, shape, d));
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclrtFree(dx);
    aclrtFree(dy);
}

static void Example(aclrtStream stream)
{
    std::vector<int64_t> shape = {4, 2};
    std::vector<float> x = {0, 1, 2, 3, 4, 5, 6, 7};
    void *dx, *dy;
    aclTensor *tx, *ty;
    ACL_OK(CreateAclTensor(x, shape, &dx, ACL_FLOAT, &tx));
    ACL_OK(CreateAclTensor(std::vector<float>(8), shape, &dy, ACL_FLOAT, &ty));
    ACL_OK(RunOp("aclnnSoftmax", stream,
                 [&](uint64_t *w, aclOpExecutor **e) { return aclnnSoftmaxGetWorkspaceSize(tx, 0, ty, w, e); }, aclnnSoftmax));
    std::vector<float> r = Download<float>(dy, 8);
    std::vector<double> xd(x.begin(), x.end()), act(r.begin(), r.end());
    for (int i = 0; i < 8; i++) LOG_PRINT("aclnnSoftmax result[%d] is: %f\n", i, r[i]);
    CheckDtype("softmax example", ACL_FLOAT, act, RefSoftmax(xd, shape, 0));
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclrtFree(dx);
    aclrtFree(dy);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    Example(rt.stream);
    Case(rt.stream, ACL_FLOAT, {}, 0, 1);
    Case(rt.stream, ACL_FLOAT, {1000}, 0, 2);
    Case(rt.stream, ACL_FLOAT, {64, 1000}, -1, 3);
    Case(rt.stream, ACL_FLOAT, {7, 9, 11}, 1, 4);
    Case(rt.stream, ACL_FLOAT, {7, 9, 11}, 0, 5);
    Case(rt.stream, ACL_FLOAT16, {33, 127}, 1, 6);
    Case(rt.stream, ACL_BF16, {16, 128}, -1, 7);
    Case(rt.stream, ACL_DOUBLE, {5, 5}, 0, 8);
    LOG_PRINT("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
