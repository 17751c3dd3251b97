/* An ordinary ACL host program (C99, public headers only): timeouts and hangs as on a card.
 *
 *  1. the op execute timeout settings (seconds / ms / us with actualTimeout) and their read-back;
 *  2. an aclnnMatmul that runs past a 5 ms op execute timeout fails its stream with
 *     ACL_ERROR_RT_AICORE_TIMEOUT at aclrtSynchronizeStream, while another stream of this process
 *     and another client process keep computing correct results; afterwards the same stream
 *     runs the same matmul without a limit to the right result;
 *  3. a blocking report callback (aclrtLaunchCallback, ACL_CALLBACK_BLOCK) whose subscribed
 *     thread does not call aclrtProcessReport holds its stream, as on a card: the plain
 *     synchronize would wait for ever; the ...WithTimeout syncs of stream, event and device
 *     return the timeout codes with a message; a stream waiting for that event with
 *     aclrtStreamWaitEventWithTimeout (seconds) fails with ACL_ERROR_RT_TASK_TIMEOUT; once the
 *     thread processes reports the callback runs and the stream goes on.
 * Exit code 0 = pass. */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_matmul.h"

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        int rc_ = (int)(x);                                                                        \
        if (rc_ != 0) {                                                                            \
            fprintf(stderr, "%s:%d: %s = %d\n%s\n", __FILE__, __LINE__, #x, rc_,                  \
                    aclGetRecentErrMsg());                                                         \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #c);                      \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* x must return `code` and leave a message containing `text` */
#define EXPECT_CODE(code, text, x)                                                                 \
    do {                                                                                           \
        int rc_ = (int)(x);                                                                        \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        printf("%s -> %d: %s\n", #x, rc_, m_ ? m_ : "(null)");                                   \
        EXPECT(rc_ == (code));                                                                     \
        EXPECT(m_ != NULL && strstr(m_, text) != NULL);                                            \
    } while (0)

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static aclTensor *tensor2d(void *dev, int64_t rows, int64_t cols)
{
    int64_t shape[2] = {rows, cols}, strides[2] = {cols, 1};
    return aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 2, dev);
}

/* ---- 1. settings ----------------------------------------------------------------------------- */
static int settings(void)
{
    uint32_t ms = 0;
    uint64_t actual = 0;
    CHECK(aclrtGetOpExecuteTimeout(&ms));
    EXPECT(ms == 1090922); /* the A2 default: 254 x 2^32 ns */
    EXPECT(aclrtSetOpExecuteTimeOutV2(1000, NULL) == ACL_ERROR_INVALID_PARAM);
    (void)aclGetRecentErrMsg();
    CHECK(aclrtSetOpExecuteTimeOutV2(0, &actual));
    EXPECT(actual == UINT64_MAX); /* never */
    CHECK(aclrtGetOpExecuteTimeout(&ms));
    EXPECT(ms == UINT32_MAX);
    CHECK(aclrtSetOpExecuteTimeOutV2(2500, &actual)); /* microseconds */
    EXPECT(actual == 2500);
    CHECK(aclrtGetOpExecuteTimeout(&ms));
    EXPECT(ms == 3);
    CHECK(aclrtSetOpExecuteTimeOutV2(UINT64_MAX - 1, &actual));
    EXPECT(actual == 1090921693ull);
    CHECK(aclrtSetOpExecuteTimeOut(2)); /* seconds */
    CHECK(aclrtGetOpExecuteTimeout(&ms));
    EXPECT(ms == 2000);
    CHECK(aclrtSetOpExecuteTimeOut(0)); /* 0: the maximum */
    CHECK(aclrtGetOpExecuteTimeout(&ms));
    EXPECT(ms == 1090922);
    CHECK(aclrtSetOpExecuteTimeOutWithMs(30));
    CHECK(aclrtGetOpExecuteTimeout(&ms));
    EXPECT(ms == 30);
    CHECK(aclrtSetOpExecuteTimeOutWithMs(0));
    CHECK(aclrtGetOpExecuteTimeout(&ms));
    EXPECT(ms == 1090922);
    return 0;
}

/* ---- 2. a matmul past its limit ------------------------------------------------------------- */
enum { N = 1024, SMALL = 4096 };

/* z = x + y on `s` for SMALL floats, checked; `rounds` times */
static int adds(aclrtStream s, int rounds, int seed)
{
    size_t bytes = SMALL * sizeof(float);
    void *x, *y, *z;
    CHECK(aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&y, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&z, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    float *h = malloc(bytes), *r = malloc(bytes);
    EXPECT(h && r);
    aclTensor *tx = tensor2d(x, 1, SMALL), *ty = tensor2d(y, 1, SMALL), *tz = tensor2d(z, 1, SMALL);
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    for (int k = 0; k < rounds; k++) {
        for (int i = 0; i < SMALL; i++)
            h[i] = (float)((i + k + seed) % 97);
        CHECK(aclrtMemcpy(x, bytes, h, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK(aclrtMemcpy(y, bytes, h, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        CHECK(aclnnAddGetWorkspaceSize(tx, ty, alpha, tz, &ws, &ex));
        EXPECT(ws == 0);
        CHECK(aclnnAdd(NULL, 0, ex, s));
        CHECK(aclrtSynchronizeStream(s));
        CHECK(aclrtMemcpy(r, bytes, z, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
        for (int i = 0; i < SMALL; i++)
            EXPECT(r[i] == 2.0f * h[i]);
    }
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tz);
    aclDestroyScalar(alpha);
    free(h);
    free(r);
    CHECK(aclrtFree(x));
    CHECK(aclrtFree(y));
    CHECK(aclrtFree(z));
    return 0;
}

static volatile int adds_failed;
static aclrtContext main_ctx;

static void *adds_thread(void *arg)
{
    aclrtStream s = arg;
    if (aclrtSetCurrentContext(main_ctx) != ACL_SUCCESS || adds(s, 20, 1) != 0)
        adds_failed = 1;
    return NULL;
}

static int matmul_timeout(void)
{
    size_t bytes = (size_t)N * N * sizeof(float);
    void *a, *b, *c;
    CHECK(aclrtMalloc(&a, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&b, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&c, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    float *ha = malloc(bytes), *hb = malloc(bytes), *hc = malloc(bytes);
    EXPECT(ha && hb && hc);
    for (size_t i = 0; i < (size_t)N * N; i++) {
        ha[i] = (float)((int)(i % 7) - 3);
        hb[i] = (float)((int)(i % 5) - 2);
    }
    CHECK(aclrtMemcpy(a, bytes, ha, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(b, bytes, hb, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    aclTensor *ta = tensor2d(a, N, N), *tb = tensor2d(b, N, N), *tc = tensor2d(c, N, N);
    aclrtStream s, other;
    CHECK(aclrtCreateStream(&s));
    CHECK(aclrtCreateStream(&other));
    CHECK(aclrtGetCurrentContext(&main_ctx));

    /* another client computes meanwhile (a fresh process: this one's runtime is not forkable) */
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        execl("/proc/self/exe", "timeouts", "other-client", (char *)NULL);
        _exit(127);
    }
    EXPECT(child > 0);

    CHECK(aclrtSetOpExecuteTimeOutWithMs(5));
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    CHECK(aclnnMatmulGetWorkspaceSize(ta, tb, tc, 0, &ws, &ex));
    void *wsp = NULL;
    if (ws > 0)
        CHECK(aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST));
    double t0 = now_s();
    CHECK(aclnnMatmul(wsp, ws, ex, s));
    CHECK(aclrtSetOpExecuteTimeOutWithMs(0)); /* later launches: the default again */
    pthread_t th;
    EXPECT(pthread_create(&th, NULL, adds_thread, other) == 0);
    EXPECT_CODE(ACL_ERROR_RT_AICORE_TIMEOUT, "op execute timeout", aclrtSynchronizeStream(s));
    double stopped = now_s() - t0;
    EXPECT(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_AICORE_TIMEOUT);
    EXPECT(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_RT_AICORE_TIMEOUT);
    EXPECT(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS);
    EXPECT(pthread_join(th, NULL) == 0);
    EXPECT(!adds_failed);
    int st = -1;
    EXPECT(waitpid(child, &st, 0) == child);
    EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK(aclrtSynchronizeStream(s)); /* reported once */

    /* the same stream, no limit: the full product */
    CHECK(aclnnMatmulGetWorkspaceSize(ta, tb, tc, 0, &ws, &ex));
    t0 = now_s();
    CHECK(aclnnMatmul(wsp, ws, ex, s));
    CHECK(aclrtSynchronizeStream(s));
    double full = now_s() - t0;
    printf("matmul %dx%dx%d: stopped at the 5 ms limit after %.1f ms; %.1f ms without a limit\n",
           N, N, N, stopped * 1e3, full * 1e3);
    EXPECT(full > 0.005); /* else the first run proves nothing */
    CHECK(aclrtMemcpy(hc, bytes, c, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int r = 0; r < N; r += 61)
        for (int col = 0; col < N; col += 37) {
            double ref = 0;
            for (int k = 0; k < N; k++)
                ref += (double)ha[(size_t)r * N + k] * hb[(size_t)k * N + col];
            EXPECT(hc[(size_t)r * N + col] == (float)ref); /* small integers: exact */
        }
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tc);
    if (wsp)
        CHECK(aclrtFree(wsp));
    CHECK(aclrtFree(a));
    CHECK(aclrtFree(b));
    CHECK(aclrtFree(c));
    CHECK(aclrtDestroyStream(s));
    CHECK(aclrtDestroyStream(other));
    free(ha);
    free(hb);
    free(hc);
    return 0;
}

/* ---- 3. a blocking callback nobody processes ------------------------------------------------- */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int processing, stop_reports, callbacks_run;

static void on_report(void *arg)
{
    (void)arg;
    callbacks_run++;
}

/* The subscribed thread: it processes reports only once told to. */
static void *report_thread(void *arg)
{
    (void)arg;
    aclrtSetCurrentContext(main_ctx);
    pthread_mutex_lock(&mu);
    while (!processing)
        pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
    for (;;) {
        pthread_mutex_lock(&mu);
        int stop = stop_reports;
        pthread_mutex_unlock(&mu);
        if (stop)
            break;
        aclrtProcessReport(50);
    }
    return NULL;
}

static int callback_nobody_processes(void)
{
    aclrtStream s, waiter;
    aclrtEvent e;
    CHECK(aclrtCreateStream(&s));
    CHECK(aclrtCreateStream(&waiter));
    CHECK(aclrtCreateEvent(&e));
    pthread_t th;
    EXPECT(pthread_create(&th, NULL, report_thread, NULL) == 0);
    CHECK(aclrtSubscribeReport((uint64_t)th, s));
    void *d;
    CHECK(aclrtMalloc(&d, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtLaunchCallback(on_report, NULL, ACL_CALLBACK_BLOCK, s));
    CHECK(aclrtMemsetAsync(d, 256, 0x5a, 256, s)); /* held behind the callback */
    CHECK(aclrtRecordEvent(e, s));
    CHECK(aclrtStreamWaitEventWithTimeout(waiter, e, 1)); /* seconds */
    EXPECT(aclrtStreamWaitEventWithTimeout(waiter, e, -1) == ACL_ERROR_RT_PARAM_INVALID);
    (void)aclGetRecentErrMsg();

    double t0 = now_s();
    EXPECT_CODE(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "did not complete within 200 ms",
                aclrtSynchronizeStreamWithTimeout(s, 200));
    double waited = now_s() - t0;
    EXPECT(waited >= 0.19 && waited < 1.5);
    aclrtStreamStatus ss;
    CHECK(aclrtStreamQuery(s, &ss));
    EXPECT(ss == ACL_STREAM_STATUS_NOT_READY);
    EXPECT_CODE(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "within 100 ms", aclrtSynchronizeEventWithTimeout(e, 100));
    EXPECT_CODE(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "timeout", aclrtSynchronizeDeviceWithTimeout(100));
    /* the waiting stream gives up after its 1 s */
    t0 = now_s();
    EXPECT_CODE(ACL_ERROR_RT_TASK_TIMEOUT, "waited for an event", aclrtSynchronizeStreamWithTimeout(waiter, 5000));
    EXPECT(now_s() - t0 < 2.0);
    EXPECT(callbacks_run == 0);

    /* the thread starts processing: the callback runs, the stream goes on */
    pthread_mutex_lock(&mu);
    processing = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
    CHECK(aclrtSynchronizeStreamWithTimeout(s, 5000));
    EXPECT(callbacks_run == 1);
    CHECK(aclrtSynchronizeEventWithTimeout(e, 1000));
    unsigned char h[256];
    CHECK(aclrtMemcpy(h, sizeof h, d, 256, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 256; i++)
        EXPECT(h[i] == 0x5a);
    CHECK(aclrtLaunchCallback(on_report, NULL, ACL_CALLBACK_BLOCK, s));
    CHECK(aclrtSynchronizeStream(s));
    EXPECT(callbacks_run == 2);
    CHECK(aclrtSynchronizeDeviceWithTimeout(5000));

    CHECK(aclrtUnSubscribeReport((uint64_t)th, s));
    pthread_mutex_lock(&mu);
    stop_reports = 1;
    pthread_mutex_unlock(&mu);
    EXPECT(pthread_join(th, NULL) == 0);
    CHECK(aclrtFree(d));
    CHECK(aclrtDestroyEvent(e));
    CHECK(aclrtDestroyStream(s));
    CHECK(aclrtDestroyStream(waiter));
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "other-client") == 0) {
        aclrtStream cs;
        CHECK(aclInit(NULL));
        CHECK(aclrtSetDevice(0));
        CHECK(aclrtCreateStream(&cs));
        return adds(cs, 30, 2);
    }
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtGetCurrentContext(&main_ctx));
    if (settings() != 0)
        return 1;
    if (matmul_timeout() != 0)
        return 1;
    if (callback_nobody_processes() != 0)
        return 1;
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    printf("timeouts: ok\n");
    return 0;
}
