/* Host side of the NormDynQuant kernel: the quantised output's encoding on the current chip. */
#ifndef OPS_NN_NORM_DYN_QUANT_PLAN_H
#define OPS_NN_NORM_DYN_QUANT_PLAN_H

#include "aclemu_op/op_api.h"
#include "norm_dyn_quant_args.h"

/* Dtypes the op_api lists for a dynamically quantised output (INT8, HIFLOAT8, FLOAT8_E5M2,
 * FLOAT8_E4M3FN). */
#define NDQ_Y_DTYPES                                                                                       \
    (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN))

/* Fills a->code / style / dst_max for y's dtype (already in the listed set). INT8 everywhere, the
 * FLOAT8 codes on the 950 (161002 elsewhere: the A2 / A3 kernels have no FP8 path); HIFLOAT8 is
 * not emulated (161002 with that message). */
aclnnStatus ndq_target(const char *api, const aclTensor *y, const char *name, norm_dyn_quant_args *a);

#endif
