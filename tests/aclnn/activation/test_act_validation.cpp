// Stage-1 validation of the activation and ops-math APIs: each error code (161001 null,
// 161002 dtype / format / shape / attribute) with an EZ1001 message naming the parameter,
// empty tensors, and a repeatable executor whose input address is rebound (the GLU halves are
// views that must follow the rebinding). With the argument "310p" (run under a 310P topology)
// it checks that BF16 is rejected and FP16 accepted.
#include "act_test_util.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_geglu.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_glu.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_mish.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_prelu.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_sub.h"
#include "aclnnop/aclnn_swi_glu.h"

static const int kNull = 161001, kInvalid = 161002;
static void *const kFake = (void *)(uintptr_t)0x10000; // stage 1 never dereferences it

// descriptors made by T(), destroyed by DestroyTs() at the end of each test
static std::vector<aclTensor *> g_made;

static aclTensor *T(aclDataType dt, std::vector<int64_t> shape, aclFormat fmt = ACL_FORMAT_ND)
{
    aclTensor *t = aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, fmt, shape.data(), shape.size(), kFake);
    g_made.push_back(t);
    return t;
}

static void DestroyTs()
{
    for (aclTensor *t : g_made) aclDestroyTensor(t);
    g_made.clear();
}

static void TestErrors()
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *f4 = T(ACL_FLOAT, {2, 4}), *f4b = T(ACL_FLOAT, {2, 4}), *h4 = T(ACL_FLOAT16, {2, 4}),
              *i4 = T(ACL_INT32, {2, 4}), *f3 = T(ACL_FLOAT, {2, 3}), *f2 = T(ACL_FLOAT, {2, 2}),
              *f5d = T(ACL_FLOAT, {2, 4}, ACL_FORMAT_NC1HWC0), *r9 = T(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2}),
              *b4 = T(ACL_BOOL, {2, 4}), *w3 = T(ACL_FLOAT, {3});
    ExpectError("Gelu null self", aclnnGeluGetWorkspaceSize(nullptr, f4, &ws, &ex), kNull, "self");
    ExpectError("Gelu null out", aclnnGeluGetWorkspaceSize(f4, nullptr, &ws, &ex), kNull, "out");
    ExpectError("Gelu null workspaceSize", aclnnGeluGetWorkspaceSize(f4, f4b, nullptr, &ex), kNull);
    ExpectError("Gelu int32", aclnnGeluGetWorkspaceSize(i4, i4, &ws, &ex), kInvalid, "DT_INT32", "self");
    ExpectError("Gelu out dtype", aclnnGeluGetWorkspaceSize(f4, h4, &ws, &ex), kInvalid, "DT_FLOAT16");
    ExpectError("Gelu private format", aclnnGeluGetWorkspaceSize(f5d, f4, &ws, &ex), kInvalid, "format");
    ExpectError("Gelu shape", aclnnGeluGetWorkspaceSize(f4, f3, &ws, &ex), kInvalid, "shape");
    ExpectError("Gelu rank 9", aclnnGeluGetWorkspaceSize(r9, r9, &ws, &ex), kInvalid, "dim num");
    ExpectError("Mish inplace int32", aclnnInplaceMishGetWorkspaceSize(i4, &ws, &ex), kInvalid, "selfRef");
    ExpectError("Sigmoid out int32", aclnnSigmoidGetWorkspaceSize(f4, i4, &ws, &ex), kInvalid, "out");
    float one = 1.0f;
    aclScalar *s1 = aclCreateScalar(&one, ACL_FLOAT);
    ExpectError("Elu null alpha", aclnnEluGetWorkspaceSize(f4, nullptr, s1, s1, f4b, &ws, &ex), kNull, "alpha");
    ExpectError("Elu out int32", aclnnEluGetWorkspaceSize(f4, s1, s1, s1, i4, &ws, &ex), kInvalid, "out");
    ExpectError("Glu odd split", aclnnGluGetWorkspaceSize(f3, 1, f3, &ws, &ex), kInvalid, "even");
    ExpectError("Glu dim range", aclnnGluGetWorkspaceSize(f4, 2, f2, &ws, &ex), kInvalid, "dim 2", "[-2, 1]");
    ExpectError("Glu out shape", aclnnGluGetWorkspaceSize(f4, 1, f4b, &ws, &ex), kInvalid, "out shape");
    ExpectError("SwiGlu out dtype", aclnnSwiGluGetWorkspaceSize(f4, -1, T(ACL_FLOAT16, {2, 2}), &ws, &ex), kInvalid, "out");
    ExpectError("GeGlu approximate", aclnnGeGluGetWorkspaceSize(f4, -1, 2, f2, T(ACL_FLOAT, {2, 2}), &ws, &ex), kInvalid, "approximate");
    ExpectError("GeGlu null outGelu", aclnnGeGluGetWorkspaceSize(f4, -1, 0, f2, nullptr, &ws, &ex), kNull, "outGelu");
    char foo[] = "foo", none[] = "none";
    ExpectError("GeluBackwardV2 approximate", aclnnGeluBackwardV2GetWorkspaceSize(f4, f4b, foo, T(ACL_FLOAT, {2, 4}), &ws, &ex), kInvalid, "foo");
    ExpectError("GeluBackwardV2 null approximate", aclnnGeluBackwardV2GetWorkspaceSize(f4, f4b, nullptr, T(ACL_FLOAT, {2, 4}), &ws, &ex), kNull, "approximate");
    ExpectError("GeluBackwardV2 promote != gradInput", aclnnGeluBackwardV2GetWorkspaceSize(f4, h4, none, T(ACL_FLOAT16, {2, 4}), &ws, &ex), kInvalid, "gradInput");
    ExpectError("GeluBackward broadcast", aclnnGeluBackwardGetWorkspaceSize(f4, f3, T(ACL_FLOAT, {2, 4}), &ws, &ex), kInvalid);
    ExpectError("Prelu weight size", aclnnPreluGetWorkspaceSize(f4, w3, f4b, &ws, &ex), kInvalid, "weight");
    ExpectError("LogSoftmax dim", aclnnLogSoftmaxGetWorkspaceSize(f4, 2, f4b, &ws, &ex), kInvalid, "dim");
    std::vector<int64_t> rep = {1, 1}, big = {0, 2};
    aclIntArray *drep = aclCreateIntArray(rep.data(), 2), *dbig = aclCreateIntArray(big.data(), 2);
    ExpectError("Permute repeated", aclnnPermuteGetWorkspaceSize(f4, drep, T(ACL_FLOAT, {2, 4}), &ws, &ex), kInvalid, "repeated");
    ExpectError("Permute range", aclnnPermuteGetWorkspaceSize(f4, dbig, T(ACL_FLOAT, {2, 4}), &ws, &ex), kInvalid, "range");
    ExpectError("Permute null dims", aclnnPermuteGetWorkspaceSize(f4, nullptr, f4b, &ws, &ex), kNull, "dims");
    ExpectError("DivMod mode", aclnnDivModGetWorkspaceSize(f4, f4b, 5, T(ACL_FLOAT, {2, 4}), &ws, &ex), kInvalid, "mode");
    ExpectError("Div int out", aclnnDivGetWorkspaceSize(i4, i4, T(ACL_INT32, {2, 4}), &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("Div null out first", aclnnDivGetWorkspaceSize(nullptr, nullptr, nullptr, &ws, &ex), kNull, "out");
    ExpectError("Sub bool", aclnnSubGetWorkspaceSize(b4, b4, s1, T(ACL_BOOL, {2, 4}), &ws, &ex), kInvalid, "bool");
    aclDestroyScalar(s1);
    aclDestroyIntArray(drep);
    aclDestroyIntArray(dbig);
    DestroyTs();
}

// A repeatable Glu executor run twice; the second time on another input buffer bound with
// aclSetInputTensorAddr: both halves of the split must follow the new address.
static void TestRepeatableRebind(aclrtStream stream)
{
    std::vector<double> x1 = {1, 2, 3, 4, 0, 0, 0, 0}, x2 = {-1, -2, 5, 6, 1, 1, -1, -1};
    DevTensor a, b, y;
    if (!a.Init(ACL_FLOAT, {2, 4}, x1, CONTIG) || !b.Init(ACL_FLOAT, {2, 4}, x2, CONTIG) || !y.Init(ACL_FLOAT, {2, 2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ACL_OK(aclnnGluGetWorkspaceSize(a.t, -1, y.t, &ws, &ex));
    ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    ACL_OK(aclnnGlu(nullptr, ws, ex, stream));
    ACL_OK(aclrtSynchronizeStream(stream));
    std::vector<double> r = y.Read();
    auto glu = [](const std::vector<double> &x, int i) { int row = i / 2, c = i % 2; return x[(size_t)(row * 4 + c)] / (1 + std::exp(-x[(size_t)(row * 4 + c + 2)])); };
    for (int i = 0; i < 4; i++) EXPECT(std::fabs(r[(size_t)i] - glu(x1, i)) < 1e-6, "run 1 element %d: %g", i, r[(size_t)i]);
    ACL_OK(aclSetInputTensorAddr(ex, 0, a.t, b.dev));
    ACL_OK(aclnnGlu(nullptr, ws, ex, stream));
    ACL_OK(aclrtSynchronizeStream(stream));
    r = y.Read();
    for (int i = 0; i < 4; i++) EXPECT(std::fabs(r[(size_t)i] - glu(x2, i)) < 1e-6, "rebound run element %d: %g", i, r[(size_t)i]);
    ACL_OK(aclDestroyAclOpExecutor(ex));
}

static void Test310P()
{
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *b = T(ACL_BF16, {8}), *b2 = T(ACL_BF16, {8}), *h = T(ACL_FLOAT16, {8}), *h2 = T(ACL_FLOAT16, {8});
    ExpectError("Gelu bf16 on 310P", aclnnGeluGetWorkspaceSize(b, b2, &ws, &ex), kInvalid, "DT_BF16", "310P");
    ExpectError("Silu bf16 on 310P", aclnnSiluGetWorkspaceSize(b, b2, &ws, &ex), kInvalid, "DT_BF16");
    ExpectError("LogSoftmax bf16 on 310P", aclnnLogSoftmaxGetWorkspaceSize(b, 0, b2, &ws, &ex), kInvalid, "DT_BF16");
    ExpectError("InplaceSigmoid bf16 on 310P", aclnnInplaceSigmoidGetWorkspaceSize(b, &ws, &ex), kInvalid, "DT_BF16");
    int rc = aclnnGeluGetWorkspaceSize(h, h2, &ws, &ex);
    EXPECT(rc == 0, "Gelu fp16 on 310P: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    DestroyTs();
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        Test310P();
    } else {
        TestErrors();
        TestRepeatableRebind(rt.stream);
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
