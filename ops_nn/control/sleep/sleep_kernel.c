/* Sleep kernel: waits cycles / clock seconds of wall time (the real one spins on clock();
 * the emulated core sleeps instead of burning a host CPU). A stream's later tasks start after
 * it, as on the device. */
#include <errno.h>
#include <time.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "sleep_args.h"

static int sleep_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    (void)blk;
    if (size < sizeof(sleep_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const sleep_args *a = (const sleep_args *)args;
    if (a->cycles <= 0 || a->clock_hz <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    struct timespec ts;
    ts.tv_sec = (time_t)(a->cycles / a->clock_hz);
    ts.tv_nsec = (long)((double)(a->cycles % a->clock_hz) * 1e9 / (double)a->clock_hz);
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
    return 0;
}

ACLEMU_KERNEL("Sleep", sleep_kernel);
