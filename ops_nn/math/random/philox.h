/* Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11), the
 * counter-based generator of the real random kernels: a block of four 32-bit words is a pure
 * function of a 64-bit key (the seed) and a 128-bit counter. Our counter layout:
 *   ctr = (group lo, group hi, offset lo, offset hi), key = (seed lo, seed hi),
 * so every element's numbers depend only on (seed, offset, element index), never on how the
 * work is split over blocks or worker threads. The batch routine is written lane-parallel so
 * the compiler vectorises it (vpmuludq on AVX2). */
#ifndef OPS_MATH_RANDOM_PHILOX_H
#define OPS_MATH_RANDOM_PHILOX_H

#include <stdint.h>

#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

/* One block: out[0..3] for counter group `g` under (seed, offset). */
static inline void philox_block(uint64_t seed, uint64_t offset, uint64_t g, uint32_t out[4])
{
    uint32_t c0 = (uint32_t)g, c1 = (uint32_t)(g >> 32), c2 = (uint32_t)offset, c3 = (uint32_t)(offset >> 32);
    uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
    for (int r = 0; r < 10; r++) {
        uint64_t p0 = (uint64_t)PHILOX_M0 * c0, p1 = (uint64_t)PHILOX_M1 * c2;
        uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
        c1 = (uint32_t)p1;
        c3 = (uint32_t)p0;
        c0 = n0;
        c2 = n2;
        k0 += PHILOX_W0;
        k1 += PHILOX_W1;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
}

#endif
