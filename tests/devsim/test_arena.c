/* Unit tests of the device-memory allocator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "arena.h"

#define BASE 0x100000000000ull
#define MiB (1ull << 20)

static void alloc_align_and_accounting(void **state)
{
    arena *a = arena_create(BASE, 64 * MiB);
    assert_non_null(a);
    uint64_t p = arena_alloc(a, 100, 1);
    assert_int_equal(p, BASE);
    assert_int_equal(p % 512, 0);
    uint64_t q = arena_alloc(a, 3 * MiB, 1); /* large blocks are 2 MiB aligned */
    assert_int_not_equal(q, 0);
    assert_int_equal(q % (2 * MiB), 0);
    assert_true(arena_used(a) >= 3 * MiB + 100);
    assert_int_equal(arena_used_by(a, 2), 0);
    uint64_t sz = 0;
    assert_int_equal(arena_free(a, p, 1, &sz), 0);
    assert_int_equal(sz, 512);
    assert_int_equal(arena_free(a, p, 1, NULL), -1);       /* double free */
    assert_int_equal(arena_free(a, q + 512, 1, NULL), -1); /* interior pointer */
    assert_int_equal(arena_free(a, q, 2, NULL), -1);       /* other owner */
    assert_int_equal(arena_free(a, q, 1, NULL), 0);
    assert_int_equal(arena_used(a), 0);
    assert_int_equal(arena_largest_free(a), 64 * MiB); /* fully coalesced */
    arena_destroy(a);
}

static void exhaustion_and_reuse(void **state)
{
    arena *a = arena_create(BASE, 8 * MiB);
    uint64_t blocks[16];
    for (int i = 0; i < 16; i++) {
        blocks[i] = arena_alloc(a, 512 * 1024, 1);
        assert_int_not_equal(blocks[i], 0);
    }
    assert_int_equal(arena_alloc(a, 512, 1), 0); /* full */
    /* free every other block: 4 MiB free but no 1 MiB hole */
    for (int i = 0; i < 16; i += 2)
        assert_int_equal(arena_free(a, blocks[i], 1, NULL), 0);
    assert_int_equal(arena_alloc(a, 1024 * 1024, 1), 0);
    assert_int_equal(arena_largest_free(a), 512 * 1024);
    /* freeing a neighbour coalesces three blocks into 1.5 MiB */
    assert_int_equal(arena_free(a, blocks[1], 1, NULL), 0);
    assert_int_equal(arena_largest_free(a), 1536 * 1024);
    uint64_t big = arena_alloc(a, 1024 * 1024, 1);
    assert_int_equal(big, blocks[0]);
    arena_destroy(a);
}

static void free_owner_reclaims_everything(void **state)
{
    arena *a = arena_create(BASE, 16 * MiB);
    for (int i = 0; i < 100; i++) {
        assert_int_not_equal(arena_alloc(a, 1000 + (uint64_t)i * 37, (uint32_t)(i % 3)), 0);
    }
    uint64_t by1 = arena_used_by(a, 1);
    assert_int_equal(arena_free_owner(a, 1, NULL, NULL), by1);
    assert_int_equal(arena_used_by(a, 1), 0);
    arena_free_owner(a, 0, NULL, NULL);
    arena_free_owner(a, 2, NULL, NULL);
    assert_int_equal(arena_used(a), 0);
    assert_int_equal(arena_largest_free(a), 16 * MiB);
    arena_destroy(a);
}

static void random_churn_keeps_invariants(void **state)
{
    arena *a = arena_create(BASE, 32 * MiB);
    uint64_t live[256] = {0};
    srand(7);
    for (int it = 0; it < 20000; it++) {
        int k = rand() % 256;
        if (live[k]) {
            assert_int_equal(arena_free(a, live[k], 0, NULL), 0);
            live[k] = 0;
        } else {
            uint64_t sz = 1 + (uint64_t)(rand() % 200000);
            live[k] = arena_alloc(a, sz, 0);
        }
    }
    for (int k = 0; k < 256; k++)
        if (live[k])
            assert_int_equal(arena_free(a, live[k], 0, NULL), 0);
    assert_int_equal(arena_used(a), 0);
    assert_int_equal(arena_largest_free(a), 32 * MiB);
    arena_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alloc_align_and_accounting),
        cmocka_unit_test(exhaustion_and_reuse),
        cmocka_unit_test(free_owner_reclaims_everything),
        cmocka_unit_test(random_churn_keeps_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
