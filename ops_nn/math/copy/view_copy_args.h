/* Blob of the "ViewCopyStrided" kernel (aclnnViewCopy's second step): out and src are read as
 * flat storages (element k = logical element k of the view), meta[] are the six metadata
 * tensors in API order (dst_size, dst_stride, dst_storage_offset, src_size, src_stride,
 * src_storage_offset), read by the kernel as the real kernel reads them at run time. */
#ifndef OPS_MATH_VIEW_COPY_ARGS_H
#define OPS_MATH_VIEW_COPY_ARGS_H

#include "aclemu_op/kargs.h"

enum { VC_DST_SIZE, VC_DST_STRIDE, VC_DST_OFFSET, VC_SRC_SIZE, VC_SRC_STRIDE, VC_SRC_OFFSET, VC_META };

typedef struct view_copy_args {
    aclemu_tdesc out;
    aclemu_tdesc src;
    aclemu_tdesc meta[VC_META];
    uint32_t rank; /* elements of dst_size (1..8) */
    uint32_t reserved;
} view_copy_args;

#endif
