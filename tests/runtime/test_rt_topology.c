/* Two emulated devices (topology file named in the aclInit JSON): per-thread devices,
 * streams of another device, SoC names and capabilities per device, cross-device copies, and
 * ASCEND_RT_VISIBLE_DEVICES renumbering (run with the argument "visible"). */
#include <pthread.h>

#include "rt_test.h"

static const char *second_soc = "Ascend310P3";

static void write_topology_and_config(char *cfg, size_t len)
{
    char topo[512];
    write_temp(topo, sizeof(topo), "topo2.yaml",
               "devices:\n"
               "  - profile: Ascend910B1\n"
               "    memory_cap: 268435456\n"
               "  - profile: Ascend310P3\n"
               "    memory_cap: 268435456\n");
    char json[700];
    snprintf(json, sizeof(json), "{\"aclemu\": {\"topology\": \"%s\"}}", topo);
    write_temp(cfg, len, "topo2.json", json);
}

typedef struct dev_thread {
    int32_t dev;
    int32_t seen;
    char soc[64];
    int ret;
} dev_thread;

static void *use_device(void *p)
{
    dev_thread *a = p;
    a->ret = aclrtSetDevice(a->dev);
    if (a->ret == ACL_SUCCESS) a->ret = aclrtGetDevice(&a->seen);
    const char *soc = aclrtGetSocName();
    snprintf(a->soc, sizeof(a->soc), "%s", soc ? soc : "");
    void *d;
    if (a->ret == ACL_SUCCESS) a->ret = aclrtMalloc(&d, 1 << 16, ACL_MEM_MALLOC_HUGE_FIRST);
    if (a->ret == ACL_SUCCESS) a->ret = aclrtMemset(d, 1 << 16, a->dev + 1, 1 << 16);
    if (a->ret == ACL_SUCCESS) a->ret = aclrtFree(d);
    if (a->ret == ACL_SUCCESS) a->ret = aclrtResetDevice(a->dev);
    return NULL;
}

static void test_two_devices(void **state)
{
    (void)state;
    uint32_t n;
    ACL_OK(aclrtGetDeviceCount(&n));
    assert_int_equal(n, 2);
    int64_t cores0, cores1;
    ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &cores0));
    ACL_OK(aclGetDeviceCapability(1, ACL_DEVICE_INFO_AI_CORE_NUM, &cores1));
    assert_int_not_equal(cores0, cores1); /* 910B1 and 310P3 differ */

    dev_thread a = {.dev = 0}, b = {.dev = 1};
    pthread_t ta, tb;
    pthread_create(&ta, NULL, use_device, &a);
    pthread_create(&tb, NULL, use_device, &b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    assert_int_equal(a.ret, ACL_SUCCESS);
    assert_int_equal(b.ret, ACL_SUCCESS);
    assert_int_equal(a.seen, 0);
    assert_int_equal(b.seen, 1);
    assert_string_equal(a.soc, "Ascend910B1");
    assert_string_equal(b.soc, second_soc);
}

static void test_stream_of_other_device(void **state)
{
    (void)state;
    ACL_OK(aclrtSetDevice(0));
    aclrtStream s0;
    ACL_OK(aclrtCreateStream(&s0));
    void *d0;
    ACL_OK(aclrtMalloc(&d0, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemset(d0, 4096, 0x5A, 4096));
    aclrtContext ctx1;
    ACL_OK(aclrtCreateContext(&ctx1, 1)); /* switches this thread to device 1 */
    int32_t dev;
    ACL_OK(aclrtGetDevice(&dev));
    assert_int_equal(dev, 1);
    assert_string_equal(aclrtGetSocName(), second_soc);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CONTEXT, aclrtSynchronizeStream(s0));
    expect_errmsg("(EE1010): aclrtSynchronizeStream execution failed because stream does not belong to the current context.");
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CONTEXT, aclrtMemsetAsync(d0, 16, 0, 16, s0));

    /* device-to-device copy across devices */
    void *d1;
    ACL_OK(aclrtMalloc(&d1, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemcpy(d1, 4096, d0, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE));
    unsigned char h[4096];
    ACL_OK(aclrtMemcpy(h, 4096, d1, 4096, ACL_MEMCPY_DEVICE_TO_HOST));
    assert_int_equal(h[0], 0x5A);
    assert_int_equal(h[4095], 0x5A);
    aclrtPtrAttributes attr;
    ACL_OK(aclrtPointerGetAttributes(d1, &attr));
    assert_int_equal(attr.location.id, 1);
    int32_t can = 0;
    ACL_OK(aclrtDeviceCanAccessPeer(&can, 0, 1));
    assert_int_equal(can, 1);
    ACL_OK(aclrtDeviceEnablePeerAccess(0, 0));
    ACL_OK(aclrtFree(d1));
    ACL_OK(aclrtDestroyContext(ctx1));

    aclrtContext primary0;
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtGetCurrentContext(&primary0));
    ACL_OK(aclrtSynchronizeStream(s0));
    ACL_OK(aclrtDestroyStream(s0));
    ACL_OK(aclrtFree(d0));
    ACL_OK(aclrtResetDeviceForce(0));
    (void)aclGetRecentErrMsg();
}

/* ASCEND_RT_VISIBLE_DEVICES=1: only the second device, renumbered as 0. */
static void test_visible_devices(void **state)
{
    (void)state;
    uint32_t n;
    ACL_OK(aclrtGetDeviceCount(&n));
    assert_int_equal(n, 1);
    ACL_OK(aclrtSetDevice(0));
    assert_string_equal(aclrtGetSocName(), second_soc);
    ACL_EXPECT(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice(1));
    ACL_OK(aclrtResetDevice(0));
    (void)aclGetRecentErrMsg();
}

int main(int argc, char **argv)
{
    char cfg[512];
    write_topology_and_config(cfg, sizeof(cfg));
    if (aclInit(cfg) != ACL_SUCCESS) {
        const char *m = aclGetRecentErrMsg();
        fprintf(stderr, "aclInit failed\n%s", m ? m : "");
        return 1;
    }
    int rc;
    if (argc > 1 && strcmp(argv[1], "visible") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_visible_devices)};
        rc = cmocka_run_group_tests(tests, NULL, NULL);
    } else {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_two_devices),
            cmocka_unit_test(test_stream_of_other_device),
        };
        rc = cmocka_run_group_tests(tests, NULL, NULL);
    }
    aclFinalize();
    return rc;
}
