/* Blob of the Sleep kernel: the cycle count and the clock it is counted in. */
#ifndef OPS_NN_CONTROL_SLEEP_ARGS_H
#define OPS_NN_CONTROL_SLEEP_ARGS_H

#include <stdint.h>

typedef struct sleep_args {
    int64_t cycles;
    int64_t clock_hz; /* the 950's AI core clock, 1.65 GHz (docs/aclnnSleep.md) */
} sleep_args;

#endif
