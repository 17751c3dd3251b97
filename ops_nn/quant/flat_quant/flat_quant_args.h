/* Blob of the FlatQuant kernel: per slice k of v (FP16, [K, M·N] contiguous in the workspace) one
 * INT4 scale and M·N INT4 codes (two a byte, the even element in the low nibble). */
#ifndef OPS_NN_FLAT_QUANT_ARGS_H
#define OPS_NN_FLAT_QUANT_ARGS_H

#include <stdint.h>

#include "aclemu_op/kargs.h"

typedef struct flat_quant_args {
    uint64_t v;           /* workspace: FP16 P1 · x[k] · P2 */
    aclemu_tdesc out;     /* INT4 [K, M, N] or INT32 [K, M, N / 8] (the same bytes) */
    aclemu_tdesc scale;   /* FLOAT [K] */
    aclemu_tdesc group;   /* INT64 group list (addr 0: none) */
    int64_t K, MN;
    int64_t per_block;    /* slices per block */
    int64_t groups;       /* entries of the group list (rows for type 2) */
    int32_t group_type;   /* 0 cumulative, 1 counts, 2 (id, count) pairs */
    float clip;           /* clipRatio as FP32 */
} flat_quant_args;

#endif
