/* Stage-1 validation of the first operators: each status code and its EZ1001 message, in the
 * real check order (null pointers, dtype, format, shape). Runs on the default topology
 * (Ascend910B1) without starting a device: stage 1 never touches device memory. */
#include "opbase_test_util.h"

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_zero.h"

static uint64_t ws;
static aclOpExecutor *ex;

static void ok_and_free(aclnnStatus st)
{
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_non_null(ex);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    ex = NULL;
}

static void test_out_pointers_null(void **state)
{
    aclTensor *x = T(ACL_FLOAT, FAKE_ADDR, 2, 2), *y = T(ACL_FLOAT, FAKE_ADDR, 2, 2);
    expect_error(aclnnReluGetWorkspaceSize(x, y, NULL, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001", "aclnnRelu",
                 "workspaceSize should not be nullptr");
    expect_error(aclnnReluGetWorkspaceSize(x, y, &ws, NULL), ACLNN_ERR_PARAM_NULLPTR, "EZ1001", "executor", NULL);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

static void test_null_params(void **state)
{
    aclTensor *x = T(ACL_FLOAT, FAKE_ADDR, 4), *y = T(ACL_FLOAT, FAKE_ADDR, 4);
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    expect_error(aclnnReluGetWorkspaceSize(NULL, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "self should not be nullptr", NULL);
    expect_error(aclnnReluGetWorkspaceSize(x, NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "out should not be nullptr", NULL);
    expect_error(aclnnAddGetWorkspaceSize(x, x, NULL, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "aclnnAdd", "alpha should not be nullptr");
    expect_error(aclnnInplaceReluGetWorkspaceSize(NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "selfRef should not be nullptr", NULL);
    expect_error(aclnnMulsGetWorkspaceSize(x, NULL, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "other should not be nullptr", NULL);
    /* null beats a wrong dtype: the null check comes first */
    aclTensor *bad = T(ACL_INT16, FAKE_ADDR, 4);
    expect_error(aclnnReluGetWorkspaceSize(bad, NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001", "out", NULL);
    aclDestroyTensor(bad);
    aclDestroyScalar(alpha);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

static void test_dtype_checks(void **state)
{
    aclTensor *i16 = T(ACL_INT16, FAKE_ADDR, 4), *f32 = T(ACL_FLOAT, FAKE_ADDR, 4), *f16 = T(ACL_FLOAT16, FAKE_ADDR, 4);
    aclTensor *i32 = T(ACL_INT32, FAKE_ADDR, 4);
    expect_error(aclnnReluGetWorkspaceSize(i16, i16, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self dtype DT_INT16 should be in dtype support list", "DT_FLOAT");
    expect_error(aclnnReluGetWorkspaceSize(f32, f16, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out dtype DT_FLOAT16 should be the same as self dtype DT_FLOAT", NULL);
    /* alpha float with integer tensors: can not cast to the promoted dtype */
    float a = 1.5f;
    aclScalar *alpha = aclCreateScalar(&a, ACL_FLOAT);
    expect_error(aclnnAddGetWorkspaceSize(i32, i32, alpha, i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "alpha dtype DT_FLOAT can not cast to the promoted dtype DT_INT32", NULL);
    /* float result into an integer out */
    int64_t one = 1;
    aclScalar *ialpha = aclCreateScalar(&one, ACL_INT64);
    expect_error(aclnnAddGetWorkspaceSize(f32, i32, ialpha, i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "result dtype DT_FLOAT can not cast to out dtype DT_INT32", NULL);
    /* promotion itself: FLOAT16 + INT32 -> FLOAT16 is fine, out FLOAT accepted */
    ok_and_free(aclnnAddGetWorkspaceSize(f16, i32, ialpha, f32, &ws, &ex));
    /* cast: out dtype must equal the dtype argument */
    expect_error(aclnnCastGetWorkspaceSize(f32, ACL_FLOAT16, f32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out dtype DT_FLOAT should be the same as dtype DT_FLOAT16", NULL);
    expect_error(aclnnCastGetWorkspaceSize(f32, ACL_STRING, f32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "dtype dtype DT_STRING should be in dtype support list", NULL);
    expect_error(aclnnSoftmaxGetWorkspaceSize(i32, 0, i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "aclnnSoftmax", "self dtype DT_INT32");
    aclDestroyScalar(alpha);
    aclDestroyScalar(ialpha);
    aclDestroyTensor(i16);
    aclDestroyTensor(f32);
    aclDestroyTensor(f16);
    aclDestroyTensor(i32);
}

static void test_format_checks(void **state)
{
    int64_t s[] = {1, 1, 16, 16};
    aclTensor *nz = aclCreateTensor(s, 4, ACL_FLOAT16, NULL, 0, ACL_FORMAT_FRACTAL_NZ, s, 4, FAKE_ADDR);
    aclTensor *nchw = aclCreateTensor(s, 4, ACL_FLOAT16, NULL, 0, ACL_FORMAT_NCHW, s, 4, FAKE_ADDR);
    expect_error(aclnnReluGetWorkspaceSize(nz, nchw, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self format FRACTAL_NZ is not supported", NULL);
    ok_and_free(aclnnReluGetWorkspaceSize(nchw, nchw, &ws, &ex));
    /* a wrong dtype is reported before a wrong format */
    aclTensor *nzi = aclCreateTensor(s, 4, ACL_INT16, NULL, 0, ACL_FORMAT_FRACTAL_NZ, s, 4, FAKE_ADDR);
    expect_error(aclnnReluGetWorkspaceSize(nzi, nzi, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001", "dtype", NULL);
    aclDestroyTensor(nz);
    aclDestroyTensor(nzi);
    aclDestroyTensor(nchw);
}

static void test_shape_checks(void **state)
{
    aclTensor *a = T(ACL_FLOAT, FAKE_ADDR, 2, 3), *b = T(ACL_FLOAT, FAKE_ADDR, 3, 2), *c = T(ACL_FLOAT, FAKE_ADDR, 4, 3);
    expect_error(aclnnReluGetWorkspaceSize(a, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out shape [3, 2] should be the same as self shape [2, 3]", NULL);
    expect_error(aclnnMulGetWorkspaceSize(a, c, a, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self shape [2, 3] and other shape [4, 3] can not broadcast", NULL);
    aclTensor *r9 = T(ACL_FLOAT, FAKE_ADDR, 1, 1, 1, 1, 1, 1, 1, 1, 2);
    expect_error(aclnnReluGetWorkspaceSize(r9, r9, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self dim num 9 should be no more than 8", NULL);
    /* broadcast result must equal out's shape */
    aclTensor *row = T(ACL_FLOAT, FAKE_ADDR, 3), *o = T(ACL_FLOAT, FAKE_ADDR, 2, 3);
    ok_and_free(aclnnMulGetWorkspaceSize(a, row, o, &ws, &ex));
    expect_error(aclnnMulGetWorkspaceSize(row, row, o, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out shape [2, 3] should be [3]", NULL);
    /* a view that does not fit in its storage: refused after the parameter checks with 561103,
       as the real op fails when l0op::Contiguous rejects the view */
    int64_t vs[] = {4, 4}, st[] = {4, 1}, storage[] = {12};
    aclTensor *over = aclCreateTensor(vs, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, storage, 1, FAKE_ADDR);
    expect_error(aclnnReluGetWorkspaceSize(over, over, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "aclnnRelu",
                 "outside its storage shape [12]", "[0, 15]");
    expect_error(aclnnReluGetWorkspaceSize(over, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out shape [3, 2] should be the same as self shape [4, 4]", NULL); /* shape checks come first */
    /* a transposed view over exactly its storage is fine; one element more is not */
    int64_t tv[] = {3, 4}, ts[] = {1, 3}, tstore[] = {12};
    aclTensor *tr = aclCreateTensor(tv, 2, ACL_FLOAT, ts, 0, ACL_FORMAT_ND, tstore, 1, FAKE_ADDR);
    aclTensor *tr1 = aclCreateTensor(tv, 2, ACL_FLOAT, ts, 1, ACL_FORMAT_ND, tstore, 1, FAKE_ADDR);
    aclTensor *o34 = T(ACL_FLOAT, FAKE_ADDR, 3, 4);
    ok_and_free(aclnnReluGetWorkspaceSize(tr, o34, &ws, &ex));
    expect_error(aclnnReluGetWorkspaceSize(tr1, o34, &ws, &ex), ACLNN_ERR_INNER_NULLPTR, "offset 1",
                 "[1, 12]", NULL);
    assert_int_equal(aclemu_exec_live_count(), 0); /* the refused executor went back to the pool */
    /* broadcast (stride 0) views need only the elements they reach */
    int64_t bv[] = {5, 4}, bs[] = {0, 1}, bstore[] = {4};
    aclTensor *bc = aclCreateTensor(bv, 2, ACL_FLOAT, bs, 0, ACL_FORMAT_ND, bstore, 1, FAKE_ADDR);
    aclTensor *o54 = T(ACL_FLOAT, FAKE_ADDR, 5, 4);
    ok_and_free(aclnnReluGetWorkspaceSize(bc, o54, &ws, &ex));
    aclDestroyTensor(tr);
    aclDestroyTensor(tr1);
    aclDestroyTensor(o34);
    aclDestroyTensor(bc);
    aclDestroyTensor(o54);
    /* softmax dim range */
    expect_error(aclnnSoftmaxGetWorkspaceSize(a, 2, a, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "dim 2 should be in the range [-2, 1]", NULL);
    ok_and_free(aclnnSoftmaxGetWorkspaceSize(a, -2, a, &ws, &ex));
    /* copy: src must broadcast to selfRef, not the other way round */
    expect_error(aclnnInplaceCopyGetWorkspaceSize(row, a, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "selfRef shape [3] should be [2, 3]", NULL);
    ok_and_free(aclnnInplaceCopyGetWorkspaceSize(a, row, &ws, &ex));
    aclDestroyTensor(over);
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(c);
    aclDestroyTensor(r9);
    aclDestroyTensor(row);
    aclDestroyTensor(o);
}

static void test_empty_tensors(void **state)
{
    aclTensor *e = T(ACL_FLOAT, NULL, 0, 3), *e2 = T(ACL_FLOAT, NULL, 2, 0, 5);
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    ws = 77;
    assert_int_equal(aclnnReluGetWorkspaceSize(e, e, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_non_null(ex);
    /* nothing to run: stage 2 succeeds without a stream or device, and frees the executor */
    int64_t live = aclemu_exec_live_count();
    assert_int_equal(aclnnRelu(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclemu_exec_live_count(), live - 1);
    ws = 77;
    assert_int_equal(aclnnAddGetWorkspaceSize(e2, e2, alpha, e2, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclnnAdd(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclnnSoftmaxGetWorkspaceSize(e2, 1, e2, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclnnSoftmax(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclnnInplaceZeroGetWorkspaceSize(e2, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnInplaceZero(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    aclDestroyScalar(alpha);
    aclDestroyTensor(e);
    aclDestroyTensor(e2);
}

static void test_executor_api_errors(void **state)
{
    assert_int_equal(aclSetAclOpExecutorRepeatable(NULL), ACLNN_ERR_INNER_NULLPTR);
    assert_int_equal(aclDestroyAclOpExecutor(NULL), ACLNN_ERR_INNER_NULLPTR);
    expect_error(aclnnRelu(NULL, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR, "EZ1001", "executor should not be nullptr",
                 NULL);
    aclTensor *x = T(ACL_FLOAT, FAKE_ADDR, 8), *y = T(ACL_FLOAT, FAKE_ADDR, 8);
    assert_int_equal(aclnnReluGetWorkspaceSize(x, y, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclSetAclOpExecutorRepeatable(ex), ACLNN_SUCCESS);
    /* workspaceSize > 0 with a null workspace */
    expect_error(aclnnRelu(NULL, 64, ex, NULL), ACLNN_ERR_PARAM_NULLPTR, "EZ1001", "workspace should not be nullptr",
                 NULL);
    /* rebinding: index out of range, wrong direction */
    assert_int_equal(aclSetInputTensorAddr(NULL, 0, x, FAKE_ADDR), ACLNN_ERR_INNER_NULLPTR);
    assert_int_equal(aclSetInputTensorAddr(ex, 0, NULL, FAKE_ADDR), ACLNN_ERR_INNER_NULLPTR);
    expect_error(aclSetInputTensorAddr(ex, 1, x, FAKE_ADDR), ACLNN_ERR_PARAM_INVALID, "EZ1001", "no input tensor at index 1",
                 NULL);
    void *addr = (void *)(uintptr_t)0x20000;
    assert_int_equal(aclSetOutputTensorAddr(ex, 0, y, addr), ACLNN_SUCCESS);
    void *got = NULL;
    assert_int_equal(aclGetRawTensorAddr(y, &got), ACLNN_SUCCESS);
    assert_ptr_equal(got, addr);
    assert_int_equal(AclSetTensorAddr(ex, 1, y, FAKE_ADDR), ACLNN_SUCCESS); /* inputs first, then outputs */
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

/* Sizes past int64 (element count, storage, strided reach) are refused before any planner
 * multiplies the dims; an empty tensor with huge other dims too. */
static void test_too_large_shapes(void **state)
{
    const int64_t big = INT64_C(1) << 40;
    aclTensor *huge = T(ACL_FLOAT, FAKE_ADDR, big, big), *y = T(ACL_FLOAT, FAKE_ADDR, 4);
    expect_error(aclnnReluGetWorkspaceSize(huge, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self shape [1099511627776, 1099511627776]", "is too large");
    expect_error(aclnnReluGetWorkspaceSize(y, huge, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001", "out shape",
                 "is too large");
    aclTensor *empty = T(ACL_FLOAT, FAKE_ADDR, big, big, 0);
    expect_error(aclnnReluGetWorkspaceSize(empty, empty, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self shape", "is too large");
    const int64_t shape[1] = {4}, stride[1] = {INT64_C(1) << 62};
    aclTensor *far = aclCreateTensor(shape, 1, ACL_FLOAT, stride, 0, ACL_FORMAT_ND, shape, 1, FAKE_ADDR);
    expect_error(aclnnReluGetWorkspaceSize(far, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "strides [4611686018427387904]", "is too large");
    aclTensor *x = T(ACL_FLOAT, FAKE_ADDR, 4);
    ok_and_free(aclnnReluGetWorkspaceSize(x, y, &ws, &ex));
    aclDestroyTensor(huge);
    aclDestroyTensor(empty);
    aclDestroyTensor(far);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_out_pointers_null), cmocka_unit_test(test_null_params),
        cmocka_unit_test(test_dtype_checks),      cmocka_unit_test(test_format_checks),
        cmocka_unit_test(test_shape_checks),      cmocka_unit_test(test_empty_tensors),
        cmocka_unit_test(test_executor_api_errors), cmocka_unit_test(test_too_large_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
