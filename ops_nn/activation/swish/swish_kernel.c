/* Silu and Swish kernels: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("Silu");
ACT_EW_KERNEL("Swish");
