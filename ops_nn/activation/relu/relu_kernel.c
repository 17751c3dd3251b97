/* Relu kernel: the shared elementwise activation driver (ACT_RELU: vectorised FP32 for the float
 * dtypes, exact int64 for the integers). */
#include "act_kernel.h"

ACT_EW_KERNEL("Relu");
ACT_EW_KERNEL("ReluV3");
