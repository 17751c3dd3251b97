/* Chip gating: run with ACLEMU_TOPOLOGY pointing at a one-device Ascend310P3 topology. BF16 is
 * refused with 161002 and a message naming the chip; other dtypes pass and tile over the
 * chip's 8 AI cores. */
#include <stdio.h>

#include "opbase_test_util.h"

#include "aclemu_op/check.h"
#include "aclemu_op/kargs.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_pow.h"
#include "aclnnop/aclnn_pow_tensor_tensor.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_sqrt.h"

static uint64_t ws;
static aclOpExecutor *ex;

static void test_bf16_rejected_on_310p(void **state)
{
    char soc[64];
    const char *name = aclrtGetSocName();
    assert_non_null(name);
    snprintf(soc, sizeof soc, "%s", name);
    assert_string_equal(soc, "Ascend310P3");
    aclTensor *b = T(ACL_BF16, FAKE_ADDR, 16), *f = T(ACL_FLOAT, FAKE_ADDR, 16);
    expect_error(aclnnReluGetWorkspaceSize(b, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self dtype DT_BF16 should be in dtype support list", "Ascend310P3");
    expect_error(aclnnSoftmaxGetWorkspaceSize(b, 0, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001", "DT_BF16",
                 "Ascend310P3");
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    expect_error(aclnnAddGetWorkspaceSize(b, b, alpha, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001", "DT_BF16",
                 NULL);
    expect_error(aclnnCastGetWorkspaceSize(f, ACL_BF16, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "dtype dtype DT_BF16", "Ascend310P3");
    /* the ops-math extras: Pow (all forms) and Sqrt */
    float two = 2.0f;
    aclScalar *e = aclCreateScalar(&two, ACL_FLOAT);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(b, e, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self dtype DT_BF16", "Ascend310P3");
    expect_error(aclnnPowScalarTensorGetWorkspaceSize(e, b, f, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "exponent dtype DT_BF16", "Ascend310P3");
    expect_error(aclnnPowTensorTensorGetWorkspaceSize(f, b, f, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "exponent dtype DT_BF16", "Ascend310P3");
    expect_error(aclnnSqrtGetWorkspaceSize(b, f, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001", "self dtype DT_BF16",
                 "Ascend310P3");
    expect_error(aclnnInplaceSqrtGetWorkspaceSize(b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "dtype DT_BF16", "Ascend310P3");
    assert_int_equal(aclnnPowTensorScalarGetWorkspaceSize(f, e, f, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyScalar(e);
    /* the support list printed for this chip does not offer BF16 */
    expect_error(aclnnReluGetWorkspaceSize(b, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "[DT_FLOAT, DT_FLOAT16,", NULL,
                 NULL);
    aclDestroyScalar(alpha);
    aclDestroyTensor(b);
    aclDestroyTensor(f);
}

static void test_other_dtypes_tile_over_ai_cores(void **state)
{
    aclTensor *h = T(ACL_FLOAT16, FAKE_ADDR, 1 << 20);
    assert_int_equal(aclnnReluGetWorkspaceSize(h, h, &ws, &ex), ACLNN_SUCCESS);
    const char *k;
    uint32_t bd;
    const void *blob;
    size_t size;
    assert_int_equal(aclemu_exec_get_launch(ex, 0, &k, &bd, &blob, &size), 0);
    assert_int_equal(bd, 8); /* Ascend310P3: 8 coupled AI cores */
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyTensor(h);
}

/* The per-chip dtype rules every check applies, family by family (ops-nn.md §2.0). */
static void test_family_dtype_rules(void **state)
{
    const aclemu_dtype_set all = ACLEMU_DT_FLOATS | ACLEMU_DT_FP8 | ACLEMU_DT(ACL_INT8);
    const aclemu_dtype_set base = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT8);
    assert_true(aclemu_family_dtypes(ACLEMU_FAMILY_910A, all) == base);
    assert_true(aclemu_family_dtypes(ACLEMU_FAMILY_310P, all) == base);
    assert_true(aclemu_family_dtypes(ACLEMU_FAMILY_310B, all) == base);
    assert_true(aclemu_family_dtypes(ACLEMU_FAMILY_A2, all) == (base | ACLEMU_DT(ACL_BF16)));
    assert_true(aclemu_family_dtypes(ACLEMU_FAMILY_A3, all) == (base | ACLEMU_DT(ACL_BF16)));
    assert_true(aclemu_family_dtypes(ACLEMU_FAMILY_950, all) == all);
    /* this device: 310P */
    assert_true(aclemu_chip_dtypes(all) == base);
    /* an FP8 dtype an op lists is refused here with the chip named */
    assert_int_equal(aclemu_check_dtype_value("aclnnFp8Op", ACL_FLOAT8_E4M3FN, "x", all), ACLNN_ERR_PARAM_INVALID);
    const char *m = aclGetRecentErrMsg();
    assert_non_null(m);
    assert_non_null(strstr(m, "x dtype DT_FLOAT8_E4M3FN should be in dtype support list"));
    assert_non_null(strstr(m, "Ascend310P3"));
}

static void test_chip_lists(void **state)
{
    assert_true(aclemu_chip_in(ACLEMU_CHIPS_ALL));
    assert_true(aclemu_chip_in(ACLEMU_CHIPS_ALL_BUT_310B));
    assert_false(aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950));
    assert_int_equal(aclemu_check_chip("aclnnSomeOp", ACLEMU_CHIP(ACLEMU_FAMILY_310P)), ACLNN_SUCCESS);
    expect_error(aclemu_check_chip("aclnnSomeOp", ACLEMU_CHIPS_A2_A3_950), ACLNN_ERR_RUNTIME_ERROR, "aclnnSomeOp",
                 "support for Ascend310P is not implemented", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bf16_rejected_on_310p),
        cmocka_unit_test(test_other_dtypes_tile_over_ai_cores),
        cmocka_unit_test(test_family_dtype_rules),
        cmocka_unit_test(test_chip_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
