/* The AI-core worker pool: every block of every launch runs exactly once, and no worker touches a
 * launch after it completed (the launch descriptor lives on the launching thread's stack, which
 * is scribbled over between launches here to make a late access visible). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workers.h"

#define MAXB 64

typedef struct counts {
    _Atomic uint32_t runs[MAXB];
    _Atomic uint32_t stray; /* blocks outside [0, block_dim) */
    uint32_t block_dim;
} counts;

static int count_block(const void *args, size_t n, const aclemu_block *blk)
{
    counts *c = *(counts *const *)args;
    if (blk->block_idx >= c->block_dim || blk->block_dim != c->block_dim)
        atomic_fetch_add(&c->stray, 1);
    else
        atomic_fetch_add(&c->runs[blk->block_idx], 1);
    return 0;
}

/* Overwrites the stack below the caller with a pattern a stale job would read as huge values. */
static __attribute__((noinline)) void scribble_stack(void)
{
    volatile unsigned char junk[4096];
    memset((void *)junk, 0xA5, sizeof junk);
}

static int fail_block(const void *args, size_t n, const aclemu_block *blk)
{
    return blk->block_idx == 3 ? 507035 : 0;
}

static void every_block_once_no_stale_access(void **state)
{
    static aclemu_chip_profile chip;
    _Atomic uint64_t busy = 0;
    for (uint32_t nw = 1; nw <= 3; nw++) {
        ds_pool pool;
        assert_int_equal(ds_pool_start(&pool, nw, &chip, &busy), 0);
        srand(11 + nw);
        for (int it = 0; it < 20000; it++) {
            counts c;
            memset(&c, 0, sizeof c);
            c.block_dim = 1 + (uint32_t)(rand() % MAXB);
            counts *pc = &c;
            assert_int_equal(ds_pool_run(&pool, count_block, &pc, sizeof pc, c.block_dim), 0);
            for (uint32_t b = 0; b < c.block_dim; b++)
                if (atomic_load(&c.runs[b]) != 1)
                    fail_msg("workers %u, launch %d: block %u ran %u times", nw, it, b,
                             atomic_load(&c.runs[b]));
            assert_int_equal(atomic_load(&c.stray), 0);
            scribble_stack();
        }
        assert_int_equal(ds_pool_run(&pool, fail_block, NULL, 0, 8), 507035);
        ds_pool_stop(&pool);
    }
}

int main(void)
{
    ds_guard_install();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_block_once_no_stale_access),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
