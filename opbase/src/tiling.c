/* Block-count and per-block work computations from the chip profile. */
#include "aclemu_op/tiling.h"

uint32_t aclemu_vector_core_num(const aclemu_chip_profile *p)
{
    /* Coupled chips (910, 310P: no separate cube cores) run vector code on the AI cores; their
     * extra "vector cores" are not what GetCoreNumAiv reports. Split chips (A2/A3/950) have
     * two AIV per AIC. */
    if (p->cube_core_cnt == 0 || p->vector_core_cnt == 0)
        return p->ai_core_cnt ? p->ai_core_cnt : 1;
    return p->vector_core_cnt;
}

uint32_t aclemu_cube_core_num(const aclemu_chip_profile *p)
{
    if (p->cube_core_cnt)
        return p->cube_core_cnt;
    return p->ai_core_cnt ? p->ai_core_cnt : 1;
}

void aclemu_tile_1d(uint64_t n, uint32_t max_blocks, uint64_t min_per_block, uint64_t align, uint32_t *block_dim,
                    uint64_t *per_block)
{
    if (max_blocks == 0) max_blocks = 1;
    if (min_per_block == 0) min_per_block = 1;
    if (align == 0) align = 1;
    if (n == 0) {
        *block_dim = 0;
        *per_block = 0;
        return;
    }
    /* ceilings written without n + d - 1, which wraps for n near 2^64 (and then divides by 0) */
    uint64_t blocks = n / min_per_block + (n % min_per_block != 0);
    if (blocks > max_blocks)
        blocks = max_blocks;
    uint64_t per = n / blocks + (n % blocks != 0);
    per = per % align ? per + (align - per % align) : per;
    if (per == 0) /* the alignment wrapped: one block takes everything */
        per = n;
    blocks = n / per + (n % per != 0); /* alignment may leave trailing blocks empty: drop them */
    *block_dim = (uint32_t)blocks;
    *per_block = per;
}
