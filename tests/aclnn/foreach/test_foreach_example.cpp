// The foreach family the way the official ops-nn examples call it: aclInit, device, stream,
// tensors from host vectors with aclrtMalloc + aclrtMemcpy, aclCreateTensorList, stage 1
// (GetWorkspaceSize), a workspace when asked for, stage 2 on the stream, aclrtSynchronizeStream,
// results copied back. One call per API kind (unary, list + list with a tensor alpha, list and
// aclScalar, list and aclScalarList, pointwise, lerp, norm, copy, zero in place, unscale), each
// result checked against values computed here in double.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_foreach_add_list.h"
#include "aclnnop/aclnn_foreach_add_scalar_list.h"
#include "aclnnop/aclnn_foreach_addcmul_scalar_v2.h"
#include "aclnnop/aclnn_foreach_copy.h"
#include "aclnnop/aclnn_foreach_exp.h"
#include "aclnnop/aclnn_foreach_lerp_scalar.h"
#include "aclnnop/aclnn_foreach_mul_scalar_v2.h"
#include "aclnnop/aclnn_foreach_non_finite_check_and_unscale.h"
#include "aclnnop/aclnn_foreach_norm.h"
#include "aclnnop/aclnn_foreach_zero_inplace.h"

#define CHECK_RET(cond, return_expr) \
    do {                             \
        if (!(cond)) {               \
            return_expr;             \
        }                            \
    } while (0)
#define LOG_PRINT(message, ...) printf(message, ##__VA_ARGS__)

static int g_fail = 0;

int64_t GetShapeSize(const std::vector<int64_t> &shape)
{
    int64_t s = 1;
    for (auto i : shape) s *= i;
    return s;
}

int Init(int32_t deviceId, aclrtStream *stream)
{
    auto ret = aclInit(nullptr);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
    ret = aclrtCreateStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);
    return 0;
}

template <typename T>
int CreateAclTensor(const std::vector<T> &hostData, const std::vector<int64_t> &shape, void **deviceAddr,
                    aclDataType dataType, aclTensor **tensor)
{
    auto size = GetShapeSize(shape) * sizeof(T);
    auto ret = aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
    ret = aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = (int64_t)shape.size() - 2; i >= 0; i--) strides[i] = shape[i + 1] * strides[i + 1];
    *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0, aclFormat::ACL_FORMAT_ND,
                              shape.data(), shape.size(), *deviceAddr);
    return 0;
}

// A list of two FP32 tensors, shapes {2, 3} and {1, 3}, and their device addresses.
struct List {
    void *dev[2] = {nullptr, nullptr};
    aclTensorList *list = nullptr;
    std::vector<float> host[2];
};

static int MakeList(List &l, const std::vector<float> &a, const std::vector<float> &b)
{
    aclTensor *t[2];
    l.host[0] = a;
    l.host[1] = b;
    int ret = CreateAclTensor(a, {2, 3}, &l.dev[0], ACL_FLOAT, &t[0]);
    CHECK_RET(ret == 0, return ret);
    ret = CreateAclTensor(b, {1, 3}, &l.dev[1], ACL_FLOAT, &t[1]);
    CHECK_RET(ret == 0, return ret);
    l.list = aclCreateTensorList(t, 2);
    return 0;
}

static std::vector<float> Fetch(void *dev, size_t n)
{
    std::vector<float> h(n);
    aclrtMemcpy(h.data(), n * sizeof(float), dev, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    return h;
}

// Stage 1 has run: workspace, stage 2, sync.
template <typename Stage2>
static int Launch(const char *name, int ret, uint64_t workspaceSize, aclOpExecutor *executor, Stage2 stage2,
                  aclrtStream stream)
{
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("%sGetWorkspaceSize failed. ERROR: %d\n", name, ret); return ret);
    void *workspaceAddr = nullptr;
    if (workspaceSize > 0) {
        ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    ret = stage2(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("%s failed. ERROR: %d\n", name, ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    if (workspaceSize > 0) aclrtFree(workspaceAddr);
    return 0;
}

static void Expect(const char *name, const List &out, const std::vector<double> &g0, const std::vector<double> &g1)
{
    const std::vector<double> *g[2] = {&g0, &g1};
    for (int k = 0; k < 2; k++) {
        std::vector<float> r = Fetch(out.dev[k], g[k]->size());
        for (size_t i = 0; i < r.size(); i++) {
            double want = (*g[k])[i];
            if (!(std::fabs(r[i] - want) <= 1e-5 * std::fabs(want) + 1e-6)) {
                LOG_PRINT("FAIL %s out%d[%zu] = %f, expected %f\n", name, k + 1, i, r[i], want);
                g_fail++;
            }
        }
    }
    LOG_PRINT("%s: out1[0] = %f, out2[last] = %f\n", name, Fetch(out.dev[0], 1)[0], Fetch(out.dev[1], g1.size()).back());
}

int main()
{
    int32_t deviceId = 0;
    aclrtStream stream;
    auto ret = Init(deviceId, &stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);
    const std::vector<float> a1 = {1, 2, 3, 4, 5, 6}, a2 = {7, 8, 9}, b1 = {0.5, 1, 1.5, 2, 2.5, 3}, b2 = {-1, -2, -3};
    List x1, x2, x3, out;
    CHECK_RET(MakeList(x1, a1, a2) == 0 && MakeList(x2, b1, b2) == 0 && MakeList(x3, b1, b2) == 0 &&
                  MakeList(out, std::vector<float>(6, 0), std::vector<float>(3, 0)) == 0,
              return 1);
    auto ref = [&](double (*f)(double, double, double), std::vector<double> &g0, std::vector<double> &g1) {
        g0.clear();
        g1.clear();
        for (size_t i = 0; i < 6; i++) g0.push_back(f(a1[i], b1[i], b1[i]));
        for (size_t i = 0; i < 3; i++) g1.push_back(f(a2[i], b2[i], b2[i]));
    };
    std::vector<double> g0, g1;
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;

    // unary: out = exp(x1 / 10) — on x1 scaled first with MulScalarV2 (list and aclScalar)
    double tenth = 0.1;
    aclScalar *s01 = aclCreateScalar(&tenth, aclDataType::ACL_DOUBLE);
    ret = aclnnForeachMulScalarV2GetWorkspaceSize(x1.list, s01, out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachMulScalarV2", ret, workspaceSize, executor, aclnnForeachMulScalarV2, stream) == 0, return 1);
    ref([](double a, double, double) { return a * (double)0.1f; }, g0, g1);
    Expect("ForeachMulScalarV2", out, g0, g1);
    ret = aclnnForeachExpGetWorkspaceSize(out.list, out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachExp", ret, workspaceSize, executor, aclnnForeachExp, stream) == 0, return 1);
    ref([](double a, double, double) { return std::exp((double)(float)(a * (double)0.1f)); }, g0, g1);
    Expect("ForeachExp (in place)", out, g0, g1);

    // list + alpha * list, alpha an FP32 device tensor of one element
    aclTensor *alpha = nullptr;
    void *alphaDev = nullptr;
    CHECK_RET(CreateAclTensor(std::vector<float>{1.2f}, {1}, &alphaDev, ACL_FLOAT, &alpha) == 0, return 1);
    ret = aclnnForeachAddListGetWorkspaceSize(x1.list, x2.list, alpha, out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachAddList", ret, workspaceSize, executor, aclnnForeachAddList, stream) == 0, return 1);
    ref([](double a, double b, double) { return a + (double)1.2f * b; }, g0, g1);
    Expect("ForeachAddList", out, g0, g1);

    // list + one scalar per tensor
    float sv[2] = {10.0f, -20.0f};
    aclScalar *sl[2] = {aclCreateScalar(&sv[0], ACL_FLOAT), aclCreateScalar(&sv[1], ACL_FLOAT)};
    aclScalarList *scalars = aclCreateScalarList(sl, 2);
    ret = aclnnForeachAddScalarListGetWorkspaceSize(x1.list, scalars, out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachAddScalarList", ret, workspaceSize, executor, aclnnForeachAddScalarList, stream) == 0, return 1);
    g0.clear();
    g1.clear();
    for (float v : a1) g0.push_back(v + 10.0);
    for (float v : a2) g1.push_back(v - 20.0);
    Expect("ForeachAddScalarList", out, g0, g1);

    // pointwise: x1 + value * x2 * x3
    double value = 0.5;
    aclScalar *sval = aclCreateScalar(&value, ACL_DOUBLE);
    ret = aclnnForeachAddcmulScalarV2GetWorkspaceSize(x1.list, x2.list, x3.list, sval, out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachAddcmulScalarV2", ret, workspaceSize, executor, aclnnForeachAddcmulScalarV2, stream) == 0, return 1);
    ref([](double a, double b, double c) { return a + 0.5 * b * c; }, g0, g1);
    Expect("ForeachAddcmulScalarV2", out, g0, g1);

    // lerp with a scalar weight
    float w = 0.25f;
    aclScalar *weight = aclCreateScalar(&w, ACL_FLOAT);
    ret = aclnnForeachLerpScalarGetWorkspaceSize(x1.list, x2.list, weight, out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachLerpScalar", ret, workspaceSize, executor, aclnnForeachLerpScalar, stream) == 0, return 1);
    ref([](double a, double b, double) { return a + 0.25 * (b - a); }, g0, g1);
    Expect("ForeachLerpScalar", out, g0, g1);

    // copy, then zero the copies in place (x1 must stay)
    ret = aclnnForeachCopyGetWorkspaceSize(x1.list, out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachCopy", ret, workspaceSize, executor, aclnnForeachCopy, stream) == 0, return 1);
    ref([](double a, double, double) { return a; }, g0, g1);
    Expect("ForeachCopy", out, g0, g1);
    ret = aclnnForeachZeroInplaceGetWorkspaceSize(out.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachZeroInplace", ret, workspaceSize, executor, aclnnForeachZeroInplace, stream) == 0, return 1);
    ref([](double, double, double) { return 0.0; }, g0, g1);
    Expect("ForeachZeroInplace", out, g0, g1);

    // 2-norm of each tensor into a one-element tensor
    List norms;
    {
        aclTensor *t[2];
        CHECK_RET(CreateAclTensor(std::vector<float>{0}, {1}, &norms.dev[0], ACL_FLOAT, &t[0]) == 0 &&
                      CreateAclTensor(std::vector<float>{0}, {1}, &norms.dev[1], ACL_FLOAT, &t[1]) == 0,
                  return 1);
        norms.list = aclCreateTensorList(t, 2);
    }
    double p = 2.0;
    aclScalar *ord = aclCreateScalar(&p, ACL_DOUBLE);
    ret = aclnnForeachNormGetWorkspaceSize(x1.list, ord, norms.list, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachNorm", ret, workspaceSize, executor, aclnnForeachNorm, stream) == 0, return 1);
    double n1 = 0, n2 = 0;
    for (float v : a1) n1 += (double)v * v;
    for (float v : a2) n2 += (double)v * v;
    Expect("ForeachNorm", norms, {std::sqrt(n1)}, {std::sqrt(n2)});

    // unscale in place: x2 *= 0.5, foundInf stays 0 (no Inf / NaN in x2)
    aclTensor *foundInf = nullptr, *invScale = nullptr;
    void *foundDev = nullptr, *invDev = nullptr;
    CHECK_RET(CreateAclTensor(std::vector<float>{0}, {1}, &foundDev, ACL_FLOAT, &foundInf) == 0 &&
                  CreateAclTensor(std::vector<float>{0.5f}, {1}, &invDev, ACL_FLOAT, &invScale) == 0,
              return 1);
    ret = aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(x2.list, foundInf, invScale, &workspaceSize, &executor);
    CHECK_RET(Launch("aclnnForeachNonFiniteCheckAndUnscale", ret, workspaceSize, executor,
                     aclnnForeachNonFiniteCheckAndUnscale, stream) == 0,
              return 1);
    g0.clear();
    g1.clear();
    for (float v : b1) g0.push_back(v * 0.5);
    for (float v : b2) g1.push_back(v * 0.5);
    Expect("ForeachNonFiniteCheckAndUnscale", x2, g0, g1);
    if (Fetch(foundDev, 1)[0] != 0.0f) {
        LOG_PRINT("FAIL foundInf set without an Inf\n");
        g_fail++;
    }
    // x1 was only read by all of the above
    Expect("x1 unchanged", x1, std::vector<double>(a1.begin(), a1.end()), std::vector<double>(a2.begin(), a2.end()));

    aclDestroyTensorList(x1.list);
    aclDestroyTensorList(x2.list);
    aclDestroyTensorList(x3.list);
    aclDestroyTensorList(out.list);
    aclDestroyTensorList(norms.list);
    aclDestroyTensor(alpha);
    aclDestroyTensor(foundInf);
    aclDestroyTensor(invScale);
    aclDestroyScalar(s01);
    aclDestroyScalar(sval);
    aclDestroyScalar(weight);
    aclDestroyScalar(ord);
    aclDestroyScalarList(scalars);
    for (List *l : {&x1, &x2, &x3, &out, &norms})
        for (void *d : l->dev) aclrtFree(d);
    aclrtFree(alphaDev);
    aclrtFree(foundDev);
    aclrtFree(invDev);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    if (g_fail) {
        LOG_PRINT("%d failures\n", g_fail);
        return 1;
    }
    LOG_PRINT("foreach example: all passed\n");
    return 0;
}
