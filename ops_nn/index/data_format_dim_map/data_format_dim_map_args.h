/* Blob of the DataFormatDimMap kernel: an elementwise y = table[((x mod n) + n) mod n] (INT32 /
 * INT64, y of x's dtype), table[i] = the position in dstFormat of srcFormat's i-th letter. */
#ifndef OPS_NN_DATA_FORMAT_DIM_MAP_ARGS_H
#define OPS_NN_DATA_FORMAT_DIM_MAP_ARGS_H

#include "aclemu_op/kargs.h"

#define DFDM_MAX_LEN 5

typedef struct dfdm_args {
    aclemu_ew ew; /* op[0] y, op[1] x */
    int32_t n;
    int32_t table[DFDM_MAX_LEN];
} dfdm_args;

#endif
