/* Less common device/stream configuration API: stream config handles, priority range, device
 * attributes, op timeouts, system parameters, core-count limits, saturation mode. Values the
 * emulator has no use for are kept so that reads return what was written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rt_internal.h"

#define STREAM_PRIORITY_LEAST 7
#define STREAM_PRIORITY_GREATEST 0

ACL_FUNC_VISIBILITY aclrtStreamConfigHandle *aclrtCreateStreamConfigHandle(void)
{
    aclrtStreamConfigHandle *h = calloc(1, sizeof(*h));
    if (h == NULL) {
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*h), "calloc");
    }
    return h;
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle *handle)
{
    if (handle == NULL) {
        ERR_NULL("handle");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    free(handle);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle *handle,
                                                     aclrtStreamConfigAttr attr,
                                                     const void *attrValue, size_t valueSize)
{
    if (handle == NULL || attrValue == NULL) {
        ERR_NULL(handle == NULL ? "handle" : "attrValue");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    size_t need = attr == ACL_RT_STREAM_WORK_ADDR_PTR ? sizeof(void *)
                  : attr == ACL_RT_STREAM_WORK_SIZE   ? sizeof(size_t)
                  : attr == ACL_RT_STREAM_FLAG        ? sizeof(uint32_t)
                  : attr == ACL_RT_STREAM_PRIORITY    ? sizeof(uint32_t)
                                                      : 0;
    if (need == 0 || valueSize < need) {
        char v[24];
        snprintf(v, sizeof(v), "%zu", valueSize);
        ERR_VALUE("aclrtSetStreamConfigOpt", v, "valueSize",
                  need == 0 ? "unknown attribute" : "too small for the attribute");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    switch (attr) {
    case ACL_RT_STREAM_WORK_ADDR_PTR: memcpy(&handle->workptr, attrValue, need); break;
    case ACL_RT_STREAM_WORK_SIZE: memcpy(&handle->workSize, attrValue, need); break;
    case ACL_RT_STREAM_FLAG: {
        uint32_t f;
        memcpy(&f, attrValue, sizeof(f));
        handle->flag = f;
        break;
    }
    case ACL_RT_STREAM_PRIORITY: memcpy(&handle->priority, attrValue, need); break;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDeviceGetStreamPriorityRange(int32_t *leastPriority,
                                                               int32_t *greatestPriority)
{
    if (leastPriority == NULL || greatestPriority == NULL) {
        ERR_NULL(leastPriority == NULL ? "leastPriority" : "greatestPriority");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    *leastPriority = STREAM_PRIORITY_LEAST;
    *greatestPriority = STREAM_PRIORITY_GREATEST;
    return ACL_SUCCESS;
}

static int device_checked(const char *func, int64_t devid)
{
    if (devid < 0 || devid >= (int64_t)rt_device_count()) {
        char v[24];
        snprintf(v, sizeof(v), "%lld", (long long)devid);
        ERR_RT_VALUE(func, v, "deviceId", "no such device");
        return ACL_ERROR_RT_INVALID_DEVICEID;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value)
{
    if (value == NULL) {
        ERR_NULL("value");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = device_checked("aclrtGetDeviceInfo", deviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    const aclemu_chip_profile *p = rt_profile((int32_t)deviceId);
    switch ((int)attr) {
    case ACL_DEV_ATTR_AICPU_CORE_NUM: *value = p->ai_cpu_cnt; break;
    case ACL_DEV_ATTR_AICORE_CORE_NUM: *value = p->ai_core_cnt; break;
    case ACL_DEV_ATTR_CUBE_CORE_NUM: *value = p->cube_core_cnt ? p->cube_core_cnt : p->ai_core_cnt; break;
    case ACL_DEV_ATTR_VECTOR_CORE_NUM: *value = p->vector_core_cnt; break;
    case ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE: *value = (int64_t)p->ub_size; break;
    case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE: *value = (int64_t)p->memory_cap; break;
    case ACL_DEV_ATTR_L2_CACHE_SIZE: *value = (int64_t)p->l2_size; break;
    case ACL_DEV_ATTR_PHY_CHIP_ID: *value = rt_physical_id((int32_t)deviceId); break;
    default: {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)attr);
        ERR_VALUE("aclrtGetDeviceInfo", v, "attr", "the attribute is not available on this device");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCapability(int32_t deviceId,
                                                      aclrtDevFeatureType devFeatureType,
                                                      int32_t *value)
{
    if (value == NULL) {
        ERR_NULL("value");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = device_checked("aclrtGetDeviceCapability", deviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    (void)devFeatureType;
    *value = ACL_DEV_FEATURE_NOT_SUPPORT; /* no task-update or cross-device memq hardware */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus *deviceStatus)
{
    if (deviceStatus == NULL) {
        ERR_NULL("deviceStatus");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = device_checked("aclrtQueryDeviceStatus", deviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *deviceStatus = ACL_RT_DEVICE_STATUS_NORMAL;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDeviceGetBareTgid(int32_t *pid)
{
    if (pid == NULL) {
        ERR_NULL("pid");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    *pid = (int32_t)getpid();
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId)
{
    int ret = device_checked("aclrtDeviceDisablePeerAccess", peerDeviceId);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclrtSetTsDevice(aclrtTsId tsId)
{
    if (tsId != ACL_TS_ID_AICORE && tsId != ACL_TS_ID_AIVECTOR) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)tsId);
        ERR_EXPECT("aclrtSetTsDevice", v, "tsId", "ACL_TS_ID_AICORE or ACL_TS_ID_AIVECTOR");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    return ACL_SUCCESS;
}

/* ---- stored settings ------------------------------------------------------------------------ */

static pthread_mutex_t settings_lock = PTHREAD_MUTEX_INITIALIZER;
static int sat_mode = ACL_RT_OVERFLOW_MODE_SATURATION;
#define SYS_PARAM_COUNT 4
static int64_t sys_params[SYS_PARAM_COUNT];
static bool sys_params_set[SYS_PARAM_COUNT];
static uint32_t res_limit[ACLEMU_MAX_DEVICES][2];
static bool res_limit_set[ACLEMU_MAX_DEVICES][2];

/* Op execute timeouts (aclrtSetOpExecuteTimeOut, seconds, is in api_device.c): enforced by the
 * device, which stops a kernel running longer (ACL_ERROR_RT_AICORE_TIMEOUT at the next sync).
 * The effective value is capped at the A2/A3 maximum, 254 x 2^32 ns (1091 s), also the default.
 * The device's watchdog has no hardware tick: any value counts, in microseconds. */
static uint64_t capped_timeout_us(uint64_t us)
{
    return us == 0 || us > DRV_OP_EXECUTE_TIMEOUT_MAX_US ? DRV_OP_EXECUTE_TIMEOUT_MAX_US : us;
}

ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout)
{
    drv_set_op_execute_timeout(capped_timeout_us((uint64_t)timeout * 1000u)); /* 0: the maximum */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout)
{
    if (actualTimeout == NULL) {
        ERR_NULL("actualTimeout");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    /* microseconds; 0: never time out, reported as UINT64_MAX (as a card whose timeout interval
     * is below 100 ms) */
    uint64_t us = timeout == 0 ? 0 : capped_timeout_us(timeout);
    drv_set_op_execute_timeout(us);
    *actualTimeout = us == 0 ? UINT64_MAX : us;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs)
{
    if (timeoutMs == NULL) {
        ERR_NULL("timeoutMs");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    uint64_t us = drv_op_execute_timeout();
    *timeoutMs = us == 0 ? UINT32_MAX : (uint32_t)((us + 999) / 1000); /* never: UINT32_MAX */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode)
{
    if (mode != ACL_RT_OVERFLOW_MODE_SATURATION && mode != ACL_RT_OVERFLOW_MODE_INFNAN) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)mode);
        ERR_EXPECT("aclrtSetDeviceSatMode", v, "mode",
                   "ACL_RT_OVERFLOW_MODE_SATURATION or ACL_RT_OVERFLOW_MODE_INFNAN");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    __atomic_store_n(&sat_mode, (int)mode, __ATOMIC_RELAXED);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode *mode)
{
    if (mode == NULL) {
        ERR_NULL("mode");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    *mode = (aclrtFloatOverflowMode)__atomic_load_n(&sat_mode, __ATOMIC_RELAXED);
    return ACL_SUCCESS;
}

static int sys_param_index(const char *func, aclSysParamOpt opt)
{
    if ((int)opt < 0 || (int)opt >= SYS_PARAM_COUNT) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)opt);
        ERR_VALUE(func, v, "opt", "it is not an aclSysParamOpt value");
        return -1;
    }
    return (int)opt;
}

static aclError set_sys_param(const char *func, aclSysParamOpt opt, int64_t value)
{
    int i = sys_param_index(func, opt);
    if (i < 0) {
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    pthread_mutex_lock(&settings_lock);
    sys_params[i] = value;
    sys_params_set[i] = true;
    pthread_mutex_unlock(&settings_lock);
    return ACL_SUCCESS;
}

static aclError get_sys_param(const char *func, aclSysParamOpt opt, int64_t *value)
{
    if (value == NULL) {
        ERR_NULL("value");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int i = sys_param_index(func, opt);
    if (i < 0) {
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    pthread_mutex_lock(&settings_lock);
    bool set = sys_params_set[i];
    *value = sys_params[i];
    pthread_mutex_unlock(&settings_lock);
    if (!set) {
        ERR_RT_SEQ(func, "the parameter has not been set");
        return rt_ret(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET);
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    return set_sys_param("aclrtSetSysParamOpt", opt, value);
}

ACL_FUNC_VISIBILITY aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    return get_sys_param("aclrtGetSysParamOpt", opt, value);
}

ACL_FUNC_VISIBILITY aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    return set_sys_param("aclrtCtxSetSysParamOpt", opt, value);
}

ACL_FUNC_VISIBILITY aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    return get_sys_param("aclrtCtxGetSysParamOpt", opt, value);
}

static uint32_t core_count(int32_t devid, aclrtDevResLimitType type)
{
    const aclemu_chip_profile *p = rt_profile(devid);
    if (type == ACL_RT_DEV_RES_CUBE_CORE) {
        return p->cube_core_cnt ? p->cube_core_cnt : p->ai_core_cnt;
    }
    return p->vector_core_cnt;
}

static int check_res_type(const char *func, aclrtDevResLimitType type)
{
    if (type != ACL_RT_DEV_RES_CUBE_CORE && type != ACL_RT_DEV_RES_VECTOR_CORE) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)type);
        ERR_EXPECT(func, v, "type", "ACL_RT_DEV_RES_CUBE_CORE or ACL_RT_DEV_RES_VECTOR_CORE");
        return ACL_ERROR_INVALID_PARAM;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type,
                                                    uint32_t *value)
{
    if (value == NULL) {
        ERR_NULL("value");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = device_checked("aclrtGetDeviceResLimit", deviceId);
    if (ret == ACL_SUCCESS) ret = check_res_type("aclrtGetDeviceResLimit", type);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    pthread_mutex_lock(&settings_lock);
    *value = res_limit_set[deviceId][type] ? res_limit[deviceId][type] : core_count(deviceId, type);
    pthread_mutex_unlock(&settings_lock);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type,
                                                    uint32_t value)
{
    int ret = device_checked("aclrtSetDeviceResLimit", deviceId);
    if (ret == ACL_SUCCESS) ret = check_res_type("aclrtSetDeviceResLimit", type);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    uint32_t max = core_count(deviceId, type);
    if (value == 0 || value > max) {
        char v[16], why[64];
        snprintf(v, sizeof(v), "%u", value);
        snprintf(why, sizeof(why), "it must be in the range [1, %u]", max);
        ERR_VALUE("aclrtSetDeviceResLimit", v, "value", why);
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    pthread_mutex_lock(&settings_lock);
    res_limit[deviceId][type] = value;
    res_limit_set[deviceId][type] = true;
    pthread_mutex_unlock(&settings_lock);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtResetDeviceResLimit(int32_t deviceId)
{
    int ret = device_checked("aclrtResetDeviceResLimit", deviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    pthread_mutex_lock(&settings_lock);
    res_limit_set[deviceId][0] = res_limit_set[deviceId][1] = false;
    pthread_mutex_unlock(&settings_lock);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t *value)
{
    if (value == NULL) {
        ERR_NULL("value");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = check_res_type("aclrtGetResInCurrentThread", type);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclrtGetResInCurrentThread", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    int32_t dev = ctx->devid;
    handle_put(&ctx->hdr);
    return aclrtGetDeviceResLimit(dev, type, value);
}

/* ---- allocation with configuration ----------------------------------------------------------- */

ACL_FUNC_VISIBILITY aclError aclrtMallocWithCfg(void **devPtr, size_t size,
                                                aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg)
{
    /* the module/device/VA attributes do not change where the emulator places memory */
    (void)cfg;
    return aclrtMalloc(devPtr, size, policy);
}

ACL_FUNC_VISIBILITY aclError aclrtMallocHostWithCfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg)
{
    (void)cfg;
    return aclrtMallocHost(ptr, (size_t)size);
}
