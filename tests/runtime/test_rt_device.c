/* Devices and contexts: set/reset refcounting, default contexts and streams, explicit
 * contexts, context switching, stale handles, per-thread current device. */
#include <pthread.h>

#include "rt_test.h"

static void test_no_device_set(void **state)
{
    (void)state;
    int32_t dev;
    void *p;
    aclrtStream s;
    aclrtContext ctx;
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtCreateStream(&s));
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetCurrentContext(&ctx));
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtSynchronizeStream(NULL));
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtMallocHost(&p, 64));
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtSynchronizeDevice());
    expect_errmsg("(EE1018): ");
    uint32_t n;
    ACL_OK(aclrtGetDeviceCount(&n));
    assert_true(n >= 1);
    ACL_EXPECT(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice(-1));
    ACL_EXPECT(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice((int32_t)n));
    ACL_EXPECT(ACL_ERROR_RT_INVALID_DEVICEID, aclrtResetDevice((int32_t)n));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceCount(NULL));
    (void)aclGetRecentErrMsg();
}

static void test_set_reset_refcount(void **state)
{
    (void)state;
    int32_t dev = -1, active = -1;
    uint32_t flags = 9;
    ACL_OK(aclrtGetPrimaryCtxState(0, &flags, &active));
    assert_int_equal(active, 0);
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtGetDevice(&dev));
    assert_int_equal(dev, 0);
    ACL_OK(aclrtGetPrimaryCtxState(0, &flags, &active));
    assert_int_equal(active, 1);
    assert_int_equal(flags, 0);

    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    ACL_OK(aclrtResetDevice(0)); /* 2 -> 1: still usable */
    ACL_OK(aclrtSynchronizeStream(s));
    ACL_OK(aclrtResetDevice(0)); /* 1 -> 0: default context and its streams are gone */
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(s)); /* stale handle, no crash */
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtResetDevice(0)); /* already released */
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtResetDeviceForce(0));
    ACL_OK(aclrtGetPrimaryCtxState(0, &flags, &active));
    assert_int_equal(active, 0);

    /* force reset releases any count at once */
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtResetDeviceForce(0));
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtResetDevice(0));
    (void)aclGetRecentErrMsg();
}

static void test_contexts(void **state)
{
    (void)state;
    ACL_OK(aclrtSetDevice(0));
    aclrtContext primary, ctx, cur;
    ACL_OK(aclrtGetCurrentContext(&primary));
    aclrtStream primary_default, ctx_default;
    ACL_OK(aclrtCtxGetCurrentDefaultStream(&primary_default));
    assert_non_null(primary_default);

    ACL_OK(aclrtCreateContext(&ctx, 0));
    ACL_OK(aclrtGetCurrentContext(&cur));
    assert_ptr_equal(cur, ctx); /* a new context becomes current */
    assert_ptr_not_equal(ctx, primary);
    ACL_OK(aclrtCtxGetCurrentDefaultStream(&ctx_default));
    assert_ptr_not_equal(ctx_default, primary_default); /* each context has its own */

    /* the default stream handle works like NULL */
    void *d;
    ACL_OK(aclrtMalloc(&d, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemsetAsync(d, 4096, 7, 4096, ctx_default));
    ACL_OK(aclrtSynchronizeStream(ctx_default));
    unsigned char h[4096];
    ACL_OK(aclrtMemcpy(h, sizeof(h), d, sizeof(h), ACL_MEMCPY_DEVICE_TO_HOST));
    assert_int_equal(h[0], 7);
    assert_int_equal(h[4095], 7);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(ctx_default)); /* not destroyable */
    ACL_OK(aclrtFree(d));

    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s)); /* belongs to ctx */

    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyContext(primary)); /* default context */
    ACL_OK(aclrtSetCurrentContext(primary));
    ACL_OK(aclrtGetCurrentContext(&cur));
    assert_ptr_equal(cur, primary);
    ACL_OK(aclrtDestroyContext(ctx));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSetCurrentContext(ctx)); /* destroyed */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyContext(ctx));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSynchronizeStream(s)); /* went with its context */
    int garbage[8] = {0};
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSetCurrentContext(garbage));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(garbage));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSetCurrentContext(NULL));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtCreateContext(NULL, 0));
    ACL_EXPECT(ACL_ERROR_RT_INVALID_DEVICEID, aclrtCreateContext(&ctx, 1000));

    /* destroying the current explicit context leaves the thread without one */
    ACL_OK(aclrtCreateContext(&ctx, 0));
    ACL_OK(aclrtDestroyContext(ctx));
    int32_t dev;
    ACL_EXPECT(ACL_ERROR_RT_CONTEXT_NULL, aclrtGetDevice(&dev));
    ACL_OK(aclrtResetDevice(0));
    (void)aclGetRecentErrMsg();
}

typedef struct thread_arg {
    aclrtContext ctx;
    int32_t dev_before;
    int ret_before;
    int32_t dev_after;
    int ret_after;
} thread_arg;

static void *other_thread(void *p)
{
    thread_arg *a = p;
    a->ret_before = aclrtGetDevice(&a->dev_before); /* current device is per thread */
    aclrtSetCurrentContext(a->ctx);
    a->ret_after = aclrtGetDevice(&a->dev_after);
    (void)aclGetRecentErrMsg();
    return NULL;
}

static void *set_and_reset(void *p)
{
    (void)p;
    if (aclrtSetDevice(0) != ACL_SUCCESS) return (void *)1;
    void *d;
    if (aclrtMalloc(&d, 1024, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return (void *)2;
    if (aclrtFree(d) != ACL_SUCCESS) return (void *)3;
    if (aclrtResetDevice(0) != ACL_SUCCESS) return (void *)4;
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    ACL_OK(aclrtSetDevice(0));
    thread_arg a = {0};
    ACL_OK(aclrtGetCurrentContext(&a.ctx));
    pthread_t t;
    pthread_create(&t, NULL, other_thread, &a);
    pthread_join(t, NULL);
    assert_int_equal(a.ret_before, ACL_ERROR_RT_CONTEXT_NULL);
    assert_int_equal(a.ret_after, ACL_SUCCESS);
    assert_int_equal(a.dev_after, 0);

    /* threads sharing the device's default context: their resets only drop references */
    pthread_t ts[4];
    for (int i = 0; i < 4; i++) pthread_create(&ts[i], NULL, set_and_reset, NULL);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(ts[i], &r);
        assert_null(r);
    }
    int32_t dev = -1;
    ACL_OK(aclrtGetDevice(&dev)); /* still set in this thread */
    ACL_OK(aclrtSynchronizeDevice());
    ACL_OK(aclrtSynchronizeDeviceWithTimeout(1000));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeDeviceWithTimeout(-5));
    ACL_OK(aclrtResetDevice(0));
    (void)aclGetRecentErrMsg();
}

static void test_utilization_and_peers(void **state)
{
    (void)state;
    aclrtUtilizationInfo u;
    memset(&u, 0xff, sizeof(u));
    ACL_OK(aclrtGetDeviceUtilizationRate(0, &u));
    assert_true(u.cubeUtilization >= 0 && u.cubeUtilization <= 100);
    assert_true(u.memoryUtilization >= 0 && u.memoryUtilization <= 100);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceUtilizationRate(0, NULL));
    ACL_EXPECT(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetDeviceUtilizationRate(99, &u));
    int32_t can = -1;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDeviceCanAccessPeer(&can, 0, 0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDeviceCanAccessPeer(NULL, 0, 0));
    ACL_OK(aclrtSetOpWaitTimeout(10));
    ACL_OK(aclrtSetOpExecuteTimeOut(10));
    (void)aclGetRecentErrMsg();
}

static void test_device_settings(void **state)
{
    (void)state;
    int32_t least, greatest;
    ACL_OK(aclrtDeviceGetStreamPriorityRange(&least, &greatest));
    assert_true(least >= greatest);
    int64_t v = 0, cap = 0;
    ACL_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, &v));
    ACL_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &cap));
    assert_int_equal(v, cap);
    ACL_EXPECT(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetDeviceInfo(64, ACL_DEV_ATTR_AICORE_CORE_NUM, &v));
    uint32_t lim = 0, vec = 0;
    ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &lim));
    assert_true(lim > 0);
    ACL_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 1));
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &vec));
    assert_int_equal(vec, 1);
    ACL_OK(aclrtResetDeviceResLimit(0));
    ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &vec));
    assert_int_equal(vec, lim);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, lim + 1));

    int64_t p;
    ACL_EXPECT(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET, aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    ACL_OK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1));
    ACL_OK(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    assert_int_equal(p, 1);

    aclrtStreamConfigHandle *h = aclrtCreateStreamConfigHandle();
    assert_non_null(h);
    uint32_t prio = 3, flag = ACL_STREAM_FAST_SYNC;
    ACL_OK(aclrtSetStreamConfigOpt(h, ACL_RT_STREAM_PRIORITY, &prio, sizeof(prio)));
    ACL_OK(aclrtSetStreamConfigOpt(h, ACL_RT_STREAM_FLAG, &flag, sizeof(flag)));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSetStreamConfigOpt(h, ACL_RT_STREAM_FLAG, &flag, 1));
    aclrtStream s;
    ACL_OK(aclrtCreateStreamV2(&s, h));
    uint32_t got;
    ACL_OK(aclrtStreamGetPriority(s, &got));
    assert_int_equal(got, 3);
    ACL_OK(aclrtStreamGetFlags(s, &got));
    assert_int_equal(got, ACL_STREAM_FAST_SYNC);
    ACL_OK(aclrtDestroyStream(s));
    ACL_OK(aclrtDestroyStreamConfigHandle(h));
    aclrtDeviceStatus ds;
    ACL_OK(aclrtQueryDeviceStatus(0, &ds));
    assert_int_equal(ds, ACL_RT_DEVICE_STATUS_NORMAL);
    ACL_OK(aclrtResetDevice(0));
    (void)aclGetRecentErrMsg();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_device_set),
        cmocka_unit_test(test_set_reset_refcount),
        cmocka_unit_test(test_contexts),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_utilization_and_peers),
        cmocka_unit_test(test_device_settings),
    };
    if (aclInit(NULL) != ACL_SUCCESS) {
        return 1;
    }
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    aclFinalize();
    return rc;
}
