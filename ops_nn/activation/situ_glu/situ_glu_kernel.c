/* SituGlu / SituGluGrad kernels: the shared elementwise activation driver over the halves. */
#include "act_kernel.h"

ACT_EW_KERNEL("SituGlu");
ACT_EW_KERNEL("SituGluGrad");
