/* The HBM arena allocator of the device process.
 *
 * Best fit over an address-ordered free list with immediate coalescing of neighbours; live blocks
 * are kept in a hash table keyed by address so frees and pointer lookups are O(1). Blocks over
 * 1 MiB are aligned to 2 MiB (the huge-page granularity of the real runtime), others to 512 B.
 * Not thread-safe: the caller holds the device lock. */
#ifndef ACLEMU_ARENA_H
#define ACLEMU_ARENA_H

#include <stddef.h>
#include <stdint.h>

typedef struct arena arena;

arena *arena_create(uint64_t base, uint64_t size);
void arena_destroy(arena *a);
/* Returns the address, or 0 when no free block fits. */
uint64_t arena_alloc(arena *a, uint64_t size, uint32_t owner);
/* Returns 0, or -1 if addr is not the start of a live block (owner must match unless ~0u). */
int arena_free(arena *a, uint64_t addr, uint32_t owner, uint64_t *size_out);
/* Frees every block of `owner`, calling released(ctx, addr, size) for each; returns the bytes. */
uint64_t arena_free_owner(arena *a, uint32_t owner,
                          void (*released)(void *, uint64_t, uint64_t), void *ctx);
/* Calls fn(ctx, addr, size, owner) for every live block (the memory checker's start). */
void arena_for_each_live(const arena *a, void (*fn)(void *, uint64_t, uint64_t, uint32_t), void *ctx);
uint64_t arena_used(const arena *a);
uint64_t arena_used_by(const arena *a, uint32_t owner);
uint64_t arena_size(const arena *a);
/* Largest free block (for diagnostics). */
uint64_t arena_largest_free(const arena *a);

#endif
