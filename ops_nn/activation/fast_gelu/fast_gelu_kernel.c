/* FastGelu kernel: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("FastGelu");
ACT_EW_KERNEL("FastGeluV2");
