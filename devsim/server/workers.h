/* The pool of "AI core" worker threads that runs kernel launches as blockDim blocks. */
#ifndef ACLEMU_WORKERS_H
#define ACLEMU_WORKERS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "aclemu/kernel.h"
#include "watchdog.h"

typedef struct ds_job {
    aclemu_kernel_fn fn;
    const void *args;
    size_t args_size;
    uint32_t block_dim;
    _Atomic uint32_t next;      /* next block to hand out */
    _Atomic uint32_t done;      /* blocks finished */
    _Atomic int32_t err;        /* first failure */
    _Atomic uint32_t finished;  /* futex: 1 when done == block_dim */
    ds_watch watch;             /* the op execute timeout (watch.launch_id 0: none) */
    struct ds_job *link;
} ds_job;

/* How long idle device threads (workers, stream executors) spin looking for the next task before
 * they sleep on a futex. Long enough to bridge a client's stage 1 + launch between two kernels;
 * short enough that an idle device process costs nothing. */
#define DS_WORKER_SPIN_NS 300000

typedef struct ds_pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    ds_job *jobs;               /* jobs with blocks still to hand out */
    _Atomic uint32_t posted;    /* bumped per posted job: spinning workers watch it */
    _Atomic uint32_t last_block_dim; /* of the last posted job: workers beyond it do not spin */
    _Atomic uint32_t spinning;  /* workers spinning between jobs (they can take a wake) */
    _Atomic(_Atomic uint32_t *) wake_word; /* a futex wake for a spinning worker on wake_cpu */
    _Atomic int32_t wake_cpu;
    uint32_t nworkers;
    pthread_t *threads;
    const aclemu_chip_profile *chip;
    _Atomic uint64_t *busy_ns;  /* accumulated block run time */
    _Atomic int stop;
} ds_pool;

int ds_pool_start(ds_pool *p, uint32_t nworkers, const aclemu_chip_profile *chip,
                  _Atomic uint64_t *busy_ns);
void ds_pool_stop(ds_pool *p);
/* Runs every block of a launch; the calling thread takes part. Returns 0 or the first error. */
int ds_pool_run(ds_pool *p, aclemu_kernel_fn fn, const void *args, size_t args_size,
                uint32_t block_dim);
/* Same, stopped with ACL_ERROR_RT_AICORE_TIMEOUT once it has run timeout_ns (0: no limit). */
int ds_pool_run_timed(ds_pool *p, aclemu_kernel_fn fn, const void *args, size_t args_size,
                      uint32_t block_dim, uint64_t timeout_ns);

/* Wakes the waiters of futex `word`, from CPU `cpu` when a worker spinning there takes the wake
 * (a wake-up from the CPU where the waiter sleeps needs no cross-CPU interrupt, which costs ~60 us
 * on some VMs); else (no worker spinning or about to, after_job: the caller just ran a job of
 * several blocks; or none taking it within 5 us) from the caller. */
void ds_pool_wake(ds_pool *p, _Atomic uint32_t *word, int32_t cpu, int after_job);

/* Runs fn(arg) with SIGSEGV/SIGBUS/SIGFPE turned into an error return (a bad device address in a
 * kernel must not take the device process down). Returns 0, or ACL_ERROR_RT_AICORE_EXCEPTION. */
int ds_guarded(int (*fn)(void *), void *arg);
void ds_guard_install(void);
/* From a signal handler on a thread inside ds_guarded: leaves the guarded call (which returns an
 * error). Returns if the thread is not inside one. */
void ds_guard_escape(int sig);
/* Where a fatal signal outside a kernel is reported (the device log), or -1. */
void ds_guard_set_crash_log(int fd);

#endif
