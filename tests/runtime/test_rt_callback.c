/* Host callbacks: aclrtSubscribeReport + aclrtLaunchCallback + aclrtProcessReport on a user
 * thread, aclrtLaunchHostFunc on the runtime's own thread, and the rules between them. */
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "rt_test.h"

typedef struct cb_state {
    pthread_t expected_thread;
    int wrong_thread;
    int order[64];
    int count;
} cb_state;

static cb_state st;

typedef struct cb_arg {
    int index;
} cb_arg;

static void record(void *p)
{
    cb_arg *a = p;
    if (!pthread_equal(pthread_self(), st.expected_thread)) {
        st.wrong_thread++;
    }
    st.order[st.count++] = a->index;
}

static atomic_int subscribed; /* set once aclrtSubscribeReport named the report thread */

static void *report_loop(void *p)
{
    (void)p;
    /* until the main thread has subscribed this thread, aclrtProcessReport fails with
     * ACL_ERROR_RT_THREAD_SUBSCRIBE: wait for that (serving early made the thread quit, a race) */
    while (!atomic_load(&subscribed))
        usleep(100);
    /* serve until the subscription is gone */
    for (;;) {
        aclError r = aclrtProcessReport(50);
        if (r != ACL_SUCCESS && r != ACL_ERROR_RT_REPORT_TIMEOUT) {
            return (void *)(intptr_t)r;
        }
    }
}

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

static void test_report_checks(void **state)
{
    (void)state;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtProcessReport(0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtProcessReport(-2));
    ACL_EXPECT(ACL_ERROR_RT_THREAD_SUBSCRIBE, aclrtProcessReport(10)); /* no subscription */
    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    cb_arg a = {0};
    ACL_EXPECT(ACL_ERROR_RT_STREAM_NO_CB_REG, aclrtLaunchCallback(record, &a, ACL_CALLBACK_BLOCK, s));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtLaunchCallback(record, &a, (aclrtCallbackBlockType)5, s));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtLaunchCallback(NULL, &a, ACL_CALLBACK_BLOCK, s));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_NO_CB_REG, aclrtUnSubscribeReport(1, s));
    ACL_OK(aclrtDestroyStream(s));
    (void)aclGetRecentErrMsg();
}

static void test_subscribed_thread_runs_callbacks(void **state)
{
    (void)state;
    memset(&st, 0, sizeof(st));
    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    pthread_t t;
    pthread_create(&t, NULL, report_loop, NULL);
    st.expected_thread = t;
    ACL_OK(aclrtSubscribeReport((uint64_t)t, s));
    atomic_store(&subscribed, 1);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_SUBSCRIBE, aclrtSubscribeReport((uint64_t)t, s));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_SUBSCRIBE, aclrtLaunchHostFunc(s, record, NULL)); /* no mixing */
    cb_arg args[10];
    for (int i = 0; i < 10; i++) {
        args[i].index = i;
        ACL_OK(aclrtLaunchCallback(record, &args[i],
                                   i % 2 ? ACL_CALLBACK_BLOCK : ACL_CALLBACK_NO_BLOCK, s));
    }
    cb_arg last = {99};
    ACL_OK(aclrtLaunchCallback(record, &last, ACL_CALLBACK_BLOCK, s));
    ACL_OK(aclrtSynchronizeStream(s)); /* the blocking callback ran before this returns */
    assert_int_equal(st.count, 11);
    for (int i = 0; i < 10; i++) assert_int_equal(st.order[i], i);
    assert_int_equal(st.order[10], 99);
    assert_int_equal(st.wrong_thread, 0);

    ACL_EXPECT(ACL_ERROR_RT_THREAD_SUBSCRIBE, aclrtUnSubscribeReport((uint64_t)t + 1, s));
    ACL_OK(aclrtUnSubscribeReport((uint64_t)t, s));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_NO_CB_REG, aclrtLaunchCallback(record, &last, ACL_CALLBACK_BLOCK, s));
    void *r;
    pthread_join(t, &r);
    assert_int_equal((int)(intptr_t)r, ACL_ERROR_RT_THREAD_SUBSCRIBE); /* nothing left to serve */
    ACL_OK(aclrtDestroyStream(s));
    (void)aclGetRecentErrMsg();
}

static void *not_main(void *p)
{
    return p;
}

static pthread_t hostfunc_thread;
static int hostfunc_calls;

static void host_fn(void *p)
{
    hostfunc_thread = pthread_self();
    hostfunc_calls += (int)(intptr_t)p;
}

static void test_launch_host_func(void **state)
{
    (void)state;
    hostfunc_calls = 0;
    aclrtStream s;
    ACL_OK(aclrtCreateStream(&s));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclrtLaunchHostFunc(s, NULL, NULL));
    for (int i = 0; i < 5; i++) ACL_OK(aclrtLaunchHostFunc(s, host_fn, (void *)(intptr_t)(1 << i)));
    ACL_OK(aclrtSynchronizeStream(s));
    assert_int_equal(hostfunc_calls, 31);
    assert_false(pthread_equal(hostfunc_thread, pthread_self()));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_SUBSCRIBE, aclrtSubscribeReport((uint64_t)pthread_self(), s));
    ACL_OK(aclrtLaunchHostFunc(NULL, host_fn, (void *)(intptr_t)100)); /* default stream */
    ACL_OK(aclrtSynchronizeStream(NULL));
    assert_int_equal(hostfunc_calls, 131);
    ACL_OK(aclrtDestroyStream(s));
    (void)not_main;
    (void)aclGetRecentErrMsg();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_report_checks),
        cmocka_unit_test(test_subscribed_thread_runs_callbacks),
        cmocka_unit_test(test_launch_host_func),
    };
    if (aclInit(NULL) != ACL_SUCCESS) {
        return 1;
    }
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    aclFinalize();
    return rc;
}
