/* Blob of the ScaledMaskedSoftmax(Grad) kernels: contiguous [B, C, S, D] operands, a BOOL mask
 * [mB, mC, S, D] broadcast over B and C (mB, mC = 1 or B, C); blocks take ranges of rows. */
#ifndef OPS_NN_SMS_ARGS_H
#define OPS_NN_SMS_ARGS_H

#include "nn_cbuf.h"

typedef struct sms_args {
    nn_cbuf op[4]; /* forward: x, mask, y; backward: g, y, mask, out */
    int64_t B, C, S, D, mB, mC;
    double scale;
    int64_t rows_per_block;
} sms_args;

#endif
