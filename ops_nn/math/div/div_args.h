/* Argument blob of the RealDiv kernel: the arithmetic binary blob plus the rounding mode. */
#ifndef OPS_MATH_DIV_ARGS_H
#define OPS_MATH_DIV_ARGS_H

#include "binary_args.h"

enum { DIV_MODE_REAL = 0, DIV_MODE_TRUNC = 1, DIV_MODE_FLOOR = 2 };

typedef struct div_args {
    binary_args b;  /* must stay first: mode 0 runs the shared binary kernel on it */
    int32_t mode;
    int32_t reserved;
} div_args;

#endif
