/* Benchmark of the vector kernels (ops_nn/vec) with a 2-thread pool, the
 * way the device splits a kernel into blocks. Prints one line per case:
 *   name  ms=<median>  GBps=<bytes read+written / time>  pct_memcpy=<%>
 * Elementwise cases use 64 MiB FP32 tensors; memcpy of the same bytes is the
 * bandwidth reference. Row kernels run on (4096, 4096) FP32, MaxPool2d
 * 3x3/2 pad 1 on (8, 64, 112, 112). Usage: bench_vec [threads] [reps]. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cast.h"
#include "dtype.h"
#include "eltwise.h"
#include "isa.h"
#include "norm.h"
#include "pool.h"
#include "softmax.h"

/* ---- tiny pool: run job(block, nblocks) on every worker, wait ---- */
typedef void (*job_fn)(int64_t blk, int64_t nblk, void *ctx);
static struct {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    int nthreads, gen, pending;
    job_fn fn;
    void *ctx;
} P = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER};

static void *worker(void *arg)
{
    int64_t id = (int64_t)(intptr_t)arg;
    int seen = 0;
    for (;;) {
        pthread_mutex_lock(&P.mu);
        while (P.gen == seen) pthread_cond_wait(&P.go, &P.mu);
        seen = P.gen;
        job_fn fn = P.fn;
        void *ctx = P.ctx;
        pthread_mutex_unlock(&P.mu);
        fn(id, P.nthreads, ctx);
        pthread_mutex_lock(&P.mu);
        if (--P.pending == 0) pthread_cond_signal(&P.done);
        pthread_mutex_unlock(&P.mu);
    }
    return NULL;
}

static void pool_start(int n)
{
    P.nthreads = n;
    for (int i = 1; i < n; i++) {
        pthread_t t;
        pthread_create(&t, NULL, worker, (void *)(intptr_t)i);
        pthread_detach(t);
    }
}

static void pool_run(job_fn fn, void *ctx)
{
    pthread_mutex_lock(&P.mu);
    P.fn = fn;
    P.ctx = ctx;
    P.pending = P.nthreads - 1;
    P.gen++;
    pthread_cond_broadcast(&P.go);
    pthread_mutex_unlock(&P.mu);
    fn(0, P.nthreads, ctx); /* the caller is worker 0 */
    pthread_mutex_lock(&P.mu);
    while (P.pending > 0) pthread_cond_wait(&P.done, &P.mu);
    pthread_mutex_unlock(&P.mu);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int reps = 9;
static double time_median(job_fn fn, void *ctx)
{
    double t[64];
    pool_run(fn, ctx); /* warm-up: page faults, caches */
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        pool_run(fn, ctx);
        t[r] = now() - t0;
    }
    qsort(t, reps, sizeof(double), cmp_d);
    return t[reps / 2];
}

/* ---- cases ---- */
#define N_ELEM (16ll << 20) /* 64 MiB of FP32 */
static float *A, *B, *Y;
static uint16_t *H16;

static void j_memcpy(int64_t b, int64_t n, void *c)
{
    int64_t s, e;
    vec_block_range(N_ELEM, b, n, 1024, &s, &e);
    memcpy(Y + s, A + s, (size_t)(e - s) * 4);
}

typedef struct { int op; int binary; vec_view a, b, y; } ew_ctx;
static void j_ew(int64_t b, int64_t n, void *vc)
{
    ew_ctx *c = vc;
    int64_t s, e;
    vec_block_range(N_ELEM, b, n, 1024, &s, &e);
    if (c->binary) vec_binary(c->op, NULL, &c->a, &c->b, &c->y, s, e);
    else vec_unary(c->op, NULL, &c->a, &c->y, s, e);
}

static void j_cast(int64_t b, int64_t n, void *vc)
{
    ew_ctx *c = vc;
    int64_t s, e;
    vec_block_range(N_ELEM, b, n, 1024, &s, &e);
    vec_cast(&c->a, &c->y, s, e);
}

#define ROWS 4096
#define COLS 4096
static float *G, *Bt, *Mean, *Rstd;
static void j_softmax(int64_t b, int64_t n, void *c)
{
    int64_t s, e;
    vec_block_range(ROWS, b, n, 1, &s, &e);
    vec_softmax(vec_buf_of(A, VEC_DT_FLOAT), vec_buf_of(Y, VEC_DT_FLOAT), ROWS, COLS, 1, 0, s, e);
}
static void j_layernorm(int64_t b, int64_t n, void *c)
{
    int64_t s, e;
    vec_buf none = {0};
    vec_block_range(ROWS, b, n, 1, &s, &e);
    vec_layer_norm(vec_buf_of(A, VEC_DT_FLOAT), none, none, vec_buf_of(G, VEC_DT_FLOAT),
                   vec_buf_of(Bt, VEC_DT_FLOAT), 1e-5, vec_buf_of(Y, VEC_DT_FLOAT),
                   vec_buf_of(Mean, VEC_DT_FLOAT), vec_buf_of(Rstd, VEC_DT_FLOAT), none, ROWS, COLS,
                   s, e);
}
static void j_rmsnorm(int64_t b, int64_t n, void *c)
{
    int64_t s, e;
    vec_buf none = {0};
    vec_block_range(ROWS, b, n, 1, &s, &e);
    vec_rms_norm(vec_buf_of(A, VEC_DT_FLOAT), none, vec_buf_of(G, VEC_DT_FLOAT), 1e-6,
                 vec_buf_of(Y, VEC_DT_FLOAT), vec_buf_of(Rstd, VEC_DT_FLOAT), none, ROWS, COLS, s, e);
}
static vec_pool2d MP = {112, 112, 56, 56, 3, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0};
static int64_t *Idx;
static void j_maxpool(int64_t b, int64_t n, void *c)
{
    int64_t s, e;
    vec_block_range(8 * 64, b, n, 1, &s, &e);
    vec_max_pool2d(vec_buf_of(A, VEC_DT_FLOAT), vec_buf_of(Y, VEC_DT_FLOAT),
                   vec_buf_of(Idx, VEC_DT_INT64), &MP, s, e);
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 2;
    if (argc > 2) reps = atoi(argv[2]);
    if (reps < 1 || reps > 64) reps = 9;
    pool_start(threads);
    A = aligned_alloc(64, N_ELEM * 4);
    B = aligned_alloc(64, N_ELEM * 4);
    Y = aligned_alloc(64, N_ELEM * 4);
    H16 = aligned_alloc(64, N_ELEM * 2);
    G = malloc(COLS * 4); Bt = malloc(COLS * 4); Mean = malloc(ROWS * 4); Rstd = malloc(ROWS * 4);
    Idx = malloc(8 * 64 * 56 * 56 * 8);
    uint64_t s = 88172645463325252ull;
    for (int64_t i = 0; i < N_ELEM; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        A[i] = (float)((int64_t)(s % 20001) - 10000) * 1e-3f;
        B[i] = (float)((int64_t)((s >> 20) % 20001) - 10000) * 1e-3f + 0.001f;
    }
    memset(Y, 0, N_ELEM * 4);
    memset(H16, 0, N_ELEM * 2);
    for (int i = 0; i < COLS; i++) { G[i] = 1.0f + i * 1e-4f; Bt[i] = i * 1e-4f; }
    printf("# bench_vec: isa=%s threads=%d reps=%d (median)\n", vec_isa_name(vec_isa_current()),
           threads, reps);

    double mb = (double)N_ELEM * 4;
    /* results are printed at the end: memcpy is timed before and after the
     * cases and the faster median is the reference, so a noisy neighbour
     * during the first measurement cannot inflate the percentages */
    struct { const char *name; double t, bytes; } res[32];
    int nres = 0;
    double t_mc = time_median(j_memcpy, NULL);

    int64_t shp[1] = {N_ELEM};
    ew_ctx c;
    memset(&c, 0, sizeof c);
    vec_view_init(&c.a, A, VEC_DT_FLOAT, 1, shp, NULL);
    vec_view_init(&c.b, B, VEC_DT_FLOAT, 1, shp, NULL);
    vec_view_init(&c.y, Y, VEC_DT_FLOAT, 1, shp, NULL);
    struct { const char *name; int op, binary; double bytes; } ew[] = {
        {"relu", VEC_RELU, 0, 2 * mb},     {"add", VEC_ADD, 1, 3 * mb},
        {"mul", VEC_MUL, 1, 3 * mb},       {"gelu_tanh", VEC_GELU_TANH, 0, 2 * mb},
        {"gelu_erf", VEC_GELU_ERF, 0, 2 * mb}, {"silu", VEC_SILU, 0, 2 * mb},
        {"sigmoid", VEC_SIGMOID, 0, 2 * mb},
    };
    for (size_t i = 0; i < sizeof ew / sizeof ew[0]; i++) {
        c.op = ew[i].op;
        c.binary = ew[i].binary;
        res[nres].name = ew[i].name;
        res[nres].bytes = ew[i].bytes;
        res[nres++].t = time_median(j_ew, &c);
    }
    vec_view_init(&c.y, H16, VEC_DT_FLOAT16, 1, shp, NULL);
    res[nres].name = "cast_f32_f16";
    res[nres].bytes = 1.5 * mb;
    res[nres++].t = time_median(j_cast, &c);

    double rowbytes = 2.0 * ROWS * COLS * 4;
    struct { const char *name; job_fn fn; double bytes; } rows[] = {
        {"softmax", j_softmax, rowbytes},
        {"layernorm", j_layernorm, rowbytes},
        {"rmsnorm", j_rmsnorm, rowbytes},
        {"maxpool2d", j_maxpool, 8.0 * 64 * (112 * 112 + 56 * 56 * 3) * 4},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        res[nres].name = rows[i].name;
        res[nres].bytes = rows[i].bytes;
        res[nres++].t = time_median(rows[i].fn, NULL);
    }
    double t_mc2 = time_median(j_memcpy, NULL);
    if (t_mc2 < t_mc) t_mc = t_mc2;
    double bw_mc = 2 * mb / t_mc / 1e9;
    printf("%-14s ms=%8.3f GBps=%7.2f pct_memcpy=%6.1f\n", "memcpy", t_mc * 1e3, bw_mc, 100.0);
    for (int i = 0; i < nres; i++) {
        double bw = res[i].bytes / res[i].t / 1e9;
        printf("%-14s ms=%8.3f GBps=%7.2f pct_memcpy=%6.1f\n", res[i].name, res[i].t * 1e3, bw,
               100 * bw / bw_mc);
    }
    return 0;
}
