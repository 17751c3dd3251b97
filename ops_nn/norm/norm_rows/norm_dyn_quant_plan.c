/* Host side of the NormDynQuant kernel; see norm_dyn_quant_plan.h. */
#include "norm_dyn_quant_plan.h"

aclnnStatus ndq_target(const char *api, const aclTensor *y, const char *name, norm_dyn_quant_args *a)
{
    int regbase = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    a->style = regbase ? NDQ_STYLE_950 : NDQ_STYLE_A2;
    a->code = (int32_t)y->dtype;
    switch (y->dtype) {
    case ACL_INT8: a->dst_max = 127.0f; return ACLNN_SUCCESS;
    case ACL_FLOAT8_E4M3FN: a->dst_max = 448.0f; break;
    case ACL_FLOAT8_E5M2: a->dst_max = 57344.0f; break;
    default:
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s is not supported by the emulator (HIFLOAT8 is not emulated).",
                                  name, aclemu_dtype_name(y->dtype));
    }
    if (!regbase)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s is only supported on Ascend950 (this chip quantises to INT8).",
                                  name, aclemu_dtype_name(y->dtype));
    return ACLNN_SUCCESS;
}
