/* Device side of AmpUpdateScale: one element in, one out (amp_update_scale_args.h). The
 * outputs may alias the inputs (the in-place use of torch): everything is read first. */
#include <math.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "amp_update_scale_args.h"

static const char *elem0(const aclemu_tdesc *d)
{
    return (const char *)(uintptr_t)d->addr + d->offset * (int64_t)aclemu_kdtype_size(d->dtype);
}

static int k_amp_update_scale(const void *args, size_t size, const aclemu_block *blk)
{
    (void)blk;
    if (size < sizeof(amp_update_scale_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const amp_update_scale_args *a = (const amp_update_scale_args *)args;
    float scale, found;
    int64_t tracker;
    aclemu_load_f32(&scale, elem0(&a->scale), a->scale.dtype, 0, 1);
    aclemu_load_f32(&found, elem0(&a->found), a->found.dtype, 0, 1);
    aclemu_load_i64(&tracker, elem0(&a->tracker), a->tracker.dtype, 0, 1);
    int32_t t = (int32_t)tracker;
    if (found != 0.0f) { /* NaN != 0 */
        scale *= a->backoff;
        t = 0;
    } else {
        int32_t next = (int32_t)((uint32_t)t + 1u);
        if (next == a->interval) {
            float grown = scale * a->growth;
            if (isfinite(grown))
                scale = grown;
            t = 0;
        } else {
            t = next;
        }
    }
    int64_t t64 = t;
    aclemu_store_f32((char *)elem0(&a->out_scale), a->out_scale.dtype, 0, &scale, 1);
    aclemu_store_i64((char *)elem0(&a->out_tracker), a->out_tracker.dtype, 0, &t64, 1);
    return 0;
}
ACLEMU_KERNEL("AmpUpdateScale", k_amp_update_scale);
