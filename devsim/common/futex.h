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

/* A bounded busy wait that gives up once it has lost its CPU: a gap of more than
 * DS_SPIN_PREEMPT_NS between two checks means the thread was descheduled, so its CPU is shared
 * with other runnable threads. With autogroup scheduling the device process competes as one group
 * on a loaded host, so spinning on would mostly take CPU time from its own threads (the one
 * running blocks); sleeping on the futex costs one wake-up (20-100 us), a preemption a scheduler
 * slice (milliseconds). */
#define DS_SPIN_PREEMPT_NS 50000
typedef struct ds_spin {
    uint64_t t0, last;
} ds_spin;

static inline void ds_spin_begin(ds_spin *s)
{
    s->t0 = s->last = ds_now_ns();
}

/* 1 while the spin may go on: less than limit_ns since ds_spin_begin and not descheduled since
 * the last check. */
static inline int ds_spin_on(ds_spin *s, uint64_t limit_ns)
{
    uint64_t now = ds_now_ns();
    int on = now - s->last < DS_SPIN_PREEMPT_NS && now - s->t0 < limit_ns;
    s->last = now;
    return on;
}

#endif
