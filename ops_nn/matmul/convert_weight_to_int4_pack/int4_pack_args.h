/* Blob of the Int4Pack kernel: byte i of the packed weight = (w[2i + 1] & 0xF) << 4 | (w[2i] & 0xF)
 * over a contiguous INT32 weight of rows x n elements (n even); ND: bytes in order; NZ (2-D):
 * byte (k, j) of the (k, n / 2) byte matrix at ((j / c0) * k1 * 16 + k) * c0 + j % c0, padding
 * zeroed (one block); c0 = 32 bytes, on the 950 8 (16 if the storage's last dim is 32).
 * fp4: the source is FLOAT, each value's bits & 0xFFC00000 matched against the 16 FP4 E2M1
 * values (0, +-0.5 .. +-6; -0 is code 8), anything else code 0. */
#ifndef OPS_NN_INT4_PACK_ARGS_H
#define OPS_NN_INT4_PACK_ARGS_H

#include <stdint.h>

typedef struct int4_pack_args {
    uint64_t src, dst;        /* device bases (patched at stage 2) */
    int64_t src_off, dst_off; /* first element of each (src: INT32 elements, dst: bytes) */
    int64_t rows, n;          /* weight rows (all leading dims) and row length in INT4 values */
    int32_t nz;
    int32_t fp4;              /* FLOAT source -> FP4 E2M1 codes */
    int64_t k1, n1;           /* NZ: ceil(rows / 16), ceil(n / 2 / c0) */
    int64_t per_block;        /* ND: bytes per block */
    int64_t c0;               /* NZ: bytes per fractal row */
} int4_pack_args;

#endif
