/* The "driver": the host-process side of an emulated device.
 *
 * libascendcl builds the ACL runtime semantics (contexts, default streams, argument checking,
 * error messages) on top of this API; the driver talks to the device process (devsim) through a
 * Unix socket (resource requests) and shared memory (HBM arena, task rings, completion counters).
 *
 * Every function returns an ACL error code (0 = ACL_SUCCESS, otherwise the real ACL_ERROR_* /
 * ACL_ERROR_RT_* value) and, on failure, leaves a human-readable reason retrievable with
 * drv_last_error() on the calling thread. Timeouts are in milliseconds, -1 = wait forever.
 * Device addresses are passed as void* as in the ACL API; they are never dereferenced in the
 * host process. Thread safety: all functions may be called from any thread. */
#ifndef ACLEMU_DRV_H
#define ACLEMU_DRV_H

#include <stddef.h>
#include <stdint.h>

#include "aclemu/kernel.h"
#include "aclemu/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libascendcl.so (which links the driver in): libnnopbase and the op libraries
 * call these through it, so one process has exactly one driver state. Never link the static
 * driver library into another shared library loaded by user programs. */
#define DRV_API __attribute__((visibility("default")))

typedef struct drv_device drv_device;
typedef struct drv_stream drv_stream;
typedef struct drv_event drv_event;

/* Reason of the last failure on this thread ("" if none). */
DRV_API const char *drv_last_error(void);

/* ---- topology ---------------------------------------------------------------------------- */
/* Loads the topology once per process (path NULL = $ACLEMU_TOPOLOGY or the default). A later
 * call with a different path replaces it only while no device is open. */
DRV_API int drv_topology_init(const char *path);
DRV_API const aclemu_topology *drv_topology(void);

/* ---- devices ----------------------------------------------------------------------------- */
/* Connects to device `devid`'s process, starting it if none runs. Refcounted per process:
 * every successful open needs one close. */
DRV_API int drv_device_open(int32_t devid, drv_device **out);
/* Drops one reference; the last one waits for this process's tasks, frees its memory, streams
 * and events on the device and disconnects. */
DRV_API int drv_device_close(drv_device *dev);
DRV_API int32_t drv_device_id(const drv_device *dev);
DRV_API const aclemu_chip_profile *drv_device_profile(const drv_device *dev);
/* 1 while the device process is reachable, 0 once it has exited (or dev is NULL). A cheap
 * non-blocking check for callers that touch device memory through their own mapping, which
 * stays readable after the device is gone. */
DRV_API int drv_device_alive(drv_device *dev);
/* Waits until every stream of this process on the device has drained. */
DRV_API int drv_device_sync(drv_device *dev, int32_t timeout_ms);

/* ---- device memory ----------------------------------------------------------------------- */
/* Allocates `size` bytes (the caller has done the ACL rounding) aligned to 64 bytes or more.
 * Out of memory: ACL_ERROR_RT_MEMORY_ALLOCATION. */
DRV_API int drv_mem_alloc(drv_device *dev, size_t size, void **devptr);
/* devptr must be the start of a live allocation of this process, else ACL_ERROR_INVALID_PARAM. */
DRV_API int drv_mem_free(drv_device *dev, void *devptr);
DRV_API int drv_mem_info(drv_device *dev, size_t *free_bytes, size_t *total_bytes);
/* The host process's mapping of [devptr, devptr+len) if the range lies inside one live device
 * allocation on this device, else NULL. For synchronous copies done by the runtime itself. */
DRV_API void *drv_mem_host_view(drv_device *dev, const void *devptr, size_t len);
/* If ptr points into a live device allocation on any open device: returns its device id, base
 * and size and 1; otherwise 0. */
DRV_API int drv_mem_lookup(const void *ptr, int32_t *devid, void **base, size_t *size);

/* ---- virtual memory management (aclrtReserveMemAddress ...) ------------------------------
 * A reservation is an address range of the device with nothing behind it; drv_vmm_map puts
 * [phys, phys+size) of one live allocation of this process behind [va, va+size) (the same
 * memory: writes through either address show through the other). Unmap before release. */
DRV_API int drv_vmm_reserve(drv_device *dev, size_t size, size_t align, void **va);
DRV_API int drv_vmm_release(drv_device *dev, void *va);
DRV_API int drv_vmm_map(drv_device *dev, void *va, size_t size, const void *phys);
/* How many of the len bytes from p one host view reaches (drv_mem_host_view): len, except at
 * the end of a mapping, where the next mapping's memory lies elsewhere. */
DRV_API size_t drv_mem_contig(drv_device *dev, const void *p, size_t len);
/* va must be the start of a mapping; its size goes to *size_out (may be NULL). */
DRV_API int drv_vmm_unmap(drv_device *dev, void *va, size_t *size_out);

/* 1 if p lies in the device address window of an open device (live or not: a freed or
 * unmapped device address is never host memory). */
DRV_API int drv_addr_in_device_window(const void *p);

/* ---- pinned host memory (aclrtMallocHost): shared with the device process ----------------- */
DRV_API int drv_host_alloc(drv_device *dev, size_t size, void **hostptr);
DRV_API int drv_host_free(void *hostptr); /* ACL_ERROR_INVALID_PARAM if not from drv_host_alloc */
/* 1 if ptr lies inside a pinned allocation (and returns its base/size), else 0. */
DRV_API int drv_host_lookup(const void *ptr, void **base, size_t *size);

/* ---- streams ----------------------------------------------------------------------------- */
DRV_API int drv_stream_create(drv_device *dev, uint32_t priority, uint32_t flags, drv_stream **out);
/* Waits for the stream's pending tasks, then releases it. */
DRV_API int drv_stream_destroy(drv_stream *s);
/* Releases the stream without waiting; pending tasks are discarded. */
DRV_API int drv_stream_destroy_force(drv_stream *s);
DRV_API drv_device *drv_stream_device(const drv_stream *s);
DRV_API int32_t drv_stream_id(const drv_stream *s);
/* Waits for every task queued so far. Returns the first failure of a task since the last
 * synchronisation (the task's ACL code, e.g. ACL_ERROR_RT_AICORE_TIMEOUT for a kernel stopped at
 * the op execute timeout), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT on expiry (the stream stays usable),
 * or ACL_ERROR_RT_LOST_HEARTBEAT if the device process died. */
DRV_API int drv_stream_sync(drv_stream *s, int32_t timeout_ms);
/* *complete = 1 when every queued task has finished. */
DRV_API int drv_stream_query(drv_stream *s, int *complete);
/* ACL_STOP_ON_FAILURE (1): after a failed task the rest of the stream's tasks are skipped. */
DRV_API int drv_stream_set_failure_mode(drv_stream *s, uint64_t mode);

/* Op execute timeout of this process, in microseconds (0: kernels never time out). Every launch
 * enqueued afterwards carries it: a kernel that runs longer is stopped by the device and its
 * stream reports ACL_ERROR_RT_AICORE_TIMEOUT at the next synchronisation.
 * Default DRV_OP_EXECUTE_TIMEOUT_MAX_US (the A2/A3 default and maximum, 254 x 2^32 ns). */
#define DRV_OP_EXECUTE_TIMEOUT_MAX_US 1090921693ull
DRV_API void drv_set_op_execute_timeout(uint64_t us);
DRV_API uint64_t drv_op_execute_timeout(void);
/* Op wait timeout (aclrtSetOpWaitTimeout), microseconds, 0 = none (the default): a stream that
 * waits longer for an event fails with ACL_ERROR_RT_TASK_TIMEOUT. */
DRV_API void drv_set_op_wait_timeout(uint64_t us);

/* Enqueues a kernel launch. ACL_ERROR_RT_KERNEL_LOOKUP reported at sync if the name is unknown
 * to the device; args_size > ACLEMU_KERNEL_ARGS_MAX → ACL_ERROR_INVALID_PARAM. */
DRV_API int drv_launch(drv_stream *s, const char *kernel, uint32_t block_dim, const void *args,
               size_t args_size);

/* Stream-ordered copies. dst/src may each be device memory (of this stream's device), pinned
 * host memory or pageable host memory. Pageable sources are staged at enqueue time; a pageable
 * destination makes the call wait until the copy is done (as the real runtime does). */
DRV_API int drv_memcpy_async(drv_stream *s, void *dst, const void *src, size_t count);
DRV_API int drv_memcpy2d_async(drv_stream *s, void *dst, size_t dpitch, const void *src, size_t spitch,
                       size_t width, size_t height);
DRV_API int drv_memset_async(drv_stream *s, void *dst, uint8_t value, size_t count);

/* Host functions in stream order. The device stops at the task until a host thread runs it with
 * drv_process_callbacks (block = 1) or signals it and goes on (block = 0). */
typedef void (*drv_host_fn)(void *user_data);
DRV_API int drv_launch_host_fn(drv_stream *s, drv_host_fn fn, void *user_data, int block);
/* Runs, on the calling thread, the host functions that streams[0..n) have reached, in order.
 * Waits up to timeout_ms for at least one. Returns ACL_ERROR_RT_REPORT_TIMEOUT if none came. */
DRV_API int drv_process_callbacks(drv_stream *const *streams, int n, int32_t timeout_ms);

/* ---- events ------------------------------------------------------------------------------ */
DRV_API int drv_event_create(drv_device *dev, uint32_t flags, drv_event **out);
DRV_API int drv_event_destroy(drv_event *e);
/* Captures the tasks queued on s so far; completes when they have finished. */
DRV_API int drv_event_record(drv_event *e, drv_stream *s);
/* Returns the event to the not-recorded state, in stream order. */
DRV_API int drv_event_reset(drv_event *e, drv_stream *s);
/* *complete = 1 when the last record has completed, or the event was never recorded. */
DRV_API int drv_event_query(drv_event *e, int *complete);
/* *recorded = 1 once the event has been recorded at least once since create/reset. */
DRV_API int drv_event_recorded(drv_event *e, int *recorded);
DRV_API int drv_event_sync(drv_event *e, int32_t timeout_ms);
/* Device time (ns, CLOCK_MONOTONIC) at which the last record completed;
 * ACL_ERROR_RT_EVENT_NOT_COMPLETE... callers check completion first. */
DRV_API int drv_event_timestamp(drv_event *e, uint64_t *ns);
/* Makes s wait (on the device) for the event's last record, at most the op wait timeout. */
DRV_API int drv_stream_wait_event(drv_stream *s, drv_event *e);
/* Same with this wait's own limit in microseconds (0: none). */
DRV_API int drv_stream_wait_event_timeout(drv_stream *s, drv_event *e, uint64_t timeout_us);

/* ---- task graphs: stream capture and model replay (aclmdlRI; acl/src/ri_internal.h) ------ */
/* A graph is a list of tasks recorded from a capturing stream. Finalised, it lives in device
 * memory (accounted to this process) and drv_graph_launch runs all of it with one task on any
 * stream of the device; kernels read their arguments' memory when they run, so every replay
 * sees the current contents. */
typedef struct drv_graph drv_graph;
DRV_API int drv_graph_create(drv_device *dev, drv_graph **out);
DRV_API drv_device *drv_graph_device(const drv_graph *g);
/* While s captures into g, every task enqueued on s (launches, copies, memsets, event
 * record/wait, host functions) is appended to g instead of running; copies with pageable host
 * memory are refused. A recorded host function runs at each replay, in list order, served by
 * the replaying stream's callback service (its sequence numbers are the replaying stream's).
 * One graph per stream at a time. */
DRV_API int drv_stream_capture_begin(drv_stream *s, drv_graph *g);
/* Stops the capture; returns the graph it recorded into (NULL if s was not capturing). */
DRV_API drv_graph *drv_stream_capture_end(drv_stream *s);
DRV_API drv_graph *drv_stream_capturing(drv_stream *s);
DRV_API uint32_t drv_graph_task_count(drv_graph *g);
/* Host functions recorded in g (the replaying stream needs a callback service for them). */
DRV_API uint32_t drv_graph_host_fn_count(drv_graph *g);
/* 1 if an append failed (host out of memory): the recording is incomplete. */
DRV_API int drv_graph_failed(drv_graph *g);
/* Copies the recording into device memory; no task can be appended afterwards. */
DRV_API int drv_graph_finalize(drv_graph *g);
/* One submission on s that runs the finalised graph's tasks in order. */
DRV_API int drv_graph_launch(drv_graph *g, drv_stream *s);
/* Waits (at most timeout_ms, -1 forever) for launches in flight, then frees g. If they are
 * still running: ACL_ERROR_RT_MODEL_RUNNING and g stays valid. */
DRV_API int drv_graph_destroy(drv_graph *g, int32_t timeout_ms);
/* Task update: the next `count` tasks issued on s replace tasks first.. of the finalised g (same
 * kind, kernel and argument size), each in stream order on s. update_end reports how many of
 * them were not issued. */
DRV_API int drv_stream_update_begin(drv_stream *s, drv_graph *g, uint32_t first, uint32_t count);
DRV_API int drv_stream_update_end(drv_stream *s, uint32_t *left);

enum { DRV_GRAPH_KERNEL = 1, DRV_GRAPH_MEMCPY, DRV_GRAPH_MEMSET, DRV_GRAPH_OTHER,
       DRV_GRAPH_EVENT_RECORD, DRV_GRAPH_EVENT_WAIT, DRV_GRAPH_HOST_FN };
typedef struct drv_graph_task_info {
    uint32_t kind;         /* DRV_GRAPH_* */
    uint32_t block_dim;    /* kernels */
    uint32_t args_size;
    uint32_t stream_id;    /* drv_stream_id of the stream that issued it */
    uint64_t u[6];         /* copies: dst, src, bytes; memsets: dst, value, bytes */
    char kernel[ACLEMU_KERNEL_NAME_LEN];
} drv_graph_task_info;
DRV_API int drv_graph_describe(drv_graph *g, uint32_t i, drv_graph_task_info *out);
/* The argument bytes of kernel task i (at most cap). */
DRV_API int drv_graph_task_args(drv_graph *g, uint32_t i, void *buf, size_t cap);
/* Rewrites kernel task i of the finalised g in place (same argument size): waits up to
 * timeout_ms for the replays in flight (ACL_ERROR_RT_MODEL_RUNNING), later replays run the new
 * arguments and block dim (aclmdlRITaskSetParams + aclmdlRIUpdate). */
DRV_API int drv_graph_set_kernel(drv_graph *g, uint32_t i, const void *args, size_t size, uint32_t block_dim,
                                 int32_t timeout_ms);

/* ---- device-memory checker (ACLEMU_MEMCHECK=1; devsim/MEMCHECK.md) ---------------------- */
/* 1 when this process runs under the checker ($ACLEMU_MEMCHECK=1, read once). */
DRV_API int drv_memcheck_enabled(void);

enum {
    DRV_MC_READ = 1,     /* the kernel reads the range (initcheck applies) */
    DRV_MC_WRITE = 2,    /* the kernel writes it (marks it initialised) */
    DRV_MC_SPARSE = 4,   /* a strided view with gaps: bounds only, no initcheck on reads */
    DRV_MC_NOINIT = 8,   /* scratch (workspace): bounds only */
};
/* What the client knows about a tensor address (the driver fills it in drv_launch_checked). */
enum { DRV_MC_WHERE_DEVICE = 0, DRV_MC_WHERE_OTHER_DEVICE, DRV_MC_WHERE_PINNED,
       DRV_MC_WHERE_HOST, DRV_MC_WHERE_UNMAPPED };

/* One range a launch touches: the launch manifest sent to the device under the checker. */
typedef struct drv_mc_range {
    uint64_t addr;       /* first byte the view reaches */
    uint64_t extent;     /* bytes from addr to one past the last byte it reaches */
    uint32_t access;     /* DRV_MC_* */
    uint32_t where;      /* DRV_MC_WHERE_* */
    char name[32];       /* tensor (parameter) name */
} drv_mc_range;

/* drv_launch with a manifest (the checker verifies it before the kernel runs). `op` names the
 * host call (e.g. "aclnnAdd"). Without the checker it is drv_launch. */
DRV_API int drv_launch_checked(drv_stream *s, const char *kernel, uint32_t block_dim,
                               const void *args, size_t args_size, const char *op,
                               drv_mc_range *ranges, uint32_t nranges);
/* The runtime copied (src != NULL) or set (src == NULL) count bytes itself, through its mapping:
 * the checker marks device destinations written and initchecks device sources. No-op without
 * the checker. */
DRV_API void drv_memcheck_host_copy(void *dst, const void *src, size_t count, const char *op);
/* The size the user asked for at an allocation (the runtime rounds and pads it). */
DRV_API void drv_memcheck_alloc_size(drv_device *dev, void *devptr, size_t requested);
/* The runtime refused to free devptr (not the start of a live allocation): the checker reports
 * what it is (double free, inside an allocation, ...). */
DRV_API void drv_memcheck_bad_free(const void *devptr);
/* Prints the reports the device has written so far (stderr or $ACLEMU_MEMCHECK_LOG). */
DRV_API void drv_memcheck_flush(drv_device *dev);

/* ---- status (npu-smi, aclrtGetDeviceUtilizationRate) ------------------------------------- */
typedef struct drv_proc_info {
    int32_t pid;
    char name[64];
    uint64_t mem_bytes;
} drv_proc_info;

#define DRV_MAX_PROCS 64
typedef struct drv_device_status {
    int running;            /* 0: no device process for this id (idle values below) */
    int32_t devsim_pid;
    uint64_t mem_total;     /* the arena size (memory cap) */
    uint64_t mem_used;
    uint32_t aicore_util;   /* % busy over the last second */
    uint32_t nproc;
    drv_proc_info procs[DRV_MAX_PROCS];
    char soc_version[ACLEMU_NAME_LEN];
} drv_device_status;

/* Never starts a device process. */
DRV_API int drv_query_status(int32_t devid, drv_device_status *st);

#ifdef __cplusplus
}
#endif
#endif
