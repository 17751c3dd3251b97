/* The op execute timeout of the device: a kernel launch that runs past its deadline is stopped.
 *
 * A launch with a deadline is registered here for as long as it runs. When the deadline passes,
 * the watchdog thread marks it expired (blocks not yet started are skipped), records
 * ACL_ERROR_RT_AICORE_TIMEOUT as the launch's error, and interrupts every thread still running
 * one of its blocks with DS_WATCHDOG_SIG, whose handler jumps out of the block through the fault
 * guard (ds_guarded). Races are excluded by launch ids: each thread publishes the id of the launch
 * whose block it runs (0 between blocks) and the handler jumps only if that id is the one the
 * watchdog targeted, so a block that has just ended, or a thread already on another launch, is
 * never hit. Ids are never reused (64-bit counter). */
#ifndef ACLEMU_WATCHDOG_H
#define ACLEMU_WATCHDOG_H

#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>

#define DS_WATCHDOG_SIG SIGURG /* ignored by default: harmless if it ever arrives elsewhere */
#define DS_ERR_AICORE_TIMEOUT 507014

typedef struct ds_watch {
    uint64_t launch_id;         /* set by ds_watch_add */
    uint64_t deadline_ns;       /* CLOCK_MONOTONIC */
    _Atomic uint32_t expired;   /* set by the watchdog; runners skip blocks not yet started */
    _Atomic int32_t *err;       /* the launch's first-error word */
    struct ds_watch *prev, *next;
} ds_watch;

/* Starts the watchdog thread and installs the signal handler. 0 or -1. */
int ds_watchdog_start(void);
/* Registers a launch that must end within timeout_ns from now; sets w->launch_id. */
void ds_watch_add(ds_watch *w, uint64_t timeout_ns, _Atomic int32_t *err);
void ds_watch_remove(ds_watch *w);
/* Around one block, inside the fault guard: the calling thread runs a block of launch `id`
 * (0: a launch without deadline, never interrupted). */
void ds_watch_block_begin(uint64_t id);
void ds_watch_block_end(void);

#endif
