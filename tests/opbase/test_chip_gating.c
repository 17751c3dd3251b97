/* Chip gating: run with ACLEMU_TOPOLOGY pointing at a one-device Ascend310P3 topology. BF16 is
 * refused with 161002 and a message naming the chip; other dtypes pass and tile over the
 * chip's 8 AI cores. */
#include <stdio.h>

#include "opbase_test_util.h"

#include "aclemu_op/kargs.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_softmax.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bf16_rejected_on_310p),
        cmocka_unit_test(test_other_dtypes_tile_over_ai_cores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
