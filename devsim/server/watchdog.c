/* Op execute timeout enforcement: see watchdog.h. */
#include "watchdog.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/futex.h"
#include "workers.h"

#define IDLE_TICK_NS 1000000000ull  /* the watchdog's wake-up interval with nothing due sooner */
#define RESIGNAL_NS 10000000ull      /* how often threads still in an expired launch are signalled */

/* A thread that runs kernel blocks (a pool worker or a stream thread). */
typedef struct runner {
    pthread_t tid;
    _Atomic uint64_t running; /* launch id of the block being run, 0 between blocks */
    _Atomic uint64_t target;  /* launch id the watchdog wants this thread out of */
    struct runner *prev, *next;
} runner;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER; /* runners, watches, planned_ns */
static pthread_cond_t cv;
static runner *runners;
static ds_watch *watches;
static uint64_t planned_ns = 0;  /* when the watchdog thread wakes next (0: not running) */
static _Atomic uint64_t next_id = 1;
static pthread_key_t runner_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static __thread runner *self;

static void runner_gone(void *arg)
{
    runner *r = arg;
    pthread_mutex_lock(&mu);
    if (r->prev)
        r->prev->next = r->next;
    else
        runners = r->next;
    if (r->next)
        r->next->prev = r->prev;
    pthread_mutex_unlock(&mu);
    self = NULL;
    free(r);
}

static void make_key(void) { pthread_key_create(&runner_key, runner_gone); }

static runner *self_runner(void)
{
    if (self)
        return self;
    pthread_once(&key_once, make_key);
    runner *r = calloc(1, sizeof *r);
    if (!r)
        return NULL; /* this thread's blocks cannot be interrupted; the launch still ends */
    r->tid = pthread_self();
    pthread_mutex_lock(&mu);
    r->next = runners;
    if (runners)
        runners->prev = r;
    runners = r;
    pthread_mutex_unlock(&mu);
    pthread_setspecific(runner_key, r);
    self = r;
    return r;
}

void ds_watch_block_begin(uint64_t id)
{
    if (id == 0)
        return;
    runner *r = self_runner();
    if (r)
        atomic_store(&r->running, id);
}

void ds_watch_block_end(void)
{
    runner *r = self;
    if (r)
        atomic_store(&r->running, 0);
}

/* Runs on the interrupted thread. Jumps out of the block only if the thread is still in the
 * launch the watchdog meant (running is set only inside the fault guard). */
static void watchdog_handler(int sig)
{
    int saved = errno;
    runner *r = self;
    if (r) {
        uint64_t run = atomic_load(&r->running);
        if (run != 0 && run == atomic_load(&r->target)) {
            atomic_store(&r->running, 0);
            ds_guard_escape(sig);
        }
    }
    errno = saved;
}

void ds_watch_add(ds_watch *w, uint64_t timeout_ns, _Atomic int32_t *err)
{
    w->launch_id = atomic_fetch_add(&next_id, 1);
    uint64_t now = ds_now_ns();
    w->deadline_ns = timeout_ns > UINT64_MAX - now ? UINT64_MAX : now + timeout_ns;
    atomic_store(&w->expired, 0);
    w->err = err;
    w->prev = NULL;
    pthread_mutex_lock(&mu);
    w->next = watches;
    if (watches)
        watches->prev = w;
    watches = w;
    /* wake the watchdog only if it would sleep past this deadline (rare: it ticks every second) */
    if (planned_ns != 0 && w->deadline_ns < planned_ns)
        pthread_cond_signal(&cv);
    pthread_mutex_unlock(&mu);
}

void ds_watch_remove(ds_watch *w)
{
    pthread_mutex_lock(&mu);
    if (w->prev)
        w->prev->next = w->next;
    else
        watches = w->next;
    if (w->next)
        w->next->prev = w->prev;
    pthread_mutex_unlock(&mu);
}

/* Signals the threads still running blocks of w. Caller holds mu, so no runner exits meanwhile. */
static void interrupt_runners(const ds_watch *w)
{
    for (runner *r = runners; r; r = r->next)
        if (atomic_load(&r->running) == w->launch_id) {
            atomic_store(&r->target, w->launch_id);
            pthread_kill(r->tid, DS_WATCHDOG_SIG);
        }
}

static void *watchdog_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    for (;;) {
        uint64_t now = ds_now_ns();
        uint64_t next = now + IDLE_TICK_NS;
        for (ds_watch *w = watches; w; w = w->next) {
            if (!atomic_load(&w->expired) && w->deadline_ns <= now) {
                atomic_store(&w->expired, 1);
                int32_t zero = 0;
                atomic_compare_exchange_strong(w->err, &zero, DS_ERR_AICORE_TIMEOUT);
            }
            if (atomic_load(&w->expired)) {
                interrupt_runners(w);
                if (now + RESIGNAL_NS < next)
                    next = now + RESIGNAL_NS;
            } else if (w->deadline_ns < next) {
                next = w->deadline_ns;
            }
        }
        planned_ns = next;
        struct timespec ts = {(time_t)(next / 1000000000ull), (long)(next % 1000000000ull)};
        pthread_cond_timedwait(&cv, &mu, &ts);
    }
    return NULL;
}

int ds_watchdog_start(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = watchdog_handler;
    /* no SA_RESTART: a kernel blocked in a system call must come out of it; SA_NODEFER as for
     * the fault guard, which jumps without restoring the signal mask */
    sa.sa_flags = SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    if (sigaction(DS_WATCHDOG_SIG, &sa, NULL) != 0)
        return -1;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&cv, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_lock(&mu);
    planned_ns = ds_now_ns(); /* any watch added before the thread runs wakes it */
    pthread_mutex_unlock(&mu);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    pthread_t th;
    int rc = pthread_create(&th, &at, watchdog_main, NULL);
    pthread_attr_destroy(&at);
    return rc == 0 ? 0 : -1;
}
