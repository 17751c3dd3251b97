/* Virtual memory management: reservations, physical handles and mappings. Data written
 * through a mapped address lands in the physical memory (and shows through a second mapping of
 * the same handle), a copy crossing two mappings is contiguous, stream copies and memsets run
 * in the device process on mapped addresses; the argument checks and the order rules (no free
 * of a mapped handle, no release of a range with mappings) with their codes. */
#include <stdint.h>

#include "rt_test.h"

#define MB2 (2u << 20)

static int setup(void **state)
{
    (void)state;
    return aclrtSetDevice(0) == ACL_SUCCESS ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return aclrtResetDevice(0) == ACL_SUCCESS ? 0 : -1;
}

static aclrtPhysicalMemProp device_prop(void)
{
    aclrtPhysicalMemProp p;
    memset(&p, 0, sizeof p);
    p.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    p.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    p.memAttr = ACL_HBM_MEM_HUGE;
    p.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    p.location.id = 0;
    return p;
}

static void test_granularity(void **state)
{
    (void)state;
    aclrtPhysicalMemProp p = device_prop();
    size_t g = 0;
    ACL_OK(aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &g));
    assert_int_equal(g, MB2);
    ACL_OK(aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    assert_int_equal(g, MB2);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemGetAllocationGranularity(NULL, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemGetAllocationGranularity(&p, ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF, &g));
    (void)aclGetRecentErrMsg();
}

static void test_map_copy_alias(void **state)
{
    (void)state;
    aclrtPhysicalMemProp p = device_prop();
    void *va = NULL;
    ACL_OK(aclrtReserveMemAddress(&va, 4 * MB2, 0, NULL, 0));
    assert_non_null(va);
    assert_int_equal((uintptr_t)va % MB2, 0);
    aclrtDrvMemHandle h1, h2;
    ACL_OK(aclrtMallocPhysical(&h1, MB2, &p, 0));
    ACL_OK(aclrtMallocPhysical(&h2, MB2, &p, 0));
    char *v = va;
    ACL_OK(aclrtMapMem(v, MB2, 0, h1, 0));
    ACL_OK(aclrtMapMem(v + MB2, MB2, 0, h2, 0));
    ACL_OK(aclrtMapMem(v + 2 * MB2, MB2, 0, h1, 0)); /* h1 again: an alias */

    /* a host copy across both mappings */
    size_t n = 2 * MB2;
    unsigned char *in = malloc(n), *out = malloc(n);
    for (size_t i = 0; i < n; i++)
        in[i] = (unsigned char)(i * 7 + 3);
    ACL_OK(aclrtMemcpy(v, n, in, n, ACL_MEMCPY_HOST_TO_DEVICE));
    memset(out, 0, n);
    ACL_OK(aclrtMemcpy(out, n, v, n, ACL_MEMCPY_DEVICE_TO_HOST));
    assert_memory_equal(in, out, n);
    /* the alias shows h1's bytes */
    memset(out, 0, MB2);
    ACL_OK(aclrtMemcpy(out, MB2, v + 2 * MB2, MB2, ACL_MEMCPY_DEVICE_TO_HOST));
    assert_memory_equal(in, out, MB2);

    /* stream-ordered work runs in the device process on the mapped addresses */
    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    void *plain = NULL;
    ACL_OK(aclrtMalloc(&plain, n, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemcpyAsync(plain, n, v, n, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
    ACL_OK(aclrtMemsetAsync(v + 2 * MB2 + 100, 50, 0xab, 50, s)); /* through the alias: lands in h1 */
    ACL_OK(aclrtSynchronizeStream(s));
    memset(out, 0, n);
    ACL_OK(aclrtMemcpy(out, n, plain, n, ACL_MEMCPY_DEVICE_TO_HOST));
    assert_memory_equal(in, out, n);
    ACL_OK(aclrtMemcpy(out, MB2, v, MB2, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < MB2; i++)
        assert_int_equal(out[i], i >= 100 && i < 150 ? 0xab : in[i]);

    /* order rules */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFreePhysical(h1));
    expect_errmsg("still mapped");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress(va));
    expect_errmsg("unmap it first");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMapMem(v, MB2, 0, h2, 0)); /* already mapped there */
    expect_errmsg("overlaps");

    /* unmapping keeps the physical memory: map h2 elsewhere and read it back */
    ACL_OK(aclrtUnmapMem(v + MB2));
    ACL_OK(aclrtMapMem(v + 3 * MB2, MB2, 0, h2, 0));
    ACL_OK(aclrtMemcpy(out, MB2, v + 3 * MB2, MB2, ACL_MEMCPY_DEVICE_TO_HOST));
    assert_memory_equal(in + MB2, out, MB2);
    /* an unmapped address is no device memory any more */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(out, 16, v + MB2, 16, ACL_MEMCPY_DEVICE_TO_HOST));
    (void)aclGetRecentErrMsg();

    ACL_OK(aclrtUnmapMem(v));
    ACL_OK(aclrtUnmapMem(v + 2 * MB2));
    ACL_OK(aclrtUnmapMem(v + 3 * MB2));
    ACL_OK(aclrtFreePhysical(h1));
    ACL_OK(aclrtFreePhysical(h2));
    ACL_OK(aclrtReleaseMemAddress(va));
    ACL_OK(aclrtFree(plain));
    ACL_OK(aclrtDestroyStream(s));
    free(in);
    free(out);
}

static void test_argument_checks(void **state)
{
    (void)state;
    aclrtPhysicalMemProp p = device_prop();
    void *va = NULL;
    aclrtDrvMemHandle h;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(NULL, MB2, 0, NULL, 0));
    /* a reservation's size is rounded up to the granularity: MB2 + 1 takes 4 MiB */
    ACL_OK(aclrtReserveMemAddress(&va, MB2 + 1, 0, NULL, 0));
    {
        aclrtDrvMemHandle h2;
        ACL_OK(aclrtMallocPhysical(&h2, MB2, &p, 0));
        ACL_OK(aclrtMapMem((char *)va + MB2, MB2, 0, h2, 0));
        ACL_OK(aclrtUnmapMem((char *)va + MB2));
        ACL_OK(aclrtFreePhysical(h2));
        ACL_OK(aclrtReleaseMemAddress(va));
    }
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(&va, 0, 0, NULL, 0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, MB2 + 1, &p, 0));
    expect_errmsg("granularity");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(&va, MB2, 3, NULL, 0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtReserveMemAddress(&va, MB2, 0, (void *)0x1000, 0));
    expect_errmsg("expectPtr");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, 0, &p, 0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, MB2, NULL, 0));
    aclrtPhysicalMemProp host = p;
    host.location.type = ACL_MEM_LOCATION_TYPE_HOST;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, MB2, &host, 0));
    aclrtPhysicalMemProp other = p;
    other.location.id = 1;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMallocPhysical(&h, MB2, &other, 0));
    expect_errmsg("current device");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFreePhysical(NULL));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(NULL));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtReleaseMemAddress((void *)0x12345000));

    ACL_OK(aclrtReserveMemAddress(&va, 2 * MB2, 0, NULL, 0));
    ACL_OK(aclrtMallocPhysical(&h, MB2, &p, 0));
    char *v = va;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMapMem(v + 4 * MB2, MB2, 0, h, 0)); /* outside the reservation */
    expect_errmsg("reserved");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMapMem(v, 2 * MB2, 0, h, 0)); /* larger than the handle */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMapMem(v, MB2, MB2, h, 0));  /* offset past it */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMapMem(v + 4096, MB2, 0, h, 0)); /* misaligned */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtUnmapMem(v));                  /* nothing mapped */
    expect_errmsg("not the start of a mapping");
    ACL_OK(aclrtFreePhysical(h));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMapMem(v, MB2, 0, h, 0)); /* freed handle */
    ACL_OK(aclrtReleaseMemAddress(va));
    (void)aclGetRecentErrMsg();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_granularity),
        cmocka_unit_test(test_map_copy_alias),
        cmocka_unit_test(test_argument_checks),
    };
    if (aclInit(NULL) != ACL_SUCCESS)
        return 1;
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    aclFinalize();
    return rc;
}
