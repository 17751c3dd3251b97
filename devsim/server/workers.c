#include "workers.h"

#include <execinfo.h>
#include <setjmp.h>
#include <stdio.h>
#include <unistd.h>
#include <sched.h>
#include <signal.h>
#include <ucontext.h>
#include <stdlib.h>
#include <string.h>

#include "../common/futex.h"

#define ERR_AICORE_EXCEPTION 507015
#define WAKE_HANDOFF_NS 5000 /* how long a wake request waits for a worker on the waiter's CPU */

/* ---- fault guard ------------------------------------------------------------------------- */
static __thread sigjmp_buf *guard_jmp;

static int crash_fd = -1;

void ds_guard_set_crash_log(int fd) { crash_fd = fd; }

/* A fault outside any kernel is a bug of the device process itself: leave a note with a
 * backtrace in the device log (async-signal-safe calls only), then die of the signal. */
/* SA_NODEFER leaves a handler's signal unblocked, unless something interposes its own handler
 * (ThreadSanitizer runs ours with the signal blocked): jumping out of a handler unblocks it
 * explicitly, or the next fault would kill the process. A syscall on the fault path only. */
static void unblock_signal(int sig)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    pthread_sigmask(SIG_UNBLOCK, &s, NULL);
}

static void guard_handler(int sig, siginfo_t *si, void *uc)
{
    if (guard_jmp) {
        unblock_signal(sig);
        siglongjmp(*guard_jmp, sig);
    }
    static volatile sig_atomic_t dying;
    if (crash_fd >= 0 && !dying) {
        dying = 1; /* the backtrace may fault again on a broken stack: report once */
        const ucontext_t *ctx = uc;
        char msg[200];
        int n = snprintf(msg, sizeof msg,
                         "aclemu-devsim %d: fatal signal %d at address %p, pc %p, sp %p\n",
                         (int)getpid(), sig, si ? si->si_addr : NULL,
                         ctx ? (void *)ctx->uc_mcontext.gregs[REG_RIP] : NULL,
                         ctx ? (void *)ctx->uc_mcontext.gregs[REG_RSP] : NULL);
        if (n > 0 && write(crash_fd, msg, (size_t)n) < 0) {
            /* nothing more to do */
        }
        void *frames[48];
        int nf = backtrace(frames, 48);
        backtrace_symbols_fd(frames, nf, crash_fd);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void ds_guard_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = guard_handler;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGFPE, &sa, NULL);
    sigaction(SIGILL, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
}

void ds_guard_escape(int sig)
{
    if (guard_jmp) {
        unblock_signal(sig);
        siglongjmp(*guard_jmp, sig);
    }
}

int ds_guarded(int (*fn)(void *), void *arg)
{
    sigjmp_buf jb;
    sigjmp_buf *saved = guard_jmp;
    /* no mask save (a syscall per block): SA_NODEFER leaves the signal unblocked in the handler,
     * so jumping out of it needs no mask restore */
    if (sigsetjmp(jb, 0) != 0) {
        guard_jmp = saved;
        return ERR_AICORE_EXCEPTION;
    }
    guard_jmp = &jb;
    int rc = fn(arg);
    guard_jmp = saved;
    return rc;
}

/* ---- blocks ------------------------------------------------------------------------------- */
typedef struct block_call {
    ds_job *job;
    aclemu_block blk;
} block_call;

static int block_tramp(void *arg)
{
    block_call *bc = arg;
    /* inside the guard: the watchdog may only interrupt a thread that can jump out */
    ds_watch_block_begin(bc->job->watch.launch_id);
    int rc = bc->job->fn(bc->job->args, bc->job->args_size, &bc->blk);
    ds_watch_block_end();
    return rc;
}

/* Runs block `b` of `job` and then further blocks until none is left. The job lives on its
 * owner's stack and may be gone the moment the last block is counted done, so: block_dim is read
 * once while the job is certainly alive, the next block is claimed before the current one is
 * counted done, and nothing of the job is touched after the done count (but the futex wake of the
 * thread that finished it, which is harmless on a stale address). */
static void run_blocks(ds_pool *p, ds_job *job, uint32_t b, uint32_t worker_id)
{
    const uint32_t bd = job->block_dim;
    while (b < bd) {
        block_call bc = {.job = job,
                         .blk = {.block_idx = b,
                                 .block_dim = bd,
                                 .worker_id = worker_id,
                                 .worker_cnt = p->nworkers + 1,
                                 .chip = p->chip}};
        uint64_t t0 = ds_now_ns();
        /* a launch past its deadline runs no further blocks */
        int rc = atomic_load_explicit(&job->watch.expired, memory_order_relaxed)
                     ? 0 : ds_guarded(block_tramp, &bc);
        atomic_fetch_add_explicit(p->busy_ns, ds_now_ns() - t0, memory_order_relaxed);
        if (rc != 0) {
            int32_t zero = 0;
            atomic_compare_exchange_strong(&job->err, &zero, rc);
        }
        uint32_t nb = atomic_fetch_add(&job->next, 1);
        if (atomic_fetch_add(&job->done, 1) + 1 == bd) {
            atomic_store(&job->finished, 1);
            ds_futex_wake(&job->finished);
        }
        b = nb;
    }
}

static void unlink_job(ds_pool *p, ds_job *job)
{
    for (ds_job **pp = &p->jobs; *pp; pp = &(*pp)->link)
        if (*pp == job) {
            *pp = job->link;
            return;
        }
}

/* A spinning worker takes a wake request meant for its CPU. */
static void take_wake(ds_pool *p)
{
    _Atomic uint32_t *w = atomic_load_explicit(&p->wake_word, memory_order_acquire);
    if (w && sched_getcpu() == atomic_load(&p->wake_cpu) &&
        atomic_compare_exchange_strong(&p->wake_word, &w, NULL))
        ds_futex_wake(w);
}

void ds_pool_wake(ds_pool *p, _Atomic uint32_t *word, int32_t cpu, int after_job)
{
    /* a worker may spin there: one is spinning, or the job just finished had workers, which are
     * about to */
    int candidates = atomic_load(&p->spinning) > 0 || (after_job && p->nworkers > 0);
    if (candidates && cpu >= 0 && cpu != sched_getcpu()) {
        _Atomic uint32_t *none = NULL;
        if (atomic_compare_exchange_strong(&p->wake_word, &none, word)) {
            atomic_store(&p->wake_cpu, cpu); /* a stale CPU only costs the interrupt saved */
            uint64_t t0 = ds_now_ns();
            while (atomic_load(&p->wake_word) == word && ds_now_ns() - t0 < WAKE_HANDOFF_NS)
                ds_cpu_relax();
            _Atomic uint32_t *mine = word;
            if (!atomic_compare_exchange_strong(&p->wake_word, &mine, NULL))
                return; /* a worker took it */
        }
    }
    ds_futex_wake(word);
}

typedef struct worker_arg {
    ds_pool *p;
    uint32_t id;
} worker_arg;

static void *worker_main(void *arg)
{
    worker_arg *wa = arg;
    ds_pool *p = wa->p;
    uint32_t id = wa->id;
    free(wa);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        if (!p->stop && !p->jobs && id + 1 < atomic_load(&p->last_block_dim)) {
            /* Between launches, look for the next job a while before sleeping: waking a sleeping
             * worker costs 20-100 us on a VM, a tenth of a small matmul. (A spin with sched_yield
             * was measured worse: a yielding thread delays the wake-up of others on its CPU.)
             * Only the workers the last job had blocks for spin: on a many-core host a stream of
             * small kernels keeps one or two threads busy, not all of them. */
            uint32_t seen = atomic_load(&p->posted);
            pthread_mutex_unlock(&p->mu);
            atomic_fetch_add(&p->spinning, 1);
            ds_spin sp;
            ds_spin_begin(&sp);
            while (atomic_load(&p->posted) == seen && !p->stop && ds_spin_on(&sp, DS_WORKER_SPIN_NS)) {
                take_wake(p);
                ds_cpu_relax();
            }
            atomic_fetch_sub(&p->spinning, 1);
            pthread_mutex_lock(&p->mu);
        }
        while (!p->stop && !p->jobs)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop)
            break;
        ds_job *job = p->jobs;
        /* claim the first block under the lock: the owner cannot finish before it is done */
        uint32_t b = atomic_fetch_add(&job->next, 1);
        if (b >= job->block_dim) {
            unlink_job(p, job);
            continue;
        }
        pthread_mutex_unlock(&p->mu);
        run_blocks(p, job, b, id);
        pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

int ds_pool_start(ds_pool *p, uint32_t nworkers, const aclemu_chip_profile *chip,
                  _Atomic uint64_t *busy_ns)
{
    memset(p, 0, sizeof *p);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->chip = chip;
    p->busy_ns = busy_ns;
    p->nworkers = nworkers;
    p->threads = calloc(nworkers ? nworkers : 1, sizeof *p->threads);
    if (!p->threads)
        return -1;
    for (uint32_t i = 0; i < nworkers; i++) {
        worker_arg *wa = malloc(sizeof *wa);
        if (!wa)
            return -1;
        wa->p = p;
        wa->id = i;
        if (pthread_create(&p->threads[i], NULL, worker_main, wa) != 0) {
            free(wa);
            p->nworkers = i;
            return -1;
        }
    }
    return 0;
}

void ds_pool_stop(ds_pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (uint32_t i = 0; i < p->nworkers; i++)
        pthread_join(p->threads[i], NULL);
    free(p->threads);
}

int ds_pool_run(ds_pool *p, aclemu_kernel_fn fn, const void *args, size_t args_size,
                uint32_t block_dim)
{
    return ds_pool_run_timed(p, fn, args, args_size, block_dim, 0);
}

int ds_pool_run_timed(ds_pool *p, aclemu_kernel_fn fn, const void *args, size_t args_size,
                      uint32_t block_dim, uint64_t timeout_ns)
{
    ds_job job;
    memset(&job, 0, sizeof job);
    if (timeout_ns)
        ds_watch_add(&job.watch, timeout_ns, &job.err);
    job.fn = fn;
    job.args = args;
    job.args_size = args_size;
    job.block_dim = block_dim ? block_dim : 1;
    if (job.block_dim > 1 && p->nworkers > 0) {
        pthread_mutex_lock(&p->mu);
        job.link = p->jobs;
        p->jobs = &job;
        atomic_store(&p->last_block_dim, job.block_dim);
        atomic_fetch_add(&p->posted, 1);
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
    run_blocks(p, &job, atomic_fetch_add(&job.next, 1), p->nworkers);
    /* Wait for blocks other threads are still running: they are usually about to end (blocks
     * are even), and sleeping would add a wake-up of this thread before the stream can report
     * completion to the client. So spin a while, then sleep. */
    ds_spin sp;
    ds_spin_begin(&sp);
    while (!atomic_load(&job.finished) && ds_spin_on(&sp, DS_WORKER_SPIN_NS))
        ds_cpu_relax();
    while (!atomic_load(&job.finished))
        ds_futex_wait(&job.finished, 0, -1);
    if (job.block_dim > 1 && p->nworkers > 0) {
        pthread_mutex_lock(&p->mu);
        unlink_job(p, &job);
        pthread_mutex_unlock(&p->mu);
    }
    if (timeout_ns)
        ds_watch_remove(&job.watch);
    return atomic_load(&job.err);
}
