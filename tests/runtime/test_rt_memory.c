/* Device and pinned host memory, copies and memsets: argument checks in the runtime's order,
 * size rounding and padding, data integrity in every direction. */
#include "rt_test.h"

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

static void test_malloc_checks_and_rounding(void **state)
{
    (void)state;
    void *p = NULL;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMalloc(NULL, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST));
    expect_errmsg("Value 0 for size is invalid. Reason: size must be greater than zero.");

    unsigned char src[256] = {0};
    /* 33 bytes -> 64 rounded + 32 padding = 96 usable bytes */
    ACL_OK(aclrtMalloc(&p, 33, ACL_MEM_MALLOC_HUGE_FIRST));
    assert_int_equal((uintptr_t)p % 32, 0);
    ACL_OK(aclrtMemcpy(p, 96, src, 96, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(p, 97, src, 97, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclrtFree(p));
    /* aclrtMallocAlign32: rounding without padding */
    ACL_OK(aclrtMallocAlign32(&p, 33, ACL_MEM_MALLOC_NORMAL_ONLY));
    ACL_OK(aclrtMemcpy(p, 64, src, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(p, 65, src, 65, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclrtFree(p));
    ACL_OK(aclrtMallocCached(&p, 100, ACL_MEM_MALLOC_HUGE_ONLY));
    ACL_OK(aclrtFree(p));

    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFree(NULL));
    int local;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFree(&local)); /* not device memory */
    ACL_OK(aclrtMalloc(&p, 1024, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFree((char *)p + 32)); /* not the start */
    ACL_OK(aclrtFree(p));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFree(p)); /* double free */
    (void)aclGetRecentErrMsg();
}

static void test_memcpy_checks(void **state)
{
    (void)state;
    char a[64], b[64];
    /* count 0 succeeds before any pointer check */
    ACL_OK(aclrtMemcpy(NULL, 0, NULL, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclrtMemcpy(NULL, 0, NULL, 0, (aclrtMemcpyKind)77));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(NULL, 64, b, 8, ACL_MEMCPY_HOST_TO_HOST));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemcpy(a, 64, NULL, 8, ACL_MEMCPY_HOST_TO_HOST));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM,
               aclrtMemcpy(a, 64, b, 8, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpy(a, 4, b, 8, ACL_MEMCPY_HOST_TO_HOST));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpy(a, 0, b, 8, ACL_MEMCPY_HOST_TO_HOST));
    ACL_OK(aclrtMemcpy(a, 64, a, 64, ACL_MEMCPY_HOST_TO_HOST)); /* dst == src */
    memset(b, 5, sizeof(b));
    ACL_OK(aclrtMemcpy(a, 64, b, 64, ACL_MEMCPY_HOST_TO_HOST));
    assert_memory_equal(a, b, 64);
    (void)aclGetRecentErrMsg();
}

static void test_copy_directions(void **state)
{
    (void)state;
    const size_t n = 3 << 20;
    unsigned char *h = malloc(n), *back = malloc(n);
    for (size_t i = 0; i < n; i++) h[i] = (unsigned char)(i * 131 + 7);
    void *d1, *d2;
    ACL_OK(aclrtMalloc(&d1, n, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMalloc(&d2, n, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemcpy(d1, n, h, n, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclrtMemcpy(d2, n, d1, n, ACL_MEMCPY_DEVICE_TO_DEVICE));
    memset(back, 0, n);
    ACL_OK(aclrtMemcpy(back, n, d2, n, ACL_MEMCPY_DEVICE_TO_HOST));
    assert_memory_equal(back, h, n);
    /* the kind is advisory: the direction follows the pointers */
    memset(back, 0, n);
    ACL_OK(aclrtMemcpy(back, n, d1, n, ACL_MEMCPY_DEFAULT));
    assert_memory_equal(back, h, n);
    /* offsets inside an allocation */
    ACL_OK(aclrtMemcpy((char *)d1 + 100, 1000, h + 5000, 1000, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclrtMemcpy(back, 1000, (char *)d1 + 100, 1000, ACL_MEMCPY_DEVICE_TO_HOST));
    assert_memory_equal(back, h + 5000, 1000);
    ACL_OK(aclrtMemcpy(d1, n, h, n, ACL_MEMCPY_HOST_TO_DEVICE)); /* restore */

    /* async with pageable and pinned host memory */
    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    void *pinned;
    ACL_OK(aclrtMallocHost(&pinned, n));
    memcpy(pinned, h, n);
    ACL_OK(aclrtMemsetAsync(d2, n, 0, n, s));
    ACL_OK(aclrtMemcpyAsync(d2, n, pinned, n, ACL_MEMCPY_HOST_TO_DEVICE, s));
    ACL_OK(aclrtMemcpyAsync(back, n, d2, n, ACL_MEMCPY_DEVICE_TO_HOST, s));
    ACL_OK(aclrtSynchronizeStream(s));
    assert_memory_equal(back, h, n);
    memset(pinned, 0, n);
    ACL_OK(aclrtMemcpyAsync(pinned, n, d1, n, ACL_MEMCPY_DEVICE_TO_HOST, NULL)); /* default stream */
    ACL_OK(aclrtSynchronizeStream(NULL));
    assert_memory_equal(pinned, h, n);
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(d1, 8, h, 16, ACL_MEMCPY_HOST_TO_DEVICE, s));
    ACL_OK(aclrtMemcpyAsync(NULL, 0, NULL, 0, ACL_MEMCPY_HOST_TO_DEVICE, s));

    /* 2-D copies: a 7x5 window with different pitches */
    unsigned char grid[16 * 8], out[10 * 8];
    for (size_t i = 0; i < sizeof(grid); i++) grid[i] = (unsigned char)i;
    ACL_OK(aclrtMemcpy2d(d1, 12, grid, 16, 7, 5, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclrtMemcpy2d(out, 10, d1, 12, 7, 5, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 7; c++) assert_int_equal(out[r * 10 + c], grid[r * 16 + c]);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemcpy2d(out, 4, d1, 12, 7, 5, ACL_MEMCPY_DEVICE_TO_HOST));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemcpy2d(out, 10, d1, 12, 7, 5, ACL_MEMCPY_HOST_TO_HOST));
    ACL_OK(aclrtMemcpy2d(NULL, 10, NULL, 12, 0, 5, ACL_MEMCPY_DEVICE_TO_HOST));
    memset(out, 0, sizeof(out));
    ACL_OK(aclrtMemcpy2dAsync(out, 10, d1, 12, 7, 5, ACL_MEMCPY_DEVICE_TO_HOST, s));
    ACL_OK(aclrtSynchronizeStream(s));
    assert_int_equal(out[4 * 10 + 6], grid[4 * 16 + 6]);

    ACL_OK(aclrtDestroyStream(s));
    ACL_OK(aclrtFreeHost(pinned));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(NULL));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtFreeHost(h)); /* malloc'd, not pinned */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMallocHost(&pinned, 0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMallocHost(NULL, 16));
    ACL_OK(aclrtFree(d1));
    ACL_OK(aclrtFree(d2));
    free(h);
    free(back);
    (void)aclGetRecentErrMsg();
}

static void test_memset(void **state)
{
    (void)state;
    void *d;
    unsigned char h[1000];
    ACL_OK(aclrtMalloc(&d, 1000, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemset(d, 1000, 0x1AB, 1000)); /* only the low byte counts */
    ACL_OK(aclrtMemcpy(h, 1000, d, 1000, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 1000; i++) assert_int_equal(h[i], 0xAB);
    ACL_OK(aclrtMemset(NULL, 0, 1, 0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMemset(NULL, 10, 1, 10));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtMemset(d, 10, 1, 11));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtMemsetAsync(d, 10, 1, 11, NULL));
    /* memset works on pinned host memory too */
    void *pinned;
    ACL_OK(aclrtMallocHost(&pinned, 64));
    ACL_OK(aclrtMemset(pinned, 64, 3, 64));
    assert_int_equal(((unsigned char *)pinned)[63], 3);
    ACL_OK(aclrtMemsetAsync(pinned, 64, 4, 64, NULL));
    ACL_OK(aclrtSynchronizeStream(NULL));
    assert_int_equal(((unsigned char *)pinned)[0], 4);
    ACL_OK(aclrtFreeHost(pinned));
    ACL_OK(aclrtFree(d));
    (void)aclGetRecentErrMsg();
}

static void test_mem_info_and_attributes(void **state)
{
    (void)state;
    size_t free0, total;
    ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total));
    assert_true(total > 0);
    assert_true(free0 <= total);
    void *d;
    ACL_OK(aclrtMalloc(&d, 64 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    size_t free1;
    ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free1, &total));
    assert_true(free1 + (64 << 20) <= free0 + (4 << 20));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtGetMemInfo(ACL_HBM_MEM, NULL, &total));
    size_t ddr_free, ddr_total;
    ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &ddr_free, &ddr_total));
    assert_true(ddr_free <= ddr_total);

    aclrtPtrAttributes attr;
    ACL_OK(aclrtPointerGetAttributes(d, &attr));
    assert_int_equal(attr.location.type, ACL_MEM_LOCATION_TYPE_DEVICE);
    assert_int_equal(attr.location.id, 0);
    int local;
    ACL_OK(aclrtPointerGetAttributes(&local, &attr));
    assert_int_equal(attr.location.type, ACL_MEM_LOCATION_TYPE_UNREGISTERED);
    void *pinned;
    ACL_OK(aclrtMallocHost(&pinned, 128));
    ACL_OK(aclrtPointerGetAttributes(pinned, &attr));
    assert_int_equal(attr.location.type, ACL_MEM_LOCATION_TYPE_HOST);
    ACL_OK(aclrtFreeHost(pinned));
    ACL_OK(aclrtFree(d));
    (void)aclGetRecentErrMsg();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malloc_checks_and_rounding),
        cmocka_unit_test(test_memcpy_checks),
        cmocka_unit_test(test_copy_directions),
        cmocka_unit_test(test_memset),
        cmocka_unit_test(test_mem_info_and_attributes),
    };
    if (aclInit(NULL) != ACL_SUCCESS) {
        return 1;
    }
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    aclFinalize();
    return rc;
}
