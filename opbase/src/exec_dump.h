/* The host side of a single-operator dump (dump_op_switch "on"): a tensor argument's elements
 * copied out of device memory for acl/mdl/op_dump.c, which writes the file. */
#ifndef ACLEMU_EXEC_DUMP_H
#define ACLEMU_EXEC_DUMP_H

#include "aclemu_op/objects.h"
#include "aclemu_runtime.h"

/* Copies the view of t whose storage starts at device address base into a new host buffer
 * (*buf, the caller frees it; NULL for an empty view) in row-major order and describes it in d.
 * Sub-byte dtypes are taken as the packed bytes of a contiguous view. 0, or -1 when the view
 * is not inside one device allocation or memory runs out. */
int exec_dump_gather(const aclTensor *t, void *base, aclemu_dump_tensor *d, void **buf);

#endif
