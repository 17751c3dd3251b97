/* Streams and events: creation checks, stale handles, synchronisation with timeouts, queries,
 * cross-stream ordering through events, elapsed time. */
#include <time.h>

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

static void sleep_ms(void *arg)
{
    struct timespec ts = {0, (long)(intptr_t)arg * 1000000L};
    nanosleep(&ts, NULL);
}

static void test_stream_lifecycle(void **state)
{
    (void)state;
    aclrtStream a, b;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtCreateStream(NULL));
    ACL_OK(aclrtCreateStream(&a));
    ACL_OK(aclrtCreateStreamWithConfig(&b, 0, ACL_STREAM_FAST_LAUNCH));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtCreateStreamWithConfig(&b, 0, 0x8000));
    int32_t ida, idb;
    ACL_OK(aclrtStreamGetId(a, &ida));
    ACL_OK(aclrtStreamGetId(b, &idb));
    assert_int_not_equal(ida, idb);
    int32_t id0;
    ACL_OK(aclrtStreamGetId(NULL, &id0)); /* default stream */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtStreamGetId(a, NULL));
    uint32_t flags;
    ACL_OK(aclrtStreamGetFlags(b, &flags));
    assert_int_equal(flags, ACL_STREAM_FAST_LAUNCH);

    aclrtStreamStatus st = ACL_STREAM_STATUS_RESERVED;
    ACL_OK(aclrtSynchronizeStream(a));
    ACL_OK(aclrtStreamQuery(a, &st));
    assert_int_equal(st, ACL_STREAM_STATUS_COMPLETE);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtStreamQuery(a, NULL));

    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(NULL));
    ACL_OK(aclrtDestroyStream(a));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(a)); /* twice */
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSynchronizeStream(a));
    ACL_OK(aclrtDestroyStreamForce(b));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtSetStreamFailureMode(NULL, 5));
    ACL_OK(aclrtSetStreamFailureMode(NULL, ACL_STOP_ON_FAILURE));
    (void)aclGetRecentErrMsg();
}

static void test_sync_timeouts(void **state)
{
    (void)state;
    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeStreamWithTimeout(s, -2));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeStreamWithTimeout(s, 0));
    ACL_OK(aclrtSynchronizeStreamWithTimeout(s, -1));
    /* a host function holding the stream for 400 ms outlasts a 50 ms wait */
    ACL_OK(aclrtLaunchHostFunc(s, sleep_ms, (void *)(intptr_t)400));
    aclrtStreamStatus st;
    ACL_OK(aclrtStreamQuery(s, &st));
    assert_int_equal(st, ACL_STREAM_STATUS_NOT_READY);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, aclrtSynchronizeStreamWithTimeout(s, 50));
    expect_errmsg("Execution_Error_Stream_Synchronize_Timeout(EE1002): Stream synchronize timeout.");
    ACL_OK(aclrtSynchronizeStreamWithTimeout(s, 5000));
    ACL_OK(aclrtDestroyStream(s));
}

static void test_events(void **state)
{
    (void)state;
    aclrtEvent e, e2;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtCreateEvent(NULL));
    ACL_OK(aclrtCreateEvent(&e));
    aclrtEventRecordedStatus rs = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    ACL_OK(aclrtQueryEventStatus(e, &rs));
    assert_int_equal(rs, ACL_EVENT_RECORDED_STATUS_COMPLETE); /* before the first record */
    aclrtEventWaitStatus ws;
    ACL_OK(aclrtQueryEventWaitStatus(e, &ws));
    assert_int_equal(ws, ACL_EVENT_WAIT_STATUS_NOT_READY);

    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    ACL_OK(aclrtLaunchHostFunc(s, sleep_ms, (void *)(intptr_t)150));
    ACL_OK(aclrtRecordEvent(e, s));
    ACL_OK(aclrtQueryEventStatus(e, &rs));
    assert_int_equal(rs, ACL_EVENT_RECORDED_STATUS_NOT_READY);
    aclrtEventStatus old;
    ACL_OK(aclrtQueryEvent(e, &old));
    assert_int_equal(old, ACL_EVENT_STATUS_NOT_READY);
    ACL_EXPECT(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, aclrtSynchronizeEventWithTimeout(e, 10));
    ACL_OK(aclrtSynchronizeEvent(e));
    ACL_OK(aclrtQueryEventStatus(e, &rs));
    assert_int_equal(rs, ACL_EVENT_RECORDED_STATUS_COMPLETE);
    ACL_OK(aclrtQueryEvent(e, &old));
    assert_int_equal(old, ACL_EVENT_STATUS_COMPLETE);
    ACL_OK(aclrtQueryEventWaitStatus(e, &ws));
    assert_int_equal(ws, ACL_EVENT_WAIT_STATUS_COMPLETE);

    /* elapsed time across a 100 ms host function */
    ACL_OK(aclrtCreateEvent(&e2));
    ACL_OK(aclrtRecordEvent(e, s));
    ACL_OK(aclrtLaunchHostFunc(s, sleep_ms, (void *)(intptr_t)100));
    ACL_OK(aclrtRecordEvent(e2, s));
    float ms = -1;
    ACL_OK(aclrtSynchronizeStream(s));
    ACL_OK(aclrtEventElapsedTime(&ms, e, e2));
    assert_true(ms >= 95.0f && ms < 2000.0f);
    uint64_t t1, t2;
    ACL_OK(aclrtEventGetTimestamp(e, &t1));
    ACL_OK(aclrtEventGetTimestamp(e2, &t2));
    assert_true(t2 > t1);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtEventElapsedTime(NULL, e, e2));
    aclrtEvent fresh;
    ACL_OK(aclrtCreateEvent(&fresh));
    assert_int_not_equal(aclrtEventElapsedTime(&ms, fresh, e2), ACL_SUCCESS); /* never recorded */

    /* events without ACL_EVENT_SYNC cannot be waited on or reset */
    aclrtEvent timeline;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtCreateEventWithFlag(&timeline, 0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtCreateEventWithFlag(&timeline, 0x10000));
    ACL_OK(aclrtCreateEventWithFlag(&timeline, ACL_EVENT_TIME_LINE));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEvent(s, timeline));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtResetEvent(timeline, s));
    ACL_OK(aclrtResetEvent(e, s));

    ACL_OK(aclrtDestroyEvent(timeline));
    ACL_OK(aclrtDestroyEvent(fresh));
    ACL_OK(aclrtDestroyEvent(e2));
    ACL_OK(aclrtDestroyEvent(e));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyEvent(e));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtRecordEvent(e, s));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtDestroyEvent(NULL));
    ACL_OK(aclrtDestroyStream(s));
    (void)aclGetRecentErrMsg();
}

/* Stream b waits for stream a's event: b's copy sees a's memset even though a is slow. */
static void test_cross_stream_wait(void **state)
{
    (void)state;
    aclrtStream a, b;
    aclrtEvent e;
    ACL_OK(aclrtCreateStream(&a));
    ACL_OK(aclrtCreateStream(&b));
    ACL_OK(aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC));
    const size_t n = 1 << 20;
    void *d;
    ACL_OK(aclrtMalloc(&d, n, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemset(d, n, 1, n));
    ACL_OK(aclrtLaunchHostFunc(a, sleep_ms, (void *)(intptr_t)100));
    ACL_OK(aclrtMemsetAsync(d, n, 9, n, a));
    ACL_OK(aclrtRecordEvent(e, a));
    ACL_OK(aclrtStreamWaitEvent(b, e));
    unsigned char *h = malloc(n);
    void *pinned;
    ACL_OK(aclrtMallocHost(&pinned, n));
    ACL_OK(aclrtMemcpyAsync(pinned, n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, b));
    ACL_OK(aclrtSynchronizeStream(b));
    memcpy(h, pinned, n);
    for (size_t i = 0; i < n; i += 4093) assert_int_equal(h[i], 9);
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclrtStreamWaitEventWithTimeout(b, e, -3));
    ACL_OK(aclrtStreamWaitEventWithTimeout(b, e, 1000));
    ACL_OK(aclrtSynchronizeDevice());
    ACL_OK(aclrtFreeHost(pinned));
    ACL_OK(aclrtFree(d));
    free(h);
    ACL_OK(aclrtDestroyEvent(e));
    ACL_OK(aclrtDestroyStream(a));
    ACL_OK(aclrtDestroyStream(b));
    (void)aclGetRecentErrMsg();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stream_lifecycle),
        cmocka_unit_test(test_sync_timeouts),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_cross_stream_wait),
    };
    if (aclInit(NULL) != ACL_SUCCESS) {
        return 1;
    }
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    aclFinalize();
    return rc;
}
