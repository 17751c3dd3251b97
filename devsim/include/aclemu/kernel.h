/* The kernel ABI of the emulated device.
 *
 * A kernel is a C function that runs inside the device process, once per block, on the "AI core"
 * worker threads. A launch is (kernel name, blockDim, argument blob). The argument blob is copied
 * into the stream's task ring at launch time; device addresses inside it are directly usable
 * pointers in the device process (the HBM arena is mapped there at the device address range).
 *
 * Kernels register themselves with ACLEMU_KERNEL(name, fn) in any object linked (link_whole) into
 * the device process; the device looks launches up by name. */
#ifndef ACLEMU_KERNEL_H
#define ACLEMU_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "aclemu/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACLEMU_KERNEL_NAME_LEN 48
/* Largest argument blob a launch may carry (inline in the task ring). */
#define ACLEMU_KERNEL_ARGS_MAX 3584

typedef struct aclemu_block {
    uint32_t block_idx;   /* 0 .. block_dim-1 */
    uint32_t block_dim;
    uint32_t worker_id;   /* which AI-core thread runs this block: 0 .. worker_cnt-1 */
    uint32_t worker_cnt;
    const aclemu_chip_profile *chip;
} aclemu_block;

/* Returns 0 on success, or an ACL runtime error code (e.g. ACL_ERROR_RT_AICORE_EXCEPTION 507015)
 * that the stream reports at its next synchronisation. */
typedef int (*aclemu_kernel_fn)(const void *args, size_t args_size, const aclemu_block *blk);

typedef struct aclemu_kernel_entry {
    const char *name;
    aclemu_kernel_fn fn;
} aclemu_kernel_entry;

#define ACLEMU_KERNEL_CAT2(a, b) a##b
#define ACLEMU_KERNEL_CAT(a, b) ACLEMU_KERNEL_CAT2(a, b)
#define ACLEMU_KERNEL(kname, kfn)                                                               \
    static const aclemu_kernel_entry ACLEMU_KERNEL_CAT(aclemu_kentry_, __LINE__)               \
        __attribute__((used, section("aclemu_kernels"), aligned(sizeof(void *)))) = {kname, kfn}

/* Looks a kernel up among the registered ones (device process side). NULL if unknown. */
aclemu_kernel_fn aclemu_kernel_find(const char *name);

/* A per-thread scratch buffer of at least `bytes` bytes, 64-byte aligned, reused across calls
 * (grows as needed, never shrinks). For packing panels and tiles; valid until the next call on the
 * same thread. NULL if the host is out of memory. */
void *aclemu_worker_scratch(size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
