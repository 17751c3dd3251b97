// Compiled (not run) by compile_headers.sh as C++11 and C++17: qualified enumerator
// names, the kinds of the error-code constants, ACL_APP_LOG, the acl_rt_api.h
// overloads and the struct layouts user code depends on.
#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_api.h"

#include <cstddef>
#include <type_traits>

#define ACLEMU_STR2(x) #x
#define ACLEMU_STR(x) ACLEMU_STR2(x)
#ifdef EXPECT_EXPORT
static_assert(sizeof(ACLEMU_STR(ACL_FUNC_VISIBILITY)) > 1, "FUNC_VISIBILITY must export");
#else
static_assert(sizeof(ACLEMU_STR(ACL_FUNC_VISIBILITY)) == 1, "user builds see an empty ACL_FUNC_VISIBILITY");
#endif

// Qualified enumerator names work on the (unscoped) ACL enums.
static_assert(aclDataType::ACL_FLOAT == 0, "ACL_FLOAT");
static_assert(aclDataType::ACL_FLOAT16 == 1, "ACL_FLOAT16");
static_assert(aclFormat::ACL_FORMAT_NCHW == 0, "ACL_FORMAT_NCHW");
static_assert(aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_HOST == 2, "D2H");
static_assert(aclrtMemMallocPolicy::ACL_MEM_MALLOC_NORMAL_ONLY == 2, "NORMAL_ONLY");
static_assert(aclopEngineType::ACL_ENGINE_SYS == 0, "ENGINE_SYS");
static_assert(aclCompileOpt::ACL_PRECISION_MODE == 0, "PRECISION_MODE");

// The three kinds of error code: int objects, RT macros, GE uint32_t objects.
static_assert(std::is_same<decltype(ACL_SUCCESS), const int>::value, "aclError codes are const int");
static_assert(std::is_same<decltype(ACL_ERROR_GE_PARAM_INVALID), const uint32_t>::value, "GE codes are uint32_t");
static_assert(ACL_ERROR_RT_PARAM_INVALID == 107000, "RT code value");
static_assert(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT == 507046, "RT code value");
static_assert(std::is_same<aclError, int>::value, "aclError is int");
static_assert(std::is_same<aclFloat16, uint16_t>::value, "aclFloat16 is uint16_t");

// Layouts fixed by the CANN ABI (x86-64 / aarch64 LP64).
static_assert(sizeof(aclrtMemLocation) == 8, "aclrtMemLocation");
static_assert(sizeof(aclrtPtrAttributes) == 28 && offsetof(aclrtPtrAttributes, pageSize) == 8, "aclrtPtrAttributes");
static_assert(sizeof(aclrtUtilizationInfo) == 24 && offsetof(aclrtUtilizationInfo, utilizationExtend) == 16,
              "aclrtUtilizationInfo");
static_assert(sizeof(aclrtStreamConfigHandle) == 32 && offsetof(aclrtStreamConfigHandle, priority) == 24,
              "aclrtStreamConfigHandle");
static_assert(sizeof(aclCANNPackageVersion) == 512, "aclCANNPackageVersion");
static_assert(offsetof(acldumpChunk, dataBuf) == 4116, "acldumpChunk");
static_assert(sizeof(aclmdlIODims) == 128 + 8 + 128 * 8, "aclmdlIODims");

int aclemu_cxx_usage(aclrtStream stream)
{
    aclError ret = aclInit(nullptr);
    ACL_APP_LOG(ACL_INFO, "init returned %d", ret);
    ACL_APP_LOG(ACL_WARNING, "plain message");
    aclDataType dt = aclDataType::ACL_FLOAT;
    if (ret == ACL_ERROR_RT_PARAM_INVALID || aclDataTypeSize(dt) != 4) {
        return 1;
    }
    // acl_rt_api.h overloads resolve next to the C entry points.
    float* typed = nullptr;
    void* untyped = nullptr;
    float host[4] = {0};
    (void)aclrtMalloc(&typed, sizeof host);                                 // template, default policy
    (void)aclrtMalloc(&typed, sizeof host, ACL_MEM_MALLOC_HUGE_ONLY);       // template with policy
    (void)aclrtMalloc(&untyped, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST);    // the C function
    (void)aclrtMemcpy(typed, sizeof host, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
    (void)aclrtSynchronizeStream(stream);
    (void)aclrtSynchronizeStream(stream, 1000);
    aclrtStream s2 = nullptr;
    (void)aclrtCreateStream(&s2);
    (void)aclrtCreateStream(&s2, 0, ACL_STREAM_FAST_LAUNCH);
    aclrtEvent ev = nullptr;
    (void)aclrtCreateEvent(&ev);
    (void)aclrtCreateEvent(&ev, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE);
    (void)aclrtFree(typed);
    (void)aclrtFree(untyped);
    return aclFinalize();
}
