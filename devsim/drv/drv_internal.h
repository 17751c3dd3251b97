/* Private state of the driver (host-process side of a device). */
#ifndef ACLEMU_DRV_INTERNAL_H
#define ACLEMU_DRV_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>

#include "../common/futex.h"
#include "../proto.h"
#include "aclemu/drv.h"

/* Orderings that pass through the device process: a host function's effects come before the
 * return of a later wait on its stream (the host-function thread stores cb_done, a device thread
 * sees it and completes the task, the waiting thread sees `completed`). Sound, but
 * ThreadSanitizer sees no device thread, so under it these hand it the edge: the host-function
 * thread releases, a wait that saw completion acquires (per device). Nothing in other builds;
 * the device process's side is devsim/server/client_order.h. */
#ifdef ACLEMU_DS_TSAN
#include <sanitizer/tsan_interface.h>
#define DRV_ORDER_RELEASE(dev) __tsan_release((void *)(dev))
#define DRV_ORDER_ACQUIRE(dev) __tsan_acquire((void *)(dev))
#else
#define DRV_ORDER_RELEASE(dev) ((void)(dev))
#define DRV_ORDER_ACQUIRE(dev) ((void)(dev))
#endif

/* ACL codes the driver returns (values from the public headers, restated to keep devsim
 * independent of them). */
enum {
    E_OK = 0,
    E_INVALID_PARAM = 100000,
    E_INVALID_FILE = 100003,
    E_PARSE_FILE = 100006,
    E_FILE_MISSING_ATTR = 100007,
    E_FILE_ATTR_INVALID = 100008,
    E_BAD_ALLOC = 200000,
    E_RT_PARAM_INVALID = 107000,
    E_RT_INVALID_DEVICEID = 107001,
    E_RT_MEMORY_ALLOCATION = 207001,
    E_RT_NO_DEVICE = 207004,
    E_RT_INTERNAL = 507000,
    E_RT_TASK_TIMEOUT = 107020,
    E_RT_LOST_HEARTBEAT = 507010,
    E_RT_REPORT_TIMEOUT = 507012,
    E_RT_AICORE_TIMEOUT = 507014,
    E_RT_DEV_SETUP_ERROR = 507033,
    E_RT_STREAM_SYNC_TIMEOUT = 507046,
    E_RT_EVENT_SYNC_TIMEOUT = 507047,
};

typedef struct alloc_rec {
    uint64_t addr, size;
} alloc_rec;

/* A reserved address range (phys 0) or a mapping of physical memory at va (drv_vmm.c). */
typedef struct drv_vmm_rec {
    uint64_t va, size, phys;
} drv_vmm_rec;

typedef struct cb_entry {
    uint32_t seq;
    drv_host_fn fn;
    void *ud;
} cb_entry;

struct drv_stream {
    drv_device *dev;
    uint32_t idx;
    ds_stream_shm *shm;
    pthread_mutex_t mu;       /* enqueue */
    uint32_t submitted;       /* tasks published (copy of shm->submitted) */
    uint64_t wpos;
    /* host functions */
    pthread_mutex_t cb_mu;
    uint32_t cb_seq;          /* last enqueued */
    uint32_t cb_ran;          /* last run */
    cb_entry *cbq;
    uint32_t cbq_cap, cbq_head, cbq_len;
    drv_stream *next;         /* in dev->streams */
    /* stream capture (under mu): tasks go to `capture` instead of the ring; during a task
     * update they replace tasks update_next.. of `update` instead (drv_graph.c) */
    drv_graph *capture;
    drv_graph *update;
    uint32_t update_next, update_end;
};

/* Room for n more entries in s->cbq (caller holds s->cb_mu): E_OK or E_BAD_ALLOC. */
int drv_cbq_reserve(drv_stream *s, uint32_t n);
int drv_graph_append_host_fn(drv_graph *g, uint32_t owner, drv_host_fn fn, void *ud, int block);

struct drv_event {
    drv_device *dev;
    uint32_t idx;
    ds_event_shm *shm;
    uint32_t flags;
    _Atomic int was_recorded;
    drv_event *next, *prev;   /* in dev->events; doubly linked: 65536 of them are allowed */
};

struct drv_device {
    int32_t devid;
    int refs;
    int sock;
    pthread_mutex_t sock_mu;
    _Atomic int lost;
    _Atomic uint64_t lost_polled_ns; /* last socket poll of drv_dev_lost_cheap */
    int32_t devsim_pid;
    uint32_t slot;
    uint64_t arena_base, arena_size;
    unsigned char *arena;     /* host mapping of the arena */
    ds_ctl *ctl;
    uint64_t ctl_size;
    aclemu_chip_profile prof;
    pthread_mutex_t obj_mu;   /* streams, events lists */
    drv_stream *streams;
    drv_event *events;
    pthread_rwlock_t alloc_lock;
    alloc_rec *allocs;        /* sorted by addr */
    size_t nallocs, cap_allocs;
    drv_vmm_rec *vmm_res, *vmm_maps; /* reserved ranges, mappings (under alloc_lock) */
    size_t nvmm_res, cap_vmm_res, nvmm_maps, cap_vmm_maps;
    struct ds_mc_ring *mc_ring;      /* the memory checker's reports (NULL: not checked) */
    pthread_mutex_t mc_mu;           /* printing them */
    _Atomic uint64_t mc_launches;    /* launch sequence numbers */
};

int drv_err(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void drv_clear_err(void);

/* one request/response round trip; fd >= 0 is attached; extra payload received into `extra` */
int drv_rpc(drv_device *dev, ds_req *req, ds_resp *resp, int fd, void *extra, size_t extra_len);
int drv_dev_lost(drv_device *dev);
/* drv_dev_lost for hot paths (task enqueue): polls the socket at most once a millisecond. */
int drv_dev_lost_cheap(drv_device *dev);
/* Sets the "device process has exited" message (naming its log file) and returns 507010. */
int drv_lost(drv_device *dev);

/* device memory registry */
const alloc_rec *drv_alloc_find(drv_device *dev, uint64_t addr); /* caller holds alloc_lock */
drv_device *drv_device_of_addr(const void *p);   /* open device whose arena or mappings contain p */
/* The mapping of dev containing [a, a+len), or NULL. Caller holds alloc_lock. */
const drv_vmm_rec *drv_vmm_find_map(drv_device *dev, uint64_t a, uint64_t len);
void drv_vmm_forget(drv_device *dev); /* frees the records (device closed) */
/* [a, a+len) lies in mappings that follow one another without a gap. Caller holds alloc_lock. */
int drv_vmm_covered(drv_device *dev, uint64_t a, uint64_t len);
/* The run of adjacent mappings around mapped address a. Caller holds alloc_lock. */
void drv_vmm_chain(drv_device *dev, uint64_t a, uint64_t *base, uint64_t *size);

/* pointer classification for stream tasks */
enum { PTR_DEVICE, PTR_PINNED, PTR_HOST };
/* Translates [p, p+len) for a task of `dev`: device-process address in *out. Returns PTR_*,
 * or -1 with the error set (a device range that is not inside a live allocation). */
int drv_xlate(drv_device *dev, const void *p, size_t len, uint64_t *out);
/* host-process address for [p, p+len): device (any open device), pinned or plain host */
void *drv_host_addr(const void *p, size_t len);

/* Optional extras of drv_wait_counter (a stream's completion counter has them all). */
typedef struct drv_wait_hints {
    _Atomic uint32_t *waiters;   /* counted in while sleeping (the waker skips the syscall at 0) */
    _Atomic int32_t *waiter_cpu; /* the CPU it slept on, for the waker */
    _Atomic uint64_t *done_ns;   /* when the device completed the last task (tunes the spin) */
} drv_wait_hints;
#define DRV_STREAM_HINTS(sh) (&(drv_wait_hints){&(sh)->client_waiting, &(sh)->waiter_cpu, &(sh)->completed_ns})

/* waits until *word reaches target (wrap-safe); ACL code on timeout/loss. hints may be NULL. */
int drv_wait_counter(drv_device *dev, _Atomic uint32_t *word, const drv_wait_hints *hints, uint32_t target,
                     int32_t timeout_ms, int timeout_code);

/* drv_memcheck.c: the report ring of a checked process (fd to pass in HELLO, or -1), its
 * release (prints what is left and the summary), and the device's report of a bad free. */
int drv_mc_ring_create(struct ds_mc_ring **ring);
void drv_mc_opened(drv_device *dev);
void drv_mc_close(drv_device *dev);
void drv_mc_bad_free(drv_device *dev, uint64_t addr);
/* The client's view of a tensor address (DRV_MC_WHERE_*). */
uint32_t drv_mc_where(drv_device *dev, uint64_t addr);

/* Publishes one task on s (direct = 1: on the ring even while s captures). drv_stream.c */
int drv_enqueue_task(drv_stream *s, const ds_task *hdr, const void *payload, size_t plen, int direct);
/* drv_graph.c: the capture and update targets of enqueue */
int drv_graph_append(drv_graph *g, uint32_t owner, const ds_task *hdr, const void *payload, size_t plen);
int drv_graph_update_task(drv_graph *g, uint32_t i, drv_stream *s, const ds_task *hdr,
                          const void *payload, size_t plen);

void drv_stream_release_all(drv_device *dev);
void drv_event_release_all(drv_device *dev);
int drv_stream_drain(drv_stream *s);

#endif
