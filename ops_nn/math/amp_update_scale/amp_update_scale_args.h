/* Blob of the AmpUpdateScale kernel (one block, element 0 of each tensor), in FLOAT as the real
 * kernel computes: found = foundInf != 0 (NaN counts as found) -> scale * backoff, tracker 0;
 * else tracker + 1 == interval -> scale * growth when that is finite in FLOAT (else the scale
 * stays), tracker 0; else tracker + 1. The scale is rounded to its dtype on store. */
#ifndef OPS_MATH_AMP_UPDATE_SCALE_ARGS_H
#define OPS_MATH_AMP_UPDATE_SCALE_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct amp_update_scale_args {
    aclemu_tdesc scale, tracker, found, out_scale, out_tracker;
    float growth, backoff; /* the attrs are FLOAT there */
    int32_t interval;
    int32_t pad;
} amp_update_scale_args;

#endif
