/* Driver + device process: launches, ordering, copies, events, host functions, failures,
 * several client processes, a client killed with SIGKILL, a device process killed mid-work.
 * Each test group uses a private runtime directory so its device process is its own. */
#include <dirent.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "aclemu/builtin_kernels.h"
#include "aclemu/drv.h"
#include "aclemu/kernel.h"
#include "../../devsim/proto.h"

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static drv_device *open0(void)
{
    drv_device *dev = NULL;
    int rc = drv_device_open(0, &dev);
    if (rc != 0)
        fprintf(stderr, "open: %d %s\n", rc, drv_last_error());
    assert_int_equal(rc, 0);
    return dev;
}

static void launch_fill_vadd_sync(void **state)
{
    drv_device *dev = open0();
    drv_stream *s;
    assert_int_equal(drv_stream_create(dev, 0, 0, &s), 0);
    const uint64_t n = 100003;
    void *x, *y, *z;
    assert_int_equal(drv_mem_alloc(dev, n * 4, &x), 0);
    assert_int_equal(drv_mem_alloc(dev, n * 4, &y), 0);
    assert_int_equal(drv_mem_alloc(dev, n * 4, &z), 0);
    float one = 1.5f, two = 2.25f;
    uint32_t ob, tb;
    memcpy(&ob, &one, 4);
    memcpy(&tb, &two, 4);
    aclemu_fill_u32_args fa = {(uint64_t)(uintptr_t)x, n, ob, 0};
    assert_int_equal(drv_launch(s, "aclemu.fill_u32", 7, &fa, sizeof fa), 0);
    fa.dst = (uint64_t)(uintptr_t)y;
    fa.value = tb;
    assert_int_equal(drv_launch(s, "aclemu.fill_u32", 3, &fa, sizeof fa), 0);
    aclemu_vadd_f32_args va = {(uint64_t)(uintptr_t)x, (uint64_t)(uintptr_t)y,
                               (uint64_t)(uintptr_t)z, n};
    assert_int_equal(drv_launch(s, "aclemu.vadd_f32", 16, &va, sizeof va), 0);
    assert_int_equal(drv_stream_sync(s, -1), 0);
    const float *zv = drv_mem_host_view(dev, z, n * 4);
    assert_non_null(zv);
    for (uint64_t i = 0; i < n; i++)
        assert_true(zv[i] == 3.75f);
    /* host view refuses ranges outside an allocation */
    assert_null(drv_mem_host_view(dev, z, n * 4 + 1));
    assert_null(drv_mem_host_view(dev, (char *)z + n * 4, 4));
    int32_t id;
    void *base;
    size_t size;
    assert_int_equal(drv_mem_lookup((char *)z + 100, &id, &base, &size), 1);
    assert_ptr_equal(base, z);
    assert_true(size >= n * 4);
    assert_int_equal(drv_mem_free(dev, x), 0);
    assert_int_equal(drv_mem_free(dev, x), 100000); /* double free */
    assert_int_equal(drv_mem_free(dev, y), 0);
    assert_int_equal(drv_mem_free(dev, z), 0);
    assert_int_equal(drv_stream_destroy(s), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

static void copies_pinned_pageable_and_memset(void **state)
{
    drv_device *dev = open0();
    drv_stream *s;
    assert_int_equal(drv_stream_create(dev, 0, 0, &s), 0);
    const size_t n = 3 << 20;
    void *d, *pin;
    assert_int_equal(drv_mem_alloc(dev, n, &d), 0);
    assert_int_equal(drv_host_alloc(dev, n, &pin), 0);
    assert_int_equal(drv_host_lookup((char *)pin + 5, NULL, NULL), 1);
    unsigned char *page = malloc(n);
    for (size_t i = 0; i < n; i++)
        ((unsigned char *)pin)[i] = (unsigned char)(i * 7);
    /* pinned → device (async), device memset part, device → pageable (waits) */
    assert_int_equal(drv_memcpy_async(s, d, pin, n), 0);
    assert_int_equal(drv_memset_async(s, (char *)d + 10, 0xAB, 100), 0);
    assert_int_equal(drv_memcpy_async(s, page, d, n), 0);
    for (size_t i = 0; i < n; i++) {
        unsigned char want = (i >= 10 && i < 110) ? 0xAB : (unsigned char)(i * 7);
        if (page[i] != want)
            fail_msg("byte %zu: %u != %u", i, page[i], want);
    }
    /* 2-D copy with pitches, device → pinned */
    memset(pin, 0, n);
    assert_int_equal(drv_memcpy2d_async(s, pin, 64, d, 128, 32, 100), 0);
    assert_int_equal(drv_stream_sync(s, -1), 0);
    for (size_t r = 0; r < 100; r++)
        for (size_t c = 0; c < 32; c++) {
            size_t i = r * 128 + c;
            unsigned char want = (i >= 10 && i < 110) ? 0xAB : (unsigned char)(i * 7);
            assert_int_equal(((unsigned char *)pin)[r * 64 + c], want);
        }
    /* a device range outside any allocation is refused */
    assert_int_equal(drv_memcpy_async(s, (char *)d + n - 4, pin, 8), 100000);
    free(page);
    assert_int_equal(drv_host_free(pin), 0);
    assert_int_equal(drv_host_free(pin), 100000);
    assert_int_equal(drv_mem_free(dev, d), 0);
    assert_int_equal(drv_stream_destroy(s), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

static void events_order_streams(void **state)
{
    drv_device *dev = open0();
    drv_stream *a, *b;
    drv_event *e;
    assert_int_equal(drv_stream_create(dev, 0, 0, &a), 0);
    assert_int_equal(drv_stream_create(dev, 0, 0, &b), 0);
    assert_int_equal(drv_event_create(dev, 0, &e), 0);
    int complete = 0;
    assert_int_equal(drv_event_query(e, &complete), 0);
    assert_int_equal(complete, 1); /* never recorded counts as complete */
    void *buf;
    assert_int_equal(drv_mem_alloc(dev, 4096, &buf), 0);
    /* a: sleep 100 ms then fill 7; b waits for a's event then overwrites with 9 */
    aclemu_sleep_args sl = {100000};
    assert_int_equal(drv_launch(a, "aclemu.sleep", 1, &sl, sizeof sl), 0);
    aclemu_fill_u32_args fa = {(uint64_t)(uintptr_t)buf, 1024, 7, 0};
    assert_int_equal(drv_launch(a, "aclemu.fill_u32", 1, &fa, sizeof fa), 0);
    assert_int_equal(drv_event_record(e, a), 0);
    assert_int_equal(drv_event_query(e, &complete), 0);
    assert_int_equal(complete, 0);
    assert_int_equal(drv_stream_wait_event(b, e), 0);
    fa.value = 9;
    assert_int_equal(drv_launch(b, "aclemu.fill_u32", 2, &fa, sizeof fa), 0);
    assert_int_equal(drv_stream_sync(b, -1), 0);
    const uint32_t *v = drv_mem_host_view(dev, buf, 4096);
    for (int i = 0; i < 1024; i++)
        assert_int_equal(v[i], 9);
    assert_int_equal(drv_event_sync(e, -1), 0);
    assert_int_equal(drv_event_query(e, &complete), 0);
    assert_int_equal(complete, 1);
    uint64_t ts = 0;
    assert_int_equal(drv_event_timestamp(e, &ts), 0);
    assert_true(ts > 0);
    assert_int_equal(drv_event_destroy(e), 0);
    assert_int_equal(drv_stream_destroy(a), 0);
    assert_int_equal(drv_stream_destroy(b), 0);
    assert_int_equal(drv_mem_free(dev, buf), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

static int cb_log[8];
static int cb_n;
static void cb_fn(void *ud) { cb_log[cb_n++] = (int)(intptr_t)ud; }

static void host_functions_run_in_order(void **state)
{
    drv_device *dev = open0();
    drv_stream *s;
    assert_int_equal(drv_stream_create(dev, 0, 0, &s), 0);
    cb_n = 0;
    assert_int_equal(drv_process_callbacks(&s, 1, 20), 507012); /* nothing pending: timeout */
    assert_int_equal(drv_launch_host_fn(s, cb_fn, (void *)1, 1), 0);
    assert_int_equal(drv_launch_host_fn(s, cb_fn, (void *)2, 0), 0);
    int complete;
    assert_int_equal(drv_stream_query(s, &complete), 0);
    while (cb_n < 2)
        assert_int_equal(drv_process_callbacks(&s, 1, 1000), 0);
    assert_int_equal(cb_log[0], 1);
    assert_int_equal(cb_log[1], 2);
    assert_int_equal(drv_stream_sync(s, 1000), 0);
    assert_int_equal(drv_stream_destroy(s), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

static void failures_are_reported_at_sync(void **state)
{
    drv_device *dev = open0();
    drv_stream *s;
    assert_int_equal(drv_stream_create(dev, 0, 0, &s), 0);
    /* unknown kernel */
    assert_int_equal(drv_launch(s, "no.such.kernel", 1, NULL, 0), 0);
    assert_int_equal(drv_stream_sync(s, -1), 507027);
    assert_int_equal(drv_stream_sync(s, -1), 0); /* reported once */
    /* a kernel touching an unmapped address: AI-core exception, device survives */
    aclemu_touch_args ta = {0x10};
    assert_int_equal(drv_launch(s, "aclemu.touch", 4, &ta, sizeof ta), 0);
    assert_int_equal(drv_stream_sync(s, -1), 507015);
    /* kernel-reported error */
    int32_t code = 507035;
    assert_int_equal(drv_launch(s, "aclemu.fail", 1, &code, sizeof code), 0);
    assert_int_equal(drv_stream_sync(s, -1), 507035);
    /* sync timeout */
    aclemu_sleep_args sl = {300000};
    assert_int_equal(drv_launch(s, "aclemu.sleep", 1, &sl, sizeof sl), 0);
    uint64_t t0 = now_ns();
    assert_int_equal(drv_stream_sync(s, 20), 507046);
    assert_true(now_ns() - t0 < 250000000ull);
    assert_int_equal(drv_stream_sync(s, -1), 0);
    /* bad launch arguments */
    char big[ACLEMU_KERNEL_ARGS_MAX + 1] = {0};
    assert_int_equal(drv_launch(s, "aclemu.noop", 1, big, sizeof big), 100000);
    assert_int_equal(drv_launch(s, "aclemu.noop", 0, NULL, 0), 100000);
    /* still healthy */
    assert_int_equal(drv_launch(s, "aclemu.noop", 1, NULL, 0), 0);
    assert_int_equal(drv_stream_sync(s, -1), 0);
    assert_int_equal(drv_stream_destroy(s), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

/* Op execute timeouts: kernels past their limit are stopped (the spinning one only by a signal),
 * their streams report ACL_ERROR_RT_AICORE_TIMEOUT, the workers are free again, launches without
 * a limit and other streams are unaffected; an event wait past the op wait timeout fails its
 * stream with ACL_ERROR_RT_TASK_TIMEOUT. */
static void op_timeouts_stop_kernels(void **state)
{
    drv_device *dev = open0();
    drv_stream *a, *b, *c;
    assert_int_equal(drv_stream_create(dev, 0, 0, &a), 0);
    assert_int_equal(drv_stream_create(dev, 0, 0, &b), 0);
    assert_int_equal(drv_stream_create(dev, 0, 0, &c), 0);
    void *buf;
    const uint64_t n = 4096;
    assert_int_equal(drv_mem_alloc(dev, n * 4, &buf), 0);

    drv_set_op_execute_timeout(150000);
    aclemu_sleep_args forever = {30000000}; /* 30 s per block */
    uint64_t t0 = now_ns();
    /* more blocks than workers: the ones not started when the limit passes are skipped */
    assert_int_equal(drv_launch(a, "aclemu.spin", 16, &forever, sizeof forever), 0);
    assert_int_equal(drv_launch(b, "aclemu.sleep", 4, &forever, sizeof forever), 0);
    drv_set_op_execute_timeout(0); /* never: this one must run to its end */
    aclemu_sleep_args short_sleep = {300000};
    assert_int_equal(drv_launch(c, "aclemu.sleep", 2, &short_sleep, sizeof short_sleep), 0);
    assert_int_equal(drv_stream_sync(a, 10000), 507014);
    assert_non_null(strstr(drv_last_error(), "op execute timeout"));
    assert_int_equal(drv_stream_sync(b, 10000), 507014);
    uint64_t took = now_ns() - t0;
    fprintf(stderr, "two kernels stopped at a 150 ms limit after %.0f ms\n", took / 1e6);
    assert_true(took >= 150000000ull);
    assert_true(took < 3000000000ull);
    assert_int_equal(drv_stream_sync(c, 10000), 0);
    assert_int_equal(drv_stream_sync(a, 1000), 0); /* reported once */

    /* the workers are free and the stream goes on: a kernel of every block runs */
    aclemu_fill_u32_args fa = {(uint64_t)(uintptr_t)buf, n, 0xabcd1234u, 0};
    t0 = now_ns();
    assert_int_equal(drv_launch(a, "aclemu.fill_u32", 8, &fa, sizeof fa), 0);
    assert_int_equal(drv_stream_sync(a, 5000), 0);
    assert_true(now_ns() - t0 < 1000000000ull);
    const uint32_t *hv = drv_mem_host_view(dev, buf, n * 4);
    assert_non_null(hv);
    for (uint64_t i = 0; i < n; i++)
        assert_int_equal(hv[i], 0xabcd1234u);

    /* kernels ending right at their limit: either outcome, never another code or a lost block */
    drv_set_op_execute_timeout(2000);
    int stopped = 0, ended = 0;
    for (int i = 0; i < 200; i++) {
        aclemu_sleep_args at_limit = {1600 + (uint64_t)(i % 5) * 200}; /* 1.6 .. 2.4 ms */
        assert_int_equal(drv_launch(a, i & 1 ? "aclemu.spin" : "aclemu.sleep", 1 + (i & 2),
                                    &at_limit, sizeof at_limit), 0);
        int rc = drv_stream_sync(a, 5000);
        assert_true(rc == 0 || rc == 507014);
        if (rc == 0)
            ended++;
        else
            stopped++;
    }
    fprintf(stderr, "at the limit: %d ended, %d stopped\n", ended, stopped);
    drv_set_op_execute_timeout(DRV_OP_EXECUTE_TIMEOUT_MAX_US);
    fa.value = 7;
    assert_int_equal(drv_launch(a, "aclemu.fill_u32", 8, &fa, sizeof fa), 0);
    assert_int_equal(drv_stream_sync(a, 5000), 0);
    for (uint64_t i = 0; i < n; i++)
        assert_int_equal(hv[i], 7u);

    /* op wait timeout: c waits for an event behind a 600 ms kernel on b, at most 100 ms */
    drv_event *e;
    assert_int_equal(drv_event_create(dev, 0, &e), 0);
    aclemu_sleep_args long_sleep = {600000};
    assert_int_equal(drv_launch(b, "aclemu.sleep", 1, &long_sleep, sizeof long_sleep), 0);
    assert_int_equal(drv_event_record(e, b), 0);
    drv_set_op_wait_timeout(100000);
    t0 = now_ns();
    assert_int_equal(drv_stream_wait_event(c, e), 0);
    drv_set_op_wait_timeout(0);
    assert_int_equal(drv_stream_sync(c, 5000), 107020);
    took = now_ns() - t0;
    assert_true(took >= 100000000ull && took < 550000000ull);
    assert_int_equal(drv_stream_sync(b, 5000), 0);
    /* without a limit the same wait holds until the record */
    assert_int_equal(drv_launch(b, "aclemu.sleep", 1, &short_sleep, sizeof short_sleep), 0);
    assert_int_equal(drv_event_record(e, b), 0);
    assert_int_equal(drv_stream_wait_event(c, e), 0);
    assert_int_equal(drv_stream_sync(c, 5000), 0);
    int done = 0;
    assert_int_equal(drv_event_query(e, &done), 0);
    assert_int_equal(done, 1);

    assert_int_equal(drv_event_destroy(e), 0);
    assert_int_equal(drv_mem_free(dev, buf), 0);
    assert_int_equal(drv_stream_destroy(a), 0);
    assert_int_equal(drv_stream_destroy(b), 0);
    assert_int_equal(drv_stream_destroy(c), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

/* 8 processes × 4 streams × 1000 launches; each launch marks its own counter once. */
static int client_work(void)
{
    drv_device *dev;
    if (drv_device_open(0, &dev) != 0)
        return 10;
    enum { STREAMS = 4, LAUNCHES = 1000 };
    void *ctr;
    if (drv_mem_alloc(dev, STREAMS * LAUNCHES * 4, &ctr) != 0)
        return 11;
    memset(drv_mem_host_view(dev, ctr, STREAMS * LAUNCHES * 4), 0, STREAMS * LAUNCHES * 4);
    drv_stream *s[STREAMS];
    for (int i = 0; i < STREAMS; i++)
        if (drv_stream_create(dev, 0, 0, &s[i]) != 0)
            return 12;
    for (int k = 0; k < LAUNCHES; k++)
        for (int i = 0; i < STREAMS; i++) {
            aclemu_mark_args ma = {(uint64_t)(uintptr_t)ctr, (uint64_t)(i * LAUNCHES + k)};
            if (drv_launch(s[i], "aclemu.mark", 1, &ma, sizeof ma) != 0)
                return 13;
        }
    for (int i = 0; i < STREAMS; i++)
        if (drv_stream_sync(s[i], -1) != 0)
            return 14;
    const uint32_t *c = drv_mem_host_view(dev, ctr, STREAMS * LAUNCHES * 4);
    for (int i = 0; i < STREAMS * LAUNCHES; i++)
        if (c[i] != 1)
            return 15;
    for (int i = 0; i < STREAMS; i++)
        drv_stream_destroy(s[i]);
    drv_mem_free(dev, ctr);
    drv_device_close(dev);
    return 0;
}

static uint64_t used_after_settle(void)
{
    drv_device_status st;
    for (int i = 0; i < 200; i++) {
        assert_int_equal(drv_query_status(0, &st), 0);
        if (st.running && st.mem_used == 0 && st.nproc == 0)
            return 0;
        usleep(10000);
    }
    return st.mem_used + st.nproc;
}

static void many_clients_no_lost_tasks(void **state)
{
    /* the parent keeps no device open: children connect on their own */
    pid_t kids[8];
    for (int i = 0; i < 8; i++) {
        kids[i] = fork();
        if (kids[i] == 0)
            _exit(client_work());
    }
    for (int i = 0; i < 8; i++) {
        int st;
        assert_int_equal(waitpid(kids[i], &st, 0), kids[i]);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
    }
    assert_int_equal(used_after_settle(), 0);
}

static void killed_client_is_reclaimed(void **state)
{
    int pfd[2];
    assert_int_equal(pipe(pfd), 0);
    pid_t kid = fork();
    if (kid == 0) {
        drv_device *dev;
        void *p;
        drv_stream *s;
        if (drv_device_open(0, &dev) || drv_mem_alloc(dev, 64 << 20, &p) ||
            drv_stream_create(dev, 0, 0, &s))
            _exit(1);
        aclemu_sleep_args sl = {200000};
        for (int i = 0; i < 50; i++)
            drv_launch(s, "aclemu.sleep", 1, &sl, sizeof sl);
        if (write(pfd[1], "x", 1) != 1)
            _exit(2);
        pause();
        _exit(0);
    }
    char c;
    assert_int_equal(read(pfd[0], &c, 1), 1);
    drv_device_status st;
    assert_int_equal(drv_query_status(0, &st), 0);
    assert_int_equal(st.running, 1);
    assert_true(st.mem_used >= (64u << 20));
    assert_int_equal(st.nproc, 1);
    assert_int_equal(st.procs[0].pid, kid);
    kill(kid, SIGKILL);
    waitpid(kid, NULL, 0);
    /* the pending 10 s of sleeps are dropped: reclaim must not wait for them */
    uint64_t t0 = now_ns();
    assert_int_equal(used_after_settle(), 0);
    assert_true(now_ns() - t0 < 1500000000ull);
    close(pfd[0]);
    close(pfd[1]);
}

static void killed_device_fails_pending_calls(void **state)
{
    drv_device *dev = open0();
    drv_stream *s;
    assert_int_equal(drv_stream_create(dev, 0, 0, &s), 0);
    drv_device_status st;
    assert_int_equal(drv_query_status(0, &st), 0);
    assert_int_equal(st.running, 1);
    aclemu_sleep_args sl = {2000000};
    assert_int_equal(drv_launch(s, "aclemu.sleep", 1, &sl, sizeof sl), 0);
    kill(st.devsim_pid, SIGKILL);
    uint64_t t0 = now_ns();
    assert_int_equal(drv_stream_sync(s, -1), 507010);
    assert_true(now_ns() - t0 < 1000000000ull);
    void *p;
    assert_int_equal(drv_mem_alloc(dev, 100, &p), 507010);
    assert_int_equal(drv_launch(s, "aclemu.noop", 1, NULL, 0), 507010);
    drv_stream_destroy_force(s);
    drv_device_close(dev);
    /* a fresh open starts a new device process */
    dev = open0();
    assert_int_equal(drv_mem_alloc(dev, 100, &p), 0);
    assert_int_equal(drv_mem_free(dev, p), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

/* Device addresses are not host addresses: touching one in the host process faults, as on a
 * card. Checked in a child so the test survives. */
static void device_pointer_faults_in_host(void **state)
{
    drv_device *dev = open0();
    void *p;
    assert_int_equal(drv_mem_alloc(dev, 4096, &p), 0);
    pid_t kid = fork();
    if (kid == 0) {
        signal(SIGSEGV, SIG_DFL); /* cmocka catches it otherwise */
        volatile int *q = p;
        *q = 1;
        _exit(0);
    }
    int st;
    assert_int_equal(waitpid(kid, &st, 0), kid);
    assert_true(WIFSIGNALED(st));
    assert_int_equal(WTERMSIG(st), SIGSEGV);
    assert_int_equal(drv_mem_free(dev, p), 0);
    assert_int_equal(drv_device_close(dev), 0);
}

static void bad_device_ids(void **state)
{
    drv_device *dev;
    assert_int_equal(drv_device_open(-1, &dev), 107001);
    assert_int_equal(drv_device_open(5, &dev), 107001);
    assert_true(strstr(drv_last_error(), "out of range") != NULL);
}

/* Without ACLEMU_RUNTIME_DIR, devices live in /tmp/aclemu-<uid>/<FNV-1a 64 of the real path of
 * the device-process executable>: the driver (which finds the executable) and the device process
 * (its /proc/self/exe) must agree, and another installation gets another directory. */
static uint64_t fnv1a64(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
    return h;
}

static void runtime_dir_per_installation(void **state)
{
    const char *keep = getenv("ACLEMU_RUNTIME_DIR");
    char saved[256];
    snprintf(saved, sizeof saved, "%s", keep ? keep : "");
    unsetenv("ACLEMU_RUNTIME_DIR");
    setenv("ACLEMU_DEVSIM_IDLE_MS", "100", 1); /* so it is gone soon after the test */
    char exe[4096], dir[600], sock[700];
    assert_non_null(realpath(getenv("ACLEMU_DEVSIM"), exe));
    snprintf(dir, sizeof dir, "/tmp/aclemu-%u/%016llx", (unsigned)getuid(), (unsigned long long)fnv1a64(exe));
    snprintf(sock, sizeof sock, "%s/dev0.sock", dir);
    drv_device *dev = open0(); /* spawns the device process, which must listen where we look */
    assert_int_equal(access(sock, F_OK), 0);
    char got[600];
    assert_int_equal(ds_runtime_dir(got, sizeof got), 0);
    assert_string_equal(got, dir);
    assert_int_equal(drv_device_close(dev), 0);
    /* another executable path: another directory; the pinned value is FNV-1a 64 computed apart */
    ds_runtime_set_exe("/nonexistent/aclemu-devsim");
    assert_int_equal(ds_runtime_dir(got, sizeof got), 0);
    char other[600];
    snprintf(other, sizeof other, "/tmp/aclemu-%u/%s", (unsigned)getuid(), "74949423f3a40fac");
    assert_string_equal(got, other);
    rmdir(other);
    ds_runtime_set_exe(exe);
    /* the device process exits when idle and removes its socket; then tidy its directory */
    for (int i = 0; i < 500 && access(sock, F_OK) == 0; i++) usleep(10000);
    char f[700];
    snprintf(f, sizeof f, "%s/dev0.lock", dir);
    unlink(f);
    snprintf(f, sizeof f, "%s/dev0.log", dir);
    unlink(f);
    rmdir(dir);
    unsetenv("ACLEMU_DEVSIM_IDLE_MS");
    if (saved[0]) setenv("ACLEMU_RUNTIME_DIR", saved, 1);
}

static char runtime_dir[64];

static int private_runtime_dir(void **state)
{
    snprintf(runtime_dir, sizeof runtime_dir, "/tmp/aclemu-tdrv-%d", (int)getpid());
    setenv("ACLEMU_RUNTIME_DIR", runtime_dir, 1);
    return 0;
}

/* The private runtime directory goes with the test (the device processes have exited or hold
 * only unlinked files by now): nothing is left in /tmp run after run. */
static int remove_runtime_dir(void **state)
{
    DIR *d = opendir(runtime_dir);
    if (d == NULL)
        return 0;
    struct dirent *e;
    char path[sizeof runtime_dir + 256];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", runtime_dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    return rmdir(runtime_dir) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_device_ids),
        cmocka_unit_test(launch_fill_vadd_sync),
        cmocka_unit_test(device_pointer_faults_in_host),
        cmocka_unit_test(copies_pinned_pageable_and_memset),
        cmocka_unit_test(events_order_streams),
        cmocka_unit_test(host_functions_run_in_order),
        cmocka_unit_test(failures_are_reported_at_sync),
        cmocka_unit_test(op_timeouts_stop_kernels),
        cmocka_unit_test(many_clients_no_lost_tasks),
        cmocka_unit_test(killed_client_is_reclaimed),
        cmocka_unit_test(killed_device_fails_pending_calls),
        cmocka_unit_test(runtime_dir_per_installation),
    };
    return cmocka_run_group_tests(tests, private_runtime_dir, remove_runtime_dir);
}
