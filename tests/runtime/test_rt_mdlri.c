/* Stream capture and replay (aclmdlRI*): an ordinary ACL host program. A chain of aclnn ops and
 * async copies is captured once and replayed with new inputs, on the capturing stream and on
 * another; goldens are computed here in double precision. Then the capture modes' refusals, the
 * error paths, task-group updates and the patterns ggml's graph mode relies on. */
#include <math.h>
#include <pthread.h>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "rt_test.h"

#define N 8 /* N x N matrices */
#define NN (N * N)

static aclrtStream s1, s2;

static aclTensor *tensor2d(void *dev, int64_t rows, int64_t cols)
{
    int64_t shape[2] = {rows, cols}, strides[2] = {cols, 1};
    return aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 2, dev);
}

/* The device buffers and pinned host buffers of the captured chain. */
typedef struct chain {
    void *a, *b, *c, *d, *m, *r, *ws;
    float *hin, *hout;
    size_t ws_size;
} chain;

static void chain_alloc(chain *k)
{
    memset(k, 0, sizeof *k);
    void **bufs[] = {&k->a, &k->b, &k->c, &k->d, &k->m};
    for (size_t i = 0; i < 5; i++)
        ACL_OK(aclrtMalloc(bufs[i], NN * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMalloc(&k->r, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMalloc(&k->ws, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
    k->ws_size = 1 << 20;
    ACL_OK(aclrtMallocHost((void **)&k->hin, NN * sizeof(float)));
    ACL_OK(aclrtMallocHost((void **)&k->hout, N * sizeof(float)));
    float bh[NN];
    for (int i = 0; i < NN; i++)
        bh[i] = (float)((i * 7) % 11) * 0.125f - 0.5f;
    ACL_OK(aclrtMemcpy(k->b, sizeof bh, bh, sizeof bh, ACL_MEMCPY_HOST_TO_DEVICE));
}

static void chain_free(chain *k)
{
    void *bufs[] = {k->a, k->b, k->c, k->d, k->m, k->r, k->ws};
    for (size_t i = 0; i < 7; i++)
        ACL_OK(aclrtFree(bufs[i]));
    ACL_OK(aclrtFreeHost(k->hin));
    ACL_OK(aclrtFreeHost(k->hout));
}

/* hin -> a; c = a + 1.5 b; d = c * a; m = d @ b; r = rowsum(m); r -> hout, all on `stream`. */
static void chain_issue(chain *k, aclrtStream stream)
{
    ACL_OK(aclrtMemcpyAsync(k->a, NN * sizeof(float), k->hin, NN * sizeof(float),
                            ACL_MEMCPY_HOST_TO_DEVICE, stream));
    aclTensor *a = tensor2d(k->a, N, N), *b = tensor2d(k->b, N, N), *c = tensor2d(k->c, N, N),
              *d = tensor2d(k->d, N, N), *m = tensor2d(k->m, N, N);
    int64_t rshape[1] = {N}, rstride[1] = {1};
    aclTensor *r = aclCreateTensor(rshape, 1, ACL_FLOAT, rstride, 0, ACL_FORMAT_ND, rshape, 1, k->r);
    float alpha_v = 1.5f;
    aclScalar *alpha = aclCreateScalar(&alpha_v, ACL_FLOAT);
    int64_t dim = 1;
    aclIntArray *dims = aclCreateIntArray(&dim, 1);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnAddGetWorkspaceSize(a, b, alpha, c, &ws, &ex), 0);
    assert_true(ws <= k->ws_size);
    assert_int_equal(aclnnAdd(k->ws, ws, ex, stream), 0);
    assert_int_equal(aclnnMulGetWorkspaceSize(c, a, d, &ws, &ex), 0);
    assert_int_equal(aclnnMul(k->ws, ws, ex, stream), 0);
    assert_int_equal(aclnnMatmulGetWorkspaceSize(d, b, m, 0, &ws, &ex), 0);
    assert_true(ws <= k->ws_size);
    assert_int_equal(aclnnMatmul(k->ws, ws, ex, stream), 0);
    assert_int_equal(aclnnReduceSumGetWorkspaceSize(m, dims, false, ACL_FLOAT, r, &ws, &ex), 0);
    assert_true(ws <= k->ws_size);
    assert_int_equal(aclnnReduceSum(k->ws, ws, ex, stream), 0);
    ACL_OK(aclrtMemcpyAsync(k->hout, N * sizeof(float), k->r, N * sizeof(float),
                            ACL_MEMCPY_DEVICE_TO_HOST, stream));
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(c);
    aclDestroyTensor(d);
    aclDestroyTensor(m);
    aclDestroyTensor(r);
    aclDestroyScalar(alpha);
    aclDestroyIntArray(dims);
}

static void fill_input(chain *k, int round)
{
    for (int i = 0; i < NN; i++)
        k->hin[i] = (float)(((i + 3 * round) % 13) - 6) * 0.25f;
}

/* The chain in double precision from hin and b (b read back from the device). */
static void golden(const chain *k, double *out)
{
    float bh[NN];
    ACL_OK(aclrtMemcpy(bh, sizeof bh, k->b, sizeof bh, ACL_MEMCPY_DEVICE_TO_HOST));
    double d[NN];
    for (int i = 0; i < NN; i++)
        d[i] = ((double)k->hin[i] + 1.5 * bh[i]) * k->hin[i];
    for (int i = 0; i < N; i++) {
        double row = 0;
        for (int j = 0; j < N; j++)
            for (int l = 0; l < N; l++)
                row += d[i * N + l] * bh[l * N + j];
        out[i] = row;
    }
}

static void expect_golden(const chain *k)
{
    double g[N];
    golden(k, g);
    for (int i = 0; i < N; i++)
        if (fabs(k->hout[i] - g[i]) > 1e-4 + 1e-4 * fabs(g[i]))
            fail_msg("row %d: %.6f, golden %.6f", i, k->hout[i], g[i]);
}

static int setup(void **state)
{
    (void)state;
    ACL_OK(aclInit(NULL));
    ACL_OK(aclrtSetDevice(0));
    ACL_OK(aclrtCreateStream(&s1));
    ACL_OK(aclrtCreateStream(&s2));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ACL_OK(aclrtDestroyStream(s1));
    ACL_OK(aclrtDestroyStream(s2));
    ACL_OK(aclrtResetDevice(0));
    ACL_OK(aclFinalize());
    return 0;
}

/* ---- capture, replay with new inputs, another stream, eager comparison -------------------- */
static void test_replay_matches_eager(void **state)
{
    (void)state;
    chain k;
    chain_alloc(&k);
    /* eager run first: the reference the replays must equal bit for bit */
    fill_input(&k, 0);
    chain_issue(&k, s1);
    ACL_OK(aclrtSynchronizeStream(s1));
    expect_golden(&k);
    float eager[N];
    memcpy(eager, k.hout, sizeof eager);

    for (int i = 0; i < N; i++)
        k.hout[i] = -12345.0f;
    aclmdlRI ri = NULL, info_ri = NULL;
    aclmdlRICaptureStatus st = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    ACL_OK(aclmdlRICaptureGetInfo(s1, &st, &info_ri));
    assert_int_equal(st, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
    assert_null(info_ri);
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    chain_issue(&k, s1);
    ACL_OK(aclmdlRICaptureGetInfo(s1, &st, &info_ri));
    assert_int_equal(st, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
    assert_non_null(info_ri);
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    assert_ptr_equal(ri, info_ri);
    ACL_OK(aclrtSynchronizeStream(s1));
    /* recorded, not run */
    for (int i = 0; i < N; i++)
        assert_true(k.hout[i] == -12345.0f);

    ACL_OK(aclmdlRIExecuteAsync(ri, s1));
    ACL_OK(aclrtSynchronizeStream(s1));
    assert_memory_equal(k.hout, eager, sizeof eager);
    /* each replay reads the memory as it is then */
    for (int round = 1; round <= 5; round++) {
        fill_input(&k, round);
        ACL_OK(aclmdlRIExecuteAsync(ri, round % 2 ? s2 : s1));
        ACL_OK(aclrtSynchronizeStream(round % 2 ? s2 : s1));
        expect_golden(&k);
    }
    /* back to back replays queue in stream order */
    fill_input(&k, 9);
    for (int i = 0; i < 20; i++)
        ACL_OK(aclmdlRIExecuteAsync(ri, s2));
    ACL_OK(aclrtSynchronizeStream(s2));
    expect_golden(&k);

    char path[256];
    write_temp(path, sizeof path, "mdlri.json", "");
    ACL_OK(aclmdlRIDebugJsonPrint(ri, path, ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE));
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    unlink(path);
    assert_non_null(strstr(text, "\"task_count\": "));
    assert_non_null(strstr(text, "\"task_type\": \"KERNEL\""));
    assert_non_null(strstr(text, "\"task_type\": \"MEMCPY\""));
    ACL_OK(aclmdlRIDebugPrint(ri));
    ACL_OK(aclmdlRIDestroy(ri));
    chain_free(&k);
}

/* ---- capture modes ----------------------------------------------------------------------- */
typedef struct probe {
    void *dev;
    int exchange; /* -1: keep the thread's mode */
    aclError memcpy_ret;
} probe;

static void *probe_main(void *arg)
{
    probe *p = arg;
    aclrtSetDevice(0);
    if (p->exchange >= 0) {
        aclmdlRICaptureMode m = (aclmdlRICaptureMode)p->exchange;
        aclmdlRICaptureThreadExchangeMode(&m);
    }
    float v = 1.0f;
    p->memcpy_ret = aclrtMemcpy(p->dev, sizeof v, &v, sizeof v, ACL_MEMCPY_HOST_TO_DEVICE);
    aclGetRecentErrMsg();
    return NULL;
}

static aclError memcpy_from_thread(void *dev, int exchange)
{
    probe p = {dev, exchange, -1};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, probe_main, &p), 0);
    pthread_join(th, NULL);
    return p.memcpy_ret;
}

static void test_capture_modes(void **state)
{
    (void)state;
    void *dev, *dev2;
    ACL_OK(aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    float host[16] = {0}, *pinned;
    ACL_OK(aclrtMallocHost((void **)&pinned, sizeof host));
    aclmdlRI ri;

    /* GLOBAL: no thread may call the unsafe functions unless it relaxes itself */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_EXPECT(ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
               aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    expect_errmsg("is in the capture state");
    ACL_EXPECT(ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, aclrtMemset(dev, 64, 0, 64));
    ACL_EXPECT(ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
               aclrtMemcpy2d(dev, 64, host, 64, 64, 1, ACL_MEMCPY_HOST_TO_DEVICE));
    /* async with pageable memory: refused on the capturing stream, blocked on another */
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID,
               aclrtMemcpyAsync(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE, s1));
    expect_errmsg("pageable memory copy task does not support graph capture");
    ACL_EXPECT(ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC,
               aclrtMemcpyAsync(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE, s2));
    expect_errmsg("converted to a synchronous operation");
    /* pinned memory is what a capture may copy */
    ACL_OK(aclrtMemcpyAsync(dev, 64, pinned, 64, ACL_MEMCPY_HOST_TO_DEVICE, s1));
    /* synchronisation and queries of the capturing stream are never allowed */
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeStream(s1));
    expect_errmsg("during the capture stage is not supported");
    aclrtStreamStatus ss;
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclrtStreamQuery(s1, &ss));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeDevice());
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclrtDestroyStream(s1));
    ACL_OK(aclrtSynchronizeStream(s2)); /* another stream is not captured */
    /* allocation is not an unsafe function in CANN */
    ACL_OK(aclrtMalloc(&dev2, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    /* the exchange: RELAXED on this thread lifts it */
    aclmdlRICaptureMode m = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    ACL_OK(aclmdlRICaptureThreadExchangeMode(&m));
    assert_int_equal(m, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    ACL_OK(aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclmdlRICaptureThreadExchangeMode(&m));
    assert_int_equal(m, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    /* other threads: refused in GLOBAL, allowed once they exchange to THREAD_LOCAL */
    assert_int_equal(memcpy_from_thread(dev, -1), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    assert_int_equal(memcpy_from_thread(dev, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL), ACL_SUCCESS);
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    ACL_OK(aclmdlRIDestroy(ri));
    /* no capture: everything is allowed again */
    ACL_OK(aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE));

    /* THREAD_LOCAL: this thread is restricted, the others are not */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    ACL_EXPECT(ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
               aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    assert_int_equal(memcpy_from_thread(dev, -1), ACL_SUCCESS);
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    ACL_OK(aclmdlRIDestroy(ri));

    /* RELAXED: nobody is restricted (sync of the capturing stream still is) */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    ACL_OK(aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    assert_int_equal(memcpy_from_thread(dev, -1), ACL_SUCCESS);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeStream(s1));
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    ACL_OK(aclmdlRIDestroy(ri));

    ACL_OK(aclrtFree(dev));
    ACL_OK(aclrtFree(dev2));
    ACL_OK(aclrtFreeHost(pinned));
}

/* ---- error paths --------------------------------------------------------------------------- */
typedef struct ender {
    aclrtStream s;
    aclError ret;
} ender;

static void *end_main(void *arg)
{
    ender *e = arg;
    aclrtSetDevice(0);
    aclmdlRI ri = NULL;
    e->ret = aclmdlRICaptureEnd(e->s, &ri);
    aclGetRecentErrMsg();
    return NULL;
}

static void test_error_paths(void **state)
{
    (void)state;
    aclmdlRI ri = NULL, live = NULL;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureBegin(NULL, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRICaptureBegin(s1, (aclmdlRICaptureMode)7));
    aclrtStream dflt;
    ACL_OK(aclrtCtxGetCurrentDefaultStream(&dflt));
    ACL_EXPECT(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclmdlRICaptureBegin(dflt, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureEnd(s1, &ri));
    expect_errmsg("is not in capture status");
    /* a destroyed stream is no stream */
    aclrtStream gone;
    ACL_OK(aclrtCreateStream(&gone));
    ACL_OK(aclrtDestroyStream(gone));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureBegin(gone, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureEnd(gone, &ri));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureTaskGrpBegin(s1));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureGetInfo(s1, NULL, NULL));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureThreadExchangeMode(NULL));
    aclmdlRICaptureMode bad = (aclmdlRICaptureMode)3;
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRICaptureThreadExchangeMode(&bad));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIExecuteAsync(NULL, s1));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroy(NULL));

    /* nested: a capturing stream cannot begin again, nor replay; its instance cannot go */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    expect_errmsg("already in capture status");
    ACL_OK(aclmdlRICaptureGetInfo(s1, NULL, &live));
    ACL_EXPECT(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIDestroy(live));
    ACL_EXPECT(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIExecuteAsync(live, s2));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRICaptureEnd(s1, NULL));
    /* a second stream captures independently */
    ACL_OK(aclmdlRICaptureBegin(s2, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI ri2;
    ACL_OK(aclmdlRICaptureEnd(s2, &ri2));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclmdlRIExecuteAsync(ri2, s1));
    /* events: old-mode ones cannot be captured; Ex ones record and wait inside the capture */
    aclrtEvent old_ev, ex_ev, outside_ev;
    ACL_OK(aclrtCreateEvent(&old_ev));
    ACL_OK(aclrtCreateEventExWithFlag(&ex_ev, ACL_EVENT_SYNC));
    ACL_OK(aclrtCreateEventExWithFlag(&outside_ev, ACL_EVENT_SYNC));
    ACL_OK(aclrtRecordEvent(outside_ev, s2));
    ACL_EXPECT(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtRecordEvent(old_ev, s1));
    ACL_OK(aclrtRecordEvent(ex_ev, s1));
    ACL_EXPECT(ACL_ERROR_RT_EVENT_CAPTURED, aclrtSynchronizeEvent(ex_ev));
    ACL_OK(aclrtStreamWaitEvent(s1, ex_ev));
    ACL_EXPECT(ACL_ERROR_RT_CAPTURE_DEPENDENCY, aclrtStreamWaitEvent(s1, outside_ev));
    /* another stream waiting on it joins the capture; only the origin ends it */
    ACL_OK(aclrtStreamWaitEvent(s2, ex_ev));
    aclmdlRICaptureStatus st;
    aclmdlRI joined_ri = NULL;
    ACL_OK(aclmdlRICaptureGetInfo(s2, &st, &joined_ri));
    assert_int_equal(st, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
    assert_ptr_equal(joined_ri, live);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, aclmdlRICaptureEnd(s2, &ri));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclrtSynchronizeStream(s2));
    /* ending on another thread than the GLOBAL capture began on: refused, capture discarded */
    ender e = {s1, -1};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, end_main, &e), 0);
    pthread_join(th, NULL);
    assert_int_equal(e.ret, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureEnd(s1, &ri));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroy(live)); /* went with the capture */
    ACL_OK(aclrtSynchronizeEvent(ex_ev));                         /* no capture holds it now */
    ACL_OK(aclrtSynchronizeStream(s2));                           /* s2 left with the capture */
    ACL_OK(aclrtDestroyEvent(old_ev));
    ACL_OK(aclrtDestroyEvent(ex_ev));
    ACL_OK(aclrtDestroyEvent(outside_ev));

    /* an open task group makes the end fail */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(aclmdlRICaptureTaskGrpBegin(s1));
    ACL_EXPECT(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureTaskGrpBegin(s1));
    ACL_EXPECT(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureEnd(s1, &ri));

    /* the synchronous execute is not for captured instances; a destroyed one is stale */
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri2, -1));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri2, 0));
    ACL_OK(aclmdlRIDestroy(ri2));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroy(ri2));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIExecuteAsync(ri2, s1));
    /* a callback needs a subscribed thread on the capturing stream, as outside a capture */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_NO_CB_REG,
               aclrtLaunchCallback((aclrtCallback)free, NULL, ACL_CALLBACK_BLOCK, s1));
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    ACL_OK(aclmdlRIDestroy(ri));
}

/* ---- host functions in a capture: recorded, run at each replay in stream order ------------- */
#define HF_ROUNDS 6
typedef struct hf_log {
    chain *k;
    int touch;                   /* 0: only count (replays on several streams at once share the
                                    chain's buffers, so touching them there would race) */
    int round;                   /* set by the "prepare" host function (one stream only) */
    int calls;                   /* every host function call, in order */
    char order[64];
    float seen[HF_ROUNDS][N];    /* hout as the "check" host function found it */
} hf_log;

static void hf_prepare(void *arg)
{
    hf_log *l = arg;
    /* replays on different streams run their host functions on different threads */
    int k = __atomic_fetch_add(&l->calls, 1, __ATOMIC_SEQ_CST);
    if (k < (int)sizeof l->order - 1)
        l->order[k] = 'P';
    int r = __atomic_add_fetch(&l->round, 1, __ATOMIC_SEQ_CST);
    if (!l->touch)
        return;
    fill_input(l->k, r); /* the copy recorded after this reads what it wrote */
    for (int i = 0; i < N; i++)
        l->k->hout[i] = -777.0f;
}

static void hf_check(void *arg)
{
    hf_log *l = arg;
    /* replays on different streams run their host functions on different threads */
    int k = __atomic_fetch_add(&l->calls, 1, __ATOMIC_SEQ_CST);
    if (k < (int)sizeof l->order - 1)
        l->order[k] = 'C';
    int r = __atomic_load_n(&l->round, __ATOMIC_SEQ_CST);
    if (l->touch && r >= 1 && r <= HF_ROUNDS)
        memcpy(l->seen[r - 1], l->k->hout, sizeof l->seen[0]);
}

static void test_host_func_capture(void **state)
{
    (void)state;
    chain k;
    chain_alloc(&k);
    /* static, one per part: a host function thread's last writes must not meet a later reuse of
     * the memory (stack or memset), which TSan cannot order through the device process */
    static hf_log logs[2];
    hf_log *lg = &logs[0];
    memset(logs, 0, sizeof logs);
    lg->k = &k;
    aclrtStream s3;
    ACL_OK(aclrtCreateStream(&s3)); /* no callback service before its first replay */
    aclmdlRI ri;
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(aclrtLaunchHostFunc(s1, hf_prepare, lg));
    chain_issue(&k, s1);
    ACL_OK(aclrtLaunchHostFunc(s1, hf_check, lg));
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    ACL_OK(aclrtSynchronizeStream(s1));
    assert_int_equal(__atomic_load_n(&lg->calls, __ATOMIC_SEQ_CST), 0); /* recorded, not run */
    /* replays on the capturing stream, another one and one with no service yet, one after the
     * other (replays of one graph at once on two streams would race on its buffers, on a card
     * as here) */
    aclrtStream on[HF_ROUNDS] = {s1, s2, s3, s3, s1, s2};
    for (int r = 0; r < HF_ROUNDS; r++) {
        ACL_OK(aclmdlRIExecuteAsync(ri, on[r]));
        ACL_OK(aclrtSynchronizeStream(on[r]));
        assert_int_equal(__atomic_load_n(&lg->calls, __ATOMIC_SEQ_CST), 2 * (r + 1));
    }
    ACL_OK(aclmdlRIDestroy(ri));
    ACL_OK(aclrtDestroyStream(s3));

    /* one stream only: strict P C P C ... and every round's golden */
    lg = &logs[1];
    lg->k = &k;
    lg->touch = 1;
    ACL_OK(aclmdlRICaptureBegin(s2, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    ACL_OK(aclrtLaunchHostFunc(s2, hf_prepare, lg));
    chain_issue(&k, s2);
    ACL_OK(aclrtLaunchHostFunc(s2, hf_check, lg));
    ACL_OK(aclmdlRICaptureEnd(s2, &ri));
    ACL_OK(aclmdlRIExecuteAsync(ri, s1));
    ACL_OK(aclrtSynchronizeStream(s1));
    assert_int_equal(__atomic_load_n(&lg->calls, __ATOMIC_SEQ_CST), 2);
    for (int r = 1; r < HF_ROUNDS; r++)
        ACL_OK(aclmdlRIExecuteAsync(ri, s1));
    ACL_OK(aclrtSynchronizeStream(s1));
    assert_string_equal(lg->order, "PCPCPCPCPCPC");
    for (int r = 1; r <= HF_ROUNDS; r++) {
        fill_input(&k, r);
        memcpy(k.hout, lg->seen[r - 1], sizeof lg->seen[0]);
        expect_golden(&k);
    }
    ACL_OK(aclmdlRIDestroy(ri));
    chain_free(&k);
}

/* ---- cross-stream capture: fork to a second stream and join back ---------------------------- */
static void test_cross_stream_capture(void **state)
{
    (void)state;
    chain k;
    chain_alloc(&k);
    aclrtEvent fork_ev, join_ev;
    ACL_OK(aclrtCreateEventExWithFlag(&fork_ev, ACL_EVENT_SYNC));
    ACL_OK(aclrtCreateEventExWithFlag(&join_ev, ACL_EVENT_SYNC));
    aclmdlRI ri;
    /* s1: hin -> a, fork; s2: d = a + 1.5 b; join; s1: c = d + a, c -> host (as hout rows) */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(aclrtMemcpyAsync(k.a, NN * 4, k.hin, NN * 4, ACL_MEMCPY_HOST_TO_DEVICE, s1));
    ACL_OK(aclrtRecordEvent(fork_ev, s1));
    ACL_OK(aclrtStreamWaitEvent(s2, fork_ev));
    aclTensor *ta = tensor2d(k.a, N, N), *tb = tensor2d(k.b, N, N), *td = tensor2d(k.d, N, N),
              *tc = tensor2d(k.c, N, N);
    float onefive = 1.5f, one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&onefive, ACL_FLOAT), *unit = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws;
    aclOpExecutor *ex;
    assert_int_equal(aclnnAddGetWorkspaceSize(ta, tb, alpha, td, &ws, &ex), 0);
    assert_int_equal(aclnnAdd(k.ws, ws, ex, s2), 0);
    ACL_OK(aclrtRecordEvent(join_ev, s2));
    ACL_OK(aclrtStreamWaitEvent(s1, join_ev)); /* joined back */
    assert_int_equal(aclnnAddGetWorkspaceSize(td, ta, unit, tc, &ws, &ex), 0);
    assert_int_equal(aclnnAdd(k.ws, ws, ex, s1), 0);
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    for (int round = 0; round < 3; round++) {
        fill_input(&k, 40 + round);
        ACL_OK(aclmdlRIExecuteAsync(ri, round == 1 ? s2 : s1));
        ACL_OK(aclrtSynchronizeStream(round == 1 ? s2 : s1));
        float bh[NN], ch[NN];
        ACL_OK(aclrtMemcpy(bh, sizeof bh, k.b, sizeof bh, ACL_MEMCPY_DEVICE_TO_HOST));
        ACL_OK(aclrtMemcpy(ch, sizeof ch, k.c, sizeof ch, ACL_MEMCPY_DEVICE_TO_HOST));
        for (int i = 0; i < NN; i++) {
            double g = ((double)k.hin[i] + 1.5 * bh[i]) + k.hin[i];
            if (fabs(ch[i] - g) > 1e-5 + 1e-5 * fabs(g))
                fail_msg("round %d element %d: %f, golden %f", round, i, ch[i], g);
        }
    }
    ACL_OK(aclmdlRIDestroy(ri));
    /* a stream that joined and was never joined back: the end reports it */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(aclrtRecordEvent(fork_ev, s1));
    ACL_OK(aclrtStreamWaitEvent(s2, fork_ev));
    assert_int_equal(aclnnAddGetWorkspaceSize(ta, tb, alpha, td, &ws, &ex), 0);
    assert_int_equal(aclnnAdd(k.ws, ws, ex, s2), 0);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_UNJOINED, aclmdlRICaptureEnd(s1, &ri));
    expect_errmsg("was not joined back");
    ACL_OK(aclrtSynchronizeStream(s2)); /* released with the dropped capture */
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tc);
    aclDestroyTensor(td);
    aclDestroyScalar(alpha);
    aclDestroyScalar(unit);
    ACL_OK(aclrtDestroyEvent(fork_ev));
    ACL_OK(aclrtDestroyEvent(join_ev));
    chain_free(&k);
}

/* ---- destroy while executing; nothing leaks ------------------------------------------------ */
static void test_destroy_while_running_and_leaks(void **state)
{
    (void)state;
    size_t free0, total, free1;
    /* a long list: 64 copies of 8 MiB each way */
    const size_t big = 8u << 20;
    void *x, *y;
    ACL_OK(aclrtMalloc(&x, big, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMalloc(&y, big, ACL_MEM_MALLOC_HUGE_FIRST));
    float *tail;
    ACL_OK(aclrtMallocHost((void **)&tail, sizeof(float)));
    ACL_OK(aclrtMemset(x, big, 0, big));
    ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total));
    for (int cycle = 0; cycle < 3; cycle++) {
        aclmdlRI ri;
        ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
        for (int i = 0; i < 32; i++) {
            ACL_OK(aclrtMemcpyAsync(y, big, x, big, ACL_MEMCPY_DEVICE_TO_DEVICE, s1));
            ACL_OK(aclrtMemcpyAsync(x, big, y, big, ACL_MEMCPY_DEVICE_TO_DEVICE, s1));
        }
        ACL_OK(aclrtMemsetAsync(y, 4, 0x3f, 4, s1)); /* 0x3f3f3f3f */
        ACL_OK(aclrtMemcpyAsync(tail, 4, y, 4, ACL_MEMCPY_DEVICE_TO_HOST, s1));
        ACL_OK(aclmdlRICaptureEnd(s1, &ri));
        *tail = 0.0f;
        ACL_OK(aclmdlRIExecuteAsync(ri, s2));
        /* waits for the replay, then frees: the replay's last copy is visible without a sync */
        ACL_OK(aclmdlRIDestroy(ri));
        uint32_t bits;
        memcpy(&bits, tail, 4);
        assert_int_equal(bits, 0x3f3f3f3fu);
    }
    ACL_OK(aclrtSynchronizeStream(s2));
    ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free1, &total));
    assert_int_equal(free0, free1); /* the lists' device memory came back */
    ACL_OK(aclrtFree(x));
    ACL_OK(aclrtFree(y));
    ACL_OK(aclrtFreeHost(tail));
}

/* ---- task groups: update a captured launch's arguments --------------------------------------- */
static void add_launch(void *out, void *x, void *y, void *ws, aclrtStream stream)
{
    aclTensor *tx = tensor2d(x, N, N), *ty = tensor2d(y, N, N), *to = tensor2d(out, N, N);
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t wsz = 0;
    aclOpExecutor *ex;
    assert_int_equal(aclnnAddGetWorkspaceSize(tx, ty, alpha, to, &wsz, &ex), 0);
    assert_int_equal(aclnnAdd(ws, wsz, ex, stream), 0);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(to);
    aclDestroyScalar(alpha);
}

static void test_task_group_update(void **state)
{
    (void)state;
    chain k;
    chain_alloc(&k);
    fill_input(&k, 4);
    ACL_OK(aclrtMemcpy(k.a, NN * 4, k.hin, NN * 4, ACL_MEMCPY_HOST_TO_DEVICE));
    aclmdlRI ri;
    aclrtTaskGrp grp = NULL;
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureTaskGrpEnd(s1, NULL));
    ACL_OK(aclmdlRICaptureTaskGrpBegin(s1));
    add_launch(k.c, k.a, k.b, k.ws, s1); /* c = a + b */
    ACL_OK(aclmdlRICaptureTaskGrpEnd(s1, &grp));
    assert_non_null(grp);
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclmdlRICaptureTaskUpdateBegin(s1, grp));
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    ACL_EXPECT(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureTaskUpdateEnd(s2));
    ACL_OK(aclmdlRIExecuteAsync(ri, s2));
    /* in stream order on s2: the replay above adds b, the one below adds a */
    ACL_OK(aclmdlRICaptureTaskUpdateBegin(s2, grp));
    ACL_EXPECT(ACL_ERROR_STREAM_TASK_GROUP_STATUS, aclmdlRICaptureTaskUpdateBegin(s2, grp));
    add_launch(k.c, k.a, k.a, k.ws, s2); /* c = a + a */
    ACL_OK(aclmdlRICaptureTaskUpdateEnd(s2));
    ACL_OK(aclmdlRIExecuteAsync(ri, s2));
    ACL_OK(aclrtSynchronizeStream(s2));
    float c[NN];
    ACL_OK(aclrtMemcpy(c, sizeof c, k.c, sizeof c, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < NN; i++)
        assert_true(c[i] == k.hin[i] + k.hin[i]);
    /* an update that issues fewer tasks than the group holds */
    ACL_OK(aclmdlRICaptureTaskUpdateBegin(s2, grp));
    ACL_EXPECT(ACL_ERROR_RT_INTERNAL_ERROR, aclmdlRICaptureTaskUpdateEnd(s2));
    ACL_OK(aclmdlRIDestroy(ri));
    chain_free(&k);
}

/* ---- what ggml's CANN backend does in graph mode ---------------------------------------------- */
static void test_ggml_graph_mode(void **state)
{
    (void)state;
    chain k;
    chain_alloc(&k);
    /* capture (GLOBAL), run the ops, end, execute at once on the same stream; later executes
     * reuse the graph; an evicted graph is destroyed while a replay may still run */
    aclmdlRI graphs[2] = {NULL, NULL};
    for (int g = 0; g < 2; g++) {
        fill_input(&k, 20 + g);
        ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
        chain_issue(&k, s1);
        ACL_OK(aclmdlRICaptureEnd(s1, &graphs[g]));
        ACL_OK(aclmdlRIExecuteAsync(graphs[g], s1));
        ACL_OK(aclrtSynchronizeStream(s1));
        expect_golden(&k);
    }
    for (int step = 0; step < 4; step++) {
        fill_input(&k, 30 + step);
        ACL_OK(aclmdlRIExecuteAsync(graphs[step % 2], s1));
        ACL_OK(aclrtSynchronizeStream(s1));
        expect_golden(&k);
    }
    ACL_OK(aclmdlRIExecuteAsync(graphs[0], s1));
    ACL_OK(aclmdlRIDestroy(graphs[0]));
    ACL_OK(aclrtSynchronizeStream(s1));
    expect_golden(&k);
    ACL_OK(aclmdlRIDestroy(graphs[1]));
    chain_free(&k);
}

/* ---- threads capturing and replaying at once ------------------------------------------------ */
typedef struct worker {
    int id;
    int failures;
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    aclrtSetDevice(0);
    aclrtStream s;
    void *a, *c, *ws;
    float *hin, *hout;
    if (aclrtCreateStream(&s) || aclrtMalloc(&a, NN * 4, ACL_MEM_MALLOC_HUGE_FIRST) ||
        aclrtMalloc(&c, NN * 4, ACL_MEM_MALLOC_HUGE_FIRST) ||
        aclrtMalloc(&ws, 1 << 16, ACL_MEM_MALLOC_HUGE_FIRST) ||
        aclrtMallocHost((void **)&hin, NN * 4) || aclrtMallocHost((void **)&hout, NN * 4)) {
        w->failures++;
        return NULL;
    }
    aclmdlRI ri = NULL;
    /* THREAD_LOCAL: the other workers' setup copies stay allowed */
    if (aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL) ||
        aclrtMemcpyAsync(a, NN * 4, hin, NN * 4, ACL_MEMCPY_HOST_TO_DEVICE, s))
        w->failures++;
    add_launch(c, a, a, ws, s);
    if (aclrtMemcpyAsync(hout, NN * 4, c, NN * 4, ACL_MEMCPY_DEVICE_TO_HOST, s) ||
        aclmdlRICaptureEnd(s, &ri))
        w->failures++;
    for (int round = 0; round < 25 && ri != NULL; round++) {
        for (int i = 0; i < NN; i++)
            hin[i] = (float)(w->id * 100 + round + i);
        if (aclmdlRIExecuteAsync(ri, s) || aclrtSynchronizeStream(s)) {
            w->failures++;
            break;
        }
        for (int i = 0; i < NN; i++)
            if (hout[i] != 2.0f * hin[i])
                w->failures++;
    }
    if ((ri && aclmdlRIDestroy(ri)) || aclrtFree(a) || aclrtFree(c) || aclrtFree(ws) ||
        aclrtFreeHost(hin) || aclrtFreeHost(hout) || aclrtDestroyStream(s))
        w->failures++;
    return NULL;
}

static void test_threads_capture_and_replay(void **state)
{
    (void)state;
    enum { THREADS = 4 };
    pthread_t th[THREADS];
    worker w[THREADS];
    for (int i = 0; i < THREADS; i++) {
        w[i] = (worker){i, 0};
        assert_int_equal(pthread_create(&th[i], NULL, worker_main, &w[i]), 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(th[i], NULL);
        assert_int_equal(w[i].failures, 0);
    }
}

/* Instances still alive (one of them capturing) when their context goes are destroyed with it. */
static void test_context_destroy_with_live_instance(void **state)
{
    (void)state;
    aclrtContext ctx;
    aclrtStream s;
    ACL_OK(aclrtCreateContext(&ctx, 0));
    ACL_OK(aclrtCreateStream(&s));
    aclmdlRI ri, capturing;
    ACL_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(aclmdlRICaptureEnd(s, &ri));
    ACL_OK(aclmdlRIExecuteAsync(ri, s));
    ACL_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(aclmdlRICaptureGetInfo(s, NULL, &capturing));
    ACL_OK(aclrtDestroyContext(ctx));
    ACL_OK(aclrtSetDevice(0));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroy(ri));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroy(capturing));
    /* the GLOBAL capture that went with it restricts nobody any more */
    void *dev;
    float v = 2.0f;
    ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMemcpy(dev, 4, &v, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclrtFree(dev));
}

/* ---- an instance built explicitly; names, streams, tasks, kernel parameters ---------------- */
static int destroyed_count;
static void on_destroy(void *ud) { destroyed_count += *(int *)ud; }
static void on_destroy_other(void *ud) { (void)ud; destroyed_count += 100; }

static void read_c(const chain *k, float *c)
{
    ACL_OK(aclrtMemcpy(c, NN * 4, k->c, NN * 4, ACL_MEMCPY_DEVICE_TO_HOST));
}

static void test_build_api(void **state)
{
    (void)state;
    chain k;
    chain_alloc(&k);
    fill_input(&k, 2);
    ACL_OK(aclrtMemcpy(k.a, NN * 4, k.hin, NN * 4, ACL_MEMCPY_HOST_TO_DEVICE));
    float bh[NN], c[NN];
    ACL_OK(aclrtMemcpy(bh, sizeof bh, k.b, sizeof bh, ACL_MEMCPY_DEVICE_TO_HOST));
    ACL_OK(aclrtMemset(k.c, NN * 4, 0, NN * 4));

    aclmdlRI ri = NULL;
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildBegin(NULL, 0));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIBuildBegin(&ri, 1));
    ACL_OK(aclmdlRIBuildBegin(&ri, 0));
    assert_non_null(ri);
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIBindStream(ri, s1, 5));
    ACL_EXPECT(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclmdlRIBindStream(ri, s1, ACL_MODEL_STREAM_FLAG_DEFAULT));
    ACL_OK(aclmdlRIBindStream(ri, s1, ACL_MODEL_STREAM_FLAG_HEAD));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIBindStream(ri, s2, ACL_MODEL_STREAM_FLAG_HEAD));
    add_launch(k.c, k.a, k.b, k.ws, s1); /* c = a + b, recorded */
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecuteAsync(ri, s2));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIBuildEnd(ri, NULL)); /* no end task yet */
    ACL_EXPECT(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIEndTask(ri, s2));
    ACL_OK(aclmdlRIEndTask(ri, s1));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIEndTask(ri, s1));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIBuildEnd(ri, &k));
    ACL_OK(aclmdlRIBuildEnd(ri, NULL));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIBuildEnd(ri, NULL));
    ACL_OK(aclrtSynchronizeStream(s1)); /* s1 runs eagerly again */
    read_c(&k, c);
    for (int i = 0; i < NN; i++)
        assert_true(c[i] == 0.0f); /* recorded, not run */
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri, 0));
    ACL_OK(aclmdlRIExecute(ri, 5000));
    read_c(&k, c);
    for (int i = 0; i < NN; i++)
        assert_true(c[i] == k.hin[i] + bh[i]);

    /* name and id */
    char name[32];
    ACL_OK(aclmdlRIGetName(ri, sizeof name, name));
    assert_string_equal(name, "");
    ACL_OK(aclmdlRISetName(ri, "adder"));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIGetName(ri, 5, name));
    ACL_OK(aclmdlRIGetName(ri, 6, name));
    assert_string_equal(name, "adder");
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRISetName(ri, NULL));
    uint32_t id = 0, id2 = 0;
    ACL_OK(aclmdlRIGetId(ri, &id));
    assert_true(id > 0);

    /* streams and tasks */
    uint32_t n = 0;
    ACL_OK(aclmdlRIGetStreams(ri, NULL, &n));
    assert_int_equal(n, 1);
    aclrtStream st[4] = {NULL};
    n = 4;
    ACL_OK(aclmdlRIGetStreams(ri, st, &n));
    assert_int_equal(n, 1);
    assert_ptr_equal(st[0], s1);
    ACL_OK(aclmdlRIGetTasksByStream(s1, NULL, &n));
    assert_true(n >= 1);
    aclmdlRITask tasks[16];
    uint32_t nt = 16;
    ACL_OK(aclmdlRIGetTasksByStream(s1, tasks, &nt));
    assert_int_equal(nt, n);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIGetTasksByStream(s2, tasks, &nt));
    aclmdlRITask kern = NULL;
    for (uint32_t i = 0; i < nt; i++) {
        aclmdlRITaskType ty;
        uint32_t seq = 99;
        ACL_OK(aclmdlRITaskGetType(tasks[i], &ty));
        ACL_OK(aclmdlRITaskGetSeqId(tasks[i], &seq));
        assert_int_equal(seq, i);
        if (ty == ACL_MODEL_RI_TASK_KERNEL)
            kern = tasks[i];
    }
    assert_non_null(kern);
    /* the kernel's arguments name b: point them at a instead, in effect after the update */
    aclmdlRITaskParams p;
    ACL_OK(aclmdlRITaskGetParams(kern, &p));
    assert_int_equal(p.type, ACL_MODEL_RI_TASK_KERNEL);
    assert_null(p.kernelTaskParams.funcHandle);
    assert_true(p.kernelTaskParams.argsSize >= 8);
    assert_true(p.kernelTaskParams.numBlocks >= 1);
    unsigned char args[4096];
    size_t asz = p.kernelTaskParams.argsSize;
    assert_true(asz <= sizeof args);
    memcpy(args, p.kernelTaskParams.args, asz);
    uint64_t bv = (uint64_t)(uintptr_t)k.b, av = (uint64_t)(uintptr_t)k.a;
    int hits = 0;
    for (size_t off = 0; off + 8 <= asz; off += 8) {
        uint64_t v;
        memcpy(&v, args + off, 8);
        if (v == bv) {
            memcpy(args + off, &av, 8);
            hits++;
        }
    }
    assert_true(hits >= 1);
    aclmdlRITaskParams q = p;
    q.kernelTaskParams.args = args;
    q.kernelTaskParams.argsSize = asz - 8;
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRITaskSetParams(kern, &q));
    q.kernelTaskParams.argsSize = asz;
    q.kernelTaskParams.numBlocks = 0;
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRITaskSetParams(kern, &q));
    q.kernelTaskParams.numBlocks = p.kernelTaskParams.numBlocks;
    ACL_OK(aclmdlRITaskSetParams(kern, &q));
    ACL_OK(aclmdlRIExecuteAsync(ri, s2)); /* not updated yet: still a + b */
    ACL_OK(aclrtSynchronizeStream(s2));
    read_c(&k, c);
    for (int i = 0; i < NN; i++)
        assert_true(c[i] == k.hin[i] + bh[i]);
    ACL_OK(aclmdlRIUpdate(ri));
    ACL_OK(aclmdlRIExecuteAsync(ri, s2));
    ACL_OK(aclrtSynchronizeStream(s2));
    read_c(&k, c);
    for (int i = 0; i < NN; i++)
        assert_true(c[i] == k.hin[i] + k.hin[i]);

    /* destroy callbacks */
    int one = 1;
    destroyed_count = 0;
    ACL_OK(aclmdlRIDestroyRegisterCallback(ri, on_destroy, &one));
    ACL_OK(aclmdlRIDestroyRegisterCallback(ri, on_destroy_other, NULL));
    ACL_OK(aclmdlRIDestroyUnregisterCallback(ri, on_destroy_other));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIDestroyUnregisterCallback(ri, on_destroy_other));
    ACL_OK(aclmdlRIDestroy(ri));
    assert_int_equal(destroyed_count, 1);
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRIGetId(ri, &id));
    ACL_EXPECT(ACL_ERROR_INVALID_PARAM, aclmdlRITaskGetType(kern, &p.type));

    /* unbinding gives the stream back; a model destroyed while building releases its stream */
    ACL_OK(aclmdlRIBuildBegin(&ri, 0));
    ACL_OK(aclmdlRIGetId(ri, &id2));
    assert_true(id2 != id);
    ACL_OK(aclmdlRIBindStream(ri, s2, ACL_MODEL_STREAM_FLAG_HEAD));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_CAPTURED, aclmdlRICaptureBegin(s2, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    ACL_OK(aclmdlRIUnbindStream(ri, s2));
    ACL_EXPECT(ACL_ERROR_RT_STREAM_MODEL, aclmdlRIUnbindStream(ri, s2));
    ACL_OK(aclrtMemset(k.c, NN * 4, 0, NN * 4));
    add_launch(k.c, k.a, k.b, k.ws, s2); /* eager again */
    ACL_OK(aclrtSynchronizeStream(s2));
    read_c(&k, c);
    for (int i = 0; i < NN; i++)
        assert_true(c[i] == k.hin[i] + bh[i]);
    ACL_OK(aclmdlRIBindStream(ri, s1, ACL_MODEL_STREAM_FLAG_HEAD));
    ACL_OK(aclmdlRIDestroy(ri));
    ACL_OK(aclrtSynchronizeStream(s1));

    /* a captured instance: its own model stream, the tasks in capture order */
    ACL_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    chain_issue(&k, s1);
    ACL_OK(aclmdlRICaptureEnd(s1, &ri));
    ACL_EXPECT(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri, -1));
    n = 4;
    ACL_OK(aclmdlRIGetStreams(ri, st, &n));
    assert_int_equal(n, 1);
    assert_ptr_not_equal(st[0], s1);
    nt = 16;
    ACL_OK(aclmdlRIGetTasksByStream(st[0], tasks, &nt));
    assert_true(nt >= 6); /* copy in, add, mul, matmul, reduce, copy out */
    aclmdlRITaskType first, last;
    ACL_OK(aclmdlRITaskGetType(tasks[0], &first));
    ACL_OK(aclmdlRITaskGetType(tasks[nt - 1], &last));
    assert_int_equal(first, ACL_MODEL_RI_TASK_DEFAULT); /* the copies */
    assert_int_equal(last, ACL_MODEL_RI_TASK_DEFAULT);
    ACL_OK(aclmdlRITaskGetParams(tasks[0], &p));
    assert_int_equal(p.type, ACL_MODEL_RI_TASK_DEFAULT);
    ACL_OK(aclmdlRIDestroy(ri));
    chain_free(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_matches_eager),
        cmocka_unit_test(test_capture_modes),
        cmocka_unit_test(test_error_paths),
        cmocka_unit_test(test_host_func_capture),
        cmocka_unit_test(test_build_api),
        cmocka_unit_test(test_cross_stream_capture),
        cmocka_unit_test(test_destroy_while_running_and_leaks),
        cmocka_unit_test(test_task_group_update),
        cmocka_unit_test(test_ggml_graph_mode),
        cmocka_unit_test(test_threads_capture_and_replay),
        cmocka_unit_test(test_context_destroy_with_live_instance),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
