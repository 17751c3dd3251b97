/* The machine's FP32 FMA peak (issue 11 encoder figure): independent FMA chains on every thread,
 * 16-lane on AVX-512 hosts, else 8-lane AVX2. Prints "peak_fp32_fma <GFLOP/s> <threads> <isa>".
 *   bench_fma_peak [threads]      (default: online CPUs) */
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define CHAINS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
static volatile float sink;
static long iters = 20000000;

#define D512(i) __m512 c##i = _mm512_set1_ps((float)(i));
#define F512(i) c##i = _mm512_fmadd_ps(c##i, a, b);
#define S512(i) s += _mm512_reduce_add_ps(c##i);
__attribute__((target("avx512f,fma"))) static void *peak512(void *arg)
{
    (void)arg;
    __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
    CHAINS(D512)
    for (long it = 0; it < iters; it++) {
        CHAINS(F512)
        __asm__ volatile("" ::: "memory");
    }
    float s = 0;
    CHAINS(S512)
    sink = s;
    return NULL;
}

#define D256(i) __m256 c##i = _mm256_set1_ps((float)(i));
#define F256(i) c##i = _mm256_fmadd_ps(c##i, a, b);
#define S256(i) _mm256_storeu_ps(t, c##i); for (int k = 0; k < 8; k++) s += t[k];
__attribute__((target("avx2,fma"))) static void *peak256(void *arg)
{
    (void)arg;
    __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
    CHAINS(D256)
    for (long it = 0; it < iters; it++) {
        CHAINS(F256)
        __asm__ volatile("" ::: "memory");
    }
    float s = 0, t[8];
    CHAINS(S256)
    sink = s;
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1 || threads > 256)
        threads = 1;
    __builtin_cpu_init();
    int wide = __builtin_cpu_supports("avx512f");
    if (!wide && !(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))) {
        printf("peak_fp32_fma 0 %d none\n", threads);
        return 1;
    }
    void *(*fn)(void *) = wide ? peak512 : peak256;
    int lanes = wide ? 16 : 8;
    double best = 0;
    pthread_t t[256];
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (int i = 0; i < threads; i++)
            pthread_create(&t[i], NULL, fn, NULL);
        for (int i = 0; i < threads; i++)
            pthread_join(t[i], NULL);
        double g = 2.0 * lanes * 12 * (double)iters * threads / (now() - t0) / 1e9;
        if (g > best)
            best = g;
    }
    printf("peak_fp32_fma %.1f %d %s\n", best, threads, wide ? "avx512" : "avx2");
    return 0;
}
