/* Hardsigmoid kernel: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("Hardsigmoid");
ACT_EW_KERNEL("HardSigmoidV2");
