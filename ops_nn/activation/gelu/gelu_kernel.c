/* Gelu kernel (tanh form): the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("Gelu");
