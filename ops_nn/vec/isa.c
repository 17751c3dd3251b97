#include "isa.h"

#include <cpuid.h>
#include <stdlib.h>
#include <string.h>

static int g_level = -1; /* -1 = not chosen yet; accessed atomically */

/* F16C from CPUID leaf 1 (ECX bit 29): clang 14's __builtin_cpu_supports has no "f16c". */
static int cpu_has_f16c(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C);
}

vec_isa vec_isa_detect(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("fma") && cpu_has_f16c())
        return VEC_ISA_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
        cpu_has_f16c())
        return VEC_ISA_AVX2;
    return VEC_ISA_SCALAR;
}

static vec_isa clamp(vec_isa want)
{
    vec_isa have = vec_isa_detect();
    return want > have ? have : want;
}

vec_isa vec_isa_current(void)
{
    int lvl = __atomic_load_n(&g_level, __ATOMIC_ACQUIRE);
    if (lvl >= 0)
        return (vec_isa)lvl;
    vec_isa want = vec_isa_detect();
    const char *env = getenv("ACLEMU_ISA");
    if (env != NULL) {
        if (strcmp(env, "scalar") == 0)
            want = VEC_ISA_SCALAR;
        else if (strcmp(env, "avx2") == 0)
            want = VEC_ISA_AVX2;
        else if (strcmp(env, "avx512") == 0)
            want = VEC_ISA_AVX512;
    }
    want = clamp(want);
    int expected = -1;
    /* First caller wins; a concurrent vec_isa_force() is kept. */
    __atomic_compare_exchange_n(&g_level, &expected, (int)want, 0, __ATOMIC_ACQ_REL,
                                __ATOMIC_ACQUIRE);
    return (vec_isa)__atomic_load_n(&g_level, __ATOMIC_ACQUIRE);
}

vec_isa vec_isa_force(vec_isa isa)
{
    vec_isa got = clamp(isa);
    __atomic_store_n(&g_level, (int)got, __ATOMIC_RELEASE);
    return got;
}

const char *vec_isa_name(vec_isa isa)
{
    switch (isa) {
    case VEC_ISA_AVX512: return "avx512";
    case VEC_ISA_AVX2: return "avx2";
    default: return "scalar";
    }
}
