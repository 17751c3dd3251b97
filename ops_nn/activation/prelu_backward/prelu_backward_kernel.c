/* PreluBackward kernels on the shared elementwise activation driver: PReluGradUpdate writes
 * gradInput, PReluGradReduce the gradWeight terms into the workspace (summed by NnSumParts). */
#include "act_kernel.h"

ACT_EW_KERNEL("PReluGradUpdate");
ACT_EW_KERNEL("PReluGradReduce");
