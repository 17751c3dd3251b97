/* Benchmark of the GEMM engine: the machine's FP32 FMA peak, then GFLOP/s medians of the matmul
 * and convolution shapes of issue 4, run as device blocks over a pool of worker threads.
 * Usage: [BENCH_CLOCK=cpu] [BENCH_STAT=best] [BENCH_ONLY=substr] bench_gemm [threads=2] [max_blocks=24].
 * Output lines: "name GFLOP/s %peak". */
#include <immintrin.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "conv.h"
#include "gemm.h"

/* BENCH_CLOCK=cpu: time = process CPU time / threads. On a shared, loaded machine this leaves out
 * the time other processes hold the cores (wall-clock medians then mostly measure the load); the
 * pool's idle workers sleep, so waiting costs nothing. Default: wall clock. */
static int cpu_clock;
static int best_stat; /* BENCH_STAT=best: fastest run instead of the median (comparing variants) */
static unsigned bench_threads = 1;
static double now(void)
{
    struct timespec ts;
    if (cpu_clock) {
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return (ts.tv_sec + ts.tv_nsec * 1e-9) / bench_threads;
    }
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- a small pool that runs the blocks of a launch, like the device's AI-core workers ---- */
typedef int (*block_fn)(const void *plan, uint32_t idx);
static struct {
    pthread_mutex_t mu;
    pthread_cond_t cv, done_cv;
    const void *plan;
    block_fn fn;
    int32_t nblocks;
    atomic_int next, done;
    int gen, nthreads;
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER};

static void drain(void)
{
    int i;
    while ((i = atomic_fetch_add(&pool.next, 1)) < pool.nblocks) {
        pool.fn(pool.plan, (uint32_t)i);
        atomic_fetch_add(&pool.done, 1);
    }
}

static void *worker(void *arg)
{
    int seen = 0;
    for (;;) {
        pthread_mutex_lock(&pool.mu);
        while (pool.gen == seen) pthread_cond_wait(&pool.cv, &pool.mu);
        seen = pool.gen;
        pthread_mutex_unlock(&pool.mu);
        drain();
        pthread_mutex_lock(&pool.mu);
        pthread_cond_broadcast(&pool.done_cv);
        pthread_mutex_unlock(&pool.mu);
    }
    return arg;
}

static void launch(const void *plan, block_fn fn, int32_t nblocks)
{
    pthread_mutex_lock(&pool.mu);
    pool.plan = plan;
    pool.fn = fn;
    pool.nblocks = nblocks;
    atomic_store(&pool.next, 0);
    atomic_store(&pool.done, 0);
    pool.gen++;
    pthread_cond_broadcast(&pool.cv);
    pthread_mutex_unlock(&pool.mu);
    drain(); /* the launching thread is one of the workers */
    pthread_mutex_lock(&pool.mu);
    while (atomic_load(&pool.done) < nblocks) pthread_cond_wait(&pool.done_cv, &pool.mu);
    pthread_mutex_unlock(&pool.mu);
}

static int gemm_block(const void *p, uint32_t i) { return gemm_run_block(p, i, NULL); }
static int dw_block(const void *p, uint32_t i) { return gemm_dw_run_block(p, i); }

/* ---- FP32 FMA peak: independent FMA chains on every thread ---- */
static volatile float sink;
#define PEAK_CHAINS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
#define PEAK_DECL(i) __m512 c##i = _mm512_set1_ps((float)(i));
#define PEAK_FMA(i) c##i = _mm512_fmadd_ps(c##i, a, b);
#define PEAK_SUM(i) s += _mm512_reduce_add_ps(c##i);
__attribute__((target("avx512f,fma"))) static void *peak_thread(void *arg)
{
    long iters = *(long *)arg;
    __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
    PEAK_CHAINS(PEAK_DECL)
    for (long it = 0; it < iters; it++) {
        PEAK_CHAINS(PEAK_FMA)
        __asm__ volatile("" ::: "memory");
    }
    float s = 0;
    PEAK_CHAINS(PEAK_SUM)
    sink = s;
    return NULL;
}

static double measure_peak(int threads)
{
    long iters = 20000000;
    double best = 0;
    for (int rep = 0; rep < 3; rep++) {
        pthread_t t[64];
        double t0 = now();
        for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, peak_thread, &iters);
        for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
        double g = 2.0 * 16 * 12 * iters * threads / (now() - t0) / 1e9;
        if (g > best) best = g;
    }
    return best;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double peak;
static double time_median(const void *plan, block_fn fn, int32_t nblocks)
{
    double t[64];
    launch(plan, fn, nblocks); /* warm-up */
    int n = 0;
    double start = now();
    while (n < 64 && (n < 5 || now() - start < 0.6)) {
        double t0 = now();
        launch(plan, fn, nblocks);
        t[n++] = now() - t0;
    }
    qsort(t, n, sizeof t[0], cmp_d);
    return best_stat ? t[0] : t[n / 2];
}

static void report(const char *name, double flops, double sec)
{
    double g = flops / sec / 1e9;
    printf("%-34s %9.1f GFLOP/s %6.1f%% of peak\n", name, g, 100.0 * g / peak);
    fflush(stdout);
}

static void *rand_buf(size_t n, int32_t dt)
{
    size_t es = gemm_dtype_size(dt);
    char *p = aligned_alloc(64, (n * es + 63) / 64 * 64);
    uint32_t s = 1;
    for (size_t i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        float v = ((s >> 8) / 8388608.0f) - 1.0f;
        if (dt == GEMM_F32) ((float *)p)[i] = v;
        else if (dt == GEMM_F16) ((_Float16 *)p)[i] = (_Float16)v;
        else { uint32_t u; memcpy(&u, &v, 4); ((uint16_t *)p)[i] = (uint16_t)(u >> 16); }
    }
    return p;
}

static uint32_t max_blocks = 24, threads = 2;

static void bench_mm(const char *name, int64_t batch, int64_t M, int64_t K, int64_t N, int32_t dt, int transb)
{
    void *A = rand_buf(batch * M * K, dt), *B = rand_buf(batch * K * N, dt), *C = rand_buf(batch * M * N, dt);
    gemm_desc d;
    memset(&d, 0, sizeof d);
    d.M = M; d.N = N; d.K = K; d.alpha = 1;
    d.a.ptr = A; d.a.dtype = dt; d.a.rs = K; d.a.cs = 1;
    d.b.ptr = B; d.b.dtype = dt;
    if (transb) { d.b.rs = 1; d.b.cs = K; } else { d.b.rs = N; d.b.cs = 1; }
    d.c.ptr = C; d.c.dtype = dt; d.c.rs = N; d.c.cs = 1;
    if (batch > 1) {
        d.nbatch_dims = 1; d.batch_shape[0] = batch;
        d.a.bstride[0] = M * K; d.b.bstride[0] = K * N; d.c.bstride[0] = M * N;
    }
    gemm_plan p;
    if (gemm_plan_init(&p, &d, max_blocks, threads)) { printf("%s: plan failed\n", name); return; }
    report(name, 2.0 * batch * M * N * K, time_median(&p, gemm_block, p.nblocks));
    free(A); free(B); free(C);
}

/* epi: 0 none; 1 bias + ReLU (a fused Conv + ReLU); 2 bias + residual + ReLU (a fused
 * Conv + Add + ReLU of a residual block, the residual an FP32 tensor of the output's layout) */
static void bench_conv(const char *name, int64_t n, int64_t cin, int64_t h, int64_t cout, int64_t k, int64_t s,
                       int64_t pad, int64_t groups, int32_t dt, int epi)
{
    gemm_conv_params cp;
    memset(&cp, 0, sizeof cp);
    cp.nsp = 2; cp.batch = n; cp.cin = cin; cp.cout = cout; cp.groups = groups;
    for (int i = 0; i < 2; i++) {
        cp.in[i] = h; cp.ksz[i] = k; cp.stride[i] = s; cp.pad_lo[i] = cp.pad_hi[i] = pad; cp.dil[i] = 1;
    }
    cp.x_dtype = cp.w_dtype = cp.y_dtype = cp.bias_dtype = dt;
    for (int i = 0; i < 2; i++) cp.out[i] = gemm_conv_out_size(&cp, i);
    int64_t oh = cp.out[0];
    void *x = rand_buf(n * cin * h * h, dt), *w = rand_buf(cout * (cin / groups) * k * k, dt),
         *y = rand_buf(n * cout * oh * oh, dt);
    double flops = 2.0 * n * cout * oh * oh * (cin / groups) * k * k;
    if (gemm_dw_supported(&cp)) {
        gemm_dw_plan p;
        if (gemm_dw_plan_init(&p, &cp, x, w, NULL, y, max_blocks)) { printf("%s: plan failed\n", name); return; }
        report(name, flops, time_median(&p, dw_block, p.nblocks));
    } else {
        gemm_plan p;
        void *bias = epi ? rand_buf(cout, dt) : NULL, *res = epi == 2 ? rand_buf(n * cout * oh * oh, dt) : NULL;
        if (gemm_conv_fwd_plan(&p, &cp, x, w, bias, y, max_blocks, threads)) { printf("%s: plan failed\n", name); return; }
        if (epi) { /* as conv_fuse_epilogue sets it */
            gemm_desc d = p.d;
            d.act = GEMM_ACT_RELU;
            if (res) {
                d.d = d.c;
                d.d.ptr = res;
                d.beta = 1.0f;
            }
            if (gemm_plan_init(&p, &d, max_blocks, threads)) { printf("%s: plan failed\n", name); return; }
        }
        report(name, flops, time_median(&p, gemm_block, p.nblocks));
        free(bias); free(res);
    }
    free(x); free(w); free(y);
}

int main(int argc, char **argv)
{
    if (argc > 1) threads = (uint32_t)atoi(argv[1]);
    if (argc > 2) max_blocks = (uint32_t)atoi(argv[2]);
    const char *only = getenv("BENCH_ONLY");
    const char *clk = getenv("BENCH_CLOCK");
    cpu_clock = clk && !strcmp(clk, "cpu");
    const char *stat = getenv("BENCH_STAT");
    best_stat = stat && !strcmp(stat, "best");
    bench_threads = threads;
    pool.nthreads = (int)threads;
    for (uint32_t i = 1; i < threads; i++) {
        pthread_t t;
        pthread_create(&t, NULL, worker, NULL);
    }
    peak = measure_peak((int)threads);
    printf("isa %s, %u threads, max_blocks %u, clock %s\n", gemm_isa_name(gemm_host_isa()), threads, max_blocks,
           cpu_clock ? "cpu" : "wall");
    printf("%-34s %9.1f GFLOP/s\n", "peak_fp32_fma", peak);
    static const struct { const char *name; int64_t b, m, k, n; int tb; } mm[] = {
        {"mm_1024", 1, 1024, 1024, 1024, 0},  {"mm_2048", 1, 2048, 2048, 2048, 0},
        {"bmm_16x512x64x512", 16, 512, 64, 512, 0}, {"bert_128x768x768", 1, 128, 768, 768, 0},
        {"bert_128x3072x768", 1, 128, 768, 3072, 0}, {"bert_128x768x3072", 1, 128, 3072, 768, 0},
        /* the small encoder of bench_model.sh (d 256, ffn 1024) */
        {"enc_128x256x256", 1, 128, 256, 256, 0}, {"enc_128x256x1024", 1, 128, 256, 1024, 0},
        {"enc_128x1024x256", 1, 128, 1024, 256, 0},
    };
    static const char *dtn[] = {"fp32", "fp16", "bf16"};
    for (int dt = 0; dt < 3; dt++)
        for (size_t i = 0; i < sizeof mm / sizeof mm[0]; i++) {
            char name[64];
            snprintf(name, sizeof name, "%s_%s", mm[i].name, dtn[dt]);
            if (only && !strstr(name, only)) continue;
            bench_mm(name, mm[i].b, mm[i].m, mm[i].k, mm[i].n, dt, mm[i].tb);
        }
    static const struct { const char *name; int64_t cin, h, cout, k, s, p, g; } cv[] = {
        {"conv_stem7x7s2_224", 3, 224, 64, 7, 2, 3, 1},     {"conv3x3_64_56", 64, 56, 64, 3, 1, 1, 1},
        {"conv1x1_256to64_56", 256, 56, 64, 1, 1, 0, 1},     {"conv3x3_256_14", 256, 14, 256, 3, 1, 1, 1},
        {"conv3x3s2_128_56", 128, 56, 128, 3, 2, 1, 1},      {"dw3x3_144_56", 144, 56, 144, 3, 1, 1, 144},
    };
    /* ResNet-50's residual-block expansions (1x1, fused with bias, the residual add and ReLU) and
     * the same convs with bias + ReLU only: what the residual add costs */
    static const struct { const char *name; int64_t cin, h, cout; } rcv[] = {
        {"conv1x1_64to256_56", 64, 56, 256}, {"conv1x1_128to512_28", 128, 28, 512},
        {"conv1x1_256to1024_14", 256, 14, 1024}, {"conv1x1_512to2048_7", 512, 7, 2048},
    };
    for (int dt = 0; dt < 3; dt++)
        for (int nb = 1; nb <= 8; nb += 7)
            for (size_t i = 0; i < sizeof cv / sizeof cv[0]; i++) {
                char name[64];
                snprintf(name, sizeof name, "%s_n%d_%s", cv[i].name, nb, dtn[dt]);
                if (only && !strstr(name, only)) continue;
                bench_conv(name, nb, cv[i].cin, cv[i].h, cv[i].cout, cv[i].k, cv[i].s, cv[i].p, cv[i].g, dt, 0);
            }
    for (int nb = 1; nb <= 8; nb += 7)
        for (size_t i = 0; i < sizeof rcv / sizeof rcv[0]; i++)
            for (int epi = 1; epi <= 2; epi++) {
                char name[64];
                snprintf(name, sizeof name, "%s_n%d_%s_fp32", rcv[i].name, nb, epi == 1 ? "relu" : "res_relu");
                if (only && !strstr(name, only)) continue;
                bench_conv(name, nb, rcv[i].cin, rcv[i].h, rcv[i].cout, 1, 1, 0, 1, GEMM_F32, epi);
            }
    return 0;
}
