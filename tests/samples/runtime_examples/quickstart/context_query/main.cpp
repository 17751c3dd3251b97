/* Context query, runtime-repository style: the default context of a device, an explicit context
 * made current, its default stream, the per-thread core limits, switching back and forth and a
 * second thread that starts without a context. */
#include <cstdint>
#include <cstring>
#include <thread>

#include "acl/acl.h"
#include "utils.h"

namespace {
constexpr int32_t kDeviceId = 0;

int QueryInOtherThread(aclrtContext ctx, int *verdict)
{
    *verdict = -1;
    aclrtContext current = reinterpret_cast<aclrtContext>(0x1);
    /* a fresh thread has no current context until it sets one */
    const aclError none = aclrtGetCurrentContext(&current);
    EXPECT_TRUE(none != ACL_SUCCESS || current == nullptr);
    CHECK_ERROR(aclrtSetCurrentContext(ctx));
    CHECK_ERROR(aclrtGetCurrentContext(&current));
    EXPECT_TRUE(current == ctx);
    int32_t dev = -1;
    CHECK_ERROR(aclrtGetDevice(&dev));
    EXPECT_TRUE(dev == kDeviceId);
    *verdict = 0;
    return 0;
}

int RunContextQuery()
{
    aclrtContext defaultContext = nullptr;
    CHECK_ERROR(aclrtGetCurrentContext(&defaultContext));
    EXPECT_TRUE(defaultContext != nullptr); /* aclrtSetDevice made the default context current */

    aclrtContext context = nullptr;
    CHECK_ERROR(aclrtCreateContext(&context, kDeviceId));
    EXPECT_TRUE(context != nullptr && context != defaultContext);
    CHECK_ERROR(aclrtSetCurrentContext(context));
    aclrtContext current = nullptr;
    CHECK_ERROR(aclrtGetCurrentContext(&current));
    EXPECT_TRUE(current == context);
    INFO_LOG("created context %p is current (default context %p)", context, defaultContext);

    aclrtStream defaultStream = reinterpret_cast<aclrtStream>(0x1);
    CHECK_ERROR(aclrtCtxGetCurrentDefaultStream(&defaultStream));
    INFO_LOG("default stream of the current context: %p", defaultStream);
    /* the default stream is usable: a memset on it followed by synchronizing it */
    void *dev = nullptr;
    CHECK_ERROR(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemsetAsync(dev, 256, 0x5a, 256, defaultStream));
    CHECK_ERROR(aclrtSynchronizeStream(defaultStream));
    unsigned char host[256];
    CHECK_ERROR(aclrtMemcpy(host, sizeof(host), dev, sizeof(host), ACL_MEMCPY_DEVICE_TO_HOST));
    for (unsigned char b : host) {
        EXPECT_TRUE(b == 0x5a);
    }
    CHECK_ERROR(aclrtFree(dev));

    uint32_t cube = 0, vector = 0;
    CHECK_ERROR(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &cube));
    CHECK_ERROR(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &vector));
    INFO_LOG("core limits of this thread: cube %u, vector %u", cube, vector);
    EXPECT_TRUE(cube > 0 && vector > 0);
    const char *soc = aclrtGetSocName();
    if (soc != nullptr && std::strcmp(soc, "Ascend910B1") == 0) {
        EXPECT_TRUE(cube == 24 && vector == 48); /* Atlas A2 910B1: 24 AI cores, 2 vector cores each */
    }

    int verdict = -1;
    std::thread other([&] { QueryInOtherThread(context, &verdict); });
    other.join();
    EXPECT_TRUE(verdict == 0);

    /* back to the default context, then the explicit one goes away */
    CHECK_ERROR(aclrtSetCurrentContext(defaultContext));
    CHECK_ERROR(aclrtDestroyContext(context));
    CHECK_ERROR(aclrtGetCurrentContext(&current));
    EXPECT_TRUE(current == defaultContext);
    EXPECT_CODE(aclrtCreateContext(nullptr, kDeviceId), ACL_ERROR_INVALID_PARAM);
    INFO_LOG("context query done");
    return 0;
}
} // namespace

int main()
{
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(kDeviceId));
    const int ret = RunContextQuery();
    CHECK_ERROR(aclrtResetDeviceForce(kDeviceId));
    CHECK_ERROR(aclFinalize());
    if (ret == 0) {
        INFO_LOG("context_query passed");
    }
    return ret;
}
