/* Device and pinned host memory, synchronous and stream-ordered copies and memsets.
 * Synchronous copies go straight through the host process's mapping of the device arena. */
#include <stdio.h>
#include <string.h>
#include <sys/sysinfo.h>

#include "ri_internal.h"
#include "rt_internal.h"

#define MEM_ALIGN 32u
#define MEM_PADDING 32u

static int alloc_device(const char *func, void **devPtr, size_t size, uint32_t policy, bool pad)
{
    if (devPtr == NULL) {
        ERR_NULL("devPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (size == 0) {
        aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", "0", "size",
                           "size must be greater than zero");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (size > SIZE_MAX - 2 * MEM_ALIGN - MEM_PADDING) {
        char v[32];
        snprintf(v, sizeof(v), "%zu", size);
        aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", v, "size",
                           "size is too large");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx(func, &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    const aclemu_chip_profile *prof = drv_device_profile(ctx->drv);
    uint32_t base_policy = policy & 0xffu;
    bool huge1g = base_policy == ACL_MEM_MALLOC_HUGE1G_ONLY ||
                  base_policy == ACL_MEM_MALLOC_HUGE1G_ONLY_P2P;
    /* 32-byte rounding plus 32 bytes of padding (not for 1G huge pages nor on Ascend950) */
    size_t rounded = (size + MEM_ALIGN - 1) / MEM_ALIGN * MEM_ALIGN;
    if (pad && !huge1g && !(prof != NULL && prof->family == ACLEMU_FAMILY_950)) {
        rounded += MEM_PADDING;
    }
    int ret = drv_mem_alloc(ctx->drv, rounded, devPtr);
    if (ret == ACL_SUCCESS) {
        drv_memcheck_alloc_size(ctx->drv, *devPtr, size); /* checks against what was asked */
    }
    handle_put(&ctx->hdr);
    if (ret != ACL_SUCCESS) {
        return rt_ret(rt_drv_fail(func, ret));
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return alloc_device("aclrtMalloc", devPtr, size, (uint32_t)policy, true);
}

ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void **devPtr, size_t size,
                                                aclrtMemMallocPolicy policy)
{
    return alloc_device("aclrtMallocAlign32", devPtr, size, (uint32_t)policy, false);
}

ACL_FUNC_VISIBILITY aclError aclrtMallocCached(void **devPtr, size_t size,
                                               aclrtMemMallocPolicy policy)
{
    return alloc_device("aclrtMallocCached", devPtr, size, (uint32_t)policy, true);
}

/* The device holding a device pointer, and how the caller got hold of it. */
typedef struct mem_owner {
    drv_device *dev;  /* NULL: not device memory */
    rt_context *ctx;  /* set: dev is this (referenced) context's own handle; else dev was opened */
} mem_owner;

/* Finds the device holding ptr. The current context's handle is preferred over a fresh open:
 * opening a device whose process has died reconnects to a new one, which would hide the loss
 * and no longer know the old pointers. Release with owner_release. */
static mem_owner device_of(const void *ptr, void **base, size_t *size)
{
    mem_owner o = {NULL, NULL};
    int32_t phys;
    if (!drv_mem_lookup(ptr, &phys, base, size)) {
        return o;
    }
    rt_context *ctx = rt_current_ctx();
    if (ctx != NULL && drv_device_id(ctx->drv) == phys) {
        o.dev = ctx->drv;
        o.ctx = ctx;
        return o;
    }
    handle_put(ctx ? &ctx->hdr : NULL);
    if (drv_device_open(phys, &o.dev) != ACL_SUCCESS) {
        o.dev = NULL;
    }
    return o;
}

static void owner_release(mem_owner *o)
{
    if (o->ctx != NULL) {
        handle_put(&o->ctx->hdr);
    } else if (o->dev != NULL) {
        drv_device_close(o->dev);
    }
    o->dev = NULL;
    o->ctx = NULL;
}

ACL_FUNC_VISIBILITY aclError aclrtFree(void *devPtr)
{
    if (devPtr == NULL) {
        ERR_NULL("devPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    void *base;
    size_t size;
    mem_owner o = device_of(devPtr, &base, &size);
    if (o.dev == NULL || base != devPtr) {
        owner_release(&o);
        char v[32];
        snprintf(v, sizeof(v), "%p", devPtr);
        ERR_VALUE("aclrtFree", v, "devPtr",
                  "it is not the start of a live allocation made by aclrtMalloc");
        drv_memcheck_bad_free(devPtr); /* the memory checker reports it (no-op without) */
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = drv_mem_free(o.dev, devPtr);
    owner_release(&o);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtFree", ret));
}

ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void **hostPtr, size_t size)
{
    if (hostPtr == NULL) {
        ERR_NULL("hostPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (size == 0) {
        aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", "0", "size",
                           "size must be greater than zero");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclrtMallocHost", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    int ret = drv_host_alloc(ctx->drv, size, hostPtr);
    handle_put(&ctx->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtMallocHost", ret));
}

ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void *hostPtr)
{
    if (hostPtr == NULL) {
        ERR_NULL("hostPtr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = drv_host_free(hostPtr);
    if (ret != ACL_SUCCESS) {
        char v[32];
        snprintf(v, sizeof(v), "%p", hostPtr);
        ERR_VALUE("aclrtFreeHost", v, "hostPtr",
                  "it is not a live allocation made by aclrtMallocHost");
        return rt_ret(ret);
    }
    return ACL_SUCCESS;
}

/* ---- copies ------------------------------------------------------------------------------------ */

static bool kind_valid(aclrtMemcpyKind kind)
{
    return kind == ACL_MEMCPY_HOST_TO_HOST || kind == ACL_MEMCPY_HOST_TO_DEVICE ||
           kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE ||
           kind == ACL_MEMCPY_DEFAULT || kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE;
}

static const char *kind_name(aclrtMemcpyKind kind)
{
    static const char *names[] = {
        "ACL_MEMCPY_HOST_TO_HOST",     "ACL_MEMCPY_HOST_TO_DEVICE",
        "ACL_MEMCPY_DEVICE_TO_HOST",   "ACL_MEMCPY_DEVICE_TO_DEVICE",
        "ACL_MEMCPY_DEFAULT",          "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE",
        "ACL_MEMCPY_INNER_DEVICE_TO_DEVICE", "ACL_MEMCPY_INTER_DEVICE_TO_DEVICE",
    };
    return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "unknown";
}

/* The common argument checks of aclrtMemcpy / aclrtMemcpyAsync, in the runtime's order.
 * Returns 1 when the call is a successful no-op, 0 to go on, or a negative value with *code. */
static int check_copy(const char *func, void *dst, size_t destMax, const void *src, size_t count,
                      aclrtMemcpyKind kind, int *code)
{
    if (count == 0) {
        return 1;
    }
    if (dst == NULL || src == NULL) {
        ERR_NULL(dst == NULL ? "dst" : "src");
        *code = ACL_ERROR_INVALID_PARAM;
        return -1;
    }
    if (!kind_valid(kind)) {
        char v[48];
        snprintf(v, sizeof(v), "%s(%d)", kind_name(kind), (int)kind);
        ERR_EXPECT(func, v, "kind",
                   "ACL_MEMCPY_HOST_TO_DEVICE or ACL_MEMCPY_DEVICE_TO_DEVICE or "
                   "ACL_MEMCPY_DEVICE_TO_HOST or ACL_MEMCPY_HOST_TO_HOST or ACL_MEMCPY_DEFAULT or "
                   "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE");
        *code = ACL_ERROR_INVALID_PARAM;
        return -1;
    }
    if (destMax == 0 || count > destMax) {
        char v[32], why[96];
        snprintf(v, sizeof(v), "%zu", count);
        snprintf(why, sizeof(why), "count must not exceed destMax (%zu), which must be non-zero",
                 destMax);
        ERR_RT_VALUE(func, v, "count", why);
        *code = ACL_ERROR_RT_PARAM_INVALID;
        return -1;
    }
    if (dst == src) {
        return 1;
    }
    return 0;
}

/* Host-accessible address of [p, p+len): device memory through its view, anything else as is.
 * *dev is set when p is device memory. NULL (with a message and *code) if a device range is bad
 * or its device process has died: the runtime's mapping of the arena outlives the device, so
 * without the check a copy would silently "succeed" against memory nobody owns any more. */
static void *host_addr(const char *func, const char *param, const void *p, size_t len, bool *dev,
                       int *code)
{
    void *base;
    size_t size;
    mem_owner o = device_of(p, &base, &size);
    *dev = o.dev != NULL;
    if (o.dev == NULL) {
        if (drv_addr_in_device_window(p)) { /* freed, or an unmapped VMM address */
            char v[32];
            snprintf(v, sizeof(v), "%p", p);
            ERR_VALUE(func, v, param, "it is a device address with no live or mapped memory behind it");
            *code = ACL_ERROR_INVALID_PARAM;
            return NULL;
        }
        return (void *)p;
    }
    if (!drv_device_alive(o.dev)) {
        aclemu_errmsg_push("EE1019", "%s failed. Reason: device %d: the device process has exited.",
                           func, (int)drv_device_id(o.dev));
        owner_release(&o);
        *code = ACL_ERROR_RT_LOST_HEARTBEAT;
        return NULL;
    }
    void *view = drv_mem_host_view(o.dev, p, len);
    owner_release(&o);
    if (view == NULL) {
        char v[32], why[128];
        snprintf(v, sizeof(v), "%p", p);
        snprintf(why, sizeof(why), "%zu bytes from it exceed its allocation of %zu bytes at %p",
                 len, size, base);
        ERR_VALUE(func, v, param, why);
        *code = ACL_ERROR_INVALID_PARAM;
    }
    return view;
}

/* Bytes from p (at most len) that one host view reaches: all of them, except where a VMM
 * mapping ends and the next one's memory lies elsewhere. */
static size_t contig_len(const void *p, size_t len)
{
    void *base;
    size_t size;
    mem_owner o = device_of(p, &base, &size);
    size_t n = o.dev != NULL ? drv_mem_contig(o.dev, p, len) : len;
    owner_release(&o);
    return n;
}

/* [p, p+len) is device memory inside one run of adjacent VMM mappings, but not inside a single
 * mapping (what host_addr refused). */
static bool vmm_split(const void *p, size_t len)
{
    void *base;
    size_t size;
    mem_owner o = device_of(p, &base, &size);
    bool split = o.dev != NULL && (const char *)p >= (const char *)base &&
                 len <= size - (size_t)((const char *)p - (const char *)base) && drv_mem_contig(o.dev, p, len) < len;
    owner_release(&o);
    return split;
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                                         aclrtMemcpyKind kind)
{
    int code = ACL_SUCCESS;
    int c = check_copy("aclrtMemcpy", dst, destMax, src, count, kind, &code);
    if (c != 0) {
        return c > 0 ? ACL_SUCCESS : rt_ret(code);
    }
    rt_context *ctx = rt_require_ctx("aclrtMemcpy", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    handle_put(&ctx->hdr);
    code = rt_capture_check_unsafe("Synchronous memory copy", ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    if (code != ACL_SUCCESS) {
        return rt_ret(code);
    }
    bool ddev, sdev;
    char *d = host_addr("aclrtMemcpy", "dst", dst, count, &ddev, &code);
    const char *s = d ? host_addr("aclrtMemcpy", "src", src, count, &sdev, &code) : NULL;
    if ((d == NULL || s == NULL) && code == ACL_ERROR_INVALID_PARAM && vmm_split(dst, count) + vmm_split(src, count)) {
        /* a range over several VMM mappings: each mapping's memory lies elsewhere, copy piecewise */
        (void)aclGetRecentErrMsg();
        code = ACL_SUCCESS;
        for (size_t done = 0, n; done < count; done += n) {
            n = contig_len((char *)dst + done, count - done);
            n = contig_len((const char *)src + done, n);
            d = host_addr("aclrtMemcpy", "dst", (char *)dst + done, n, &ddev, &code);
            s = d ? host_addr("aclrtMemcpy", "src", (const char *)src + done, n, &sdev, &code) : NULL;
            if (d == NULL || s == NULL) {
                return rt_ret(code);
            }
            memmove(d, s, n);
        }
        drv_memcheck_host_copy(dst, src, count, "aclrtMemcpy");
        return ACL_SUCCESS;
    }
    if (d == NULL || s == NULL) {
        return rt_ret(code);
    }
    if (d + count <= s || s + count <= d) {
        memcpy(d, s, count);
    } else {
        memmove(d, s, count); /* overlapping ranges of one allocation */
    }
    drv_memcheck_host_copy(dst, src, count, "aclrtMemcpy");
    return ACL_SUCCESS;
}

/* A stream-ordered copy or memset whose stream's device process has died. The driver performs
 * copies involving pageable host memory itself, through its mapping of the arena, once the
 * (empty) stream has drained; that mapping outlives the device, so check first. */
static int stream_device_lost(const char *func, rt_stream *s)
{
    drv_device *d = drv_stream_device(s->drv);
    if (drv_device_alive(d)) {
        return 0;
    }
    aclemu_errmsg_push("EE1019", "%s failed. Reason: device %d: the device process has exited.",
                       func, (int)drv_device_id(d));
    return 1;
}

/* An async copy with pageable host memory runs as a synchronous copy (the driver does it after
 * draining the stream): refused on a capturing stream, and subject to the capture modes of other
 * captures like aclrtMemcpy. */
static int pageable_copy_refused(const char *func, rt_stream *s, const void *dst, const void *src)
{
    bool pageable = (!drv_mem_lookup(dst, NULL, NULL, NULL) && !drv_host_lookup(dst, NULL, NULL)) ||
                    (!drv_mem_lookup(src, NULL, NULL, NULL) && !drv_host_lookup(src, NULL, NULL));
    if (!pageable || rt_stream_capturing(s)) {
        return ACL_SUCCESS; /* a capturing stream's driver refuses it with its own message */
    }
    return rt_capture_check_unsafe(func, ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC);
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src,
                                              size_t count, aclrtMemcpyKind kind,
                                              aclrtStream stream)
{
    int code = ACL_SUCCESS;
    int c = check_copy("aclrtMemcpyAsync", dst, destMax, src, count, kind, &code);
    if (c != 0) {
        return c > 0 ? ACL_SUCCESS : rt_ret(code);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtMemcpyAsync", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    if (stream_device_lost("aclrtMemcpyAsync", s)) {
        handle_put(&s->hdr);
        return rt_ret(ACL_ERROR_RT_LOST_HEARTBEAT);
    }
    ret = pageable_copy_refused("Asynchronous memory copy", s, dst, src);
    if (ret != ACL_SUCCESS) {
        handle_put(&s->hdr);
        return rt_ret(ret);
    }
    ret = drv_memcpy_async(s->drv, dst, src, count);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtMemcpyAsync", ret));
}

static int check_copy2d(const char *func, void *dst, size_t dpitch, const void *src, size_t spitch,
                        size_t width, size_t height, aclrtMemcpyKind kind, int *code)
{
    if (width == 0 || height == 0) {
        return 1;
    }
    if (dst == NULL || src == NULL) {
        ERR_NULL(dst == NULL ? "dst" : "src");
        *code = ACL_ERROR_INVALID_PARAM;
        return -1;
    }
    if (width > spitch || width > dpitch) {
        char v[32], why[96];
        snprintf(v, sizeof(v), "%zu", width);
        snprintf(why, sizeof(why), "must be less than spitch and dpitch, spitch=%zu, dpitch=%zu",
                 spitch, dpitch);
        ERR_VALUE(func, v, "width", why);
        *code = ACL_ERROR_INVALID_PARAM;
        return -1;
    }
    if (kind != ACL_MEMCPY_HOST_TO_DEVICE && kind != ACL_MEMCPY_DEVICE_TO_HOST &&
        kind != ACL_MEMCPY_DEVICE_TO_DEVICE && kind != ACL_MEMCPY_DEFAULT) {
        char v[48];
        snprintf(v, sizeof(v), "%s(%d)", kind_name(kind), (int)kind);
        ERR_EXPECT(func, v, "kind",
                   "ACL_MEMCPY_HOST_TO_DEVICE or ACL_MEMCPY_DEVICE_TO_HOST or "
                   "ACL_MEMCPY_DEVICE_TO_DEVICE or ACL_MEMCPY_DEFAULT");
        *code = ACL_ERROR_INVALID_PARAM;
        return -1;
    }
    if (height > 1 && (spitch > SIZE_MAX / height || dpitch > SIZE_MAX / height)) {
        ERR_VALUE(func, "pitch * height", "height", "the copied range overflows");
        *code = ACL_ERROR_INVALID_PARAM;
        return -1;
    }
    return 0;
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch,
                                           size_t width, size_t height, aclrtMemcpyKind kind)
{
    int code = ACL_SUCCESS;
    int c = check_copy2d("aclrtMemcpy2d", dst, dpitch, src, spitch, width, height, kind, &code);
    if (c != 0) {
        return c > 0 ? ACL_SUCCESS : rt_ret(code);
    }
    rt_context *ctx = rt_require_ctx("aclrtMemcpy2d", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    handle_put(&ctx->hdr);
    code = rt_capture_check_unsafe("Synchronous 2D memory copy", ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    if (code != ACL_SUCCESS) {
        return rt_ret(code);
    }
    size_t dspan = dpitch * (height - 1) + width, sspan = spitch * (height - 1) + width;
    bool ddev, sdev;
    char *d = host_addr("aclrtMemcpy2d", "dst", dst, dspan, &ddev, &code);
    const char *s = d ? host_addr("aclrtMemcpy2d", "src", src, sspan, &sdev, &code) : NULL;
    if (d == NULL || s == NULL) {
        return rt_ret(code);
    }
    for (size_t r = 0; r < height; r++) {
        memmove(d + r * dpitch, s + r * spitch, width);
    }
    drv_memcheck_host_copy(dst, height == 1 ? src : NULL, height == 1 ? width : dspan,
                           "aclrtMemcpy2d");
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpy2dAsync(void *dst, size_t dpitch, const void *src,
                                                size_t spitch, size_t width, size_t height,
                                                aclrtMemcpyKind kind, aclrtStream stream)
{
    int code = ACL_SUCCESS;
    int c = check_copy2d("aclrtMemcpy2dAsync", dst, dpitch, src, spitch, width, height, kind,
                         &code);
    if (c != 0) {
        return c > 0 ? ACL_SUCCESS : rt_ret(code);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtMemcpy2dAsync", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    if (stream_device_lost("aclrtMemcpy2dAsync", s)) {
        handle_put(&s->hdr);
        return rt_ret(ACL_ERROR_RT_LOST_HEARTBEAT);
    }
    ret = pageable_copy_refused("Asynchronous 2D memory copy", s, dst, src);
    if (ret != ACL_SUCCESS) {
        handle_put(&s->hdr);
        return rt_ret(ret);
    }
    ret = drv_memcpy2d_async(s->drv, dst, dpitch, src, spitch, width, height);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtMemcpy2dAsync", ret));
}

static int check_memset(const char *func, void *devPtr, size_t maxCount, size_t count, int *code)
{
    if (count == 0) {
        return 1;
    }
    if (devPtr == NULL) {
        ERR_NULL("devPtr");
        *code = ACL_ERROR_INVALID_PARAM;
        return -1;
    }
    if (count > maxCount) {
        char v[32], why[64];
        snprintf(v, sizeof(v), "%zu", count);
        snprintf(why, sizeof(why), "count must not exceed maxCount (%zu)", maxCount);
        ERR_RT_VALUE(func, v, "count", why);
        *code = ACL_ERROR_RT_PARAM_INVALID;
        return -1;
    }
    return 0;
}

ACL_FUNC_VISIBILITY aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count)
{
    int code = ACL_SUCCESS;
    int c = check_memset("aclrtMemset", devPtr, maxCount, count, &code);
    if (c != 0) {
        return c > 0 ? ACL_SUCCESS : rt_ret(code);
    }
    rt_context *ctx = rt_require_ctx("aclrtMemset", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    handle_put(&ctx->hdr);
    code = rt_capture_check_unsafe("Memory setting synchronization", ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    if (code != ACL_SUCCESS) {
        return rt_ret(code);
    }
    bool dev;
    void *p = host_addr("aclrtMemset", "devPtr", devPtr, count, &dev, &code);
    if (p == NULL && code == ACL_ERROR_INVALID_PARAM && vmm_split(devPtr, count)) {
        (void)aclGetRecentErrMsg(); /* over several VMM mappings: piecewise */
        code = ACL_SUCCESS;
        for (size_t done = 0, n; done < count; done += n) {
            n = contig_len((char *)devPtr + done, count - done);
            p = host_addr("aclrtMemset", "devPtr", (char *)devPtr + done, n, &dev, &code);
            if (p == NULL) {
                return rt_ret(code);
            }
            memset(p, value & 0xff, n);
        }
        drv_memcheck_host_copy(devPtr, NULL, count, "aclrtMemset");
        return ACL_SUCCESS;
    }
    if (p == NULL) {
        return rt_ret(code);
    }
    memset(p, value & 0xff, count);
    drv_memcheck_host_copy(devPtr, NULL, count, "aclrtMemset");
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value,
                                              size_t count, aclrtStream stream)
{
    int code = ACL_SUCCESS;
    int c = check_memset("aclrtMemsetAsync", devPtr, maxCount, count, &code);
    if (c != 0) {
        return c > 0 ? ACL_SUCCESS : rt_ret(code);
    }
    rt_stream *s;
    int ret = rt_stream_resolve("aclrtMemsetAsync", stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    if (stream_device_lost("aclrtMemsetAsync", s)) {
        handle_put(&s->hdr);
        return rt_ret(ACL_ERROR_RT_LOST_HEARTBEAT);
    }
    ret = drv_memset_async(s->drv, devPtr, (uint8_t)value, count);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtMemsetAsync", ret));
}

ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total)
{
    if (free == NULL || total == NULL) {
        ERR_NULL(free == NULL ? "free" : "total");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if ((int)attr < (int)ACL_DDR_MEM || (int)attr > (int)ACL_MEM_P2P_HUGE1G) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)attr);
        ERR_VALUE("aclrtGetMemInfo", v, "attr", "it is not an aclrtMemAttr value");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclrtGetMemInfo", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    const aclemu_chip_profile *prof = drv_device_profile(ctx->drv);
    bool ddr_attr = attr == ACL_DDR_MEM || attr == ACL_DDR_MEM_HUGE || attr == ACL_DDR_MEM_NORMAL ||
                    attr == ACL_DDR_MEM_P2P_HUGE || attr == ACL_DDR_MEM_P2P_NORMAL;
    bool generic = attr >= ACL_MEM_NORMAL;
    bool has_hbm = prof == NULL || prof->has_hbm;
    int ret = ACL_SUCCESS;
    /* the device memory is HBM on HBM chips and DDR on the others; the other kind is empty */
    if (generic || ddr_attr != has_hbm) {
        ret = drv_mem_info(ctx->drv, free, total);
    } else {
        *free = 0;
        *total = 0;
    }
    handle_put(&ctx->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(rt_drv_fail("aclrtGetMemInfo", ret));
}

ACL_FUNC_VISIBILITY aclError aclrtPointerGetAttributes(const void *ptr,
                                                       aclrtPtrAttributes *attributes)
{
    if (ptr == NULL || attributes == NULL) {
        ERR_NULL(ptr == NULL ? "ptr" : "attributes");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    memset(attributes, 0, sizeof(*attributes));
    int32_t phys;
    void *base;
    size_t size;
    if (drv_mem_lookup(ptr, &phys, &base, &size)) {
        int32_t logical = 0;
        for (uint32_t i = 0; i < rt_device_count(); i++) {
            if (rt_physical_id((int32_t)i) == phys) {
                logical = (int32_t)i;
            }
        }
        attributes->location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        attributes->location.id = (uint32_t)logical;
        attributes->pageSize = size > (1u << 20) ? (2u << 20) : 4096u;
    } else if (drv_host_lookup(ptr, &base, &size)) {
        attributes->location.type = ACL_MEM_LOCATION_TYPE_HOST;
        attributes->pageSize = 4096u;
    } else {
        attributes->location.type = ACL_MEM_LOCATION_TYPE_UNREGISTERED;
        attributes->pageSize = 4096u;
    }
    return ACL_SUCCESS;
}
