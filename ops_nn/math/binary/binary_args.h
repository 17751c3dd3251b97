/* Argument blob shared by the arithmetic binary kernels (Add, Sub, Mul, Div):
 * out = self <op> (alpha *) other, with torch type promotion and broadcasting. */
#ifndef OPS_MATH_BINARY_ARGS_H
#define OPS_MATH_BINARY_ARGS_H

#include "aclemu_op/kargs.h"

enum { BINARY_ADD = 0, BINARY_SUB = 1, BINARY_MUL = 2, BINARY_DIV = 3,
       /* part mathrest: reversed subtraction out = other - alpha * self (Rsub, Rsubs, AddV3) */
       BINARY_RSUB = 4 };

typedef struct binary_args {
    aclemu_ew ew;          /* op[0] = out, op[1] = self, op[2] = other when other is a tensor */
    int32_t other_is_tensor;
    int32_t promoted;      /* dtype the result is computed in and rounded to before the store */
    double alpha_f;        /* alpha already rounded to the promoted dtype */
    int64_t alpha_i;
    double other_f;        /* the scalar other, rounded to the promoted dtype */
    int64_t other_i;
    double alpha_im;       /* imaginary parts of alpha / the scalar other (complex promoted dtypes) */
    double other_im;
} binary_args;

#endif
