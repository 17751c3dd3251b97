/* System information, runtime-repository style: package versions, the ACL API version, run mode,
 * SoC name, aclDataTypeSize and the fp16 helpers, each checked against the documented values
 * (fp16 bit patterns worked out by hand from IEEE binary16). */
#include <cstdint>
#include <cstring>

#include "acl/acl.h"
#include "utils.h"

namespace {
int CheckPackageVersion()
{
    char pkgName[] = "runtime";
    char versionStr[ACL_PKG_VERSION_MAX_SIZE];
    std::memset(versionStr, 0, sizeof(versionStr));
    int32_t versionNum = 0;
    CHECK_ERROR(aclsysGetVersionStr(pkgName, versionStr));
    CHECK_ERROR(aclsysGetVersionNum(pkgName, &versionNum));
    INFO_LOG("package %s: version %s (%d)", pkgName, versionStr, versionNum);
    EXPECT_TRUE(std::strlen(versionStr) > 0 && std::strlen(versionStr) < ACL_PKG_VERSION_MAX_SIZE);
    EXPECT_TRUE(versionStr[0] >= '1' && versionStr[0] <= '9');
    EXPECT_TRUE(versionNum > 0);

    char unknown[] = "no-such-package";
    EXPECT_TRUE(aclsysGetVersionStr(unknown, versionStr) != ACL_SUCCESS);
    EXPECT_CODE(aclsysGetVersionStr(pkgName, nullptr), ACL_ERROR_INVALID_PARAM);
    return 0;
}

int CheckTypeSizes()
{
    struct { aclDataType type; size_t size; } table[] = {
        {ACL_FLOAT, 4}, {ACL_FLOAT16, 2}, {ACL_INT8, 1}, {ACL_INT32, 4}, {ACL_UINT8, 1},
        {ACL_INT16, 2}, {ACL_UINT16, 2}, {ACL_UINT32, 4}, {ACL_INT64, 8}, {ACL_UINT64, 8},
        {ACL_DOUBLE, 8}, {ACL_BOOL, 1}, {ACL_STRING, 0}, {ACL_COMPLEX64, 8}, {ACL_COMPLEX128, 16},
        {ACL_BF16, 2}, {ACL_DT_UNDEFINED, 0},
    };
    for (const auto &e : table) {
        const size_t got = aclDataTypeSize(e.type);
        if (got != e.size) {
            ERROR_LOG("aclDataTypeSize(%d) = %zu, expected %zu", static_cast<int>(e.type), got, e.size);
            return -1;
        }
    }
    INFO_LOG("aclDataTypeSize: ACL_FLOAT=%zu ACL_FLOAT16=%zu ACL_INT64=%zu",
             aclDataTypeSize(aclDataType::ACL_FLOAT), aclDataTypeSize(aclDataType::ACL_FLOAT16),
             aclDataTypeSize(aclDataType::ACL_INT64));
    return 0;
}

int CheckFp16()
{
    /* 1.625 = 1.101b x 2^0: exponent 15 (0x3C00), mantissa .101 -> 0x280 */
    const aclFloat16 h = aclFloatToFloat16(1.625f);
    INFO_LOG("1.625 -> 0x%04x -> %g", static_cast<unsigned>(h), aclFloat16ToFloat(h));
    EXPECT_TRUE(h == 0x3E80);
    EXPECT_TRUE(aclFloat16ToFloat(h) == 1.625f);
    EXPECT_TRUE(aclFloatToFloat16(-2.0f) == 0xC000);
    EXPECT_TRUE(aclFloatToFloat16(0.0f) == 0x0000);
    EXPECT_TRUE(aclFloatToFloat16(65504.0f) == 0x7BFF);             /* largest finite */
    /* 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: ties to even keeps 1.0 */
    EXPECT_TRUE(aclFloatToFloat16(1.0f + 1.0f / 2048.0f) == 0x3C00);
    /* 1 + 3 * 2^-11 is halfway between mantissas 1 and 2: ties to even gives 2 */
    EXPECT_TRUE(aclFloatToFloat16(1.0f + 3.0f / 2048.0f) == 0x3C02);
    /* the smallest subnormal, 2^-24 */
    EXPECT_TRUE(aclFloatToFloat16(5.9604644775390625e-8f) == 0x0001);
    EXPECT_TRUE(aclFloat16ToFloat(0x0001) == 5.9604644775390625e-8f);
    /* the runtime saturates instead of producing infinities */
    EXPECT_TRUE(aclFloatToFloat16(1e6f) == 0x7BFF);
    EXPECT_TRUE(aclFloatToFloat16(-1e6f) == 0xFBFF);
    /* every finite half survives a round trip through float */
    for (uint32_t bits = 0; bits < 0x10000; bits++) {
        const aclFloat16 in = static_cast<aclFloat16>(bits);
        if ((bits & 0x7C00) == 0x7C00) {
            continue; /* Inf/NaN are not preserved by the runtime's converter */
        }
        const aclFloat16 back = aclFloatToFloat16(aclFloat16ToFloat(in));
        if (back != in && !(bits == 0x8000 && back == 0x0000)) {
            ERROR_LOG("fp16 0x%04x -> %g -> 0x%04x", bits, aclFloat16ToFloat(in), back);
            return -1;
        }
    }
    return 0;
}
} // namespace

int main()
{
    CHECK_ERROR(aclInit(nullptr));
    if (CheckPackageVersion() != 0) {
        return -1;
    }

    int32_t major = -1, minor = -1, patch = -1;
    /* deprecated in favour of aclsysGetVersion*, still what older programs call */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK_ERROR(aclrtGetVersion(&major, &minor, &patch));
#pragma GCC diagnostic pop
    INFO_LOG("ACL version %d.%d.%d", major, minor, patch);
    EXPECT_TRUE(major == ACL_MAJOR_VERSION && minor == ACL_MINOR_VERSION && patch == ACL_PATCH_VERSION);

    aclrtRunMode runMode = ACL_DEVICE;
    CHECK_ERROR(aclrtGetRunMode(&runMode));
    EXPECT_TRUE(runMode == ACL_HOST);

    uint32_t count = 0;
    CHECK_ERROR(aclrtGetDeviceCount(&count));
    EXPECT_TRUE(count >= 1);
    CHECK_ERROR(aclrtSetDevice(0));
    const char *soc = aclrtGetSocName();
    INFO_LOG("%u device(s), device 0 is %s", count, soc != nullptr ? soc : "<null>");
    EXPECT_TRUE(soc != nullptr && std::strncmp(soc, "Ascend", 6) == 0);

    if (CheckTypeSizes() != 0 || CheckFp16() != 0) {
        return -1;
    }

    CHECK_ERROR(aclrtResetDevice(0));
    CHECK_ERROR(aclFinalize());
    INFO_LOG("system_info passed");
    return 0;
}
