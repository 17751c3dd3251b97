/* Device-side draws of the random family: the seed / offset a launch runs with and runs of
 * Philox words indexed by element (see random_args.h for the layout). */
#ifndef OPS_MATH_RANDOM_DRAW_H
#define OPS_MATH_RANDOM_DRAW_H

#include <stdint.h>

#include "random_args.h"

/* seed and offset of this launch: the scalars, or the device tensors' first elements (the
 * offset tensor's value plus the scalar offset). */
void random_resolve_seed(const random_seed *rs, uint64_t *seed, uint64_t *offset);
/* w[k] = the 32-bit word of flat element index first + k (word (i % 4) of group i / 4). */
void random_words32(uint64_t seed, uint64_t offset, uint64_t first, int64_t n, uint32_t *w);
/* The 64-bit draw of element i (words 0 and 1 of group i). */
uint64_t random_draw64(uint64_t seed, uint64_t offset, uint64_t i);
/* The two 64-bit draws of element i (words 0-1 and 2-3 of group i). */
void random_draw128(uint64_t seed, uint64_t offset, uint64_t i, uint64_t *d0, uint64_t *d1);

/* Largest run random_words32 is called with by the kernels. */
#define RANDOM_CHUNK 512

#endif
