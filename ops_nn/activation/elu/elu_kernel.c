/* Elu kernel: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("Elu");
ACT_EW_KERNEL("EluV2");
