#include "arena.h"

#include <stdlib.h>
#include <string.h>

typedef struct fblock { /* free block, in address order */
    uint64_t addr, size;
    struct fblock *prev, *next;
} fblock;

typedef struct lblock { /* live block */
    uint64_t addr, size; /* size actually reserved (incl. alignment slack before addr) */
    uint64_t start;      /* reserved range start (<= addr) */
    uint32_t owner;
    int used;            /* hash slot state: 0 empty, 1 used, 2 deleted */
} lblock;

struct arena {
    uint64_t base, size, used;
    fblock *free_head;
    lblock *live;
    size_t live_cap, live_cnt, live_del;
};

static uint64_t hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
}

static int live_grow(arena *a);
static void free_range(arena *a, uint64_t addr, uint64_t size);

static lblock *live_find(const arena *a, uint64_t addr)
{
    size_t mask = a->live_cap - 1;
    for (size_t i = hash64(addr) & mask;; i = (i + 1) & mask) {
        lblock *b = &a->live[i];
        if (b->used == 0)
            return NULL;
        if (b->used == 1 && b->addr == addr)
            return b;
    }
}

static int live_insert(arena *a, const lblock *nb)
{
    if ((a->live_cnt + a->live_del + 1) * 2 > a->live_cap && live_grow(a) != 0)
        return -1;
    size_t mask = a->live_cap - 1;
    for (size_t i = hash64(nb->addr) & mask;; i = (i + 1) & mask) {
        lblock *b = &a->live[i];
        if (b->used != 1) {
            if (b->used == 2)
                a->live_del--;
            *b = *nb;
            b->used = 1;
            a->live_cnt++;
            return 0;
        }
    }
}

static int live_grow(arena *a)
{
    size_t ncap = a->live_cap ? a->live_cap * 2 : 1024;
    while ((a->live_cnt + 1) * 2 > ncap)
        ncap *= 2;
    lblock *old = a->live;
    size_t ocap = a->live_cap;
    lblock *nl = calloc(ncap, sizeof *nl);
    if (!nl)
        return -1;
    a->live = nl;
    a->live_cap = ncap;
    a->live_cnt = 0;
    a->live_del = 0;
    for (size_t i = 0; i < ocap; i++)
        if (old[i].used == 1)
            live_insert(a, &old[i]);
    free(old);
    return 0;
}

arena *arena_create(uint64_t base, uint64_t size)
{
    arena *a = calloc(1, sizeof *a);
    fblock *f = calloc(1, sizeof *f);
    if (!a || !f || live_grow(a) != 0) {
        free(a);
        free(f);
        return NULL;
    }
    a->base = base;
    a->size = size;
    f->addr = base;
    f->size = size;
    a->free_head = f;
    return a;
}

void arena_destroy(arena *a)
{
    if (!a)
        return;
    for (fblock *f = a->free_head, *n; f; f = n) {
        n = f->next;
        free(f);
    }
    free(a->live);
    free(a);
}

static uint64_t align_up(uint64_t x, uint64_t al) { return (x + al - 1) & ~(al - 1); }

uint64_t arena_alloc(arena *a, uint64_t size, uint32_t owner)
{
    if (size == 0 || size > a->size)
        return 0;
    uint64_t al = size > (1u << 20) ? (2u << 20) : 512;
    size = align_up(size, 512);
    fblock *best = NULL;
    uint64_t best_waste = UINT64_MAX;
    for (fblock *f = a->free_head; f; f = f->next) {
        uint64_t start = align_up(f->addr, al);
        if (start + size > f->addr + f->size || start < f->addr)
            continue;
        uint64_t waste = f->size - size;
        if (waste < best_waste) {
            best = f;
            best_waste = waste;
            if (waste == 0)
                break;
        }
    }
    if (!best)
        return 0;
    uint64_t start = align_up(best->addr, al);
    lblock nb = {.addr = start, .size = size, .start = start, .owner = owner};
    /* Alignment slack before `start` stays a free block of its own (if any). */
    uint64_t end = start + size, fend = best->addr + best->size;
    if (start > best->addr) {
        /* keep best as the slack block; add a tail block if needed */
        best->size = start - best->addr;
        if (fend > end) {
            fblock *t = calloc(1, sizeof *t);
            if (!t) {
                best->size = fend - best->addr;
                return 0;
            }
            t->addr = end;
            t->size = fend - end;
            t->prev = best;
            t->next = best->next;
            if (best->next)
                best->next->prev = t;
            best->next = t;
        }
    } else if (fend > end) {
        best->addr = end;
        best->size = fend - end;
    } else {
        if (best->prev)
            best->prev->next = best->next;
        else
            a->free_head = best->next;
        if (best->next)
            best->next->prev = best->prev;
        free(best);
    }
    if (live_insert(a, &nb) != 0) {
        free_range(a, start, size); /* cannot track it: give it back */
        return 0;
    }
    a->used += size;
    return start;
}

static void free_range(arena *a, uint64_t addr, uint64_t size)
{
    fblock *prev = NULL, *next = a->free_head;
    while (next && next->addr < addr) {
        prev = next;
        next = next->next;
    }
    int merge_prev = prev && prev->addr + prev->size == addr;
    int merge_next = next && addr + size == next->addr;
    if (merge_prev && merge_next) {
        prev->size += size + next->size;
        prev->next = next->next;
        if (next->next)
            next->next->prev = prev;
        free(next);
    } else if (merge_prev) {
        prev->size += size;
    } else if (merge_next) {
        next->addr = addr;
        next->size += size;
    } else {
        fblock *f = calloc(1, sizeof *f);
        if (!f)
            return; /* leaks the range from the free list; nothing better to do */
        f->addr = addr;
        f->size = size;
        f->prev = prev;
        f->next = next;
        if (prev)
            prev->next = f;
        else
            a->free_head = f;
        if (next)
            next->prev = f;
    }
}

int arena_free(arena *a, uint64_t addr, uint32_t owner, uint64_t *size_out)
{
    lblock *b = live_find(a, addr);
    if (!b || (owner != ~0u && b->owner != owner))
        return -1;
    uint64_t start = b->start, size = b->size;
    if (size_out)
        *size_out = size;
    b->used = 2;
    a->live_cnt--;
    a->live_del++;
    a->used -= size;
    free_range(a, start, size);
    return 0;
}

uint64_t arena_free_owner(arena *a, uint32_t owner,
                          void (*released)(void *, uint64_t, uint64_t), void *ctx)
{
    uint64_t total = 0;
    for (size_t i = 0; i < a->live_cap; i++) {
        lblock *b = &a->live[i];
        if (b->used == 1 && b->owner == owner) {
            total += b->size;
            uint64_t start = b->start, size = b->size;
            b->used = 2;
            a->live_cnt--;
            a->live_del++;
            a->used -= size;
            free_range(a, start, size);
            if (released)
                released(ctx, start, size);
        }
    }
    return total;
}

void arena_for_each_live(const arena *a, void (*fn)(void *, uint64_t, uint64_t, uint32_t), void *ctx)
{
    for (size_t i = 0; i < a->live_cap; i++)
        if (a->live[i].used == 1)
            fn(ctx, a->live[i].addr, a->live[i].size, a->live[i].owner);
}

uint64_t arena_used(const arena *a) { return a->used; }
uint64_t arena_size(const arena *a) { return a->size; }

uint64_t arena_used_by(const arena *a, uint32_t owner)
{
    uint64_t total = 0;
    for (size_t i = 0; i < a->live_cap; i++)
        if (a->live[i].used == 1 && a->live[i].owner == owner)
            total += a->live[i].size;
    return total;
}

uint64_t arena_largest_free(const arena *a)
{
    uint64_t m = 0;
    for (const fblock *f = a->free_head; f; f = f->next)
        if (f->size > m)
            m = f->size;
    return m;
}
