// The aclnn meta API: creation rules, getters and their ownership (new[] arrays the caller
// deletes), lists owning their elements, aclInitTensor, raw addresses, aclnnInit/Finalize.
#include <cstdint>
#include <cstring>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

extern "C" {
#include <cmocka.h>
}

#include "aclnn/aclnn_base.h"

static void test_tensor_create_and_getters(void **)
{
    int64_t shape[] = {2, 3, 4};
    aclTensor *t = aclCreateTensor(shape, 3, ACL_FLOAT16, nullptr, 5, ACL_FORMAT_NCL, shape, 3, (void *)0x1000);
    assert_non_null(t);
    int64_t *dims = nullptr;
    uint64_t n = 0;
    assert_int_equal(aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 3);
    assert_true(dims[0] == 2 && dims[1] == 3 && dims[2] == 4);
    delete[] dims;
    int64_t *strides = nullptr;
    assert_int_equal(aclGetViewStrides(t, &strides, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 3);
    assert_true(strides[0] == 12 && strides[1] == 4 && strides[2] == 1); // NULL stride = contiguous
    delete[] strides;
    int64_t *sdims = nullptr;
    assert_int_equal(aclGetStorageShape(t, &sdims, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 3);
    delete[] sdims;
    int64_t off = 0;
    assert_int_equal(aclGetViewOffset(t, &off), ACLNN_SUCCESS);
    assert_int_equal(off, 5);
    aclFormat f;
    aclDataType dt;
    assert_int_equal(aclGetFormat(t, &f), ACLNN_SUCCESS);
    assert_int_equal(f, ACL_FORMAT_NCL);
    assert_int_equal(aclGetDataType(t, &dt), ACLNN_SUCCESS);
    assert_int_equal(dt, ACL_FLOAT16);
    // every getter rejects null pointers with 161001
    assert_int_equal(aclGetViewShape(nullptr, &dims, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetViewShape(t, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetViewStrides(t, &strides, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetViewOffset(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetFormat(nullptr, &f), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetDataType(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
}

static void test_tensor_creation_rules(void **)
{
    int64_t shape[] = {4, 2}, strides[] = {1, 4}, storage[] = {2, 4};
    // NULL dims with a non-zero count is refused; rank 0 is fine
    assert_null(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 2, nullptr));
    assert_null(aclCreateTensor(shape, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 2, nullptr));
    aclTensor *scalar = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
    assert_non_null(scalar);
    int64_t *d = nullptr;
    uint64_t n = 9;
    assert_int_equal(aclGetViewShape(scalar, &d, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 0);
    delete[] d;
    aclDestroyTensor(scalar);
    // a transposed view keeps the given strides
    aclTensor *tr = aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 2, nullptr);
    int64_t *s = nullptr;
    assert_int_equal(aclGetViewStrides(tr, &s, &n), ACLNN_SUCCESS);
    assert_true(n == 2 && s[0] == 1 && s[1] == 4);
    delete[] s;
    // higher ranks than any op accepts can still be created (ops reject them)
    int64_t big[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3};
    aclTensor *r12 = aclCreateTensor(big, 12, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, big, 12, nullptr);
    assert_non_null(r12);
    assert_int_equal(aclGetViewStrides(r12, &s, &n), ACLNN_SUCCESS);
    assert_true(n == 12 && s[11] == 1 && s[10] == 3 && s[0] == 6);
    delete[] s;
    // aclInitTensor re-describes an existing tensor (rank may change)
    int64_t ns[] = {3};
    assert_int_equal(aclInitTensor(r12, ns, 1, ACL_INT32, nullptr, 1, ACL_FORMAT_ND, ns, 1, (void *)0x40),
                     ACLNN_SUCCESS);
    assert_int_equal(aclGetViewShape(r12, &d, &n), ACLNN_SUCCESS);
    assert_true(n == 1 && d[0] == 3);
    delete[] d;
    void *addr = nullptr;
    assert_int_equal(aclGetRawTensorAddr(r12, &addr), ACLNN_SUCCESS);
    assert_ptr_equal(addr, (void *)0x40);
    assert_int_equal(aclSetRawTensorAddr(r12, (void *)0x80), ACLNN_SUCCESS);
    assert_int_equal(aclGetRawTensorAddr(r12, &addr), ACLNN_SUCCESS);
    assert_ptr_equal(addr, (void *)0x80);
    assert_int_equal(aclInitTensor(nullptr, ns, 1, ACL_INT32, nullptr, 0, ACL_FORMAT_ND, ns, 1, nullptr),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclSetRawTensorAddr(nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    aclDestroyTensor(r12);
    aclDestroyTensor(tr);
}

static void test_scalars_and_arrays(void **)
{
    double v = 2.5;
    aclScalar *s = aclCreateScalar(&v, ACL_DOUBLE);
    assert_non_null(s);
    v = 7; // the value was copied at creation; nothing observable changes
    assert_null(aclCreateScalar(nullptr, ACL_FLOAT));
    assert_int_equal(aclDestroyScalar(s), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyScalar(nullptr), ACLNN_SUCCESS);

    int64_t iv[] = {1, 2, 3};
    aclIntArray *ia = aclCreateIntArray(iv, 3);
    uint64_t n = 0;
    assert_int_equal(aclGetIntArraySize(ia, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 3);
    assert_null(aclCreateIntArray(nullptr, 2));
    aclIntArray *empty = aclCreateIntArray(nullptr, 0);
    assert_non_null(empty);
    assert_int_equal(aclGetIntArraySize(empty, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 0);
    float fv[] = {1.f, 2.f};
    aclFloatArray *fa = aclCreateFloatArray(fv, 2);
    assert_int_equal(aclGetFloatArraySize(fa, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 2);
    bool bv[] = {true, false, true, true};
    aclBoolArray *ba = aclCreateBoolArray(bv, 4);
    assert_int_equal(aclGetBoolArraySize(ba, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 4);
    assert_int_equal(aclGetBoolArraySize(nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetIntArraySize(ia, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    aclDestroyIntArray(ia);
    aclDestroyIntArray(empty);
    aclDestroyFloatArray(fa);
    aclDestroyBoolArray(ba);
    assert_int_equal(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
}

static void test_lists_own_elements(void **)
{
    int64_t shape[] = {2};
    const aclTensor *ts[] = {
        aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, nullptr),
        aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, nullptr)};
    aclTensorList *tl = aclCreateTensorList(ts, 2);
    uint64_t n = 0;
    assert_int_equal(aclGetTensorListSize(tl, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 2);
    assert_null(aclCreateTensorList(nullptr, 1));
    float one = 1.f;
    int32_t two = 2;
    const aclScalar *ss[] = {aclCreateScalar(&one, ACL_FLOAT), aclCreateScalar(&two, ACL_INT32)};
    aclScalarList *sl = aclCreateScalarList(ss, 2);
    assert_int_equal(aclGetScalarListSize(sl, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 2);
    assert_int_equal(aclGetScalarListSize(nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    // destroying a list destroys its elements (valgrind/ASan builds see no leak)
    assert_int_equal(aclDestroyTensorList(tl), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyScalarList(sl), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyTensorList(nullptr), ACLNN_SUCCESS);
}

static void test_init_finalize(void **)
{
    assert_int_equal(aclnnInit(nullptr), ACLNN_SUCCESS);
    assert_int_equal(aclnnFinalize(), ACLNN_SUCCESS);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tensor_create_and_getters), cmocka_unit_test(test_tensor_creation_rules),
        cmocka_unit_test(test_scalars_and_arrays),        cmocka_unit_test(test_lists_own_elements),
        cmocka_unit_test(test_init_finalize),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
