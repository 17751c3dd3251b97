/* aclnn/opdev/float4_e1m2.h: op::Float4E1M2, the FP4 E1M2: values 0, 0.25, ..., 1.75 (sign in bit 3,
 * exponent bias 1, no infinity or NaN), as the real toolkit's opdev header names it; see
 * float4_base.h for the conversion rules. C++ only. */
#ifndef ACLEMU_OPDEV_FLOAT4_E1M2_H
#define ACLEMU_OPDEV_FLOAT4_E1M2_H

#include "float4_base.h"

namespace op {
ACLEMU_OPDEV_FLOAT4_STRUCT(Float4E1M2, 1, 2)
}  // namespace op

ACLEMU_OPDEV_FLOAT4_LIMITS(Float4E1M2)

#endif
