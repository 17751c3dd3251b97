/* Kernels built into the device: used by the runtime's own tests and benchmarks, and as the
 * smallest examples of the kernel ABI. Argument layouts are in aclemu/builtin_kernels.h. */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "aclemu/builtin_kernels.h"
#include "aclemu/kernel.h"

static int k_noop(const void *args, size_t n, const aclemu_block *blk) { return 0; }
ACLEMU_KERNEL("aclemu.noop", k_noop);

/* Splits [0, count) into block_dim near-equal ranges. */
static void block_range(uint64_t count, const aclemu_block *blk, uint64_t *b, uint64_t *e)
{
    uint64_t per = count / blk->block_dim, rem = count % blk->block_dim;
    *b = blk->block_idx * per + (blk->block_idx < rem ? blk->block_idx : rem);
    *e = *b + per + (blk->block_idx < rem);
}

static int k_fill_u32(const void *args, size_t n, const aclemu_block *blk)
{
    if (n < sizeof(aclemu_fill_u32_args))
        return 107000;
    const aclemu_fill_u32_args *a = args;
    uint32_t *dst = (uint32_t *)(uintptr_t)a->dst;
    uint64_t b, e;
    block_range(a->count, blk, &b, &e);
    for (uint64_t i = b; i < e; i++)
        dst[i] = a->value;
    return 0;
}
ACLEMU_KERNEL("aclemu.fill_u32", k_fill_u32);

static int k_vadd_f32(const void *args, size_t n, const aclemu_block *blk)
{
    if (n < sizeof(aclemu_vadd_f32_args))
        return 107000;
    const aclemu_vadd_f32_args *a = args;
    const float *x = (const float *)(uintptr_t)a->x, *y = (const float *)(uintptr_t)a->y;
    float *z = (float *)(uintptr_t)a->z;
    uint64_t b, e;
    block_range(a->count, blk, &b, &e);
    for (uint64_t i = b; i < e; i++)
        z[i] = x[i] + y[i];
    return 0;
}
ACLEMU_KERNEL("aclemu.vadd_f32", k_vadd_f32);

/* counters[index] += 1 atomically: lets tests prove no launch is lost or run twice. */
static int k_mark(const void *args, size_t n, const aclemu_block *blk)
{
    if (n < sizeof(aclemu_mark_args))
        return 107000;
    const aclemu_mark_args *a = args;
    _Atomic uint32_t *c = (_Atomic uint32_t *)(uintptr_t)a->counters;
    atomic_fetch_add(&c[a->index], 1);
    return 0;
}
ACLEMU_KERNEL("aclemu.mark", k_mark);

static int k_sleep(const void *args, size_t n, const aclemu_block *blk)
{
    if (n < sizeof(aclemu_sleep_args))
        return 107000;
    const aclemu_sleep_args *a = args;
    struct timespec ts = {(time_t)(a->usec / 1000000), (long)(a->usec % 1000000) * 1000};
    nanosleep(&ts, NULL);
    return 0;
}
ACLEMU_KERNEL("aclemu.sleep", k_sleep);

/* Busy-waits usec without a system call: a kernel that only a signal can stop (op timeouts). */
static int k_spin(const void *args, size_t n, const aclemu_block *blk)
{
    if (n < sizeof(aclemu_sleep_args))
        return 107000;
    const aclemu_sleep_args *a = args;
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    volatile uint64_t spins = 0;
    do {
        for (int i = 0; i < 1000; i++)
            spins++;
        clock_gettime(CLOCK_MONOTONIC, &t); /* vDSO: no system call */
    } while ((int64_t)(t.tv_sec - t0.tv_sec) * 1000000 + (int64_t)(t.tv_nsec - t0.tv_nsec) / 1000 <
             (int64_t)a->usec);
    return 0;
}
ACLEMU_KERNEL("aclemu.spin", k_spin);

/* Dereferences the given address: the device must turn the fault into an AI-core exception. */
static int k_touch(const void *args, size_t n, const aclemu_block *blk)
{
    if (n < sizeof(aclemu_touch_args))
        return 107000;
    const aclemu_touch_args *a = args;
    volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)a->addr;
    *p = *p + 1;
    return 0;
}
ACLEMU_KERNEL("aclemu.touch", k_touch);

/* Returns the given code: a kernel-reported failure. */
static int k_fail(const void *args, size_t n, const aclemu_block *blk)
{
    if (n < sizeof(int32_t))
        return 107000;
    int32_t code;
    memcpy(&code, args, sizeof code);
    return code;
}
ACLEMU_KERNEL("aclemu.fail", k_fail);
