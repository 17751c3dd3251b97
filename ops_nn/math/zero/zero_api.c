/* aclnnInplaceZero: any view of any supported dtype. */
#include "aclemu_plans.h"
#include "aclemu_op/kargs.h"

#define ZERO_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE) |    \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_UINT16) |      \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT64) |    \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))

aclnnStatus aclemu_plan_InplaceZero(aclOpExecutor *executor, aclTensor *selfRef)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) ||
        (st = aclemu_check_dtype(api, selfRef, "selfRef", ZERO_DTYPES)) ||
        (st = aclemu_check_format(api, selfRef, "selfRef")) ||
        (st = aclemu_check_shape(api, selfRef, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    aclemu_ew_launch(executor, "ZerosLike", sizeof(aclemu_ew), selfRef, NULL, 0, &st);
    return st;
}
