/* Run-time choice of the microkernel instruction set and the host's cache sizes. */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gemm_internal.h"

extern const gemm_isa_impl gemm_impl_scalar, gemm_impl_avx2, gemm_impl_avx512;

/* F16C from CPUID leaf 1 (ECX bit 29): clang 14's __builtin_cpu_supports has no "f16c". */
static int cpu_has_f16c(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C);
}

static gemm_isa cpu_best_isa(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && cpu_has_f16c())
        return GEMM_ISA_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && cpu_has_f16c())
        return GEMM_ISA_AVX2;
    return GEMM_ISA_SCALAR;
}

/* Read on every call (cheap) so tests can switch paths with setenv between plans. */
gemm_isa gemm_host_isa(void)
{
    gemm_isa best = cpu_best_isa();
    const char *env = getenv("ACLEMU_ISA");
    if (env && *env) {
        gemm_isa want = best;
        if (!strcmp(env, "avx512")) want = GEMM_ISA_AVX512;
        else if (!strcmp(env, "avx2")) want = GEMM_ISA_AVX2;
        else if (!strcmp(env, "scalar")) want = GEMM_ISA_SCALAR;
        if (want < best) best = want; /* never above what the CPU has */
    }
    return best;
}

const char *gemm_isa_name(gemm_isa isa)
{
    switch (isa) {
    case GEMM_ISA_AVX512: return "avx512";
    case GEMM_ISA_AVX2: return "avx2";
    case GEMM_ISA_SCALAR: return "scalar";
    default: return "auto";
    }
}

const gemm_isa_impl *gemm_isa_impl_get(gemm_isa isa)
{
    switch (isa) {
    case GEMM_ISA_AVX512: return &gemm_impl_avx512;
    case GEMM_ISA_AVX2: return &gemm_impl_avx2;
    default: return &gemm_impl_scalar;
    }
}

static int64_t sys_cache(const char *index)
{
    char path[128], buf[64];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/%s/size", index);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int64_t v = 0;
    if (fgets(buf, sizeof buf, f)) {
        char *end;
        v = strtoll(buf, &end, 10);
        if (*end == 'K') v *= 1024;
        else if (*end == 'M') v *= 1024 * 1024;
    }
    fclose(f);
    return v;
}

void gemm_host_caches(int64_t *l1d, int64_t *l2, int64_t *l3)
{
    int64_t a = sysconf(_SC_LEVEL1_DCACHE_SIZE), b = sysconf(_SC_LEVEL2_CACHE_SIZE),
            c = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (a <= 0) a = sys_cache("index0");
    if (b <= 0) b = sys_cache("index2");
    if (c <= 0) c = sys_cache("index3");
    *l1d = (a >= 16384 && a <= (1 << 20)) ? a : 32768;
    *l2 = (b >= 131072 && b <= (64 << 20)) ? b : 262144;
    *l3 = c > 0 ? c : 8 << 20;
}
