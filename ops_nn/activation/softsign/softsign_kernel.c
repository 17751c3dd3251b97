/* Softsign / SoftsignGrad kernels: the shared elementwise activation driver. */
#include "act_kernel.h"

ACT_EW_KERNEL("Softsign");
ACT_EW_KERNEL("SoftsignGrad");
