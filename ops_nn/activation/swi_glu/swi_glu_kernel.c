/* SwiGlu kernel: the shared elementwise activation driver over the two halves. */
#include "act_kernel.h"

ACT_EW_KERNEL("SwiGlu");
ACT_EW_KERNEL("SwigluClamp");
