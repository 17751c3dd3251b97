/* Philox runs for the random kernels: an AVX2 body doing 8 counter groups per step (the
 * 32x32->64 multiplies as vpmuludq on the even and odd lanes), and a portable one working
 * RANDOM_LANES groups at a time in structure-of-arrays form. Both give the same words. */
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "aclemu_op/kernel_util.h"
#include "philox.h"
#include "random_draw.h"

#define RANDOM_LANES 16

void random_resolve_seed(const random_seed *rs, uint64_t *seed, uint64_t *offset)
{
    *seed = rs->seed;
    *offset = rs->offset;
    if (rs->seed_addr) {
        int64_t v = 0;
        size_t es = aclemu_kdtype_size(rs->seed_dtype);
        aclemu_load_i64(&v, (const char *)(uintptr_t)rs->seed_addr + rs->seed_off * (int64_t)es, rs->seed_dtype, 0, 1);
        *seed = (uint64_t)v;
    }
    if (rs->offset_addr) {
        int64_t v = 0;
        size_t es = aclemu_kdtype_size(rs->offset_dtype);
        aclemu_load_i64(&v, (const char *)(uintptr_t)rs->offset_addr + rs->offset_off * (int64_t)es, rs->offset_dtype,
                        0, 1);
        *offset = (uint64_t)v + rs->offset; /* wraps like the real uint64 / int64 Add */
    }
}

/* out[4 * j + q] = word q of group g0 + j, for j < ng. */
ACLEMU_ISA_CLONES
static void philox_groups_soa(uint64_t seed, uint64_t offset, uint64_t g0, int64_t ng, uint32_t *out)
{
    const uint32_t o0 = (uint32_t)offset, o1 = (uint32_t)(offset >> 32);
    for (int64_t base = 0; base < ng; base += RANDOM_LANES) {
        uint32_t c0[RANDOM_LANES], c1[RANDOM_LANES], c2[RANDOM_LANES], c3[RANDOM_LANES];
        for (int l = 0; l < RANDOM_LANES; l++) {
            uint64_t g = g0 + (uint64_t)base + (uint64_t)l;
            c0[l] = (uint32_t)g;
            c1[l] = (uint32_t)(g >> 32);
            c2[l] = o0;
            c3[l] = o1;
        }
        uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
        for (int r = 0; r < 10; r++) {
            for (int l = 0; l < RANDOM_LANES; l++) {
                uint64_t p0 = (uint64_t)PHILOX_M0 * c0[l], p1 = (uint64_t)PHILOX_M1 * c2[l];
                uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1[l] ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c3[l] ^ k1;
                c1[l] = (uint32_t)p1;
                c3[l] = (uint32_t)p0;
                c0[l] = n0;
                c2[l] = n2;
            }
            k0 += PHILOX_W0;
            k1 += PHILOX_W1;
        }
        int64_t m = ng - base < RANDOM_LANES ? ng - base : RANDOM_LANES;
        uint32_t *o = out + 4 * base;
        for (int64_t l = 0; l < m; l++) {
            o[4 * l] = c0[l];
            o[4 * l + 1] = c1[l];
            o[4 * l + 2] = c2[l];
            o[4 * l + 3] = c3[l];
        }
    }
}

#if defined(__x86_64__)
/* hi / lo halves of m * x for the 8 lanes of x. */
__attribute__((target("avx2"))) static inline void mulhilo8(__m256i m, __m256i x, __m256i *hi, __m256i *lo)
{
    __m256i pe = _mm256_mul_epu32(x, m), po = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), m);
    *lo = _mm256_blend_epi32(pe, _mm256_slli_epi64(po, 32), 0xAA);
    *hi = _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
}

/* Groups g .. g + 7 as four lane vectors (counter words 0..3). */
__attribute__((target("avx2"))) static inline void ctr8(uint64_t g, uint64_t offset, __m256i c[4])
{
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), bias = _mm256_set1_epi32(INT32_MIN);
    __m256i base = _mm256_set1_epi32((int)(uint32_t)g), lo = _mm256_add_epi32(base, lane);
    /* the high word steps where the low one wrapped (unsigned lo < base) */
    __m256i wrapped = _mm256_cmpgt_epi32(_mm256_xor_si256(base, bias), _mm256_xor_si256(lo, bias));
    c[0] = lo;
    c[1] = _mm256_sub_epi32(_mm256_set1_epi32((int)(uint32_t)(g >> 32)), wrapped);
    c[2] = _mm256_set1_epi32((int)(uint32_t)offset);
    c[3] = _mm256_set1_epi32((int)(uint32_t)(offset >> 32));
}

/* 4 x 8 transpose into out: group j's four words contiguous. */
__attribute__((target("avx2"))) static inline void store8(const __m256i c[4], uint32_t *out)
{
    __m256i t0 = _mm256_unpacklo_epi32(c[0], c[1]), t1 = _mm256_unpacklo_epi32(c[2], c[3]);
    __m256i t2 = _mm256_unpackhi_epi32(c[0], c[1]), t3 = _mm256_unpackhi_epi32(c[2], c[3]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t1), u1 = _mm256_unpackhi_epi64(t0, t1);
    __m256i u2 = _mm256_unpacklo_epi64(t2, t3), u3 = _mm256_unpackhi_epi64(t2, t3);
    __m256i *o = (__m256i *)out;
    _mm256_storeu_si256(o, _mm256_permute2x128_si256(u0, u1, 0x20));
    _mm256_storeu_si256(o + 1, _mm256_permute2x128_si256(u2, u3, 0x20));
    _mm256_storeu_si256(o + 2, _mm256_permute2x128_si256(u0, u1, 0x31));
    _mm256_storeu_si256(o + 3, _mm256_permute2x128_si256(u2, u3, 0x31));
}

/* 16 groups per step: two independent 8-lane chains hide the multiply latency. */
__attribute__((target("avx2"))) static void philox_groups_avx2(uint64_t seed, uint64_t offset, uint64_t g0,
                                                               int64_t ng, uint32_t *out)
{
    const __m256i m0 = _mm256_set1_epi32((int)PHILOX_M0), m1 = _mm256_set1_epi32((int)PHILOX_M1);
    int64_t full = ng / 16 * 16;
    for (int64_t base = 0; base < full; base += 16) {
        __m256i a[4], b[4];
        ctr8(g0 + (uint64_t)base, offset, a);
        ctr8(g0 + (uint64_t)base + 8, offset, b);
        uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
        for (int r = 0; r < 10; r++) {
            __m256i K0 = _mm256_set1_epi32((int)k0), K1 = _mm256_set1_epi32((int)k1);
            __m256i ha0, la0, ha1, la1, hb0, lb0, hb1, lb1;
            mulhilo8(m0, a[0], &ha0, &la0);
            mulhilo8(m1, a[2], &ha1, &la1);
            mulhilo8(m0, b[0], &hb0, &lb0);
            mulhilo8(m1, b[2], &hb1, &lb1);
            a[0] = _mm256_xor_si256(_mm256_xor_si256(ha1, a[1]), K0);
            a[2] = _mm256_xor_si256(_mm256_xor_si256(ha0, a[3]), K1);
            a[1] = la1;
            a[3] = la0;
            b[0] = _mm256_xor_si256(_mm256_xor_si256(hb1, b[1]), K0);
            b[2] = _mm256_xor_si256(_mm256_xor_si256(hb0, b[3]), K1);
            b[1] = lb1;
            b[3] = lb0;
            k0 += PHILOX_W0;
            k1 += PHILOX_W1;
        }
        store8(a, out + 4 * base);
        store8(b, out + 4 * base + 32);
    }
    if (full < ng)
        philox_groups_soa(seed, offset, g0 + (uint64_t)full, ng - full, out + 4 * full);
}
#endif

static void philox_groups(uint64_t seed, uint64_t offset, uint64_t g0, int64_t ng, uint32_t *out)
{
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
    if (__builtin_cpu_supports("avx2")) {
        philox_groups_avx2(seed, offset, g0, ng, out);
        return;
    }
#endif
    philox_groups_soa(seed, offset, g0, ng, out);
}

void random_words32(uint64_t seed, uint64_t offset, uint64_t first, int64_t n, uint32_t *w)
{
    uint32_t tmp[4 * (RANDOM_CHUNK / 4 + 2)];
    while (n > 0) {
        int64_t m = n < RANDOM_CHUNK ? n : RANDOM_CHUNK;
        uint64_t g0 = first / 4, skip = first % 4;
        int64_t ng = (int64_t)((skip + (uint64_t)m + 3) / 4);
        if (skip == 0 && m % 4 == 0) {
            philox_groups(seed, offset, g0, ng, w); /* aligned: straight into the caller's run */
        } else {
            philox_groups(seed, offset, g0, ng, tmp);
            memcpy(w, tmp + skip, (size_t)m * sizeof(uint32_t));
        }
        w += m;
        first += (uint64_t)m;
        n -= m;
    }
}

uint64_t random_draw64(uint64_t seed, uint64_t offset, uint64_t i)
{
    uint32_t b[4];
    philox_block(seed, offset, i, b);
    return ((uint64_t)b[0] << 32) | b[1];
}

void random_draw128(uint64_t seed, uint64_t offset, uint64_t i, uint64_t *d0, uint64_t *d1)
{
    uint32_t b[4];
    philox_block(seed, offset, i, b);
    *d0 = ((uint64_t)b[0] << 32) | b[1];
    *d1 = ((uint64_t)b[2] << 32) | b[3];
}
