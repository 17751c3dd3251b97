/* Error handling, runtime-repository style: provoke aclrtGetRunMode(nullptr), then read the
 * thread's last error (peek keeps it, get clears it), the recent error message (read once, then
 * empty) and the verbose error info; reading everything a second time shows it was consumed. */
#include <cstdint>
#include <cstring>

#include "acl/acl.h"
#include "utils.h"

int main()
{
    const int32_t deviceId = 0;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(deviceId));

    aclrtRunMode runMode = ACL_DEVICE;
    CHECK_ERROR(aclrtGetRunMode(&runMode));
    EXPECT_TRUE(runMode == ACL_HOST); /* the emulated card is driven from the host */
    INFO_LOG("run mode: %s", runMode == ACL_HOST ? "ACL_HOST" : "ACL_DEVICE");

    /* nothing has failed yet */
    EXPECT_TRUE(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);

    const aclError ret = aclrtGetRunMode(nullptr);
    EXPECT_TRUE(ret == ACL_ERROR_INVALID_PARAM);
    const aclError peekErr = aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL);
    const aclError peekAgain = aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL);
    const aclError lastErr = aclrtGetLastError(ACL_RT_THREAD_LEVEL);
    const char *msg = aclGetRecentErrMsg();
    INFO_LOG("ret=%d peekErr=%d lastErr=%d recentErrMsg=%s", static_cast<int>(ret),
             static_cast<int>(peekErr), static_cast<int>(lastErr), msg != nullptr ? msg : "<null>");
    EXPECT_TRUE(peekErr == ret);
    EXPECT_TRUE(peekAgain == ret); /* peeking does not clear */
    EXPECT_TRUE(lastErr == ret);
    /* a message in the real format: "[PID: <pid>] <time> <Title>(EH0002): Argument runMode must
     * not be null." */
    EXPECT_TRUE(msg != nullptr && std::strncmp(msg, "[PID: ", 6) == 0);
    EXPECT_TRUE(std::strstr(msg, "(EH0002): ") != nullptr);
    EXPECT_TRUE(std::strstr(msg, "runMode") != nullptr);

    aclrtErrorInfo info;
    std::memset(&info, 0xff, sizeof(info));
    const aclError verbose = aclrtGetErrorVerbose(deviceId, &info);
    INFO_LOG("aclrtGetErrorVerbose -> %d, errorType=%d tryRepair=%u hasDetail=%u",
             static_cast<int>(verbose), static_cast<int>(info.errorType),
             static_cast<unsigned>(info.tryRepair), static_cast<unsigned>(info.hasDetail));
    /* no device fault happened: a clean summary */
    EXPECT_TRUE(verbose == ACL_SUCCESS);
    EXPECT_TRUE(info.errorType == ACL_RT_NO_ERROR && info.hasDetail == 0);

    /* consumed: the codes are back to 0 and the message is empty */
    const aclError clearedPeek = aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL);
    const aclError clearedLast = aclrtGetLastError(ACL_RT_THREAD_LEVEL);
    const char *clearedMsg = aclGetRecentErrMsg();
    INFO_LOG("after consumption: peekErr=%d lastErr=%d recentErrMsg=%s",
             static_cast<int>(clearedPeek), static_cast<int>(clearedLast),
             clearedMsg != nullptr ? clearedMsg : "<null>");
    EXPECT_TRUE(clearedPeek == ACL_SUCCESS);
    EXPECT_TRUE(clearedLast == ACL_SUCCESS);
    EXPECT_TRUE(clearedMsg == nullptr || clearedMsg[0] == '\0');

    /* an invalid level is itself rejected */
    EXPECT_CODE(aclrtPeekAtLastError(static_cast<aclrtLastErrLevel>(7)), ACL_ERROR_INVALID_PARAM);

    CHECK_ERROR(aclrtResetDeviceForce(deviceId));
    CHECK_ERROR(aclFinalize());
    INFO_LOG("error_handling passed");
    return 0;
}
