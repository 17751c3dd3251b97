/* Blob of the TransQuantParamV2 kernel: out[i] = FP19(scale[i or 0]) | flag | INT9(offset[i or 0])
 * for i < len = max(numel(scale), numel(offset)); a 1-element scale or offset is broadcast. The
 * views are flat: element i of a 1-D (t) or 2-D (1, t) tensor sits at offset + i * step. */
#ifndef OPS_NN_TQP_V2_ARGS_H
#define OPS_NN_TQP_V2_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct tqp_v2_args {
    uint64_t scale, offset, out; /* device bases (patched at stage 2); offset 0: none */
    int64_t scale_off, offset_off, out_off; /* first element, in elements */
    int64_t scale_step, offset_step, out_step;
    int64_t scale_len, offset_len, len;
    int32_t round_mode;
    int32_t reserved;
} tqp_v2_args;

#endif
