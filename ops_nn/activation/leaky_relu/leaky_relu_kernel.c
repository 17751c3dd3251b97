/* LeakyRelu kernel: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("LeakyRelu");
ACT_EW_KERNEL("FusedBiasLeakyRelu");
