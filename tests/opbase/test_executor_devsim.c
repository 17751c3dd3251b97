/* Executors against the device process: repeatable executors run many times with rebound
 * addresses, a released executor is diagnosed, a null device address is refused at stage 2,
 * and stage 2 neither allocates executors nor leaks them. */
#include <stdio.h>

#include "opbase_test_util.h"

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_relu.h"

static aclrtStream stream;

static int setup(void **state)
{
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}

static void *dev_upload(const float *h, size_t n)
{
    void *d = NULL;
    assert_int_equal(aclrtMalloc(&d, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    if (h)
        assert_int_equal(aclrtMemcpy(d, n * sizeof(float), h, n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE),
                         ACL_SUCCESS);
    return d;
}

static void dev_download(float *h, const void *d, size_t n)
{
    assert_int_equal(aclrtMemcpy(h, n * sizeof(float), d, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
}

static void test_repeatable_rebinding(void **state)
{
    enum { N = 1000 };
    float h[3][N], r[N];
    void *din[3], *dout[2];
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < N; i++)
            h[k][i] = (float)((i * (k + 3)) % 19) - 9.0f;
        din[k] = dev_upload(h[k], N);
    }
    dout[0] = dev_upload(NULL, N);
    dout[1] = dev_upload(NULL, N);
    aclTensor *x = T(ACL_FLOAT, din[0], N), *y = T(ACL_FLOAT, dout[0], N);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    int64_t live = aclemu_exec_live_count();
    assert_int_equal(aclnnReluGetWorkspaceSize(x, y, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclSetAclOpExecutorRepeatable(ex), ACLNN_SUCCESS);
    for (int run = 0; run < 6; run++) {
        int k = run % 3, o = run % 2;
        assert_int_equal(aclSetInputTensorAddr(ex, 0, x, din[k]), ACLNN_SUCCESS);
        assert_int_equal(aclSetOutputTensorAddr(ex, 0, y, dout[o]), ACLNN_SUCCESS);
        assert_int_equal(aclnnRelu(NULL, 0, ex, stream), ACLNN_SUCCESS);
        assert_int_equal(aclrtSynchronizeStream(stream), ACL_SUCCESS);
        dev_download(r, dout[o], N);
        for (int i = 0; i < N; i++)
            assert_true(r[i] == (h[k][i] > 0 ? h[k][i] : 0.0f));
    }
    assert_int_equal(aclemu_exec_live_count(), live + 1);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    assert_int_equal(aclemu_exec_live_count(), live);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    for (int k = 0; k < 3; k++)
        aclrtFree(din[k]);
    aclrtFree(dout[0]);
    aclrtFree(dout[1]);
}

static void test_released_executor_and_null_address(void **state)
{
    enum { N = 64 };
    float h[N];
    for (int i = 0; i < N; i++)
        h[i] = (float)i - 32.0f;
    void *d = dev_upload(h, N);
    aclTensor *x = T(ACL_FLOAT, d, N);
    uint64_t ws;
    aclOpExecutor *ex;
    assert_int_equal(aclnnInplaceReluGetWorkspaceSize(x, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnInplaceRelu(NULL, 0, ex, stream), ACLNN_SUCCESS);
    /* the executor was single-use: running it again is refused, nothing is enqueued */
    expect_error(aclnnInplaceRelu(NULL, 0, ex, stream), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "already been run and released", "aclSetAclOpExecutorRepeatable");
    assert_int_equal(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    float r[N];
    dev_download(r, d, N);
    for (int i = 0; i < N; i++)
        assert_true(r[i] == (h[i] > 0 ? h[i] : 0.0f));
    /* a non-empty tensor without device memory passes stage 1 and is refused at stage 2 */
    aclTensor *nul = T(ACL_FLOAT, NULL, N);
    int64_t live = aclemu_exec_live_count();
    assert_int_equal(aclnnReluGetWorkspaceSize(nul, x, &ws, &ex), ACLNN_SUCCESS);
    expect_error(aclnnRelu(NULL, 0, ex, stream), ACLNN_ERR_PARAM_NULLPTR, "EZ1001", "device address", NULL);
    assert_int_equal(aclemu_exec_live_count(), live); /* freed anyway, like the real executor */
    aclDestroyTensor(nul);
    aclDestroyTensor(x);
    aclrtFree(d);
}

static void test_stage2_on_default_stream(void **state)
{
    enum { N = 5000 };
    float a[N], b[N], r[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)i * 0.5f;
        b[i] = 1.0f - (float)i;
    }
    void *da = dev_upload(a, N), *db = dev_upload(b, N);
    aclTensor *ta = T(ACL_FLOAT, da, N), *tb = T(ACL_FLOAT, db, N);
    float two = 2.0f;
    aclScalar *alpha = aclCreateScalar(&two, ACL_FLOAT);
    uint64_t ws;
    aclOpExecutor *ex;
    assert_int_equal(aclnnInplaceAddGetWorkspaceSize(ta, tb, alpha, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnInplaceAdd(NULL, 0, ex, NULL), ACLNN_SUCCESS); /* NULL: default stream */
    assert_int_equal(aclrtSynchronizeStream(NULL), ACL_SUCCESS);
    dev_download(r, da, N);
    for (int i = 0; i < N; i++)
        assert_true(r[i] == a[i] + 2.0f * b[i]);
    aclDestroyScalar(alpha);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclrtFree(da);
    aclrtFree(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_repeatable_rebinding),
        cmocka_unit_test(test_released_executor_and_null_address),
        cmocka_unit_test(test_stage2_on_default_stream),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
