/* aclnnIsInTensorScalar (real op_api/aclnn_isin_tensor_scalar.cpp): out = element == testElement,
 * or != with invert, on the pointwise family's kernel. Order: null -> element and testElement
 * in the list (BF16 on DAV_2201 and the 950) -> out BOOL -> promotion (before the 950: a
 * floating element keeps its dtype, a floating scalar promotes, else element's dtype; the 950
 * combines categories with the scalar's default dtype) defined and in the list -> ranks <= 8,
 * out's shape == element's. */
#include "aclemu_plans.h"
#include "pw_plan.h"

static const pw_dtypes isin_ts_dtypes = {
    PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(INT16) | PW_DT(INT8) | PW_DT(UINT8) |
        PW_DT(DOUBLE) | PW_DT(BF16),
    PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(INT16) | PW_DT(INT8) | PW_DT(UINT8) |
        PW_DT(DOUBLE) | PW_DT(BF16),
    PW_DT(FLOAT) | PW_DT(INT32) | PW_DT(INT64) | PW_DT(FLOAT16) | PW_DT(INT16) | PW_DT(INT8) | PW_DT(UINT8) |
        PW_DT(DOUBLE)};

aclnnStatus aclemu_plan_IsInTensorScalar(aclOpExecutor *executor, const aclTensor *element,
                                         const aclScalar *testElement, bool assumeUnique, bool invert, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclemu_dtype_set list = pw_pick(&isin_ts_dtypes);
    aclnnStatus st;
    (void)assumeUnique;
    if ((st = aclemu_check_notnull(api, element, "element")) ||
        (st = aclemu_check_notnull(api, testElement, "testElement")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, element, "element", list)) ||
        (st = aclemu_check_dtype_value(api, testElement->dtype, "testElement", list)) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_BOOL))))
        return st;
    aclDataType promoted;
    if (pw_arch() == PW_ARCH_REGBASE)
        promoted = pw_combine_categories(element->dtype, pw_scalar_default(testElement->dtype));
    else if (aclemu_dtype_is_float(element->dtype))
        promoted = element->dtype;
    else if (aclemu_dtype_is_float(testElement->dtype))
        promoted = aclemu_promote_types(testElement->dtype, element->dtype);
    else
        promoted = element->dtype;
    if (promoted == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "element dtype %s and testElement dtype %s can not promote dtype.",
                                  aclemu_dtype_name(element->dtype), aclemu_dtype_name(testElement->dtype));
    if (!aclemu_dtype_in(promoted, aclemu_chip_dtypes(list))) {
        char buf[256];
        return ACLEMU_PARAM_ERROR(api, "element dtype %s and testElement dtype %s get promoteType dtype %s should be "
                                  "in dtype support list [%s].", aclemu_dtype_name(element->dtype),
                                  aclemu_dtype_name(testElement->dtype), aclemu_dtype_name(promoted),
                                  aclemu_dtype_set_str(aclemu_chip_dtypes(list), buf, sizeof buf));
    }
    if ((st = aclemu_check_shape(api, element, "element", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, out, "out", element, "element")))
        return st;
    pw_operand ops[2] = {{element, NULL, 0}, {NULL, testElement, 0}};
    return pw_launch(executor, invert ? PW_NE : PW_EQ, promoted, out, ops, 2, 0, NULL);
}
