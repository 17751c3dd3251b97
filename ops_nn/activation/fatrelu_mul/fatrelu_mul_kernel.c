/* FatreluMul kernel: the shared elementwise activation driver over the two halves and the
 * broadcast threshold (a ternary op, double inside). */
#include "act_kernel.h"

ACT_EW_KERNEL("FatreluMul");
