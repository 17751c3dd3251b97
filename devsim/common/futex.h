/* Process-shared futex helpers on 32-bit words in shared memory (no FUTEX_PRIVATE_FLAG: the
 * words live in memfd mappings shared between the device process and its clients). */
#ifndef ACLEMU_FUTEX_H
#define ACLEMU_FUTEX_H

#include <errno.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Sleeps while *word == expected, at most timeout_ns (< 0 = forever). Spurious wake-ups are
 * possible; callers re-check their condition. */
static inline void ds_futex_wait(_Atomic uint32_t *word, uint32_t expected, int64_t timeout_ns)
{
    struct timespec ts, *tsp = NULL;
    if (timeout_ns >= 0) {
        ts.tv_sec = timeout_ns / 1000000000;
        ts.tv_nsec = timeout_ns % 1000000000;
        tsp = &ts;
    }
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, expected, tsp, NULL, 0);
}

static inline void ds_futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT32_MAX, NULL, NULL, 0);
}

static inline uint64_t ds_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline void ds_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

#endif
