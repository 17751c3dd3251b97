/* Blob of the complex family (Complex, Real, Polar, AngleV2): one elementwise launch, op[0] the
 * output, then the inputs. */
#ifndef OPS_MATH_COMPLEX_ARGS_H
#define OPS_MATH_COMPLEX_ARGS_H

#include "aclemu_op/kargs.h"

enum complex_op { CX_COMPLEX = 0, CX_REAL, CX_POLAR, CX_ANGLE, CX_OP_COUNT };

typedef struct complex_args {
    aclemu_ew ew;
    int32_t op; /* enum complex_op */
    int32_t pad;
} complex_args;

#endif
