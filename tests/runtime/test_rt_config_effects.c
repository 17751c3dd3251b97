/* Effects of aclInit configuration keys: "defaultDevice" makes runtime calls work without
 * aclrtSetDevice; "err_msg_mode": "1" collects error messages process-wide. */
#include <pthread.h>
#include <sys/syscall.h>

#include "rt_test.h"

static void *fail_in_thread(void *arg)
{
    (void)arg;
    aclrtGetRunMode(NULL);
    long *tid = malloc(sizeof(long));
    *tid = (long)syscall(SYS_gettid);
    return tid;
}

static void test_default_device(void **state)
{
    (void)state;
    int32_t dev = -1;
    ACL_OK(aclrtGetDevice(&dev)); /* no aclrtSetDevice in this program */
    assert_int_equal(dev, 0);
    void *d;
    ACL_OK(aclrtMalloc(&d, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemsetAsync(d, 256, 1, 256, NULL));
    ACL_OK(aclrtSynchronizeStream(NULL));
    ACL_OK(aclrtFree(d));
    /* an explicit aclrtSetDevice still works on top */
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtResetDevice(0));
}

static void test_process_level_messages(void **state)
{
    (void)state;
    pthread_t t;
    void *tid;
    pthread_create(&t, NULL, fail_in_thread, NULL);
    pthread_join(t, &tid);
    const char *m = aclGetRecentErrMsg();
    assert_non_null(m);
    char tag[64];
    snprintf(tag, sizeof(tag), "Argument runMode must not be null.[THREAD:%ld]", *(long *)tid);
    assert_non_null(strstr(m, tag));
    free(tid);
    assert_string_equal(aclGetRecentErrMsg(), "");
}

int main(void)
{
    char cfg[512];
    write_temp(cfg, sizeof(cfg), "effects.json",
               "{\"err_msg_mode\": \"1\", \"defaultDevice\": {\"default_device\": \"0\"}}");
    if (aclInit(cfg) != ACL_SUCCESS) {
        return 1;
    }
    unlink(cfg);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_device),
        cmocka_unit_test(test_process_level_messages),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    aclFinalize();
    return rc;
}
