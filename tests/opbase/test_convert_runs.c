/* aclemu_load_f32 / aclemu_store_f32 on unit-stride FP16 and BF16 runs (the vectorised paths of
 * opbase/kernel/convert.c) against the scalar rules of fp16.h, element by element, bit for bit:
 * every one of the 65536 halves and bfloat16s on load; on store every float whose upper 16 bits
 * vary with a set of low-bit patterns (ties, just-below / just-above half-way, all ones), the
 * FP16 boundaries (subnormal, smallest normal, overflow) densely, NaN payloads and signed zeros.
 * Where the CPU has F16C the non-NaN results are also checked against the hardware conversion,
 * a reference independent of fp16.h. Odd lengths and unaligned run starts exercise the tails. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "opbase_test_util.h"

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"

#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("f16c"))) static uint16_t hw_f2h(float f) { return (uint16_t)_cvtss_sh(f, 0); }
__attribute__((target("f16c"))) static float hw_h2f(uint16_t h) { return _cvtsh_ss(h); }
static int have_f16c(void) { return __builtin_cpu_supports("f16c"); }
#else
static uint16_t hw_f2h(float f) { return aclemu_float_to_half(f); }
static float hw_h2f(uint16_t h) { return aclemu_half_to_float(h); }
static int have_f16c(void) { return 0; }
#endif

static int is_nan_bits(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

static void test_load_every_code(void **state)
{
    (void)state;
    enum { N = 65536 };
    uint16_t *src = malloc((N + 1) * sizeof *src);
    float *dst = malloc((N + 1) * sizeof *dst);
    for (uint32_t i = 0; i < N; i++)
        src[i + 1] = (uint16_t)i;
    for (int dt = 0; dt < 2; dt++) {
        int32_t dtype = dt ? ACL_BF16 : ACL_FLOAT16;
        /* from src + 1: a run that is not 4-byte aligned, of odd length N - 1 then the rest */
        aclemu_load_f32(dst + 1, (const char *)(src + 1), dtype, 2, N - 1);
        aclemu_load_f32(dst + N, (const char *)(src + N), dtype, 2, 1);
        for (uint32_t i = 0; i < N; i++) {
            float want = dt ? aclemu_bf16_to_float((uint16_t)i) : aclemu_half_to_float((uint16_t)i);
            uint32_t g = aclemu_f32_bits(dst[i + 1]), w = aclemu_f32_bits(want);
            if (g != w)
                fail_msg("load %s code 0x%04x: got 0x%08x, want 0x%08x", dt ? "bf16" : "fp16", i, g, w);
            if (!dt && have_f16c() && !is_nan_bits(w) && aclemu_f32_bits(hw_h2f((uint16_t)i)) != g)
                fail_msg("load fp16 code 0x%04x: 0x%08x differs from F16C", i, g);
        }
    }
    free(src);
    free(dst);
}

/* the floats the store path is checked on (count returned; v may be NULL to count) */
static size_t store_inputs(uint32_t *v)
{
    static const uint32_t low[] = {0x0000u, 0x0001u, 0x0fffu, 0x1000u, 0x1001u, 0x1fffu, 0x2000u,
                                   0x7fffu, 0x8000u, 0x8001u, 0xefffu, 0xf000u, 0xffffu};
    size_t n = 0;
    for (uint32_t hi = 0; hi < 65536; hi++)
        for (size_t k = 0; k < sizeof low / sizeof low[0]; k++, n++)
            if (v) v[n] = hi << 16 | low[k];
    /* every float from 2^-26 to just past the smallest normal half, and around 65504 / 65520 */
    for (uint32_t u = 0x32800000u; u <= 0x38802000u; u += 7, n += 2)
        if (v) { v[n] = u; v[n + 1] = u | 0x80000000u; }
    for (uint32_t u = 0x477fe000u; u <= 0x47801000u; u++, n++)
        if (v) v[n] = u;
    return n;
}

static void test_store_runs(void **state)
{
    (void)state;
    size_t n = store_inputs(NULL);
    uint32_t *bits = malloc((n + 1) * sizeof *bits);
    store_inputs(bits + 1);
    float *src = malloc((n + 1) * sizeof *src);
    memcpy(src, bits, (n + 1) * sizeof *src);
    uint16_t *dst = malloc((n + 2) * sizeof *dst);
    for (int dt = 0; dt < 2; dt++) {
        int32_t dtype = dt ? ACL_BF16 : ACL_FLOAT16;
        aclemu_store_f32((char *)(dst + 1), dtype, 2, src + 1, (int64_t)n - 3); /* odd split */
        aclemu_store_f32((char *)(dst + n - 2), dtype, 2, src + n - 2, 3);
        for (size_t i = 1; i <= n; i++) {
            float f = src[i];
            uint16_t want = dt ? aclemu_float_to_bf16(f) : aclemu_float_to_half(f);
            if (dst[i] != want)
                fail_msg("store %s of 0x%08x: got 0x%04x, want 0x%04x", dt ? "bf16" : "fp16", bits[i], dst[i], want);
            if (!dt && have_f16c() && !is_nan_bits(bits[i]) && hw_f2h(f) != dst[i])
                fail_msg("store fp16 of 0x%08x: 0x%04x differs from F16C 0x%04x", bits[i], dst[i], hw_f2h(f));
        }
    }
    free(bits);
    free(src);
    free(dst);
}

/* the strided and odd-address forms still take the per-element rules */
static void test_strided_runs(void **state)
{
    (void)state;
    uint16_t h[9];
    float out[3], in[3] = {1.5f, -0.0f, 65520.0f};
    for (int i = 0; i < 9; i++)
        h[i] = (uint16_t)(0x3c00u + i);
    aclemu_load_f32(out, (const char *)h, ACL_FLOAT16, 6, 3);
    for (int i = 0; i < 3; i++)
        assert_true(aclemu_f32_bits(out[i]) == aclemu_f32_bits(aclemu_half_to_float(h[3 * i])));
    aclemu_store_f32((char *)h, ACL_FLOAT16, 4, in, 3);
    assert_int_equal(h[0], 0x3e00);
    assert_int_equal(h[2], 0x8000);
    assert_int_equal(h[4], 0x7c00);
    char raw[8] = {0};
    uint16_t one = 0x3f80; /* BF16 1.0 at an odd address */
    memcpy(raw + 1, &one, 2);
    aclemu_load_f32(out, raw + 1, ACL_BF16, 2, 1);
    assert_true(out[0] == 1.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_every_code),
        cmocka_unit_test(test_store_runs),
        cmocka_unit_test(test_strided_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
