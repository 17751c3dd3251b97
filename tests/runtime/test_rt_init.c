/* aclInit / aclFinalize, config-file errors, error retrieval (thread and process level),
 * versions, SoC name, device capability and aclAppLog, as a user program sees them. */
#include <dirent.h>
#include <pthread.h>
#include <sys/stat.h>

#include "rt_test.h"

static char log_dir[512];

static void test_soc_name_without_init(void **state)
{
    (void)state;
    const char *soc = aclrtGetSocName();
    assert_non_null(soc);
    assert_memory_equal(soc, "Ascend", 6);
}

static void test_config_errors(void **state)
{
    (void)state;
    ACL_EXPECT(ACL_ERROR_INVALID_FILE, aclInit("/nonexistent/acl.json"));
    expect_errmsg("(EH0003): Path /nonexistent/acl.json is invalid.");
    char bad[512];
    write_temp(bad, sizeof(bad), "bad.json", "{\"dump\": {");
    ACL_EXPECT(ACL_ERROR_PARSE_FILE, aclInit(bad));
    expect_errmsg("(EH0004): File ");
    char deep[512];
    write_temp(deep, sizeof(deep), "deep.json",
               "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":1}}}}}}}}}}}");
    ACL_EXPECT(ACL_ERROR_PARSE_FILE, aclInit(deep));
    char mode[512];
    write_temp(mode, sizeof(mode), "mode.json", "{\"err_msg_mode\": \"7\"}");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclInit(mode));
    (void)aclGetRecentErrMsg();
    unlink(bad);
    unlink(deep);
    unlink(mode);
}

static void test_init_finalize_cycle(void **state)
{
    (void)state;
    char cfg[512], other[512];
    write_temp(cfg, sizeof(cfg), "acl.json",
               "{\"unknown_key\": {\"x\": [1, 2]}, \"profiler\": {\"switch\": \"off\"}}");
    write_temp(other, sizeof(other), "other.json", "{\"max_opqueue_num\": \"10\"}");
    ACL_OK(aclInit(cfg));
    ACL_EXPECT(ACL_ERROR_REPEAT_INITIALIZE, aclInit(cfg));
    ACL_EXPECT(ACL_ERROR_REPEAT_INITIALIZE, aclInit(NULL));
    ACL_OK(aclFinalize()); /* one finalize clears every init */
    ACL_EXPECT(ACL_ERROR_REPEAT_FINALIZE, aclFinalize());
    /* re-init must use the same configuration content as the first successful one */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclInit(other));
    expect_errmsg("config content differs from the first aclInit config file");
    ACL_OK(aclInit(cfg));
    ACL_EXPECT(ACL_ERROR_REPEAT_INITIALIZE, aclInit(cfg));
    uint64_t refs = 99;
    ACL_OK(aclFinalizeReference(&refs));
    assert_int_equal(refs, 1);
    ACL_OK(aclFinalizeReference(&refs));
    assert_int_equal(refs, 0);
    ACL_EXPECT(ACL_ERROR_REPEAT_FINALIZE, aclFinalizeReference(&refs));
    ACL_EXPECT(ACL_ERROR_REPEAT_FINALIZE, aclFinalize());
    (void)aclGetRecentErrMsg();
    ACL_OK(aclInit(cfg));
    unlink(other);
    unlink(cfg);
}

static void test_error_retrieval(void **state)
{
    (void)state;
    assert_string_equal(aclGetRecentErrMsg(), ""); /* nothing pending */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtGetRunMode(NULL));
    assert_int_equal(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
    assert_int_equal(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
    const char *m = aclGetRecentErrMsg();
    assert_non_null(m);
    char head[32];
    snprintf(head, sizeof(head), "[PID: %d] ", (int)getpid());
    assert_memory_equal(m, head, strlen(head));
    assert_non_null(strstr(m, " Invalid_Argument_Null_Pointer(EH0002): Argument runMode must not be null.\n"));
    assert_string_equal(aclGetRecentErrMsg(), ""); /* reading cleared it */

    aclrtRunMode mode = ACL_DEVICE;
    ACL_OK(aclrtGetRunMode(&mode));
    assert_int_equal(mode, ACL_HOST);

    /* newest first, older ones in the traceback */
    void *p;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMalloc(NULL, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST));
    m = aclGetRecentErrMsg();
    assert_non_null(m);
    const char *newest = strstr(m, "Invalid_Argument(EH0001): Value 0 for size is invalid. Reason: size must be greater than zero.");
    const char *tb = strstr(m, "TraceBack (most recent call last):\n        Argument devPtr must not be null.");
    assert_non_null(newest);
    assert_non_null(tb);
    assert_true(newest < tb);

    aclrtErrorInfo info;
    ACL_OK(aclrtGetErrorVerbose(0, &info));
    assert_int_equal(info.errorType, ACL_RT_NO_ERROR);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtGetErrorVerbose(0, NULL));
    (void)aclGetRecentErrMsg();
}

static void *fail_in_thread(void *arg)
{
    (void)arg;
    aclrtGetRunMode(NULL);
    return NULL;
}

static void test_thread_level_messages(void **state)
{
    (void)state;
    pthread_t t;
    pthread_create(&t, NULL, fail_in_thread, NULL);
    pthread_join(t, NULL);
    assert_string_equal(aclGetRecentErrMsg(), ""); /* the other thread's message is its own */
}

static void test_versions(void **state)
{
    (void)state;
    int32_t major, minor, patch;
    ACL_OK(aclrtGetVersion(&major, &minor, &patch));
    assert_int_equal(major, ACL_MAJOR_VERSION);
    assert_int_equal(minor, ACL_MINOR_VERSION);
    assert_int_equal(patch, ACL_PATCH_VERSION);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtGetVersion(NULL, &minor, &patch));

    char ver[ACL_PKG_VERSION_MAX_SIZE];
    ACL_OK(aclsysGetVersionStr((char *)"runtime", ver));
    int a, b, c;
    assert_int_equal(sscanf(ver, "%d.%d.%d", &a, &b, &c), 3);
    int32_t num;
    ACL_OK(aclsysGetVersionNum((char *)"runtime", &num));
    assert_int_equal(num, a * 10000000 + b * 100000 + c * 1000);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclsysGetVersionStr(NULL, ver));
    ACL_EXPECT(ACL_ERROR_INVALID_FILE, aclsysGetVersionStr((char *)"no-such-package", ver));

    aclCANNPackageVersion pv;
    ACL_OK(aclsysGetCANNVersion(ACL_PKG_NAME_CANN, &pv));
    assert_string_equal(pv.version, ver);
    assert_int_equal(atoi(pv.majorVersion), a);
    assert_int_equal(atoi(pv.minorVersion), b);
    assert_int_equal(atoi(pv.releaseVersion), c);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclsysGetCANNVersion((aclCANNPackageName)99, &pv));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclsysGetCANNVersion(ACL_PKG_NAME_CANN, NULL));
    (void)aclGetRecentErrMsg();
}

static void test_device_capability(void **state)
{
    (void)state;
    int64_t cores = 0, vec = 0, l2 = 0;
    ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &cores));
    ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &vec));
    ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &l2));
    assert_true(cores > 0);
    assert_true(vec >= 0);
    assert_true(l2 > 0);
    uint32_t n;
    ACL_OK(aclrtGetDeviceCount(&n));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclGetDeviceCapability(n, ACL_DEVICE_INFO_AI_CORE_NUM, &cores));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclGetDeviceCapability(0, ACL_DEVICE_INFO_UNDEFINED, &cores));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, NULL));
    (void)aclGetRecentErrMsg();
}

/* ASCEND_PROCESS_LOG_PATH and ASCEND_GLOBAL_LOG_LEVEL=1 are set by main() before the first log. */
static void test_app_log_file(void **state)
{
    (void)state;
    ACL_APP_LOG(ACL_INFO, "hello from the app %d", 42);
    ACL_APP_LOG(ACL_DEBUG, "debug is below the level");
    char dir[600];
    snprintf(dir, sizeof(dir), "%s/debug/plog", log_dir);
    DIR *d = opendir(dir);
    assert_non_null(d);
    char prefix[32];
    snprintf(prefix, sizeof(prefix), "plog-%d_", (int)getpid());
    struct dirent *e;
    char path[1200] = "";
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
            /* plog-<pid>_<17 digits>.log */
            const char *ts = e->d_name + strlen(prefix);
            assert_int_equal(strlen(ts), 17 + 4);
            assert_string_equal(ts + 17, ".log");
            snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        }
    }
    closedir(d);
    assert_true(path[0] != '\0');
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[2048];
    char want[64];
    snprintf(want, sizeof(want), "[INFO] APP(%d,", (int)getpid());
    int found = 0, debug_found = 0;
    while (fgets(line, sizeof(line), f)) {
        if (strstr(line, "hello from the app 42")) {
            assert_memory_equal(line, want, strlen(want));
            assert_non_null(strstr(line, "test_rt_init.c:"));
            found = 1;
        }
        debug_found |= strstr(line, "debug is below the level") != NULL;
    }
    fclose(f);
    assert_true(found);
    assert_false(debug_found);
}

int main(void)
{
    const char *rt = getenv("ACLEMU_RUNTIME_DIR");
    snprintf(log_dir, sizeof(log_dir), "%s/logs-init-%d", rt ? rt : "/tmp", (int)getpid());
    setenv("ASCEND_PROCESS_LOG_PATH", log_dir, 1);
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "1", 1);
    unsetenv("ASCEND_LOG_PRINT_TO_STDOUT");
    unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    unsetenv("ASCEND_MODULE_LOG_LEVEL");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_soc_name_without_init),
        cmocka_unit_test(test_config_errors),
        cmocka_unit_test(test_init_finalize_cycle),
        cmocka_unit_test(test_error_retrieval),
        cmocka_unit_test(test_thread_level_messages),
        cmocka_unit_test(test_versions),
        cmocka_unit_test(test_device_capability),
        cmocka_unit_test(test_app_log_file),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    aclFinalize();
    return rc;
}
