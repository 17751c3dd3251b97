/* Host-to-host copies, runtime-repository style: pinned buffers from aclrtMallocHost and pageable
 * ones from new[], copied with aclrtMemcpy(ACL_MEMCPY_HOST_TO_HOST) and checked byte for byte;
 * plus the documented edge cases (count 0, count > destMax, NULL pointers, freeing). */
#include <cstdint>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "utils.h"

namespace {
int CopyAndCheck(void *dst, const void *src, size_t bytes)
{
    CHECK_ERROR(aclrtMemcpy(dst, bytes, src, bytes, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_TRUE(std::memcmp(dst, src, bytes) == 0);
    return 0;
}
} // namespace

int main()
{
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(0));

    const size_t bytes = 1u << 20;
    void *pinnedSrc = nullptr, *pinnedDst = nullptr;
    CHECK_ERROR(aclrtMallocHost(&pinnedSrc, bytes));
    CHECK_ERROR(aclrtMallocHost(&pinnedDst, bytes));
    EXPECT_TRUE(reinterpret_cast<uintptr_t>(pinnedSrc) % 64 == 0); /* documented alignment */
    uint32_t *words = static_cast<uint32_t *>(pinnedSrc);
    for (size_t i = 0; i < bytes / 4; i++) {
        words[i] = static_cast<uint32_t>(i * 2654435761u);
    }
    std::memset(pinnedDst, 0, bytes);
    if (CopyAndCheck(pinnedDst, pinnedSrc, bytes) != 0) {
        return -1;
    }
    INFO_LOG("pinned -> pinned: %zu bytes copied", bytes);

    std::vector<unsigned char> pageable(bytes, 0);
    if (CopyAndCheck(pageable.data(), pinnedSrc, bytes) != 0) {
        return -1;
    }
    std::vector<unsigned char> pageable2(bytes, 0xee);
    if (CopyAndCheck(pageable2.data(), pageable.data(), bytes) != 0) {
        return -1;
    }
    INFO_LOG("pinned -> pageable -> pageable: ok");

    /* a partial copy leaves the rest of the destination alone */
    std::memset(pinnedDst, 0x11, bytes);
    CHECK_ERROR(aclrtMemcpy(pinnedDst, bytes, pinnedSrc, 100, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_TRUE(std::memcmp(pinnedDst, pinnedSrc, 100) == 0);
    EXPECT_TRUE(static_cast<unsigned char *>(pinnedDst)[100] == 0x11);

    /* aclrtMemset works on host memory from the ACL allocators as well */
    CHECK_ERROR(aclrtMemset(pinnedDst, bytes, 0x7f, bytes));
    for (size_t i = 0; i < bytes; i += 4093) {
        EXPECT_TRUE(static_cast<unsigned char *>(pinnedDst)[i] == 0x7f);
    }

    /* edge cases of the reference: count 0 succeeds, count > destMax is 107000, NULL is 100000 */
    CHECK_ERROR(aclrtMemcpy(pinnedDst, bytes, pinnedSrc, 0, ACL_MEMCPY_HOST_TO_HOST));
    EXPECT_CODE(aclrtMemcpy(pinnedDst, 16, pinnedSrc, 17, ACL_MEMCPY_HOST_TO_HOST),
                ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_CODE(aclrtMemcpy(nullptr, 16, pinnedSrc, 16, ACL_MEMCPY_HOST_TO_HOST),
                ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtMemcpy(pinnedDst, 16, pinnedSrc, 16, static_cast<aclrtMemcpyKind>(42)),
                ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtMallocHost(nullptr, 16), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtMallocHost(&pinnedDst, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM);
    (void)aclGetRecentErrMsg(); /* drop the messages of the expected failures */

    CHECK_ERROR(aclrtFreeHost(pinnedSrc));
    CHECK_ERROR(aclrtFreeHost(pinnedDst));
    CHECK_ERROR(aclrtResetDevice(0));
    CHECK_ERROR(aclFinalize());
    INFO_LOG("h2h_memory_copy passed");
    return 0;
}
