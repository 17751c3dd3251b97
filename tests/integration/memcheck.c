/* The device-memory checker (ACLEMU_MEMCHECK=1) against deliberately broken host programs: each
 * bug must be found and its report must name the kind, the op, the tensor and the address; a
 * correct program must get zero reports and the exact results.
 *
 *   memcheck <oob|uaf|uafcopy|uninit|hostptr|doublefree|clean|unchecked|replayuaf>
 *
 * The program turns the checker on itself (before aclInit) and sends its reports to a file
 * (ACLEMU_MEMCHECK_LOG) that it reads back after aclFinalize. "unchecked" runs two clients of
 * one device process: a checked one reading the other's memory (reported), and the unchecked one
 * using freed memory (not checked, not reported). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_relu.h"

#define AICORE_EXCEPTION 507015
#define SYS_DMA 507013
#define N 1024

static int failures;
#define EXPECT(c, ...)                                                                              \
    do {                                                                                            \
        if (!(c)) {                                                                                 \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                    \
            fprintf(stderr, __VA_ARGS__);                                                           \
            fprintf(stderr, "\n");                                                                  \
            failures++;                                                                             \
        }                                                                                           \
    } while (0)
#define ACL_OK(x)                                                                                   \
    do {                                                                                            \
        int rc_ = (int)(x);                                                                         \
        if (rc_ != 0) {                                                                             \
            fprintf(stderr, "FAIL %s:%d: %s = %d (%s)\n", __FILE__, __LINE__, #x, rc_,              \
                    aclGetRecentErrMsg());                                                          \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

static aclrtStream g_stream;
static char g_log[512];

/* A 1-D float tensor of n elements (storage `storage` elements, element offset `offset`). */
static aclTensor *tensor(void *data, int64_t n, int64_t storage, int64_t offset)
{
    int64_t shape[1] = {n}, strides[1] = {1}, st[1] = {storage};
    return aclCreateTensor(shape, 1, ACL_FLOAT, strides, offset, ACL_FORMAT_ND, st, 1, data);
}

static void *dev_with(const float *host, size_t n)
{
    void *p = NULL;
    ACL_OK(aclrtMalloc(&p, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    if (host)
        ACL_OK(aclrtMemcpy(p, n * sizeof(float), host, n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE));
    return p;
}

/* Stage 1 + stage 2 of aclnnAdd(self, other, 1, out). Returns stage 2's status. */
static int run_add(aclTensor *self, aclTensor *other, aclTensor *out)
{
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    ACL_OK(aclnnAddGetWorkspaceSize(self, other, alpha, out, &ws, &ex));
    int st = aclnnAdd(NULL, 0, ex, g_stream);
    aclDestroyScalar(alpha);
    return st;
}

static int run_relu(aclTensor *self, aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    ACL_OK(aclnnReluGetWorkspaceSize(self, out, &ws, &ex));
    return aclnnRelu(NULL, 0, ex, g_stream);
}

static int run_mul(aclTensor *self, aclTensor *other, aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    ACL_OK(aclnnMulGetWorkspaceSize(self, other, out, &ws, &ex));
    return aclnnMul(NULL, 0, ex, g_stream);
}

static void fill(float *h, size_t n, float base)
{
    for (size_t i = 0; i < n; i++)
        h[i] = base + (float)(i % 97) * 0.25f - 12.0f;
}

/* ---- the reports ----------------------------------------------------------------------------- */
static char *g_text;

static void load_log(void)
{
    FILE *f = fopen(g_log, "r");
    EXPECT(f != NULL, "no report file %s", g_log);
    if (!f) {
        g_text = strdup("");
        return;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    g_text = calloc(1, (size_t)n + 1);
    if (fread(g_text, 1, (size_t)n, f) != (size_t)n)
        EXPECT(0, "short read of %s", g_log);
    fclose(f);
    fprintf(stderr, "---- reports ----\n%s-----------------\n", g_text);
}

static int count_of(const char *needle)
{
    int n = 0;
    for (const char *p = g_text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* The report (from its "====== ERROR:" line to the next) that contains every one of the
 * given strings, or NULL. */
static int report_with(const char *a, const char *b, const char *c, const char *d)
{
    const char *p = g_text;
    while ((p = strstr(p, "====== ERROR:")) != NULL) {
        const char *end = strstr(p + 1, "====== ERROR");
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char *r = strndup(p, len);
        int ok = (!a || strstr(r, a)) && (!b || strstr(r, b)) && (!c || strstr(r, c)) &&
                 (!d || strstr(r, d));
        free(r);
        if (ok)
            return 1;
        p += len;
    }
    return 0;
}

static const char *hex(const void *p)
{
    static char buf[4][32];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "0x%llx", (unsigned long long)(uintptr_t)p);
    return buf[k];
}

static void expect_report(int line, const char *a, const char *b, const char *c, const char *d)
{
    if (!report_with(a, b, c, d)) {
        fprintf(stderr, "FAIL line %d: no report with [%s] [%s] [%s] [%s]\n", line, a, b ? b : "",
                c ? c : "", d ? d : "");
        failures++;
    }
}
#define EXPECT_REPORT(a, b, c, d) expect_report(__LINE__, a, b, c, d)

static void teardown(void)
{
    ACL_OK(aclrtDestroyStream(g_stream));
    ACL_OK(aclrtResetDevice(0));
    ACL_OK(aclFinalize());
}

static void setup(void)
{
    ACL_OK(aclInit(NULL));
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtCreateStream(&g_stream));
}

/* ---- the broken programs ---------------------------------------------------------------------- */
static float hx[N], hy[N];

/* Output described larger than its allocation; an input view whose offset lies past the end. */
static void bug_oob(void)
{
    fill(hx, N, 1);
    fill(hy, N, 2);
    void *x = dev_with(hx, N), *y = dev_with(hy, N);
    void *small = dev_with(NULL, N / 2); /* half of what the tensor says */
    float guard_host[N];
    fill(guard_host, N, 7);
    void *guard = dev_with(guard_host, N);
    aclTensor *tx = tensor(x, N, N, 0), *ty = tensor(y, N, N, 0), *tout = tensor(small, N, N, 0);
    ACL_OK(run_add(tx, ty, tout));
    EXPECT(aclrtSynchronizeStream(g_stream) == AICORE_EXCEPTION, "OOB write: the stream must fail");
    /* nothing was written anywhere: the launch was skipped */
    float back[N];
    ACL_OK(aclrtMemcpy(back, sizeof back, guard, sizeof back, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT(memcmp(back, guard_host, sizeof back) == 0, "memory next to the bad output changed");

    /* offset past the end: storage of 2N elements declared over an allocation of N */
    void *out2 = dev_with(NULL, N);
    aclTensor *late = tensor(x, N, 2 * N, N), *t2 = tensor(out2, N, N, 0);
    ACL_OK(run_relu(late, t2));
    EXPECT(aclrtSynchronizeStream(g_stream) == AICORE_EXCEPTION, "OOB read: the stream must fail");
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tout);
    aclDestroyTensor(late);
    aclDestroyTensor(t2);
    ACL_OK(aclrtFree(x));
    ACL_OK(aclrtFree(y));
    ACL_OK(aclrtFree(small));
    ACL_OK(aclrtFree(guard));
    ACL_OK(aclrtFree(out2));
    teardown();
    load_log();
    char small_end[32];
    snprintf(small_end, sizeof small_end, "%s", hex((char *)small + N / 2 * sizeof(float)));
    EXPECT_REPORT("illegal write of size 2048", "in aclnnAdd", "tensor out", small_end);
    EXPECT_REPORT("illegal write", "2048 bytes past the end of its 2048-byte allocation", hex(small), NULL);
    EXPECT_REPORT("illegal read of size 4096", "in aclnnRelu", "tensor self", hex((char *)x + N * sizeof(float)));
    EXPECT(count_of("launch #1 ") == 1 && count_of("launch #2 ") == 1, "launch numbers");
    EXPECT(count_of("====== ERROR SUMMARY: 2 errors") == 1, "summary of 2 errors");
}

/* aclrtFree, then a launch on the freed memory. */
static void bug_uaf(void)
{
    fill(hx, N, 1);
    fill(hy, N, 2);
    void *x = dev_with(hx, N), *y = dev_with(hy, N), *out = dev_with(NULL, N);
    ACL_OK(aclrtFree(x));
    void *again = dev_with(hx, N); /* the quarantine keeps x's block from being handed out */
    EXPECT(again != x, "a freed block was reused at once");
    aclTensor *tx = tensor(x, N, N, 0), *ty = tensor(y, N, N, 0), *tout = tensor(out, N, N, 0);
    ACL_OK(run_mul(tx, ty, tout));
    EXPECT(aclrtSynchronizeStream(g_stream) == AICORE_EXCEPTION, "UAF: the stream must fail");
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tout);
    ACL_OK(aclrtFree(y));
    ACL_OK(aclrtFree(out));
    ACL_OK(aclrtFree(again));
    teardown();
    load_log();
    EXPECT_REPORT("illegal read of size 4096 (use after free)", "in aclnnMul", "tensor self", hex(x));
    EXPECT_REPORT("use after free", "freed by this process", "launch #1", NULL);
    EXPECT(count_of("====== ERROR SUMMARY: 1 error\n") == 1, "summary of 1 error");
}

/* A captured launch (aclmdlRI) replayed after one of its inputs was freed: each replayed task is
 * checked as it runs, like a launch from the ring. */
static void bug_replay_uaf(void)
{
    fill(hx, N, 1);
    fill(hy, N, 2);
    void *x = dev_with(hx, N), *y = dev_with(hy, N), *out = dev_with(NULL, N);
    aclTensor *tx = tensor(x, N, N, 0), *ty = tensor(y, N, N, 0), *tout = tensor(out, N, N, 0);
    aclmdlRI ri = NULL;
    ACL_OK(aclmdlRICaptureBegin(g_stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(run_mul(tx, ty, tout));
    ACL_OK(aclmdlRICaptureEnd(g_stream, &ri));
    ACL_OK(aclmdlRIExecuteAsync(ri, g_stream));
    EXPECT(aclrtSynchronizeStream(g_stream) == 0, "a replay on live memory must pass");
    ACL_OK(aclrtFree(x));
    ACL_OK(aclmdlRIExecuteAsync(ri, g_stream));
    EXPECT(aclrtSynchronizeStream(g_stream) == AICORE_EXCEPTION, "replay UAF: the stream must fail");
    ACL_OK(aclmdlRIDestroy(ri));
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tout);
    ACL_OK(aclrtFree(y));
    ACL_OK(aclrtFree(out));
    teardown();
    load_log();
    EXPECT_REPORT("illegal read of size 4096 (use after free)", "in aclnnMul", "tensor self", hex(x));
    EXPECT(count_of("====== ERROR SUMMARY: 1 error\n") == 1, "summary of 1 error");
}

/* A copy queued (behind a blocking callback) from memory that is freed before the copy runs: the
 * device's check of the copy task catches it. */
static int g_go; /* 1: the report thread may run the callback */

static void noop_callback(void *ud) { (void)ud; }

static void *report_thread(void *p)
{
    (void)p;
    while (!__atomic_load_n(&g_go, __ATOMIC_SEQ_CST))
        usleep(1000);
    for (int i = 0; i < 200; i++)
        if (aclrtProcessReport(50) == ACL_SUCCESS)
            break;
    return NULL;
}

static void bug_uaf_copy(void)
{
    fill(hx, N, 1);
    void *x = dev_with(hx, N), *y = dev_with(NULL, N);
    pthread_t t;
    pthread_create(&t, NULL, report_thread, NULL);
    ACL_OK(aclrtSubscribeReport((uint64_t)t, g_stream));
    ACL_OK(aclrtLaunchCallback(noop_callback, NULL, ACL_CALLBACK_BLOCK, g_stream));
    ACL_OK(aclrtMemcpyAsync(y, N * sizeof(float), x, N * sizeof(float), ACL_MEMCPY_DEVICE_TO_DEVICE, g_stream));
    ACL_OK(aclrtFree(x)); /* the copy still waits behind the callback */
    __atomic_store_n(&g_go, 1, __ATOMIC_SEQ_CST);
    EXPECT(aclrtSynchronizeStream(g_stream) == SYS_DMA, "the copy from freed memory must fail the stream");
    pthread_join(t, NULL);
    ACL_OK(aclrtUnSubscribeReport((uint64_t)t, g_stream));
    ACL_OK(aclrtFree(y));
    teardown();
    load_log();
    EXPECT_REPORT("illegal read of size 4096 (use after free)", "in aclrtMemcpyAsync when reading src", hex(x),
                  "on stream");
    EXPECT(count_of("====== ERROR SUMMARY: 1 error\n") == 1, "summary of 1 error");
}

/* aclrtMalloc, then the memory used as an input without ever being written. */
static void bug_uninit(void)
{
    fill(hy, N, 2);
    void *x = dev_with(NULL, N), *y = dev_with(hy, N), *out = dev_with(NULL, N);
    aclTensor *tx = tensor(x, N, N, 0), *ty = tensor(y, N, N, 0), *tout = tensor(out, N, N, 0);
    ACL_OK(run_add(tx, ty, tout));
    EXPECT(aclrtSynchronizeStream(g_stream) == 0, "an uninitialised read is reported only");
    /* the kernel ran as without the checker: out = x + y for whatever x holds */
    float bx[N], bz[N];
    ACL_OK(aclrtMemcpy(bx, sizeof bx, x, sizeof bx, ACL_MEMCPY_DEVICE_TO_HOST)); /* reported too */
    ACL_OK(aclrtMemcpy(bz, sizeof bz, out, sizeof bz, ACL_MEMCPY_DEVICE_TO_HOST)); /* written: clean */
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += bz[i] != bx[i] + hy[i];
    EXPECT(bad == 0, "%d elements of out differ from x + y", bad);
    /* partly written (300 of 1024 elements), then read: only the rest is reported */
    ACL_OK(aclrtMemcpy(x, 300 * sizeof(float), hx, 300 * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(run_relu(tx, tout));
    EXPECT(aclrtSynchronizeStream(g_stream) == 0, "an uninitialised read is reported only");
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tout);
    ACL_OK(aclrtFree(x));
    ACL_OK(aclrtFree(y));
    ACL_OK(aclrtFree(out));
    teardown();
    load_log();
    EXPECT_REPORT("uninitialized read of size 4096", "in aclnnAdd", "tensor self", hex(x));
    EXPECT_REPORT("uninitialized read of size 4096", "aclrtMemcpy", "src", hex(x));
    EXPECT_REPORT("uninitialized read of size 2896", "in aclnnRelu", "tensor self",
                  hex((char *)x + 300 * sizeof(float)));
    EXPECT(count_of("tensor other") == 0, "the written input must not be reported");
    EXPECT(count_of("====== ERROR SUMMARY: 3 errors") == 1, "summary of 3 errors");
}

/* A host pointer (malloc) and a pinned host pointer (aclrtMallocHost) passed as tensor addresses. */
static void bug_hostptr(void)
{
    fill(hy, N, 2);
    float *heap = malloc(N * sizeof(float));
    fill(heap, N, 1);
    fill(hx, N, 1);
    void *pinned = NULL;
    ACL_OK(aclrtMallocHost(&pinned, N * sizeof(float)));
    memcpy(pinned, hy, N * sizeof(float));
    void *y = dev_with(hy, N), *out = dev_with(NULL, N);
    aclTensor *th = tensor(heap, N, N, 0), *ty = tensor(y, N, N, 0), *tout = tensor(out, N, N, 0);
    aclTensor *tp = tensor(pinned, N, N, 0);
    ACL_OK(run_add(th, ty, tout));
    EXPECT(aclrtSynchronizeStream(g_stream) == AICORE_EXCEPTION, "host pointer: the stream must fail");
    ACL_OK(run_mul(ty, tp, tout));
    EXPECT(aclrtSynchronizeStream(g_stream) == AICORE_EXCEPTION, "pinned pointer: the stream must fail");
    EXPECT(memcmp(heap, hx, N * sizeof(float)) == 0, "the host memory passed as a tensor changed");
    aclDestroyTensor(th);
    aclDestroyTensor(ty);
    aclDestroyTensor(tout);
    aclDestroyTensor(tp);
    ACL_OK(aclrtFree(y));
    ACL_OK(aclrtFree(out));
    ACL_OK(aclrtFreeHost(pinned));
    teardown();
    load_log();
    EXPECT_REPORT("illegal read of size 4096", "on host memory in aclnnAdd", "tensor self", hex(heap));
    EXPECT_REPORT("is host memory of the process", hex(heap), NULL, NULL);
    EXPECT_REPORT("illegal read of size 4096", "in aclnnMul", "tensor other", hex(pinned));
    EXPECT_REPORT("pinned host memory (aclrtMallocHost)", hex(pinned), NULL, NULL);
    EXPECT(count_of("====== ERROR SUMMARY: 2 errors") == 1, "summary of 2 errors");
    free(heap);
}

/* aclrtFree twice, and of an address inside an allocation. */
static void bug_doublefree(void)
{
    void *x = dev_with(NULL, N), *y = dev_with(NULL, N);
    ACL_OK(aclrtFree(x));
    EXPECT(aclrtFree(x) == ACL_ERROR_INVALID_PARAM, "double free must fail");
    EXPECT(aclrtFree((char *)y + 256) == ACL_ERROR_INVALID_PARAM, "interior free must fail");
    ACL_OK(aclrtFree(y));
    teardown();
    load_log();
    EXPECT_REPORT("illegal free()", hex(x), "already freed (double free)", NULL);
    EXPECT_REPORT("illegal free()", hex((char *)y + 256), "256 bytes into the 4096-byte allocation", NULL);
    EXPECT(count_of("====== ERROR SUMMARY: 2 errors") == 1, "summary of 2 errors");
}

/* A correct program: zero reports and exact results. */
static void clean_program(void)
{
    fill(hx, N, 1);
    fill(hy, N, 2);
    void *x = dev_with(hx, N), *y = dev_with(NULL, N), *z = dev_with(NULL, N), *w = dev_with(NULL, N);
    /* y by an async copy from pinned memory, z by a device-to-device copy, w by a memset */
    void *pinned = NULL;
    ACL_OK(aclrtMallocHost(&pinned, N * sizeof(float)));
    memcpy(pinned, hy, N * sizeof(float));
    ACL_OK(aclrtMemcpyAsync(y, N * sizeof(float), pinned, N * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE, g_stream));
    ACL_OK(aclrtMemcpyAsync(z, N * sizeof(float), y, N * sizeof(float), ACL_MEMCPY_DEVICE_TO_DEVICE, g_stream));
    ACL_OK(aclrtMemsetAsync(w, N * sizeof(float), 0, N * sizeof(float), g_stream));
    void *o1 = dev_with(NULL, N), *o2 = dev_with(NULL, N), *o3 = dev_with(NULL, N);
    aclTensor *tx = tensor(x, N, N, 0), *tz = tensor(z, N, N, 0), *tw = tensor(w, N, N, 0);
    aclTensor *t1 = tensor(o1, N, N, 0), *t2 = tensor(o2, N, N, 0), *t3 = tensor(o3, N, N, 0);
    ACL_OK(run_add(tx, tz, t1));  /* o1 = x + y */
    ACL_OK(run_relu(t1, t2));     /* o2 = relu(o1): reads what the last launch wrote */
    ACL_OK(run_mul(t2, tw, t3));  /* o3 = o2 * 0 */
    /* a strided view: every second element of x */
    int64_t shape[1] = {N / 2}, strides[1] = {2}, st[1] = {N};
    aclTensor *even = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, st, 1, x);
    aclTensor *half = tensor(w, N / 2, N, 0);
    ACL_OK(run_relu(even, half));
    ACL_OK(aclrtSynchronizeStream(g_stream));
    float r1[N], r2[N], r3[N], r4[N / 2];
    ACL_OK(aclrtMemcpy(r1, sizeof r1, o1, sizeof r1, ACL_MEMCPY_DEVICE_TO_HOST));
    ACL_OK(aclrtMemcpy(r2, sizeof r2, o2, sizeof r2, ACL_MEMCPY_DEVICE_TO_HOST));
    ACL_OK(aclrtMemcpy(r3, sizeof r3, o3, sizeof r3, ACL_MEMCPY_DEVICE_TO_HOST));
    ACL_OK(aclrtMemcpy(r4, sizeof r4, w, sizeof r4, ACL_MEMCPY_DEVICE_TO_HOST));
    int bad = 0;
    for (int i = 0; i < N; i++) {
        float s = hx[i] + hy[i];
        bad += r1[i] != s;
        bad += r2[i] != (s > 0 ? s : 0.0f);
        bad += r3[i] != (s > 0 ? s : 0.0f) * 0.0f;
    }
    for (int i = 0; i < N / 2; i++)
        bad += r4[i] != (hx[2 * i] > 0 ? hx[2 * i] : 0.0f);
    EXPECT(bad == 0, "%d wrong elements", bad);
    aclDestroyTensor(tx);
    aclDestroyTensor(tz);
    aclDestroyTensor(tw);
    aclDestroyTensor(t1);
    aclDestroyTensor(t2);
    aclDestroyTensor(t3);
    aclDestroyTensor(even);
    aclDestroyTensor(half);
    void *all[] = {x, y, z, w, o1, o2, o3};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        ACL_OK(aclrtFree(all[i]));
    ACL_OK(aclrtFreeHost(pinned));
    teardown();
    load_log();
    EXPECT(count_of("ERROR:") == 0, "a correct program got reports");
    EXPECT(count_of("====== ERROR SUMMARY: 0 errors") == 1, "summary of 0 errors");
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    char cwd[256];
    snprintf(g_log, sizeof g_log, "%s/memcheck-%s.log", getcwd(cwd, sizeof cwd) ? cwd : ".", mode);
    unlink(g_log);
    if (strcmp(mode, "unchecked") == 0) {
        /* Two clients of one device process: a checked child reads the unchecked parent's
         * memory (reported: another process's memory), then the parent uses freed memory
         * without the checker (it runs as before and nobody reports it). */
        int to_child[2], to_parent[2];
        if (pipe(to_child) != 0 || pipe(to_parent) != 0)
            return 1;
        pid_t child = fork();
        if (child == 0) {
            setenv("ACLEMU_MEMCHECK", "1", 1);
            setenv("ACLEMU_MEMCHECK_LOG", g_log, 1);
            setup();
            void *theirs = NULL;
            if (read(to_child[0], &theirs, sizeof theirs) != (ssize_t)sizeof theirs)
                _exit(3);
            void *out = dev_with(NULL, N);
            aclTensor *tt = tensor(theirs, N, N, 0), *tout = tensor(out, N, N, 0);
            ACL_OK(run_relu(tt, tout));
            int rc = aclrtSynchronizeStream(g_stream);
            aclDestroyTensor(tt);
            aclDestroyTensor(tout);
            ACL_OK(aclrtFree(out));
            teardown();
            char done = 1;
            if (write(to_parent[1], &done, 1) != 1)
                _exit(4);
            _exit(rc == AICORE_EXCEPTION ? 0 : 5);
        }
        setup();
        fill(hx, N, 1);
        void *x = dev_with(hx, N), *y = dev_with(hx, N), *out = dev_with(NULL, N);
        char done = 0;
        if (write(to_child[1], &x, sizeof x) != (ssize_t)sizeof x || read(to_parent[0], &done, 1) != 1)
            EXPECT(0, "no word from the checked client");
        int status = 0;
        waitpid(child, &status, 0);
        EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0,
               "checked client: exit %d (5: its read of our memory was not refused)", WEXITSTATUS(status));
        aclTensor *tx = tensor(x, N, N, 0), *ty = tensor(y, N, N, 0), *tout = tensor(out, N, N, 0);
        ACL_OK(aclrtFree(x));
        ACL_OK(run_add(tx, ty, tout)); /* an unchecked use after free: runs */
        EXPECT(aclrtSynchronizeStream(g_stream) == 0, "the unchecked client must not be checked");
        aclDestroyTensor(tx);
        aclDestroyTensor(ty);
        aclDestroyTensor(tout);
        ACL_OK(aclrtFree(y));
        ACL_OK(aclrtFree(out));
        teardown();
        load_log();
        char pid[32];
        snprintf(pid, sizeof pid, "(pid %d)", (int)getpid());
        EXPECT_REPORT("illegal read of size 4096", "in aclnnRelu", "tensor self", hex(x));
        EXPECT_REPORT("of another process", pid, NULL, NULL);
        EXPECT(count_of("use after free") == 0, "the unchecked client's use after free was reported");
        EXPECT(count_of("====== ERROR SUMMARY: 1 error\n") == 1, "the checked client's summary");
    } else {
        setenv("ACLEMU_MEMCHECK", "1", 1);
        setenv("ACLEMU_MEMCHECK_LOG", g_log, 1);
        setup();
        if (!strcmp(mode, "oob"))
            bug_oob();
        else if (!strcmp(mode, "uaf"))
            bug_uaf();
        else if (!strcmp(mode, "uafcopy"))
            bug_uaf_copy();
        else if (!strcmp(mode, "uninit"))
            bug_uninit();
        else if (!strcmp(mode, "hostptr"))
            bug_hostptr();
        else if (!strcmp(mode, "doublefree"))
            bug_doublefree();
        else if (!strcmp(mode, "clean"))
            clean_program();
        else if (!strcmp(mode, "replayuaf"))
            bug_replay_uaf();
        else {
            fprintf(stderr, "unknown mode %s\n", mode);
            return 2;
        }
    }
    if (failures) {
        fprintf(stderr, "memcheck %s: %d failures\n", mode, failures);
        return 1;
    }
    printf("memcheck %s: ok\n", mode);
    return 0;
}
