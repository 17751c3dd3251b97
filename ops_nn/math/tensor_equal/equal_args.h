/* Blobs of the two launches of aclnnEqual, aclnnIsInScalarTensor and aclnnPrecisionCompare: every block of
 * TensorEqualCmp compares its range (self with other, or testElements with one scalar, in the
 * promoted dtype) and leaves one flag byte in the workspace; TensorEqualFin (one block) folds
 * the flags (AND for Equal, OR for IsIn, then invert), or writes a constant, into out's element. */
#ifndef OPS_MATH_TENSOR_EQUAL_ARGS_H
#define OPS_MATH_TENSOR_EQUAL_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct equal_cmp_args {
    aclemu_ew ew;      /* op[0] = self / testElements (the iteration space, only read), op[1] = other */
    uint64_t flags;    /* workspace: one byte per block */
    int32_t promoted;  /* compare dtype (BF16 compares as FLOAT, as the real op casts) */
    int32_t scalar;    /* 0: flag = every self == other; 1: flag = some element == the scalar;
                        * 2: flag = every self has other's bits (PrecisionCompare) */
    double sf;         /* the scalar in the promoted dtype (float domains) */
    int64_t si;        /* ... (integer domain) */
} equal_cmp_args;

typedef struct equal_fin_args {
    aclemu_tdesc out;  /* BOOL (or whatever out's dtype) view of one element */
    uint64_t flags;    /* workspace flags, or 0 with `constant` */
    uint32_t nflags;
    int32_t constant;  /* used when nflags == 0: e.g. shapes differ (0) or both empty (1) */
    int32_t any;       /* OR the flags (IsIn) instead of AND (Equal) */
    int32_t invert;    /* XOR 1 at the end (IsIn's invert; applied to the constant too) */
    uint32_t mismatch; /* nonzero (PrecisionCompare): out = 0 when the fold is 1, else this status */
    uint32_t reserved;
} equal_fin_args;

#endif
