/* Devices and contexts: aclrtSetDevice / aclrtResetDevice refcounting, default (primary)
 * contexts shared by the threads that set the same device, explicit contexts, peer access. */
#include <stdio.h>
#include <string.h>

#include "ri_internal.h"
#include "rt_internal.h"

/* Per logical device: how often aclrtSetDevice was called and its default context. */
static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    int set_refs;
    rt_context *primary;
} devs[ACLEMU_MAX_DEVICES];

static int check_devid(const char *func, int32_t devid)
{
    int ret = rt_topology_ready(); /* a broken topology file is reported as such */
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    uint32_t count = rt_device_count();
    if (devid < 0 || (uint32_t)devid >= count) {
        char v[16], why[96];
        snprintf(v, sizeof(v), "%d", devid);
        snprintf(why, sizeof(why), "the device ID must be in the range [0, %d)", (int)count);
        aclemu_errmsg_push("EE1011", "%s failed. Value %s for parameter %s is invalid. Reason: %s.",
                           func, v, "deviceId", why);
        return ACL_ERROR_RT_INVALID_DEVICEID;
    }
    return ACL_SUCCESS;
}

int rt_set_device_internal(int32_t devid, rt_context **primary);
int rt_set_device_internal(int32_t devid, rt_context **primary)
{
    int ret = check_devid("aclrtSetDevice", devid);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    pthread_mutex_lock(&dev_lock);
    if (devs[devid].set_refs == 0) {
        ret = rt_context_create(devid, true, &devs[devid].primary);
    }
    if (ret == ACL_SUCCESS) {
        devs[devid].set_refs++;
        *primary = devs[devid].primary;
    }
    pthread_mutex_unlock(&dev_lock);
    return ret;
}

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId)
{
    rt_context *primary;
    int ret = rt_set_device_internal(deviceId, &primary);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    rt_set_current_ctx(primary);
    RT_LOG(ACLEMU_LOG_INFO, "set device %d", deviceId);
    return ACL_SUCCESS;
}

static int reset_device(const char *func, int32_t devid, bool force)
{
    int ret = check_devid(func, devid);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    rt_context *dead = NULL;
    pthread_mutex_lock(&dev_lock);
    if (devs[devid].set_refs == 0) {
        pthread_mutex_unlock(&dev_lock);
        char why[128];
        snprintf(why, sizeof(why), "device %d is not set (never set, or already reset)", devid);
        ERR_RT_SEQ(func, why);
        return rt_ret(ACL_ERROR_RT_CONTEXT_NULL);
    }
    devs[devid].set_refs = force ? 0 : devs[devid].set_refs - 1;
    if (devs[devid].set_refs == 0) {
        dead = devs[devid].primary;
        devs[devid].primary = NULL;
    }
    pthread_mutex_unlock(&dev_lock);
    if (dead != NULL) {
        /* wait for outstanding work, then free the default context and its streams */
        drv_device_sync(dead->drv, -1);
        rt_context_teardown(dead);
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId)
{
    return reset_device("aclrtResetDevice", deviceId, false);
}

ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId)
{
    return reset_device("aclrtResetDeviceForce", deviceId, true);
}

ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t *deviceId)
{
    if (deviceId == NULL) {
        ERR_NULL("deviceId");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclrtGetDevice", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    *deviceId = ctx->devid;
    handle_put(&ctx->hdr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (count == NULL) {
        ERR_NULL("count");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = rt_topology_ready();
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *count = rt_device_count();
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode *runMode)
{
    if (runMode == NULL) {
        ERR_NULL("runMode");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    *runMode = ACL_HOST; /* the program always runs on the host side of the card */
    return ACL_SUCCESS;
}

static int sync_device(const char *func, int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        char v[16];
        snprintf(v, sizeof(v), "%d", timeout);
        ERR_RT_VALUE(func, v, "timeout", "it must be -1 (wait forever) or a positive number of ms");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    int code;
    rt_context *ctx = rt_require_ctx(func, &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    int ret = rt_capture_refuse_ctx(func, ctx);
    if (ret != ACL_SUCCESS) {
        handle_put(&ctx->hdr);
        return rt_ret(ret);
    }
    ret = drv_device_sync(ctx->drv, timeout);
    handle_put(&ctx->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail(func, ret));
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void)
{
    return sync_device("aclrtSynchronizeDevice", -1);
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout)
{
    return sync_device("aclrtSynchronizeDeviceWithTimeout", timeout);
}

/* ---- contexts ---------------------------------------------------------------------------------- */

ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)
{
    if (context == NULL) {
        ERR_NULL("context");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = check_devid("aclrtCreateContext", deviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    rt_context *ctx;
    ret = rt_context_create(deviceId, false, &ctx);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    rt_set_current_ctx(ctx); /* a new context becomes current, switching the device */
    *context = ctx;
    return ACL_SUCCESS;
}

static rt_context *lookup_ctx(const char *func, aclrtContext context, int *code)
{
    if (context == NULL) {
        ERR_NULL("context");
        *code = ACL_ERROR_INVALID_PARAM;
        return NULL;
    }
    rt_context *ctx = (rt_context *)handle_get(context, HANDLE_CONTEXT);
    if (ctx == NULL) {
        char v[32];
        snprintf(v, sizeof(v), "%p", context);
        ERR_VALUE(func, v, "context", "it is not a live context (destroyed or never created)");
        *code = ACL_ERROR_INVALID_PARAM;
    }
    return ctx;
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context)
{
    int code;
    rt_context *ctx = lookup_ctx("aclrtDestroyContext", context, &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    if (ctx->primary) {
        handle_put(&ctx->hdr);
        ERR_VALUE("aclrtDestroyContext", "default context", "context",
                  "the default context of a device is released by aclrtResetDevice");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    drv_device_sync(ctx->drv, -1);
    rt_context_teardown(ctx);
    handle_put(&ctx->hdr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context)
{
    int code;
    rt_context *ctx = lookup_ctx("aclrtSetCurrentContext", context, &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    rt_set_current_ctx(ctx);
    handle_put(&ctx->hdr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext *context)
{
    if (context == NULL) {
        ERR_NULL("context");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclrtGetCurrentContext", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    *context = ctx;
    handle_put(&ctx->hdr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream)
{
    if (stream == NULL) {
        ERR_NULL("stream");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclrtCtxGetCurrentDefaultStream", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    *stream = ctx->default_stream;
    handle_put(&ctx->hdr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t *flags,
                                                     int32_t *active)
{
    if (flags == NULL || active == NULL) {
        ERR_NULL(flags == NULL ? "flags" : "active");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = check_devid("aclrtGetPrimaryCtxState", deviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    pthread_mutex_lock(&dev_lock);
    *active = devs[deviceId].set_refs > 0 ? 1 : 0;
    pthread_mutex_unlock(&dev_lock);
    *flags = 0;
    return ACL_SUCCESS;
}

/* ---- timeouts, utilisation, peers ----------------------------------------------------------- */

/* The op timeouts are process-wide settings kept by the driver, which stamps them on every task
 * enqueued afterwards; the device enforces them (the other setters are in api_device_extra.c). */

ACL_FUNC_VISIBILITY aclError aclrtSetOpWaitTimeout(uint32_t timeout)
{
    drv_set_op_wait_timeout((uint64_t)timeout * 1000000u); /* seconds; 0: no timeout */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOut(uint32_t timeout)
{
    /* seconds; 0 and anything above it: the maximum */
    uint64_t us = (uint64_t)timeout * 1000000u;
    drv_set_op_execute_timeout(us == 0 || us > DRV_OP_EXECUTE_TIMEOUT_MAX_US ? DRV_OP_EXECUTE_TIMEOUT_MAX_US : us);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceUtilizationRate(int32_t deviceId,
                                                           aclrtUtilizationInfo *utilizationInfo)
{
    if (utilizationInfo == NULL) {
        ERR_NULL("utilizationInfo");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = check_devid("aclrtGetDeviceUtilizationRate", deviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    drv_device_status st;
    memset(&st, 0, sizeof(st));
    ret = drv_query_status(rt_physical_id(deviceId), &st);
    if (ret != ACL_SUCCESS) {
        return rt_ret(rt_drv_fail("aclrtGetDeviceUtilizationRate", ret));
    }
    /* the emulated AI cores do both cube and vector work; there is no AI CPU load */
    utilizationInfo->cubeUtilization = (int32_t)st.aicore_util;
    utilizationInfo->vectorUtilization = (int32_t)st.aicore_util;
    utilizationInfo->aicpuUtilization = 0;
    utilizationInfo->memoryUtilization =
        st.mem_total ? (int32_t)((st.mem_used * 100 + st.mem_total / 2) / st.mem_total) : 0;
    utilizationInfo->utilizationExtend = NULL;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDeviceCanAccessPeer(int32_t *canAccessPeer, int32_t deviceId,
                                                      int32_t peerDeviceId)
{
    if (canAccessPeer == NULL) {
        ERR_NULL("canAccessPeer");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = check_devid("aclrtDeviceCanAccessPeer", deviceId);
    if (ret == ACL_SUCCESS) {
        ret = check_devid("aclrtDeviceCanAccessPeer", peerDeviceId);
    }
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    if (deviceId == peerDeviceId) {
        char v[16];
        snprintf(v, sizeof(v), "%d", peerDeviceId);
        ERR_VALUE("aclrtDeviceCanAccessPeer", v, "peerDeviceId",
                  "a device cannot be its own peer");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    *canAccessPeer = 1; /* all emulated devices share the host's memory system */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags)
{
    if (flags != 0) {
        char v[16];
        snprintf(v, sizeof(v), "%u", flags);
        ERR_EXPECT("aclrtDeviceEnablePeerAccess", v, "flags", "0");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = check_devid("aclrtDeviceEnablePeerAccess", peerDeviceId);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclrtDeviceEnablePeerAccess", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    int32_t self = ctx->devid;
    handle_put(&ctx->hdr);
    if (self == peerDeviceId) {
        char v[16];
        snprintf(v, sizeof(v), "%d", peerDeviceId);
        ERR_VALUE("aclrtDeviceEnablePeerAccess", v, "peerDeviceId",
                  "it is the current device");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    return ACL_SUCCESS;
}
