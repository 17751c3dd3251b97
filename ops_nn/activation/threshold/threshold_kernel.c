/* Threshold kernel: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("Threshold");
ACT_EW_KERNEL("ThresholdV2");
