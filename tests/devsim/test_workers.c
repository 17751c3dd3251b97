/* The AI-core worker pool: every block of every launch runs exactly once, and no worker touches a
 * launch after it completed (the launch descriptor lives on the launching thread's stack, which
 * is scribbled over between launches here to make a late access visible). The op timeout
 * watchdog stops launches past their limit and never touches any other launch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

typedef struct spin_args {
    uint64_t ns;                 /* how long each block spins */
    _Atomic uint32_t started, ended;
} spin_args;

/* Spins without system calls: only the watchdog's signal can stop it early. */
static int spin_block(const void *args, size_t n, const aclemu_block *blk)
{
    spin_args *a = *(spin_args *const *)args;
    atomic_fetch_add(&a->started, 1);
    uint64_t t0 = mono_ns();
    while (mono_ns() - t0 < a->ns)
        ;
    atomic_fetch_add(&a->ended, 1);
    return 0;
}

static void watchdog_stops_only_expired_launches(void **state)
{
    static aclemu_chip_profile chip;
    _Atomic uint64_t busy = 0;
    ds_pool pool;
    assert_int_equal(ds_pool_start(&pool, 2, &chip, &busy), 0);

    /* 8 blocks of 20 s on 3 threads, 50 ms limit: 3 interrupted, 5 never started */
    spin_args a = {.ns = 20000000000ull};
    spin_args *pa = &a;
    uint64_t t0 = mono_ns();
    assert_int_equal(ds_pool_run_timed(&pool, spin_block, &pa, sizeof pa, 8, 50000000ull), 507014);
    uint64_t took = mono_ns() - t0;
    assert_true(took >= 50000000ull && took < 5000000000ull);
    assert_true(atomic_load(&a.started) <= 3);
    assert_int_equal(atomic_load(&a.ended), 0);

    /* a launch expiring at about the time its blocks end, then one with a distant limit: the
     * second always runs every block once, whatever late signal was meant for the first */
    srand(5);
    int stopped = 0;
    for (int it = 0; it < 3000; it++) {
        spin_args x = {.ns = 100000 + (uint64_t)(rand() % 200000)}; /* 0.1 .. 0.3 ms */
        spin_args *px = &x;
        int rc = ds_pool_run_timed(&pool, spin_block, &px, sizeof px, 1 + (uint32_t)(rand() % 6),
                                   200000);
        assert_true(rc == 0 || rc == 507014);
        stopped += rc != 0;
        counts c;
        memset(&c, 0, sizeof c);
        c.block_dim = 1 + (uint32_t)(rand() % MAXB);
        counts *pc = &c;
        assert_int_equal(ds_pool_run_timed(&pool, count_block, &pc, sizeof pc, c.block_dim,
                                           10000000000ull), 0);
        for (uint32_t b = 0; b < c.block_dim; b++)
            assert_int_equal(atomic_load(&c.runs[b]), 1);
        if (it % 2) { /* and one without a limit */
            memset(&c, 0, sizeof c);
            c.block_dim = 1 + (uint32_t)(rand() % MAXB);
            assert_int_equal(ds_pool_run(&pool, count_block, &pc, sizeof pc, c.block_dim), 0);
            for (uint32_t b = 0; b < c.block_dim; b++)
                assert_int_equal(atomic_load(&c.runs[b]), 1);
        }
    }
    print_message("%d of 3000 launches at their limit were stopped\n", stopped);
    assert_true(stopped > 0);
    ds_pool_stop(&pool);
}

int main(void)
{
    ds_guard_install();
    if (ds_watchdog_start() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_block_once_no_stale_access),
        cmocka_unit_test(watchdog_stops_only_expired_launches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
