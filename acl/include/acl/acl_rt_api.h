/*
 * aclemu public header: C++-only convenience overloads of the runtime API.
 *
 * Each overload forwards to a C entry point of acl_rt.h (e.g. the two-argument
 * aclrtSynchronizeStream to aclrtSynchronizeStreamWithTimeout, and typed-pointer
 * aclrtMalloc to aclrtMallocWithCfg), so no extra symbols are exported. Only the
 * overloads whose target acl_rt.h declares are provided. Including this header
 * from C is harmless: it contributes nothing.
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_API_H_
#define INC_EXTERNAL_ACL_ACL_RT_API_H_

#include "acl_rt.h"

#ifdef __cplusplus

static inline aclError aclrtSynchronizeDevice(int32_t timeout)
{
    return ::aclrtSynchronizeDeviceWithTimeout(timeout);
}

static inline aclError aclrtSynchronizeStream(aclrtStream stream, int32_t timeout)
{
    return ::aclrtSynchronizeStreamWithTimeout(stream, timeout);
}

static inline aclError aclrtSynchronizeEvent(aclrtEvent event, int32_t timeout)
{
    return ::aclrtSynchronizeEventWithTimeout(event, timeout);
}

static inline aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event, int32_t timeout)
{
    return ::aclrtStreamWaitEventWithTimeout(stream, event, timeout);
}

static inline aclError aclrtCreateStream(aclrtStream* stream, uint32_t priority, uint32_t flag)
{
    return ::aclrtCreateStreamWithConfig(stream, priority, flag);
}

static inline aclError aclrtSetOpExecuteTimeOut(uint64_t timeout, uint64_t* actualTimeout)
{
    return ::aclrtSetOpExecuteTimeOutV2(timeout, actualTimeout);
}

static inline aclError aclrtCreateEvent(aclrtEvent* event, uint32_t flag)
{
    return ::aclrtCreateEventExWithFlag(event, flag);
}

/* Typed allocation: `float* p; aclrtMalloc(&p, bytes);` */
template <typename T>
static inline aclError aclrtMalloc(T** devPtr, size_t size, aclrtMallocConfig* cfg = nullptr)
{
    return ::aclrtMallocWithCfg(reinterpret_cast<void**>(devPtr), size, ACL_MEM_MALLOC_HUGE_FIRST, cfg);
}

template <typename T>
static inline aclError aclrtMalloc(T** devPtr, size_t size, aclrtMemMallocPolicy policy,
                                   aclrtMallocConfig* cfg = nullptr)
{
    return ::aclrtMallocWithCfg(reinterpret_cast<void**>(devPtr), size, policy, cfg);
}

template <typename T>
static inline aclError aclrtMallocHost(T** hostPtr, size_t size, aclrtMallocConfig* cfg = nullptr)
{
    return ::aclrtMallocHostWithCfg(reinterpret_cast<void**>(hostPtr), static_cast<uint64_t>(size), cfg);
}

template <typename T, typename U>
static inline aclError aclrtMemcpy(T* dst, size_t destMax, const U* src, size_t count, aclrtMemcpyKind kind)
{
    return ::aclrtMemcpy(static_cast<void*>(dst), destMax, static_cast<const void*>(src), count, kind);
}

template <typename T, typename U>
static inline aclError aclrtMemcpyAsync(T* dst, size_t destMax, const U* src, size_t count, aclrtMemcpyKind kind,
                                        aclrtStream stream)
{
    return ::aclrtMemcpyAsync(static_cast<void*>(dst), destMax, static_cast<const void*>(src), count, kind, stream);
}

template <typename T, typename U>
static inline aclError aclrtMemcpy2d(T* dst, size_t dpitch, const U* src, size_t spitch, size_t width, size_t height,
                                     aclrtMemcpyKind kind)
{
    return ::aclrtMemcpy2d(static_cast<void*>(dst), dpitch, static_cast<const void*>(src), spitch, width, height,
                           kind);
}

template <typename T, typename U>
static inline aclError aclrtMemcpy2dAsync(T* dst, size_t dpitch, const U* src, size_t spitch, size_t width,
                                          size_t height, aclrtMemcpyKind kind, aclrtStream stream)
{
    return ::aclrtMemcpy2dAsync(static_cast<void*>(dst), dpitch, static_cast<const void*>(src), spitch, width,
                                height, kind, stream);
}

template <typename T>
static inline aclError aclrtPointerGetAttributes(const T* ptr, aclrtPtrAttributes* attributes)
{
    return ::aclrtPointerGetAttributes(static_cast<const void*>(ptr), attributes);
}

#endif /* __cplusplus */

#endif /* INC_EXTERNAL_ACL_ACL_RT_API_H_ */
