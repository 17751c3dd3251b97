/* Compiled (not run) by compile_headers.sh as strict C99: the ACL headers must be
 * usable from C exactly as CANN's are. Compile-time checks use the C99 idiom of a
 * negative array size, since _Static_assert is C11. */
#include "acl/acl.h"
#include "acl/acl_base.h"
#include "acl/acl_rt.h"
#include "acl/acl_base_rt.h"
#include "acl/acl_op.h"
#include "acl/acl_op_compiler.h"
#include "acl/acl_mdl.h"
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_api.h" /* contributes nothing in C, but must not break it */
#include "acl/acl_rt_allocator.h"
#include "acl/error_codes/rt_error_codes.h"
#include "acl/error_codes/ge_error_codes.h"

#include <stddef.h>

#define C99_ASSERT(name, cond) typedef char c99_assert_##name[(cond) ? 1 : -1]

/* RT codes are macros, usable by the preprocessor. */
#if ACL_ERROR_RT_PARAM_INVALID != 107000 || ACL_ERROR_RT_MEMORY_ALLOCATION != 207001
#error "runtime error codes have wrong values"
#endif
#if ACL_EVENT_TIME_LINE != 0x8 || ACL_STREAM_FAST_LAUNCH != 0x1 || ACL_STOP_ON_FAILURE != 1
#error "flag macros have wrong values"
#endif
#if ACL_MAJOR_VERSION != 1 || ACL_MINOR_VERSION != 17 || ACL_PATCH_VERSION != 0
#error "version macros have wrong values"
#endif

C99_ASSERT(fp16_is_16_bits, sizeof(aclFloat16) == 2);
C99_ASSERT(aclError_is_int, sizeof(aclError) == sizeof(int));
C99_ASSERT(dtype_bf16, ACL_BF16 == 27);
C99_ASSERT(dtype_undefined, ACL_DT_UNDEFINED == -1);
C99_ASSERT(format_fz3d, ACL_FRACTAL_Z_3D == 33);
C99_ASSERT(memcpy_d2d, ACL_MEMCPY_DEVICE_TO_DEVICE == 3);
C99_ASSERT(policy_ro, ACL_MEM_ACCESS_USER_SPACE_READONLY == 0x100000);
C99_ASSERT(recorded_complete, ACL_EVENT_RECORDED_STATUS_COMPLETE == 1);
C99_ASSERT(run_mode_host, ACL_HOST == 1);
C99_ASSERT(compile_opt_last, ACL_OP_DEBUG_OPTION == 16);
C99_ASSERT(pkg_version_size, sizeof(aclCANNPackageVersion) == 512);
C99_ASSERT(dump_chunk_data_offset, offsetof(acldumpChunk, dataBuf) == 4116);
C99_ASSERT(ptr_attr_size, sizeof(aclrtPtrAttributes) == 28);

/* A user-style function touching every header's API; never run, only compiled. */
int aclemu_c_usage(aclrtStream stream)
{
    int64_t dims[2] = {8, 16};
    aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT16, 2, dims, ACL_FORMAT_ND);
    aclDataBuffer* buf = aclCreateDataBuffer(NULL, 0);
    aclopAttr* attr = aclopCreateAttr();
    aclrtPtrAttributes attrs;
    aclrtUtilizationInfo util;
    aclrtEventRecordedStatus st = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    aclError ret = aclInit(NULL);
    float back = aclFloat16ToFloat(aclFloatToFloat16(0.5f));
    void* dev = NULL;
    uint32_t geCode = ACL_ERROR_GE_PARAM_INVALID;

    ACL_APP_LOG(ACL_INFO, "init returned %d", (int)ret);
    ACL_APP_LOG(ACL_ERROR, "no arguments after the format");
    if (ret != ACL_SUCCESS && ret != ACL_ERROR_REPEAT_INITIALIZE) {
        return ret;
    }
    (void)aclrtMalloc(&dev, aclGetTensorDescSize(desc), ACL_MEM_MALLOC_HUGE_FIRST);
    (void)aclrtMemcpyAsync(dev, 4, &back, sizeof back, ACL_MEMCPY_HOST_TO_DEVICE, stream);
    (void)aclrtPointerGetAttributes(dev, &attrs);
    (void)aclrtGetDeviceUtilizationRate(0, &util);
    (void)aclopSetAttrListInt(attr, "strides", 2, dims);
    (void)aclopCompile("Add", 1, (const aclTensorDesc* const*)&desc, 1, (const aclTensorDesc* const*)&desc, attr,
                       ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL);
    (void)aclmdlCreateDataset();
    (void)acldumpGetPath(DATA_DUMP);
    (void)aclrtQueryEventStatus(NULL, &st);
    aclDestroyTensorDesc(desc);
    (void)aclDestroyDataBuffer(buf);
    aclopDestroyAttr(attr);
    (void)aclFinalize();
    return geCode == 145000U && (int)st >= 0 && ACL_UNKNOWN_RANK == 0xFFFFFFFFFFFFFFFEULL ? 0 : 1;
}
