/* The position mask of the WithMask variants (both sides): per plane kh*kw rows of
 * max_pool2d_mask_row_k() bytes, bit o of row k set when output o took its maximum at kernel
 * offset k. An encoding forward and backward share (users treat the mask as opaque); the shape
 * is the real one: rows of (ceil(OH*OW/16) + 1) * 2 * 16 INT8. */
#ifndef OPS_NN_MAX_POOL2D_MASK_H
#define OPS_NN_MAX_POOL2D_MASK_H

#include <stdint.h>

static inline int64_t max_pool2d_mask_row_k(int64_t oh, int64_t ow) { return ((oh * ow + 15) / 16 + 1) * 2 * 16; }

#endif
