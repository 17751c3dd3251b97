/* GeluV2 kernel: the shared elementwise activation driver (erf or tanh form per blob). */
#include "act_kernel.h"

ACT_EW_KERNEL("GeluV2");
