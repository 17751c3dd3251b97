/* LogSoftmaxGrad kernel: the shared row driver. */
#include "act_kernel.h"

ACT_ROWS_KERNEL("LogSoftmaxGrad");
