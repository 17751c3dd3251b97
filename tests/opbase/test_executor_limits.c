/* Executor capacities (1024 tensor arguments, 64 launches, 1152 address fields, blob size): going
 * past any of them fails stage 1 with ACLNN_ERR_INNER (561000) and a message naming the limit,
 * even when the planner ignores the failure, and nothing is written past the tables (the
 * executor goes back to the pool and the next one works). Also the registry lists the plain
 * functions (`func` declarations) next to the two-stage APIs. Stage 1 only: no device. */
#include "opbase_test_util.h"

#include "aclemu_op/registry.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_trans_matmul_weight.h"

#define BLOB 64 /* bytes per test launch */

static uint64_t ws;
static aclOpExecutor *out_ex;

/* A recording session as the generated stage-1 entry runs it, with `nio` tensor arguments. */
static aclOpExecutor *begin(const aclemu_io_param *io, uint32_t nio, aclnnStatus *st)
{
    aclOpExecutor *ex = NULL;
    *st = aclemu_phase1_begin("aclnnLimitTest", &ws, &out_ex, io, nio, &ex);
    return ex;
}

static void expect_limit_message(const char *what)
{
    const char *m = aclGetRecentErrMsg();
    assert_non_null(m);
    if (!strstr(m, "aclnnLimitTest") || !strstr(m, what))
        fail_msg("unexpected message: %s", m);
}

static void test_too_many_tensor_arguments(void **state)
{
    enum { N = 1030 };
    aclTensor *t[N];
    aclemu_io_param io[N];
    for (int i = 0; i < N; i++) {
        t[i] = T(ACL_FLOAT, FAKE_ADDR, 4);
        io[i] = (aclemu_io_param){t[i], 0, ACLEMU_IO_IN};
    }
    int64_t live = aclemu_exec_live_count();
    aclnnStatus st;
    /* exactly 1024 fit */
    aclOpExecutor *ex = begin(io, 1024, &st);
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_int_equal(aclemu_phase1_end(ex, ACLNN_SUCCESS, &ws, &out_ex), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyAclOpExecutor(out_ex), ACLNN_SUCCESS);
    /* 1025 do not: refused up front, no executor handed out or leaked */
    ex = begin(io, 1025, &st);
    assert_int_equal(st, ACLNN_ERR_INNER);
    assert_null(ex);
    expect_limit_message("more than 1024 tensor arguments");
    /* a tensor list counts its elements */
    aclTensorList *list = aclCreateTensorList((const aclTensor *const *)t, N);
    aclemu_io_param lio[1] = {{list, 1, ACLEMU_IO_IN}};
    ex = begin(lio, 1, &st);
    assert_int_equal(st, ACLNN_ERR_INNER);
    assert_null(ex);
    assert_int_equal(aclemu_exec_live_count(), live);
    aclDestroyTensorList(list); /* destroys the tensors too */
}

static void test_too_many_launches(void **state)
{
    aclnnStatus st;
    int64_t live = aclemu_exec_live_count();
    aclOpExecutor *ex = begin(NULL, 0, &st);
    assert_int_equal(st, ACLNN_SUCCESS);
    for (int i = 0; i < 64; i++) {
        unsigned char *b = aclemu_exec_add_launch(ex, "Relu", 1, BLOB);
        assert_non_null(b);
        for (int k = 0; k < BLOB; k++)
            assert_int_equal(b[k], 0); /* zeroed */
        memset(b, 0xa5, BLOB);
    }
    assert_null(aclemu_exec_add_launch(ex, "Relu", 1, BLOB));
    expect_limit_message("more than 64 kernel launches");
    /* the recorded launches are intact */
    assert_int_equal(aclemu_exec_launch_count(ex), 64);
    const char *k;
    uint32_t bd;
    const void *blob;
    size_t size;
    assert_int_equal(aclemu_exec_get_launch(ex, 63, &k, &bd, &blob, &size), 0);
    assert_int_equal(size, BLOB);
    assert_int_equal(((const unsigned char *)blob)[BLOB - 1], 0xa5);
    assert_int_equal(aclemu_exec_get_launch(ex, 64, &k, &bd, &blob, &size), -1);
    /* a planner that ignores the NULL and reports success still fails stage 1 */
    out_ex = NULL;
    assert_int_equal(aclemu_phase1_end(ex, ACLNN_SUCCESS, &ws, &out_ex), ACLNN_ERR_INNER);
    assert_null(out_ex);
    assert_int_equal(aclemu_exec_live_count(), live);
}

static void test_oversized_blob(void **state)
{
    aclnnStatus st;
    aclOpExecutor *ex = begin(NULL, 0, &st);
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_null(aclemu_exec_add_launch(ex, "Relu", 1, 1u << 20));
    expect_limit_message("bytes of kernel arguments");
    assert_int_equal(aclemu_phase1_end(ex, ACLNN_SUCCESS, &ws, &out_ex), ACLNN_ERR_INNER);
}

static void test_too_many_address_fields(void **state)
{
    aclTensor *t = T(ACL_FLOAT, FAKE_ADDR, 8);
    aclemu_io_param io[1] = {{t, 0, ACLEMU_IO_IN}};
    aclnnStatus st;
    aclOpExecutor *ex = begin(io, 1, &st);
    assert_int_equal(st, ACLNN_SUCCESS);
    /* 1152 fields over 4 launches (288 each) */
    for (int l = 0; l < 4; l++) {
        uint64_t *b = aclemu_exec_add_launch(ex, "Relu", 1, 289 * sizeof(uint64_t));
        assert_non_null(b);
        for (int f = 0; f < 288; f++)
            assert_int_equal(f % 2 ? aclemu_exec_bind_tensor(ex, b, &b[f], t) : aclemu_exec_bind_workspace(ex, b, &b[f], 64),
                             ACLNN_SUCCESS);
        b[288] = 0x1122334455667788ull; /* a sentinel after the fields */
    }
    uint64_t *b = aclemu_exec_add_launch(ex, "Relu", 1, 2 * sizeof(uint64_t));
    assert_non_null(b);
    assert_int_equal(aclemu_exec_bind_tensor(ex, b, &b[0], t), ACLNN_ERR_INNER);
    expect_limit_message("more than 1152 device-address fields");
    assert_int_equal(aclemu_exec_bind_workspace(ex, b, &b[1], 0), ACLNN_ERR_INNER);
    const char *k;
    uint32_t bd;
    const void *blob;
    size_t size;
    for (uint32_t l = 0; l < 4; l++) {
        assert_int_equal(aclemu_exec_get_launch(ex, l, &k, &bd, &blob, &size), 0);
        assert_true(((const uint64_t *)blob)[288] == 0x1122334455667788ull);
    }
    assert_int_equal(aclemu_phase1_end(ex, ACLNN_SUCCESS, &ws, &out_ex), ACLNN_ERR_INNER);
    aclDestroyTensor(t);
}

static void test_binding_outside_the_blob(void **state)
{
    aclTensor *t = T(ACL_FLOAT, FAKE_ADDR, 8);
    aclnnStatus st;
    aclOpExecutor *ex = begin(NULL, 0, &st);
    uint64_t *first = aclemu_exec_add_launch(ex, "Relu", 1, 2 * sizeof(uint64_t));
    assert_non_null(first);
    /* past the end of the blob */
    assert_int_equal(aclemu_exec_bind_workspace(ex, first, &first[2], 0), ACLNN_ERR_INNER);
    expect_limit_message("outside the last launch's blob");
    uint64_t local = 0;
    assert_int_equal(aclemu_exec_bind_tensor(ex, first, &local, t), ACLNN_ERR_INNER);
    assert_int_equal(aclemu_phase1_end(ex, ACLNN_SUCCESS, &ws, &out_ex), ACLNN_ERR_INNER);
    aclDestroyTensor(t);
}

static void test_executor_after_limits(void **state)
{
    /* a normal op still records and runs its checks after the refusals above */
    aclTensor *x = T(ACL_FLOAT, FAKE_ADDR, 3, 5);
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnReluGetWorkspaceSize(x, x, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclemu_exec_launch_count(ex), 1);
    assert_int_equal(ws, 0);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    assert_int_equal(aclemu_exec_live_count(), 0);
    aclDestroyTensor(x);
}

static void test_registry_lists_funcs(void **state)
{
    /* libopapi registered its tables when it loaded (aclnnRelu above links it) */
    const aclemu_api_info *a = aclemu_op_find_api("aclnnCalculateMatmulWeightSize");
    assert_non_null(a);
    assert_string_equal(a->header, "aclnnop/aclnn_trans_matmul_weight.h");
    assert_string_equal(a->library, "math");
    assert_int_equal(a->two_stage, 0);
    a = aclemu_op_find_api("aclnnCalculateMatmulWeightSizeV2");
    assert_non_null(a);
    assert_int_equal(a->two_stage, 0);
    a = aclemu_op_find_api("aclnnTransMatmulWeight");
    assert_non_null(a);
    assert_int_equal(a->two_stage, 1);
    assert_string_equal(a->header, "aclnnop/aclnn_trans_matmul_weight.h");
    a = aclemu_op_find_api("aclnnRelu");
    assert_non_null(a);
    assert_string_equal(a->library, "nn");
    assert_int_equal(a->two_stage, 1);
    assert_null(aclemu_op_find_api("aclnnCalculateMatmulWeightSizeGetWorkspaceSize"));
    /* the func itself is callable with its declared prototype (a real check, not a stub) */
    uint64_t n = 0;
    int64_t shape[2] = {20, 33};
    aclIntArray *s = aclCreateIntArray(shape, 2);
    assert_int_equal(aclnnCalculateMatmulWeightSize(s, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 32 * 48); /* K 20 -> 32, N 33 -> 48 (16 x 16 blocks of FLOAT16) */
    assert_int_equal(aclnnCalculateMatmulWeightSize(s, NULL), ACLNN_ERR_PARAM_NULLPTR);
    aclDestroyIntArray(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_too_many_tensor_arguments), cmocka_unit_test(test_too_many_launches),
        cmocka_unit_test(test_oversized_blob),            cmocka_unit_test(test_too_many_address_fields),
        cmocka_unit_test(test_binding_outside_the_blob),  cmocka_unit_test(test_executor_after_limits),
        cmocka_unit_test(test_registry_lists_funcs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
