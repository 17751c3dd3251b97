/* aclnnInplaceCopy: strided / sliced / transposed views on both sides, src broadcast to selfRef,
 * dtype converted like aclnnCast (complex types included). */
#include "aclemu_plans.h"
#include "aclemu_op/kargs.h"

#define COPY_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_DOUBLE) |    \
     ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_UINT16) |      \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT64) |    \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128))

aclnnStatus aclemu_plan_InplaceCopy(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *src)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_notnull(api, src, "src")))
        return st;
    if ((st = aclemu_check_dtype(api, selfRef, "selfRef", COPY_DTYPES)) ||
        (st = aclemu_check_dtype(api, src, "src", COPY_DTYPES)))
        return st;
    if ((st = aclemu_check_format(api, selfRef, "selfRef")) || (st = aclemu_check_format(api, src, "src")))
        return st;
    if ((st = aclemu_check_shape(api, selfRef, "selfRef", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, src, "src", ACLEMU_MAX_RANK)))
        return st;
    int64_t b[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = aclemu_broadcast_shape(api, selfRef, "selfRef", src, "src", b, &nd)) ||
        (st = aclemu_check_shape_is(api, selfRef, "selfRef", b, nd)))
        return st;
    const aclTensor *in[1] = {src};
    aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), selfRef, in, 1, &st);
    return st;
}
