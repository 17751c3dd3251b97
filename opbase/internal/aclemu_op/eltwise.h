/* Planning an elementwise launch: out = f(in_0, ..., in_k) over out's shape, inputs broadcast
 * to it, any strides/offsets, coalesced dims, tiled over the vector cores. The op's argument
 * struct must start with an aclemu_ew (its kernel walks it with aclemu_ew_iter). */
#ifndef ACLEMU_OP_ELTWISE_H
#define ACLEMU_OP_ELTWISE_H

#include "aclemu_op/executor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libnnopbase for the op libraries (the project builds with hidden visibility). */
#pragma GCC visibility push(default)

/* Adds a launch of `kernel` with an `args_size`-byte blob whose leading aclemu_ew is filled
 * from out (op[0]) and ins (op[1..]); every input shape must broadcast to out's shape (checked
 * by the caller). Returns the blob for the op's own fields, or NULL with an error pushed
 * and *st set. */
void *aclemu_ew_launch(aclOpExecutor *ex, const char *kernel, size_t args_size, const aclTensor *out,
                       const aclTensor *const *ins, uint32_t nin, aclnnStatus *st);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
