/* aclnnop/level2/aclnn_gemm.h: the toolkit also installs some aclnn headers under aclnnop/level2/
 * (the older layout); official examples include aclnn_gemm.h from there (matmul/gemm_v3's arch35
 * example). Same declarations as aclnnop/aclnn_gemm.h. */
#ifndef ACLEMU_ACLNNOP_LEVEL2_ACLNN_GEMM_H
#define ACLEMU_ACLNNOP_LEVEL2_ACLNN_GEMM_H
#include "../aclnn_gemm.h"
#endif
