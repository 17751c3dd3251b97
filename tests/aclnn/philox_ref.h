// An independent Philox4x32-10 (Random123 constants) and the documented element layout of the
// random family's stream, for the host programs that check device draws bit for bit (the random
// family, RReluWithNoise). Header-only.
#ifndef TESTS_ACLNN_PHILOX_REF_H
#define TESTS_ACLNN_PHILOX_REF_H

#include <cstdint>

static inline void RefPhilox(uint32_t ctr[4], uint32_t key[2])
{
    for (int r = 0; r < 10; r++) {
        uint64_t a = (uint64_t)0xD2511F53u * ctr[0], b = (uint64_t)0xCD9E8D57u * ctr[2];
        uint32_t x0 = (uint32_t)(b >> 32) ^ ctr[1] ^ key[0], x1 = (uint32_t)b;
        uint32_t x2 = (uint32_t)(a >> 32) ^ ctr[3] ^ key[1], x3 = (uint32_t)a;
        ctr[0] = x0, ctr[1] = x1, ctr[2] = x2, ctr[3] = x3;
        key[0] += 0x9E3779B9u;
        key[1] += 0xBB67AE85u;
    }
}
// The documented layout: element i takes word i % 4 of counter (i / 4, offset), key = seed.
static inline uint32_t RefWord(uint64_t seed, uint64_t offset, uint64_t i)
{
    uint64_t g = i / 4;
    uint32_t c[4] = {(uint32_t)g, (uint32_t)(g >> 32), (uint32_t)offset, (uint32_t)(offset >> 32)};
    uint32_t k[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    RefPhilox(c, k);
    return c[i % 4];
}
#endif
