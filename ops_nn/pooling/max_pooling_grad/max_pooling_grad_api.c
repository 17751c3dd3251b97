/* aclnnMaxPoolingGrad (ops-nn experimental/pooling/max_pooling_grad; the aclnn layer is generated
 * from the op definition, kernel for ascend910b only). Checks: null dy, x, y, dx (161001); no
 * kernel off the A2 (361001); dtypes (161002): dy FLOAT16 / FLOAT, x, y and dx of dy's dtype (the
 * definition's rows); formats (private ones refused) and ranks <= 8 (161002); x, y and dx of
 * dy's shape (161002, as the doc's return codes; InferShape's "x/y shapes must equal dy shape").
 * An empty tensor runs nothing. The kernel: diff = x - y in the dtype, dx = diff == 0 ? dy : 0
 * (+0; equal infinities give NaN and are not selected, a NaN never is): the pointwise family's
 * kernel (PW_MAX_POOL_GRAD), any strides. */
#include "aclemu_plans.h"
#include "pw_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)

aclnnStatus aclemu_plan_MaxPoolingGrad(aclOpExecutor *executor, const aclTensor *dy, const aclTensor *x,
                                       const aclTensor *y, const aclTensor *dx)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, dy, "dy")) || (st = aclemu_check_notnull(api, x, "x")) ||
        (st = aclemu_check_notnull(api, y, "y")) || (st = aclemu_check_notnull(api, dx, "dx")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, dy, "dy", DT(FLOAT16) | DT(FLOAT))) ||
        (st = aclemu_check_same_dtype(api, dy, "dy", x, "x")) || (st = aclemu_check_same_dtype(api, dy, "dy", y, "y")) ||
        (st = aclemu_check_same_dtype(api, dy, "dy", dx, "dx")))
        return st;
    if ((st = aclemu_check_format(api, dy, "dy")) || (st = aclemu_check_format(api, x, "x")) ||
        (st = aclemu_check_format(api, y, "y")) || (st = aclemu_check_format(api, dx, "dx")))
        return st;
    if ((st = aclemu_check_shape(api, dy, "dy", 8)) || (st = aclemu_check_shape(api, x, "x", 8)) ||
        (st = aclemu_check_shape(api, y, "y", 8)) || (st = aclemu_check_shape(api, dx, "dx", 8)))
        return st;
    if ((st = aclemu_check_same_shape(api, dy, "dy", x, "x")) || (st = aclemu_check_same_shape(api, dy, "dy", y, "y")) ||
        (st = aclemu_check_same_shape(api, dy, "dy", dx, "dx")))
        return st;
    pw_operand ops[3] = {{dy, NULL, 0}, {x, NULL, 0}, {y, NULL, 0}};
    return pw_launch(executor, PW_MAX_POOL_GRAD, dy->dtype, dx, ops, 3, 0, NULL);
}
