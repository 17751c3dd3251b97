/* Argument blobs of the kernels built into the device process (devsim/server/builtin_kernels.c).
 * Device addresses are carried as uint64_t. */
#ifndef ACLEMU_BUILTIN_KERNELS_H
#define ACLEMU_BUILTIN_KERNELS_H

#include <stdint.h>

typedef struct aclemu_fill_u32_args {
    uint64_t dst;
    uint64_t count;
    uint32_t value;
    uint32_t pad;
} aclemu_fill_u32_args;                 /* "aclemu.fill_u32": dst[i] = value */

typedef struct aclemu_vadd_f32_args {
    uint64_t x, y, z;
    uint64_t count;
} aclemu_vadd_f32_args;                 /* "aclemu.vadd_f32": z = x + y */

typedef struct aclemu_mark_args {
    uint64_t counters;
    uint64_t index;
} aclemu_mark_args;                     /* "aclemu.mark": counters[index] += 1 (u32, atomic) */

typedef struct aclemu_sleep_args {
    uint64_t usec;
} aclemu_sleep_args;                    /* "aclemu.sleep": each block sleeps usec;
                                           "aclemu.spin": each block busy-waits usec */

typedef struct aclemu_touch_args {
    uint64_t addr;
} aclemu_touch_args;                    /* "aclemu.touch": *(u32*)addr += 1 */

/* "aclemu.noop": nothing. "aclemu.fail": returns the int32 code given as its argument. */

#endif
