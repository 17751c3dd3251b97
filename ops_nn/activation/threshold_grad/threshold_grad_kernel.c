/* ThresholdGradV2D kernel: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("ThresholdGradV2D");
ACT_EW_KERNEL("ReluGradV4");
