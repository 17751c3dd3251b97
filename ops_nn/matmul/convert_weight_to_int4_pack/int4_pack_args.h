/* Blob of the Int4Pack kernel: byte i of the packed weight = (w[2i + 1] & 0xF) << 4 | (w[2i] & 0xF)
 * over a contiguous INT32 weight of rows x n elements (n even); ND: bytes in order; NZ (2-D):
 * byte (k, j) of the (k, n / 2) byte matrix at ((j / 32) * k1 * 16 + k) * 32 + j % 32, padding
 * zeroed (one block). */
#ifndef OPS_NN_INT4_PACK_ARGS_H
#define OPS_NN_INT4_PACK_ARGS_H

#include <stdint.h>

typedef struct int4_pack_args {
    uint64_t src, dst;        /* device bases (patched at stage 2) */
    int64_t src_off, dst_off; /* first element of each (src: INT32 elements, dst: bytes) */
    int64_t rows, n;          /* weight rows (all leading dims) and row length in INT4 values */
    int32_t nz;
    int32_t reserved;
    int64_t k1, n1;           /* NZ: ceil(rows / 16), ceil(n / 2 / 32) */
    int64_t per_block;        /* ND: bytes per block */
} int4_pack_args;

#endif
