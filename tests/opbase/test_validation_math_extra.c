/* Stage-1 validation of the ops-math extras Pow (aclnn_pow.h, aclnn_pow_tensor_tensor.h) and Sqrt
 * (aclnn_sqrt.h): each status code and its EZ1001 message in the real check order (null
 * pointers, dtypes / promotion, formats, shapes), the dtype lists, empty tensors. Default
 * topology (Ascend910B1), no device: stage 1 never touches device memory. */
#include "opbase_test_util.h"

#include "aclnnop/aclnn_pow.h"
#include "aclnnop/aclnn_pow_tensor_tensor.h"
#include "aclnnop/aclnn_sqrt.h"

static uint64_t ws;
static aclOpExecutor *ex;

static void ok_and_free(aclnnStatus st)
{
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_non_null(ex);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    ex = NULL;
}

static aclTensor *nz_tensor(aclDataType dt)
{
    int64_t s[] = {1, 1, 16, 16};
    return aclCreateTensor(s, 4, dt, NULL, 0, ACL_FORMAT_FRACTAL_NZ, s, 4, FAKE_ADDR);
}

static void test_pow_nulls(void **state)
{
    aclTensor *x = T(ACL_FLOAT, FAKE_ADDR, 4), *y = T(ACL_FLOAT, FAKE_ADDR, 4);
    float two = 2.0f;
    aclScalar *e = aclCreateScalar(&two, ACL_FLOAT);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(NULL, e, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "aclnnPowTensorScalar", "self should not be nullptr");
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(x, NULL, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "exponent should not be nullptr", NULL);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(x, e, NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "out should not be nullptr", NULL);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(x, e, y, NULL, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "workspaceSize should not be nullptr", NULL);
    /* (the inplace forms' tensor is "self" in the real header, the emulator's messages may say selfRef) */
    expect_error(aclnnInplacePowTensorScalarGetWorkspaceSize(NULL, e, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "aclnnInplacePowTensorScalar", "should not be nullptr");
    expect_error(aclnnPowScalarTensorGetWorkspaceSize(NULL, x, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "aclnnPowScalarTensor", "self should not be nullptr");
    expect_error(aclnnPowScalarTensorGetWorkspaceSize(e, NULL, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "exponent should not be nullptr", NULL);
    expect_error(aclnnPowTensorTensorGetWorkspaceSize(x, NULL, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "aclnnPowTensorTensor", "exponent should not be nullptr");
    expect_error(aclnnInplacePowTensorTensorGetWorkspaceSize(x, NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "aclnnInplacePowTensorTensor", "exponent should not be nullptr");
    /* a null beats a wrong dtype */
    aclTensor *u16 = T(ACL_UINT16, FAKE_ADDR, 4);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(u16, e, NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "out should not be nullptr", NULL);
    aclDestroyTensor(u16);
    aclDestroyScalar(e);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

static void test_pow_dtypes(void **state)
{
    aclTensor *f32 = T(ACL_FLOAT, FAKE_ADDR, 4), *i32 = T(ACL_INT32, FAKE_ADDR, 4), *u16 = T(ACL_UINT16, FAKE_ADDR, 4);
    aclTensor *b = T(ACL_BOOL, FAKE_ADDR, 4), *f64 = T(ACL_DOUBLE, FAKE_ADDR, 4), *i8 = T(ACL_INT8, FAKE_ADDR, 4);
    float two = 2.0f;
    int64_t three = 3;
    uint16_t us = 2;
    aclScalar *ef = aclCreateScalar(&two, ACL_FLOAT), *ei = aclCreateScalar(&three, ACL_INT64);
    aclScalar *eu = aclCreateScalar(&us, ACL_UINT16);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(u16, ef, f32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self dtype DT_UINT16 should be in dtype support list", "DT_BF16");
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(f32, eu, f32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "exponent dtype DT_UINT16", NULL);
    expect_error(aclnnPowTensorTensorGetWorkspaceSize(f32, u16, f32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "exponent dtype DT_UINT16", NULL);
    /* the power of a float tensor does not fit an integer out */
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(f32, ei, i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "DT_FLOAT can not cast to out dtype DT_INT32", NULL);
    /* integer ^ FLOAT scalar is FLOAT (torch promotion): an integer out is refused, FLOAT accepted */
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(i32, ef, i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "can not cast to out dtype DT_INT32", NULL);
    ok_and_free(aclnnPowTensorScalarGetWorkspaceSize(i32, ef, f32, &ws, &ex));
    /* integer ^ integer stays integer (and may go to a float out) */
    ok_and_free(aclnnPowTensorScalarGetWorkspaceSize(i32, ei, i32, &ws, &ex));
    ok_and_free(aclnnPowTensorScalarGetWorkspaceSize(i8, ei, f64, &ws, &ex));
    /* FLOAT scalar base with an INT32 exponent tensor: FLOAT */
    expect_error(aclnnPowScalarTensorGetWorkspaceSize(ef, i32, i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "can not cast to out dtype DT_INT32", NULL);
    ok_and_free(aclnnPowScalarTensorGetWorkspaceSize(ef, i32, f32, &ws, &ex));
    ok_and_free(aclnnPowScalarTensorGetWorkspaceSize(ei, i32, i32, &ws, &ex));
    /* tensor ^ tensor promotes: INT32 ^ DOUBLE -> DOUBLE (a FLOAT out is a float -> float cast) */
    ok_and_free(aclnnPowTensorTensorGetWorkspaceSize(i32, f64, f32, &ws, &ex));
    expect_error(aclnnPowTensorTensorGetWorkspaceSize(f64, i32, i8, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "DT_DOUBLE can not cast to out dtype DT_INT8", NULL);
    /* BOOL is an input dtype, never an out dtype */
    ok_and_free(aclnnPowTensorScalarGetWorkspaceSize(b, ei, i32, &ws, &ex));
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(f32, ef, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out dtype DT_BOOL should be in dtype support list", NULL);
    /* inplace: the result must fit selfRef */
    expect_error(aclnnInplacePowTensorScalarGetWorkspaceSize(i32, ef, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "DT_FLOAT can not cast to", "dtype DT_INT32");
    expect_error(aclnnInplacePowTensorTensorGetWorkspaceSize(i32, f32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "DT_FLOAT can not cast to", "dtype DT_INT32");
    ok_and_free(aclnnInplacePowTensorTensorGetWorkspaceSize(f32, i32, &ws, &ex));
    aclDestroyScalar(ef);
    aclDestroyScalar(ei);
    aclDestroyScalar(eu);
    aclDestroyTensor(f32);
    aclDestroyTensor(i32);
    aclDestroyTensor(u16);
    aclDestroyTensor(b);
    aclDestroyTensor(f64);
    aclDestroyTensor(i8);
}

static void test_pow_formats_and_shapes(void **state)
{
    aclTensor *a = T(ACL_FLOAT, FAKE_ADDR, 2, 3), *bt = T(ACL_FLOAT, FAKE_ADDR, 3, 2), *c = T(ACL_FLOAT, FAKE_ADDR, 4, 3);
    aclTensor *row = T(ACL_FLOAT, FAKE_ADDR, 3), *nz = nz_tensor(ACL_FLOAT), *nzu = nz_tensor(ACL_UINT16);
    aclTensor *r9 = T(ACL_FLOAT, FAKE_ADDR, 1, 1, 1, 1, 1, 1, 1, 1, 2);
    float two = 2.0f;
    aclScalar *e = aclCreateScalar(&two, ACL_FLOAT);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(nz, e, nz, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self format FRACTAL_NZ is not supported", NULL);
    /* dtype before format */
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(nzu, e, nz, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "DT_UINT16", NULL);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(a, e, bt, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out shape [3, 2] should be the same as self shape [2, 3]", NULL);
    expect_error(aclnnPowTensorScalarGetWorkspaceSize(r9, e, r9, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self dim num 9 should be no more than 8", NULL);
    expect_error(aclnnPowScalarTensorGetWorkspaceSize(e, a, bt, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out shape [3, 2] should be the same as exponent shape [2, 3]", NULL);
    expect_error(aclnnPowTensorTensorGetWorkspaceSize(a, c, a, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self shape [2, 3] and exponent shape [4, 3] can not broadcast", NULL);
    expect_error(aclnnPowTensorTensorGetWorkspaceSize(row, row, a, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out shape [2, 3] should be [3]", NULL);
    ok_and_free(aclnnPowTensorTensorGetWorkspaceSize(a, row, a, &ws, &ex));
    /* inplace: the broadcast shape must be selfRef's own */
    expect_error(aclnnInplacePowTensorTensorGetWorkspaceSize(row, a, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "shape [3] should be [2, 3]", NULL);
    ok_and_free(aclnnInplacePowTensorTensorGetWorkspaceSize(a, row, &ws, &ex));
    /* one launch of the Pow kernel, no workspace */
    ok_and_free(aclnnPowTensorScalarGetWorkspaceSize(a, e, a, &ws, &ex));
    assert_int_equal(ws, 0);
    /* empty tensors: success, workspace 0, nothing to launch */
    aclTensor *empty = T(ACL_FLOAT, FAKE_ADDR, 0, 3), *eb = T(ACL_FLOAT, FAKE_ADDR, 3);
    assert_int_equal(aclnnPowTensorTensorGetWorkspaceSize(empty, eb, empty, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclemu_exec_launch_count(ex), 0);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnPowScalarTensorGetWorkspaceSize(e, empty, empty, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclemu_exec_launch_count(ex), 0);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    ex = NULL;
    aclDestroyTensor(empty);
    aclDestroyTensor(eb);
    aclDestroyScalar(e);
    aclDestroyTensor(a);
    aclDestroyTensor(bt);
    aclDestroyTensor(c);
    aclDestroyTensor(row);
    aclDestroyTensor(nz);
    aclDestroyTensor(nzu);
    aclDestroyTensor(r9);
}

static void test_sqrt(void **state)
{
    aclTensor *f32 = T(ACL_FLOAT, FAKE_ADDR, 2, 3), *f16 = T(ACL_FLOAT16, FAKE_ADDR, 2, 3);
    aclTensor *i32 = T(ACL_INT32, FAKE_ADDR, 2, 3), *u16 = T(ACL_UINT16, FAKE_ADDR, 2, 3), *b = T(ACL_BOOL, FAKE_ADDR, 2, 3);
    aclTensor *t32 = T(ACL_FLOAT, FAKE_ADDR, 3, 2), *nz = nz_tensor(ACL_FLOAT);
    expect_error(aclnnSqrtGetWorkspaceSize(NULL, f32, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001", "aclnnSqrt",
                 "self should not be nullptr");
    expect_error(aclnnSqrtGetWorkspaceSize(f32, NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "out should not be nullptr", NULL);
    expect_error(aclnnInplaceSqrtGetWorkspaceSize(NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                 "aclnnInplaceSqrt", "should not be nullptr");
    expect_error(aclnnSqrtGetWorkspaceSize(u16, f32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self dtype DT_UINT16 should be in dtype support list", NULL);
    /* integers and BOOL give FLOAT: a FLOAT / FLOAT16 out is fine, an integer or BOOL out is not */
    ok_and_free(aclnnSqrtGetWorkspaceSize(i32, f32, &ws, &ex));
    ok_and_free(aclnnSqrtGetWorkspaceSize(b, f16, &ws, &ex));
    expect_error(aclnnSqrtGetWorkspaceSize(i32, i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "result dtype DT_FLOAT can not cast to out dtype DT_INT32", NULL);
    expect_error(aclnnSqrtGetWorkspaceSize(f16, b, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "can not cast to out dtype DT_BOOL", NULL);
    ok_and_free(aclnnSqrtGetWorkspaceSize(f16, f32, &ws, &ex));
    /* inplace takes only the float dtypes */
    expect_error(aclnnInplaceSqrtGetWorkspaceSize(i32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "dtype DT_INT32 should be in dtype support list", NULL);
    ok_and_free(aclnnInplaceSqrtGetWorkspaceSize(f16, &ws, &ex));
    expect_error(aclnnSqrtGetWorkspaceSize(nz, nz, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "self format FRACTAL_NZ is not supported", NULL);
    expect_error(aclnnSqrtGetWorkspaceSize(f32, t32, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "EZ1001",
                 "out shape [3, 2] should be the same as self shape [2, 3]", NULL);
    aclTensor *empty = T(ACL_FLOAT, FAKE_ADDR, 4, 0);
    assert_int_equal(aclnnSqrtGetWorkspaceSize(empty, empty, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclemu_exec_launch_count(ex), 0);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    ex = NULL;
    aclDestroyTensor(empty);
    aclDestroyTensor(f32);
    aclDestroyTensor(f16);
    aclDestroyTensor(i32);
    aclDestroyTensor(u16);
    aclDestroyTensor(b);
    aclDestroyTensor(t32);
    aclDestroyTensor(nz);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pow_nulls),
        cmocka_unit_test(test_pow_dtypes),
        cmocka_unit_test(test_pow_formats_and_shapes),
        cmocka_unit_test(test_sqrt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
