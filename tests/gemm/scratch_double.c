/* Test double of the device runtime's per-thread scratch (devsim/server/kernel_rt.c). */
#include <stdlib.h>

#include "aclemu/kernel.h"

static __thread void *buf;
static __thread size_t cap;

void *aclemu_worker_scratch(size_t bytes)
{
    if (bytes <= cap && buf) return buf;
    free(buf);
    buf = NULL;
    cap = 0;
    if (posix_memalign(&buf, 64, bytes ? bytes : 64)) return NULL;
    cap = bytes;
    return buf;
}
