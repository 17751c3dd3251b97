/* Philox runs for the random kernels: RANDOM_LANES counter groups at a time in
 * structure-of-arrays form, which GCC vectorises (32x32->64 multiplies) in the AVX2 clone. */
#include <string.h>

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
static void philox_groups(uint64_t seed, uint64_t offset, uint64_t g0, int64_t ng, uint32_t *out)
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
