/* Blobs of the random family (the ops-math random folder). One elementwise kernel ("RandomFill") draws
 * every distribution over an output view; two row kernels draw the samplers (Multinomial,
 * Randperm). Numbers come from philox.h: the element with flat (row-major) index i of the
 * output takes word i % 4 of the counter group i / 4 (32-bit draws) or all of group i (64-bit
 * draws: DOUBLE outputs, integer ranges past 2^32). Seed and offset are scalars, or read on the
 * device from seedTensor / offsetTensor (offset = offsetTensor[0] + offset, as the real
 * ProcessOffsetTensor adds them). */
#ifndef OPS_MATH_RANDOM_ARGS_H
#define OPS_MATH_RANDOM_ARGS_H

#include "aclemu_op/kargs.h"

/* What RandomFill writes into op[0]. */
enum random_dist {
    RD_UNIFORM = 0,   /* a + (b - a) * U[0, 1) */
    RD_NORMAL,        /* mean + std * N(0, 1), mean / std = scalars a, b or op[mean_op], op[std_op] */
    RD_BERNOULLI,     /* 1 if U < p (scalar a, or op[1] per element) else 0 */
    RD_INT_RANGE,     /* ilo + (draw mod irange): integers of [from, to) */
    RD_EXPONENTIAL,   /* -ln(1 - U) / a */
    RD_GEN_MASK,      /* op[0] = UINT8 bit mask bytes: bit j of byte k keeps element 8k + j if U < a */
    RD_DO_MASK,       /* op[0] = op[1] * b where mask bit set, else 0 (b = 1 / keep probability) */
    RD_RRELU,         /* RReluWithNoise training: op[0] = noise = op[2] < 0 ? a + (b - a) * U : 1 (stored
                       * in its dtype), op[1] = op[2] * noise (nnact part, activation/leaky_relu) */
    RD_DIST_END
};

enum { MASK_USE = 0, MASK_KEEP_ALL = 1, MASK_DROP_ALL = 2 };

typedef struct random_seed {
    uint64_t seed, offset;       /* scalar values (offset: added to the tensor's when bound) */
    uint64_t seed_addr, offset_addr; /* device tensors, 0: scalar only */
    int64_t seed_off, offset_off;    /* element offsets of the tensors' first element */
    int32_t seed_dtype, offset_dtype;
} random_seed;

typedef struct random_args {
    aclemu_ew ew;        /* op[0] = out; inputs op[1..] */
    int32_t dist;        /* random_dist */
    int32_t mean_op, std_op; /* RD_NORMAL: operand index of mean / std, 0 = scalar a / b */
    int32_t prob_op;     /* RD_BERNOULLI: operand of p, 0 = scalar a */
    double a, b;
    int64_t ilo;
    uint64_t irange;     /* RD_INT_RANGE: 0 means 2^64 */
    random_seed rs;
    aclemu_tdesc mask;   /* RD_DO_MASK: the UINT8 mask view */
    int32_t mask_contig;
    int32_t mask_mode;   /* RD_DO_MASK: MASK_USE, or every element kept / dropped (p = 0 / 1) */
} random_args;

/* Multinomial: `rows` rows of `ncat` weights, `nsamp` draws per row into INT64 indices. */
typedef struct multinomial_args {
    aclemu_tdesc self, out;   /* 1-D or 2-D views */
    int64_t rows, ncat, nsamp;
    int64_t rows_per_block;
    int32_t replacement;
    int32_t reserved;
    uint64_t ws;              /* workspace: per block ncat x 16 bytes */
    int64_t ws_per_block;
    random_seed rs;
} multinomial_args;

/* Randperm: a Fisher-Yates shuffle of 0..n-1 in int64 scratch, stored into out. Three launches
 * share the blob: "RandpermDraws" (per_block elements per block) writes the identity to ws and
 * the swap targets j_i = draw64(i) mod (i + 1) to ws + 8n, "Randperm" (one block) does the
 * swaps in ws, "RandpermStore" (per_block per block) converts into out. */
typedef struct randperm_args {
    aclemu_tdesc out;
    int64_t n;
    uint64_t ws; /* 16 n bytes: the permutation, then the swap targets */
    random_seed rs;
    int64_t per_block;
} randperm_args;

#endif
