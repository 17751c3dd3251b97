/* Blob of the RotateQuant kernel: rows of w (x's dtype, [M, N] contiguous in the workspace) ->
 * one FLOAT scale and N INT8 / INT4 codes per row. */
#ifndef OPS_NN_ROTATE_QUANT_ARGS_H
#define OPS_NN_ROTATE_QUANT_ARGS_H

#include <stdint.h>

#include "aclemu_op/kargs.h"

typedef struct rotate_quant_args {
    uint64_t w;         /* workspace: x · blockdiag(rotation), rounded to x's dtype */
    aclemu_tdesc y;     /* INT8 [M, N] or INT32 [M, N / 8] (INT4 codes, eight each) */
    aclemu_tdesc scale; /* FLOAT [M] */
    int64_t M, N;
    int64_t per_block;  /* rows per block */
    int32_t wdtype;     /* ACL_FLOAT16 / ACL_BF16 */
    int32_t int4;       /* 1: INT4 codes (DMAX 7), 0: INT8 (DMAX 127) */
} rotate_quant_args;

#endif
