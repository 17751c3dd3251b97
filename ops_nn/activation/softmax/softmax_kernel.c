/* SoftmaxV2 kernel: the shared softmax-family row driver (ACT_ROW_SOFTMAX: vectorised for
 * contiguous FLOAT / FLOAT16 / BF16 views, double per row otherwise). */
#include "act_kernel.h"

ACT_ROWS_KERNEL("SoftmaxV2");
