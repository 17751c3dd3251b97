/* Kernel lookup over the "aclemu_kernels" section and the per-thread scratch buffers. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"

extern const aclemu_kernel_entry __start_aclemu_kernels[] __attribute__((weak));
extern const aclemu_kernel_entry __stop_aclemu_kernels[] __attribute__((weak));

static const aclemu_kernel_entry **table;
static size_t table_mask;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static void table_build(void)
{
    size_t n = (size_t)(__stop_aclemu_kernels - __start_aclemu_kernels);
    size_t cap = 64;
    while (cap < n * 2)
        cap *= 2;
    table = calloc(cap, sizeof *table);
    if (!table)
        return;
    table_mask = cap - 1;
    for (size_t i = 0; i < n; i++) {
        const aclemu_kernel_entry *e = &__start_aclemu_kernels[i];
        if (!e->name || !e->fn)
            continue;
        for (size_t j = name_hash(e->name) & table_mask;; j = (j + 1) & table_mask) {
            if (!table[j]) {
                table[j] = e;
                break;
            }
            if (strcmp(table[j]->name, e->name) == 0)
                break; /* duplicate name: the first registration wins */
        }
    }
}

aclemu_kernel_fn aclemu_kernel_find(const char *name)
{
    pthread_once(&table_once, table_build);
    if (!table || !name)
        return NULL;
    for (size_t j = name_hash(name) & table_mask;; j = (j + 1) & table_mask) {
        if (!table[j])
            return NULL;
        if (strcmp(table[j]->name, name) == 0)
            return table[j]->fn;
    }
}

static __thread void *scratch_buf;
static __thread size_t scratch_cap;

void *aclemu_worker_scratch(size_t bytes)
{
    if (bytes <= scratch_cap)
        return scratch_buf;
    size_t cap = scratch_cap ? scratch_cap : 4096;
    while (cap < bytes)
        cap *= 2;
    /* the op timeout watchdog's signal (SIGURG, watchdog.h) jumps out of a kernel: not while it
     * holds the allocator's lock; it is taken when the allocation is done */
    sigset_t urg, old;
    sigemptyset(&urg);
    sigaddset(&urg, SIGURG);
    pthread_sigmask(SIG_BLOCK, &urg, &old);
    void *p = NULL;
    int rc = posix_memalign(&p, 64, cap);
    if (rc == 0) {
        free(scratch_buf);
        scratch_buf = p;
        scratch_cap = cap;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc == 0 ? p : NULL;
}
