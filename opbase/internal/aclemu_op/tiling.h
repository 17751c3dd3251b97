/* Host tiling helpers: how many blocks (blockDim) and how much work per block. Blocks map onto
 * the chip's cores: vector ops use the vector core count (AIV, or AI cores on chips without
 * separate vector cores), cube ops the cube core count. */
#ifndef ACLEMU_OP_TILING_H
#define ACLEMU_OP_TILING_H

#include <stdint.h>

#include "aclemu/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libnnopbase for the op libraries (the project builds with hidden visibility). */
#pragma GCC visibility push(default)

uint32_t aclemu_vector_core_num(const aclemu_chip_profile *p);
uint32_t aclemu_cube_core_num(const aclemu_chip_profile *p);

/* Splits n work items over at most max_blocks blocks with at least min_per_block items per
 * block and per-block counts rounded up to `align` items (e.g. one 32-byte UB block). */
void aclemu_tile_1d(uint64_t n, uint32_t max_blocks, uint64_t min_per_block, uint64_t align,
                    uint32_t *block_dim, uint64_t *per_block);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
