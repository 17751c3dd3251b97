/* Blobs of the foreach family's kernels (ops_nn/foreach), shared by the planner and the kernel.
 *
 * "ForeachPacked" runs one op over MANY contiguous tensors in one launch: the blob holds a
 * header and a descriptor array, one entry per tensor index of the lists ({addresses, numel,
 * scalar}); the entries' elements form one flat range that the blocks split evenly, so a list
 * of small tensors and one huge tensor both keep every core busy.
 * "ForeachStrided" runs the same op over ONE index whose views are not all contiguous: an
 * aclemu_ew iteration space (op[0] out, op[1..] the inputs) plus the same header and entry. */
#ifndef OPS_NN_FOREACH_ARGS_H
#define OPS_NN_FOREACH_ARGS_H

#include "aclemu_op/kargs.h"

typedef enum fe_op {
    FE_ADD,       /* a + s * b (list; s = alpha) or a + s (scalar) */
    FE_SUB,       /* a - s * b or a - s */
    FE_MUL,       /* a * b or a * s */
    FE_DIV,       /* a / b or a / s */
    FE_MAX,       /* maximum(a, b or s), NaN propagates */
    FE_MIN,       /* minimum(a, b or s), NaN propagates */
    FE_POW,       /* a ^ (b or s) */
    FE_RPOW,      /* s ^ a (PowScalarAndTensor) */
    FE_ADDCMUL,   /* a + s * b * c */
    FE_ADDCDIV,   /* a + s * b / c */
    FE_LERP,      /* a + w * (b - a), w = c (list) or s */
    FE_UNARY,     /* vec_unary_op `vop` (exp, log, trigonometric, sigmoid, ...) */
    FE_SQRT,
    FE_ROUND,     /* RoundOffNumber: mode s (1 half-even, 2 floor, 3 ceil, 4 half-away, 5 trunc,
                     6 half-odd... see the kernel) */
    FE_COPY,
    FE_ZERO,
    FE_UNSCALE,   /* a * s, and *found_inf = 1 when an element of a is Inf / NaN */
    FE_NORM,      /* out (1 element) = ||a||_s */
    FE_OP_END
} fe_op;

/* Where an entry's scalar comes from. */
enum {
    FE_S_NONE = 0,
    FE_S_HOST = 1,   /* entry.s (an aclScalar / aclScalarList value, converted by the planner) */
    FE_S_DEVICE = 2  /* element entry.sidx of the device tensor hdr.s_addr (an aclTensor scalar) */
};

/* Compute domain. */
enum { FE_DOM_F32 = 0, FE_DOM_I64 = 1, FE_DOM_F64 = 2 };

/* Operand slots of an entry. */
enum { FE_OUT = 0, FE_A = 1, FE_B = 2, FE_C = 3, FE_MAX_PTR = 4 };

typedef struct fe_hdr {
    int32_t op;        /* fe_op */
    int32_t vop;       /* FE_UNARY: vec_unary_op */
    int32_t dtype;     /* aclDataType of every tensor operand (out's, for NORM: a's is in_dtype) */
    int32_t in_dtype;  /* dtype of the inputs (== dtype except NORM) */
    int32_t domain;    /* FE_DOM_* */
    int32_t nin;       /* inputs used: a [, b [, c]] */
    int32_t s_mode;    /* FE_S_* */
    int32_t s_dtype;   /* FE_S_DEVICE: dtype of the scalar tensor */
    int32_t b_is_scalar; /* binary ops: the second operand is the scalar */
    int32_t nentries;  /* ForeachPacked: entries in this launch */
    uint64_t s_addr;   /* FE_S_DEVICE: scalar tensor (bound) */
    uint64_t found_inf; /* FE_UNSCALE: FLOAT tensor of 1 element (bound) */
    int64_t found_idx;  /* its element's position in its storage */
    uint64_t total;    /* elements over all entries */
    uint64_t per_block;
} fe_hdr;

typedef struct fe_entry {
    uint64_t addr[FE_MAX_PTR]; /* out, a, b, c (bound; 0 when unused) */
    int64_t numel;
    int64_t start;    /* first flat index of this entry in the launch */
    union {
        double f;
        int64_t i;
    } s;              /* FE_S_HOST value */
    int64_t sidx;     /* FE_S_DEVICE: the scalar element's position in its storage; NORM: out's */
} fe_entry;

/* Entries one packed launch holds: the blob limit, and at most 126 tensor ranges per launch
 * (the device-memory checker's manifest limit, 128). */
#define FE_BLOB_MAX 3584
#define FE_ENTRIES_BLOB ((FE_BLOB_MAX - (int)sizeof(fe_hdr)) / (int)sizeof(fe_entry))

typedef struct fe_packed_args {
    fe_hdr h;
    fe_entry e[]; /* h.nentries */
} fe_packed_args;

typedef struct fe_strided_args {
    aclemu_ew ew; /* op[0] out (a for NORM / UNSCALE), op[1..] a, b, c */
    fe_hdr h;
    fe_entry e;   /* its addresses are unused (the ew operands carry them) except NORM's out */
} fe_strided_args;

#endif
