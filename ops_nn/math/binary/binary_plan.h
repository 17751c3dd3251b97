/* Host side of the arithmetic binary ops: the checks shared by aclnnAdd/Adds/InplaceAdd/
 * InplaceAdds, aclnnMul/Muls/InplaceMul/InplaceMuls (and Sub/Div later), and their planning. */
#ifndef OPS_MATH_BINARY_PLAN_H
#define OPS_MATH_BINARY_PLAN_H

#include "aclemu_op/op_api.h"

/* dtypes of ops-math Add/Sub/Mul/Div. */
#define BINARY_DTYPES                                                                                  \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE) |    \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) |       \
     ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))

typedef struct binary_spec {
    const char *kernel;     /* "Add", "Mul", ... */
    int has_alpha;          /* Add/Sub take an alpha scalar */
    aclemu_dtype_set dtypes;
} binary_spec;

/* self (tensor) op other (tensor); out == self for the inplace forms (inplace != 0). */
aclnnStatus binary_plan_tensor(aclOpExecutor *ex, const binary_spec *spec, const aclTensor *self,
                               const aclTensor *other, const aclScalar *alpha, const aclTensor *out, int inplace);
/* self (tensor) op other (scalar). */
aclnnStatus binary_plan_scalar(aclOpExecutor *ex, const binary_spec *spec, const aclTensor *self,
                               const aclScalar *other, const aclScalar *alpha, const aclTensor *out, int inplace);
/* Records the launch of an already checked op: out = x <op> (alpha *) y, y a tensor (broadcast)
 * or, when y is NULL, the scalar y_scalar; alpha NULL means none (1); negate_alpha uses -alpha
 * (aclnnAddV3 runs as the reversed subtraction y - (-alpha) * x). */
aclnnStatus binary_launch(aclOpExecutor *ex, const char *kernel, const aclTensor *out, const aclTensor *x,
                          const aclTensor *y, const aclScalar *y_scalar, aclDataType promoted, const aclScalar *alpha,
                          int negate_alpha);

#endif
