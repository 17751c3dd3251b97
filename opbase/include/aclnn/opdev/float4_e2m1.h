/* aclnn/opdev/float4_e2m1.h: op::Float4E2M1, the FP4 E2M1: values 0, 0.5, 1, 1.5, 2, 3, 4, 6 (sign in bit 3,
 * exponent bias 1, no infinity or NaN), as the real toolkit's opdev header names it; see
 * float4_base.h for the conversion rules. C++ only. */
#ifndef ACLEMU_OPDEV_FLOAT4_E2M1_H
#define ACLEMU_OPDEV_FLOAT4_E2M1_H

#include "float4_base.h"

namespace op {
ACLEMU_OPDEV_FLOAT4_STRUCT(Float4E2M1, 2, 1)
}  // namespace op

ACLEMU_OPDEV_FLOAT4_LIMITS(Float4E2M1)

#endif
