/* GeGluV2 kernel: the shared elementwise activation driver (two outputs). */
#include "act_kernel.h"

ACT_EW_KERNEL("GeGluV2");
