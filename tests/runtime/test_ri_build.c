/* The model runtime's direct build of a task list (acl/src/ri_internal.h): tasks issued on a
 * private stream between aclemu_ri_build_begin and _end are recorded without the capture-mode
 * rules, then replayed with aclemu_ri_launch through the same graph task as a capture. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ri_internal.h"

static void test_build_and_launch(void **state)
{
    (void)state;
    assert_int_equal(aclInit(NULL), 0);
    assert_int_equal(aclrtSetDevice(0), 0);
    aclrtStream build, run;
    assert_int_equal(aclrtCreateStream(&build), 0);
    assert_int_equal(aclrtCreateStream(&run), 0);
    void *weights, *act;
    uint8_t *in, *out;
    assert_int_equal(aclrtMalloc(&weights, 256, ACL_MEM_MALLOC_HUGE_FIRST), 0);
    assert_int_equal(aclrtMalloc(&act, 256, ACL_MEM_MALLOC_HUGE_FIRST), 0);
    assert_int_equal(aclrtMallocHost((void **)&in, 256), 0);
    assert_int_equal(aclrtMallocHost((void **)&out, 256), 0);

    assert_int_equal(aclemu_ri_build_begin(build), 0);
    assert_int_equal(aclemu_ri_build_begin(build), ACL_ERROR_RT_STREAM_CAPTURED);
    /* no capture-mode rules for a model build: a load-time synchronous copy is fine */
    uint8_t w[256];
    memset(w, 7, sizeof w);
    assert_int_equal(aclrtMemcpy(weights, 256, w, 256, ACL_MEMCPY_HOST_TO_DEVICE), 0);
    /* the list: input -> act, act[0..128) = 0x55, act -> output */
    assert_int_equal(aclrtMemcpyAsync(act, 256, in, 256, ACL_MEMCPY_HOST_TO_DEVICE, build), 0);
    assert_int_equal(aclrtMemsetAsync(act, 128, 0x55, 128, build), 0);
    assert_int_equal(aclrtMemcpyAsync(out, 256, act, 256, ACL_MEMCPY_DEVICE_TO_HOST, build), 0);
    aclemu_ri *ri = NULL;
    assert_int_equal(aclemu_ri_build_end(build, &ri), 0);
    assert_non_null(ri);
    assert_int_equal(aclemu_ri_task_count(ri), 3);
    assert_int_equal(aclemu_ri_build_end(build, &ri), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
    assert_int_equal(aclrtSynchronizeStream(build), 0);
    for (int k = 0; k < 3; k++) {
        memset(in, 0x10 + k, 256);
        memset(out, 0, 256);
        assert_int_equal(aclemu_ri_launch(ri, k == 1 ? build : run), 0);
        assert_int_equal(aclrtSynchronizeStream(k == 1 ? build : run), 0);
        for (int i = 0; i < 256; i++)
            assert_int_equal(out[i], i < 128 ? 0x55 : 0x10 + k);
    }
    /* a stream that is building cannot replay */
    assert_int_equal(aclemu_ri_build_begin(run), 0);
    assert_int_equal(aclemu_ri_launch(ri, run), ACL_ERROR_RT_STREAM_CAPTURED);
    aclemu_ri *empty = NULL;
    assert_int_equal(aclemu_ri_build_end(run, &empty), 0);
    assert_int_equal(aclemu_ri_task_count(empty), 0);
    assert_int_equal(aclemu_ri_launch(empty, run), 0); /* an empty list runs too */
    assert_int_equal(aclemu_ri_destroy(empty), 0);
    assert_int_equal(aclemu_ri_destroy(ri), 0);
    assert_int_equal(aclemu_ri_destroy(ri), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclrtFree(weights), 0);
    assert_int_equal(aclrtFree(act), 0);
    assert_int_equal(aclrtFreeHost(in), 0);
    assert_int_equal(aclrtFreeHost(out), 0);
    assert_int_equal(aclrtDestroyStream(build), 0);
    assert_int_equal(aclrtDestroyStream(run), 0);
    assert_int_equal(aclrtResetDevice(0), 0);
    assert_int_equal(aclFinalize(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_and_launch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
