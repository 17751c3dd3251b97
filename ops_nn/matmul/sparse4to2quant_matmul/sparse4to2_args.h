/* Blob of the Sparse4to2Expand kernel: the compressed 4:2 sparse INT8 weight of
 * aclnnTransSparse4to2Para (sparseWeight storage [K1, N1, 16, 32], index [K1, N1, 16, 8]; each
 * group of 8 weights along K kept as 4 bytes + one index byte) expanded into a dense (N, kd) INT8
 * buffer in the workspace (kd = K1 * 64, zeros where a weight was dropped), which QuantGemm then
 * reads as its (k, n) B operand. Blocks own rows of N. */
#ifndef OPS_NN_SPARSE4TO2_ARGS_H
#define OPS_NN_SPARSE4TO2_ARGS_H

#include <stdint.h>

typedef struct sparse4to2_args {
    uint64_t weight; /* sparseWeight storage (INT8) */
    uint64_t index;  /* index storage (UINT8) */
    uint64_t out;    /* workspace: N x kd INT8 */
    int64_t n, nnz;  /* rows of the weight, rows of its storage (N1 * 16) */
    int64_t k1;      /* storage K blocks (64 weights each) */
    int64_t w_off, i_off; /* view offsets (elements) of sparseWeight / index */
    int64_t rows_per_block;
} sparse4to2_args;

#endif
